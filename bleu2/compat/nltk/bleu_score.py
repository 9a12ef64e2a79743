"""NLTK 3.10.4's BLEU on bleu2's engine: one changed import,

    from nltk.translate.bleu_score import corpus_bleu, sentence_bleu, SmoothingFunction
    from bleu2.compat.nltk import corpus_bleu, sentence_bleu, SmoothingFunction

(also ``modified_precision``, ``closest_ref_length``, ``brevity_penalty``).

Token lists in, NLTK's rules (clipping by the largest count in any reference, the closest
reference length, each sentence's n-gram total at least 1, no unigram match: 0) and
``SmoothingFunction(epsilon=0.1, alpha=5, k=5).method0`` .. ``method7`` (Chen & Cherry
2014); ``weights`` one tuple (a float back) or a list of several (a list back), any
numbers, as NLTK takes them (``(0.33, 0.33, 0.33, 0)`` too); NLTK's own
``SmoothingFunction().methodN`` is accepted too, and so is a function of one's own (called
as NLTK calls it). Where NLTK's code fails (an empty corpus, a hypothesis without
references, ``method6`` without trigram matches) a ``ValueError`` says why.

NLTK's corpus quirk, kept: ``corpus_bleu`` smooths the pooled counts but hands its
smoothing function the *last* hypothesis and its references, so ``method5`` and
``method7`` take the last sentence's order-5 precision as their (N+1)-th term and
``method6`` divides by the last hypothesis's n-gram counts (orders >= 3).
``method0`` warns (``UserWarning``, NLTK's message) for each order without a match, as
NLTK does.

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
    >>> from bleu2.compat.nltk import modified_precision
    >>> p = modified_precision([reference1, reference2, reference3], hypothesis1, 2)
    >>> p.numerator, p.denominator, float(p)
    (10, 17, 0.5882352941176471)
"""

from __future__ import annotations

import fractions
import math
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...metrics.bleu.options import BleuConfig
from ...metrics.bleu.scoring import score_from_stats
from ...metrics.bleu.smoothing import method4_values, method5_values, method6_values, needed_order
from ...metrics.bleu.stats import SentenceStats, closest_ref_len, pool_stats, reference_stats, sentence_stats

__all__ = [
    "Fraction",
    "SmoothingFunction",
    "brevity_penalty",
    "closest_ref_length",
    "corpus_bleu",
    "modified_precision",
    "sentence_bleu",
]

#: NLTK's method -> the SmoothingFunction attribute that is its parameter.
_PARAMETERS = {"method1": "epsilon", "method4": "k", "method6": "alpha", "method7": "k"}


@dataclass(frozen=True, slots=True)
class Smoothing:
    """One of NLTK's methods with its parameter, as ``SmoothingFunction().methodN`` gives."""

    method: str
    value: float | None = None
    #: another function, called as NLTK calls it (``method`` is then ``"custom"``).
    function: Callable[..., Any] | None = None


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
    if not callable(function):
        raise TypeError(
            f"smoothing_function must be SmoothingFunction().method0 .. method7 or a function, not {function!r}"
        )
    return Smoothing("custom", function=function)


def _tokens(tokens: object, where: str) -> Sequence[Any]:
    if isinstance(tokens, str) or not isinstance(tokens, Sequence):
        raise TypeError(f"{where} must be a list of tokens, as NLTK takes them, not {type(tokens).__name__}")
    return tokens


class Fraction(fractions.Fraction):
    """NLTK's unnormalised ``Fraction``: ``numerator`` and ``denominator`` as counted
    (``Fraction(2, 4).denominator`` is 4), the value their quotient. On Python 3.11 it is
    ``fractions.Fraction(n, d, _normalize=False)``, as NLTK's there; from 3.12 on (no
    ``_normalize``) the value is stored reduced and the counts kept beside it, as NLTK's."""

    _counted: tuple[int, int, bool]

    def __new__(cls, numerator: int = 0, denominator: int | None = None, _normalize: bool = False) -> Fraction:
        new: Any = super().__new__
        self: Fraction
        if sys.version_info >= (3, 12):
            self = new(cls, numerator, denominator)
        else:  # 3.11's Fraction still takes _normalize
            self = new(cls, numerator, denominator, _normalize=_normalize)
        self._counted = (numerator, 1 if denominator is None else denominator, _normalize)
        return self

    @property
    def numerator(self) -> int:
        n, _, normalize = self._counted
        return super().numerator if normalize else n

    @property
    def denominator(self) -> int:
        _, d, normalize = self._counted
        return super().denominator if normalize else d


def _check_order(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be an integer >= 1, got {n!r}")
    return n


def modified_precision(references: Sequence[Sequence[Any]], hypothesis: Sequence[Any], n: int) -> Fraction:
    """NLTK's ``modified_precision``: the clipped n-gram matches of ``hypothesis`` (a token
    list) over its n-gram count, at least 1 (Papineni et al. 2002), as an unnormalised
    :class:`Fraction` (``float()`` of it is the precision, in [0, 1]).

    Raises:
        TypeError: a string where a token list is expected; ValueError: ``n`` < 1, or no
            references for a hypothesis with n-grams (NLTK's raises ``KeyError``).
    """
    order = _check_order(n)
    tokens = _tokens(hypothesis, "hypothesis")
    refs = [_tokens(r, f"references[{j}]") for j, r in enumerate(references)]
    if not refs and len(tokens) >= order:
        raise ValueError("modified_precision() needs at least one reference")
    stats = sentence_stats(tokens, reference_stats(refs, order, "count"), order)
    return Fraction(stats.matches[-1], max(1, stats.totals[-1]), _normalize=False)


def closest_ref_length(references: Sequence[Sequence[Any]], hyp_len: int) -> int:
    """NLTK's ``closest_ref_length``: the reference length closest to ``hyp_len`` (ties:
    the shorter), a token count.

    Raises:
        ValueError: no references (as NLTK's ``min()``).
    """
    lengths = [len(r) for r in references]
    if not lengths:
        raise ValueError("closest_ref_length() needs at least one reference")
    return closest_ref_len(hyp_len, lengths)


def brevity_penalty(closest_ref_len: int, hyp_len: int) -> float:
    """NLTK's ``brevity_penalty(r, c)`` (note the order: reference length first):
    1 when c > r, 0 when c = 0, else exp(1 - r/c) (Papineni et al. 2002). A float in
    [0, 1]; the ints 1 and 0 where NLTK returns them."""
    if hyp_len > closest_ref_len:
        return 1
    if hyp_len == 0:
        return 0
    return math.exp(1 - closest_ref_len / hyp_len)


def corpus_bleu(
    list_of_references: Sequence[Sequence[Sequence[Any]]],
    hypotheses: Sequence[Sequence[Any]],
    weights: Sequence[float] | Sequence[Sequence[float]] = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: object = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """NLTK's ``corpus_bleu``: ``list_of_references[i]``, the token lists of the references
    of ``hypotheses[i]`` (a token list). Statistics are pooled over the corpus, then smoothed
    at the longest weight tuple's order and scored with each tuple; ``method5``..``method7``
    read the last sentence as NLTK's do (the module docstring). ``method0`` warns
    (``UserWarning``) for each order without a match, as NLTK. Without a unigram match:
    the int ``0`` (a list of them for several tuples), as NLTK.

    Raises:
        ValueError: different numbers of hypotheses and references; no hypothesis; a
            hypothesis without references; no weights; ``method6`` without trigram matches
            or with fewer than 3 orders (NLTK's message).
        TypeError: a string where a token list is expected; a smoothing function that is not callable.
    """
    return _corpus_bleu(list_of_references, hypotheses, weights, smoothing_function, auto_reweigh)


def _weight_tuples(weights: Any) -> tuple[list[Sequence[float]], bool]:
    """NLTK's reading of ``weights``: one tuple, or a list of them (``weights[0][0]``
    exists), each kept as given (``auto_reweigh`` acts on the tuple ``(0.25, 0.25, 0.25,
    0.25)`` only, not on a list of those values, as NLTK's); and whether a list of scores
    comes back (more than one tuple, as NLTK).

    Raises:
        ValueError: no weights, or a weight that is not a number.
    """
    try:
        weights[0][0]
        checked: list[Sequence[float]] = list(weights)
    except (TypeError, IndexError):
        checked = [weights]
    for w in checked:
        try:
            numbers = [float(x) for x in w]
        except (TypeError, ValueError):
            raise ValueError(f"weights must be numbers, one per n-gram order, got {weights!r}") from None
        if not numbers:
            raise ValueError(f"weights must have at least one weight (one per n-gram order), got {weights!r}")
    if not checked:
        raise ValueError(f"weights must have at least one weight (one per n-gram order), got {weights!r}")
    return checked, len(checked) > 1


def _corpus_bleu(
    list_of_references: Sequence[Sequence[Sequence[Any]]],
    hypotheses: Sequence[Sequence[Any]],
    weights: object,
    smoothing_function: object,
    auto_reweigh: bool,
    stacklevel: int = 3,
) -> float | list[float]:
    if len(list_of_references) != len(hypotheses):
        raise ValueError("The number of hypotheses and their reference(s) should be the same")
    if not hypotheses:
        raise ValueError("corpus_bleu() needs at least one hypothesis (NLTK's divides by zero)")
    tuples, several = _weight_tuples(weights)
    order = max(len(w) for w in tuples)
    smooth = _smoothing(smoothing_function)
    depth = needed_order(smooth.method, order)
    stats: list[SentenceStats] = []
    for i, (refs, hyp) in enumerate(zip(list_of_references, hypotheses)):
        tokens = _tokens(hyp, f"hypotheses[{i}]")
        ref_tokens = [_tokens(r, f"list_of_references[{i}][{j}]") for j, r in enumerate(refs)]
        if not ref_tokens:
            raise ValueError(f"list_of_references[{i}] has no reference (NLTK's fails on it)")
        stats.append(sentence_stats(tokens, reference_stats(ref_tokens, depth, "count"), order, "closest"))
    pooled = pool_stats(stats, order)
    if not pooled.matches[0]:  # NLTK's int 0 (its ``bleu.doctest`` prints ``0``)
        return [0] * len(tuples) if several else 0
    if smooth.function is not None:
        return _custom(pooled, tuples, several, smooth.function, list_of_references[-1], hypotheses[-1], auto_reweigh)
    if smooth.method == "method6" and (order < 3 or not pooled.matches[2]):
        raise ValueError(  # NLTK: an IndexError, or its AssertionError with this message
            "This smoothing method requires non-zero precision for bigrams. "
            "(method6 needs trigram matches, and weights for at least 3 orders)"
        )
    if smooth.method == "method0":
        for n, m in enumerate(pooled.matches, start=1):
            if not m:
                warnings.warn(_NO_MATCH.format(n), UserWarning, stacklevel=stacklevel)
    values = _last_sentence_values(pooled, stats[-1], smooth) if len(stats) > 1 else None
    if values is None:
        values = _smoothed_values(pooled, order, smooth)
    scores = [_score(pooled, w, values, auto_reweigh) for w in tuples]
    return scores if several else scores[0]


#: NLTK's warning (``SmoothingFunction.method0``) for an order without a match.
_NO_MATCH = (
    "\nThe hypothesis contains 0 counts of {}-gram overlaps.\n"
    "Therefore the BLEU score evaluates to 0, independently of\n"
    "how many N-gram overlaps of lower order it contains.\n"
    "Consider using lower n-gram order or use SmoothingFunction()"
)


def _last_sentence_values(pooled: SentenceStats, last: SentenceStats, smooth: Smoothing) -> list[float] | None:
    """The precisions NLTK's ``corpus_bleu`` smooths to with ``method5``..``method7``: the
    pooled P_n, with the last sentence's order-5 precision (``method5``, ``method7``) or its
    n-gram totals (``method6``, orders >= 3) where the method reads its hypothesis. None for
    the other methods (they read no sentence: the engine scores them)."""
    method = smooth.method
    if method not in ("method5", "method6", "method7"):
        return None
    dens = [t + e for t, e in zip(pooled.totals, pooled.empties())]
    p = [m / d for m, d in zip(pooled.matches, dens)]
    if method == "method6":
        return method6_values(p, pooled.matches, last.totals, 5.0 if smooth.value is None else smooth.value)
    m5, t5, e5 = last.order(5)
    if method == "method7":
        p = method4_values(pooled, 5.0 if smooth.value is None else smooth.value)
    return method5_values(p, m5 / (t5 + e5))


def _custom(
    pooled: SentenceStats,
    tuples: list[Sequence[float]],
    several: bool,
    function: Callable[..., Any],
    references: Sequence[Sequence[Any]],
    hypothesis: Sequence[Any],
    reweigh: bool,
) -> float | list[float]:
    """A smoothing function of the user's, called as NLTK's ``corpus_bleu`` calls it: the
    pooled P_n as unnormalised :class:`Fraction` (matches / n-grams, each sentence's count
    at least 1), the *last* hypothesis and its references, the summed hypothesis length."""
    dens = [t + e for t, e in zip(pooled.totals, pooled.empties())]
    p_n = [Fraction(m, d, _normalize=False) for m, d in zip(pooled.matches, dens)]
    values = function(p_n, references=references, hypothesis=hypothesis, hyp_len=pooled.hyp_len)
    scores = [_score(pooled, w, values, reweigh) for w in tuples]
    return scores if several else scores[0]


def _smoothed_values(pooled: SentenceStats, order: int, smooth: Smoothing) -> list[float]:
    """The smoothed precisions P_1..P_order of the pooled statistics, as NLTK's method gives
    them (the engine's NLTK methods, :mod:`bleu2.metrics.bleu.smoothing`)."""
    config = BleuConfig.make(
        max_order=order,
        smoothing=smooth.method,
        smooth_value=smooth.value,
        tokenizer="none",
        lowercase=False,
        empty_references="count",
    )
    return [p.value for p in score_from_stats(pooled, config).precisions]


def _score(pooled: SentenceStats, weights: Sequence[float], values: list[float], reweigh: bool) -> float:
    """NLTK's sum: BP * exp(sum of w_n * ln P_n over the orders with P_n > 0), the weights
    as given (any numbers, zipped with the first orders; Papineni et al. 2002)."""
    c = pooled.hyp_len
    if reweigh and c < 4 and isinstance(weights, tuple) and weights == (0.25, 0.25, 0.25, 0.25):
        weights = (1 / c,) * c
    bp = brevity_penalty(pooled.ref_len, c)
    return bp * math.exp(math.fsum(w * math.log(v) for w, v in zip(weights, values) if v > 0))


def sentence_bleu(
    references: Sequence[Sequence[Any]],
    hypothesis: Sequence[Any],
    weights: Sequence[float] | Sequence[Sequence[float]] = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: object = None,
    auto_reweigh: bool = False,
) -> float | list[float]:
    """NLTK's ``sentence_bleu``: ``corpus_bleu([references], [hypothesis], ...)``."""
    return _corpus_bleu([references], [hypothesis], weights, smoothing_function, auto_reweigh)
