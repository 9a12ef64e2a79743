"""Scoring from sufficient statistics: smoothing, brevity penalty, geometric mean.

    BLEU = BP * exp(sum_n w_n * ln p_n)                      (Papineni et al. 2002)
    BP   = 1 if c >= r;  exp(1 - r/c) if 0 < c < r;  0 if c = 0

with p_n the (smoothed) modified precisions (:mod:`bleu2.metrics.bleu.smoothing`) and
uniform weights w_n = 1/N by default. An empty candidate (c = 0) scores 0, and so does
r = 0 unless ``empty_references="count"`` (sacreBLEU's rule: then BP = 1 when c >= r).

How zero precisions count depends on the smoothing family
(:attr:`bleu2.metrics.bleu.smoothing.Smoothed.skip_zeros`): for the classic calculator's and sacreBLEU's
methods a zero among the orders of the mean makes the score 0 (sacreBLEU's
``my_log(0) = -9999999999``); with effective order the mean runs over the
first k orders only, with the first k weights renormalised to sum 1 (1/k when
uniform, as in sacreBLEU). For NLTK's methods orders whose precision is 0 are
left out of the sum and the weights are not renormalised, as NLTK's
``corpus_bleu`` does.
"""

from __future__ import annotations

import math

from .options import BleuConfig
from .result import BleuResult, Precision
from .smoothing import Smoothed, get_smoothing
from .stats import SentenceStats

__all__ = ["brevity_penalty", "mean_weights", "score_from_stats", "bleu_score"]


def brevity_penalty(hyp_len: int, ref_len: int, empty_scores_zero: bool = True) -> float:
    """BP (Papineni et al. 2002): 1 if c >= r, exp(1 - r/c) if 0 < c < r, 0 if c = 0 < r.

    Args:
        hyp_len: c; ref_len: r.
        empty_scores_zero: bleu2's rule for c = r = 0: BP 0 (True) or, as sacreBLEU's
            ``compute_bp``, 1 (False: ``empty_references="count"``).
    Returns:
        float in [0, 1].
    """
    if hyp_len >= ref_len:
        return 0.0 if hyp_len == 0 and empty_scores_zero else 1.0
    if hyp_len == 0:
        return 0.0
    return math.exp(1.0 - ref_len / hyp_len)


def mean_weights(sm: Smoothed, weights: tuple[float, ...]) -> tuple[float | None, ...]:
    """The weight each order has in the geometric mean, None for an order left out of it.

    Orders beyond the effective order are left out and the first k weights renormalised
    to sum 1 (1/k when uniform, as in sacreBLEU); for NLTK's methods
    (``sm.skip_zeros``) an order whose precision is 0 is left out and the weights are
    kept as given, as NLTK's ``corpus_bleu`` does.

    Args:
        sm: the :class:`~bleu2.metrics.bleu.smoothing.Smoothed` precisions.
        weights: the configured weights, one per order.
    Returns:
        one entry per order: its weight in the mean, or None. (The score itself is
        computed by ``_combine``, kept lean for loops over many sentences;
        ``tests/engine`` checks that both agree.)
    """
    if sm.skip_zeros:
        return tuple(w if v > 0 else None for w, v in zip(weights, sm.values))
    k = sm.orders_used
    if k == len(weights):
        return tuple(weights)
    s = math.fsum(weights[:k])
    return tuple(w / s if i < k and s > 0 else None for i, w in enumerate(weights))


def _combine(sm: Smoothed, stats: SentenceStats, config: BleuConfig) -> tuple[float, float]:
    """(score, BP) from smoothed precisions."""
    c, r = stats.hyp_len, stats.ref_len
    ignore_empty = config.empty_references == "ignore"
    bp = brevity_penalty(c, r, ignore_empty)
    k = sm.orders_used
    if c == 0 or k == 0 or (r == 0 and ignore_empty):
        return 0.0, bp
    values = sm.values
    log = math.log
    if sm.skip_zeros:  # NLTK: zero precisions are left out, weights as given
        return bp * math.exp(math.fsum([w * log(v) for w, v in zip(config.weights, values) if v > 0])), bp
    if k != len(values):
        values = values[:k]
    for v in values:
        if v <= 0.0:
            return 0.0, bp
    weights = config.weights
    if k != config.max_order:
        weights = weights[:k]
        s = math.fsum(weights)
        if s <= 0:
            return 0.0, bp
        weights = tuple(w / s for w in weights)
    return bp * math.exp(math.fsum([w * log(v) for w, v in zip(weights, values)])), bp


def _smooth(stats: SentenceStats, config: BleuConfig) -> Smoothed:
    if stats.max_order != config.max_order:
        raise ValueError(f"statistics have {stats.max_order} orders but max_order is {config.max_order}")
    return get_smoothing(config.smoothing)(stats, config.smooth_value, config.effective_order)


def bleu_score(stats: SentenceStats, config: BleuConfig) -> float:
    """Just the score (a float, in [0, 1] but for method5/method7) of :func:`score_from_stats`, without the
    breakdown: for loops over many statistics (sentence scores, bootstrap).

    Raises:
        ValueError: ``stats`` do not have ``config.max_order`` orders.
    """
    return _combine(_smooth(stats, config), stats, config)[0]


def score_from_stats(stats: SentenceStats, config: BleuConfig, signature: str = "") -> BleuResult:
    """Score sufficient statistics (one sentence, or pooled over a corpus).

    Args:
        stats: matches and totals per order, c and r (``stats.max_order`` must
            be ``config.max_order``; NLTK's ``method5``/``method7`` also need
            the orders up to ``config.stats_order``).
        config: the options (:meth:`bleu2.metrics.bleu.options.BleuConfig.make`).
        signature: stored on the result.
    Returns:
        BleuResult with ``score`` in [0, 1] (NLTK's ``method5``/``method7`` can
        exceed 1, as in NLTK); each Precision's ``value`` is the
        precision that entered the mean (0.0 for orders beyond the effective
        order or cut off by sacreBLEU's stop at the first order without
        n-grams).
    Raises:
        ValueError: statistics with the wrong number of orders.
    """
    sm = _smooth(stats, config)
    score, bp = _combine(sm, stats, config)
    precisions = tuple(
        Precision(n, m, t, v, f)
        for n, m, t, v, f in zip(range(1, stats.max_order + 1), stats.matches, stats.totals, sm.values, sm.smoothed)
    )
    return BleuResult(
        score=score,
        brevity_penalty=bp,
        hyp_len=stats.hyp_len,
        ref_len=stats.ref_len,
        precisions=precisions,
        max_order=config.max_order,
        smoothing=config.smoothing,
        tokenizer=config.tokenizer,
        signature=signature,
        orders_used=sm.orders_used,
        weights=config.weights,
        stats=stats,
        mean_weights=mean_weights(sm, config.weights),
    )
