"""``torchmetrics.functional.text.rouge`` on bleu2: ``rouge_score``."""

from ...rouge import rouge_score

__all__ = ["rouge_score"]
