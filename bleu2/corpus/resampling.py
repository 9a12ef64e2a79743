"""The significance tests' resampling loops: every system's lines packed into one int per
line, bootstrap resamples summed at C speed, approximate-randomization trials by bit-planes.

Each line's statistics of all systems are packed into one Python int with fixed-width
slots wide enough never to carry, so a resample's column sums for every system are one
``sum([packed[i] for i in indices])``. An approximate-randomization trial's swap pattern is
an int x (bit i: line i swapped); a column's sum of baseline-minus-system differences over
the swapped lines is sum_k 2**k popcount(x & P_k) (plus an offset), P_k the bit-planes of
the differences: C-level ``&`` and ``int.bit_count`` calls per trial, about one per column
per bit of its differences.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Generator as _Generator

from ..common.numpy_random import Generator
from ..common.steps import Progress
from ..metrics.bleu.stats import SentenceStats
from .columns import COLUMN_TYPECODE, LineColumns

__all__ = ["STAGE", "PackedLines", "bootstrap_scores", "trial_differences"]

#: The stage of the tests' :class:`~bleu2.common.steps.Progress`.
STAGE = "significance"


class PackedLines:
    """Per-line statistics of all systems packed into one int per line.

    Each system contributes ``width`` slots (:class:`LineColumns`' values). Slots are
    ``8 * slot_bytes`` bits wide, enough for any sum over ``n_lines`` lines (a resample
    draws as many as the corpus has), so sums never carry. The ints are built from the
    arrays' bytes (C-level slicing, one ``int.from_bytes`` per line).
    """

    def __init__(self, systems: Sequence[LineColumns]):
        first = systems[0]
        n = len(first)
        self.order = first.order
        self.n_extra = first.depth - first.order
        self.nltk = first.nltk
        self.systems = systems
        self.width = w = first.width
        self.n_systems = len(systems)
        self.n_lines = n
        self.n_slots = slots = w * self.n_systems
        self.totals = [[sum(s.column(k)) for k in range(w)] for s in systems]
        biggest = max((max(s.data) for s in systems if len(s.data)), default=0)
        nbytes = max(1, ((n * biggest).bit_length() + 7) // 8)
        self.shifts = [8 * nbytes * j for j in range(slots)]
        self.mask = (1 << (8 * nbytes)) - 1
        self.packed = _pack([s.data for s in systems], w, n, nbytes)

    def unpack(self, total: int) -> list[int]:
        """The slot values of a packed sum, system after system."""
        mask = self.mask
        return [(total >> sh) & mask for sh in self.shifts]

    def column(self, slot: int) -> array[int]:
        """The per-line values of one slot (system ``slot // width``)."""
        return self.systems[slot // self.width].column(slot % self.width)

    def to_stats(self, v: Sequence[int]) -> SentenceStats:
        """Summed columns of one system back to (pooled) SentenceStats."""
        N = self.order
        matches = tuple(v[2 : 2 + N])
        totals = tuple(v[2 + N : 2 + 2 * N])
        if not self.nltk:
            return SentenceStats(matches, totals, v[0], v[1])
        x = self.n_extra
        j = 2 + 2 * N
        return SentenceStats(
            matches,
            totals,
            v[0],
            v[1],
            tuple(v[j + 2 * x :]),
            tuple(v[j : j + x]),
            tuple(v[j + x : j + 2 * x]),
        )


#: Lines packed at a time by :func:`_pack` (bounds its temporary bytes).
_PACK_LINES = 1 << 15


def _pack(datas: Sequence[array[int]], width: int, n: int, nbytes: int) -> list[int]:
    """One int per line: slot k (system k // width, value k % width) in bytes
    ``k * nbytes`` .. ``(k + 1) * nbytes - 1``, little-endian. Built a block of lines at a
    time: each value's low bytes are copied into place by extended slicing."""
    item = array(COLUMN_TYPECODE).itemsize
    slots = width * len(datas)
    row = slots * nbytes
    keep = min(nbytes, item)
    out: list[int] = []
    from_bytes = int.from_bytes
    for lo in range(0, n, _PACK_LINES):
        m = min(_PACK_LINES, n - lo)
        buf = bytearray(m * row)
        for s, data in enumerate(datas):
            block = data[lo * width : (lo + m) * width]
            if sys.byteorder == "big":
                block.byteswap()
            raw = block.tobytes()
            for j in range(width):
                k = s * width + j
                for b in range(keep):
                    buf[k * nbytes + b :: row] = raw[j * item + b :: width * item]
        mv = memoryview(buf)
        out += [from_bytes(mv[i : i + row], "little") for i in range(0, m * row, row)]
    return out


def bootstrap_scores(
    cols: PackedLines,
    score: Callable[[Sequence[int]], float],
    rng: Generator,
    n: int,
    systems: Sequence[int],
    done: int,
    total: int,
) -> _Generator[Progress, None, list[list[float]]]:
    """Scores of ``systems`` on ``n`` resamples drawn as ``rng.choice(n_lines, (n, n_lines))``
    (a generator: yields :class:`~bleu2.common.steps.Progress` after each chunk, returns the scores)."""
    n_lines = cols.n_lines
    packed = cols.packed
    unpack = cols.unpack
    w = cols.width
    out: list[list[float]] = [[] for _ in systems]
    rows_per_chunk = max(1, 65536 // n_lines)
    row = 0
    while row < n:
        rows = min(rows_per_chunk, n - row)
        idx = rng.integers_view(n_lines, rows * n_lines)
        for j in range(rows):
            # a comprehension, not map(packed.__getitem__, ...): as fast in CPython, and
            # Pyodide's calls of C functions through map are slow
            flat = unpack(sum([packed[i] for i in idx[j * n_lines : (j + 1) * n_lines]]))
            for o, s in zip(out, systems):
                o.append(score(flat[s * w : (s + 1) * w]))
        row += rows
        yield Progress(STAGE, done + row, total)
    return out


# _ASCII_BIT[k]: byte -> b"0" or b"1", its bit k
_ASCII_BIT = [bytes([48 + ((b >> k) & 1) for b in range(256)]) for k in range(8)]


def _bit_planes(values: list[int], n_bits: int) -> list[int]:
    """Bit-planes of a column of non-negative ints (< 2**64): plane k is the int whose
    bit i is bit k of values[i] (built through a string of binary digits, at C speed)."""
    if n_bits <= 8:
        rev = bytes(values[::-1])
        return [int(rev.translate(_ASCII_BIT[k]), 2) for k in range(n_bits)]
    n = len(values)
    wide = int.from_bytes(b"".join([v.to_bytes(8, "little") for v in values[::-1]]), "little")
    lanes = int.from_bytes((b"\xff" + bytes(7)) * n, "little")  # the low byte of each 8-byte lane
    return [
        int(((wide >> k) & lanes).to_bytes(8 * n, "little")[::8].translate(_ASCII_BIT[0]), 2) for k in range(n_bits)
    ]


def trial_differences(cols: PackedLines, rng: Generator, n: int) -> Iterator[list[int]]:
    """Yield, for each of ``n`` trials, the sums over the swapped lines of
    (baseline - system s) for every system s >= 1 and column (a flat list, system after
    system); the swap patterns are ``rng.integers(2, size=(n, n_lines), dtype=bool)``,
    drawn in chunks cut at multiples of 32 values, so the stream is NumPy's.

    A trial's swap pattern is an int x (bit i: line i swapped). A column's differences
    d_i, shifted by their minimum lo to e_i = d_i - lo >= 0, have bit-planes P_k (bit i
    = bit k of e_i); the sum over the swapped lines is
    sum_k 2**k popcount(x & P_k) + lo * popcount(x): a C-level AND and
    ``int.bit_count`` per plane, the counts packed into one int by shifting. Columns
    equal in both systems (one reference: the reference lengths) cost nothing."""
    n_lines = cols.n_lines
    nb = (n_lines + 7) // 8
    w = cols.width
    # Each column's differences become bit-planes at once (the list of differences is
    # dropped), so only the planes of every column are held at the same time.
    columns: list[tuple[int, list[int]]] = []  # (lo, planes) per column
    biggest = 0
    for s in range(1, cols.n_systems):
        for j in range(w):
            d = [a - b for a, b in zip(cols.column(j), cols.column(s * w + j))]
            lo = min(d)
            e = [x - lo for x in d] if lo else d
            top = max(e)
            biggest = max(biggest, top)
            columns.append((lo, _bit_planes(e, top.bit_length())))
    bits = max(1, (n_lines * biggest).bit_length())
    mask = (1 << bits) - 1
    slot_shifts = [bits * j for j in range(len(columns))]
    los = [lo for lo, _ in columns]
    planes, shifts = [], []
    for sh, (_, col_planes) in zip(slot_shifts, columns):
        for k, plane in enumerate(col_planes):
            if plane:
                planes.append(plane)
                shifts.append(sh + k)
    del columns
    all_lines = (1 << n_lines) - 1
    offsets = any(los)
    step = 32 // math.gcd(n_lines, 32)  # trials per whole number of 32-bit draws
    per_chunk = max(step, (1 << 20) // n_lines // step * step)
    trial = 0
    while trial < n:
        k = min(per_chunk, n - trial)
        raw = rng.random_bool_bytes(k * n_lines) + bytes(2)
        for j in range(k):
            start = j * n_lines
            b0 = start >> 3
            x = (int.from_bytes(raw[b0 : b0 + nb + 1], "little") >> (start & 7)) & all_lines
            packed = sum([(x & p).bit_count() << sh for p, sh in zip(planes, shifts)])
            sums = [(packed >> sh) & mask for sh in slot_shifts]
            if offsets:
                swapped = x.bit_count()
                sums = [e + lo * swapped for e, lo in zip(sums, los)]
            yield sums
        trial += k
