"""Compact per-line statistics: one system's lines as a flat array of 4-byte counts
(:class:`LineColumns`), what the significance tests resample."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from ..metrics.bleu.options import BleuConfig
from ..metrics.bleu.smoothing import NLTK_METHODS
from ..metrics.bleu.stats import SentenceStats

__all__ = ["COLUMN_TYPECODE", "LineColumns"]


def _typecode(itemsize: int) -> str:
    return next(t for t in "BHILQ" if array(t).itemsize == itemsize)


#: The type of :class:`LineColumns`' arrays: unsigned ints of 4 bytes (token counts).
COLUMN_TYPECODE = _typecode(4)


class LineColumns:
    """The per-line statistics of one system, compact: what the significance tests
    resample, kept as a flat :class:`array.array` of 4-byte unsigned ints (no object per
    line), so that millions of lines fit in memory.

    Each line holds ``width`` values, in sacreBLEU's order: hyp_len (c), ref_len (r),
    matches of orders 1..N, totals of orders 1..N; for NLTK's methods also the matches
    and totals of the orders counted above N and each order's empty-segment flag
    (totals 0). ``data[i * width + k]`` is value k of line i.

    Args:
        config: the options the statistics were counted with (``max_order``,
            ``stats_order``, ``smoothing``).

    Example:
        >>> from bleu2 import BleuConfig, SentenceStats
        >>> cols = LineColumns(BleuConfig.make())
        >>> cols.add([SentenceStats((5, 3), (6, 5), 6, 6)])
        >>> len(cols), list(cols.data)
        (1, [6, 6, 5, 3, 6, 5])
    """

    __slots__ = ("data", "depth", "nltk", "order", "smoothing", "width")

    def __init__(self, config: BleuConfig):
        self.smoothing = config.smoothing
        self.order = config.max_order
        self.depth = config.stats_order
        self.nltk = config.smoothing in NLTK_METHODS
        self.width = 2 + 2 * self.order + (3 * self.depth - 2 * self.order if self.nltk else 0)
        self.data = array(COLUMN_TYPECODE)

    def __len__(self) -> int:
        return len(self.data) // self.width

    def __getstate__(self) -> tuple[str, int, int, bool, int, array[int]]:
        return (self.smoothing, self.order, self.depth, self.nltk, self.width, self.data)

    def __setstate__(self, state: tuple[str, int, int, bool, int, array[int]]) -> None:
        self.smoothing, self.order, self.depth, self.nltk, self.width, self.data = state

    def add(self, stats: Iterable[SentenceStats], first_line: int = 0, system: int = 0) -> None:
        """Append the statistics of lines ``first_line``, ``first_line + 1``, ...
        (``system`` and the line numbers only name a bad entry in messages).

        Raises:
            TypeError: an entry is not a :class:`SentenceStats`.
            ValueError: statistics with another number of orders than ``max_order``, or
                fewer orders than NLTK's method needs.
        """
        order, depth, nltk = self.order, self.depth, self.nltk
        n_extra = depth - order
        rows: list[int] = []
        for i, st in enumerate(stats, first_line):
            if not isinstance(st, SentenceStats):
                raise TypeError(f"system {system}, line {i}: expected SentenceStats, got {type(st).__name__}")
            if len(st.matches) != order:
                raise ValueError(
                    f"system {system}, line {i}: statistics have {st.max_order} orders but max_order is {order}"
                )
            rows += (st.hyp_len, st.ref_len, *st.matches, *st.totals)
            if nltk:
                if st.depth < depth:
                    raise ValueError(
                        f"system {system}, line {i}: {self.smoothing} needs statistics up to order {depth}"
                    )
                rows += st.extra_matches[:n_extra]
                rows += st.extra_totals[:n_extra]
                rows += st.empties()[:depth]
        self.data.extend(rows)

    def extend(self, other: LineColumns) -> None:
        """Append the lines of ``other`` (counted with the same options)."""
        if other.width != self.width:
            raise ValueError(f"lines of width {other.width} cannot follow lines of width {self.width}")
        self.data.extend(other.data)

    def column(self, k: int) -> array[int]:
        """Value k of every line, as an array."""
        return self.data[k :: self.width]

    @classmethod
    def of_vectors(cls, rows: Iterable[Sequence[int]], width: int, system: int = 0) -> LineColumns:
        """Another metric's per-line statistics (chrF's counts, TER's edits and reference
        lengths): ``width`` non-negative ints per line, kept as they are (``order`` 0).

        Raises:
            ValueError: a line with another number of values, or a value that is not a
                non-negative int below 2**32.
        """
        cols = cls.__new__(cls)
        cols.smoothing, cols.order, cols.depth, cols.nltk, cols.width = "", 0, 0, False, width
        flat: list[int] = []
        for i, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"system {system}, line {i}: {len(row)} statistics, expected {width}")
            flat += row
        try:
            cols.data = array(COLUMN_TYPECODE, flat)
        except (OverflowError, TypeError):
            raise ValueError(f"system {system}: statistics must be non-negative ints below 2**32") from None
        return cols

    @classmethod
    def of(cls, stats: LineColumns | Iterable[SentenceStats], config: BleuConfig, system: int = 0) -> LineColumns:
        """``stats`` as LineColumns (itself when it already is)."""
        if isinstance(stats, LineColumns):
            if (stats.order, stats.depth, stats.nltk) != (
                config.max_order,
                config.stats_order,
                config.smoothing in NLTK_METHODS,
            ):
                raise ValueError(
                    f"system {system}: statistics have {stats.order} orders but max_order is {config.max_order}"
                )
            return stats
        cols = cls(config)
        cols.add(stats, 0, system)
        return cols
