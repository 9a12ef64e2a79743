"""sacreBLEU 2.6.0's number frames, shared by every metric: float32 rounding (:func:`f32`,
:class:`Num`), NumPy's sums and means, sacreBLEU's ``estimate_ci``. Each metric's own
arithmetic in these frames is in its package: BLEU's in
:mod:`bleu2.metrics.bleu.sacrebleu_score`, chrF's F-score in :mod:`bleu2.metrics.chrf.scoring`,
TER's in :mod:`bleu2.metrics.ter.scoring`.

Arithmetic: what is emulated and why
------------------------------------
For sacreBLEU's smoothing methods (``exp``, ``floor``, ``add-k``, ``none``)
with uniform weights, the configurations sacreBLEU can compute, the scores
follow sacreBLEU's own arithmetic (:func:`bleu2.metrics.bleu.sacrebleu_score.sacrebleu_score`):

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
* means: ``statistics.mean`` for :func:`bleu2.corpus.significance.confidence_intervals`
  (``Score.estimate_ci``), NumPy's pairwise summation elsewhere
  (``significance.estimate_ci`` and the p-value's mean of d).

That gives sacreBLEU's results (to the last bit of the percent values in our
tests, then divided by 100). The float32 rounding matters: without it the CI
half-widths on TED move by up to 4e-9 on the [0, 1] scale (the means by about
1e-10), beyond the tests' 1e-9 tolerance; and the percent frame
keeps p-value ties (a trial equal to the corpus difference is not counted)
exactly as sacreBLEU's. bleu2's general scorer (:func:`bleu2.metrics.bleu.scoring.bleu_score`)
works in fractions and doubles, so :mod:`bleu2.corpus.significance` keeps this
module's formula for sacreBLEU's methods; ``Result.score`` is still bleu2's own corpus score.

For every other configuration (the defaults' ``add-1``, NLTK's methods,
non-uniform weights), which sacreBLEU cannot compute, resamples are scored
exactly with :func:`bleu2.metrics.bleu.scoring.bleu_score` on the summed statistics.
"""

from __future__ import annotations

import statistics
import struct
from collections.abc import Callable, Sequence

__all__ = ["Num", "PyFloat", "estimate_ci", "f32", "numpy_mean", "numpy_sum"]

_F32 = struct.Struct("f")


def f32(
    x: float, _pack: Callable[[float], bytes] = _F32.pack, _unpack: Callable[[bytes], tuple[float]] = _F32.unpack
) -> float:
    """x rounded to the nearest IEEE float32 (ties to even), as a Python float.

    One float32 +, *, / equals the double result rounded once to float32
    (53 >= 2 * 24 + 2, so the double rounding is innocuous)."""
    return _unpack(_pack(x))[0]


def _same(x: float) -> float:
    return x


def numpy_sum(
    values: Sequence[float], lo: int = 0, n: int | None = None, rnd: Callable[[float], float] = _same
) -> float:
    """NumPy's ``add.reduce`` of a contiguous array: pairwise summation (blocks of at most
    128 summed with 8 accumulators, split at an even multiple of 8); float64, or float32
    with ``rnd=f32`` (each addition rounded to float32)."""
    if n is None:
        n = len(values)
    if n < 8:
        s = -0.0
        for i in range(lo, lo + n):
            s = rnd(s + values[i])
        return s
    if n <= 128:
        r = list(values[lo : lo + 8])
        end = lo + n - (n % 8)
        for i in range(lo + 8, end, 8):
            for j in range(8):
                r[j] = rnd(r[j] + values[i + j])
        s = rnd(rnd(rnd(r[0] + r[1]) + rnd(r[2] + r[3])) + rnd(rnd(r[4] + r[5]) + rnd(r[6] + r[7])))
        for i in range(end, lo + n):
            s = rnd(s + values[i])
        return s
    n2 = n // 2
    n2 -= n2 % 8
    return rnd(numpy_sum(values, lo, n2, rnd) + numpy_sum(values, lo + n2, n - n2, rnd))


def numpy_mean(values: Sequence[float], float32: bool = False) -> float:
    """``numpy.ndarray.mean`` of float64 values (pairwise sum, then / n), or of float32
    values (the sum and the division in float32)."""
    if float32:
        return f32(numpy_sum(values, rnd=f32) / len(values))
    return numpy_sum(values) / len(values)


class PyFloat(float):
    """A resample score that sacreBLEU computes as a Python float where the others are NumPy
    float32 (chrF's 0.0 without matches, TER's 100.0 against empty references): one of them
    makes NumPy's array of the scores float64."""


def estimate_ci(scores: list[float], pairwise: bool, float32: bool = False) -> tuple[float, float]:
    """(mean, half-width of the 95% interval) of resample scores, as sacreBLEU's
    ``estimate_ci``: sort, take positions n // 40 and n - n // 40 - 1.

    ``float32``: the scores are NumPy float32 values (chrF's and TER's resamples; a
    :class:`PyFloat` among them makes the array float64): the half-width, and the mean
    (``statistics.mean``'s exact mean rounded to float32, or NumPy's float32 pairwise mean),
    in float32."""
    s = sorted(scores)
    n = len(s)
    lo = n // 40
    if float32 and not any(isinstance(x, PyFloat) for x in s):
        ci = f32(0.5 * f32(s[n - lo - 1] - s[lo]))
        mean = numpy_mean(s, float32=True) if pairwise else f32(statistics.mean(s))
        return mean, ci
    ci = 0.5 * (s[n - lo - 1] - s[lo])
    mean = numpy_mean(s) if pairwise else statistics.mean(s)
    return mean, ci


class Num:
    """A number as sacreBLEU's arithmetic types it: a Python float (or int), or a NumPy
    float32 (``is32``). NumPy 2 (NEP 50): an operation with a float32 operand converts the
    Python operand to float32 first and rounds the result to float32."""

    __slots__ = ("is32", "x")

    def __init__(self, x: float, is32: bool = False):
        self.x = x
        self.is32 = is32

    def op(self, other: Num | float, fn: Callable[[float, float], float]) -> Num:
        o = other if isinstance(other, Num) else Num(other)
        if self.is32 or o.is32:
            a = self.x if self.is32 else f32(self.x)
            b = o.x if o.is32 else f32(o.x)
            return Num(f32(fn(a, b)), True)
        return Num(fn(self.x, o.x))

    def __add__(self, o: Num | float) -> Num:
        return self.op(o, lambda a, b: a + b)

    def __mul__(self, o: Num | float) -> Num:
        return self.op(o, lambda a, b: a * b)

    def __truediv__(self, o: Num | float) -> Num:
        return self.op(o, lambda a, b: a / b)

    def __rmul__(self, o: float) -> Num:
        return Num(o).op(self, lambda a, b: a * b)

    def out(self) -> float:
        return self.x if self.is32 else PyFloat(self.x)
