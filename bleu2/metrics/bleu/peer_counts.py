"""The peers table's counting (:mod:`bleu2.metrics.bleu.peers`): one set of texts tokenized and counted
once for the many configs a peer table scores, the statistics pooled once per way of
counting them (:func:`pool_key`)."""

from __future__ import annotations

from collections.abc import Sequence

from ...corpus.layouts import as_references, check_candidate
from .options import BleuConfig
from .stats import SentenceStats, pool_stats, ref_len_for, reference_stats, sentence_stats

__all__ = ["PoolKey", "TextCounter", "pool_key"]

#: Orders counted once for all the configs (NLTK's method5/method7 read order 5).
_DEPTH = 5

_TokKey = tuple[str, bool, bool]
#: what pooled statistics depend on (:func:`pool_key`)
PoolKey = tuple[str, bool, bool, str, int, int, str]
#: the candidates' tokens and, per candidate, its references' tokens
_Tokens = tuple[list[list[str]], list[list[list[str]]]]
#: per sentence: its statistics counted deep, and its references' lengths
_Counts = tuple[list[SentenceStats], list[tuple[int, ...]]]


class TextCounter:
    """Counts one set of texts under many configs: the texts are tokenized once per way of
    tokenizing (tokenizer, lower-casing, right-stripping), the references counted once per
    way of counting them, the statistics pooled once per way of pairing them (orders, the
    reference-length rule); scoring the pooled statistics is then cheap (:class:`bleu2.metrics.bleu.peers.PeerSums`)."""

    def __init__(self, candidates: Sequence[object], references: Sequence[str | Sequence[str | None]]):
        self.candidates = [check_candidate(c, f"candidates[{i}]") for i, c in enumerate(candidates)]
        if len(self.candidates) != len(references):
            raise ValueError(f"{len(self.candidates)} candidate(s) but {len(references)} references entries")
        self.references = [as_references(r, f"references[{i}]") for i, r in enumerate(references)]
        self._tokens: dict[_TokKey, _Tokens] = {}
        self._counts: dict[_TokKey, _Counts] = {}
        self._stats: dict[PoolKey, SentenceStats] = {}

    def _tokenized(self, c: BleuConfig) -> _Tokens:
        key = (c.tokenizer, c.lowercase, c.rstrip)
        found = self._tokens.get(key)
        if found is None:
            memo: dict[str, list[str]] = {}
            fn = c.tokenize_function()

            def tok(text: str) -> list[str]:
                t = memo.get(text)
                if t is None:
                    t = memo[text] = fn(text)
                return t

            found = self._tokens[key] = (
                [tok(h) for h in self.candidates],
                [[tok(r) for r in rs] for rs in self.references],
            )
        return found

    def _counted(self, c: BleuConfig) -> _Counts:
        """Per sentence: the statistics counted to :data:`_DEPTH` orders (or more) and the
        lengths of all the references. An order's counts depend neither on the highest order
        counted nor on the empty-reference rule (an empty reference has no n-grams), and
        ways of tokenizing that give the same tokens share their counts."""
        depth = max(_DEPTH, c.stats_order)
        key = (c.tokenizer, c.lowercase, c.rstrip)
        found = self._counts.get(key)
        if found is None or (found[0] and len(found[0][0].matches) < depth):
            tokens = self._tokenized(c)
            for other, counts in list(self._counts.items()):
                if self._tokens[other] == tokens and (not counts[0] or len(counts[0][0].matches) >= depth):
                    found = self._counts[key] = counts
                    return found
            hyps, refs = tokens
            ref_stats = [reference_stats(r, depth, "count") for r in refs]
            found = self._counts[key] = (
                [sentence_stats(h, rs, depth) for h, rs in zip(hyps, ref_stats)],
                [rs.lengths for rs in ref_stats],
            )
        return found

    def pooled(self, c: BleuConfig) -> SentenceStats:
        """The texts' statistics under ``c``, pooled."""
        key = pool_key(c)
        pooled = self._stats.get(key)
        if pooled is None:
            counted, lengths = self._counted(c)
            if c.empty_references == "ignore":  # reference_stats' rule
                lengths = [tuple(x for x in L if x) or (0,) for L in lengths]
            n, depth, rule = c.max_order, c.stats_order, c.ref_length
            per_sentence = [
                SentenceStats(
                    s.matches[:n],
                    s.totals[:n],
                    s.hyp_len,
                    ref_len_for(s.hyp_len, L, rule),
                    (),
                    s.matches[n:depth],
                    s.totals[n:depth],
                )
                for s, L in zip(counted, lengths)
            ]
            pooled = self._stats[key] = pool_stats(per_sentence, n)
        return pooled


def pool_key(c: BleuConfig) -> PoolKey:
    """What a config's pooled statistics depend on (not the smoothing, weights or
    effective order, which only score them)."""
    return (c.tokenizer, c.lowercase, c.rstrip, c.empty_references, c.max_order, c.stats_order, c.ref_length)
