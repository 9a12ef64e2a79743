"""torchmetrics 1.9's BLEU and chrF metrics on bleu2's engine: one changed import,

    from torchmetrics.text import BLEUScore, SacreBLEUScore, CHRFScore
    from bleu2.compat.torchmetrics.text import BLEUScore, SacreBLEUScore, CHRFScore

(likewise ``from bleu2.compat.torchmetrics import BLEUScore`` and
``from bleu2.compat.torchmetrics.functional.text import bleu_score, sacre_bleu_score, chrf_score``).

The metrics accumulate bleu2's sufficient statistics batch by batch (``update``,
``compute``, ``metric(preds, target)`` for the batch's own score, ``reset``) and give
torchmetrics' numbers (it computes in float32: equal within float32 rounding). Values are
a 0-dim ``torch.Tensor`` when torch can be imported, a float in [0, 1] otherwise; bleu2
never needs torch. ``CHRFScore`` is torchmetrics' chrF (chrF++ by default, its own rules:
:mod:`.chrf`). ``TranslationEditRate`` and ``translation_edit_rate`` raise
``NotImplementedError`` until bleu2 has TER.

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
from .coming import TranslationEditRate

__all__ = ["BLEUScore", "CHRFScore", "SacreBLEUScore", "TranslationEditRate", "functional", "text"]
