"""``torchmetrics.functional.text.sacre_bleu`` on bleu2: ``sacre_bleu_score``."""

from ...bleu import sacre_bleu_score

__all__ = ["sacre_bleu_score"]
