"""sacreBLEU's ``TER`` metric: not in bleu2 yet. Its place: it comes with bleu2's TER
engine; until then it refuses, never a number."""

from __future__ import annotations

__all__ = ["TER"]


class TER:
    """sacreBLEU's ``TER(normalized=False, no_punct=False, asian_support=False, case_sensitive=False)``.

    Raises:
        NotImplementedError: always, for now.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotImplementedError(
            "sacreBLEU's TER (TER, corpus_ter, sentence_ter) is not in bleu2.compat.sacrebleu yet "
            "(bleu2 computes BLEU and chrF): use sacrebleu itself"
        )
