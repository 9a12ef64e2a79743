"""The scorer object: ``bleu2.BLEU(**options)``, in the shape of sacreBLEU's ``BLEU``.

Options are checked once (:class:`bleu2.options.BleuConfig`); tokenized references and
their n-gram counts are cached, so scoring several systems against the same references,
or re-scoring while someone types, tokenizes each reference once. The work is split as
sacreBLEU splits ``_extract_corpus_statistics`` from ``_compute_score_from_stats``
(Post 2018): text -> sufficient statistics per sentence (:mod:`bleu2.stats`) -> score
from statistics (:mod:`bleu2.scoring`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .options import BleuConfig, options_signature
from .result import BleuResult, CorpusBleuResult
from .scoring import bleu_score, score_from_stats
from .stats import ReferenceStats, SentenceStats, pool_stats, reference_stats, sentence_stats

__all__ = ["BLEU", "as_references", "corpus_sequences", "n_refs_label"]

#: Texts kept by :meth:`BLEU.tokenize` (the cache starts over when full).
CACHE_SIZE = 4096
#: Reference sets whose statistics are kept (sentence and corpus scoring; the cache starts
#: over when full). 65,536 covers the references of WMT-size test sets, so systems scored
#: one after another, or a corpus scored in chunks, count each reference once.
REFERENCE_CACHE_SIZE = 65536
#: :meth:`BLEU.corpus_stats` reports progress every this many sentences.
PROGRESS_EVERY = 256


def as_references(references: str | Iterable[str], where: str = "references") -> list[str]:
    """One candidate's references as a list of strings (a single string is one reference).

    Raises:
        TypeError: not a string or a sequence of strings.
        ValueError: an empty sequence.
    """
    if isinstance(references, str):
        return [references]
    try:
        refs = list(references)
    except TypeError:
        raise TypeError(f"{where} must be a string or a sequence of strings") from None
    if not refs:
        raise ValueError(f"{where}: at least one reference is needed")
    for r in refs:
        if not isinstance(r, str):
            raise TypeError(f"{where} must be strings, got {type(r).__name__}")
    return refs


def n_refs_label(counts: set[int] | frozenset[int]) -> int | str:
    """The signature's number of references: the one count all lines share, ``"var"``
    when it varies, 1 for no lines."""
    if not counts:
        return 1
    return next(iter(counts)) if len(counts) == 1 else "var"


def corpus_sequences(candidates: Iterable[Any], references: Iterable[Any]) -> tuple[Sequence[Any], Sequence[Any]]:
    """``candidates`` and ``references`` as sequences of the same length (lists and tuples
    as they are, other iterables listed).

    Raises:
        TypeError: either is a single string; ValueError: their lengths differ.
    """
    not_one_string(candidates, references)
    candidates = candidates if isinstance(candidates, (list, tuple)) else list(candidates)
    references = references if isinstance(references, (list, tuple)) else list(references)
    if len(candidates) != len(references):
        raise ValueError(count_mismatch(len(candidates), len(references)))
    return candidates, references


def not_one_string(candidates: object, references: object) -> None:
    """Raise TypeError when ``candidates`` or ``references`` is a single string, not a corpus."""
    if isinstance(candidates, str) or isinstance(references, str):
        raise TypeError(
            "a corpus is a sequence of candidates and a sequence of references "
            "(one entry per candidate); for one sentence use sentence_bleu / sentence_score"
        )


def count_mismatch(n_candidates: int, n_references: int) -> str:
    """The message for a corpus with different numbers of candidates and references."""
    return (
        f"corpus_bleu needs one references entry per candidate: got {n_candidates} "
        f"candidate(s) and {n_references} references entr{'y' if n_references == 1 else 'ies'}"
    )


class BLEU:
    """BLEU with fixed options: sentence and corpus scores from text or statistics.

    Args:
        **options: see :mod:`bleu2.options` (``max_order``, ``weights``, ``smoothing``,
            ``smooth_value``, ``effective_order``, ``tokenizer``, ``lowercase``,
            ``empty_references``); missing ones take the defaults.
    Raises:
        TypeError: an unknown option; ValueError: a bad value (checked here, once).

    Attributes:
        config: the checked :class:`~bleu2.options.BleuConfig`.

    Example:
        >>> bleu = BLEU(max_order=2)
        >>> round(bleu.sentence_score("the cat is on the mat", ["the cat sat on the mat"]).score, 6)
        0.707107
    """

    def __init__(self, **options: Any) -> None:
        self.config = BleuConfig.make(**options)
        self._tokenize_text = self.config.tokenize_function()
        self._tokens: dict[str, list[str]] = {}
        self._references: dict[str | tuple[str, ...], ReferenceStats] = {}  # keyed by the reference text(s)

    def __repr__(self) -> str:
        return f"BLEU({self.config.signature('?')})"

    def derive(self, **options: Any) -> BLEU:
        """A scorer for other ``options`` that shares this one's caches where they still
        apply: the tokens when the tokenizer and lower-casing are the same, the reference
        statistics when the counted orders and the empty-reference rule are too. (Changing
        the smoothing on the page re-scores without re-tokenizing.)"""
        other = BLEU(**options)
        a, b = self.config, other.config
        if (a.tokenizer, a.lowercase) == (b.tokenizer, b.lowercase):
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

    def reference_stats(self, references: str | Sequence[str]) -> ReferenceStats:
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
            TypeError: a text that is not a str.
        """
        if not isinstance(candidate, str):
            raise TypeError(f"candidate must be str, not {type(candidate).__name__}")
        return sentence_stats(self.tokenize(candidate), self.reference_stats(references), self.config.max_order)

    def corpus_stats(
        self,
        candidates: Sequence[str],
        references: Sequence[str | Sequence[str]],
        progress: Callable[[int], object] | None = None,
    ) -> tuple[list[SentenceStats], int | str]:
        """Per-sentence statistics of a corpus (sacreBLEU's ``_extract_corpus_statistics``).

        Args:
            candidates: one string per sentence.
            references: per candidate: ``references[i]`` is the string or the list of
                strings of ``candidates[i]`` (not sacreBLEU's streams: see
                :func:`bleu2.references_from_streams`).
            progress: None, or a function called with the number of sentences done
                every :data:`PROGRESS_EVERY` sentences (it may raise to stop the work).
        Returns:
            ``(stats, n_refs)``: one SentenceStats per sentence, and the number of
            references per sentence (``"var"`` when it varies) for the signature.
        Raises:
            TypeError: ``candidates`` or ``references`` is a single string, or an entry
                is not a string; ValueError: different lengths.
        """
        candidates, references = corpus_sequences(candidates, references)
        step = PROGRESS_EVERY if progress is not None else max(len(candidates), 1)
        stats: list[SentenceStats] = []
        n_refs: set[int] = set()
        for start in range(0, len(candidates), step):
            (part,), counts = self.line_stats(
                references[start : start + step], [candidates[start : start + step]], start
            )
            stats += part
            n_refs |= counts
            if progress is not None and len(part) == step:
                progress(start + step)
        return stats, n_refs_label(n_refs)

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
            references: per line, a string or a sequence of strings.
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
            TypeError: an entry that is not a string; ValueError: a system whose length
                is not the references'.
        """
        n_lines = len(references)
        for s, lines in enumerate(systems):
            if len(lines) != n_lines:
                raise ValueError(f"system {s} has {len(lines)} lines, the references {n_lines}")
        n = self.config.max_order
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
            key = refs if isinstance(refs, str) else tuple(as_references(refs, f"references[{i}]"))
            rs = refs_cache.get(key)
            if rs is None:
                if own and len(refs_cache) >= REFERENCE_CACHE_SIZE:
                    refs_cache.clear()
                rs = refs_cache[key] = self._reference_stats((key,) if isinstance(key, str) else key)
            n_refs.add(1 if isinstance(key, str) else len(key))
            for s, (append, cand) in enumerate(zip(appends, cands)):
                hyp = tokens_of.get(cand)
                if hyp is None:
                    if not isinstance(cand, str):
                        where = f"system {s}, candidate {i}" if several else f"candidate {i}"
                        raise TypeError(f"{where} must be str, not {type(cand).__name__}")
                    hyp = tokens_of[cand] = tokenize(cand)
                append(sentence_stats(hyp, rs, n))
        return out, n_refs

    # --- statistics -> scores ----------------------------------------------------------

    def score_stats(self, stats: SentenceStats, n_refs: int | str = 1) -> BleuResult:
        """Score statistics (one sentence's, or pooled): :func:`bleu2.scoring.score_from_stats`
        with these options and their signature."""
        return score_from_stats(stats, self.config, self.config.signature(n_refs))

    def score_only(self, stats: SentenceStats) -> float:
        """Just the score of ``stats`` (a float), for loops over many statistics."""
        return bleu_score(stats, self.config)

    def signature(self, n_refs: int | str = 1, **extra: object) -> str:
        """:meth:`bleu2.options.BleuConfig.signature` of these options."""
        return self.config.signature(n_refs, **extra)

    def sentence_score(self, candidate: str, references: str | Sequence[str]) -> BleuResult:
        """BLEU of one candidate against one or more references (see :func:`bleu2.sentence_bleu`)."""
        stats = self.sentence_stats(candidate, references)
        return self.score_stats(stats, 1 if isinstance(references, str) else len(references))

    def corpus_score(
        self,
        candidates: Iterable[str],
        references: Iterable[Any],
        *,
        sentence_scores: bool = True,
        sentence_stats: bool | None = None,
    ) -> CorpusBleuResult:
        """Corpus BLEU: statistics pooled over the sentences, then scored once (see
        :func:`bleu2.corpus_bleu`; ``references`` per candidate, as :meth:`corpus_stats`).

        Args:
            candidates, references: lists, tuples, or any iterables (generators, open
                files' lines), read in step (:func:`bleu2.pipeline.corpus_result`).
            sentence_scores: also score every sentence (computed when first read).
            sentence_stats: keep every line's statistics; None: for inputs with a
                length, not for other iterables (their memory stays flat).
        """
        from .pipeline import corpus_result  # the pipeline is built on this module

        return corpus_result(
            self, candidates, references, sentence_scores=sentence_scores, sentence_stats=sentence_stats
        )

    def corpus_from_stats(
        self, stats: Sequence[SentenceStats], n_refs: int | str = 1, *, sentence_scores: bool = True
    ) -> CorpusBleuResult:
        """A :class:`CorpusBleuResult` from per-sentence statistics (pooled, then scored)."""
        stats = tuple(stats)
        corpus = self.score_stats(pool_stats(stats, self.config.max_order), n_refs)
        return CorpusBleuResult(corpus, stats, scorer=self.score_only if sentence_scores else None)


# (inspect.signature reads __signature__, which typeshed does not declare on functions)
BLEU.__init__.__signature__ = options_signature(  # type: ignore[attr-defined]
    inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
)
