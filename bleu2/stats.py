"""N-gram statistics: the sufficient statistics of BLEU for one sentence.

For a candidate (hypothesis) and its references, BLEU needs only, per order n:
``matches[n-1]`` (clipped n-gram matches) and ``totals[n-1]`` (candidate
n-grams), plus ``hyp_len`` (c) and ``ref_len`` (r). Everything else (smoothing,
brevity penalty, corpus pooling, bootstrap resampling, live recomputation) is
computed from these numbers, as sacreBLEU separates
``_extract_corpus_statistics`` from ``_compute_score_from_stats`` (Post 2018).

Definitions (Papineni et al. 2002):
    matches_n = sum over distinct candidate n-grams g of
                min(count_cand(g), max over references of count_ref(g))
    totals_n  = max(c - n + 1, 0)
    r         = the reference length closest to c; ties go to the shorter.
References with no tokens are ignored while another reference of the same
candidate has tokens.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

__all__ = [
    "SentenceStats",
    "ReferenceStats",
    "count_ngrams",
    "reference_stats",
    "sentence_stats",
    "closest_ref_len",
    "pool_stats",
]


def count_ngrams(tokens: Sequence[str], n: int) -> Counter:
    """Counter of the n-grams of ``tokens``.

    Unigram keys are the token strings themselves; for n >= 2 the keys are
    tuples of n tokens.
    """
    if n == 1:
        return Counter(tokens)
    if n == 2:
        return Counter(zip(tokens, tokens[1:]))
    return Counter(zip(*[tokens[i:] for i in range(n)]))


@dataclass(frozen=True, slots=True)
class SentenceStats:
    """Sufficient statistics of one candidate (or of a pooled corpus).

    Attributes:
        matches: tuple[int, ...] of length max_order; clipped matches per order.
        totals: tuple[int, ...] of length max_order; candidate n-grams per order.
        hyp_len: c, the candidate's token count.
        ref_len: r, the reference length used for the brevity penalty.
    """

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    hyp_len: int
    ref_len: int

    @property
    def max_order(self) -> int:
        return len(self.matches)

    def __add__(self, other: "SentenceStats") -> "SentenceStats":
        return SentenceStats(
            tuple(a + b for a, b in zip(self.matches, other.matches)),
            tuple(a + b for a, b in zip(self.totals, other.totals)),
            self.hyp_len + other.hyp_len,
            self.ref_len + other.ref_len,
        )

    def to_dict(self) -> dict:
        return {
            "matches": list(self.matches),
            "totals": list(self.totals),
            "hyp_len": self.hyp_len,
            "ref_len": self.ref_len,
        }


@dataclass(frozen=True, slots=True)
class ReferenceStats:
    """What a candidate is compared against: pre-computed once per reference set.

    Attributes:
        max_counts: list of dicts, one per order n (index n-1): n-gram -> its
            largest count in any one reference.
        lengths: tuple[int, ...] of the token counts of the references used
            (empty references dropped while a non-empty one exists).
        max_order: the highest n counted.
    """

    max_counts: tuple[dict, ...]
    lengths: tuple[int, ...]
    max_order: int


def reference_stats(references: Sequence[Sequence[str]], max_order: int) -> ReferenceStats:
    """Build :class:`ReferenceStats` from tokenized references.

    Args:
        references: one token list per reference (at least one).
        max_order: highest n-gram order N >= 1.
    Returns:
        ReferenceStats. When every reference is empty, lengths is ``(0,)``.
    """
    refs = [r for r in references if len(r)] or [()]
    lengths = tuple(len(r) for r in refs)
    if len(refs) == 1:
        tokens = refs[0]
        max_counts = tuple(count_ngrams(tokens, n) for n in range(1, max_order + 1))
    else:
        merged = []
        for n in range(1, max_order + 1):
            best: dict = {}
            for tokens in refs:
                for g, k in count_ngrams(tokens, n).items():
                    if k > best.get(g, 0):
                        best[g] = k
            merged.append(best)
        max_counts = tuple(merged)
    return ReferenceStats(max_counts, lengths, max_order)


def closest_ref_len(hyp_len: int, lengths: Iterable[int]) -> int:
    """The reference length closest to ``hyp_len``; ties go to the shorter one."""
    best = None
    for L in lengths:
        if best is None or abs(L - hyp_len) < abs(best - hyp_len) or (
            abs(L - hyp_len) == abs(best - hyp_len) and L < best
        ):
            best = L
    return 0 if best is None else best


def sentence_stats(hypothesis: Sequence[str], refs: ReferenceStats) -> SentenceStats:
    """Sufficient statistics of one tokenized candidate against its references.

    Args:
        hypothesis: the candidate's tokens.
        refs: from :func:`reference_stats`; its ``max_order`` sets N.
    Returns:
        SentenceStats with per-order clipped matches and totals, c and r.
    """
    c = len(hypothesis)
    matches = []
    totals = []
    for n, ref_counts in enumerate(refs.max_counts, start=1):
        total = c - n + 1
        if total <= 0:
            matches.append(0)
            totals.append(0)
            continue
        get = ref_counts.get
        m = 0
        for g, k in count_ngrams(hypothesis, n).items():
            rk = get(g)
            if rk:
                m += k if k < rk else rk
        matches.append(m)
        totals.append(total)
    lengths = refs.lengths
    r = lengths[0] if len(lengths) == 1 else closest_ref_len(c, lengths)
    return SentenceStats(tuple(matches), tuple(totals), c, r)


def pool_stats(stats: Iterable[SentenceStats], max_order: int) -> SentenceStats:
    """Corpus statistics: matches, totals, c and r summed over sentences (Papineni et al. 2002)."""
    matches = [0] * max_order
    totals = [0] * max_order
    c = r = 0
    for s in stats:
        for i in range(max_order):
            matches[i] += s.matches[i]
            totals[i] += s.totals[i]
        c += s.hyp_len
        r += s.ref_len
    return SentenceStats(tuple(matches), tuple(totals), c, r)
