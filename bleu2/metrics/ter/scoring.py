"""TER of (summed) statistics: edits / average reference length; in percent in sacreBLEU's
frames (:func:`ter_percent`) for the significance tests (:func:`sum_scores`)."""

from __future__ import annotations

from collections.abc import Sequence

from ...common.sacrebleu_math import PyFloat, f32
from ..protocol import SumScores
from .stats import TerStats

__all__ = ["sum_scores", "ter_percent", "ter_score"]


def ter_score(stats: TerStats) -> float:
    """TER from statistics: edits / reference length, a fraction (may exceed 1); 1.0 when
    the references are empty and the hypothesis is not, 0.0 when both are (sacreBLEU)."""
    edits, length = stats
    if length > 0:
        return edits / length
    return 1.0 if edits > 0 else 0.0


def ter_percent(edits: float, ref_len: float, mode: str = "double") -> float:
    """sacreBLEU 2.6.0's TER (``TER._compute_score_from_stats``) in percent, bit for bit:
    100 edits / ref_len; 100 when the references are empty and the hypothesis is not, 0
    when both are (Snover et al. 2006).

    Args:
        edits: the summed edits; ref_len: the summed average reference lengths.
        mode: "double", or "float32" (bootstrap resamples; the two sums are float32; a
            Python-float result is returned as :class:`PyFloat`).
    """
    if ref_len > 0:
        if mode == "float32":
            return f32(100.0 * f32(edits / ref_len))
        return 100 * (edits / ref_len)
    score = 1.0 if edits > 0 else 0.0
    return PyFloat(100 * score) if mode == "float32" else 100 * score


def sum_scores(n_refs: int = 1) -> SumScores:
    """TER's :class:`~bleu2.metrics.protocol.SumScores` for the significance tests: per line
    [edits, reference words of all ``n_refs`` references]; a line's reference length is
    their average (sacreBLEU's).

    sacreBLEU sums the rounded averages line by line; here the average of the summed
    lengths is taken: the same numbers when ``n_refs`` is a power of two (the averages and
    sums are exact), possibly not in the last bit otherwise."""
    k = n_refs

    def corpus(v: Sequence[int]) -> float:
        return ter_percent(v[0], v[1] / k)

    def resample(v: Sequence[int]) -> float:
        return ter_percent(v[0], f32(v[1] / k), "float32")

    return SumScores("TER", 2, corpus, resample, corpus, lambda v: corpus(v) / 100)
