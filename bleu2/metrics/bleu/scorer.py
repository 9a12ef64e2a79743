"""The scorer object: ``bleu2.BLEU(**options)``, in the shape of sacreBLEU's ``BLEU``.

Options are checked once (:class:`bleu2.metrics.bleu.options.BleuConfig`); tokenized references and
their n-gram counts are cached (:class:`bleu2.metrics.bleu.line_scorer.LineScorer`), so scoring several
systems against the same references, or re-scoring while someone types, tokenizes each
reference once. The work is split as sacreBLEU splits ``_extract_corpus_statistics`` from
``_compute_score_from_stats`` (Post 2018): text -> sufficient statistics per sentence
(:mod:`bleu2.metrics.bleu.stats`) -> score from statistics (:mod:`bleu2.metrics.bleu.scoring`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ...corpus.layouts import (
    ambiguous_layout,
    as_references,
    check_layout,
    corpus_sequences,
    n_refs_label,
    streams_to_references,
)
from ...corpus.pipeline import streams_result
from .line_scorer import LineScorer
from .result import BleuResult, CorpusBleuResult
from .stats import SentenceStats, pool_stats

__all__ = ["BLEU", "PROGRESS_EVERY"]

#: :meth:`BLEU.corpus_stats` reports progress every this many sentences.
PROGRESS_EVERY = 256


class BLEU(LineScorer):
    """BLEU with fixed options: sentence and corpus scores from text or statistics.

    Args:
        **options: see :mod:`bleu2.metrics.bleu.options` (``max_order``, ``weights``, ``smoothing``,
            ``smooth_value``, ``effective_order``, ``tokenizer``, ``lowercase``,
            ``empty_references``); missing ones take the defaults.
    Raises:
        TypeError: an unknown option; ValueError: a bad value (checked here, once).

    Attributes:
        config: the checked :class:`~bleu2.metrics.bleu.options.BleuConfig`.

    Example:
        >>> bleu = BLEU(max_order=2)
        >>> round(bleu.sentence_score("the cat is on the mat", ["the cat sat on the mat"]).score, 6)
        0.707107
    """

    def corpus_stats(
        self,
        candidates: Sequence[str],
        references: Sequence[str | Sequence[str | None]],
        progress: Callable[[int], object] | None = None,
        *,
        layout: str | None = None,
    ) -> tuple[list[SentenceStats], int | str]:
        """Per-sentence statistics of a corpus (sacreBLEU's ``_extract_corpus_statistics``).

        Args:
            candidates: one string per sentence.
            references: per candidate: ``references[i]`` is the string or the list of
                strings of ``candidates[i]`` (not sacreBLEU's streams: see
                :func:`bleu2.references_from_streams`).
            progress: None, or a function called with the number of sentences done
                every :data:`PROGRESS_EVERY` sentences (it may raise to stop the work).
            layout: as :func:`bleu2.corpus_bleu`'s: None reads per candidate and refuses
                references that read two ways; ``"per-candidate"``; ``"streams"``.
        Returns:
            ``(stats, n_refs)``: one SentenceStats per sentence, and the number of
            references per sentence (``"var"`` when it varies) for the signature.
        Raises:
            TypeError: ``candidates`` or ``references`` is a single string, or an entry
                is not a string; ValueError: different lengths (when ``references`` has
                the shape of sacreBLEU's streams instead, the message says so), or
                references that read two ways.
        """
        if check_layout(layout) == "streams":
            references = streams_to_references(candidates, references)
        candidates, references = corpus_sequences(candidates, references)
        message = None if layout else ambiguous_layout(candidates, references)
        if message:
            raise ValueError(message)
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

    def sentence_score(self, candidate: str, references: str | Sequence[str]) -> BleuResult:
        """BLEU of one candidate against one or more references (see :func:`bleu2.sentence_bleu`)."""
        stats = self.sentence_stats(candidate, references)
        return self.score_stats(stats, len(as_references(references)))

    def corpus_score(
        self,
        hypotheses: Iterable[str],
        references: Sequence[Iterable[str | None]],
        *,
        sentence_scores: bool = True,
        sentence_stats: bool | None = None,
    ) -> CorpusBleuResult:
        """Corpus BLEU with sacreBLEU's layout: statistics pooled over the sentences, then
        scored once, as ``sacrebleu.BLEU().corpus_score(hypotheses, references)``.

        Args:
            hypotheses: one string per sentence: a list, or any iterable (a generator, an
                open file's lines), read once.
            references: reference *streams*, as in sacreBLEU: ``references[j][i]`` is the
                j-th reference of hypothesis i (every stream has one line per hypothesis;
                ``None`` marks a missing reference). ``references`` itself is a list (or
                tuple) of streams; each stream a list, or any iterable read in step with
                the hypotheses. For one list of references per candidate use
                :func:`bleu2.corpus_bleu`.
            sentence_scores: also score every sentence (computed when first read).
            sentence_stats: keep every line's statistics; None: when the hypotheses and
                every stream have a length (lists, tuples), not for other iterables, whose
                memory then stays flat (the sums only).
        Raises:
            TypeError, ValueError: see :func:`streams_to_references`; a call in
                :func:`bleu2.corpus_bleu`'s layout gets a message naming it. With lists the
                lengths are checked before any line is scored; with other iterables when
                the shorter one ends (the message is the same).
        """
        return streams_result(
            self, hypotheses, references, sentence_scores=sentence_scores, sentence_stats=sentence_stats
        )

    def corpus_from_stats(
        self, stats: Sequence[SentenceStats], n_refs: int | str = 1, *, sentence_scores: bool = True
    ) -> CorpusBleuResult:
        """A :class:`CorpusBleuResult` from per-sentence statistics (pooled, then scored)."""
        stats = tuple(stats)
        corpus = self.score_stats(pool_stats(stats, self.config.max_order), n_refs)
        return CorpusBleuResult(corpus, stats, scorer=self.score_only if sentence_scores else None)
