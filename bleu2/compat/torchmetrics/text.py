"""``torchmetrics.text`` on bleu2: ``from bleu2.compat.torchmetrics.text import BLEUScore,
SacreBLEUScore`` in place of ``from torchmetrics.text import ...`` (chrF and TER: not yet)."""

from .bleu import BLEUScore, SacreBLEUScore
from .coming import CHRFScore, TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "SacreBLEUScore", "TranslationEditRate"]
