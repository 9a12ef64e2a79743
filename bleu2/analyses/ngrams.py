"""Characteristic n-grams of two systems (compare-mt 0.2.10 ``stat_utils.extract_salient_features``
and ``compare_mt_main.generate_ngram_report``).

For each n-gram g counted in either system (counts c_left, c_right of the compare type:
``match``, ``over`` or ``under``, :mod:`bleu2.analyses.tally`), the score is
(c_left + a) / (c_left + c_right + 2a), a = ``alpha`` (1: Laplace smoothing); a float in (0, 1).
``left_better``: the k highest scores, ``right_better``: the k lowest, each with every n-gram
tied with the k-th (compare-mt cuts at k, its order among ties following Python's hash of the
n-grams, which changes from run to run). Among equal scores: the larger c_left + c_right
first, then the n-gram's text (code point order).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from ..metrics.bleu.stats import Gram

__all__ = ["NgramScore", "ngram_text", "salient", "top"]

#: (text, c_left, c_right, score)
NgramScore = tuple[str, int, int, float]


def ngram_text(g: Gram) -> str:
    """An n-gram as compare-mt prints it: its words joined by spaces."""
    return g if isinstance(g, str) else " ".join(g)


def salient(left: Mapping[Gram, int], right: Mapping[Gram, int], alpha: float) -> list[tuple[float, int, int, Gram]]:
    """Every n-gram of ``left`` or ``right`` as (score, c_left, c_right, n-gram), unordered."""
    lget, rget = left.get, right.get
    out = []
    for g in left.keys() | right.keys():
        a = lget(g, 0)
        b = rget(g, 0)
        out.append(((a + alpha) / (a + b + 2 * alpha), a, b, g))
    return out


def top(scores: list[tuple[float, int, int, Gram]], k: int) -> tuple[list[NgramScore], list[NgramScore]]:
    """(left_better, right_better) of :func:`salient`'s list: the k highest and the k lowest
    scores, ties with the k-th included, best for each side first."""
    if k <= 0 or not scores:
        return [], []
    high = heapq.nlargest(k, [x[0] for x in scores])[-1]
    low = heapq.nsmallest(k, [x[0] for x in scores])[-1]
    best = [(ngram_text(g), a, b, v) for v, a, b, g in scores if v >= high]
    worst = [(ngram_text(g), a, b, v) for v, a, b, g in scores if v <= low]
    best.sort(key=lambda x: (-x[3], -(x[1] + x[2]), x[0]))
    worst.sort(key=lambda x: (x[3], -(x[1] + x[2]), x[0]))
    return best, worst
