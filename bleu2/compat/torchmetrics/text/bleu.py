"""``torchmetrics.text.bleu`` on bleu2: ``BLEUScore``."""

from ..bleu import BLEUScore

__all__ = ["BLEUScore"]
