"""NumPy's legacy global generator (``np.random.seed``, ``np.random.randint``,
``np.random.choice``) in pure Python: what rouge-score's ``BootstrapAggregator`` draws with.

``np.random.seed(s)`` (s an int in 0 .. 2**32 - 1) seeds ``RandomState``'s MT19937 with
Matsumoto and Nishimura's ``init_genrand(s)`` (1998, "Mersenne Twister: a 623-dimensionally
equidistributed uniform pseudo-random number generator"; x[i] = 1812433253 * (x[i-1] xor
x[i-1] >> 30) + i mod 2**32). Each 32-bit draw is MT19937's tempered output; CPython's
``random.Random`` is the same MT19937, so its state is set from these 624 words and its
``getrandbits`` gives the draws (32 bits each, the first in the lowest bits).

``randint(0, n, size)`` (and ``choice(n, size)`` with replacement, which calls it) for
n - 1 < 2**32 is NumPy's masked rejection sampling (``buffered_bounded_masked_uint32``):
mask = the smallest 2**k - 1 >= n - 1; each value is ``draw & mask``, drawn again while
it exceeds n - 1; n = 1 draws nothing. Consecutive calls continue one stream.

Speed: a call draws its words with one ``getrandbits`` and masks and tests them all at once
in 32-bit lanes of one integer; the draws left over stay packed for the next call.

NumPy is never imported here; the tests compare with it (tests/engine/test_rouge_bootstrap.py).
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from collections.abc import Iterator, Sequence
from itertools import compress

__all__ = ["RandomState", "mt19937_init"]

_M32 = 0xFFFFFFFF
_N = 624


def mt19937_init(seed: int) -> list[int]:
    """MT19937's ``init_genrand(seed)``: the 624 state words."""
    mt = [seed & _M32]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _M32)
    return mt


_KEEP = bytes.maketrans(b"\x00\x80", b"\x01\x00")
_LANES: dict[tuple[int, int], tuple[int, int, int]] = {}


def _lane_consts(mask: int, rng: int, count: int) -> tuple[int, int, int]:
    """mask, 2**31 - 1 - rng and 2**31, each in ``count`` 32-bit lanes (cached)."""
    key = (rng, count)
    c = _LANES.get(key)
    if c is None:
        if len(_LANES) > 64:
            _LANES.clear()
        ones = int.from_bytes(b"\x01\x00\x00\x00" * count, "little")
        c = _LANES[key] = (mask * ones, ((1 << 31) - 1 - rng) * ones, (1 << 31) * ones)
    return c


def _masked(raw: int, count: int, mask: int, rng: int) -> tuple[Sequence[int], bytes]:
    """(draw & mask for each of the ``count`` draws packed in ``raw``, a byte per draw: 1
    where that value is <= rng).

    All draws at once in 32-bit lanes of one integer: for mask < 2**31, adding
    2**31 - 1 - rng to a lane sets its bit 31 exactly when the value exceeds rng,
    with no carry into the next lane."""
    if mask >= 1 << 31:
        vals = [(raw >> (32 * i)) & mask for i in range(count)]
        return vals, bytes(v <= rng for v in vals)
    lane_mask, lane_add, lane_top = _lane_consts(mask, rng, count)
    masked = raw & lane_mask
    over = (masked + lane_add) & lane_top
    words = array("I")
    words.frombytes(masked.to_bytes(4 * count, "little"))
    if sys.byteorder != "little":
        words.byteswap()
    return words, over.to_bytes(4 * count, "little")[3::4].translate(_KEEP)


class RandomState:
    """``numpy.random.RandomState(seed)`` for ``randint``/``choice`` with replacement.

    Args:
        seed: an int in 0 .. 2**32 - 1 (``np.random.seed(seed)``).
    Raises:
        ValueError: a seed out of range (as NumPy's "Seed must be between 0 and 2**32 - 1").
    """

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _M32:
            raise ValueError(f"Seed must be between 0 and 2**32 - 1, got {seed!r}")
        self._mt = random.Random()
        self._mt.setstate((3, (*mt19937_init(seed), _N), None))
        # drawn words not used yet (NumPy has used none of them), packed as by getrandbits
        self._pending = 0
        self._pending_n = 0

    def _words(self, count: int) -> int:
        """The next ``count`` 32-bit draws (pending ones first), draw i in bits 32 i .. 32 i + 31."""
        n = self._pending_n
        if n >= count:
            out = self._pending & ((1 << (32 * count)) - 1)
            self._pending >>= 32 * count
            self._pending_n = n - count
            return out
        out = self._pending | (self._mt.getrandbits(32 * (count - n)) << (32 * n))
        self._pending = 0
        self._pending_n = 0
        return out

    def _unread(self, raw: int, start: int, count: int) -> None:
        """Put draws ``start`` .. ``count - 1`` of ``raw`` back before the pending ones."""
        back = count - start
        self._pending = (raw >> (32 * start)) | (self._pending << (32 * back))
        self._pending_n += back

    def randint(self, high: int, size: int) -> list[int]:
        """``randint(0, high, size=size)`` (= ``choice(high, size=size)``): ``size`` ints in [0, high).

        Raises:
            ValueError: high < 1 or high - 1 >= 2**32, size < 0.
        """
        if isinstance(high, bool) or not isinstance(high, int) or not 1 <= high <= 1 << 32:
            raise ValueError(f"high must be an int in 1 .. 2**32, got {high!r}")
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise ValueError(f"size must be an int >= 0, got {size!r}")
        rng = high - 1
        if rng == 0:
            return [0] * size
        mask = (1 << rng.bit_length()) - 1
        out: list[int] = []
        while len(out) < size:
            need = size - len(out)
            # enough draws for all but a few calls in a hundred (2 standard deviations of the rejections)
            count = need * (mask + 1) // high + 2 * math.isqrt(need) + 16
            raw = self._words(count)
            vals, keep = _masked(raw, count, mask, rng)
            got = list(compress(vals, keep))
            if len(got) > need:
                # too many: the draws after the need-th kept one go back, unread
                k = count
                for _ in range(len(got) - need + 1):  # back to the need-th kept draw
                    k = keep.rfind(b"\x01", 0, k)
                self._unread(raw, k + 1, count)
                del got[need:]
            if out:
                out.extend(got)
            else:
                out = got
        return out

    def randint_rows(self, high: int, size: int, count: int) -> Iterator[list[int]]:
        """``count`` consecutive ``randint(0, high, size=size)`` calls, one list each."""
        for _ in range(count):
            yield self.randint(high, size)
