"""sacreBLEU's ``TER`` metric: not in bleu2 yet. Its place: it comes with bleu2's TER
engine; until then it refuses, never a number."""

from __future__ import annotations

from .chrf import not_yet

__all__ = ["TER"]


class TER:
    """sacreBLEU's ``TER(normalized=False, no_punct=False, asian_support=False, case_sensitive=False)``.

    Raises:
        NotImplementedError: always, for now.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise not_yet("TER (TER, corpus_ter, sentence_ter)")
