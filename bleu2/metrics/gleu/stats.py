"""GLEU's per-line statistics: matched n-grams and max(hypothesis, reference) n-gram
totals of the best reference, as NLTK 3.10.4's ``corpus_gleu`` counts them; they add up."""

from __future__ import annotations

import collections
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import chain
from typing import Any, NamedTuple

#: collections' counter of an iterable into a dict (C in CPython and Pyodide; Counter uses it).
_count_elements = collections._count_elements  # type: ignore[attr-defined]

__all__ = ["GleuStats", "ngram_counts", "count_matches", "line_stats", "sum_stats"]


class GleuStats(NamedTuple):
    """One line's (or a corpus's summed) GLEU statistics.

    Attributes:
        matches: n-grams of the hypothesis found in the best reference, clipped (int).
        total: max(hypothesis n-grams, that reference's n-grams) (int); (0, 0) when every
            reference and the hypothesis have no n-gram (the line adds nothing, as NLTK).
    """

    matches: int
    total: int


def _grams(tokens: Sequence[Hashable], min_len: int, top: int, tuples: bool = False) -> Iterable[Hashable]:
    """The n-grams of orders ``min_len``..``top`` (top <= len(tokens)), as tuples; unigrams of
    string tokens as the strings themselves unless ``tuples`` (a string never equals a
    tuple, and its hash is cached: no 1-tuple to build and hash)."""
    unigrams = zip(tokens) if tuples else _unigrams(tokens)
    if min_len == 1 and top == 4:  # the default, spelt out: per-line overhead is most of the time
        t1, t2 = tokens[1:], tokens[2:]
        return chain(unigrams, zip(tokens, t1), zip(tokens, t1, t2), zip(tokens, t1, t2, tokens[3:]))
    low = max(min_len, 1)
    shifted = [tokens[i:] for i in range(top)]
    grams: list[Iterable[Hashable]] = [zip(*shifted[:n]) for n in range(max(low, 2), top + 1)]
    if low == 1 and top >= 1:
        grams.insert(0, unigrams)
    if min_len == 0 and top >= 1:
        grams.append([()] * len(tokens))  # everygrams yields the empty n-gram once per position
    return chain.from_iterable(grams)


def _unigrams(tokens: Sequence[Hashable]) -> Iterable[Hashable]:
    """The unigrams: the tokens themselves when all are strings, else 1-tuples."""
    return tokens if set(map(type, tokens)) <= _STR else zip(tokens)


_STR = {str}


def _top(size: int, max_len: int) -> int:
    return size if max_len < 0 or max_len > size else max_len


def _total(size: int, min_len: int, top: int) -> int:
    """How many n-grams of orders ``min_len``..``top`` a sequence of ``size`` tokens has."""
    low = max(min_len, 1)
    orders = top - low + 1
    total = orders * (size + 1) - (low + top) * orders // 2 if orders > 0 else 0  # sum of size - n + 1
    return total + size if min_len == 0 and top >= 1 else total


def ngram_counts(tokens: Sequence[Hashable], min_len: int, max_len: int) -> tuple[Counter[tuple[Hashable, ...]], int]:
    """The n-grams (tuples) of orders ``min_len``..``max_len`` (-1: the sequence's length)
    of ``tokens`` with their counts, and their total; NLTK's ``everygrams`` as a multiset."""
    top = _top(len(tokens), max_len)
    grams: Iterable[Any] = _grams(tokens, min_len, top, tuples=True)
    return Counter(grams), _total(len(tokens), min_len, top)


def count_matches(hyp: Counter[tuple[Hashable, ...]], ref: Counter[tuple[Hashable, ...]]) -> int:
    """Clipped matches: the size of the multiset intersection."""
    tp = 0
    for gram in hyp.keys() & ref.keys():
        a, b = hyp[gram], ref[gram]
        tp += a if a < b else b
    return tp


def line_stats(
    hypothesis: Sequence[Hashable], references: Sequence[Sequence[Hashable]], min_len: int = 1, max_len: int = 4
) -> GleuStats:
    """One line's statistics: of the references with n-grams, the one with the highest
    matches / max(totals) (the first on ties, as NLTK's ``max``)."""
    if not isinstance(hypothesis, (list, tuple)):
        hypothesis = list(hypothesis)
    top = _top(len(hypothesis), max_len)
    hyp_total = _total(len(hypothesis), min_len, top)
    hyp: dict[Hashable, int] = {}
    _count_elements(hyp, _grams(hypothesis, min_len, top))
    best: GleuStats | None = None
    best_ratio = 0.0
    for reference in references:
        if not isinstance(reference, (list, tuple)):
            reference = list(reference)
        ref_top = _top(len(reference), max_len)
        ref_total = _total(len(reference), min_len, ref_top)
        total = hyp_total if hyp_total > ref_total else ref_total
        if total > 0:
            ref: dict[Hashable, int] = {}  # only the n-grams the hypothesis has
            _count_elements(ref, filter(hyp.__contains__, _grams(reference, min_len, ref_top)))
            tp = 0
            for gram, b in ref.items():
                a = hyp[gram]
                tp += a if a < b else b
            ratio = tp / total
            if best is None or ratio > best_ratio:
                best, best_ratio = GleuStats(tp, total), ratio
    return best if best is not None else GleuStats(0, 0)


def sum_stats(stats: Sequence[GleuStats]) -> GleuStats:
    """The statistics of a corpus: the lines' summed (ints, exact)."""
    return GleuStats(sum(s.matches for s in stats), sum(s.total for s in stats))
