"""Scoring from sufficient statistics: smoothing, brevity penalty, geometric mean.

    BLEU = BP * exp(sum_n w_n * ln p_n)                      (Papineni et al. 2002)
    BP   = 1 if c >= r;  exp(1 - r/c) if 0 < c < r;  0 if c = 0

with p_n the (smoothed) modified precisions (:mod:`bleu2.smoothing`) and
uniform weights w_n = 1/N by default. An empty candidate (c = 0) or a
reference with no tokens (r = 0) scores 0.

How zero precisions count depends on the smoothing family
(:attr:`bleu2.smoothing.Smoothed.skip_zeros`): for the seed's and sacreBLEU's
methods a zero among the orders of the mean makes the score 0 (sacreBLEU's
``my_log(0) = -9999999999``); with effective order the mean runs over the
first k orders only, with the first k weights renormalised to sum 1 (1/k when
uniform, as in sacreBLEU). For NLTK's methods orders whose precision is 0 are
left out of the sum and the weights are not renormalised, as NLTK's
``corpus_bleu`` does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import __version__
from .result import BleuResult, Precision
from .smoothing import (
    DEFAULT_SMOOTHING,
    EFFECTIVE_ORDER_METHODS,
    SMOOTHING_PARAMETERS,
    get_smoothing,
    needed_order,
)
from .stats import SentenceStats
from .tokenizers import DEFAULT_TOKENIZER, get_tokenizer

__all__ = ["BleuConfig", "brevity_penalty", "score_from_stats", "bleu_score"]


def brevity_penalty(hyp_len: int, ref_len: int) -> float:
    """BP (Papineni et al. 2002): 1 if c >= r, exp(1 - r/c) if 0 < c < r, 0 if c == 0."""
    if hyp_len >= ref_len:
        return 1.0 if hyp_len > 0 else 0.0
    if hyp_len == 0:
        return 0.0
    return math.exp(1.0 - ref_len / hyp_len)


@dataclass(frozen=True, slots=True)
class BleuConfig:
    """Validated options of a BLEU computation.

    Build it with :meth:`make`, which checks every option and raises
    ``ValueError`` naming the problem. ``smooth_value`` holds the value in
    use: the method's default when none was given, ``None`` for methods
    without a parameter (see :data:`bleu2.smoothing.SMOOTHING_PARAMETERS`).
    """

    max_order: int = 2
    weights: tuple[float, ...] = (0.5, 0.5)
    smoothing: str = DEFAULT_SMOOTHING
    smooth_value: float | None = None
    effective_order: bool = False
    tokenizer: str = DEFAULT_TOKENIZER
    lowercase: bool = True

    @classmethod
    def make(
        cls,
        *,
        max_order: int = 2,
        weights=None,
        smoothing: str = DEFAULT_SMOOTHING,
        smooth_value: float | None = None,
        effective_order: bool = False,
        tokenizer: str = DEFAULT_TOKENIZER,
        lowercase: bool | None = None,
    ) -> "BleuConfig":
        if isinstance(max_order, bool) or not isinstance(max_order, int) or max_order < 1:
            raise ValueError(f"max_order must be an integer >= 1, got {max_order!r}")
        if weights is None:
            w = tuple(1.0 / max_order for _ in range(max_order))
        else:
            try:
                w = tuple(float(x) for x in weights)
            except (TypeError, ValueError):
                raise ValueError(f"weights must be a sequence of numbers, got {weights!r}") from None
            if len(w) != max_order:
                raise ValueError(f"weights must have {max_order} entries (one per order), got {len(w)}")
            if any(x < 0 or math.isnan(x) for x in w):
                raise ValueError(f"weights must be non-negative, got {list(w)}")
            if abs(math.fsum(w) - 1.0) > 1e-9:
                raise ValueError(f"weights must sum to 1, got {list(w)} (sum {math.fsum(w):g})")
        get_smoothing(smoothing)
        smooth_value = _check_smooth_value(smoothing, smooth_value)
        if effective_order and smoothing not in EFFECTIVE_ORDER_METHODS:
            valid = ", ".join(sorted(EFFECTIVE_ORDER_METHODS))
            raise ValueError(
                f"effective_order is sacreBLEU's option and does not apply to smoothing {smoothing!r}; "
                f"it applies to: {valid}"
            )
        get_tokenizer(tokenizer)
        if lowercase is None:
            lowercase = tokenizer == DEFAULT_TOKENIZER
        return cls(max_order, w, smoothing, smooth_value, bool(effective_order), tokenizer, bool(lowercase))

    @property
    def stats_order(self) -> int:
        """How many n-gram orders the statistics must count: ``max_order``, or 5
        when it is lower and the smoothing is NLTK's ``method5``/``method7``."""
        return needed_order(self.smoothing, self.max_order)

    def signature(self, n_refs: int | str) -> str:
        """Reproducibility string in the spirit of sacreBLEU's (Post 2018), e.g.
        ``nrefs:1|case:lc|eff:no|tok:default|smooth:add-1|order:2|version:bleu2-0.1.0``;
        a smoothing parameter is shown in brackets, e.g. ``smooth:floor[0.1]``."""
        smooth = self.smoothing
        if self.smooth_value is not None:
            smooth += f"[{self.smooth_value:g}]"
        parts = [
            f"nrefs:{n_refs}",
            f"case:{'lc' if self.lowercase else 'mixed'}",
            f"eff:{'yes' if self.effective_order else 'no'}",
            f"tok:{self.tokenizer}",
            f"smooth:{smooth}",
            f"order:{self.max_order}",
        ]
        uniform = all(abs(x - 1.0 / self.max_order) < 1e-12 for x in self.weights)
        if not uniform:
            parts.append("weights:" + ",".join(f"{x:g}" for x in self.weights))
        parts.append(f"version:bleu2-{__version__}")
        return "|".join(parts)


def _check_smooth_value(smoothing: str, value) -> float | None:
    param = SMOOTHING_PARAMETERS.get(smoothing)
    if param is None:
        if value is not None:
            takes = ", ".join(f"{k} ({v[0]})" for k, v in SMOOTHING_PARAMETERS.items())
            raise ValueError(
                f"smoothing {smoothing!r} takes no smooth_value (got {value!r}); methods that do: {takes}"
            )
        return None
    name, default = param
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"smooth_value ({name} of {smoothing}) must be a finite number, got {value!r}")
    if smoothing in ("method4", "method6", "method7"):
        if value <= 0:
            raise ValueError(f"smooth_value ({name} of {smoothing}) must be > 0, got {value!r}")
    elif value < 0:
        raise ValueError(f"smooth_value ({name} of {smoothing}) must be >= 0, got {value!r}")
    return float(value)


def _combine(sm, stats: SentenceStats, config: BleuConfig) -> tuple[float, float]:
    """(score, BP) from smoothed precisions."""
    c, r = stats.hyp_len, stats.ref_len
    if c >= r:
        bp = 1.0 if c > 0 else 0.0
    else:
        bp = math.exp(1.0 - r / c) if c > 0 else 0.0
    k = sm.effective_order
    if c == 0 or r == 0 or k == 0:
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


def _smooth(stats: SentenceStats, config: BleuConfig):
    if stats.max_order != config.max_order:
        raise ValueError(
            f"statistics have {stats.max_order} orders but max_order is {config.max_order}"
        )
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
        config: the options (:meth:`BleuConfig.make`).
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
        effective_order=sm.effective_order,
        weights=config.weights,
        stats=stats,
    )
