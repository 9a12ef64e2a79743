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
candidate has tokens (sacreBLEU 2.6.0 instead lets an empty reference's length 0
compete for r; NLTK likewise).

NLTK's smoothing methods need two more numbers, kept alongside: per order, how
many segments have no candidate n-gram of that order (NLTK divides each
segment's matches by max(1, totals), so its corpus denominator is
``totals + empty``), and for ``method5``/``method7`` the order-5 statistics
even below BLEU-5 (``extra_matches``/``extra_totals``).
"""

from __future__ import annotations

from collections import Counter
from collections import _count_elements  # Counter's counting loop (C in CPython and Pyodide)
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
    "single_reference_stats",
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
        empty: tuple[int, ...], one per computed order (max_order orders, then
            the extra ones): how many segments have no candidate n-gram of
            that order (totals 0). NLTK's modified precision divides by
            max(1, totals) per segment, so its corpus denominator is
            ``totals + empty``. ``()`` (the default) means "one segment":
            1 where the total is 0, else 0. Only pooled statistics store it.
        extra_matches, extra_totals: matches and totals of orders
            max_order+1, max_order+2, ... when they were counted (NLTK's
            ``method5``/``method7`` read the order-5 precision even below
            BLEU-5); ``()`` otherwise.

    Only ``matches``, ``totals``, ``hyp_len`` and ``ref_len`` are part of
    :meth:`to_dict`; the other fields serve the NLTK smoothing methods.
    """

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    hyp_len: int
    ref_len: int
    empty: tuple[int, ...] = ()
    extra_matches: tuple[int, ...] = ()
    extra_totals: tuple[int, ...] = ()

    @property
    def max_order(self) -> int:
        return len(self.matches)

    @property
    def depth(self) -> int:
        """The highest order counted: max_order plus the extra orders."""
        return len(self.matches) + len(self.extra_matches)

    def empties(self) -> tuple[int, ...]:
        """``empty`` for every computed order, derived when it is not stored."""
        if self.empty:
            return self.empty
        return tuple(1 if t == 0 else 0 for t in self.totals + self.extra_totals)

    def order(self, n: int) -> tuple[int, int, int]:
        """``(matches, totals, empty)`` of order ``n`` (1 <= n <= depth).

        Raises:
            ValueError: order ``n`` was not counted.
        """
        if not 1 <= n <= self.depth:
            raise ValueError(f"order {n} was not counted (orders 1..{self.depth} were)")
        k = len(self.matches)
        if n <= k:
            m, t = self.matches[n - 1], self.totals[n - 1]
        else:
            m, t = self.extra_matches[n - 1 - k], self.extra_totals[n - 1 - k]
        e = self.empty[n - 1] if self.empty else (1 if t == 0 else 0)
        return m, t, e

    def __add__(self, other: "SentenceStats") -> "SentenceStats":
        return pool_stats((self, other), min(self.max_order, other.max_order))

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


def sentence_stats(
    hypothesis: Sequence[str], refs: ReferenceStats, max_order: int | None = None
) -> SentenceStats:
    """Sufficient statistics of one tokenized candidate against its references.

    Args:
        hypothesis: the candidate's tokens.
        refs: from :func:`reference_stats`; orders 1..``refs.max_order`` are counted.
        max_order: N, the orders that go to ``matches``/``totals``; the orders
            above it (up to ``refs.max_order``) go to ``extra_matches`` and
            ``extra_totals``. ``None``: ``refs.max_order``.
    Returns:
        SentenceStats with per-order clipped matches and totals, c and r.
    Raises:
        ValueError: ``max_order`` is not in 1..``refs.max_order``.
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
    if max_order is None or max_order == refs.max_order:
        return SentenceStats(tuple(matches), tuple(totals), c, r)
    if not 1 <= max_order <= refs.max_order:
        raise ValueError(f"max_order {max_order} is not in 1..{refs.max_order} (the orders counted)")
    return SentenceStats(
        tuple(matches[:max_order]), tuple(totals[:max_order]), c, r, (),
        tuple(matches[max_order:]), tuple(totals[max_order:]),
    )


def single_reference_stats(hypothesis: Sequence[str], reference: Sequence[str], max_order: int) -> SentenceStats:
    """:func:`sentence_stats` for the common case of one reference, without building a
    :class:`ReferenceStats` first (the corpus loop's fast path; same numbers).

    Args:
        hypothesis: the candidate's tokens.
        reference: the reference's tokens (may be empty: r = 0).
        max_order: N >= 1.
    """
    c = len(hypothesis)
    matches = []
    totals = []
    for n in range(1, max_order + 1):
        total = c - n + 1
        if total <= 0:
            matches.append(0)
            totals.append(0)
            continue
        if n == 1:
            hyp_grams, ref_grams = hypothesis, reference
        else:
            hyp_grams = zip(*[hypothesis[i:] for i in range(n)])
            ref_grams = zip(*[reference[i:] for i in range(n)])
        hyp_counts: dict = {}
        _count_elements(hyp_counts, hyp_grams)
        ref_counts: dict = {}
        _count_elements(ref_counts, ref_grams)
        get = ref_counts.get
        m = 0
        for g, k in hyp_counts.items():
            rk = get(g)
            if rk:
                m += k if k < rk else rk
        matches.append(m)
        totals.append(total)
    return SentenceStats(tuple(matches), tuple(totals), c, len(reference))


def pool_stats(stats: Iterable[SentenceStats], max_order: int) -> SentenceStats:
    """Corpus statistics: matches, totals, c and r summed over sentences (Papineni et al. 2002).

    Args:
        stats: per-segment (or already pooled) statistics, each with at least
            ``max_order`` orders.
        max_order: N, the orders pooled into ``matches``/``totals``.
    Returns:
        SentenceStats. Orders above N are pooled into the extra orders as far
        as every input has them; the number of segments without n-grams of
        each order (``empty``) is kept for NLTK's denominators.
    Raises:
        ValueError: an input has fewer than ``max_order`` orders.
    """
    stats = stats if isinstance(stats, (list, tuple)) else list(stats)
    n = max_order
    if not stats:
        return SentenceStats((0,) * n, (0,) * n, 0, 0)
    plain = not any([s.empty or s.extra_matches for s in stats])
    ms = [s.matches for s in stats]
    ts = [s.totals for s in stats]
    if not plain:
        ms = [m + s.extra_matches for m, s in zip(ms, stats)]
        ts = [t + s.extra_totals for t, s in zip(ts, stats)]
    depth = min(map(len, ms))
    if depth < n:
        raise ValueError(f"statistics with {depth} orders cannot be pooled to max_order {n}")
    m_cols = list(zip(*ms))[:depth]
    t_cols = list(zip(*ts))[:depth]
    all_m = tuple(map(sum, m_cols))
    all_t = tuple(map(sum, t_cols))
    if plain:
        empty = tuple(col.count(0) for col in t_cols)
    else:
        empty = tuple(map(sum, zip(*[s.empties()[:depth] for s in stats])))
    if empty == tuple(1 if t == 0 else 0 for t in all_t):
        empty = ()  # the canonical form: derivable from the totals
    return SentenceStats(
        all_m[:n], all_t[:n], sum([s.hyp_len for s in stats]), sum([s.ref_len for s in stats]),
        empty, all_m[n:], all_t[n:],
    )
