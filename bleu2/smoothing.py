"""Smoothing: from clipped counts to the precisions that enter the geometric mean.

Each method takes a :class:`~bleu2.stats.SentenceStats` and the smoothing
parameter and returns a :class:`Smoothed`: one precision value per order (a
float in [0, 1]; 0.0 means that order makes the score 0), which orders were
changed by smoothing, and how many orders enter the mean (the effective order).

Methods:
    ``add-1``  the seed calculator's rule: a precision whose matches are 0
               becomes (0 + 1) / (total + 1), also when total is 0 and also for
               unigrams; non-zero precisions are left alone.
    ``none``   no smoothing: a zero precision makes the score 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .stats import SentenceStats

__all__ = ["Smoothed", "SMOOTHING_METHODS", "DEFAULT_SMOOTHING", "get_smoothing"]


@dataclass(frozen=True, slots=True)
class Smoothed:
    """Precisions after smoothing.

    Attributes:
        values: tuple[float, ...], one per order; each in [0, 1].
        smoothed: tuple[bool, ...], True where smoothing changed that order.
        effective_order: how many leading orders enter the geometric mean
            (max_order unless an effective-order rule shortened it).
    """

    values: tuple[float, ...]
    smoothed: tuple[bool, ...]
    effective_order: int


def _add_one(stats: SentenceStats, value: float | None) -> Smoothed:
    values = []
    flags = []
    for m, t in zip(stats.matches, stats.totals):
        if m == 0:
            values.append(1.0 / (t + 1))
            flags.append(True)
        else:
            values.append(m / t)
            flags.append(False)
    return Smoothed(tuple(values), tuple(flags), stats.max_order)


def _none(stats: SentenceStats, value: float | None) -> Smoothed:
    values = tuple(m / t if t else 0.0 for m, t in zip(stats.matches, stats.totals))
    return Smoothed(values, (False,) * stats.max_order, stats.max_order)


#: name -> function(stats, smooth_value) -> Smoothed
SMOOTHING_METHODS: dict[str, Callable[[SentenceStats, float | None], Smoothed]] = {
    "add-1": _add_one,
    "none": _none,
}

DEFAULT_SMOOTHING = "add-1"


def get_smoothing(name: str) -> Callable[[SentenceStats, float | None], Smoothed]:
    """The smoothing function registered as ``name``.

    Raises:
        ValueError: unknown name; the message lists the valid ones.
    """
    try:
        return SMOOTHING_METHODS[name]
    except (KeyError, TypeError):
        valid = ", ".join(SMOOTHING_METHODS)
        raise ValueError(f"unknown smoothing {name!r}; valid smoothing methods: {valid}") from None
