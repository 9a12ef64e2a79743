"""``torchmetrics.text`` on bleu2: ``from bleu2.compat.torchmetrics.text import BLEUScore,
SacreBLEUScore, CHRFScore, TranslationEditRate, ROUGEScore`` in place of ``from torchmetrics.text import ...``."""

from .bleu import BLEUScore, SacreBLEUScore
from .chrf import CHRFScore
from .rouge import ROUGEScore
from .ter import TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "ROUGEScore", "SacreBLEUScore", "TranslationEditRate"]
