"""Significance tests for corpus BLEU: bootstrap confidence intervals, paired
bootstrap resampling and paired approximate randomization, with sacreBLEU 2.6.0's
numbers.

Every test resamples the per-line sufficient statistics bleu2 already keeps
(:class:`~bleu2.stats.SentenceStats`, one per line per system); no text is
tokenized again. All scores, means and half-widths are on bleu2's scale, floats
in [0, 1] (sacreBLEU's / 100); p-values are in (0, 1].

Methods
-------
:func:`confidence_intervals` (sacreBLEU ``--confidence``; Koehn 2004)
    ``n`` bootstrap resamples of the lines (drawn with replacement, as many as
    the corpus has); each system is scored on every resample. ``mean`` is the
    mean of the resample scores (``statistics.mean``), ``ci`` the half-width of
    the interval between the sorted scores at positions ``n // 40`` and
    ``n - n // 40 - 1`` (a 95% interval).
:func:`paired_bootstrap` (sacreBLEU ``--paired-bs``; Koehn 2004, "Statistical
Significance Tests for Machine Translation Evaluation", EMNLP)
    The first system is the baseline. The same ``n`` resamples score every
    system; ``mean``/``ci`` as above (the mean as NumPy's ``ndarray.mean`` of
    the sorted scores: pairwise summation). For each other system, with
    d_i = |s_i - b_i| on resample i and D = |S - B| on the corpus, the p-value
    is (1 + #{i : d_i - mean(d) > D}) / (n + 1).
:func:`paired_approximate_randomization` (sacreBLEU ``--paired-ar``; Riezler &
Maxwell 2005, "On Some Pitfalls in Automatic Evaluation and Significance
Testing for MT"; Clark et al.'s multeval)
    In each of ``n`` trials every line's two outputs (baseline, system) are
    swapped with probability 1/2, giving two pseudo-systems A and B; the
    p-value is (1 + #{trials : |A - B| > D}) / (n + 1). The same swap pattern
    serves every system. Optional bootstrap confidence intervals
    (``n_confidence``, sacreBLEU's ``n_ar_confidence``; the CLI never sets it).

Random numbers and reproducibility
----------------------------------
sacreBLEU draws with ``numpy.random.default_rng(seed)`` (PCG64, O'Neill 2014);
:mod:`bleu2._random` reproduces those draws bit for bit in pure Python: the
resample indices are ``choice(n_lines, size=(n, n_lines))`` and the swap
pattern ``integers(2, size=(n, n_lines), dtype=bool)``, consumed in the same
order (for approximate randomization with confidence intervals: the swap
pattern, then the systems' resamples from the same generator; the baseline's
resamples from a fresh generator, as sacreBLEU's ``_bootstrap_resample``).
The default seed is sacreBLEU's (``SACREBLEU_SEED``, 12345); ``seed=None``
takes fresh entropy from the OS (sacreBLEU's ``SACREBLEU_SEED=None``), one
generator for all systems. sacreBLEU's paired tests treat seed 0 as None
(``self._seed if self._seed else None``); bleu2 uses seed 0 as given.

Arithmetic: what is emulated and why
------------------------------------
For sacreBLEU's smoothing methods (``exp``, ``floor``, ``add-k``, ``none``)
with uniform weights, the configurations sacreBLEU can compute, the scores
follow sacreBLEU's own arithmetic (:func:`_sacrebleu_score`):

* bootstrap resamples (all three tests): sacreBLEU converts the statistics to
  ``float32`` NumPy arrays, so each resample's precisions are computed in
  float32 (NumPy 2, NEP 50: a Python float with a float32 is float32):
  p_n = f32(f32(100 m_n) / t_n), exp smoothing f32(100 / f32(2^j t_n)),
  floor f32(f32(100 k) / t_n), add-k adds f32(k) in float32. The sums
  themselves are exact integers below 2**24 = 16,777,216 (sacreBLEU's
  float32 sums too); bleu2 sums exact integers whatever their size.
* corpus scores and approximate-randomization trials: Python/NumPy integers
  and doubles, percent first (100 m_n / t_n), log-sum divided by the order.
  For ``add-k`` with a non-integer k, sacreBLEU's trial scores add floor(k)
  (the float sum is stored back into its int64 array); emulated.
* means: ``statistics.mean`` for :func:`confidence_intervals`
  (``Score.estimate_ci``), NumPy's pairwise summation elsewhere
  (``significance.estimate_ci`` and the p-value's mean of d).

That gives sacreBLEU's results (to the last bit of the percent values in our
tests, then divided by 100). The float32 rounding matters: without it the CI
half-widths on TED move by up to 4e-9 on the [0, 1] scale (the means by about
1e-10), beyond the tests' 1e-9 tolerance; and the percent frame
keeps p-value ties (a trial equal to the corpus difference is not counted)
exactly as sacreBLEU's. bleu2's general scorer (:func:`bleu2.scoring.bleu_score`)
works in fractions and doubles, so this module keeps that one formula for
sacreBLEU's methods; ``Result.score`` is still bleu2's own corpus score.

For every other configuration (the defaults' ``add-1``, NLTK's methods,
non-uniform weights), which sacreBLEU cannot compute, resamples are scored
exactly with :func:`bleu2.scoring.bleu_score` on the summed statistics.

Post 2018 ("A Call for Clarity in Reporting BLEU Scores", WMT) describes
sacreBLEU; the tests arrived in sacreBLEU 2.0.

Speed: each line's statistics of all systems are packed into one Python int
with fixed-width slots wide enough never to carry, so a resample's column sums
for every system are one ``sum([packed[i] for i in indices])``. An
approximate-randomization trial's swap pattern is an int x (bit i: line i
swapped); a column's sum of baseline-minus-system differences over the swapped
lines is sum_k 2**k popcount(x & P_k) (plus an offset), P_k the bit-planes of
the differences: C-level ``&`` and ``int.bit_count`` calls per trial, about one
per column per bit of its differences.
"""

from __future__ import annotations

import math
import statistics
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Generator as _Generator
from dataclasses import dataclass
from typing import TypeAlias

from ._random import Generator, default_rng
from .options import BleuConfig
from .scoring import bleu_score
from .smoothing import NLTK_METHODS, SACREBLEU_METHODS
from .stats import SentenceStats

__all__ = [
    "DEFAULT_SEED",
    "Result",
    "SignificanceCancelled",
    "confidence_intervals",
    "paired_bootstrap",
    "paired_approximate_randomization",
    "steps",
    "signature_extras",
]

#: sacreBLEU's default seed (its ``SACREBLEU_SEED``).
DEFAULT_SEED = 12345

#: progress(done, total): called now and then; returning True cancels (SignificanceCancelled).
Progress = Callable[[int, int], object]
#: A test run in steps (:func:`steps`): yields ``(done, total)``, returns the results.
_Steps: TypeAlias = "_Generator[tuple[int, int], None, list[Result]]"
#: A score of one system's summed statistic vector (:class:`_Columns`' layout).
_VectorScore: TypeAlias = Callable[[Sequence[int]], float]


@dataclass(frozen=True, slots=True)
class Result:
    """One system's line in a significance table.

    Attributes:
        score: the system's corpus BLEU, a float in [0, 1] (bleu2's score of the
            pooled statistics; sacreBLEU's score / 100).
        mean: mean of the bootstrap resample scores, in [0, 1]; None when no
            bootstrap was run (approximate randomization without n_confidence).
        ci: half-width of the 95% bootstrap interval, in [0, 1] units; None likewise.
        p_value: probability of a difference at least as large as the observed
            one under the null hypothesis, in (0, 1]; None for the baseline and
            for :func:`confidence_intervals`.
        percent: ``(mean, ci)`` in percent as sacreBLEU computes them (its arithmetic,
            bit for bit: ``mean * 100`` may differ in the last bit) where the bootstrap ran
            in sacreBLEU's frame, for ``bleu2 sacrebleu``'s output; else None.
    """

    score: float
    mean: float | None = None
    ci: float | None = None
    p_value: float | None = None
    percent: tuple[float, float] | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {"score": self.score, "mean": self.mean, "ci": self.ci, "p_value": self.p_value}


class SignificanceCancelled(Exception):
    """Raised when the ``progress`` callback returned True (the caller cancelled)."""


# ----------------------------------------------------------------- float32, NumPy's mean

_F32 = struct.Struct("f")


def _f32(
    x: float, _pack: Callable[[float], bytes] = _F32.pack, _unpack: Callable[[bytes], tuple[float]] = _F32.unpack
) -> float:
    """x rounded to the nearest IEEE float32 (ties to even), as a Python float.

    One float32 +, *, / equals the double result rounded once to float32
    (53 >= 2 * 24 + 2, so the double rounding is innocuous)."""
    return _unpack(_pack(x))[0]


def _numpy_sum(values: Sequence[float], lo: int = 0, n: int | None = None) -> float:
    """NumPy's float64 ``add.reduce`` of a contiguous array: pairwise summation
    (blocks of at most 128 summed with 8 accumulators, split at an even multiple of 8)."""
    if n is None:
        n = len(values)
    if n < 8:
        s = -0.0
        for i in range(lo, lo + n):
            s += values[i]
        return s
    if n <= 128:
        r = list(values[lo : lo + 8])
        end = lo + n - (n % 8)
        for i in range(lo + 8, end, 8):
            for j in range(8):
                r[j] += values[i + j]
        s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for i in range(end, lo + n):
            s += values[i]
        return s
    n2 = n // 2
    n2 -= n2 % 8
    return _numpy_sum(values, lo, n2) + _numpy_sum(values, lo + n2, n - n2)


def _numpy_mean(values: Sequence[float]) -> float:
    """``numpy.ndarray.mean`` of float64 values (pairwise sum, then / n)."""
    return _numpy_sum(values) / len(values)


def _interval(scores: list[float], numpy_mean: bool) -> tuple[float, float]:
    """(mean, half-width of the 95% interval) of resample scores, as sacreBLEU's
    ``estimate_ci``: sort, take positions n // 40 and n - n // 40 - 1."""
    s = sorted(scores)
    n = len(s)
    lo = n // 40
    ci = 0.5 * (s[n - lo - 1] - s[lo])
    mean = _numpy_mean(s) if numpy_mean else statistics.mean(s)
    return mean, ci


def _p_value(count: int, n: int) -> float:
    """(count + 1) / (n + 1) (multeval's, via sacreBLEU: never 0)."""
    return (count + 1) / (n + 1)


# ----------------------------------------------------------------- scoring the sums


def _sacrebleu_compatible(config: BleuConfig) -> bool:
    """True for the configurations sacreBLEU computes: its smoothing methods, uniform weights."""
    if config.smoothing not in SACREBLEU_METHODS:
        return False
    u = 1.0 / config.max_order
    return all(abs(w - u) < 1e-12 for w in config.weights)


def _sacrebleu_score(v: Sequence[int], order: int, method: str, k: float, eff: bool, mode: str) -> float:
    """sacreBLEU 2.6.0's ``BLEU.compute_bleu`` on summed statistics, in percent.

    Args:
        v: [hyp_len, ref_len, m_1..m_N, t_1..t_N] (exact integer sums; sacreBLEU's layout).
        order: N.
        method: "exp", "floor", "add-k" or "none"; k: floor's value or add-k's k (unread else).
        eff: sacreBLEU's effective_order.
        mode: "float32" (bootstrap resamples: sacreBLEU's float32 arrays),
            "double" (corpus scores: Python ints), "int64" (approximate-randomization
            trials: int64 arrays; add-k adds floor(k)).
    Returns:
        the score in percent (0..100), bit for bit sacreBLEU's.
    """
    c, r = v[0], v[1]
    bp = 1.0
    if c < r:
        bp = math.exp(1 - r / c) if c > 0 else 0.0
    ms = v[2 : 2 + order]
    if not any(ms):
        return 0.0
    ts = v[2 + order : 2 + 2 * order]
    f32 = mode == "float32"
    add_k = method == "add-k"
    if add_k:
        if f32:
            k = _f32(k)
        elif mode == "int64":
            k = math.floor(k)
    logs: list[float] = [-9999999999] * order  # sacreBLEU's my_log(0)
    doubling = 1.0
    eff_order = order
    for i in range(order):
        m: float = ms[i]
        t: float = ts[i]
        if add_k and i:
            m = m + k
            t = t + k
            if f32:
                m = _f32(m)
                t = _f32(t)
        if t == 0:
            break
        if eff:
            eff_order = i + 1
        if m:
            p = _f32(_f32(100.0 * m) / t) if f32 else 100.0 * m / t
        elif method == "exp":
            doubling *= 2
            p = _f32(100.0 / _f32(doubling * t)) if f32 else 100.0 / (doubling * t)
        elif method == "floor":
            p = _f32(_f32(100.0 * k) / t) if f32 else 100.0 * k / t
        else:
            continue
        if p:
            logs[i] = math.log(p)
    return bp * math.exp(sum(logs[:eff_order]) / eff_order)


class _Scorer:
    """Scores of summed statistic vectors for one configuration, on an internal scale
    (``scale``: percent in sacreBLEU's frame, [0, 1] otherwise).

    Attributes (callables, list of column sums -> float):
        corpus: a corpus score (sacreBLEU: Python ints).
        resample: a bootstrap resample's score (sacreBLEU: float32 arithmetic).
        trial: an approximate-randomization trial's score (sacreBLEU: int64 arrays).
    """

    corpus: _VectorScore
    resample: _VectorScore
    trial: _VectorScore

    def __init__(self, config: BleuConfig, columns: _Columns) -> None:
        self.sacrebleu = _sacrebleu_compatible(config)
        self.scale = 100.0 if self.sacrebleu else 1.0
        if self.sacrebleu:
            k = config.smooth_value or 0.0  # None: a method without a value (not read)
            args = (config.max_order, config.smoothing, k, config.effective_order)

            def frame(mode: str) -> _VectorScore:
                return lambda v: _sacrebleu_score(v, *args, mode)

            self.corpus, self.resample, self.trial = frame("double"), frame("float32"), frame("int64")
        else:
            to_stats = columns.to_stats

            def exact(v: Sequence[int]) -> float:
                return bleu_score(to_stats(v), config)

            self.corpus = self.resample = self.trial = exact


# ----------------------------------------------------------------- packed statistics


class _Columns:
    """Per-line statistics of all systems packed into one int per line.

    Each system contributes ``width`` columns: hyp_len, ref_len, matches,
    totals (sacreBLEU's order), then for NLTK's methods the extra orders'
    matches and totals and each order's empty-segment indicator. Slots are
    ``bits`` wide, enough for any sum over ``n_lines`` lines, so sums never carry.
    """

    def __init__(self, systems: Sequence[Sequence[SentenceStats]], config: BleuConfig) -> None:
        n = len(systems[0])
        order = config.max_order
        depth = config.stats_order
        nltk = config.smoothing in NLTK_METHODS
        self.order = order
        self.n_extra = depth - order
        self.nltk = nltk
        rows = []  # rows[s][i]: the column list of line i of system s
        for s, lines in enumerate(systems):
            sys_rows = []
            for i, st in enumerate(lines):
                if not isinstance(st, SentenceStats):
                    raise TypeError(f"system {s}, line {i}: expected SentenceStats, got {type(st).__name__}")
                if st.max_order != order:
                    raise ValueError(
                        f"system {s}, line {i}: statistics have {st.max_order} orders but max_order is {order}"
                    )
                row = [st.hyp_len, st.ref_len, *st.matches, *st.totals]
                if nltk:
                    if st.depth < depth:
                        raise ValueError(
                            f"system {s}, line {i}: {config.smoothing} needs statistics up to order {depth}"
                        )
                    row += st.extra_matches[: self.n_extra]
                    row += st.extra_totals[: self.n_extra]
                    row += st.empties()[:depth]
                sys_rows.append(row)
            rows.append(sys_rows)
        self.width = len(rows[0][0])
        self.n_systems = len(systems)
        self.n_lines = n
        self.n_slots = self.width * self.n_systems
        biggest = max((max(r) for sys_rows in rows for r in sys_rows), default=0)
        # any sum over a resample (n lines, repeats allowed) or a subset fits in ``bits``
        self.bits = bits = max(1, (n * biggest).bit_length())
        self.mask = (1 << bits) - 1
        self.shifts = [bits * j for j in range(self.n_slots)]
        self.totals = [[sum(col) for col in zip(*sys_rows)] for sys_rows in rows]
        self.columns = [list(col) for sys_rows in rows for col in zip(*sys_rows)]
        shifts = self.shifts
        self.packed = [
            sum([v << sh for v, sh in zip([x for sys_rows in rows for x in sys_rows[i]], shifts)]) for i in range(n)
        ]

    def unpack(self, total: int) -> list[int]:
        """The slot values of a packed sum, system after system."""
        mask = self.mask
        return [(total >> sh) & mask for sh in self.shifts]

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


def _check(
    systems_stats: Iterable[Iterable[SentenceStats]], config: BleuConfig, n: int, min_systems: int, what: str
) -> list[list[SentenceStats]]:
    if not isinstance(config, BleuConfig):
        raise TypeError(f"config must be a BleuConfig, got {type(config).__name__}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"{what} must be an integer >= 1, got {n!r}")
    systems = [list(s) for s in systems_stats]
    if len(systems) < min_systems:
        raise ValueError(f"need at least {min_systems} system(s), got {len(systems)}")
    n_lines = len(systems[0])
    if n_lines == 0:
        raise ValueError("the systems have no lines")
    for s, lines in enumerate(systems):
        if len(lines) != n_lines:
            raise ValueError(f"system {s} has {len(lines)} lines, system 0 has {n_lines}")
    return systems


def _percent(scorer: _Scorer, mean: float, ci: float) -> tuple[float, float] | None:
    return (mean, ci) if scorer.sacrebleu else None


def _drive(steps: _Steps, progress: Progress | None) -> list[Result]:
    """Run a generator of :func:`steps` to its end, calling ``progress`` at each step."""
    try:
        while True:
            done, total = next(steps)
            if progress is not None and progress(done, total) is True:
                steps.close()
                raise SignificanceCancelled(f"cancelled after {done} of {total}")
    except StopIteration as stop:
        results: list[Result] = stop.value
        return results


# ----------------------------------------------------------------- the resampling loops


def _bootstrap_scores(
    cols: _Columns, scorer: _Scorer, rng: Generator, n: int, systems: Sequence[int], done: int, total: int
) -> _Generator[tuple[int, int], None, list[list[float]]]:
    """Scores of ``systems`` on ``n`` resamples drawn as ``rng.choice(n_lines, (n, n_lines))``
    (a generator: yields ``(done, total)`` after each chunk, returns the scores)."""
    n_lines = cols.n_lines
    packed = cols.packed
    unpack = cols.unpack
    w = cols.width
    score = scorer.resample
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
        yield done + row, total
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


def _trial_differences(cols: _Columns, rng: Generator, n: int) -> Iterator[list[int]]:
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
    base = cols.columns[:w]
    diffs, los = [], []
    for s in range(1, cols.n_systems):
        for j in range(w):
            d = [a - b for a, b in zip(base[j], cols.columns[s * w + j])]
            lo = min(d)
            diffs.append([x - lo for x in d] if lo else d)
            los.append(lo)
    bits = max(1, (n_lines * max(max(e) for e in diffs)).bit_length())
    mask = (1 << bits) - 1
    slot_shifts = [bits * j for j in range(len(diffs))]
    planes, shifts = [], []
    for sh, e in zip(slot_shifts, diffs):
        for k, plane in enumerate(_bit_planes(e, max(e).bit_length())):
            if plane:
                planes.append(plane)
                shifts.append(sh + k)
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


# ----------------------------------------------------------------- public API


def confidence_intervals(
    systems_stats: Sequence[Sequence[SentenceStats]],
    config: BleuConfig,
    n: int = 1000,
    seed: int | None = DEFAULT_SEED,
    progress: Progress | None = None,
) -> list[Result]:
    """Bootstrap 95% confidence intervals, one per system (sacreBLEU's ``--confidence``).

    Every system is resampled with the same ``n`` resamples (sacreBLEU draws each
    system's with a fresh generator of the same seed: the same indices).

    Args:
        systems_stats: systems_stats[s][i] is the :class:`SentenceStats` of line i
            of system s (all systems the same number of lines, >= 1 system).
        config: the BLEU options (:meth:`BleuConfig.make`); the statistics must
            have ``config.max_order`` orders.
        n: number of resamples (sacreBLEU's ``--confidence-n``, default 1000).
        seed: the generator's seed (None: OS entropy).
        progress: optional callback(done, total), called after each chunk of
            resamples; returning True cancels.
    Returns:
        one :class:`Result` per system: score, mean, ci (p_value None); floats in [0, 1].
    Raises:
        ValueError: no systems, different line counts, n < 1, statistics of the
            wrong order. TypeError: not SentenceStats / BleuConfig.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_confidence_steps(systems_stats, config, n, seed), progress)


def _confidence_steps(
    systems_stats: Sequence[Sequence[SentenceStats]], config: BleuConfig, n: int, seed: int | None
) -> _Steps:
    systems = _check(systems_stats, config, n, 1, "n")
    cols = _Columns(systems, config)
    scorer = _Scorer(config, cols)
    scores = yield from _bootstrap_scores(cols, scorer, default_rng(seed), n, range(len(systems)), 0, n)
    out = []
    for s, sc in enumerate(scores):
        mean, ci = _interval(sc, numpy_mean=False)
        real = bleu_score(cols.to_stats(cols.totals[s]), config)
        out.append(Result(real, mean / scorer.scale, ci / scorer.scale, None, _percent(scorer, mean, ci)))
    return out


def paired_bootstrap(
    systems_stats: Sequence[Sequence[SentenceStats]],
    config: BleuConfig,
    n: int = 1000,
    seed: int | None = DEFAULT_SEED,
    progress: Progress | None = None,
) -> list[Result]:
    """Paired bootstrap resampling (Koehn 2004; sacreBLEU's ``--paired-bs``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s; system 0 is the
            baseline (>= 2 systems, the same number of lines).
        config: the BLEU options.
        n: number of resamples (sacreBLEU's ``--paired-bs-n``, default 1000).
        seed: the generator's seed (None: OS entropy).
        progress: optional callback(done, total); returning True cancels.
    Returns:
        one :class:`Result` per system, in order: the baseline (p_value None)
        then the others with their p-values; score, mean and ci in [0, 1].
    Raises:
        ValueError: fewer than 2 systems, different line counts, n < 1, bad statistics.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_paired_bootstrap_steps(systems_stats, config, n, seed), progress)


def _paired_bootstrap_steps(
    systems_stats: Sequence[Sequence[SentenceStats]], config: BleuConfig, n: int, seed: int | None
) -> _Steps:
    systems = _check(systems_stats, config, n, 2, "n")
    cols = _Columns(systems, config)
    scorer = _Scorer(config, cols)
    scores = yield from _bootstrap_scores(cols, scorer, default_rng(seed), n, range(len(systems)), 0, n)
    real = [scorer.corpus(t) for t in cols.totals]
    base = scores[0]
    out = []
    for s, sc in enumerate(scores):
        mean, ci = _interval(sc, numpy_mean=True)
        p: float | None = None
        if s:
            diffs = [abs(a - b) for a, b in zip(sc, base)]
            m = _numpy_mean(diffs)
            d = abs(real[0] - real[s])
            p = _p_value(sum(1 for x in diffs if x - m > d), n)
        score = bleu_score(cols.to_stats(cols.totals[s]), config)
        out.append(Result(score, mean / scorer.scale, ci / scorer.scale, p, _percent(scorer, mean, ci)))
    return out


def paired_approximate_randomization(
    systems_stats: Sequence[Sequence[SentenceStats]],
    config: BleuConfig,
    n: int = 10000,
    seed: int | None = DEFAULT_SEED,
    n_confidence: int | None = None,
    progress: Progress | None = None,
) -> list[Result]:
    """Paired approximate randomization (Riezler & Maxwell 2005; sacreBLEU's ``--paired-ar``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s; system 0 is the
            baseline (>= 2 systems, the same number of lines).
        config: the BLEU options.
        n: number of trials (sacreBLEU's ``--paired-ar-n``, default 10000).
        seed: the generator's seed (None: OS entropy).
        n_confidence: also bootstrap confidence intervals with this many
            resamples (sacreBLEU's ``PairedTest(n_ar_confidence=...)``; its CLI
            leaves them off: None).
        progress: optional callback(done, total); returning True cancels.
    Returns:
        one :class:`Result` per system: the baseline (p_value None) then the
        others with their p-values; mean and ci only with ``n_confidence``.
    Raises:
        ValueError: fewer than 2 systems, different line counts, n or
            n_confidence < 1, bad statistics.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_paired_ar_steps(systems_stats, config, n, seed, n_confidence), progress)


def _paired_ar_steps(
    systems_stats: Sequence[Sequence[SentenceStats]],
    config: BleuConfig,
    n: int,
    seed: int | None,
    n_confidence: int | None,
) -> _Steps:
    systems = _check(systems_stats, config, n, 2, "n")
    if n_confidence is not None and (
        isinstance(n_confidence, bool) or not isinstance(n_confidence, int) or n_confidence < 1
    ):
        raise ValueError(f"n_confidence must be None or an integer >= 1, got {n_confidence!r}")
    cols = _Columns(systems, config)
    scorer = _Scorer(config, cols)
    n_conf = n_confidence or 0
    total = n + (2 * n_conf if n_conf else 0)
    S = len(systems)
    w = cols.width
    tot = cols.totals
    trial_scorer = scorer.trial
    real = [scorer.corpus(t) for t in tot]
    d = [abs(real[0] - real[s]) for s in range(S)]
    counts = [0] * S
    rng = default_rng(seed)
    tb = tot[0]
    for t, sums in enumerate(_trial_differences(cols, rng, n), 1):
        for s in range(1, S):
            ds = sums[(s - 1) * w : s * w]
            a = [x + y for x, y in zip(tot[s], ds)]  # the baseline's swapped lines, the system's others
            b = [x - y for x, y in zip(tb, ds)]
            if abs(trial_scorer(a) - trial_scorer(b)) > d[s]:
                counts[s] += 1
        if t % 256 == 0:
            yield t, total
    yield n, total
    intervals: list[tuple[float | None, float | None]] = [(None, None)] * S
    if n_conf:
        sys_scores = yield from _bootstrap_scores(cols, scorer, rng, n_conf, range(1, S), n, total)
        base_scores = yield from _bootstrap_scores(cols, scorer, default_rng(seed), n_conf, [0], n + n_conf, total)
        found = [_interval(sc, numpy_mean=True) for sc in base_scores + sys_scores]
        intervals = [(m / scorer.scale, c / scorer.scale) for m, c in found]
    out = []
    for s in range(S):
        score = bleu_score(cols.to_stats(tot[s]), config)
        mean, ci = intervals[s]
        out.append(Result(score, mean, ci, _p_value(counts[s], n) if s else None))
    return out


#: The tests by sacreBLEU's flag names, for :func:`steps`.
_STEPS: dict[str, Callable[..., _Steps]] = {
    "confidence": _confidence_steps,
    "paired-bs": _paired_bootstrap_steps,
    "paired-ar": _paired_ar_steps,
}


def steps(
    test: str,
    systems_stats: Sequence[Sequence[SentenceStats]],
    config: BleuConfig,
    n: int,
    seed: int | None = DEFAULT_SEED,
) -> _Steps:
    """One of the tests as a generator, for callers that interleave it with other work
    (the page runs it in steps, showing progress and able to cancel between two).

    Args:
        test: "confidence" (:func:`confidence_intervals`), "paired-bs"
            (:func:`paired_bootstrap`) or "paired-ar" (:func:`paired_approximate_randomization`,
            without confidence intervals, as sacreBLEU's CLI).
        systems_stats, config, n, seed: as those functions.
    Returns:
        a generator that yields ``(done, total)`` now and then and returns the list of
        :class:`Result` (``StopIteration.value``; ``yield from`` gives it).
    Raises:
        KeyError: an unknown test (on creation); the test's own errors on the first step.
    """
    make = _STEPS[test]
    if test == "paired-ar":
        return make(systems_stats, config, n, seed, None)
    return make(systems_stats, config, n, seed)


def signature_extras(test: str, n: int, seed: int | None) -> dict[str, int | str]:
    """What a test adds to the signature, as sacreBLEU writes it: ``{"bs": n}`` (bootstrap
    tests) or ``{"ar": n}`` (approximate randomization), then ``{"seed": seed}`` ("none"
    for OS entropy); for :meth:`bleu2.options.BleuConfig.signature`'s ``extra``."""
    return {("ar" if test == "paired-ar" else "bs"): n, "seed": "none" if seed is None else seed}
