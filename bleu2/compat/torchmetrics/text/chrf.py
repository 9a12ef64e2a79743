"""``torchmetrics.text.chrf`` on bleu2: ``CHRFScore``."""

from ..chrf import CHRFScore

__all__ = ["CHRFScore"]
