"""NLTK 3.10.4's BLEU on bleu2's engine: ``from bleu2.compat.nltk import sentence_bleu,
corpus_bleu, SmoothingFunction`` in place of ``nltk.translate.bleu_score``'s.

Token lists in, NLTK's rules (clipping by the largest count in any reference, the closest
reference length, each sentence's n-gram total at least 1, no unigram match: 0) and
``SmoothingFunction(epsilon=0.1, alpha=5, k=5).method0`` .. ``method7`` (Chen & Cherry
2014); ``weights`` one tuple (a float back) or a list of them (a list back); NLTK's own
``SmoothingFunction().methodN`` is accepted too. The weights must sum to 1.

    >>> from bleu2.compat.nltk import sentence_bleu
    >>> hypothesis1 = ['It', 'is', 'a', 'guide', 'to', 'action', 'which',
    ...     'ensures', 'that', 'the', 'military', 'always',
    ...     'obeys', 'the', 'commands', 'of', 'the', 'party']
    >>> reference1 = ['It', 'is', 'a', 'guide', 'to', 'action', 'that',
    ...     'ensures', 'that', 'the', 'military', 'will', 'forever',
    ...     'heed', 'Party', 'commands']
    >>> reference2 = ['It', 'is', 'the', 'guiding', 'principle', 'which',
    ...     'guarantees', 'the', 'military', 'forces', 'always',
    ...     'being', 'under', 'the', 'command', 'of', 'the', 'Party']
    >>> reference3 = ['It', 'is', 'the', 'practical', 'guide', 'for', 'the',
    ...     'army', 'always', 'to', 'heed', 'the', 'directions',
    ...     'of', 'the', 'party']
    >>> sentence_bleu([reference1, reference2, reference3], hypothesis1) # doctest: +ELLIPSIS
    0.5045...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..options import BleuConfig
from ..scoring import score_from_stats
from ..smoothing import needed_order
from ..stats import SentenceStats, pool_stats, reference_stats, sentence_stats

__all__ = ["SmoothingFunction", "corpus_bleu", "sentence_bleu"]

#: NLTK's method -> the SmoothingFunction attribute that is its parameter.
_PARAMETERS = {"method1": "epsilon", "method4": "k", "method6": "alpha", "method7": "k"}


@dataclass(frozen=True, slots=True)
class Smoothing:
    """One of NLTK's methods with its parameter, as ``SmoothingFunction().methodN`` gives."""

    method: str
    value: float | None = None


class SmoothingFunction:
    """NLTK's ``SmoothingFunction(epsilon=0.1, alpha=5, k=5)``: ``.method0`` .. ``.method7``."""

    def __init__(self, epsilon: float = 0.1, alpha: float = 5, k: float = 5) -> None:
        self.epsilon, self.alpha, self.k = epsilon, alpha, k

    def _method(self, name: str) -> Smoothing:
        attribute = _PARAMETERS.get(name)
        return Smoothing(name, None if attribute is None else float(getattr(self, attribute)))

    method0 = property(lambda self: self._method("method0"), doc="No smoothing (a zero precision gives ~0).")
    method1 = property(lambda self: self._method("method1"), doc="epsilon / total for a zero count.")
    method2 = property(lambda self: self._method("method2"), doc="Add 1 to orders above 1 (Lin & Och 2004).")
    method3 = property(lambda self: self._method("method3"), doc="1 / 2^k for the k-th zero count (NIST).")
    method4 = property(lambda self: self._method("method4"), doc="Like method3, scaled by the length (k).")
    method5 = property(lambda self: self._method("method5"), doc="The average of neighbouring orders.")
    method6 = property(lambda self: self._method("method6"), doc="Interpolation with the expected precision (alpha).")
    method7 = property(lambda self: self._method("method7"), doc="method4, then method5.")


def _smoothing(function: object) -> Smoothing:
    """The method of a ``smoothing_function``: this module's, or NLTK's own bound method."""
    if function is None:
        return Smoothing("method0")
    if isinstance(function, Smoothing):
        return function
    name = getattr(function, "__name__", "")
    owner = getattr(function, "__self__", None)
    if owner is not None and name in {f"method{i}" for i in range(8)}:
        attribute = _PARAMETERS.get(name)
        return Smoothing(name, None if attribute is None else float(getattr(owner, attribute)))
    raise TypeError(
        "smoothing_function must be SmoothingFunction().method0 .. method7 (bleu2 computes NLTK's methods "
        f"itself and cannot run another function), not {function!r}"
    )


def _tokens(tokens: object, where: str) -> Sequence[Any]:
    if isinstance(tokens, str) or not isinstance(tokens, Sequence):
        raise TypeError(f"{where} must be a list of tokens, as NLTK takes them, not {type(tokens).__name__}")
    return tokens


def corpus_bleu(
    list_of_references: Sequence[Sequence[Sequence[Any]]],
    hypotheses: Sequence[Sequence[Any]],
    weights: Sequence[float] | Sequence[Sequence[float]] = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: object = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """NLTK's ``corpus_bleu``: ``list_of_references[i]``, the token lists of the references
    of ``hypotheses[i]`` (a token list). Statistics are pooled over the corpus, then smoothed
    at the longest weight tuple's order and scored with each tuple.

    Raises:
        ValueError: different numbers of hypotheses and references; weights that do not sum to 1.
        TypeError: a string where a token list is expected; another smoothing function.
    """
    if len(list_of_references) != len(hypotheses):
        raise ValueError("The number of hypotheses and their reference(s) should be the same")
    several = isinstance(weights[0], Sequence) if len(weights) else False
    tuples: list[tuple[float, ...]] = [tuple(w) for w in weights] if several else [tuple(weights)]  # type: ignore[arg-type]
    order = max(len(w) for w in tuples)
    smooth = _smoothing(smoothing_function)
    depth = needed_order(smooth.method, order)
    stats: list[SentenceStats] = []
    for i, (refs, hyp) in enumerate(zip(list_of_references, hypotheses)):
        tokens = _tokens(hyp, f"hypotheses[{i}]")
        ref_tokens = [_tokens(r, f"list_of_references[{i}][{j}]") for j, r in enumerate(refs)]
        stats.append(sentence_stats(tokens, reference_stats(ref_tokens, depth, "count"), order, "closest"))
    pooled = pool_stats(stats, order)
    scores = [0.0 if not pooled.matches[0] else _score(pooled, w, order, smooth, auto_reweigh) for w in tuples]
    return scores if several else scores[0]


def _score(pooled: SentenceStats, weights: tuple[float, ...], order: int, smooth: Smoothing, reweigh: bool) -> float:
    c = pooled.hyp_len
    if reweigh and c < 4 and weights == (0.25, 0.25, 0.25, 0.25):
        weights = (1 / c,) * c
    padded = list(weights) + [0.0] * (order - len(weights))  # NLTK smooths every order, zips the first ones
    config = BleuConfig.make(
        max_order=order,
        weights=padded,
        smoothing=smooth.method,
        smooth_value=smooth.value,
        tokenizer="none",
        lowercase=False,
        empty_references="count",
    )
    return score_from_stats(pooled, config, "").score


def sentence_bleu(
    references: Sequence[Sequence[Any]],
    hypothesis: Sequence[Any],
    weights: Sequence[float] | Sequence[Sequence[float]] = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: object = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """NLTK's ``sentence_bleu``: ``corpus_bleu([references], [hypothesis], ...)``."""
    return corpus_bleu([references], [hypothesis], weights, smoothing_function, auto_reweigh)
