"""GLEU from summed statistics (NLTK 3.10.4's ``corpus_gleu``: matches / total, 0.0 when
nothing was counted)."""

from __future__ import annotations

from .stats import GleuStats

__all__ = ["gleu_score"]


def gleu_score(stats: GleuStats) -> float:
    """GLEU, a float in [0, 1]: ``matches / total``; 0.0 for a total of 0."""
    return stats.matches / stats.total if stats.total else 0.0
