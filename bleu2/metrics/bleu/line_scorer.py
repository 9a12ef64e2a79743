"""BLEU with fixed options, line by line: texts -> cached sufficient statistics -> scores
(what the corpus pipeline runs; :class:`bleu2.BLEU` adds whole corpora)."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Self

from ...corpus.layouts import as_references, check_candidate
from .options import BleuConfig, options_signature
from .result import BleuResult
from .scoring import bleu_score, score_from_stats
from .stats import ReferenceStats, SentenceStats, reference_stats, sentence_stats

__all__ = ["CACHE_SIZE", "REFERENCE_CACHE_SIZE", "LineScorer"]

#: Texts kept by :meth:`BLEU.tokenize` (the cache starts over when full).
CACHE_SIZE = 4096
#: Reference sets whose statistics are kept (sentence and corpus scoring; the cache starts
#: over when full). 65,536 covers the references of WMT-size test sets, so systems scored
#: one after another, or a corpus scored in chunks, count each reference once.
REFERENCE_CACHE_SIZE = 65536


class LineScorer:
    """BLEU with fixed options: statistics of texts (tokens and reference counts cached) and
    scores of statistics.

    Args:
        **options: see :mod:`bleu2.metrics.bleu.options`; missing ones take the defaults.
    Raises:
        TypeError: an unknown option; ValueError: a bad value (checked here, once).

    Attributes:
        config: the checked :class:`~bleu2.metrics.bleu.options.BleuConfig`.
    """

    def __init__(self, **options: Any) -> None:
        self.config = BleuConfig.make(**options)
        self._tokenize_text = self.config.tokenize_function()
        self._tokens: dict[str, list[str]] = {}
        self._references: dict[str | tuple[str, ...], ReferenceStats] = {}  # keyed by the reference text(s)

    def __repr__(self) -> str:
        """The class and the signature known before scoring (no ``nrefs``: each result's
        signature has it), e.g. ``BLEU(case:lc|eff:no|tok:default|smooth:add-1|order:2|version:...)``."""
        return f"{type(self).__name__}({self.config.signature(None)})"

    def derive(self, **options: Any) -> Self:
        """A scorer for other ``options`` that shares this one's caches where they still
        apply: the tokens when the tokenizer, lower-casing and right-stripping are the same,
        the reference statistics when the counted orders and the empty-reference rule are
        too. (Changing the smoothing on the page re-scores without re-tokenizing.)"""
        other = type(self)(**options)
        a, b = self.config, other.config
        if (a.tokenizer, a.lowercase, a.rstrip) == (b.tokenizer, b.lowercase, b.rstrip):
            other._tokenize_text = self._tokenize_text
            other._tokens = self._tokens
            if (a.stats_order, a.empty_references) == (b.stats_order, b.empty_references):
                other._references = self._references
        return other

    # --- text -> statistics -----------------------------------------------------------

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text`` under these options (cached; do not modify the list).

        Raises:
            TypeError: ``text`` is not a str.
        """
        tokens = self._tokens.get(text)
        if tokens is None:
            if not isinstance(text, str):
                raise TypeError(f"a text must be str, not {type(text).__name__}")
            if len(self._tokens) >= CACHE_SIZE:
                self._tokens.clear()
            tokens = self._tokens[text] = self._tokenize_text(text)
        return tokens

    def _reference_stats(self, refs: Sequence[str]) -> ReferenceStats:
        c = self.config
        return reference_stats([self._tokenize_text(r) for r in refs], c.stats_order, c.empty_references)

    def reference_stats(self, references: str | Sequence[str | None]) -> ReferenceStats:
        """The clipping limits and lengths of one candidate's references (cached).

        Args:
            references: a string or a sequence of strings.
        """
        key = references if isinstance(references, str) else tuple(as_references(references))
        rs = self._references.get(key)
        if rs is None:
            if len(self._references) >= REFERENCE_CACHE_SIZE:
                self._references.clear()
            refs = (key,) if isinstance(key, str) else key
            c = self.config
            rs = self._references[key] = reference_stats(
                [self.tokenize(r) for r in refs], c.stats_order, c.empty_references
            )
        return rs

    def sentence_stats(self, candidate: str, references: str | Sequence[str]) -> SentenceStats:
        """Sufficient statistics of one candidate against its references.

        Raises:
            TypeError: a text that is not a str (see :func:`check_candidate`, :func:`as_references`).
        """
        check_candidate(candidate)
        c = self.config
        return sentence_stats(self.tokenize(candidate), self.reference_stats(references), c.max_order, c.ref_length)

    def line_stats(
        self,
        references: Sequence[Any],
        systems: Sequence[Sequence[str]],
        first_line: int = 0,
        cache: dict[Any, ReferenceStats] | None = None,
    ) -> tuple[list[list[SentenceStats]], set[int]]:
        """Per-line statistics of one or more systems against the same references: each
        line's references are tokenized and counted once for every system.

        Args:
            references: per line, a string or a sequence of strings (``None`` entries
                mark a missing reference: :func:`as_references`).
            systems: ``systems[s][i]``, the candidate of system s on line i (each as long
                as ``references``).
            first_line: the 0-based number of the first line, for messages.
            cache: reference text(s) -> :class:`ReferenceStats`, filled as lines come;
                None: this scorer's own (kept across calls, at most
                :data:`REFERENCE_CACHE_SIZE` entries). A fresh dict per call keeps the
                memory of a long stream flat.
        Returns:
            ``(stats, n_refs)``: ``stats[s][i]`` for each system and line, and the set of
            the numbers of references of the lines.
        Raises:
            TypeError: an entry that is not a string (:func:`check_candidate`,
                :func:`as_references`); ValueError: a system whose length is not the
                references'.
        """
        n_lines = len(references)
        for s, lines in enumerate(systems):
            if len(lines) != n_lines:
                raise ValueError(f"system {s} has {len(lines)} lines, the references {n_lines}")
        n = self.config.max_order
        ref_length = self.config.ref_length
        tokenize = self._tokenize_text
        own = cache is None
        refs_cache = self._references if cache is None else cache
        # Each distinct candidate text is tokenized once per call (repeated segments are
        # common: "Thank you.", "(Applause)").
        tokens_of: dict[str, list[str]] = {}
        out: list[list[SentenceStats]] = [[] for _ in systems]
        appends = [o.append for o in out]
        n_refs: set[int] = set()
        several = len(systems) > 1
        for i, (refs, *cands) in enumerate(zip(references, *systems), first_line):
            hyps = []  # the candidates first: their errors come before the references'
            for s, cand in enumerate(cands):
                hyp = tokens_of.get(cand) if isinstance(cand, str) else None
                if hyp is None:
                    where = f"system {s}, candidates[{i}]" if several else f"candidates[{i}]"
                    hyp = tokens_of[cand] = tokenize(check_candidate(cand, where))
                hyps.append(hyp)
            key = refs if isinstance(refs, str) else tuple(as_references(refs, f"references[{i}]"))
            rs = refs_cache.get(key)
            if rs is None:
                if own and len(refs_cache) >= REFERENCE_CACHE_SIZE:
                    refs_cache.clear()
                rs = refs_cache[key] = self._reference_stats((key,) if isinstance(key, str) else key)
            n_refs.add(1 if isinstance(key, str) else len(key))
            for append, hyp in zip(appends, hyps):
                append(sentence_stats(hyp, rs, n, ref_length))
        return out, n_refs

    # --- statistics -> scores ----------------------------------------------------------

    def score_stats(self, stats: SentenceStats, n_refs: int | str = 1) -> BleuResult:
        """Score statistics (one sentence's, or pooled): :func:`bleu2.metrics.bleu.scoring.score_from_stats`
        with these options and their signature."""
        return score_from_stats(stats, self.config, self.config.signature(n_refs))

    def score_only(self, stats: SentenceStats) -> float:
        """Just the score of ``stats`` (a float), for loops over many statistics."""
        return bleu_score(stats, self.config)

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """:meth:`bleu2.metrics.bleu.options.BleuConfig.signature` of these options (``n_refs`` None:
        the references not known yet, no ``nrefs`` field)."""
        return self.config.signature(n_refs, **extra)


# (inspect.signature reads __signature__, which typeshed does not declare on functions)
LineScorer.__init__.__signature__ = options_signature(  # type: ignore[attr-defined]
    inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
)
