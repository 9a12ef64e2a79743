"""chrF and chrF++ (Popović 2015, 2017): ``sentence_chrf``, ``corpus_chrf``, the scorer
object ``CHRF(**options)`` in the shape of sacreBLEU 2.6.0's, and
``sentence_chrf_breakdown`` (one sentence's breakdown, :mod:`bleu2.metrics.chrf.breakdown`).

The options are sacreBLEU's (:mod:`bleu2.metrics.chrf.options`); the counting and the arithmetic
are in :mod:`bleu2.metrics.chrf.stats` (per-line statistics that add up) and
:mod:`bleu2.metrics.chrf.scoring` (one score from their sums, bit for bit sacreBLEU's). References come in the layouts of :func:`bleu2.corpus_bleu`
(:mod:`bleu2.corpus.layouts`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ...corpus.layouts import (
    Chunk,
    as_references,
    candidate_chunks,
    check_candidate,
    check_layout,
    check_stream_list,
    n_refs_label,
    stream_chunks,
)
from .breakdown import ChrfSentence, matched_orders
from .options import ChrfConfig
from .result import ChrfResult
from .scoring import f_percent, sum_scores
from .stats import (
    LineStats,
    best_reference,
    best_stats,
    hypothesis_grams,
    reference_counts,
)

__all__ = ["CHRF", "ChrfSentence", "ChrfSignature", "sentence_chrf", "corpus_chrf", "sentence_chrf_breakdown"]


@dataclass(frozen=True, slots=True)
class ChrfSignature:
    """sacreBLEU's signature object for chrF (``CHRF.get_signature()``).

    Attributes:
        config: the options; n_refs: references per line (``"var"`` when it varies);
        extra: sacreBLEU's other fields (``("bs", 1000), ("seed", 12345)``, ...).
    """

    config: ChrfConfig
    n_refs: int | str
    extra: tuple[tuple[str, object], ...] = ()

    def format(self, short: bool = False) -> str:
        """The signature line; ``short``: sacreBLEU's ``--short`` names."""
        return self.config.signature(self.n_refs, short=short, **dict(self.extra))

    def __str__(self) -> str:
        return self.format()


class CHRF:
    """chrF with fixed options: sentence and corpus scores from text or statistics.

    Args:
        **options: ``char_order`` (6), ``word_order`` (0; 2 is chrF++), ``beta`` (2),
            ``lowercase`` (False), ``whitespace`` (False), ``eps_smoothing`` (False): see
            :mod:`bleu2.metrics.chrf.options`.
    Raises:
        TypeError: an unknown option; ValueError: a bad value (the message names it).

    Example:
        >>> chrf = CHRF(word_order=2)
        >>> print(chrf.sentence_score("the cat sat on the mat", ["the cat sat on a mat"]))
        chrF2++ = 72.03
    """

    def __init__(self, **options: Any) -> None:
        self.config = ChrfConfig.make(**options)
        self._n_refs: int | str | None = None

    def __repr__(self) -> str:
        return f"CHRF({self.config.signature(None)})"

    char_order = property(lambda self: self.config.char_order, doc="Character n-gram order.")
    word_order = property(lambda self: self.config.word_order, doc="Word n-gram order (2: chrF++).")
    beta = property(lambda self: self.config.beta, doc="Recall's weight beta.")
    lowercase = property(lambda self: self.config.lowercase, doc="Lower-case first.")
    whitespace = property(lambda self: self.config.whitespace, doc="Keep whitespace in character n-grams.")
    eps_smoothing = property(lambda self: self.config.eps_smoothing, doc="chrF++.py's epsilon rule.")

    # ---------------------------------------------------------------- statistics

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> LineStats:
        """One line's statistics (``3 * (char_order + word_order)`` ints: per order hyp,
        ref, matches; characters first), against the best of its references.

        Raises:
            TypeError: a text that is not a string; ValueError: no reference.
        """
        refs = as_references(references)
        return self._line(check_candidate(hypothesis, "hypothesis"), refs)

    def _line(self, hypothesis: str, refs: list[str]) -> LineStats:
        config = self.config
        return best_stats(hypothesis_grams(hypothesis, config), [reference_counts(r, config) for r in refs], config)

    def _chunks_stats(
        self, chunks: Iterator[Chunk], streams: bool, keep: bool
    ) -> tuple[LineStats, list[LineStats], int | str]:
        """Sums, kept lines and the signature's number of references of ``chunks``."""
        config = self.config
        total = [0] * (3 * config.order)
        kept: list[LineStats] = []
        n_refs: set[int] = set()
        k = 0
        for refs_part, (hyps_part,) in chunks:
            for hyp, entry in zip(hyps_part, refs_part):
                where = f"the references of hypothesis {k}" if streams else f"references[{k}]"
                refs = as_references(entry, where)
                stats = self._line(check_candidate(hyp, f"hypotheses[{k}]"), refs)
                n_refs.add(len(refs))
                total = [a + b for a, b in zip(total, stats)]
                if keep:
                    kept.append(stats)
                k += 1
        return tuple(total), kept, n_refs_label(n_refs)

    def corpus_stats(
        self, hypotheses: Iterable[str], references: Iterable[Any], *, layout: str | None = None
    ) -> tuple[list[LineStats], int | str]:
        """Every line's statistics and the number of references per line (``"var"`` when
        it varies), references in :func:`bleu2.corpus_bleu`'s layouts (``layout``)."""
        chunks, _ = self._chunks(hypotheses, references, layout)
        _, kept, n_refs = self._chunks_stats(chunks, layout == "streams", True)
        return kept, n_refs

    @staticmethod
    def _chunks(
        hypotheses: Iterable[str], references: Iterable[Any], layout: str | None
    ) -> tuple[Iterator[Chunk], bool]:
        if check_layout(layout) == "streams":
            return stream_chunks(hypotheses, check_stream_list(references), metric="chrf")
        return candidate_chunks(hypotheses, references, layout=layout, metric="chrf")

    # ---------------------------------------------------------------- scores

    def score_from_stats(
        self, stats: Sequence[int], n_refs: int | str = 1, sentence_stats: Sequence[LineStats] = ()
    ) -> ChrfResult:
        """A :class:`ChrfResult` from summed statistics (``sentence_stats``: the lines', kept)."""
        stats = tuple(stats)
        if len(stats) != 3 * self.config.order:
            raise ValueError(
                f"chrF statistics with char_order={self.config.char_order}, word_order={self.config.word_order} "
                f"hold {3 * self.config.order} numbers, got {len(stats)}"
            )
        config = self.config
        score = f_percent(stats, config.beta, config.eps_smoothing) / 100
        return ChrfResult(score, config.name, config, stats, config.signature(n_refs), tuple(sentence_stats))

    def score_only(self, stats: Sequence[int]) -> float:
        """chrF in [0, 1] of summed statistics (sacreBLEU's percent / 100), nothing else."""
        return f_percent(stats, self.config.beta, self.config.eps_smoothing) / 100

    def sentence_score(self, hypothesis: str, references: str | Sequence[str | None]) -> ChrfResult:
        """chrF of one hypothesis against one or more references (``None`` entries are
        missing references), as sacreBLEU's ``CHRF().sentence_score``.

        Raises:
            TypeError: a text that is not a string; ValueError: no reference.
        """
        refs = as_references(references)
        stats = self._line(check_candidate(hypothesis, "hypothesis"), refs)
        self._n_refs = len(refs)
        return self.score_from_stats(stats, len(refs))

    def corpus_score(
        self,
        hypotheses: Iterable[str],
        references: Sequence[Iterable[str | None]],
        *,
        sentence_stats: bool | None = None,
    ) -> ChrfResult:
        """Corpus chrF with sacreBLEU's layout: the lines' statistics summed, then scored
        once, as ``sacrebleu.CHRF().corpus_score(hypotheses, references)``.

        Args:
            hypotheses: one string per line: a list, or any iterable, read once.
            references: reference *streams*: ``references[j][i]`` is the j-th reference
                of hypothesis i (``None``: missing). For one entry per hypothesis use
                :func:`corpus_chrf`.
            sentence_stats: keep every line's statistics (``.sentence_stats``,
                ``.sentence_scores``); None: when every input has a length.
        Raises:
            TypeError, ValueError: see :func:`bleu2.corpus.layouts.check_streams`.
        """
        chunks, sized = stream_chunks(hypotheses, check_stream_list(references), metric="chrf")
        return self._corpus(chunks, True, sized if sentence_stats is None else sentence_stats)

    def _corpus(self, chunks: Iterator[Chunk], streams: bool, keep: bool) -> ChrfResult:
        total, kept, n_refs = self._chunks_stats(chunks, streams, keep)
        self._n_refs = n_refs
        return self.score_from_stats(total, n_refs, kept)

    # ---------------------------------------------------------------- signature

    def signature(self, n_refs: int | str | None = None, *, short: bool = False, **extra: object) -> str:
        """:meth:`bleu2.metrics.chrf.options.ChrfConfig.signature` of these options."""
        return self.config.signature(n_refs, short=short, **extra)

    def get_signature(self) -> ChrfSignature:
        """sacreBLEU's ``get_signature()``: the signature of the last scoring.

        Raises:
            ValueError: nothing scored yet (the number of references is unknown), as sacreBLEU.
        """
        if self._n_refs is None:
            raise ValueError("the number of references is unknown: score a sentence or a corpus first")
        return ChrfSignature(self.config, self._n_refs)

    # ---------------------------------------------------------------- the metric protocol

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        """The options of a command line's ``--lowercase``."""
        return {"lowercase": lowercase}

    def sum_stats(self, lines: Sequence[Sequence[int]]) -> list[int]:
        """The lines' statistics summed (what :meth:`score_from_stats` takes; no lines: zeros)."""
        return [sum(c) for c in zip(*lines)] if lines else [0] * (3 * self.config.order)

    def significance_sums(self, counts: set[int]) -> tuple[Any, Any]:
        """The :class:`~bleu2.metrics.protocol.SumScores` of these options for the
        significance tests, and a line's statistics as its int vector (``counts``: the
        lines' numbers of references, unused: chrF's statistics are ints already)."""
        c: Any = self.config  # beta: an int or a float, as given
        return sum_scores(c.order, c.beta, c.eps_smoothing, c.name), list


def sentence_chrf(hypothesis: str, references: str | Sequence[str | None], **options: Any) -> ChrfResult:
    """chrF of one hypothesis against one or more references (the best one counts).

    Args:
        hypothesis: the hypothesis text; references: a string or a sequence of them.
        **options: see :class:`CHRF` (sacreBLEU's defaults: chrF2, character 6-grams).
    Returns:
        :class:`~bleu2.metrics.chrf.result.ChrfResult`: ``score`` in [0, 1].
    Raises:
        TypeError: texts that are not strings, an unknown option; ValueError: a bad
            option value, no reference.

    Formula: F_beta of character n-gram precision and recall averaged over orders 1..6
    (Popović 2015), word orders 1..``word_order`` added in chrF++ (Popović 2017).

    Example:
        >>> round(sentence_chrf("the cat sat on the mat", "the cat sat on a mat").score, 6)
        0.720848
    """
    return CHRF(**options).sentence_score(hypothesis, references)


def corpus_chrf(
    hypotheses: Iterable[str],
    references: Iterable[str | Sequence[str | None]],
    *,
    sentence_stats: bool | None = None,
    layout: str | None = None,
    **options: Any,
) -> ChrfResult:
    """Corpus chrF: every line's statistics summed, then scored once (sacreBLEU's
    ``corpus_chrf``).

    ``references`` is as :func:`bleu2.corpus_bleu` takes it: one entry per hypothesis (a
    string or a list of strings, ``None`` for a missing one) unless ``layout="streams"``
    (sacreBLEU's reference streams, ``references[j][i]``).

    Args:
        hypotheses: one string per line: a list, or any iterable, read once.
        sentence_stats: keep every line's statistics; None: when the inputs have a length.
        layout: None (per hypothesis, refusing a call that reads two ways),
            ``"per-candidate"`` or ``"streams"``.
        **options: see :class:`CHRF`.
    Returns:
        :class:`~bleu2.metrics.chrf.result.ChrfResult`: ``score`` in [0, 1], ``sentence_stats``.
    Raises:
        TypeError, ValueError: as :func:`bleu2.corpus_bleu`; bad options.

    Example:
        >>> print(corpus_chrf(["the cat sat on the mat"], [["the cat sat on a mat"]], word_order=2))
        chrF2++ = 72.03
    """
    chrf = CHRF(**options)
    chunks, sized = chrf._chunks(hypotheses, references, layout)
    return chrf._corpus(chunks, layout == "streams", sized if sentence_stats is None else sentence_stats)


def sentence_chrf_breakdown(hypothesis: str, references: str | Sequence[str | None], **options: Any) -> ChrfSentence:
    """One sentence's chrF with, per order, matches, totals, precision, recall, F-beta and
    the matched n-grams (:class:`ChrfSentence`), against the reference chosen as
    :func:`sentence_chrf` chooses it.

    Raises:
        TypeError, ValueError: as :func:`sentence_chrf`.
    """
    chrf = CHRF(**options)
    config = chrf.config
    given = [references] if isinstance(references, str) else list(references) if references is not None else None
    refs = as_references(given)
    positions = [j for j, r in enumerate(given or ()) if r is not None]
    hyp_grams = hypothesis_grams(check_candidate(hypothesis, "hypothesis"), config)
    index, stats = best_reference(hyp_grams, [reference_counts(r, config) for r in refs], config)
    result = chrf.score_from_stats(stats, len(refs))
    return ChrfSentence(result, positions[index], matched_orders(result, hyp_grams, refs[index]))
