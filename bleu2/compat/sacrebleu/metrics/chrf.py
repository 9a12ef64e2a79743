"""sacreBLEU 2.6.0's ``CHRF`` metric (``sacrebleu/metrics/chrf.py``) on bleu2's chrF engine
(:mod:`bleu2.metrics.chrf.api`).

``CHRF(...).corpus_score`` / ``.sentence_score`` take sacreBLEU's arguments and layout
(``references[j][i]``: the j-th reference of hypothesis i; ``None`` for a missing one) and
return a :class:`CHRFScore` whose ``score`` is sacreBLEU's, in percent (0-100), bit for bit
(:attr:`bleu2.ChrfResult.percent`). ``corpus_score(..., n_bootstrap=N)`` adds sacreBLEU's
bootstrap estimate (``_mean``, ``_ci``: its float32 resample arithmetic, seeded by
``SACREBLEU_SEED``), drawn by :func:`bleu2.corpus.significance.confidence_intervals` on the lines'
statistics as the scorer's significance hook gives them (``significance_sums``: the corpus
pipeline's, :class:`bleu2.metrics.protocol.Scorer`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ....corpus.significance import confidence_intervals
from ....metrics.chrf.api import CHRF as _Scorer
from ....metrics.chrf.result import ChrfResult
from .base import Score, Signature

__all__ = ["CHRF", "CHRFScore", "CHRFSignature", "bootstrap"]


def bootstrap(
    score: Score, scorer: Any, lines: Sequence[Any], num_refs: int | str, n_bootstrap: int
) -> tuple[int, str]:
    """sacreBLEU's bootstrap estimate of a corpus score: ``score._mean`` and ``score._ci``
    (percent) from ``n_bootstrap`` resamples of the lines' statistics (``scorer``'s
    ``extract``), as the corpus pipeline's ``--confidence`` draws them: through the scorer's
    ``significance_sums`` (``num_refs``: the references per line), seeded by
    ``SACREBLEU_SEED`` (default 12345; ``none``: OS entropy), read at each call as sacreBLEU
    reads it. Returns what the signature shows: ``(n_bootstrap, seed)``.

    Raises:
        ValueError: a ``SACREBLEU_SEED`` that is not an integer or ``none``.
    """
    seed = os.environ.get("SACREBLEU_SEED", "12345")
    sums, vector = scorer.significance_sums({num_refs} if isinstance(num_refs, int) else set())
    vectors = [vector(st) for st in lines]
    (result,) = confidence_intervals([vectors], sums, n=n_bootstrap, seed=None if seed.lower() == "none" else int(seed))
    if result.percent is not None:
        score._mean, score._ci = result.percent
    return n_bootstrap, seed.lower()


class CHRFScore(Score):
    """sacreBLEU's ``CHRFScore``: ``score`` (percent), ``char_order``, ``word_order``,
    ``beta``, ``name`` (``chrF2``, ``chrF2++``); ``format()`` and ``str()`` as sacreBLEU's."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: float) -> None:
        self.beta, self.char_order, self.word_order = beta, char_order, word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)


class CHRFSignature(Signature):
    """sacreBLEU's ``CHRFSignature``: ``nrefs``, ``case``, ``eff``, ``nc``, ``nw``, ``space``,
    ``version``."""

    def __init__(self, metric: CHRF, num_refs: int | str) -> None:
        super().__init__(num_refs, metric.n_bootstrap, metric.seed)
        self._abbr.update({"case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"})
        self.info.update(
            {
                "case": "lc" if metric.lowercase else "mixed",
                "eff": "no" if metric.eps_smoothing else "yes",
                "nc": metric.char_order,
                "nw": metric.word_order,
                "space": "yes" if metric.whitespace else "no",
            }
        )


class CHRF:
    """sacreBLEU's ``CHRF`` metric (its arguments and defaults: chrF2, character 6-grams,
    no word n-grams; ``word_order=2`` is chrF++).

    Raises:
        ValueError: a bad option (``char_order + word_order`` < 1, a negative order or beta).
    """

    CHAR_ORDER = 6
    WORD_ORDER = 0
    BETA = 2

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: int = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        self.char_order, self.word_order, self.beta = char_order, word_order, beta
        self.order = char_order + word_order
        self.lowercase, self.whitespace, self.eps_smoothing = lowercase, whitespace, eps_smoothing
        self.num_refs: int | str | None = None
        self.n_bootstrap: int | None = None  # set by a bootstrap, for the signature (as sacreBLEU)
        self.seed: str | None = None
        self._scorer = _Scorer(
            char_order=char_order,
            word_order=word_order,
            beta=beta,
            lowercase=lowercase,
            whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )
        self._references = None if references is None else [list(s) for s in references]

    def _score(self, result: ChrfResult) -> CHRFScore:
        return CHRFScore(result.percent, self.char_order, self.word_order, self.beta)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str | None]] | None, n_bootstrap: int = 1
    ) -> CHRFScore:
        """sacreBLEU's ``corpus_score``: ``references`` are streams (None: those given to
        the constructor). With ``n_bootstrap`` > 1, also sacreBLEU's bootstrap estimate
        (``_mean``, ``_ci``, shown by ``format()`` as ``(μ = ... ± ...)``; the signature
        gains ``bs`` and ``seed``).

        Raises:
            ValueError: no references; a ``SACREBLEU_SEED`` that is not an integer or
                ``none``. TypeError: sacreBLEU's layout not kept.
        """
        refs = self._references if references is None else references
        if refs is None:
            raise ValueError("No references provided and the cache is empty.")
        if n_bootstrap > 1:
            lines, self.num_refs = self._scorer.corpus_stats(hypotheses, refs, layout="streams")
            total = [sum(column) for column in zip(*lines)] or [0] * (3 * self.order)
            score = self._score(self._scorer.score_from_stats(total, self.num_refs))
            self.n_bootstrap, self.seed = bootstrap(score, self._scorer, lines, self.num_refs, n_bootstrap)
            return score
        result = self._scorer.corpus_score(hypotheses, refs, sentence_stats=False)
        self.num_refs = self._scorer.get_signature().n_refs
        return self._score(result)

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> CHRFScore:
        """sacreBLEU's ``sentence_score``: one hypothesis, a list of its references.

        Raises:
            TypeError: a hypothesis that is not a string, references given as one string.
        """
        if not isinstance(hypothesis, str):
            raise TypeError("CHRF: The argument `hyp` should be a string.")
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise TypeError("CHRF: The argument `refs` should be a sequence of strings.")
        result = self._scorer.sentence_score(hypothesis, list(references))
        self.num_refs = len([r for r in references if r is not None])
        return self._score(result)

    def get_signature(self) -> CHRFSignature:
        """The signature, as sacreBLEU's (``nrefs`` known once something was scored).

        Raises:
            ValueError: nothing scored yet, as sacreBLEU.
        """
        if self.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        return CHRFSignature(self, self.num_refs)
