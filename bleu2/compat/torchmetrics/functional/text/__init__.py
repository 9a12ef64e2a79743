"""``torchmetrics.functional.text`` on bleu2: ``from bleu2.compat.torchmetrics.functional.text
import bleu_score, sacre_bleu_score, chrf_score, translation_edit_rate, rouge_score``; the submodules too
(``from bleu2.compat.torchmetrics.functional.text.rouge import rouge_score``)."""

from .bleu import bleu_score
from .chrf import chrf_score
from .rouge import rouge_score
from .sacre_bleu import sacre_bleu_score
from .ter import translation_edit_rate

__all__ = ["bleu_score", "chrf_score", "rouge_score", "sacre_bleu_score", "translation_edit_rate"]
