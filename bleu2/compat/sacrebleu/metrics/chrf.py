"""sacreBLEU 2.6.0's ``CHRF`` metric (``sacrebleu/metrics/chrf.py``) on bleu2's chrF engine
(:mod:`bleu2.chrf`).

``CHRF(...).corpus_score`` / ``.sentence_score`` take sacreBLEU's arguments and layout
(``references[j][i]``: the j-th reference of hypothesis i; ``None`` for a missing one) and
return a :class:`CHRFScore` whose ``score`` is sacreBLEU's, in percent (0-100), bit for bit
(:attr:`bleu2.ChrfResult.percent`). ``corpus_score(..., n_bootstrap=N)`` with N > 1 is
refused: bleu2's bootstrap (:func:`bleu2.significance_test`) resamples BLEU statistics only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....chrf import CHRF as _Scorer
from ....chrf_result import ChrfResult
from .base import Score, Signature

__all__ = ["CHRF", "CHRFScore", "CHRFSignature", "refuse_bootstrap"]


def refuse_bootstrap(metric: str) -> NotImplementedError:
    """The refusal of ``corpus_score(..., n_bootstrap=N)`` for a metric other than BLEU."""
    return NotImplementedError(
        f"{metric}: corpus_score(..., n_bootstrap=N) with N > 1 is not in bleu2.compat.sacrebleu "
        "(bleu2's bootstrap resamples BLEU statistics only); use sacrebleu itself for chrF/TER confidence intervals"
    )


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
        super().__init__(num_refs)
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
        self.n_bootstrap: int | None = None
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
        the constructor).

        Raises:
            ValueError: no references; TypeError: sacreBLEU's layout not kept.
            NotImplementedError: ``n_bootstrap`` > 1 (see the module docstring).
        """
        if n_bootstrap > 1:
            raise refuse_bootstrap("CHRF")
        refs = self._references if references is None else references
        if refs is None:
            raise ValueError("No references provided and the cache is empty.")
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
