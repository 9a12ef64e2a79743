"""sacreBLEU 2.6.0's ``BLEU`` metric (``sacrebleu/metrics/bleu.py``) on bleu2's engine.

``BLEU(...).corpus_score`` / ``.sentence_score`` take sacreBLEU's arguments and layout
(``references[j][i]``: the j-th reference of hypothesis i; ``None`` for a missing one) and
return a :class:`BLEUScore` with sacreBLEU's attributes, in percent (0-100) as sacreBLEU
gives them, computed with sacreBLEU's own arithmetic (:mod:`bleu2.common.sacrebleu_math`);
``corpus_score(..., n_bootstrap=N)`` adds sacreBLEU's bootstrap estimate (``_mean``,
``_ci``), drawn as sacreBLEU draws it (:func:`bleu2.significance_test`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ....corpus.layouts import n_refs_label
from ....metrics.bleu.api import significance_test
from ....metrics.bleu.sacrebleu_score import compute_bleu
from ....metrics.bleu.scorer import BLEU as _Scorer
from ....metrics.bleu.stats import SentenceStats
from .base import Score, Signature

__all__ = ["BLEU", "BLEUScore", "BLEUSignature"]

#: sacreBLEU's tokenizers that bleu2 has.
TOKENIZERS = ("none", "zh", "13a", "intl", "char")
SMOOTH_METHODS = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}


class BLEUScore(Score):
    """sacreBLEU's ``BLEUScore``: ``score``, ``precisions`` in percent; ``counts``,
    ``totals`` (clipped matches and n-grams per order; with ``add-k``, k added above
    unigrams, as sacreBLEU's lists are), ``bp``, ``sys_len``, ``ref_len``,
    ``ratio``; ``format()`` and ``str()`` as sacreBLEU's."""

    def __init__(self, stats: SentenceStats, order: int, method: str, value: float | None, eff: bool) -> None:
        v = [stats.hyp_len, stats.ref_len, *stats.matches, *stats.totals]
        score, self.precisions, self.bp = compute_bleu(v, order, method, value or 0.0, eff)
        super().__init__("BLEU", score)
        self.counts: list[float] = list(stats.matches)
        self.totals: list[float] = list(stats.totals)
        if method == "add-k" and any(self.counts) and value:  # sacreBLEU adds k to its lists in place
            self.counts[1:] = [m + value for m in self.counts[1:]]
            self.totals[1:] = [t + value for t in self.totals[1:]]
        self.sys_len, self.ref_len = stats.hyp_len, stats.ref_len
        self.ratio = self.sys_len / self.ref_len if self.ref_len else 0
        self.prec_str = "/".join(f"{p:.1f}" for p in self.precisions)
        self._verbose = (
            f"{self.prec_str} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )


class BLEUSignature(Signature):
    """sacreBLEU's ``BLEUSignature``: ``nrefs``, the bootstrap's ``bs`` and ``seed`` when one
    ran, ``case``, ``eff``, ``tok``, ``smooth``, ``version``."""

    def __init__(self, metric: BLEU, num_refs: int | str) -> None:
        super().__init__(num_refs, metric.n_bootstrap, metric.seed)
        self._abbr.update({"case": "c", "eff": "e", "tok": "tok", "smooth": "s"})
        smooth = metric.smooth_method
        if metric.smooth_value is not None and smooth in ("floor", "add-k"):
            smooth += f"[{metric.smooth_value:.2f}]"
        self.info.update(
            {
                "case": "lc" if metric.lowercase else "mixed",
                "eff": "yes" if metric.effective_order else "no",
                "tok": metric.tokenize,
                "smooth": smooth,
            }
        )


class BLEU:
    """sacreBLEU's ``BLEU`` metric (its arguments and defaults).

    Raises:
        ValueError: a tokenizer bleu2 lacks (``ja-mecab``, ``ko-mecab``, ``spm``, ``flores*``),
            an unknown smoothing method.
    """

    def __init__(
        self,
        lowercase: bool = False,
        force: bool = False,
        tokenize: str | None = None,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int = 4,
        effective_order: bool = False,
        trg_lang: str = "",
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        if tokenize is None:
            tokenize = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}.get(trg_lang, "13a")
        if tokenize not in TOKENIZERS:
            raise ValueError(f"tokenizer {tokenize!r} is not available in bleu2; it has: {', '.join(TOKENIZERS)}")
        if smooth_method not in SMOOTH_METHODS:
            raise ValueError(f"Unknown smooth_method {smooth_method!r}; sacreBLEU's: {', '.join(SMOOTH_METHODS)}")
        if smooth_value is None:
            smooth_value = SMOOTH_METHODS[smooth_method]
        self.lowercase, self.force, self.tokenize = lowercase, force, tokenize
        self.smooth_method, self.smooth_value = smooth_method, smooth_value
        self.max_ngram_order, self.effective_order, self.trg_lang = max_ngram_order, effective_order, trg_lang
        self.num_refs: int | str | None = None
        self.n_bootstrap: int | None = None  # set by a bootstrap, for the signature (as sacreBLEU)
        self.seed: str | None = None
        self._scorer = _Scorer(
            preset="sacrebleu",
            max_order=max_ngram_order,
            tokenizer=tokenize,
            lowercase=lowercase,
            smoothing=smooth_method,
            smooth_value=smooth_value if smooth_method in ("floor", "add-k") else None,
            effective_order=effective_order,
        )
        self._references = None if references is None else [list(s) for s in references]

    def _score(self, stats: SentenceStats) -> BLEUScore:
        return BLEUScore(stats, self.max_ngram_order, self.smooth_method, self.smooth_value, self.effective_order)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str | None]] | None, n_bootstrap: int = 1
    ) -> BLEUScore:
        """sacreBLEU's ``corpus_score``: ``references`` are streams (None: those given to
        the constructor). With ``n_bootstrap`` > 1, also sacreBLEU's bootstrap estimate:
        ``_mean`` and ``_ci`` (percent; the 95% half-width) of ``n_bootstrap`` resamples,
        seeded by ``SACREBLEU_SEED`` (default 12345; ``none``: OS entropy), shown by
        ``format()`` as ``(μ = ... ± ...)``; the signature gains ``bs`` and ``seed``.

        Raises:
            ValueError: no references; a ``SACREBLEU_SEED`` that is not an integer or ``none``.
        """
        refs = self._references if references is None else references
        if refs is None:
            raise ValueError("No references provided and the cache is empty.")
        if n_bootstrap > 1:
            seed = os.environ.get("SACREBLEU_SEED", "12345")  # read at each call, as sacreBLEU
            out = significance_test(
                [hypotheses],
                refs,
                "confidence",
                n=n_bootstrap,
                seed=None if seed.lower() == "none" else int(seed),
                layout="streams",
                **self._scorer.config.options(),
            )
            score = self._score(out.systems[0].stats)
            found = out.significance[0] if out.significance else None
            if found is not None and found.percent is not None:
                score._mean, score._ci = found.percent
            self.n_bootstrap, self.seed = n_bootstrap, seed.lower()
        else:
            result = self._scorer.corpus_score(hypotheses, refs, sentence_scores=False, sentence_stats=False)
            score = self._score(result.stats)
        self.num_refs = _n_refs(refs)
        return score

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> BLEUScore:
        """sacreBLEU's ``sentence_score``: one hypothesis, a list of its references."""
        if isinstance(references, str):
            raise TypeError("BLEU: `references` should be a list of strings (a string is not a list of references)")
        stats = self._scorer.sentence_stats(hypothesis, list(references))  # type: ignore[arg-type]
        self.num_refs = len([r for r in references if r is not None])
        return self._score(stats)

    def get_signature(self) -> BLEUSignature:
        """The signature, as sacreBLEU's (``nrefs`` known once something was scored).

        Raises:
            ValueError: nothing scored yet, as sacreBLEU.
        """
        if self.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        return BLEUSignature(self, self.num_refs)


def _n_refs(streams: Sequence[Sequence[str | None]]) -> int | str:
    counts = {sum(r is not None for r in line) for line in zip(*streams)}
    return n_refs_label(counts)
