"""``torchmetrics.functional.text.bleu`` on bleu2: ``bleu_score``."""

from ...bleu import bleu_score

__all__ = ["bleu_score"]
