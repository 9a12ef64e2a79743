"""Significance tests for corpus BLEU: bootstrap confidence intervals, paired
bootstrap resampling and paired approximate randomization, with sacreBLEU 2.6.0's
numbers.

Every test resamples the per-line sufficient statistics of each system
(:class:`~bleu2.stats.SentenceStats`, one per line, or the same numbers kept compact in
:class:`LineColumns`); no text is tokenized again. All scores, means and half-widths are on bleu2's scale, floats
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
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Generator as _Generator
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from ._random import Generator, default_rng
from .options import BleuConfig
from .scoring import bleu_score
from .smoothing import NLTK_METHODS, SACREBLEU_METHODS
from .stats import SentenceStats
from .steps import Progress, finish

__all__ = [
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "TESTS",
    "LineColumns",
    "Result",
    "SignificanceCancelled",
    "confidence_intervals",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "signature_extras",
    "steps",
]

#: sacreBLEU's default seed (its ``SACREBLEU_SEED``).
DEFAULT_SEED = 12345

#: The tests by sacreBLEU's flag names and their default numbers of resamples (bootstrap)
#: or trials (approximate randomization): sacreBLEU's ``--confidence-n``,
#: ``--paired-bs-n`` and ``--paired-ar-n`` defaults. The command line and the page read them here.
DEFAULT_RESAMPLES: Mapping[str, int] = MappingProxyType({"confidence": 1000, "paired-bs": 1000, "paired-ar": 10000})

#: The tests' names, as :func:`steps` takes them.
TESTS = tuple(DEFAULT_RESAMPLES)

#: One system's per-line statistics: a sequence of SentenceStats, or LineColumns.
Stats: TypeAlias = "Sequence[SentenceStats] | LineColumns"

#: The stage of the tests' :class:`~bleu2.steps.Progress`.
STAGE = "significance"

#: progress(done, total): called now and then; returning True cancels (SignificanceCancelled).
ProgressCallback = Callable[[int, int], object]
#: A test run in steps (:func:`steps`): yields :class:`~bleu2.steps.Progress`, returns the results.
_Steps: TypeAlias = "_Generator[Progress, None, list[Result]]"
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

    def __init__(self, config: BleuConfig, columns: _Columns):
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


# ----------------------------------------------------------------- per-line statistics


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


class _Columns:
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


def _check(
    systems_stats: Iterable[Stats], config: BleuConfig, n: int, min_systems: int, what: str
) -> list[LineColumns]:
    if not isinstance(config, BleuConfig):
        raise TypeError(f"config must be a BleuConfig, got {type(config).__name__}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"{what} must be an integer >= 1, got {n!r}")
    systems = [LineColumns.of(s, config, k) for k, s in enumerate(systems_stats)]
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


def _drive(steps: _Steps, progress: ProgressCallback | None) -> list[Result]:
    """Run a generator of :func:`steps` to its end, calling ``progress`` at each step
    (returning True cancels: :class:`SignificanceCancelled`)."""

    def report(step: Progress) -> None:
        if progress is not None and progress(step.done, step.total or 0) is True:
            raise SignificanceCancelled(f"cancelled after {step.done} of {step.total}")

    return finish(steps, report)


# ----------------------------------------------------------------- the resampling loops


def _bootstrap_all(
    systems_stats: Sequence[Stats], config: BleuConfig, n: int, seed: int | None, min_systems: int
) -> _Generator[Progress, None, tuple[_Columns, _Scorer, list[list[float]]]]:
    """Checks the systems, then bootstraps every one of them on the same ``n`` resamples
    (sacreBLEU's seeded ``rng.choice``): returns the columns, the scorer and the scores."""
    cols = _Columns(_check(systems_stats, config, n, min_systems, "n"))
    scorer = _Scorer(config, cols)
    scores = yield from _bootstrap_scores(cols, scorer, default_rng(seed), n, range(cols.n_systems), 0, n)
    return cols, scorer, scores


def _bootstrap_scores(
    cols: _Columns, scorer: _Scorer, rng: Generator, n: int, systems: Sequence[int], done: int, total: int
) -> _Generator[Progress, None, list[list[float]]]:
    """Scores of ``systems`` on ``n`` resamples drawn as ``rng.choice(n_lines, (n, n_lines))``
    (a generator: yields :class:`~bleu2.steps.Progress` after each chunk, returns the scores)."""
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


# ----------------------------------------------------------------- public API


def confidence_intervals(
    systems_stats: Sequence[Stats],
    config: BleuConfig,
    n: int = DEFAULT_RESAMPLES["confidence"],
    seed: int | None = DEFAULT_SEED,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Bootstrap 95% confidence intervals, one per system (sacreBLEU's ``--confidence``).

    Every system is resampled with the same ``n`` resamples (sacreBLEU draws each
    system's with a fresh generator of the same seed: the same indices).

    Args:
        systems_stats: systems_stats[s][i] is the :class:`SentenceStats` of line i
            of system s (all systems the same number of lines, >= 1 system); a system
            may be given as :class:`LineColumns` instead (compact, for big corpora).
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


def _confidence_steps(systems_stats: Sequence[Stats], config: BleuConfig, n: int, seed: int | None) -> _Steps:
    cols, scorer, scores = yield from _bootstrap_all(systems_stats, config, n, seed, 1)
    out = []
    for s, sc in enumerate(scores):
        mean, ci = _interval(sc, numpy_mean=False)
        real = bleu_score(cols.to_stats(cols.totals[s]), config)
        out.append(Result(real, mean / scorer.scale, ci / scorer.scale, None, _percent(scorer, mean, ci)))
    return out


def paired_bootstrap(
    systems_stats: Sequence[Stats],
    config: BleuConfig,
    n: int = DEFAULT_RESAMPLES["paired-bs"],
    seed: int | None = DEFAULT_SEED,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Paired bootstrap resampling (Koehn 2004; sacreBLEU's ``--paired-bs``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s (or :class:`LineColumns`);
            system 0 is the baseline (>= 2 systems, the same number of lines).
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


def _paired_bootstrap_steps(systems_stats: Sequence[Stats], config: BleuConfig, n: int, seed: int | None) -> _Steps:
    cols, scorer, scores = yield from _bootstrap_all(systems_stats, config, n, seed, 2)
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
    systems_stats: Sequence[Stats],
    config: BleuConfig,
    n: int = DEFAULT_RESAMPLES["paired-ar"],
    seed: int | None = DEFAULT_SEED,
    n_confidence: int | None = None,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Paired approximate randomization (Riezler & Maxwell 2005; sacreBLEU's ``--paired-ar``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s (or :class:`LineColumns`);
            system 0 is the baseline (>= 2 systems, the same number of lines).
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
    systems_stats: Sequence[Stats],
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
    cols = _Columns(systems)
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
            yield Progress(STAGE, t, total)
    yield Progress(STAGE, n, total)
    intervals: list[tuple[float, float] | tuple[None, None]] = [(None, None)] * S
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
    systems_stats: Sequence[Stats],
    config: BleuConfig,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> _Steps:
    """One of the tests as a generator, for callers that interleave it with other work
    (the page runs it in steps, showing progress and able to cancel between two).

    Args:
        test: "confidence" (:func:`confidence_intervals`), "paired-bs"
            (:func:`paired_bootstrap`) or "paired-ar" (:func:`paired_approximate_randomization`,
            without confidence intervals, as sacreBLEU's CLI).
        systems_stats, config, seed: as those functions.
        n: resamples or trials; None: the test's default (:data:`DEFAULT_RESAMPLES`).
    Returns:
        a generator that yields :class:`~bleu2.steps.Progress` (stage ``"significance"``,
        resamples or trials done and in all) now and then and returns the list of
        :class:`Result` (``StopIteration.value``; ``yield from`` gives it).
    Raises:
        KeyError: an unknown test (on creation); the test's own errors on the first step.
    """
    make = _STEPS[test]
    if n is None:
        n = DEFAULT_RESAMPLES[test]
    if test == "paired-ar":
        return make(systems_stats, config, n, seed, None)
    return make(systems_stats, config, n, seed)


def signature_extras(test: str, n: int, seed: int | None) -> dict[str, int | str]:
    """What a test adds to the signature, as sacreBLEU writes it: ``{"bs": n}`` (bootstrap
    tests) or ``{"ar": n}`` (approximate randomization), then ``{"seed": seed}`` ("none"
    for OS entropy); for :meth:`bleu2.options.BleuConfig.signature`'s ``extra``."""
    return {("ar" if test == "paired-ar" else "bs"): n, "seed": "none" if seed is None else seed}
