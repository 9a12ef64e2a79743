"""TER of (summed) statistics: edits / average reference length."""

from __future__ import annotations

from .stats import TerStats

__all__ = ["ter_score"]


def ter_score(stats: TerStats) -> float:
    """TER from statistics: edits / reference length, a fraction (may exceed 1); 1.0 when
    the references are empty and the hypothesis is not, 0.0 when both are (sacreBLEU)."""
    edits, length = stats
    if length > 0:
        return edits / length
    return 1.0 if edits > 0 else 0.0
