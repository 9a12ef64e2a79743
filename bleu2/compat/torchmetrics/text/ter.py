"""``torchmetrics.text.ter`` on bleu2: ``TranslationEditRate``."""

from ..ter import TranslationEditRate

__all__ = ["TranslationEditRate"]
