"""torchmetrics 1.9's ``CHRFScore`` and ``chrf_score`` on bleu2's n-gram counting (import
them from :mod:`bleu2.compat.torchmetrics` or its ``text`` / ``functional`` modules).

torchmetrics' chrF is its own, not sacreBLEU's, and its defaults are chrF++
(``n_word_order=2``). Its rules, kept here: character n-grams of the line with
leading/trailing whitespace stripped and spaces (U+0020 only) removed, or of the whole
line with ``whitespace``; words split at whitespace, one punctuation mark split off as in
chrF++.py; each order's hypothesis n-grams are counted whether or not the reference has
any; per order P = matches/hyp and R = matches/ref (0 when the total is 0),
F = (1 + beta^2) P R / max(beta^2 P + R, 1e-16), and the score is the mean of the F of all
``n_char_order + n_word_order`` orders (Popović 2015, 2017). With several references a line
takes the statistics of the one with the highest sentence score, the first on ties; when
every reference scores 0, the line adds its hypothesis n-grams only (no reference n-grams,
no matches), as torchmetrics does. The arithmetic is torchmetrics' float32, operation for
operation (:func:`bleu2.common.sacrebleu_math.f32`); the counts are exact integers (torchmetrics'
float32 counts are exact below 2**24 n-grams). Scores are fractions in [0, 1].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...common.sacrebleu_math import f32
from ...metrics.chrf.stats import char_ngrams, ngram_counts, word_ngrams, words
from .metric import Metric, as_value, as_vector, check_inputs

__all__ = ["CHRFScore", "chrf_score", "ChrfSums"]

#: torchmetrics' ``_EPS_SMOOTHING``, a float32 tensor: the smallest F-score denominator.
_EPS = f32(1e-16)


class ChrfSums(NamedTuple):
    """What a :class:`CHRFScore` accumulates: per order (characters 1..C, then words
    1..W) the hypothesis n-grams, the reference n-grams and the matches, summed over the
    lines (``3 * (C + W)`` ints); and each line's sentence score (float32 values), kept
    only with ``return_sentence_level_score``."""

    stats: tuple[int, ...]
    sentences: tuple[float, ...] = ()


class _Rules:
    """One set of torchmetrics chrF options: texts -> statistics -> float32 scores."""

    def __init__(self, n_char_order: int, n_word_order: int, beta: float, lowercase: bool, whitespace: bool):
        if isinstance(n_char_order, bool) or not isinstance(n_char_order, int) or n_char_order < 1:
            raise ValueError("Expected argument `n_char_order` to be an integer greater than or equal to 1.")
        if isinstance(n_word_order, bool) or not isinstance(n_word_order, int) or n_word_order < 0:
            raise ValueError("Expected argument `n_word_order` to be an integer greater than or equal to 0.")
        if beta < 0:
            raise ValueError("Expected argument `beta` to be greater than 0.")
        self.n_char_order, self.n_word_order = n_char_order, n_word_order
        self.order = n_char_order + n_word_order
        self.lowercase, self.whitespace = lowercase, whitespace
        # torchmetrics multiplies float32 tensors by the Python scalars beta**2 and 1 + beta**2
        self.factor, self.one_plus = f32(beta**2), f32(1 + beta**2)

    def counts(self, text: str) -> list[dict[Any, int]]:
        """Each order's n-gram counts of one text (characters, then words)."""
        if self.lowercase:
            text = text.lower()
        chars = text if self.whitespace else text.strip().replace(" ", "")
        grams = char_ngrams(chars, self.n_char_order)
        if self.n_word_order:
            grams += word_ngrams(words(text), self.n_word_order)
        return [ngram_counts(g) for g in grams]

    def f_score(self, stats: Sequence[int]) -> float:
        """torchmetrics' ``_calculate_fscore`` in float32: the mean of every order's F."""
        factor, one_plus = self.factor, self.one_plus
        sums = []
        for first, last in ((0, self.n_char_order), (self.n_char_order, self.order)):
            total: float = 0  # Python's sum(): int 0, then float32 additions
            for i in range(first, last):
                n_hyp, n_ref, n_match = stats[3 * i : 3 * i + 3]
                prec = f32(n_match / n_hyp) if n_hyp > 0 else 0.0
                rec = f32(n_match / n_ref) if n_ref > 0 else 0.0
                denom = max(f32(f32(factor * prec) + rec), _EPS)
                total = f32(total + f32(f32(f32(one_plus * prec) * rec) / denom))
            sums.append(total)
        return f32(f32(sums[0] + sums[1]) / self.order)

    def line(self, hypothesis: str, references: Sequence[str]) -> tuple[list[int], float]:
        """One line's statistics and sentence score, against the best of its references."""
        hyp = self.counts(hypothesis)
        n_hyp = [sum(h.values()) for h in hyp]
        best_f = 0.0
        best_stats: list[int] = []  # no reference scored above 0: no reference n-grams, no matches
        for i in range(self.order):
            best_stats += (n_hyp[i], 0, 0)
        for reference in references:
            stats: list[int] = []
            for h, r, n in zip(hyp, self.counts(reference), n_hyp):
                get = h.get
                m = 0
                for g, k in r.items():
                    c = get(g)
                    if c:
                        m += k if k < c else c
                stats += (n, sum(r.values()), m)
            f = self.f_score(stats)
            if f > best_f:
                best_f, best_stats = f, stats
        return best_stats, best_f

    def sums(self, preds: list[str], target: list[list[str]], sentences: bool) -> ChrfSums:
        total = [0] * (3 * self.order)
        scores: list[float] = []
        for hypothesis, references in zip(preds, target):
            stats, f = self.line(hypothesis, references)
            total = [a + b for a, b in zip(total, stats)]
            scores.append(f)
        return ChrfSums(tuple(total), tuple(scores) if sentences else ())


def _result(rules: _Rules, sums: ChrfSums, sentences: bool, device: object = None) -> Any:
    value = as_value(rules.f_score(sums.stats), device)
    return (value, as_vector(sums.sentences, device)) if sentences else value


class CHRFScore(Metric[ChrfSums]):
    """torchmetrics' ``CHRFScore(n_char_order=6, n_word_order=2, beta=2.0, lowercase=False,
    whitespace=False, return_sentence_level_score=False)``: chrF++ by default. ``update(preds,
    target)``, ``compute()``, ``metric(preds, target)`` (the batch's score), ``reset()``; with
    ``return_sentence_level_score``, values are ``(corpus score, sentence scores)``.

    Raises:
        ValueError: ``n_char_order`` < 1, ``n_word_order`` < 0, ``beta`` < 0 (torchmetrics'
            messages); different numbers of predictions and targets.
        TypeError: a string where torchmetrics would read its characters one by one.

    Example (torchmetrics' own):
        >>> chrf = CHRFScore()
        >>> round(float(chrf(["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat"]])), 4)
        0.864
    """

    def __init__(
        self,
        n_char_order: int = 6,
        n_word_order: int = 2,
        beta: float = 2.0,
        lowercase: bool = False,
        whitespace: bool = False,
        return_sentence_level_score: bool = False,
        **kwargs: Any,
    ):
        self._rules = _Rules(n_char_order, n_word_order, beta, lowercase, whitespace)
        self.n_char_order, self.n_word_order, self.beta = n_char_order, n_word_order, beta
        self.lowercase, self.whitespace = lowercase, whitespace
        self.return_sentence_level_score = return_sentence_level_score
        self.n_order = float(n_char_order + n_word_order)
        super().__init__(**kwargs)

    def _zero(self) -> ChrfSums:
        return ChrfSums((0,) * (3 * self._rules.order))

    def _add(self, a: ChrfSums, b: ChrfSums) -> ChrfSums:
        return ChrfSums(tuple(x + y for x, y in zip(a.stats, b.stats)), a.sentences + b.sentences)

    def _batch(self, preds: Any, target: Any) -> ChrfSums:
        hyps, refs = check_inputs(preds, target)
        return self._rules.sums(hyps, refs, self.return_sentence_level_score)

    def _value(self, stats: ChrfSums) -> float:
        return self._rules.f_score(stats.stats)

    def _result(self, stats: ChrfSums) -> Any:
        return _result(self._rules, stats, self.return_sentence_level_score, self._device)


def chrf_score(
    preds: str | Sequence[str],
    target: Sequence[str | Sequence[str]],
    n_char_order: int = 6,
    n_word_order: int = 2,
    beta: float = 2.0,
    lowercase: bool = False,
    whitespace: bool = False,
    return_sentence_level_score: bool = False,
) -> Any:
    """torchmetrics' ``chrf_score``: :class:`CHRFScore`'s value of one corpus (chrF++ by
    default); with ``return_sentence_level_score``, ``(corpus score, sentence scores)``
    (the corpus score alone when there is no sentence, as torchmetrics).

    Raises:
        ValueError, TypeError: as :class:`CHRFScore`.
    """
    rules = _Rules(n_char_order, n_word_order, beta, lowercase, whitespace)
    hyps, refs = check_inputs(preds, target)
    sums = rules.sums(hyps, refs, return_sentence_level_score)
    return _result(rules, sums, return_sentence_level_score and bool(sums.sentences))
