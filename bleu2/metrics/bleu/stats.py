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
    r         = the reference length closest to c; ties go to the shorter
                (other rules: ``ref_length``, :func:`ref_len_for`).
With ``empty_references="ignore"`` (bleu2's default) references with no tokens are
left out while another reference of the same candidate has tokens; with ``"count"``
(sacreBLEU 2.6.0's and NLTK's rule) an empty reference's length 0 competes for r.

NLTK's smoothing methods need two more numbers, kept alongside: per order, how
many segments have no candidate n-gram of that order (NLTK divides each
segment's matches by max(1, totals), so its corpus denominator is
``totals + empty``), and for ``method5``/``method7`` the order-5 statistics
even below BLEU-5 (``extra_matches``/``extra_totals``).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]  # Counter's counting loop (C), not in typeshed
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "SentenceStats",
    "ReferenceStats",
    "ngrams",
    "ngram_counts",
    "clipped_matches",
    "reference_stats",
    "sentence_stats",
    "stats_from_matches",
    "closest_ref_len",
    "ref_len_for",
    "pool_stats",
]

# An n-gram as the counters key it: the token itself for n = 1, a tuple of n tokens above.
Gram: TypeAlias = str | tuple[str, ...]


def ngrams(tokens: Sequence[str], n: int) -> list[Gram]:
    """The n-grams of ``tokens`` in order, keyed as :func:`ngram_counts` keys them: the
    token itself for n = 1, a tuple of n tokens above (``[]`` when there are fewer than n)."""
    if n == 1:
        return list(tokens)
    if n == 2:
        return list(zip(tokens, tokens[1:]))
    return list(zip(*[tokens[i:] for i in range(n)]))


def clipped_matches(grams: list[Gram], limits: dict[Gram, int]) -> int:
    """Modified (clipped) n-gram matches (Papineni et al. 2002): sum over the distinct
    n-grams g of ``grams`` of min(count of g in ``grams``, ``limits[g]``), ``limits``
    mapping an n-gram to its largest count in any one reference.

    When no n-gram repeats (most sentences' bigrams and higher), this is the size of a set
    intersection, computed in C; otherwise the candidate's n-grams are counted.
    """
    distinct = set(grams)
    if len(distinct) == len(grams):
        return len(distinct.intersection(limits))
    counts: dict[Gram, int] = {}
    _count_elements(counts, grams)
    get = limits.get
    m = 0
    for g, k in counts.items():
        rk = get(g)
        if rk:
            m += k if k < rk else rk
    return m


def ngram_counts(tokens: Sequence[str], max_order: int) -> list[dict[Gram, int]]:
    """The n-gram counts of ``tokens`` for n = 1..max_order: the one counting kernel.

    Returns:
        list of dicts, index n-1: n-gram -> its count. Unigram keys are the token
        strings themselves; for n >= 2 the keys are tuples of n tokens.

    Example:
        >>> ngram_counts(["a", "b", "a"], 2)
        [{'a': 2, 'b': 1}, {('a', 'b'): 1, ('b', 'a'): 1}]
    """
    out = []
    for n in range(1, max_order + 1):
        counts: dict[Gram, int] = {}
        if n == 1:
            _count_elements(counts, tokens)
        elif n == 2:
            _count_elements(counts, zip(tokens, tokens[1:]))
        elif len(tokens) >= n:
            _count_elements(counts, zip(*[tokens[i:] for i in range(n)]))
        out.append(counts)
    return out


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

    def to_dict(self) -> dict[str, int | list[int]]:
        return {
            "matches": list(self.matches),
            "totals": list(self.totals),
            "hyp_len": self.hyp_len,
            "ref_len": self.ref_len,
        }


@dataclass(frozen=True, slots=True)
class ReferenceStats:
    """What a candidate is compared against: computed once per reference set.

    Attributes:
        max_counts: tuple of dicts, one per order n (index n-1): n-gram -> its
            largest count in any one reference (the clipping limit).
        lengths: tuple[int, ...] of the token counts of the references that compete
            for r.
        max_order: the highest n counted.
    """

    max_counts: tuple[dict[Gram, int], ...]
    lengths: tuple[int, ...]
    max_order: int


def reference_stats(
    references: Sequence[Sequence[str]], max_order: int, empty_references: str = "ignore"
) -> ReferenceStats:
    """Build :class:`ReferenceStats` from tokenized references.

    Args:
        references: one token list per reference (at least one).
        max_order: highest n-gram order N >= 1.
        empty_references: ``"ignore"``: references with no tokens are dropped while
            another one has tokens (when all are empty, lengths is ``(0,)``);
            ``"count"``: every reference's length competes for r.
    Returns:
        ReferenceStats.
    """
    refs = references
    if empty_references == "ignore":
        refs = [r for r in references if len(r)] or [()]
    lengths = tuple(len(r) for r in refs)
    if len(refs) == 1:
        return ReferenceStats(tuple(ngram_counts(refs[0], max_order)), lengths, max_order)
    merged: list[dict[Gram, int]] = [{} for _ in range(max_order)]
    for tokens in refs:
        for best, counts in zip(merged, ngram_counts(tokens, max_order)):
            get = best.get
            for g, k in counts.items():
                if k > get(g, 0):
                    best[g] = k
    return ReferenceStats(tuple(merged), lengths, max_order)


def closest_ref_len(hyp_len: int, lengths: Iterable[int]) -> int:
    """The reference length closest to ``hyp_len``; ties go to the shorter one (Papineni et
    al. 2002; sacreBLEU's ``_get_closest_ref_len``, NLTK's ``closest_ref_length``)."""
    best = None
    for L in lengths:
        if (
            best is None
            or abs(L - hyp_len) < abs(best - hyp_len)
            or (abs(L - hyp_len) == abs(best - hyp_len) and best > L)
        ):
            best = L
    return 0 if best is None else best


def ref_len_for(hyp_len: int, lengths: Sequence[int], ref_length: str = "closest") -> int:
    """r of one candidate: the reference length the rule ``ref_length`` picks.

    Args:
        hyp_len: c.
        lengths: the lengths of the references that compete for r, in the order given.
        ref_length: ``"closest"`` (:func:`closest_ref_len`), ``"closest-first"`` (the
            closest, ties to the first given: torchmetrics' ``BLEUScore``) or
            ``"shortest"`` (tensorflow/nmt ``compute_bleu``, HF evaluate).
    Raises:
        ValueError: an unknown rule.
    """
    if len(lengths) == 1:
        return lengths[0]
    if not lengths:
        return 0
    if ref_length == "closest":
        return closest_ref_len(hyp_len, lengths)
    if ref_length == "shortest":
        return min(lengths)
    if ref_length == "closest-first":
        return min(lengths, key=lambda L: abs(L - hyp_len))  # min keeps the first of equals
    raise ValueError(f"unknown ref_length {ref_length!r}")


def sentence_stats(
    hypothesis: Sequence[str], refs: ReferenceStats, max_order: int | None = None, ref_length: str = "closest"
) -> SentenceStats:
    """Sufficient statistics of one tokenized candidate against its references.

    Args:
        hypothesis: the candidate's tokens.
        refs: from :func:`reference_stats`; orders 1..``refs.max_order`` are counted.
        max_order: N, the orders that go to ``matches``/``totals``; the orders
            above it (up to ``refs.max_order``) go to ``extra_matches`` and
            ``extra_totals``. ``None``: ``refs.max_order``.
        ref_length: how r is chosen among several references (:func:`ref_len_for`).
    Returns:
        SentenceStats with per-order clipped matches and totals, c and r.
    Raises:
        ValueError: ``max_order`` is not in 1..``refs.max_order``.
    """
    c = len(hypothesis)
    matches = [
        clipped_matches(ngrams(hypothesis, n), limits) if c - n + 1 > 0 else 0
        for n, limits in enumerate(refs.max_counts, start=1)
    ]
    return stats_from_matches(matches, c, refs, max_order, ref_length)


def stats_from_matches(
    matches: Sequence[int], c: int, refs: ReferenceStats, max_order: int | None = None, ref_length: str = "closest"
) -> SentenceStats:
    """:func:`sentence_stats` of a candidate of ``c`` tokens whose clipped matches per order
    1..``refs.max_order`` are ``matches`` (counted elsewhere: the page's edits of a long text).

    Raises:
        ValueError: ``max_order`` is not in 1..``refs.max_order``; ``matches`` not one per order.
    """
    if len(matches) != refs.max_order:
        raise ValueError(f"{len(matches)} matches for {refs.max_order} orders")
    totals = [max(c - n + 1, 0) for n in range(1, refs.max_order + 1)]
    lengths = refs.lengths
    r = lengths[0] if len(lengths) == 1 else ref_len_for(c, lengths, ref_length)
    if max_order is None or max_order == refs.max_order:
        return SentenceStats(tuple(matches), tuple(totals), c, r)
    if not 1 <= max_order <= refs.max_order:
        raise ValueError(f"max_order {max_order} is not in 1..{refs.max_order} (the orders counted)")
    return SentenceStats(
        tuple(matches[:max_order]),
        tuple(totals[:max_order]),
        c,
        r,
        (),
        tuple(matches[max_order:]),
        tuple(totals[max_order:]),
    )


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
    plain = not any([s.empty or s.extra_matches for s in stats])  # noqa: C419 (a list: faster, as every item is read)
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
        all_m[:n],
        all_t[:n],
        sum([s.hyp_len for s in stats]),
        sum([s.ref_len for s in stats]),
        empty,
        all_m[n:],
        all_t[n:],
    )
