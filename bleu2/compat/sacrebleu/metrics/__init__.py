"""``sacrebleu.metrics`` on bleu2's engine: ``from bleu2.compat.sacrebleu.metrics import BLEU``
where sacreBLEU's users write ``from sacrebleu.metrics import BLEU``.

``BLEU`` computes sacreBLEU 2.6.0's numbers (:mod:`.bleu`); ``CHRF`` and ``TER`` are not
in bleu2 yet and refuse (``NotImplementedError``) rather than give a number."""

from .base import Score, Signature
from .bleu import BLEU, BLEUScore, BLEUSignature
from .chrf import CHRF
from .ter import TER

__all__ = ["BLEU", "BLEUScore", "BLEUSignature", "CHRF", "TER", "METRICS", "Score", "Signature"]

#: The metrics by name, as sacreBLEU's ``METRICS``.
METRICS = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
