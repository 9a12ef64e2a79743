"""chrF's F-score of (summed) statistics, bit for bit sacreBLEU 2.6.0's arithmetic; the
statistics (three ints per order: hypothesis n-grams, reference n-grams, matches) are
:mod:`bleu2.metrics.chrf.stats`'s."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["EPS", "f_percent", "f_score"]

#: sacreBLEU's (and chrF++.py's) epsilon: the precision, recall or F-score of an order
#: without n-grams under ``eps_smoothing``.
EPS = 1e-16


def f_percent(stats: Sequence[int], beta: float = 2, eps_smoothing: bool = False) -> float:
    """chrF in percent from (summed) statistics, bit for bit sacreBLEU 2.6.0's
    ``CHRF._compute_f_score`` (the same operations in the same order).

    Per order: precision P_n = matches/hyp, recall R_n = matches/ref (EPS when the
    denominator is 0). With ``eps_smoothing``: 100 * sum_n F_beta(P_n, R_n) / N, an
    order's F_beta being EPS when both are 0. Without (sacreBLEU's effective order): P
    and R averaged over the orders with hyp > 0 and ref > 0, then 100 * F_beta(P, R),
    F_beta(P, R) = (1 + beta^2) P R / (beta^2 P + R) (0 when P + R = 0).
    """
    factor = beta**2
    order = len(stats) // 3
    if eps_smoothing:
        score = 0.0
        for i in range(0, 3 * order, 3):
            n_hyp, n_ref, n_match = stats[i : i + 3]
            prec = n_match / n_hyp if n_hyp > 0 else EPS
            rec = n_match / n_ref if n_ref > 0 else EPS
            denom = factor * prec + rec
            score += ((1 + factor) * prec * rec / denom) if denom > 0 else EPS
        return 100 * score / order
    avg_prec = avg_rec = 0.0
    effective = 0
    for i in range(0, 3 * order, 3):
        n_hyp, n_ref, n_match = stats[i : i + 3]
        if n_hyp > 0 and n_ref > 0:
            avg_prec += n_match / n_hyp
            avg_rec += n_match / n_ref
            effective += 1
    if effective == 0:
        return 0.0
    avg_prec /= effective
    avg_rec /= effective
    if avg_prec + avg_rec:
        score = (1 + factor) * avg_prec * avg_rec
        score /= (factor * avg_prec) + avg_rec
        return 100 * score
    return 0.0


def f_score(stats: Sequence[int], beta: float = 2, eps_smoothing: bool = False) -> float:
    """chrF as a fraction in [0, 1]: :func:`f_percent` / 100."""
    return f_percent(stats, beta, eps_smoothing) / 100
