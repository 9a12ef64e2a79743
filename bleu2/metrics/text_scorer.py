"""What the scorers of ROUGE, GLEU and NIST share for the metric protocol
(:class:`~bleu2.metrics.protocol.Scorer`): a line's references as a list, a corpus's
per-line statistics from sacreBLEU's reference streams, and fractions as the int vectors
the significance tests add up (:func:`fixed_point`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from .protocol import SumScores

__all__ = ["TextScorer", "FIXED_POINT", "fixed_point", "sum_scores"]

#: The significance tests add ints: a per-line fraction x is resampled as round(x * 2**30)
#: (its error below 5e-10 a line, far under any interval's width).
FIXED_POINT = 1 << 30


def fixed_point(x: float, scale: int = FIXED_POINT) -> int:
    """``x`` (>= 0) as the int the significance tests add: ``round(x * scale)``."""
    return round(x * scale)


def sum_scores(name: str, width: int, score: Callable[[Sequence[int]], float]) -> SumScores:
    """The significance tests' metric of ``width`` ints per line whose sums ``score`` scores
    (the same score in every frame, on the scorer's own scale: no sacreBLEU float32)."""
    return SumScores(name, width, score, score, score, score, float32=False, scale=1.0, sacrebleu=False)


class TextScorer:
    """A scorer whose ``extract(hypothesis, references)`` gives one line's statistics; the
    corpus's are the lines' (sacreBLEU's streams: ``references[j][i]``)."""

    #: the public function bad input is reported against (``corpus_gleu``).
    caller = "corpus"
    #: the options the scorer was made with (its pickle: worker processes remake it).
    made_with: dict[str, Any]

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return partial(type(self), **self.made_with), ()

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> Any:
        raise NotImplementedError

    @staticmethod
    def references(entry: str | Sequence[str | None] | None, caller: str) -> list[str]:
        """One line's references, ``None`` entries (missing references) left out.

        Raises:
            ValueError: no reference, or one that is not a string (``caller`` named).
        """
        refs = [entry] if isinstance(entry, str) else [r for r in (entry or ()) if r is not None]
        if not refs or not all(isinstance(r, str) for r in refs):
            raise ValueError(f"{caller}: a line needs a reference string or a list of them, got {entry!r}")
        return refs

    def corpus_stats(
        self, hypotheses: Iterable[str], references: Sequence[Sequence[str | None]], *, layout: str | None = "streams"
    ) -> tuple[list[Any], int | str]:
        """Per-line statistics of ``hypotheses`` against the streams ``references`` and the
        signature's number of references (``"var"`` when it varies).

        Raises:
            ValueError: another layout than ``"streams"``, streams of other lengths.
        """
        if layout != "streams":
            raise ValueError(f"{self.caller}: corpus_stats takes reference streams (layout='streams')")
        hyps = list(hypotheses)
        if any(len(s) != len(hyps) for s in references):
            raise ValueError(f"{self.caller}: {len(hyps)} hypotheses but reference streams of other lengths")
        stats, counts = [], set()
        for i, hyp in enumerate(hyps):
            entry = [s[i] for s in references]
            counts.add(sum(r is not None for r in entry))
            stats.append(self.extract(hyp, entry))
        return stats, (counts.pop() if len(counts) == 1 else "var")
