"""ROUGE's per-line statistics: for each type, (matches, prediction total, reference
total), integers that add up over lines.

Per type (rouge-score 0.1.2's ``rouge_scorer.py``, Lin 2004):

* ``rougeN``: matches are the clipped n-gram counts ``sum(min(count_ref(g), count_pred(g)))``;
  totals are the n-gram counts (``len(tokens) - n + 1`` or 0).
* ``rougeL``: the length of a longest common subsequence of the two token lists; totals are
  their lengths.
* ``rougeLsum``: Lin's summary-level LCS as ROUGE-1.5.5 counts it: for each reference
  sentence, the union of its LCS (rouge-score's read-out, :func:`.lcs.lcs_indices`) with
  every prediction sentence; each union token counts once while both texts still have an
  unused copy of it. Totals are the tokens of all sentences.

With several references rouge-score's ``score_multi`` keeps, per type, the reference of
the highest F-measure (the first of equal ones): :meth:`RougeCounter.line` does the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from .lcs import lcs_indices, lcs_length
from .scoring import fmeasure_of

__all__ = ["TypeStats", "LineStats", "RougeCounter", "ngram_counts"]

#: One type's statistics of one line: (matches, prediction total, reference total).
TypeStats: TypeAlias = tuple[int, int, int]
#: One line's statistics, a :data:`TypeStats` per type in the order of the types.
LineStats: TypeAlias = tuple[TypeStats, ...]

Tokenize = Callable[[str], list[str]]
Split = Callable[[str], list[str]]
#: A text prepared once: its tokens, n-gram counts per order, tokenized sentences (rougeLsum).
_Prepared: TypeAlias = tuple[list[str], dict[int, Counter[Any]], list[list[str]]]


def ngram_counts(tokens: Sequence[str], n: int) -> Counter[Any]:
    """The n-grams of ``tokens`` with their counts (unigrams as plain tokens)."""
    if n == 1:
        return Counter(tokens)
    return Counter(zip(*[tokens[i:] for i in range(n)]))


def _overlap(ref: Counter[Any], pred: Counter[Any]) -> int:
    if len(pred) < len(ref):
        ref, pred = pred, ref
    get = pred.get
    return sum([min(c, get(g, 0)) for g, c in ref.items()])


def summary_lcs_hits(ref_sents: list[list[str]], pred_sents: list[list[str]]) -> int:
    """rougeLsum's matches: union LCS per reference sentence, each token counted once."""
    if len(ref_sents) == 1 and len(pred_sents) == 1:
        return lcs_length(ref_sents[0], pred_sents[0])  # the union is the one LCS
    left_r: Counter[str] = Counter()
    left_c: Counter[str] = Counter()
    for s in ref_sents:
        left_r.update(s)
    for s in pred_sents:
        left_c.update(s)
    hits = 0
    for r in ref_sents:
        union: set[int] = set()
        for c in pred_sents:
            union.update(lcs_indices(r, c))
        for i in sorted(union):
            t = r[i]
            if left_c[t] > 0 and left_r[t] > 0:
                hits += 1
                left_c[t] -= 1
                left_r[t] -= 1
    return hits


class RougeCounter:
    """Fixed types, tokenizer and sentence splitter: texts -> :data:`LineStats`.

    Args:
        rouge_types: checked names (``rouge1``..``rouge9``, ``rougeL``, ``rougeLsum``).
        tokenize: text -> tokens.
        sentences: text -> its sentences (rougeLsum), each tokenized on its own.
    """

    def __init__(self, rouge_types: Sequence[str], tokenize: Tokenize, sentences: Split) -> None:
        self.rouge_types = tuple(rouge_types)
        self.tokenize = tokenize
        self.sentences = sentences
        self._orders = {t: int(t[5:]) for t in self.rouge_types if t[5:].isdigit()}

    def _prepared(self, text: str) -> _Prepared:
        tokens = self.tokenize(text)
        counts = {n: ngram_counts(tokens, n) for n in set(self._orders.values())}
        sents: list[list[str]] = []
        if "rougeLsum" in self.rouge_types:
            pieces = self.sentences(text)
            sents = [tokens] if len(pieces) == 1 and pieces[0] == text else [self.tokenize(s) for s in pieces]
        return tokens, counts, sents

    def pair(self, reference: str, prediction: str) -> LineStats:
        """The statistics of ``prediction`` against one reference."""
        return self._pair(self._prepared(reference), self._prepared(prediction))

    def _pair(self, ref: _Prepared, pred: _Prepared) -> LineStats:
        r_tokens, r_counts, r_sents = ref
        p_tokens, p_counts, p_sents = pred
        out: list[TypeStats] = []
        lcs = -1  # rougeL's LCS, reused by rougeLsum when both texts are one sentence
        for t in self.rouge_types:
            n = self._orders.get(t)
            if n is not None:
                pc, rc = p_counts[n], r_counts[n]
                out.append((_overlap(rc, pc), max(len(p_tokens) - n + 1, 0), max(len(r_tokens) - n + 1, 0)))
            elif t == "rougeL":
                lcs = lcs_length(r_tokens, p_tokens)
                out.append((lcs, len(p_tokens), len(r_tokens)))
            else:
                m = sum(map(len, r_sents))
                k = sum(map(len, p_sents))
                if not m or not k:
                    hits = 0
                elif lcs >= 0 and r_sents == [r_tokens] and p_sents == [p_tokens]:
                    hits = lcs  # one sentence each: the union is rougeL's LCS
                else:
                    hits = summary_lcs_hits(r_sents, p_sents)
                out.append((hits, k, m))
        return tuple(out)

    def per_reference(self, prediction: str, references: Sequence[str]) -> list[LineStats]:
        """The statistics of ``prediction`` against each reference (the prediction prepared once)."""
        pred = self._prepared(prediction)
        return [self._pair(self._prepared(r), pred) for r in references]

    def line(self, prediction: str, references: Sequence[str]) -> LineStats:
        """The statistics of ``prediction`` against its best reference per type (rouge-score's
        ``score_multi``: the highest F-measure, the first of equal ones).

        Raises:
            ValueError: no references.
        """
        if isinstance(references, str):
            references = [references]
        if not references:
            raise ValueError("a prediction needs at least one reference (got an empty list)")
        per_ref = self.per_reference(prediction, references)
        if len(per_ref) == 1:
            return per_ref[0]
        best: list[TypeStats] = []
        for k in range(len(self.rouge_types)):
            choice = per_ref[0][k]
            top = fmeasure_of(choice)
            for stats in per_ref[1:]:
                f = fmeasure_of(stats[k])
                if f > top:
                    choice, top = stats[k], f
            best.append(choice)
        return tuple(best)
