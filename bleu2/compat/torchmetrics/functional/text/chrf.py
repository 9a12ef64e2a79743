"""``torchmetrics.functional.text.chrf`` on bleu2: ``chrf_score``."""

from ...chrf import chrf_score

__all__ = ["chrf_score"]
