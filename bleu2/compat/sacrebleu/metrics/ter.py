"""sacreBLEU 2.6.0's ``TER`` metric (``sacrebleu/metrics/ter.py``) on bleu2's TER engine
(:mod:`bleu2.metrics.ter.api`).

``TER(...).corpus_score`` / ``.sentence_score`` take sacreBLEU's arguments and layout
(``references[j][i]``: the j-th reference of hypothesis i; ``None`` for a missing one) and
return a :class:`TERScore` whose ``score`` is sacreBLEU's, in percent (100 * edits / the
summed average reference lengths; the same float), with ``num_edits`` and ``ref_length``.
``corpus_score(..., n_bootstrap=N)`` adds sacreBLEU's bootstrap estimate as
:class:`~.chrf.CHRF`'s does (the scorer's ``significance_sums``), with 1, 2, 4, ... references
per line; other numbers are refused (a line's average reference length is then not exact in
float32, and sacreBLEU's sums of rounded averages cannot be redrawn bit for bit from summed
lengths).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....metrics.ter.api import TER as _Scorer
from ....metrics.ter.result import TerResult
from .base import Score, Signature
from .chrf import bootstrap

__all__ = ["TER", "TERScore", "TERSignature"]


class TERScore(Score):
    """sacreBLEU's ``TERScore``: ``score`` (percent; it may exceed 100), ``num_edits``
    (int), ``ref_length`` (the summed average reference lengths, a float); ``format()`` and
    ``str()`` as sacreBLEU's."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length


class TERSignature(Signature):
    """sacreBLEU's ``TERSignature``: ``nrefs``, ``case``, ``tok`` (``tercom``), ``norm``,
    ``punct``, ``asian``, ``version``."""

    def __init__(self, metric: TER, num_refs: int | str) -> None:
        super().__init__(num_refs, metric.n_bootstrap, metric.seed)
        self._abbr.update({"case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"})
        self.info.update(
            {
                "case": "mixed" if metric.case_sensitive else "lc",
                "tok": "tercom",
                "norm": metric.normalized,
                "punct": not metric.no_punct,
                "asian": metric.asian_support,
            }
        )


class TER:
    """sacreBLEU's ``TER`` metric (its arguments and defaults: no normalization, punctuation
    kept, lower-cased).

    Raises:
        ValueError: an option that is not True or False.
    """

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        self.normalized, self.no_punct = normalized, no_punct
        self.asian_support, self.case_sensitive = asian_support, case_sensitive
        self.num_refs: int | str | None = None
        self.n_bootstrap: int | None = None  # set by a bootstrap, for the signature (as sacreBLEU)
        self.seed: str | None = None
        self._scorer = _Scorer(
            normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive
        )
        self._references = None if references is None else [list(s) for s in references]

    @staticmethod
    def _score(result: TerResult) -> TERScore:
        return TERScore(100 * result.score, result.num_edits, result.ref_length)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str | None]] | None, n_bootstrap: int = 1
    ) -> TERScore:
        """sacreBLEU's ``corpus_score``: ``references`` are streams (None: those given to
        the constructor). With ``n_bootstrap`` > 1, also sacreBLEU's bootstrap estimate
        (``_mean``, ``_ci``; the signature gains ``bs`` and ``seed``).

        Raises:
            ValueError: no references; a ``SACREBLEU_SEED`` that is not an integer or
                ``none``. TypeError: sacreBLEU's layout not kept.
            NotImplementedError: ``n_bootstrap`` > 1 with a number of references per line
                that is not a power of two, or that varies (see the module docstring).
        """
        refs = self._references if references is None else references
        if refs is None:
            raise ValueError("No references provided and the cache is empty.")
        stats, num_refs = self._scorer.corpus_stats(hypotheses, refs, layout="streams")
        if n_bootstrap > 1 and (not isinstance(num_refs, int) or num_refs & (num_refs - 1)):
            raise NotImplementedError(
                f"TER: corpus_score(..., n_bootstrap=N) takes 1, 2, 4, ... references per line in "
                f"bleu2.compat.sacrebleu, not {num_refs!r} (its resamples would not be sacreBLEU's to the last bit); "
                "use sacrebleu itself for this bootstrap"
            )
        self.num_refs = num_refs
        score = self._score(self._scorer.corpus_from_stats(stats, num_refs).corpus)
        if n_bootstrap > 1:
            self.n_bootstrap, self.seed = bootstrap(score, self._scorer, stats, num_refs, n_bootstrap)
        return score

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> TERScore:
        """sacreBLEU's ``sentence_score``: one hypothesis, a list of its references.

        Raises:
            TypeError: a hypothesis that is not a string, references given as one string.
        """
        if not isinstance(hypothesis, str):
            raise TypeError("TER: The argument `hyp` should be a string.")
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise TypeError("TER: The argument `refs` should be a sequence of strings.")
        result = self._scorer.sentence_score(hypothesis, list(references))
        self.num_refs = len([r for r in references if r is not None])
        return self._score(result)

    def get_signature(self) -> TERSignature:
        """The signature, as sacreBLEU's (``nrefs`` known once something was scored).

        Raises:
            ValueError: nothing scored yet, as sacreBLEU.
        """
        if self.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        return TERSignature(self, self.num_refs)
