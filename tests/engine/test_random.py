"""bleu2.common.numpy_random against NumPy (the oracle, a test-only dependency): SeedSequence, PCG64 and
the two Generator paths sacreBLEU's significance tests use, bit for bit, including the
generator's state after each call (so consecutive calls continue identically)."""

from __future__ import annotations

import ctypes
import itertools

import numpy as np
import pytest

from bleu2.common import numpy_random as R

SEEDS = [0, 1, 12345, 2**32 - 1, 2**32, 2**63, 2**64 + 3, 2**128 - 1, 3**100]
# ranges: Lemire 32-bit (tiny, typical, rejection-heavy, 2**32 exactly) and 64-bit
HIGHS = [1, 2, 3, 7, 1000, 3004, 2**31 + 5, 2**32, 2**32 + 1, 2**33 + 1, 2**62 + 7, 2**63]


def pair(seed):
    return np.random.default_rng(seed), R.default_rng(seed)


def same_state(g, mine):
    assert mine.bit_generator.state == g.bit_generator.state


@pytest.mark.parametrize("seed", SEEDS + [[1, 2, 3], [2**40, 5, 6, 7, 8, 9]])
def test_seed_sequence(seed):
    ss = np.random.SeedSequence(seed)
    mine = R.SeedSequence(seed)
    assert list(mine.pool) == [int(x) for x in ss.pool]
    for n in (1, 4, 9):
        assert mine.generate_state(n) == [int(x) for x in ss.generate_state(n)]
        assert mine.generate_state(n, "uint64") == [int(x) for x in ss.generate_state(n, np.uint64)]


@pytest.mark.parametrize("seed", SEEDS)
def test_seeding_and_raw_draws(seed):
    g, mine = pair(seed)
    same_state(g, mine)
    for size in (1, 511, 512, 513, 1500, 0, 3):
        assert mine.bit_generator.random_raw(size) == [int(x) for x in g.bit_generator.random_raw(size)]
        same_state(g, mine)


def test_next_uint32_and_uint64_one_at_a_time():
    bg = np.random.PCG64(12345)
    iface = bg.ctypes
    mine = R.PCG64(12345)
    for kind in "3364333643" * 3:
        if kind == "3":
            assert mine.next_uint32() == iface.next_uint32(iface.state)
        else:
            assert mine.next_uint64() == iface.next_uint64(iface.state)
        assert mine.state == bg.state


@pytest.mark.parametrize("seed", [0, 12345, 2**63])
@pytest.mark.parametrize("high", HIGHS)
def test_integers(seed, high):
    g, mine = pair(seed)
    for size in (1, 5, 1000, 3, 2049, 0):
        expected = g.integers(0, high, size=size, dtype=np.int64).tolist()
        assert mine.integers(high, size) == expected, (high, size)
        same_state(g, mine)


@pytest.mark.parametrize(
    "seed, shape",
    [(12345, (1000, 3004))]  # sacreBLEU's default paired bootstrap on 3,004 lines
    + [(seed, shape) for seed in (12345, 1, 2**32 - 1) for shape in ((7, 3), (3, 2445), (1, 1), (20, 3004))],
)
def test_choice_shapes_in_c_order(seed, shape):
    """sacreBLEU's ``rng.choice(n, size=(n_samples, n), replace=True)``: row i of the
    resample matrix is values[i*n:(i+1)*n]; the state continues as NumPy's."""
    g, mine = pair(seed)
    n = shape[1]
    expected = g.choice(n, size=shape, replace=True)
    got = mine.choice(n, shape[0] * shape[1])
    assert got == expected.ravel().tolist()
    same_state(g, mine)
    # a second call continues identically
    assert mine.choice(n, 17) == g.choice(n, size=17, replace=True).tolist()
    same_state(g, mine)


@pytest.mark.parametrize("seed", [0, 12345, 2**128 - 1])
@pytest.mark.parametrize("size", [1, 31, 32, 33, 64, 65, 1000, 3004 * 7, 2445 * 11])
def test_bools(seed, size):
    """sacreBLEU's ``rng.integers(2, size=(n_samples, n), dtype=bool)``."""
    g, mine = pair(seed)
    for _ in range(2):
        expected = g.integers(2, size=size, dtype=bool)
        bits = mine.random_bools(size)
        assert [(bits >> i) & 1 == 1 for i in range(size)] == expected.tolist()
        same_state(g, mine)


def test_bools_then_choice_as_in_paired_ar():
    """The approximate-randomization test with confidence draws the swap pattern, then
    the resamples, from one generator (a buffered 32-bit half carries over)."""
    for n_lines, n_trials in [(3004, 10), (2445, 7), (5, 3), (33, 1)]:
        g, mine = pair(12345)
        sel = g.integers(2, size=(n_trials, n_lines), dtype=bool)
        bits = mine.random_bools(n_trials * n_lines)
        assert [(bits >> i) & 1 == 1 for i in range(n_trials * n_lines)] == sel.ravel().tolist()
        idx = g.choice(n_lines, size=(4, n_lines), replace=True)
        assert mine.choice(n_lines, 4 * n_lines) == idx.ravel().tolist()
        same_state(g, mine)


def test_bool_stream_in_chunks_of_32_is_one_call():
    g, mine = pair(7)
    expected = g.integers(2, size=5 * 3004, dtype=bool).tolist()
    got = []
    for chunk in (32 * 10, 32 * 100, 5 * 3004 - 32 * 110):
        bits = mine.random_bools(chunk)
        got += [(bits >> i) & 1 == 1 for i in range(chunk)]
    assert got == expected
    same_state(g, mine)


def test_interleaved_calls_keep_the_buffered_half():
    """Odd counts of 32-bit draws leave the upper half of a 64-bit draw buffered; every
    path (raw, Lemire 32, Lemire 64, bools) must use and keep it as NumPy does."""
    g, mine = pair(2024)
    steps = itertools.cycle(["i3", "b5", "raw", "i3004", "i64", "b33", "i1"])
    for step, size in zip(itertools.islice(steps, 40), itertools.cycle([1, 3, 1001, 2, 64, 33, 0, 7])):
        if step == "raw":
            assert mine.bit_generator.random_raw(size) == [int(x) for x in g.bit_generator.random_raw(size)]
        elif step.startswith("b"):
            n = size + int(step[1:])
            bits = mine.random_bools(n)
            assert [(bits >> i) & 1 == 1 for i in range(n)] == g.integers(2, size=n, dtype=bool).tolist()
        else:
            high = {"i3": 3, "i3004": 3004, "i64": 2**40 + 3, "i1": 1}[step]
            assert mine.integers(high, size) == g.integers(0, high, size=size).tolist()
        same_state(g, mine)


def test_rejections_are_handled_exactly():
    """high = 2**31 + 5 rejects almost half of the 32-bit draws: the stream of accepted
    values and the count of draws consumed must match NumPy's."""
    g, mine = pair(99)
    high = 2**31 + 5
    assert mine.integers(high, 5000) == g.integers(0, high, size=5000).tolist()
    same_state(g, mine)
    high = 2**62 + 7  # the 64-bit path rejects too
    assert mine.integers(high, 300) == g.integers(0, high, size=300).tolist()
    same_state(g, mine)


def test_integers_view_is_the_same_values():
    _, mine = pair(5)
    _, other = pair(5)
    view = mine.integers_view(3004, 5000)
    assert view.format == "Q" and len(view) == 5000
    assert view.tolist() == other.integers(3004, 5000)


def test_state_setter_and_advance():
    g, mine = pair(12345)
    g.bit_generator.advance(10**30 + 7)
    mine.bit_generator.advance(10**30 + 7)
    same_state(g, mine)
    assert mine.bit_generator.random_raw(3) == [int(x) for x in g.bit_generator.random_raw(3)]
    state = g.bit_generator.state
    other = R.PCG64(1)
    other.state = state
    assert other.random_raw(600) == [int(x) for x in g.bit_generator.random_raw(600)]


def test_entropy_seed_and_errors():
    a, b = R.default_rng(None), R.default_rng(None)
    assert a.integers(2**40, 4) != b.integers(2**40, 4)  # 2**-160 chance of a false failure
    with pytest.raises(ValueError):
        R.default_rng(-1)
    with pytest.raises(TypeError):
        R.default_rng(1.5)
    with pytest.raises(ValueError):
        R.default_rng(1).integers(0, 3)
    with pytest.raises(ValueError):
        R.default_rng(1).integers(2**63 + 1, 3)
    with pytest.raises(ValueError):
        R.default_rng(1).integers(5, -1)
    with pytest.raises(ValueError):
        R.default_rng(1).random_bools(-1)


def test_no_numpy_import():
    import subprocess
    import sys

    code = (
        "import sys, bleu2.common.numpy_random as R, bleu2.corpus.significance as S; "
        "R.default_rng(1).integers(10, 5); assert 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_ctypes_is_available():
    # the one-at-a-time test reads NumPy's next_uint32 through its ctypes interface
    assert isinstance(np.random.PCG64(1).ctypes.state, ctypes.c_void_p)
