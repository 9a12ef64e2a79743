"""torchmetrics 1.9's BLEU, chrF, TER and ROUGE metrics on bleu2's engines: one changed import,

    from torchmetrics.text import BLEUScore, CHRFScore, TranslationEditRate
    from bleu2.compat.torchmetrics.text import BLEUScore, CHRFScore, TranslationEditRate

(likewise ``SacreBLEUScore``, ``ROUGEScore`` (:mod:`.rouge`: torchmetrics' own ROUGE rules), ``from bleu2.compat.torchmetrics import BLEUScore`` and
``from bleu2.compat.torchmetrics.functional.text import bleu_score, sacre_bleu_score,
chrf_score, translation_edit_rate, rouge_score``).

The metrics accumulate bleu2's sufficient statistics batch by batch (``update``,
``compute``, ``metric(preds, target)`` for the batch's own score, ``reset``) and give
torchmetrics' numbers (it computes in float32: equal within float32 rounding). Values are
a 0-dim ``torch.Tensor`` when torch can be imported, a float in [0, 1] otherwise; bleu2
never needs torch. ``CHRFScore`` is torchmetrics' chrF (chrF++ by default, its own rules:
:mod:`.chrf`); ``TranslationEditRate`` its TER (lower-cased by default, references edited
into the prediction: :mod:`.ter`).

    >>> from bleu2.compat.torchmetrics.text import BLEUScore
    >>> preds = ['the cat is on the mat']
    >>> target = [['there is a cat on the mat', 'a cat is on the mat']]
    >>> bleu = BLEUScore()
    >>> round(float(bleu(preds, target)), 4)
    0.7598
"""

from . import functional, text
from .bleu import BLEUScore, SacreBLEUScore
from .chrf import CHRFScore
from .rouge import ROUGEScore
from .ter import TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "ROUGEScore", "SacreBLEUScore", "TranslationEditRate", "functional", "text"]
