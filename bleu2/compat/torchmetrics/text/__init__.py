"""``torchmetrics.text`` on bleu2: ``from bleu2.compat.torchmetrics.text import BLEUScore,
SacreBLEUScore, CHRFScore, TranslationEditRate, ROUGEScore`` in place of ``from torchmetrics.text import ...``; the submodules too
(``from bleu2.compat.torchmetrics.text.rouge import ROUGEScore``, as torchmetrics' docstrings import)."""

from .bleu import BLEUScore
from .chrf import CHRFScore
from .rouge import ROUGEScore
from .sacre_bleu import SacreBLEUScore
from .ter import TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "ROUGEScore", "SacreBLEUScore", "TranslationEditRate"]
