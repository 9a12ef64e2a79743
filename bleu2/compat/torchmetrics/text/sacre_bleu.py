"""``torchmetrics.text.sacre_bleu`` on bleu2: ``SacreBLEUScore``."""

from ..bleu import SacreBLEUScore

__all__ = ["SacreBLEUScore"]
