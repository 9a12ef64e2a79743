"""sacreBLEU's ``CHRF`` metric: not in bleu2 yet. Its place: it comes with bleu2's chrF
engine; until then it refuses, never a number."""

from __future__ import annotations

__all__ = ["CHRF", "not_yet"]


def not_yet(what: str) -> NotImplementedError:
    """The refusal of a sacreBLEU metric bleu2 does not compute yet."""
    return NotImplementedError(
        f"sacreBLEU's {what} is not in bleu2.compat.sacrebleu yet (bleu2 computes BLEU only): use sacrebleu itself"
    )


class CHRF:
    """sacreBLEU's ``CHRF(char_order=6, word_order=0, beta=2, ...)``.

    Raises:
        NotImplementedError: always, for now.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise not_yet("chrF (CHRF, corpus_chrf, sentence_chrf)")
