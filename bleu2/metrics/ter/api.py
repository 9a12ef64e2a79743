"""TER, the translation edit rate (Snover et al. 2006), as sacreBLEU 2.6.0 computes it:
the scorer ``TER`` (per-line statistics, scores of summed statistics) and the functions
``sentence_ter``, ``corpus_ter`` and ``ter_alignment``; the options are in
:mod:`bleu2.metrics.ter.options`.

TER = edits / average reference length, edits being the fewest shifts, insertions,
deletions and substitutions that turn the hypothesis into the closest reference
(:mod:`bleu2.metrics.ter.shifts`), on tercom's words (:mod:`bleu2.metrics.ter.normalize`; each reference
normalized twice, as sacreBLEU does, which matters only with ``normalized``). A line's
statistics are its edits (the fewest over its references) and its references' average
length; a corpus sums them, then divides once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...corpus.layouts import (
    ambiguous_layout,
    as_references,
    check_candidate,
    check_layout,
    check_stream_list,
    corpus_sequences,
    n_refs_label,
    streams_to_references,
)
from .breakdown import TerAlignment, alignment_of
from .normalize import reference_words
from .normalize import words as ter_words
from .options import SACREBLEU_VERSION, TER_DEFAULTS, TerConfig
from .result import CorpusTerResult, TerResult
from .scoring import sum_scores, ter_score
from .shifts import ter_edits
from .stats import TerStats, sum_ter_stats

__all__ = ["TER", "TerConfig", "TER_DEFAULTS", "sentence_ter", "corpus_ter", "ter_alignment", "SACREBLEU_VERSION"]

_CACHE_SIZE = 2**16  # texts whose words a scorer keeps


class TER:
    """TER with fixed options, in the shape of sacreBLEU's ``TER``: sentence and corpus
    scores, per-line statistics and scores from summed statistics.

    Args:
        **options: ``normalized``, ``no_punct``, ``asian_support``, ``case_sensitive``
            (all False by default).
    Raises:
        TypeError: an unknown option; ValueError: a value that is not a bool.

    Example:
        >>> ter = TER()
        >>> r = ter.sentence_score("the cat sat on a mat", ["the cat sat on the mat"])
        >>> r.num_edits, r.ref_length, str(r)
        (1, 6.0, 'TER = 16.67')
    """

    def __init__(self, **options: Any) -> None:
        self.config = TerConfig.make(**options)
        self._options = tuple(self.config.to_dict().values())
        self._words: dict[str, tuple[str, ...]] = {}
        self._ref_words: dict[str, tuple[str, ...]] = {}
        self._n_refs: int | str | None = None

    def __repr__(self) -> str:
        return f"TER({self.config.signature(None)})"

    # --- text -> statistics -------------------------------------------------------------

    def words(self, text: str) -> tuple[str, ...]:
        """The words TER scores of ``text`` (right-stripped, normalized as the options say; cached)."""
        found = self._words.get(text)
        if found is None:
            if len(self._words) >= _CACHE_SIZE:
                self._words.clear()
            found = self._words[text] = ter_words(text, *self._options)
        return found

    def reference_words(self, text: str) -> tuple[str, ...]:
        """The words TER scores of a reference: :meth:`words` normalized a second time, as
        sacreBLEU 2.6.0 normalizes references (:func:`bleu2.metrics.ter.normalize.reference_words`; cached)."""
        found = self._ref_words.get(text)
        if found is None:
            if len(self._ref_words) >= _CACHE_SIZE:
                self._ref_words.clear()
            found = self._ref_words[text] = reference_words(text, *self._options)
        return found

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> TerStats:
        """One line's statistics: the fewest edits over the references and their average
        length (``None`` references are left out).

        Raises:
            TypeError: a text that is not a string; ValueError: no reference.
        """
        hyp = self.words(check_candidate(hypothesis, "hypothesis"))
        refs = [self.reference_words(r) for r in as_references(references)]
        return self._line_stats(hyp, refs)

    @staticmethod
    def _line_stats(hyp: tuple[str, ...], refs: list[tuple[str, ...]]) -> TerStats:
        best = None
        total = 0
        for ref in refs:
            edits = ter_edits(hyp, ref)
            total += len(ref)
            if best is None or edits < best:
                best = edits
        assert best is not None
        return TerStats(best, total / len(refs))

    def corpus_stats(
        self,
        hypotheses: Iterable[str],
        references: Iterable[Any],
        *,
        layout: str | None = None,
    ) -> tuple[list[TerStats], int | str]:
        """Per-line statistics of a corpus and the signature's number of references
        (``"var"`` when it varies).

        Args:
            hypotheses: one string per line.
            references: per hypothesis (``references[i]``: a string or strings), or with
                ``layout="streams"`` sacreBLEU's streams (``references[j][i]``).
            layout: None (per hypothesis, refusing references that read two ways),
                ``"per-candidate"`` or ``"streams"``.
        Raises:
            TypeError, ValueError: as :func:`bleu2.corpus_bleu`'s for the same layouts.
        """
        if check_layout(layout) == "streams":
            hypotheses = list(hypotheses)
            references = streams_to_references(hypotheses, check_stream_list(references), metric="ter")
        hypotheses, references = corpus_sequences(hypotheses, references, metric="ter")
        message = None if layout else ambiguous_layout(hypotheses, references)
        if message:
            raise ValueError(message)
        stats = []
        counts: set[int] = set()
        for i, (hyp, refs) in enumerate(zip(hypotheses, references)):
            texts = as_references(refs, f"references[{i}]")
            counts.add(len(texts))
            hyp_words = self.words(check_candidate(hyp, f"hypotheses[{i}]"))
            stats.append(self._line_stats(hyp_words, [self.reference_words(r) for r in texts]))
        return stats, n_refs_label(counts)

    # --- statistics -> scores -----------------------------------------------------------

    def score_from_stats(self, stats: TerStats, n_refs: int | str = 1) -> TerResult:
        """The result of statistics (one line's, or summed by :func:`sum_ter_stats`)."""
        edits, length = stats
        return TerResult(ter_score(stats), edits, length, self.config.signature(n_refs))

    def corpus_from_stats(self, stats: Sequence[TerStats], n_refs: int | str = 1) -> CorpusTerResult:
        """A :class:`CorpusTerResult` from per-line statistics (summed, then scored)."""
        stats = tuple(stats)
        self._n_refs = n_refs
        return CorpusTerResult(self.score_from_stats(sum_ter_stats(stats), n_refs), stats)

    # --- sacreBLEU's shape ----------------------------------------------------------------

    def sentence_score(self, hypothesis: str, references: str | Sequence[str | None]) -> TerResult:
        """TER of one hypothesis against its references (a string or a list of strings)."""
        stats = self.extract(hypothesis, references)
        self._n_refs = len(as_references(references))
        return self.score_from_stats(stats, self._n_refs)

    def corpus_score(self, hypotheses: Iterable[str], references: Sequence[Iterable[str | None]]) -> CorpusTerResult:
        """Corpus TER with sacreBLEU's layout: ``references[j][i]`` is the j-th reference of
        hypothesis i (``None``: missing). For one entry per hypothesis use :func:`corpus_ter`.

        Raises:
            TypeError, ValueError: see :func:`bleu2.corpus.layouts.streams_to_references`.
        """
        stats, n_refs = self.corpus_stats(hypotheses, references, layout="streams")
        return self.corpus_from_stats(stats, n_refs)

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """:meth:`TerConfig.signature` of these options."""
        return self.config.signature(n_refs, **extra)

    def get_signature(self) -> str:
        """The signature of the last scoring call (sacreBLEU's ``get_signature()``, as a string).

        Raises:
            ValueError: nothing scored yet (the number of references is not known).
        """
        if self._n_refs is None:
            raise ValueError("the number of references is unknown: score something first")
        return self.config.signature(self._n_refs)

    def alignment(self, hypothesis: str, references: str | Sequence[str | None]) -> TerAlignment:
        """The edits of one hypothesis against its closest reference, step by step
        (:class:`bleu2.metrics.ter.breakdown.TerAlignment`)."""
        hyp = self.words(check_candidate(hypothesis, "hypothesis"))
        refs = [self.reference_words(r) for r in as_references(references)]
        return alignment_of(hyp, refs)

    # --- the metric protocol ------------------------------------------------------------

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        """The options of a command line's ``--lowercase``."""
        return {"case_sensitive": not lowercase}

    def sum_stats(self, lines: Sequence[TerStats]) -> TerStats:
        """The lines' statistics summed (:func:`sum_ter_stats`)."""
        return sum_ter_stats(lines)

    def significance_sums(self, counts: set[int]) -> tuple[Any, Any]:
        """The :class:`~bleu2.metrics.protocol.SumScores` for the significance tests, and
        a line's statistics as its int vector [edits, reference words of k references], k a
        common multiple of the lines' numbers of references ``counts``."""
        import math

        k = math.lcm(*counts) if counts else 1

        def vector(st: TerStats) -> list[int]:
            return [st[0], round(st[1] * k)]

        return sum_scores(k), vector


def sentence_ter(hypothesis: str, references: str | Sequence[str | None], **options: Any) -> TerResult:
    """TER of one hypothesis against one or more references (sacreBLEU's ``sentence_ter``).

    Args:
        hypothesis: the hypothesis text.
        references: a reference string or a list of them (``None`` entries left out).
        **options: ``normalized``, ``no_punct``, ``asian_support``, ``case_sensitive``.
    Returns:
        :class:`~bleu2.metrics.ter.result.TerResult`; ``score`` = edits / average reference
        length, a fraction that may exceed 1.
    Raises:
        TypeError: a text that is not a string, an unknown option; ValueError: a bad
            option value, no reference.

    Example:
        >>> sentence_ter("a b c d", "b c d a").num_edits
        1
    """
    return TER(**options).sentence_score(hypothesis, references)


def corpus_ter(
    hypotheses: Iterable[str],
    references: Iterable[str | Sequence[str | None]],
    *,
    layout: str | None = None,
    **options: Any,
) -> CorpusTerResult:
    """Corpus TER: edits and average reference lengths summed over the lines, then
    divided once (sacreBLEU's ``corpus_ter``).

    ``references`` is per hypothesis unless ``layout="streams"``, as for
    :func:`bleu2.corpus_bleu`: ``references[i]`` is the string or the list of strings of
    ``hypotheses[i]``; with ``layout="streams"``, sacreBLEU's streams
    (``references[j][i]``).

    Raises:
        TypeError, ValueError: as :func:`bleu2.corpus_bleu` (lengths, layouts, texts), and
            bad options.

    Example:
        >>> str(corpus_ter(["a b c d", "x"], ["b c d a", "x"]))
        'TER = 20.00'
    """
    ter = TER(**options)
    stats, n_refs = ter.corpus_stats(hypotheses, references, layout=layout)
    return ter.corpus_from_stats(stats, n_refs)


def ter_alignment(hypothesis: str, references: str | Sequence[str | None], **options: Any) -> TerAlignment:
    """The edits of one hypothesis (shifts, then insertions, deletions and substitutions)
    against its closest reference, and the final alignment with shifted words marked:
    :class:`bleu2.metrics.ter.breakdown.TerAlignment`, whose ``num_edits`` is ``sentence_ter``'s."""
    return TER(**options).alignment(hypothesis, references)
