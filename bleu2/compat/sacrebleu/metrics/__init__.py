"""``sacrebleu.metrics`` on bleu2's engine: ``from bleu2.compat.sacrebleu.metrics import BLEU``
where sacreBLEU's users write ``from sacrebleu.metrics import BLEU``.

``BLEU`` (:mod:`.bleu`), ``CHRF`` (:mod:`.chrf`) and ``TER`` (:mod:`.ter`) compute sacreBLEU
2.6.0's numbers."""

from .base import Score, Signature
from .bleu import BLEU, BLEUScore, BLEUSignature
from .chrf import CHRF, CHRFScore, CHRFSignature
from .ter import TER, TERScore, TERSignature

__all__ = [
    "BLEU",
    "BLEUScore",
    "BLEUSignature",
    "CHRF",
    "CHRFScore",
    "CHRFSignature",
    "TER",
    "TERScore",
    "TERSignature",
    "METRICS",
    "Score",
    "Signature",
]

#: The metrics by name, as sacreBLEU's ``METRICS``.
METRICS = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
