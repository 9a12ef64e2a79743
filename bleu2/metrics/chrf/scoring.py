"""chrF's F-score of (summed) statistics, bit for bit sacreBLEU 2.6.0's arithmetic; the
statistics (three ints per order: hypothesis n-grams, reference n-grams, matches) are
:mod:`bleu2.metrics.chrf.stats`'s."""

from __future__ import annotations

from collections.abc import Sequence

from ...common.sacrebleu_math import Num, PyFloat
from ..protocol import SumScores

__all__ = ["EPS", "f_percent", "f_score", "sum_scores"]

#: sacreBLEU's (and chrF++.py's) epsilon: the precision, recall or F-score of an order
#: without n-grams under ``eps_smoothing``.
EPS = 1e-16


def f_percent(stats: Sequence[int], beta: float = 2, eps_smoothing: bool = False, mode: str = "double") -> float:
    """chrF in percent from (summed) statistics, bit for bit sacreBLEU 2.6.0's
    ``CHRF._compute_f_score`` (the same operations in the same order): written once, for
    the corpus scores and the significance tests' resamples alike.

    Per order: precision P_n = matches/hyp, recall R_n = matches/ref (EPS when the
    denominator is 0). With ``eps_smoothing``: 100 * sum_n F_beta(P_n, R_n) / N, an
    order's F_beta being EPS when both are 0. Without (sacreBLEU's effective order): P
    and R averaged over the orders with hyp > 0 and ref > 0, then 100 * F_beta(P, R),
    F_beta(P, R) = (1 + beta^2) P R / (beta^2 P + R) (0 when P + R = 0) (Popović 2015, 2016).

    Args:
        stats: [hyp, ref, matches] of each order (character orders, then word orders):
            sacreBLEU's layout, exact integer sums.
        beta: recall's weight.
        mode: "double" (corpus scores, approximate-randomization trials: Python floats) or
            "float32" (bootstrap resamples: sacreBLEU's float32 arrays; a Python-float
            result is returned as :class:`~bleu2.common.sacrebleu_math.PyFloat`).
    """
    is32 = mode == "float32"
    factor = beta**2
    score = Num(0.0)
    avg_prec, avg_rec = Num(0.0), Num(0.0)
    effective = 0
    orders = len(stats) // 3
    for i in range(orders):
        n_hyp, n_ref, n_match = stats[3 * i], stats[3 * i + 1], stats[3 * i + 2]
        prec = Num(n_match, is32) / n_hyp if n_hyp > 0 else Num(EPS)
        rec = Num(n_match, is32) / n_ref if n_ref > 0 else Num(EPS)
        if eps_smoothing:
            denom = factor * prec + rec
            score = score + ((1 + factor) * prec * rec / denom if denom.x > 0 else Num(EPS))
        elif n_hyp > 0 and n_ref > 0:
            avg_prec = avg_prec + prec
            avg_rec = avg_rec + rec
            effective += 1
    if eps_smoothing:
        return _out(100 * score / orders, is32)
    if effective == 0:
        return PyFloat(0.0) if is32 else 0.0
    avg_prec = avg_prec / effective
    avg_rec = avg_rec / effective
    if (avg_prec + avg_rec).x:
        f = (1 + factor) * avg_prec * avg_rec
        f = f / (factor * avg_prec + avg_rec)
        return _out(100 * f, is32)
    return PyFloat(0.0) if is32 else 0.0


def _out(x: Num, is32: bool) -> float:
    """A result as sacreBLEU's type makes it: a float32 value, a Python float (a
    :class:`PyFloat` in a float32 frame), or a plain float in the double frame."""
    return x.out() if is32 else float(x.x)


def sum_scores(orders: int, beta: float = 2, eps_smoothing: bool = False, name: str = "chrF2") -> SumScores:
    """chrF's (and chrF++'s) :class:`~bleu2.metrics.protocol.SumScores` for the significance
    tests: per line [hyp, ref, matches] of each of the ``orders`` character and word orders
    (sacreBLEU's layout), scored by :func:`f_percent` in sacreBLEU's frames."""

    def corpus(v: Sequence[int]) -> float:
        return f_percent(v, beta, eps_smoothing)

    def resample(v: Sequence[int]) -> float:
        return f_percent(v, beta, eps_smoothing, "float32")

    return SumScores(name, 3 * orders, corpus, resample, corpus, lambda v: corpus(v) / 100)


def f_score(stats: Sequence[int], beta: float = 2, eps_smoothing: bool = False) -> float:
    """chrF as a fraction in [0, 1]: :func:`f_percent` / 100."""
    return f_percent(stats, beta, eps_smoothing) / 100
