"""NumPy's default random generator (``numpy.random.default_rng``) in pure Python.

sacreBLEU's significance tests draw their resamples with
``np.random.default_rng(seed)``: a ``Generator`` over the ``PCG64`` bit
generator, seeded through ``SeedSequence``. To reproduce sacreBLEU's numbers
without NumPy, this module reimplements, bit for bit, the parts those tests use
(checked against NumPy 2.4.6; NumPy guarantees PCG64's stream, not Generator's
methods, so a later NumPy could draw differently):

``SeedSequence`` (entropy pool of 4 words, O'Neill's ``seed_seq`` design)
    The seed (a non-negative int) is split into 32-bit words, lowest first (0
    gives one word 0). Each word is hashed into the pool (``hashmix``: xor a
    running constant that starts at 0x43b0d7e5 and is multiplied by 0x931e8875
    at each use, multiply by it, xor the upper half down); then every pool word
    is mixed into every other (``mix(x, y) = 0xca01f9dd*x - 0x4973f715*y``,
    upper half xored down); seed words beyond the fourth are mixed into every
    pool word. ``generate_state`` hashes the pool cyclically with a second
    constant (start 0x8b51f9dd, multiplier 0x58f38ded); pairs of 32-bit words
    make the 64-bit words, low word first. All arithmetic is modulo 2**32.
``PCG64`` (O'Neill 2014, "PCG: A Family of Simple Fast Space-Efficient
Statistically Good Algorithms for Random Number Generation"; member XSL-RR 128/64)
    A 128-bit LCG, s <- s * 0x2360ed051fc65da44385df649fccf645 + inc (mod 2**128).
    Seeding with the four 64-bit words w0..w3 of ``generate_state(4, uint64)``:
    initstate = w0 * 2**64 + w1, inc = 2 * (w2 * 2**64 + w3) + 1 (mod 2**128);
    s = 0, step, s += initstate, step. Each draw steps first, then outputs
    ``rotr64(hi ^ lo, hi >> 58)`` of the new state. ``next_uint32`` returns the
    low half of a fresh 64-bit output and keeps the high half for the next call
    (``has_uint32``/``uinteger`` in NumPy's state).
``Generator.integers(0, n, size, dtype=int64)`` (also ``choice(n, size, replace=True)``)
    NumPy's ``random_bounded_uint64_fill`` with rng = n - 1: nothing is drawn
    when n = 1; when rng < 2**32 each value is Lemire's (2019, "Fast Random
    Integer Generation in an Interval") 32-bit method on ``next_uint32``:
    m = u * n, value = m >> 32, and the draw is repeated while
    m mod 2**32 < (2**32 - n) mod n; otherwise the 64-bit version on
    ``next_uint64`` (m = u * n over 128 bits, threshold (2**64 - n) mod n).
``Generator.integers(2, size, dtype=bool)``
    NumPy's ``random_bounded_bool_fill``: one ``next_uint32`` gives 32 values,
    lowest bit first; the buffer lives for one call (unused bits are dropped).

Speed: the draws are computed 512 at a time with the whole block packed into
Python big integers (SIMD within a register): the 512 LCG states come from
the block's start state by two multiplications (the jump-ahead constants
a**k and c_k of s_k = a**k s + c_k are packed once per stream), the xor, the
variable rotation (six conditional shifts selected by lane masks) and Lemire's
multiply-shift run on all lanes at once, and values come out through
``int.to_bytes`` and ``memoryview.cast``. Lemire's rejections are rare
(probability < n / 2**32) and are detected for the whole block by one
comparison with guard bits, then handled exactly.

NumPy is never imported here; the tests compare with it (tests/engine/test_random.py).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Iterator
from typing import Any, TypeAlias

__all__ = ["SeedSequence", "PCG64", "Generator", "default_rng"]

#: A seed as NumPy takes one: a non-negative int or a sequence of them.
Seed: TypeAlias = int | Iterable[int]

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1


def _u64_view(data: bytes) -> memoryview:
    """Little-endian 64-bit values as a memoryview of format "Q" (native order)."""
    if sys.byteorder == "little":
        return memoryview(data).cast("Q")
    a = array("Q")
    a.frombytes(data)
    a.byteswap()
    return memoryview(a)


# ------------------------------------------------------------------ SeedSequence

_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_MULT_L = 0xCA01F9DD
_MIX_MULT_R = 0x4973F715
_POOL_SIZE = 4


def _words32(value: Seed) -> list[int]:
    """A seed as 32-bit words, lowest first (NumPy's ``_coerce_to_uint32_array``
    for an int or a sequence of ints)."""
    if isinstance(value, bool):
        raise TypeError("seed must be an integer, not bool")
    if isinstance(value, int):
        if value < 0:
            raise ValueError("expected non-negative integer")
        words = []
        while True:
            words.append(value & _M32)
            value >>= 32
            if not value:
                return words
    if isinstance(value, (str, bytes, float)):
        raise TypeError(f"seed must be a non-negative integer, not {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"seed must be a non-negative integer, not {type(value).__name__}") from None
    words = []
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("a seed sequence must hold non-negative integers")
        words.extend(_words32(v))
    return words


class SeedSequence:
    """NumPy's ``SeedSequence(entropy)`` (pool size 4, no spawn key).

    Args:
        entropy: a non-negative int, a sequence of them, or None (128 bits
            from the OS, as NumPy does).
    Raises:
        ValueError: a negative seed. TypeError: not an integer.
    """

    __slots__ = ("entropy", "pool")

    def __init__(self, entropy: Seed | None = None) -> None:
        if entropy is None:
            import secrets  # here: secrets imports hashlib, which starts OpenSSL (milliseconds)

            entropy = secrets.randbits(_POOL_SIZE * 32)
        words = _words32(entropy)
        self.entropy = entropy
        hash_const = _INIT_A

        def hashmix(value: int) -> int:
            nonlocal hash_const
            value ^= hash_const
            hash_const = (hash_const * _MULT_A) & _M32
            value = (value * hash_const) & _M32
            return value ^ (value >> 16)

        def mix(x: int, y: int) -> int:
            r = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
            return r ^ (r >> 16)

        pool = [hashmix(words[i] if i < len(words) else 0) for i in range(_POOL_SIZE)]
        for src in range(_POOL_SIZE):
            for dst in range(_POOL_SIZE):
                if src != dst:
                    pool[dst] = mix(pool[dst], hashmix(pool[src]))
        for src in range(_POOL_SIZE, len(words)):
            for dst in range(_POOL_SIZE):
                pool[dst] = mix(pool[dst], hashmix(words[src]))
        self.pool = tuple(pool)

    def generate_state(self, n_words: int, dtype: str = "uint32") -> list[int]:
        """``generate_state(n_words, dtype)``: a list of ``n_words`` ints of 32 or 64 bits.

        Raises:
            ValueError: dtype is neither "uint32" nor "uint64".
        """
        if dtype not in ("uint32", "uint64"):
            raise ValueError("only support uint32 or uint64")
        n32 = n_words * (2 if dtype == "uint64" else 1)
        hash_const = _INIT_B
        out = []
        for i in range(n32):
            v = self.pool[i % _POOL_SIZE] ^ hash_const
            hash_const = (hash_const * _MULT_B) & _M32
            v = (v * hash_const) & _M32
            out.append(v ^ (v >> 16))
        if dtype == "uint64":
            return [out[2 * i] | (out[2 * i + 1] << 32) for i in range(n_words)]
        return out


# ------------------------------------------------------------------ PCG64

_MULT = 0x2360ED051FC65DA44385DF649FCCF645  # PCG's default 128-bit multiplier

_LANES = 256  # LCG lanes per packed vector; two vectors (even, odd draws) make a block
_BLOCK = 2 * _LANES  # 64-bit draws per block


def _pack(values: Iterable[int], width: int) -> int:
    """Pack non-negative ints (each < 2**(8*width)) into one int, ``width`` bytes each, first lowest."""
    return int.from_bytes(b"".join([v.to_bytes(width, "little") for v in values]), "little")


def _repeat(value: int, width: int, count: int) -> int:
    return int.from_bytes(value.to_bytes(width, "little") * count, "little")


def _affine_powers(inc: int, first: int, step: int, count: int) -> tuple[list[int], list[int]]:
    """(a_k, c_k) with s_k = a_k * s + c_k (mod 2**128) the LCG state k steps after s,
    for k = first, first + step, ..., ``count`` values."""
    # one step: (a, c) -> (MULT * a, MULT * c + inc); ``step`` steps at once: compose with (A, C)
    A, C = 1, 0
    for _ in range(step):
        A, C = (A * _MULT) & _M128, (C * _MULT + inc) & _M128
    a, c = 1, 0
    for _ in range(first):
        a, c = (a * _MULT) & _M128, (c * _MULT + inc) & _M128
    As, Cs = [], []
    for _ in range(count):
        As.append(a)
        Cs.append(c)
        a, c = (A * a) & _M128, (A * c + C) & _M128
    return As, Cs


def _advance(state: int, inc: int, delta: int) -> int:
    """The LCG state ``delta`` steps after ``state`` (Brown 1994's jump-ahead, as PCG's
    ``pcg_advance_lcg_128``), delta taken modulo 2**128."""
    delta &= _M128
    acc_mult, acc_plus = 1, 0
    cur_mult, cur_plus = _MULT, inc
    while delta:
        if delta & 1:
            acc_mult = (acc_mult * cur_mult) & _M128
            acc_plus = (acc_plus * cur_mult + cur_plus) & _M128
        cur_plus = ((cur_mult + 1) * cur_plus) & _M128
        cur_mult = (cur_mult * cur_mult) & _M128
        delta >>= 1
    return (acc_mult * state + acc_plus) & _M128


class _Consts:
    """Packed constants of the block generator that do not depend on the stream."""

    def __init__(self) -> None:
        L = _LANES
        a_even, _ = _affine_powers(0, 1, 2, L)
        a_odd, _ = _affine_powers(0, 2, 2, L)
        self.a_even = _pack(a_even, 32)  # a**(2j+1) in 256-bit lanes
        self.a_odd = _pack(a_odd, 32)  # a**(2j+2)
        self.m128_256 = _repeat(_M128, 32, L)
        self.m64_256 = _repeat(_M64, 32, L)
        self.top6_256 = _repeat(63 << 122, 32, L)  # the rotation bits of each state
        self.rot_bits = [_repeat(1 << (122 + j), 16, 2 * L) for j in range(6)]
        self.m64_128 = _repeat(_M64, 16, 2 * L)
        self.m32_128 = _repeat(_M32, 16, 2 * L)
        self.m32_64 = _repeat(_M32, 8, 4 * L)
        self.guard_64 = _repeat(1 << 32, 8, 4 * L)


_CONSTS: _Consts | None = None


def _consts() -> _Consts:
    global _CONSTS
    if _CONSTS is None:
        _CONSTS = _Consts()
    return _CONSTS


class PCG64:
    """NumPy's ``PCG64`` bit generator (``numpy.random.PCG64(seed)``).

    Args:
        seed: None (fresh OS entropy), a non-negative int or a sequence of
            them (through :class:`SeedSequence`), or a :class:`SeedSequence`.

    The state is the same as NumPy's: ``state`` (128-bit LCG state), ``inc``
    (odd 128-bit increment), ``has_uint32``/``uinteger`` (the buffered upper
    half of the last 64-bit draw, for ``next_uint32``).
    """

    __slots__ = ("s", "inc", "has_uint32", "uinteger", "_c_even", "_c_odd", "_block_jump")
    # the stream's packed constants (_lane_consts), made on the first block draw
    _c_even: int | None
    _c_odd: int
    _block_jump: tuple[list[int], list[int]]

    def __init__(self, seed: Seed | SeedSequence | None = None) -> None:
        seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        w = seq.generate_state(4, "uint64")
        initstate = (w[0] << 64) | w[1]
        self.inc = ((((w[2] << 64) | w[3]) << 1) | 1) & _M128
        # PCG's srandom: from state 0 step once (giving inc), add initstate, step again
        s = (self.inc + initstate) & _M128
        self.s = (s * _MULT + self.inc) & _M128
        self.has_uint32 = 0
        self.uinteger = 0
        self._c_even = None

    # -- state, as NumPy's bit_generator.state
    @property
    def state(self) -> dict[str, Any]:
        return {
            "bit_generator": "PCG64",
            "state": {"state": self.s, "inc": self.inc},
            "has_uint32": self.has_uint32,
            "uinteger": self.uinteger,
        }

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        if not isinstance(value, dict) or value.get("bit_generator") != "PCG64":
            raise ValueError("state must be a PCG64 state dict")
        inc = value["state"]["inc"] & _M128
        if inc != self.inc:
            self._c_even = None
        self.s = value["state"]["state"] & _M128
        self.inc = inc
        self.has_uint32 = int(value["has_uint32"])
        self.uinteger = int(value["uinteger"]) & _M32

    def advance(self, delta: int) -> PCG64:
        """Advance as if ``delta`` 64-bit draws were made; drops the buffered 32 bits (as NumPy)."""
        self.s = _advance(self.s, self.inc, delta)
        self.has_uint32 = 0
        self.uinteger = 0
        return self

    # -- one draw at a time
    def next_uint64(self) -> int:
        s = self.s = (self.s * _MULT + self.inc) & _M128
        hi = s >> 64
        x = (hi ^ s) & _M64
        r = hi >> 58
        return ((x >> r) | (x << (64 - r))) & _M64

    def next_uint32(self) -> int:
        if self.has_uint32:
            self.has_uint32 = 0
            return self.uinteger
        v = self.next_uint64()
        self.has_uint32 = 1
        self.uinteger = v >> 32
        return v & _M32

    # -- many draws at once
    def _lane_consts(self) -> tuple[int, int, tuple[list[int], list[int]]]:
        if self._c_even is None:
            L = _LANES
            _, c_even = _affine_powers(self.inc, 1, 2, L)
            _, c_odd = _affine_powers(self.inc, 2, 2, L)
            self._c_even = _pack(c_even, 32)
            self._c_odd = _pack(c_odd, 32)
            self._block_jump = _affine_powers(self.inc, _BLOCK, 1, 1)
        return self._c_even, self._c_odd, self._block_jump

    def _blocks(self, count: int) -> Iterator[tuple[int, int]]:
        """Yield (z, k): k <= _BLOCK next 64-bit draws packed in 128-bit lanes (draw i in
        bits 128 i .. 128 i + 63 of ``z``; the upper 64 bits of each lane hold garbage), for
        ``count`` draws in all. The state advances by ``count`` draws exactly."""
        K = _consts()
        c_even, c_odd, (jump_a, jump_c) = self._lane_consts()
        a_even, a_odd = K.a_even, K.a_odd
        m128, m64w, top6 = K.m128_256, K.m64_256, K.top6_256
        bit0, bit1, bit2, bit3, bit4, bit5 = K.rot_bits
        s = self.s
        start = s
        done = 0
        while done < count:
            even = (s * a_even + c_even) & m128  # states of draws 0, 2, 4, ... of the block
            odd = (s * a_odd + c_odd) & m128  # draws 1, 3, 5, ...
            s = (jump_a[0] * s + jump_c[0]) & _M128
            x = ((even >> 64) ^ even) & m64w | (((odd >> 64) ^ odd) & m64w) << 128
            # the rotations r = state >> 122 stay in place, bits 122..127 of 128-bit lanes
            r = even & top6 | (odd & top6) << 128
            # rotr64(x, r): shift z = x | x << 64 right by r in six conditional shifts,
            # largest first. Before the shift by 2**j only bits below 63 + 2**j still
            # matter, so the lane mask for "bit j of r is set" may be t - (t >> (122 + j))
            # with t = that bit in place (ones below bit 122 + j); the bits a shift
            # brings in from the next lane never reach the low 64.
            z = x | (x << 64)
            t = r & bit5
            z ^= (z ^ (z >> 32)) & (t - (t >> 127))
            t = r & bit4
            z ^= (z ^ (z >> 16)) & (t - (t >> 126))
            t = r & bit3
            z ^= (z ^ (z >> 8)) & (t - (t >> 125))
            t = r & bit2
            z ^= (z ^ (z >> 4)) & (t - (t >> 124))
            t = r & bit1
            z ^= (z ^ (z >> 2)) & (t - (t >> 123))
            t = r & bit0
            z ^= (z ^ (z >> 1)) & (t - (t >> 122))
            k = min(_BLOCK, count - done)
            done += k
            yield z, k
        self.s = _advance(start, self.inc, count)

    def random_raw(self, size: int) -> list[int]:
        """``size`` 64-bit draws (``random_raw(size)``), as a list of ints."""
        out: list[int] = []
        m64 = _consts().m64_128
        for z, k in self._blocks(size):
            b = (z & m64).to_bytes(_BLOCK * 16, "little")
            out.extend(_u64_view(b)[: 2 * k : 2].tolist())
        return out

    def _uint32_blocks(self, count: int) -> Iterator[tuple[int, int]]:
        """Yield (u, k): the next k ``next_uint32`` values packed in 64-bit lanes of ``u``
        (value i in bits 64 i .. 64 i + 31), ``count`` values in all, honouring and
        updating the buffered upper half exactly as ``count`` calls of next_uint32."""
        if count <= 0:
            return
        if self.has_uint32:
            self.has_uint32 = 0
            yield self.uinteger, 1
            count -= 1
            if not count:
                return
        K = _consts()
        m32 = K.m32_128
        n64 = (count + 1) // 2
        left = count
        for z, k in self._blocks(n64):
            u = (z & m32) | (((z >> 32) & m32) << 64)
            n = min(2 * k, left)
            left -= n
            if not left:
                # NumPy keeps the upper half of the last 64-bit draw in ``uinteger`` (stale
                # once used); it is pending (has_uint32) when the count is odd
                self.uinteger = (u >> (64 * (2 * k - 1))) & _M32
                self.has_uint32 = 1 if n < 2 * k else 0
            if n < 2 * _BLOCK:  # a short last block: drop the lanes beyond it
                u &= (1 << (64 * n)) - 1
            yield u, n


class Generator:
    """The parts of NumPy's ``Generator`` (over :class:`PCG64`) that sacreBLEU's tests use."""

    __slots__ = ("bit_generator",)

    def __init__(self, bit_generator: PCG64):
        self.bit_generator = bit_generator

    def integers(self, high: int, size: int) -> list[int]:
        """``integers(0, high, size=size, dtype=np.int64)`` flattened in C order; equally
        ``choice(high, size=size, replace=True)``.

        Args:
            high: the exclusive upper bound, 1 <= high <= 2**63.
            size: how many values (for a shape (a, b): a * b; row i is
                values[i*b:(i+1)*b]). Consecutive calls continue the stream
                exactly as NumPy's consecutive calls do.
        Returns:
            list of ``size`` ints in [0, high).
        Raises:
            ValueError: high out of range, or size < 0.
        """
        return self.integers_view(high, size).tolist()

    def integers_view(self, high: int, size: int) -> memoryview:
        """:meth:`integers` as a memoryview of ``size`` unsigned 64-bit items (format "Q"),
        without building a list (iterating or slicing it is cheaper)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise ValueError(f"size must be an integer >= 0, got {size!r}")
        if isinstance(high, bool) or not isinstance(high, int) or not 1 <= high <= 1 << 63:
            raise ValueError(f"high must be an integer in 1 .. 2**63 (low is 0), got {high!r}")
        rng = high - 1
        if rng == 0 or size == 0:
            data = bytes(8 * size)
        elif rng <= _M32:
            data = self._lemire32(high, size)
        else:
            data = self._lemire64(high, size)
        return _u64_view(data)

    def _lemire32(self, n: int, size: int) -> bytes:
        """NumPy's ``buffered_bounded_lemire_uint32`` ``size`` times, as 8-byte little-endian values."""
        bg = self.bit_generator
        threshold = ((1 << 32) - n) % n  # a draw is rejected when m mod 2**32 < threshold
        K = _consts()
        m32, guard = K.m32_64, K.guard_64
        full = 2 * _BLOCK  # 32-bit values per block
        n_lanes = _repeat(n, 8, full)
        pieces = []
        got = 0
        while got < size:
            for u, k in bg._uint32_blocks(size - got):
                m = u * n
                piece: bytes | bytearray = ((m >> 32) & m32).to_bytes(8 * full, "little")
                if k < full:
                    piece = piece[: 8 * k]
                if threshold:
                    # lanes whose leftover m mod 2**32 is < n (a guard bit above each
                    # leftover survives the subtraction of n only when leftover >= n):
                    # the only candidates for rejection, rare (probability n / 2**32)
                    left = m & m32
                    low = (((left | guard) - n_lanes) & guard) ^ guard
                    if k < full:
                        low &= (1 << (64 * k)) - 1
                    if low:
                        rejected = []
                        while low:
                            bit = low & -low
                            lane = bit.bit_length() >> 6
                            if (left >> (64 * lane)) & _M32 < threshold:
                                rejected.append(lane)
                            low ^= bit
                        if rejected:
                            piece = bytearray(piece)
                            for lane in reversed(rejected):
                                del piece[8 * lane : 8 * lane + 8]
                            k -= len(rejected)
                pieces.append(piece)
                got += k
        return b"".join(pieces)

    def _lemire64(self, n: int, size: int) -> bytes:
        """NumPy's ``bounded_lemire_uint64`` (rng >= 2**32) ``size`` times."""
        bg = self.bit_generator
        threshold = ((1 << 64) - n) % n
        out: list[int] = []
        while len(out) < size:
            for u in bg.random_raw(size - len(out)):
                m = u * n
                if (m & _M64) >= threshold:
                    out.append(m >> 64)
        return b"".join([v.to_bytes(8, "little") for v in out])

    def choice(self, n: int, size: int) -> list[int]:
        """``choice(n, size=size, replace=True)`` flattened: the same draws as :meth:`integers`."""
        if n <= 0:
            raise ValueError("a must be a positive integer unless no samples are taken")
        return self.integers(n, size)

    def random_bools(self, size: int) -> int:
        """``integers(2, size=size, dtype=bool)`` flattened, as the bits of an int: value i
        is bit i. One call draws ceil(size / 32) ``next_uint32`` values; the unused upper
        bits of the last one are dropped (NumPy's buffer lives for one call), so a stream
        cut into several calls matches one NumPy call only where the cuts fall on
        multiples of 32.

        Raises:
            ValueError: size < 0.
        """
        return int.from_bytes(self.random_bool_bytes(size), "little") & ((1 << size) - 1)

    def random_bool_bytes(self, size: int) -> bytes:
        """:meth:`random_bools` as little-endian bytes, 4 per 32 values (the bits past
        ``size`` in the last 4 bytes are the unused rest of the last draw)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise ValueError(f"size must be an integer >= 0, got {size!r}")
        words = (size + 31) // 32
        parts = []
        for u, k in self.bit_generator._uint32_blocks(words):
            b = u.to_bytes(8 * k, "little")
            # the low 4 bytes of each 8-byte lane, whatever the native order: 32-bit items 0, 2, 4, ...
            parts.append(memoryview(b).cast("I")[::2].tobytes())
        return b"".join(parts)


def default_rng(seed: Seed | None = None) -> Generator:
    """``numpy.random.default_rng(seed)``: a :class:`Generator` over :class:`PCG64`.

    Args:
        seed: None (OS entropy), a non-negative int (or a sequence of them).
    """
    return Generator(PCG64(seed))
