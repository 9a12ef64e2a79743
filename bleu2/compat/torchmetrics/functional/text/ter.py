"""``torchmetrics.functional.text.ter`` on bleu2: ``translation_edit_rate``."""

from ...ter import translation_edit_rate

__all__ = ["translation_edit_rate"]
