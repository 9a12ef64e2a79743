"""sacreBLEU 2.6.0's BLEU API on bleu2's engine: ``from bleu2.compat import sacrebleu``.

``corpus_bleu(hypotheses, references)``, ``sentence_bleu(hypothesis, references)`` and
``BLEU(...).corpus_score`` / ``.sentence_score`` take sacreBLEU's arguments and layout
(``references[j][i]``: the j-th reference of hypothesis i; ``None`` for a missing one) and
return a :class:`BLEUScore` with sacreBLEU's attributes, in percent (0-100) as sacreBLEU
gives them, computed with sacreBLEU's own arithmetic (:mod:`bleu2.sacrebleu_math`).

    >>> from bleu2.compat import sacrebleu
    >>> refs = [["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ...         ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."]]
    >>> sys = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
    >>> print(sacrebleu.corpus_bleu(sys, refs))
    BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .._version import __version__
from ..layouts import n_refs_label
from ..sacrebleu_math import compute_bleu
from ..scorer import BLEU as _Scorer
from ..stats import SentenceStats

__all__ = ["BLEU", "BLEUScore", "BLEUSignature", "corpus_bleu", "sentence_bleu"]

#: sacreBLEU's tokenizers that bleu2 has.
TOKENIZERS = ("none", "zh", "13a", "intl", "char")
SMOOTH_METHODS = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}


class BLEUScore:
    """sacreBLEU's ``BLEUScore``: ``score``, ``precisions`` in percent; ``counts``,
    ``totals`` (clipped matches and n-grams per order; with ``add-k``, k added above
    unigrams, as sacreBLEU's lists are), ``bp``, ``sys_len``, ``ref_len``,
    ``ratio``; ``format()`` and ``str()`` as sacreBLEU's."""

    def __init__(self, stats: SentenceStats, order: int, method: str, value: float | None, eff: bool) -> None:
        v = [stats.hyp_len, stats.ref_len, *stats.matches, *stats.totals]
        self.name = "BLEU"
        self.score, self.precisions, self.bp = compute_bleu(v, order, method, value or 0.0, eff)
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

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """sacreBLEU's ``Score.format``: the line, the score alone, or JSON."""
        sc = f"{self.score:.{width}f}"
        if score_only:
            return sc
        if is_json:
            d: dict[str, Any] = {"name": self.name, "score": float(sc), "signature": signature}
            d["verbose_score"] = self._verbose
            for param in signature.split("|") if signature else ():
                key, value = param.split(":")
                d[key] = value
            return json.dumps(d, indent=1, ensure_ascii=False)
        name = f"{self.name}|{signature}" if signature else self.name
        return f"{name} = {sc} {self._verbose}"

    def __repr__(self) -> str:
        return self.format()


class BLEUSignature:
    """sacreBLEU's signature of a metric: ``format(short=False)`` and ``str()``, with
    bleu2's version."""

    def __init__(self, info: dict[str, object]) -> None:
        self.info = info

    def format(self, short: bool = False) -> str:
        abbr = {"nrefs": "#", "case": "c", "eff": "e", "tok": "tok", "smooth": "s", "version": "v"}
        return "|".join(f"{abbr[k] if short else k}:{v}" for k, v in self.info.items())

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


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
        the constructor).

        Raises:
            ValueError: no references; ``n_bootstrap`` > 1 (use ``bleu2 sacrebleu
                --confidence`` or :mod:`bleu2.significance`).
        """
        if n_bootstrap != 1:
            raise ValueError("n_bootstrap > 1 is not in bleu2.compat.sacrebleu: use `bleu2 sacrebleu --confidence`")
        refs = self._references if references is None else references
        if refs is None:
            raise ValueError("No references provided and the cache is empty.")
        result = self._scorer.corpus_score(hypotheses, refs, sentence_scores=False, sentence_stats=False)
        self.num_refs = _n_refs(refs)
        return self._score(result.stats)

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
        smooth = self.smooth_method
        if self.smooth_value is not None and smooth in ("floor", "add-k"):
            smooth += f"[{self.smooth_value:.2f}]"
        info: dict[str, object] = {
            "nrefs": self.num_refs,
            "case": "lc" if self.lowercase else "mixed",
            "eff": "yes" if self.effective_order else "no",
            "tok": self.tokenize,
            "smooth": smooth,
            "version": f"bleu2-{__version__}",
        }
        return BLEUSignature(info)


def _n_refs(streams: Sequence[Sequence[str | None]]) -> int | str:
    counts = {sum(r is not None for r in line) for line in zip(*streams)}
    return n_refs_label(counts)


def _metric(
    smooth_method: str,
    smooth_value: float | None,
    lowercase: bool,
    tokenize: str,
    use_effective_order: bool,
    force: bool = False,
) -> BLEU:
    """The :class:`BLEU` that sacreBLEU's ``corpus_bleu`` and ``sentence_bleu`` build from
    their arguments (``sentence_bleu`` with ``force=False``, as sacreBLEU's does)."""
    return BLEU(
        lowercase=lowercase,
        force=force,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = False,
) -> BLEUScore:
    """``sacrebleu.corpus_bleu``: ``references`` are streams (``references[j][i]``)."""
    metric = _metric(smooth_method, smooth_value, lowercase, tokenize, use_effective_order, force)
    return metric.corpus_score(hypotheses, references)


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str | None],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = True,
) -> BLEUScore:
    """``sacrebleu.sentence_bleu``: one hypothesis and the list of its references."""
    metric = _metric(smooth_method, smooth_value, lowercase, tokenize, use_effective_order)
    return metric.sentence_score(hypothesis, references)
