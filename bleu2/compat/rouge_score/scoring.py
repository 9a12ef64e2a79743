"""rouge-score 0.1.2's ``scoring``: ``Score``, ``AggregateScore``, ``BaseScorer``,
``BootstrapAggregator`` and ``fmeasure``.

``BootstrapAggregator`` is rouge-score's, seeded: rouge-score draws its resamples from
NumPy's global generator without a seed, so each run prints different intervals; here
each ``aggregate()`` starts NumPy's legacy generator from ``seed`` (12345 unless given),
which gives rouge-score's numbers after ``np.random.seed(seed)``.
"""

from __future__ import annotations

import abc
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ...metrics.rouge.result import AggregateScore, Score
from ...metrics.rouge.scoring import bootstrap_rows, fmeasure

__all__ = ["Score", "AggregateScore", "BaseScorer", "BootstrapAggregator", "fmeasure"]


class BaseScorer(metaclass=abc.ABCMeta):
    """rouge-score's base class of scorers: ``score(target, prediction) -> {type: Score}``."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> dict[str, Score]:
        """The scores of ``prediction`` against ``target``."""


class BootstrapAggregator:
    """Confidence intervals of the mean score by bootstrap resampling (rouge-score's).

    Args:
        confidence_interval: in [0, 1] (0.95: the 2.5th and 97.5th percentiles).
        n_samples: resamples (> 0).
        seed: NumPy's legacy seed (bleu2's addition; rouge-score has none and is unseeded).
    Raises:
        ValueError: rouge-score's messages for a bad interval or sample count.
    """

    def __init__(self, confidence_interval: float = 0.95, n_samples: int = 1000, seed: int = 12345) -> None:
        if confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
            raise ValueError(f"BootstrapAggregator: seed must be an int in 0 .. 2**32 - 1, got {seed!r}")
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._seed = seed
        self._scores: defaultdict[str, list[Any]] = defaultdict(list)

    def add_scores(self, scores: Mapping[str, Any]) -> None:
        """Adds one example's ``{type: Score}`` (any namedtuple of numbers)."""
        for score_type, score in scores.items():
            self._scores[score_type].append(score)

    def aggregate(self) -> dict[str, AggregateScore]:
        """``{type: AggregateScore(low, mid, high)}``; mid is the median of the resampled
        means. The same call gives the same numbers (seeded)."""
        types = list(self._scores)
        columns = [[[float(s[k]) for s in self._scores[t]] for k in range(len(self._scores[t][0]))] for t in types]
        rows = bootstrap_rows(columns, self._n_samples, self._confidence_interval, seed=self._seed)
        out = {}
        for t, (low, mid, high) in zip(types, rows):
            cls = type(self._scores[t][0])
            out[t] = AggregateScore(cls(*low), cls(*mid), cls(*high))
        return out
