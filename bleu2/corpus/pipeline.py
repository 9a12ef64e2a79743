"""The corpus pipeline: line-aligned texts -> per-line statistics -> corpus scores ->
significance test -> signature, written once.

The command line (``bleu2``, and any other command that scores files), the page's corpus
mode, the library's :func:`bleu2.corpus_bleu` on iterables and :mod:`bleu2.dask` all run
it. It streams: lines come in chunks, each chunk's statistics are summed into the
totals as it comes and then dropped; per-line statistics are kept only when the output
needs them (:class:`Keep`). So memory stays flat however many lines there are, and a
chunk is a unit of work that another process can do (``jobs``).

Interface
---------
A *chunk* is ``(references, systems)`` for some consecutive lines: ``references[i]`` is
line i's reference (a string) or references (a sequence of strings), ``systems[s][i]``
the candidate of system s on line i. :func:`chunks_of` cuts texts held in memory into
chunks; :func:`bleu2.corpus.lines.aligned_chunks` reads files in step.

``corpus_steps(scorer, chunks, n_systems, keep=Keep(), test=None, n=None, seed=DEFAULT_SEED,
jobs=1, ...)`` is a generator: it yields :class:`bleu2.common.steps.Progress` (stage
``"scoring"``, then ``"significance"``) and returns an :class:`Outcome`. Run it to its
end with :func:`bleu2.common.steps.finish` (the command line), or a time budget at a time with
:func:`bleu2.common.steps.drive` (the page)::

    >>> from bleu2 import BLEU
    >>> from bleu2.common.steps import finish
    >>> refs, sys1 = ["the cat sat on the mat"], ["the cat is on the mat"]
    >>> out = finish(corpus_steps(BLEU(), chunks_of([refs], [sys1]), 1))
    >>> round(out.systems[0].score, 6), out.signature.split("|")[0]
    (0.707107, 'nrefs:1')

For files, :func:`bleu2.cli.score_files` does the reading (in step, with the progress
bar or log lines) and returns the :class:`Outcome`: the way for another command (e.g.
one with sacreBLEU's flags) to score files as ``bleu2`` does.

The scores are bit for bit those of one process reading everything at once, whatever
the chunk size and ``jobs``: sums of integers are exact, and every per-line number is
computed from its line alone.

Any metric
----------
The scorer is BLEU's (:class:`~bleu2.metrics.bleu.line_scorer.LineScorer`, with its
reference cache, compact columns, sentence lines and presets table), or the scorer of any
metric of :mod:`bleu2.metrics.registry` (``registry.get("ter").make()``: chrF, TER, or one
registered by a test), through the hooks of :class:`bleu2.metrics.protocol.Scorer`:

* ``extract(hypothesis, references)``: one line's statistics (picklable, for ``jobs``);
* ``sum_stats(lines)``: statistics summed *in order*; the pipeline folds each chunk's lines
  into the running sums as ``sum_stats([sums, *lines])``, so a metric whose sums are floats
  (TER's average reference lengths) gets the sums of one pass over the lines, bit for bit;
* ``score_from_stats(sums, n_refs)``: the result (``.score``, ``.to_dict()``);
* ``signature(n_refs, **extra)``; ``significance_sums(counts)``: the significance tests'
  :class:`~bleu2.metrics.protocol.SumScores` and a line's statistics as its int vector.

With such a scorer, :attr:`Outcome.systems` holds ``score_from_stats``'s results and
:attr:`Outcome.line_stats` the lines' statistics when :class:`Keep` asks for them.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

from ..common.steps import Progress, finish
from ..metrics.bleu.line_scorer import LineScorer
from ..metrics.bleu.peers import PeerSums, PeerTable
from ..metrics.bleu.result import CorpusBleuResult
from ..metrics.bleu.stats import SentenceStats, pool_stats
from .columns import LineColumns
from .layouts import CHUNK_LINES, Chunk, candidate_chunks, chunks_of, n_refs_label, pair_chunks, stream_chunks
from .report import metric_sentence_lines, sentence_lines
from .significance import DEFAULT_RESAMPLES, DEFAULT_SEED, Result, signature_extras
from .significance import steps as significance_steps

#: A scorer the pipeline takes: BLEU's :class:`LineScorer`, or a registry metric's scorer
#: (:class:`bleu2.metrics.protocol.Scorer`; see the module docstring).
AnyScorer = Any

__all__ = [
    "CHUNK_LINES",
    "ChunkResult",
    "Keep",
    "Outcome",
    "chunks_of",
    "corpus_result",
    "corpus_steps",
    "cpu_count",
    "pair_chunks",
    "score_chunk",
    "streams_result",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Keep:
    """What the pipeline keeps of each line besides the corpus sums.

    Attributes:
        stats: every line's :class:`~bleu2.metrics.bleu.stats.SentenceStats`
            (``CorpusBleuResult.sentence_stats``: the page's per-sentence table, the
            library on lists).
        scores: with ``stats``, the sentence scores: True computed as the lines come (in
            the pipeline's steps), None computed when first read, False none.
        sentences: the command line's ``--sentence`` JSON Lines, rendered chunk by chunk
            and handed to ``on_sentences``: the systems' names (a ``"system"`` key is
            written when there are several), or None.
        peers: each system's :class:`~bleu2.metrics.bleu.peers.PeerTable` (the corpus under every
            preset, ``bleu2 --presets``), from sums kept chunk by chunk
            (:class:`~bleu2.metrics.bleu.peers.PeerSums`): flat memory too.
    Significance tests need per-line statistics: without ``stats`` they are kept as
    compact :class:`~bleu2.corpus.columns.LineColumns`.
    """

    stats: bool = False
    scores: bool | None = None
    sentences: tuple[str, ...] | None = None
    peers: bool = False


@dataclass(slots=True)
class ChunkResult:
    """What one chunk gives (picklable: worker processes return it).

    Attributes:
        lines: the chunk's number of lines.
        n_refs: the numbers of references its lines have.
        pooled: per system, the chunk's statistics summed (:func:`bleu2.metrics.bleu.stats.pool_stats`).
        stats, scores: per system, each line's statistics and sentence score (when kept).
        columns: per system, the lines' :class:`~bleu2.corpus.columns.LineColumns` (when kept).
        sentences: per system, the ``--sentence`` lines of the chunk (when asked).
        peers: per system, the chunk's :class:`~bleu2.metrics.bleu.peers.PeerSums` (when asked).
    A registry metric's chunk gives ``pooled`` None and every line's statistics in
    ``stats`` (the running sums fold them in order).
    """

    lines: int
    n_refs: frozenset[int]
    pooled: list[SentenceStats] | None
    stats: list[list[SentenceStats]] | None = None
    scores: list[list[float]] | None = None
    columns: list[LineColumns] | None = None
    sentences: list[str] | None = None
    peers: list[PeerSums] | None = None


@dataclass(slots=True)
class Outcome:
    """What a corpus run gives.

    Attributes:
        systems: one :class:`~bleu2.metrics.bleu.result.CorpusBleuResult` per system, in the order
            given (``sentence_stats`` and ``sentence_scores`` as :class:`Keep` asked); with a
            registry metric's scorer, its ``score_from_stats`` results.
        significance: with a test, one :class:`~bleu2.corpus.significance.Result` per system
            (floats in [0, 1]; ``.to_dict()`` gives ``{"score", "mean", "ci", "p_value"}``,
            ``.percent`` sacreBLEU's own percent figures); else None.
        signature: the signature of the run (with the test's resamples and seed).
        lines: the number of lines.
        n_refs: references per line (``"var"`` when it varies), as in the signature.
        ref_counts: the numbers of references the lines have (empty for no lines): what
            :func:`bleu2.corpus.layouts.n_refs_label` makes ``n_refs`` of, for merging runs.
        peers: with ``Keep(peers=True)``, one :class:`~bleu2.metrics.bleu.peers.PeerTable` per system.
        line_stats: with a registry metric's scorer and ``Keep(stats=True)``, each
            system's per-line statistics (``extract``'s), in line order; else None.
    """

    systems: list[Any]
    significance: list[Result] | None
    signature: str
    lines: int
    n_refs: int | str
    ref_counts: frozenset[int] = frozenset()
    peers: list[PeerTable] | None = None
    line_stats: list[list[Any]] | None = None


def score_chunk(
    bleu: AnyScorer, chunk: Chunk, keep: Keep, columns: bool = False, first_line: int = 0, shared_cache: bool = False
) -> ChunkResult:
    """The statistics of one chunk, summed per system, and what ``keep`` asks of its lines.

    Args:
        columns: also keep the lines as :class:`~bleu2.corpus.columns.LineColumns`.
        first_line: the 0-based number of the chunk's first line (messages, ``--sentence``).
        shared_cache: count the references through the scorer's cache, kept across
            calls (bounded: :meth:`bleu2.BLEU.line_stats`); False: a fresh one for this chunk.
    """
    if not isinstance(bleu, LineScorer):
        return _metric_chunk(bleu, chunk, keep, first_line)
    references, systems = chunk
    stats, n_refs = bleu.line_stats(references, systems, first_line, None if shared_cache else {})
    order = bleu.config.max_order
    result = ChunkResult(len(references), frozenset(n_refs), [pool_stats(st, order) for st in stats])
    if keep.sentences is not None or (keep.stats and keep.scores):
        score = bleu.score_only
        scores = [[score(st) for st in lines] for lines in stats]
        if keep.stats:
            result.scores = scores
        if keep.sentences is not None:
            names = keep.sentences if len(keep.sentences) > 1 else (None,)
            result.sentences = [
                sentence_lines(name, first_line + 1, st, sc) for name, st, sc in zip(names, stats, scores)
            ]
    if keep.peers:
        options = bleu.config.options()
        result.peers = [PeerSums.of(lines, references, **options) for lines in systems]
    if keep.stats:
        result.stats = stats
    elif columns:
        result.columns = []
        for s, lines in enumerate(stats):
            cols = LineColumns(bleu.config)
            cols.add(lines, first_line, s)
            result.columns.append(cols)
    return result


def _metric_chunk(scorer: AnyScorer, chunk: Chunk, keep: Keep, first_line: int) -> ChunkResult:
    """:func:`score_chunk` with a registry metric's scorer: each line's ``extract``."""
    references, systems = chunk
    extract = scorer.extract
    stats: list[list[Any]] = [[] for _ in systems]
    counts: set[int] = set()
    for i, entry in enumerate(references):
        counts.add(1 if isinstance(entry, str) else len(entry))
        for s, lines in enumerate(systems):
            stats[s].append(extract(lines[i], entry))
    result = ChunkResult(len(references), frozenset(counts), None, stats)
    if keep.sentences is not None:
        names = keep.sentences if len(keep.sentences) > 1 else (None,)
        result.sentences = [metric_sentence_lines(scorer, name, first_line + 1, st) for name, st in zip(names, stats)]
    return result


@dataclass(slots=True)
class _Totals:
    """The running totals of a run: sums per system, and the kept per-line data."""

    n_systems: int
    max_order: int
    keep_lines: bool = False
    lines: int = 0
    n_refs: set[int] = field(default_factory=set)
    pooled: list[SentenceStats] = field(default_factory=list)
    stats: list[list[SentenceStats]] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    columns: list[LineColumns] = field(default_factory=list)
    peers: list[PeerSums] = field(default_factory=list)

    def add(self, part: ChunkResult, scorer: AnyScorer) -> None:
        self.lines += part.lines
        self.n_refs |= part.n_refs
        if part.pooled is None:  # a registry metric's lines: folded in order, then kept if asked
            assert part.stats is not None
            if not self.pooled:
                self.pooled = [scorer.sum_stats(lines) for lines in part.stats]
            else:
                self.pooled = [scorer.sum_stats([a, *lines]) for a, lines in zip(self.pooled, part.stats)]
            if self.keep_lines:
                _extend(self.stats, part.stats)
            return
        if not self.pooled:
            self.pooled = list(part.pooled)
        else:
            self.pooled = [pool_stats([a, b], self.max_order) for a, b in zip(self.pooled, part.pooled)]
        if part.stats is not None:
            _extend(self.stats, part.stats)
        if part.scores is not None:
            _extend(self.scores, part.scores)
        if part.columns is not None:
            if not self.columns:
                self.columns.extend(part.columns)
            else:
                for m, t in zip(self.columns, part.columns):
                    m.extend(t)
        if part.peers is not None:
            if not self.peers:
                self.peers.extend(part.peers)
            else:
                for mine, theirs in zip(self.peers, part.peers):
                    mine.add(theirs)


def _extend(mine: list[list[T]], theirs: list[list[T]]) -> None:
    """Append each system's lines of a chunk to that system's lines so far."""
    if not mine:
        mine.extend([] for _ in theirs)
    for m, t in zip(mine, theirs):
        m += t


def cpu_count() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _scoring_steps(
    parts: Iterable[Any],
    scorer: Any,
    totals: _Totals,
    total: int | None,
    read_fraction: Callable[[], float | None] | None,
    on_sentences: Callable[[int, str], Any] | None,
) -> Generator[Progress, None, None]:
    """Add each chunk's results to ``totals`` in order, pass its sentence lines on, and yield
    the "scoring" progress after each (the stage both scorers' runs share)."""
    fraction = read_fraction or (lambda: None)
    for part in parts:
        totals.add(part, scorer)
        if on_sentences is not None and part.sentences is not None:
            for s, text in enumerate(part.sentences):
                on_sentences(s, text)
        yield Progress("scoring", totals.lines, total, None if total is not None else fraction())


def corpus_steps(
    bleu: AnyScorer,
    chunks: Iterable[Chunk],
    n_systems: int,
    *,
    keep: Keep = Keep(),
    test: str | None = None,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    jobs: int = 1,
    total: int | None = None,
    read_fraction: Callable[[], float | None] | None = None,
    on_sentences: Callable[[int, str], Any] | None = None,
    shared_cache: bool = False,
) -> Generator[Progress, None, Outcome]:
    """Score line-aligned chunks for ``n_systems`` systems, then run a significance test.

    Args:
        bleu: the scorer (its options): BLEU's, or a registry metric's (module docstring).
        chunks: an iterable of chunks (see the module docstring), consumed once, in order.
        keep: what to keep of each line (:class:`Keep`).
        test: None, or a test of :data:`bleu2.corpus.significance.TESTS` ("confidence",
            "paired-bs", "paired-ar"; system 0 is the baseline of the paired ones).
        n: resamples or trials; None: the test's default
            (:data:`bleu2.corpus.significance.DEFAULT_RESAMPLES`).
        seed: the resampling's seed (None: OS entropy).
        jobs: worker processes for the statistics (1: this process; :func:`cpu_count`
            for all cores). The results are the same bit for bit.
        total: the number of lines when known (progress); read_fraction: else a function
            giving the part of the input read so far, in [0, 1], or None.
        on_sentences: with ``keep.sentences``, called as ``on_sentences(system, text)``
            with each chunk's JSON Lines, in line order per system.
        shared_cache: use the scorer's reference cache, kept across calls (the page
            re-scoring the same files), instead of one per chunk (flat memory).
    Yields:
        :class:`~bleu2.common.steps.Progress` after each chunk ("scoring", lines done) and
        during the test ("significance", resamples or trials done).
    Returns:
        :class:`Outcome`.
    Raises:
        ValueError: a test on no lines, fewer than two systems for a paired test, n < 1;
            TypeError, ValueError: bad entries (:meth:`bleu2.BLEU.line_stats`).
    """
    if test is not None and n is None:
        n = DEFAULT_RESAMPLES[test]
    if not isinstance(bleu, LineScorer):
        return (
            yield from _metric_steps(
                bleu, chunks, n_systems, keep, test, n, seed, jobs, total, read_fraction, on_sentences
            )
        )
    columns = test is not None and not keep.stats
    totals = _Totals(n_systems, bleu.config.max_order)
    yield from _scoring_steps(
        _chunk_results(bleu, chunks, keep, columns, jobs, shared_cache),
        bleu,
        totals,
        total,
        read_fraction,
        on_sentences,
    )
    label = n_refs_label(totals.n_refs)
    systems = _systems(bleu, totals, keep, label)
    significance = None
    signature = bleu.signature(label)
    if test is not None:
        assert n is not None
        per_line: Sequence[Sequence[SentenceStats] | LineColumns] = totals.stats if keep.stats else totals.columns
        if len(per_line) < n_systems:  # no lines: the test says so
            per_line = [[] for _ in range(n_systems)]
        significance = yield from significance_steps(test, per_line, bleu.config, n, seed)
        signature = bleu.signature(label, **signature_extras(test, n, seed))
    peers = None
    if keep.peers:
        options = bleu.config.options()
        peers = [
            (totals.peers[s] if totals.peers else PeerSums.of([], [], **options)).table() for s in range(n_systems)
        ]
    return Outcome(systems, significance, signature, totals.lines, label, frozenset(totals.n_refs), peers)


def _metric_steps(
    scorer: AnyScorer,
    chunks: Iterable[Chunk],
    n_systems: int,
    keep: Keep,
    test: str | None,
    n: int | None,
    seed: int | None,
    jobs: int,
    total: int | None,
    read_fraction: Callable[[], float | None] | None,
    on_sentences: Callable[[int, str], Any] | None,
) -> Generator[Progress, None, Outcome]:
    """:func:`corpus_steps` with a registry metric's scorer (the same stages and progress;
    ``n`` already the test's default when None was given)."""
    totals = _Totals(n_systems, 0, keep_lines=keep.stats or test is not None)
    yield from _scoring_steps(
        _chunk_results(scorer, chunks, keep, False, jobs, False), scorer, totals, total, read_fraction, on_sentences
    )
    label = n_refs_label(totals.n_refs)
    per_line = totals.stats if totals.stats else [[] for _ in range(n_systems)]
    pooled = totals.pooled or [scorer.sum_stats([]) for _ in range(n_systems)]
    systems = [scorer.score_from_stats(p, label) for p in pooled]
    significance = None
    signature = scorer.signature(label)
    if test is not None:
        assert n is not None
        sums, vector = scorer.significance_sums(set(totals.n_refs))
        vectors = [[vector(st) for st in lines] for lines in per_line]
        significance = yield from significance_steps(test, vectors, sums, n, seed)
        signature = scorer.signature(label, **signature_extras(test, n, seed))
    kept = per_line if keep.stats else None
    return Outcome(systems, significance, signature, totals.lines, label, frozenset(totals.n_refs), None, kept)


def _systems(bleu: LineScorer, totals: _Totals, keep: Keep, label: int | str) -> list[CorpusBleuResult]:
    out = []
    for s in range(totals.n_systems):
        pooled = totals.pooled[s] if totals.pooled else pool_stats([], bleu.config.max_order)
        corpus = bleu.score_stats(pooled, label)
        if not keep.stats:
            out.append(CorpusBleuResult(corpus, ()))
            continue
        stats = tuple(totals.stats[s]) if totals.stats else ()
        if keep.scores:
            out.append(CorpusBleuResult(corpus, stats, tuple(totals.scores[s]) if totals.scores else ()))
        else:
            out.append(CorpusBleuResult(corpus, stats, scorer=bleu.score_only if keep.scores is None else None))
    return out


def _chunk_results(
    bleu: AnyScorer, chunks: Iterable[Chunk], keep: Keep, columns: bool, jobs: int, shared_cache: bool
) -> Iterator[ChunkResult]:
    """The chunks' results in order: in this process, or from ``jobs`` worker processes
    (at most two chunks per worker in flight, so reading never runs far ahead)."""
    if jobs <= 1:
        first = 0
        for chunk in chunks:
            part = score_chunk(bleu, chunk, keep, columns, first, shared_cache)
            first += part.lines
            yield part
        return
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=get_context("spawn"),
        initializer=_start_worker,
        initargs=(bleu.config.options() if isinstance(bleu, LineScorer) else bleu,),
    )
    pending: deque[Future[ChunkResult]] = deque()
    try:
        first = 0
        for chunk in chunks:
            pending.append(pool.submit(_work, chunk, keep, columns, first))
            first += len(chunk[0])
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_WORKER: dict[str, AnyScorer] = {}


def _start_worker(options: Mapping[str, Any] | AnyScorer) -> None:
    """A worker process's start: its scorer (BLEU's from its options, another metric's
    scorer as pickled); Ctrl-C is the parent's to handle."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["scorer"] = LineScorer(**options) if isinstance(options, Mapping) else options


def _work(chunk: Chunk, keep: Keep, columns: bool, first_line: int) -> ChunkResult:
    return score_chunk(_WORKER["scorer"], chunk, keep, columns, first_line)


# --------------------------------------------------------------------------- the library


def corpus_result(
    bleu: LineScorer,
    candidates: Iterable[str],
    references: Iterable[Any],
    *,
    sentence_scores: bool = True,
    sentence_stats: bool | None = None,
    layout: str | None = None,
) -> CorpusBleuResult:
    """Corpus BLEU of one system with one references entry per candidate
    (:func:`bleu2.corpus_bleu`): ``candidates`` and ``references[i]`` (a string or strings
    per candidate) as lists, or any iterables (generators, file objects) consumed in step.

    Args:
        sentence_stats: keep every line's statistics (``.sentence_stats``); None: for
            inputs with a length (lists, tuples), not for other iterables, whose
            memory then stays flat (the sums only).
        sentence_scores: with the statistics kept, the sentence scores (computed when
            first read).
        layout: None: a call that also reads as sacreBLEU's streams, with other numbers,
            is refused; ``"per-candidate"``: read as given
            (:func:`bleu2.corpus.layouts.candidate_chunks`).
    Raises:
        TypeError: a single string, or an entry that is not a string.
        ValueError: different numbers of candidates and references (references in the
            shape of sacreBLEU's streams get a message naming ``layout="streams"``); a
            call that reads two ways (:func:`bleu2.corpus.layouts.ambiguous_layout`).
    """
    chunks, sized = candidate_chunks(candidates, references, sentence_stats, layout=layout)
    return _one_system(bleu, chunks, sized, sentence_scores, sentence_stats)


def streams_result(
    bleu: LineScorer,
    hypotheses: Iterable[str],
    streams: Sequence[Iterable[Any]],
    *,
    sentence_scores: bool = True,
    sentence_stats: bool | None = None,
) -> CorpusBleuResult:
    """Corpus BLEU of one system with sacreBLEU's reference streams
    (:meth:`bleu2.BLEU.corpus_score`): ``streams[j][i]`` is the j-th reference of hypothesis
    i. ``streams`` is a list (or tuple) of streams, its length the number of references per
    line; the hypotheses and each stream are lists or any iterables, read in step.

    With lengths known (lists, tuples), every length is checked before any line is scored
    (:func:`bleu2.corpus.layouts.check_streams`); with other iterables, when the first of them
    ends, with the same messages. A string where a stream is expected is a TypeError.

    Args:
        sentence_stats, sentence_scores: as :func:`corpus_result` (None: the statistics
            are kept when the hypotheses and every stream have a length).
    Raises:
        TypeError, ValueError: see :func:`bleu2.corpus.layouts.check_streams`.
    """
    chunks, sized = stream_chunks(hypotheses, streams, sentence_stats)
    return _one_system(bleu, chunks, sized, sentence_scores, sentence_stats)


def _one_system(
    bleu: LineScorer, chunks: Iterable[Chunk], sized: bool, sentence_scores: bool, sentence_stats: bool | None
) -> CorpusBleuResult:
    keep_stats = sized if sentence_stats is None else bool(sentence_stats)
    keep = Keep(stats=keep_stats, scores=None if sentence_scores else False)
    result: CorpusBleuResult = finish(corpus_steps(bleu, chunks, 1, keep=keep, shared_cache=sized)).systems[0]
    return result
