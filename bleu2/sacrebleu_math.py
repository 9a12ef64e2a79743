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
* means: ``statistics.mean`` for :func:`bleu2.significance.confidence_intervals`
  (``Score.estimate_ci``), NumPy's pairwise summation elsewhere
  (``significance.estimate_ci`` and the p-value's mean of d).

That gives sacreBLEU's results (to the last bit of the percent values in our
tests, then divided by 100). The float32 rounding matters: without it the CI
half-widths on TED move by up to 4e-9 on the [0, 1] scale (the means by about
1e-10), beyond the tests' 1e-9 tolerance; and the percent frame
keeps p-value ties (a trial equal to the corpus difference is not counted)
exactly as sacreBLEU's. bleu2's general scorer (:func:`bleu2.scoring.bleu_score`)
works in fractions and doubles, so :mod:`bleu2.significance` keeps this
module's formula for sacreBLEU's methods; ``Result.score`` is still bleu2's own corpus score.

For every other configuration (the defaults' ``add-1``, NLTK's methods,
non-uniform weights), which sacreBLEU cannot compute, resamples are scored
exactly with :func:`bleu2.scoring.bleu_score` on the summed statistics.
"""

from __future__ import annotations

import math
import statistics
import struct
from collections.abc import Callable, Sequence

from .options import BleuConfig
from .scoring import brevity_penalty
from .smoothing import SACREBLEU_METHODS

__all__ = [
    "compute_bleu",
    "estimate_ci",
    "f32",
    "numpy_mean",
    "numpy_sum",
    "sacrebleu_compatible",
    "sacrebleu_precisions",
    "sacrebleu_score",
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


def numpy_sum(values: Sequence[float], lo: int = 0, n: int | None = None) -> float:
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
    return numpy_sum(values, lo, n2) + numpy_sum(values, lo + n2, n - n2)


def numpy_mean(values: Sequence[float]) -> float:
    """``numpy.ndarray.mean`` of float64 values (pairwise sum, then / n)."""
    return numpy_sum(values) / len(values)


def estimate_ci(scores: list[float], pairwise: bool) -> tuple[float, float]:
    """(mean, half-width of the 95% interval) of resample scores, as sacreBLEU's
    ``estimate_ci``: sort, take positions n // 40 and n - n // 40 - 1."""
    s = sorted(scores)
    n = len(s)
    lo = n // 40
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
