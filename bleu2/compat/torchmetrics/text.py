"""``torchmetrics.text`` on bleu2: ``from bleu2.compat.torchmetrics.text import BLEUScore,
SacreBLEUScore, CHRFScore`` in place of ``from torchmetrics.text import ...`` (TER: not yet)."""

from .bleu import BLEUScore, SacreBLEUScore
from .chrf import CHRFScore
from .coming import TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "SacreBLEUScore", "TranslationEditRate"]
