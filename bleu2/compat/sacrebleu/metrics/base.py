"""sacreBLEU 2.6.0's ``Score`` and ``Signature`` (``sacrebleu/metrics/base.py``): bleu2's one
writing of them (:mod:`bleu2.common.sacrebleu_format`), under sacreBLEU's module name."""

from ....common.sacrebleu_format import Score, Signature

__all__ = ["Score", "Signature"]
