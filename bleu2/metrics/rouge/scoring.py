"""ROUGE's scores from statistics, the mean over lines and the bootstrap aggregate.

rouge-score 0.1.2's arithmetic: precision = matches / max(prediction total, 1), recall =
matches / max(reference total, 1), F = 2 * P * R / (P + R) (0 when P + R = 0): floats
in [0, 1]. (rouge-score gives the int 0 where a text is empty for rougeL and rougeLsum:
equal as numbers.) The corpus scores are the means of the per-line scores, summed line
after line as NumPy's ``mean(axis=0)`` does, as rouge-score's ``BootstrapAggregator``.

:func:`bootstrap`: rouge-score's ``BootstrapAggregator._bootstrap_resample``: ``n_samples``
times, draw ``len(lines)`` line indices with replacement (``np.random.choice``) and take
the mean; low, mid and high are NumPy's linear percentiles (``np.percentile``) at
``100 * (1 - confidence) / 2``, 50 and ``100 * (1 - (1 - confidence) / 2)``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from functools import reduce
from operator import add, itemgetter

from ...common.numpy_legacy_random import RandomState
from .result import AggregateScore, Score

__all__ = ["fmeasure", "fmeasure_of", "score_of", "mean_score", "bootstrap", "bootstrap_rows", "percentiles"]


def fmeasure(precision: float, recall: float) -> float:
    """rouge-score's ``scoring.fmeasure``: the harmonic mean, 0.0 when both are 0."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def score_of(stats: Sequence[int]) -> Score:
    """(matches, prediction total, reference total) -> :class:`Score`."""
    hits, pred, ref = stats[0], stats[1], stats[2]
    p = hits / max(pred, 1)
    r = hits / max(ref, 1)
    return Score(p, r, fmeasure(p, r))


def fmeasure_of(stats: Sequence[int]) -> float:
    """The F-measure of one type's statistics."""
    return score_of(stats).fmeasure


def _reduce_sum(values: Sequence[float]) -> float:
    return reduce(add, values, 0.0)


#: Left-to-right float sum, as NumPy's reduction over axis 0: Python 3.11's ``sum`` (a plain
#: C loop); from 3.12 ``sum`` compensates the rounding (Neumaier), so a left fold instead.
_seq_sum: Callable[[Sequence[float]], float] = sum if sys.version_info < (3, 12) else _reduce_sum


def mean_score(scores: Sequence[Score]) -> Score:
    """The mean precision, recall and F over lines (0.0 for no lines)."""
    n = len(scores)
    if not n:
        return Score(0.0, 0.0, 0.0)
    return Score(*(_seq_sum([s[k] for s in scores]) / n for k in range(3)))


def percentiles(values: Sequence[float], qs: Sequence[float]) -> list[float]:
    """NumPy's ``percentile(values, qs)`` (method "linear"): sorted values, index
    (n - 1) * q / 100, interpolated as NumPy's ``_lerp`` (from the upper neighbour when the
    fraction is >= 0.5)."""
    data = sorted(values)
    n = len(data)
    out = []
    for q in qs:
        virtual = (n - 1) * (q / 100)
        if virtual >= n - 1:
            out.append(data[-1])
            continue
        lo = math.floor(virtual)
        a, b = data[lo], data[lo + 1]
        gamma = virtual - lo
        diff = b - a
        out.append(b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma)
    return out


def bootstrap_rows(
    columns: Sequence[Sequence[Sequence[float]]],
    n_samples: int = 1000,
    confidence: float = 0.95,
    rng: RandomState | None = None,
    seed: int = 12345,
) -> list[tuple[list[float], list[float], list[float]]]:
    """rouge-score's ``BootstrapAggregator.aggregate`` for several types, one after the other
    (as its dict's order), drawing from one stream.

    Args:
        columns: per type, its measures as columns of per-line values (all of one length).
        n_samples: resamples per type; confidence: the interval, in [0, 1].
        rng: the legacy generator (its draws continue); None: ``RandomState(seed)``.
    Returns:
        per type (low, mid, high), each a value per measure.
    Raises:
        ValueError: a type without lines.
    """
    rng = rng if rng is not None else RandomState(seed)
    delta = (1 - confidence) / 2
    qs = [100 * delta, 100 * 0.5, 100 * (1 - delta)]
    out = []
    for cols in columns:
        n = len(cols[0]) if cols else 0
        if not n:
            raise ValueError("the bootstrap needs at least one line")
        means: list[list[float]] = [[] for _ in cols]
        for idx in rng.randint_rows(n, n, n_samples):
            pick = itemgetter(*idx) if n > 1 else lambda col: (col[0],)
            for k, col in enumerate(cols):
                means[k].append(_seq_sum(pick(col)) / n)
        per_measure = [percentiles(m, qs) for m in means]
        low, mid, high = ([pm[j] for pm in per_measure] for j in range(3))
        out.append((low, mid, high))
    return out


def bootstrap(
    columns: Sequence[Sequence[Sequence[float]]],
    n_samples: int = 1000,
    confidence: float = 0.95,
    rng: RandomState | None = None,
    seed: int = 12345,
) -> list[AggregateScore]:
    """:func:`bootstrap_rows` with (precision, recall, fmeasure) columns: an
    :class:`AggregateScore` per type."""
    rows = bootstrap_rows(columns, n_samples, confidence, rng, seed)
    return [AggregateScore(Score(*low), Score(*mid), Score(*high)) for low, mid, high in rows]
