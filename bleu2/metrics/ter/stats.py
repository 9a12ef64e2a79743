"""TER's per-line statistics (``TerStats``: edits, average reference length) and their
sum over a corpus."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

__all__ = ["TerStats", "sum_ter_stats"]


class TerStats(NamedTuple):
    """One line's (or a corpus's summed) TER statistics; they add up.

    Attributes:
        num_edits: the fewest edits (shifts + insertions + deletions + substitutions) over
            the references (int).
        ref_length: the references' average length in words (float, as sacreBLEU's).
    """

    num_edits: int
    ref_length: float

    def __add__(self, other: object) -> TerStats:
        if not isinstance(other, TerStats):
            return NotImplemented
        return TerStats(self.num_edits + other.num_edits, self.ref_length + other.ref_length)

    def to_dict(self) -> dict[str, Any]:
        return {"num_edits": self.num_edits, "ref_length": self.ref_length}


def sum_ter_stats(stats: Iterable[TerStats]) -> TerStats:
    """The statistics summed line after line, in order (sacreBLEU's float sums, so that the
    corpus score is its float; not ``math.fsum``)."""
    edits = 0
    length = 0.0
    for e, r in stats:
        edits += e
        length += r
    return TerStats(edits, length)
