"""``torchmetrics.functional`` on bleu2: its text functions (``bleu_score``,
``sacre_bleu_score``, ``chrf_score``, ``translation_edit_rate``, ``rouge_score``)."""

from . import text
from .text import bleu_score, chrf_score, rouge_score, sacre_bleu_score, translation_edit_rate

__all__ = ["bleu_score", "chrf_score", "rouge_score", "sacre_bleu_score", "text", "translation_edit_rate"]
