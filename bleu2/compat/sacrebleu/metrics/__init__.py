"""``sacrebleu.metrics`` on bleu2's engine: ``from bleu2.compat.sacrebleu.metrics import BLEU``
where sacreBLEU's users write ``from sacrebleu.metrics import BLEU``.

``BLEU`` (:mod:`.bleu`) and ``CHRF`` (:mod:`.chrf`) compute sacreBLEU 2.6.0's numbers; ``TER``
is not in bleu2 yet and refuses (``NotImplementedError``) rather than give a number."""

from .base import Score, Signature
from .bleu import BLEU, BLEUScore, BLEUSignature
from .chrf import CHRF, CHRFScore, CHRFSignature
from .ter import TER

__all__ = [
    "BLEU",
    "BLEUScore",
    "BLEUSignature",
    "CHRF",
    "CHRFScore",
    "CHRFSignature",
    "TER",
    "METRICS",
    "Score",
    "Signature",
]

#: The metrics by name, as sacreBLEU's ``METRICS``.
METRICS = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
