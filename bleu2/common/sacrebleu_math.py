"""sacreBLEU 2.6.0's arithmetic on summed statistics, bit for bit: its precisions and
score (``BLEU.compute_bleu``) in its three number frames, and NumPy's means.

Arithmetic: what is emulated and why
------------------------------------
For sacreBLEU's smoothing methods (``exp``, ``floor``, ``add-k``, ``none``)
with uniform weights, the configurations sacreBLEU can compute, the scores
follow sacreBLEU's own arithmetic (:func:`sacrebleu_score`):

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

import math
import statistics
import struct
from collections.abc import Callable, Sequence

from ..metrics.bleu.options import BleuConfig
from ..metrics.bleu.scoring import brevity_penalty
from ..metrics.bleu.smoothing import SACREBLEU_METHODS

__all__ = [
    "CHRF_EPS",
    "PyFloat",
    "chrf_percent",
    "compute_bleu",
    "estimate_ci",
    "f32",
    "numpy_mean",
    "numpy_sum",
    "sacrebleu_compatible",
    "sacrebleu_precisions",
    "sacrebleu_score",
    "ter_percent",
]

#: sacreBLEU's ``my_log(0)``.
LOG_ZERO = -9999999999

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


def sacrebleu_compatible(config: BleuConfig) -> bool:
    """True for the configurations sacreBLEU computes: its smoothing methods, uniform weights."""
    if config.smoothing not in SACREBLEU_METHODS:
        return False
    u = 1.0 / config.max_order
    return all(abs(w - u) < 1e-12 for w in config.weights)


def sacrebleu_precisions(
    v: Sequence[int], order: int, method: str, k: float, mode: str = "double"
) -> tuple[list[float], int]:
    """sacreBLEU 2.6.0's precisions (``BLEU.compute_bleu``) in percent.

    Args:
        v: [hyp_len, ref_len, m_1..m_N, t_1..t_N] (exact integer sums; sacreBLEU's layout).
        order: N.
        method: "exp", "floor", "add-k" or "none"; k: floor's value or add-k's k (unread else).
        mode: "float32" (bootstrap resamples: sacreBLEU's float32 arrays),
            "double" (corpus scores: Python ints), "int64" (approximate-randomization
            trials: int64 arrays; add-k adds floor(k)).
    Returns:
        ``(precisions, used)``: p_1..p_N, 100 m/t or the smoothed value of an order
        without matches, 0.0 where there is none (all of them without any match); ``used``,
        the orders before the first without n-grams (sacreBLEU's effective order).
    """
    out = [0.0] * order
    ms = v[2 : 2 + order]
    if not any(ms):
        return out, order
    ts = v[2 + order : 2 + 2 * order]
    f32_mode = mode == "float32"
    add_k = method == "add-k"
    if add_k:
        if f32_mode:
            k = f32(k)
        elif mode == "int64":
            k = math.floor(k)
    doubling = 1.0
    for i in range(order):
        m: float = ms[i]
        t: float = ts[i]
        if add_k and i:
            m = m + k
            t = t + k
            if f32_mode:
                m = f32(m)
                t = f32(t)
        if t == 0:
            return out, i
        if m:
            p = f32(f32(100.0 * m) / t) if f32_mode else 100.0 * m / t
        elif method == "exp":
            doubling *= 2
            p = f32(100.0 / f32(doubling * t)) if f32_mode else 100.0 / (doubling * t)
        elif method == "floor":
            p = f32(f32(100.0 * k) / t) if f32_mode else 100.0 * k / t
        else:
            continue
        out[i] = p
    return out, order


def sacrebleu_score(v: Sequence[int], order: int, method: str, k: float, eff: bool, mode: str) -> float:
    """sacreBLEU 2.6.0's ``BLEU.compute_bleu`` score on summed statistics, in percent (0..100),
    bit for bit: BP * exp(sum of ln p_n over the orders / their number), ln 0 = ``my_log(0)``.

    Args:
        v, order, method, k, mode: as :func:`sacrebleu_precisions`.
        eff: sacreBLEU's effective_order (the mean stops at the first order without n-grams).
    """
    if not any(v[2 : 2 + order]):
        return 0.0
    bp = brevity_penalty(v[0], v[1], empty_scores_zero=False)
    ps, used = sacrebleu_precisions(v, order, method, k, mode)
    n = (used or order) if eff else order
    log = math.log
    return bp * math.exp(sum([log(p) if p else LOG_ZERO for p in ps[:n]]) / n)


def compute_bleu(v: Sequence[int], order: int, method: str, k: float, eff: bool) -> tuple[float, list[float], float]:
    """sacreBLEU's ``BLEU.compute_bleu`` on a corpus's sums (Python ints, "double"):
    ``(score, precisions, bp)``, all in percent but BP (in [0, 1])."""
    score = sacrebleu_score(v, order, method, k, eff, "double")
    return score, sacrebleu_precisions(v, order, method, k)[0], brevity_penalty(v[0], v[1], empty_scores_zero=False)


# --------------------------------------------------------------------------- chrF and TER

#: chrF's smoothing constant where an order has no n-grams (sacreBLEU's ``eps``).
CHRF_EPS = 1e-16


class _Num:
    """A number as sacreBLEU's arithmetic types it: a Python float (or int), or a NumPy
    float32 (``is32``). NumPy 2 (NEP 50): an operation with a float32 operand converts the
    Python operand to float32 first and rounds the result to float32."""

    __slots__ = ("is32", "x")

    def __init__(self, x: float, is32: bool = False):
        self.x = x
        self.is32 = is32

    def op(self, other: _Num | float, fn: Callable[[float, float], float]) -> _Num:
        o = other if isinstance(other, _Num) else _Num(other)
        if self.is32 or o.is32:
            a = self.x if self.is32 else f32(self.x)
            b = o.x if o.is32 else f32(o.x)
            return _Num(f32(fn(a, b)), True)
        return _Num(fn(self.x, o.x))

    def __add__(self, o: _Num | float) -> _Num:
        return self.op(o, lambda a, b: a + b)

    def __mul__(self, o: _Num | float) -> _Num:
        return self.op(o, lambda a, b: a * b)

    def __truediv__(self, o: _Num | float) -> _Num:
        return self.op(o, lambda a, b: a / b)

    def __rmul__(self, o: float) -> _Num:
        return _Num(o).op(self, lambda a, b: a * b)

    def out(self) -> float:
        return self.x if self.is32 else PyFloat(self.x)


def chrf_percent(v: Sequence[int], beta: int, eps_smoothing: bool, mode: str = "double") -> float:
    """sacreBLEU 2.6.0's chrF (``CHRF._compute_f_score``) on summed statistics, in percent,
    bit for bit: the mean over the orders of F-beta (``eps_smoothing``), else F-beta of the
    precisions and recalls averaged over the orders with hypothesis and reference n-grams
    (Popović 2015, 2016).

    Args:
        v: [hyp, ref, matches] of each order (character orders, then word orders):
            sacreBLEU's layout, exact integer sums.
        beta: recall's weight (an int, as sacreBLEU's ``--chrf-beta``).
        mode: "double" (corpus scores, approximate-randomization trials) or "float32"
            (bootstrap resamples: sacreBLEU's float32 arrays; a Python-float result is
            returned as :class:`PyFloat`).
    """
    is32 = mode == "float32"
    factor = beta * beta
    eps = CHRF_EPS
    score = _Num(0.0)
    avg_prec, avg_rec = _Num(0.0), _Num(0.0)
    effective = 0
    orders = len(v) // 3
    for i in range(orders):
        n_hyp, n_ref, n_match = v[3 * i], v[3 * i + 1], v[3 * i + 2]
        prec = _Num(n_match, is32) / n_hyp if n_hyp > 0 else _Num(eps)
        rec = _Num(n_match, is32) / n_ref if n_ref > 0 else _Num(eps)
        denom = factor * prec + rec
        score = score + ((1 + factor) * prec * rec / denom if denom.x > 0 else _Num(eps))
        if n_hyp > 0 and n_ref > 0:
            avg_prec = avg_prec + prec
            avg_rec = avg_rec + rec
            effective += 1
    if eps_smoothing:
        return (100 * score / orders).out()
    if effective == 0:
        return PyFloat(0.0) if is32 else 0.0
    avg_prec = avg_prec / effective
    avg_rec = avg_rec / effective
    if (avg_prec + avg_rec).x:
        f = (1 + factor) * avg_prec * avg_rec
        f = f / (factor * avg_prec + avg_rec)
        return (100 * f).out()
    return PyFloat(0.0) if is32 else 0.0


def ter_percent(edits: float, ref_len: float, mode: str = "double") -> float:
    """sacreBLEU 2.6.0's TER (``TER._compute_score_from_stats``) in percent, bit for bit:
    100 edits / ref_len; 100 when the references are empty and the hypothesis is not, 0
    when both are (Snover et al. 2006).

    Args:
        edits: the summed edits; ref_len: the summed average reference lengths.
        mode: "double", or "float32" (bootstrap resamples; the two sums are float32; a
            Python-float result is returned as :class:`PyFloat`).
    """
    if ref_len > 0:
        if mode == "float32":
            return f32(100.0 * f32(edits / ref_len))
        return 100 * (edits / ref_len)
    score = 1.0 if edits > 0 else 0.0
    return PyFloat(100 * score) if mode == "float32" else 100 * score
