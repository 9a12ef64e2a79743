"""Bucket edges, their labels and the bucket of a value (compare-mt 0.2.10 ``bucketers.py``,
``Bucketer.set_bucket_cutoffs`` and ``cutoff_into_bucket``).

Edges e_1 < ... < e_k make k + 1 buckets: value < e_1, e_1 <= value < e_2, ...,
value >= e_k. Labels: ``<e_1``, then ``[e_{i-1},e_i)``, or just ``e_i - 1`` when integer
edges are 1 apart, and ``>=e_k``. Sentence-BLEU edges are fractions in [0, 1]; a sentence
falls into its bucket by its score in percent against the edge in percent, as compare-mt
compares (its scores are percent).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence

__all__ = [
    "FREQUENCY_EDGES",
    "LENGTH_EDGES",
    "LENGTH_DIFFERENCE_EDGES",
    "SENTENCE_BLEU_EDGES",
    "check_edges",
    "bucket_labels",
    "bucket_of",
    "percent_edges",
]

#: Word frequency (compare-mt's ``FreqWordBucketer``): labels <1 1 2 3 4 [5,10) [10,100) [100,1000) >=1000.
FREQUENCY_EDGES: tuple[int, ...] = (1, 2, 3, 4, 5, 10, 100, 1000)
#: Reference length in words (``LengthSentenceBucketer``).
LENGTH_EDGES: tuple[int, ...] = (10, 20, 30, 40, 50, 60)
#: len(output) - len(reference) in words (``LengthDiffSentenceBucketer``): 17 buckets.
LENGTH_DIFFERENCE_EDGES: tuple[int, ...] = (-20, -10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 11, 21)
#: Sentence BLEU, fractions (``ScoreSentenceBucketer``: 10, 20, ..., 90 in percent).
SENTENCE_BLEU_EDGES: tuple[float, ...] = tuple(k / 10 for k in range(1, 10))


def check_edges(edges: Iterable[float], name: str, integers: bool) -> tuple[float, ...]:
    """``edges`` as a tuple, checked: at least one, finite, strictly increasing, integers
    where ``integers``.

    Raises:
        ValueError: naming ``name`` and the problem.
    """
    if isinstance(edges, (str, bytes)):
        raise ValueError(f"{name} must be a sequence of numbers, got {edges!r}")
    try:
        out = tuple(edges)
    except TypeError:
        raise ValueError(f"{name} must be a sequence of numbers, got {edges!r}") from None
    if not out:
        raise ValueError(f"{name} needs at least one edge")
    for x in out:
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
            raise ValueError(f"{name} must be finite numbers, got {x!r}")
        if integers and x != int(x):
            raise ValueError(f"{name} must be integers, got {x!r}")
    if any(b <= a for a, b in zip(out, out[1:])):
        raise ValueError(f"{name} must be strictly increasing, got {list(out)}")
    return tuple(int(x) for x in out) if integers else tuple(float(x) for x in out)


def _num(x: float) -> str:
    return str(int(x)) if isinstance(x, int) else repr(x)


def bucket_labels(edges: Sequence[float], integers: bool = True) -> tuple[str, ...]:
    """The labels of the len(edges) + 1 buckets (compare-mt's ``bucket_strs``; its float
    labels, ``num_type='float'``, never collapse to one value)."""
    out = [f"<{_num(edges[0])}"]
    for prev, x in zip(edges, edges[1:]):
        if integers and x - 1 == prev:
            out.append(_num(x - 1))
        else:
            out.append(f"[{_num(prev)},{_num(x)})")
    out.append(f">={_num(edges[-1])}")
    return tuple(out)


def bucket_of(value: float, edges: Sequence[float]) -> int:
    """The index of ``value``'s bucket: how many edges are <= value."""
    return bisect_right(edges, value)


def percent_edges(edges: Sequence[float]) -> tuple[float, ...]:
    """Fraction edges in percent, rounded to 10 decimals (0.3 -> 30.0, not 30.000000000000004)."""
    return tuple(round(x * 100, 10) for x in edges)
