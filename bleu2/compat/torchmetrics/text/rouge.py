"""``torchmetrics.text.rouge`` on bleu2: ``ROUGEScore``."""

from ..rouge import ROUGEScore

__all__ = ["ROUGEScore"]
