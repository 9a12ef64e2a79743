"""torchmetrics 1.9's ``BLEUScore``, ``SacreBLEUScore``, ``bleu_score`` and
``sacre_bleu_score`` on bleu2's engine (import them from :mod:`bleu2.compat.torchmetrics`
or its ``text`` / ``functional`` modules).

torchmetrics' rules, as bleu2's statistics (:mod:`bleu2.metrics.bleu.stats`) and scoring: tokens split on
whitespace (``BLEUScore``) or by sacreBLEU's tokenizer, lower-cased after tokenizing
(``SacreBLEUScore``, no right-stripping); clipping by the largest count in any reference;
r the reference length closest to c, ties to the reference given first; empty references
count. The score is 0 when any order has no match, even with ``smooth=True``, which otherwise
is (m_n + 1) / (t_n + 1) above unigrams (Lin & Och 2004); BP = 1 if c > r, else
exp(1 - r/c) (Papineni et al. 2002); the weights as given (any numbers, as torchmetrics takes
them). Scores are fractions in [0, 1] (with non-negative weights).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ...metrics.bleu.options import BleuConfig
from ...metrics.bleu.scoring import score_from_stats
from ...metrics.bleu.stats import SentenceStats, pool_stats, reference_stats, sentence_stats
from ...tokenizers import make_tokenizer
from .metric import Metric, as_value, check_corpus

__all__ = ["BLEUScore", "SacreBLEUScore", "bleu_score", "sacre_bleu_score", "TOKENIZERS"]

#: torchmetrics' ``tokenize`` values that bleu2 has; the others need MeCab or SentencePiece.
TOKENIZERS = ("none", "13a", "zh", "intl", "char")
_MISSING = ("ja-mecab", "ko-mecab", "flores101", "flores200")


def _config(n_gram: int, smooth: bool, weights: Sequence[float] | None) -> tuple[BleuConfig, tuple[float, ...]]:
    """The checked options of a torchmetrics BLEU (its messages for its own checks) and its
    weights: as given (any numbers, as torchmetrics takes them), else 1/n_gram each."""
    if weights is not None and len(weights) != n_gram:
        raise ValueError(f"List of weights has different weights than `n_gram`: {len(weights)} != {n_gram}")
    try:
        config = BleuConfig.make(
            preset="torchmetrics",
            max_order=n_gram,
            smoothing="add-k" if smooth else "none",
            smooth_value=1 if smooth else None,
        )
    except ValueError:
        raise ValueError(f"n_gram must be an integer >= 1, got {n_gram!r} (torchmetrics' divides by zero)") from None
    if weights is None:
        return config, config.weights
    try:
        return config, tuple(float(w) for w in weights)
    except (TypeError, ValueError):
        raise ValueError(f"weights must be numbers, got {weights!r}") from None


def _tokenizer(tokenize: str, lowercase: bool) -> Callable[[str], list[str]]:
    """sacreBLEU's tokenizer ``tokenize``, then lower-casing of each token (torchmetrics'
    order: it lower-cases the tokenized line)."""
    if tokenize in _MISSING:
        raise ValueError(f"tokenize={tokenize!r} needs MeCab or SentencePiece, which bleu2 does not have")
    if tokenize not in TOKENIZERS:
        raise ValueError(f"Unsupported tokenizer selected. Please, choose one of {list(TOKENIZERS + _MISSING)}")
    split = make_tokenizer(tokenize, False)
    return (lambda line: [t.lower() for t in split(line)]) if lowercase else split


def _stats(
    preds: list[str], target: list[list[str]], config: BleuConfig, tokenize: Callable[[str], list[str]]
) -> SentenceStats:
    """The pooled statistics of a batch."""
    n = config.max_order
    stats = [
        sentence_stats(tokenize(p), reference_stats([tokenize(r) for r in refs], n, "count"), n, "closest-first")
        for p, refs in zip(preds, target)
    ]
    return pool_stats(stats, n)


def _score(stats: SentenceStats, config: BleuConfig, weights: tuple[float, ...]) -> float:
    """BP * exp(sum of w_n * ln p_n), torchmetrics' ``_bleu_score_compute``: 0 whenever an
    order has no match, smoothed or not; the weights as given."""
    if min(stats.matches) == 0:
        return 0.0
    result = score_from_stats(stats, config)
    return result.brevity_penalty * math.exp(
        math.fsum(w * math.log(p.value) for w, p in zip(weights, result.precisions))
    )


class BLEUScore(Metric[SentenceStats]):
    """torchmetrics' ``BLEUScore(n_gram=4, smooth=False, weights=None)``: ``update(preds,
    target)`` with ``preds`` a list of strings and ``target`` a list of reference lists, one
    per prediction; ``compute()``, ``metric(preds, target)`` (the batch's score), ``reset()``.

    Raises:
        ValueError: weights of another length than ``n_gram`` (torchmetrics' message);
            ``n_gram`` < 1; different numbers of predictions and targets.
        TypeError: a string where a list is expected.
    """

    def __init__(self, n_gram: int = 4, smooth: bool = False, weights: Sequence[float] | None = None, **kwargs: Any):
        self._config, self._weights = _config(n_gram, smooth, weights)
        self.n_gram, self.smooth = n_gram, smooth
        self.weights = list(self._weights)
        self._tokenize: Callable[[str], list[str]] = str.split
        super().__init__(**kwargs)

    def _zero(self) -> SentenceStats:
        n = self._config.max_order
        return SentenceStats((0,) * n, (0,) * n, 0, 0)

    def _add(self, a: SentenceStats, b: SentenceStats) -> SentenceStats:
        return pool_stats([a, b], self._config.max_order)

    def _batch(self, preds: Any, target: Any) -> SentenceStats:
        hyps, refs = check_corpus(preds, target)
        return _stats(hyps, refs, self._config, self._tokenize)

    def _value(self, stats: SentenceStats) -> float:
        return _score(stats, self._config, self._weights)


class SacreBLEUScore(BLEUScore):
    """torchmetrics' ``SacreBLEUScore(n_gram=4, smooth=False, tokenize="13a",
    lowercase=False, weights=None)``: ``BLEUScore`` with sacreBLEU's tokenizers
    (``none``, ``13a``, ``zh``, ``intl``, ``char``), references grouped per prediction.

    Raises:
        ValueError: as :class:`BLEUScore`; an unknown tokenizer, or ``ja-mecab``,
            ``ko-mecab``, ``flores101``, ``flores200`` (bleu2 has no MeCab or SentencePiece).
    """

    def __init__(
        self,
        n_gram: int = 4,
        smooth: bool = False,
        tokenize: str = "13a",
        lowercase: bool = False,
        weights: Sequence[float] | None = None,
        **kwargs: Any,
    ):
        super().__init__(n_gram=n_gram, smooth=smooth, weights=weights, **kwargs)
        self.tokenize, self.lowercase = tokenize, lowercase
        self._tokenize = _tokenizer(tokenize, lowercase)


def bleu_score(
    preds: str | Sequence[str],
    target: Sequence[str | Sequence[str]],
    n_gram: int = 4,
    smooth: bool = False,
    weights: Sequence[float] | None = None,
) -> Any:
    """torchmetrics' ``bleu_score``: BLEU of ``preds`` (a string or a list of them) against
    ``target`` (per prediction, a reference string or a list of them); a tensor, or a float
    without torch.

    Raises:
        ValueError: ``preds`` and ``target`` of different lengths; weights as :class:`BLEUScore`.
    """
    hyps, refs = check_corpus(preds, target, wrap_strings=True)
    config, w = _config(n_gram, smooth, weights)
    return as_value(_score(_stats(hyps, refs, config, str.split), config, w))


def sacre_bleu_score(
    preds: Sequence[str],
    target: Sequence[Sequence[str]],
    n_gram: int = 4,
    smooth: bool = False,
    tokenize: str = "13a",
    lowercase: bool = False,
    weights: Sequence[float] | None = None,
) -> Any:
    """torchmetrics' ``sacre_bleu_score``: :class:`SacreBLEUScore`'s value of one corpus
    (``target[i]``: the list of references of ``preds[i]``)."""
    hyps, refs = check_corpus(preds, target)
    config, w = _config(n_gram, smooth, weights)
    return as_value(_score(_stats(hyps, refs, config, _tokenizer(tokenize, lowercase)), config, w))
