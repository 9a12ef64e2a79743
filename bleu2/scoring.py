"""Scoring from sufficient statistics: smoothing, brevity penalty, geometric mean.

    BLEU = BP * exp(sum_n w_n * ln p_n)                      (Papineni et al. 2002)
    BP   = 1 if c >= r;  exp(1 - r/c) if 0 < c < r;  0 if c = 0

with p_n the (smoothed) modified precisions and uniform weights w_n = 1/N by
default. A reference with no tokens (r = 0) scores 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import __version__
from .result import BleuResult, Precision
from .smoothing import DEFAULT_SMOOTHING, get_smoothing
from .stats import SentenceStats
from .tokenizers import DEFAULT_TOKENIZER, get_tokenizer

__all__ = ["BleuConfig", "brevity_penalty", "score_from_stats"]


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
    ``ValueError`` naming the problem.
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
        get_tokenizer(tokenizer)
        if lowercase is None:
            lowercase = tokenizer == DEFAULT_TOKENIZER
        return cls(max_order, w, smoothing, smooth_value, bool(effective_order), tokenizer, bool(lowercase))

    def signature(self, n_refs: int | str) -> str:
        """Reproducibility string in the spirit of sacreBLEU's (Post 2018), e.g.
        ``nrefs:1|case:lc|eff:no|tok:default|smooth:add-1|order:2|version:bleu2-0.1.0``."""
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


def score_from_stats(stats: SentenceStats, config: BleuConfig, signature: str = "") -> BleuResult:
    """Score sufficient statistics (one sentence, or pooled over a corpus).

    Args:
        stats: matches and totals per order, c and r.
        config: the options (:meth:`BleuConfig.make`).
        signature: stored on the result.
    Returns:
        BleuResult with ``score`` in [0, 1].
    """
    sm = get_smoothing(config.smoothing)(stats, config.smooth_value)
    c, r = stats.hyp_len, stats.ref_len
    bp = brevity_penalty(c, r)
    k = sm.effective_order
    values = sm.values[:k]
    if c == 0 or r == 0 or k == 0 or any(v <= 0.0 for v in values):
        score = 0.0
    else:
        weights = config.weights[:k]
        if k != config.max_order:
            s = math.fsum(weights)
            weights = tuple(w / s for w in weights)
        score = bp * math.exp(math.fsum(w * math.log(v) for w, v in zip(weights, values)))
    precisions = tuple(
        Precision(n, m, t, v, f)
        for n, m, t, v, f in zip(range(1, stats.max_order + 1), stats.matches, stats.totals, sm.values, sm.smoothed)
    )
    return BleuResult(
        score=score,
        brevity_penalty=bp,
        hyp_len=c,
        ref_len=r,
        precisions=precisions,
        max_order=config.max_order,
        smoothing=config.smoothing,
        tokenizer=config.tokenizer,
        signature=signature,
        effective_order=k,
        weights=config.weights,
        stats=stats,
    )
