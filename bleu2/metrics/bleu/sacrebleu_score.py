"""sacreBLEU 2.6.0's BLEU arithmetic on summed statistics, bit for bit: its precisions and
score (``BLEU.compute_bleu``) in its three number frames (corpus sums, float32 bootstrap
resamples, int64 approximate-randomization trials); why each frame is emulated:
:mod:`bleu2.common.sacrebleu_math`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...common.sacrebleu_math import f32
from .options import BleuConfig
from .scoring import brevity_penalty
from .smoothing import SACREBLEU_METHODS

__all__ = ["LOG_ZERO", "compute_bleu", "sacrebleu_compatible", "sacrebleu_precisions", "sacrebleu_score"]

#: sacreBLEU's ``my_log(0)``.
LOG_ZERO = -9999999999


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
