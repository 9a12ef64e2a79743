"""BLEU, chrF and TER on a Dask cluster: corpus and sentence BLEU of (hypothesis,
references) pairs held in a ``dask.bag`` (or a ``dask.dataframe``), with any of bleu2's
options; :func:`corpus_chrf`, :func:`corpus_ter` and :func:`corpus_score` (any metric of
:mod:`bleu2.metrics.registry`) the same way.

Install with ``pip install 'bleu2[dask]'`` (Dask and distributed; bleu2 itself needs
neither, and nothing else in bleu2 imports this module). Examples for a local cluster
and an existing scheduler: ``docs/scale.md``.

:func:`corpus_bleu` sums each partition's statistics where the partition is (the
engine's pipeline, :mod:`bleu2.corpus.pipeline`), adds the partitions' sums and scores them
once: the result equals :func:`bleu2.corpus_bleu` of the same pairs in one process, bit
for bit. :func:`sentence_bleu` is a bag of per-line results, as
:func:`bleu2.sentence_bleu` gives them. For other metrics each partition runs the same
pipeline and keeps its lines' statistics (a few numbers a line); the client sums them in
line order (the metric's ``sum_stats``, as one process does), so a metric with float sums
(TER's average reference lengths) gets one process's score bit for bit too.

    >>> import dask.bag as db
    >>> import bleu2.dask
    >>> pairs = db.from_sequence([("the cat is on the mat", "the cat sat on the mat")] * 4, npartitions=2)
    >>> round(bleu2.dask.corpus_bleu(pairs).score, 6)
    0.707107
    >>> [round(r.score, 6) for r in bleu2.dask.sentence_bleu(pairs).compute()][:2]
    [0.707107, 0.707107]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

try:
    import dask.bag as db
except ImportError as error:  # Dask is an optional extra
    raise ImportError(
        f"bleu2.dask needs Dask ({error}): install it with  pip install 'bleu2[dask]'  (dask and distributed)"
    ) from error

from ..common.steps import finish
from ..corpus.layouts import n_refs_label
from ..corpus.pipeline import Keep, corpus_steps, pair_chunks
from ..metrics import registry
from ..metrics.bleu.api import scorer_for
from ..metrics.bleu.options import BleuConfig
from ..metrics.bleu.result import BleuResult, CorpusBleuResult
from ..metrics.bleu.stats import SentenceStats, pool_stats

__all__ = ["corpus_bleu", "corpus_chrf", "corpus_score", "corpus_ter", "sentence_bleu"]


def corpus_bleu(
    pairs: Any,
    *,
    hypothesis_column: str = "hypothesis",
    reference_columns: str | Sequence[str] = "reference",
    **options: Any,
) -> CorpusBleuResult:
    """Corpus BLEU of the pairs (matches, totals, c and r pooled over every line, then
    scored once; Papineni et al. 2002), computed on the cluster (the current
    ``distributed.Client``, else Dask's default scheduler).

    Args:
        pairs: a ``dask.bag.Bag`` of ``(hypothesis, references)`` tuples, references a
            string or a sequence of strings; or a ``dask.dataframe.DataFrame`` with a
            hypothesis column and one or more reference columns.
        hypothesis_column, reference_columns: the dataframe's columns (a reference
            column may hold a string or a list of strings per row).
        **options: bleu2's options (:mod:`bleu2.metrics.bleu.options`), as :func:`bleu2.corpus_bleu`.
    Returns:
        :class:`~bleu2.metrics.bleu.result.CorpusBleuResult` of the corpus (``score`` in [0, 1]); its
        per-line ``sentence_stats`` and ``sentence_scores`` are ``()`` (see
        :func:`sentence_bleu`).
    Raises:
        TypeError, ValueError: bad options (at once); bad pairs (when computed).
    """
    BleuConfig.make(**options)  # bad options fail here, not on the workers
    bag = _as_bag(pairs, hypothesis_column, reference_columns)
    reduced = bag.reduction(partial(_partition_sums, options), partial(_add, options))  # type: ignore[no-untyped-call]
    pooled, counts = reduced.compute()
    bleu = scorer_for(**options)
    if pooled is None:  # no lines at all
        pooled = pool_stats([], bleu.config.max_order)
    return CorpusBleuResult(bleu.score_stats(pooled, n_refs_label(counts)), ())


def corpus_score(
    pairs: Any,
    metric: str,
    *,
    hypothesis_column: str = "hypothesis",
    reference_columns: str | Sequence[str] = "reference",
    **options: Any,
) -> Any:
    """The corpus score of a metric of :mod:`bleu2.metrics.registry` (``"chrf"``,
    ``"chrf++"``, ``"ter"``, ...) on the pairs, computed on the cluster; equal, bit for bit,
    to the same metric in one process (:func:`bleu2.corpus_chrf`, :func:`bleu2.corpus_ter`).

    Args:
        pairs, hypothesis_column, reference_columns: as :func:`corpus_bleu`.
        metric: the registry's key; ``"bleu"`` is :func:`corpus_bleu`.
        **options: the metric's options (``CHRF(**options)``, ``TER(**options)``).
    Returns:
        the metric's ``score_from_stats`` result of the summed statistics
        (:class:`~bleu2.ChrfResult`, :class:`~bleu2.metrics.ter.result.TerResult`; ``score``
        a fraction).
    Raises:
        ValueError: an unknown metric; TypeError, ValueError: bad options (at once); bad
            pairs (when computed).
    """
    entry = registry.get(metric)
    if entry.key == registry.DEFAULT:
        return corpus_bleu(pairs, hypothesis_column=hypothesis_column, reference_columns=reference_columns, **options)
    scorer = entry.make(**options)  # bad options fail here, not on the workers
    bag = _as_bag(pairs, hypothesis_column, reference_columns)
    reduced = bag.reduction(partial(_partition_lines, entry.key, options), _concat)  # type: ignore[no-untyped-call]
    lines, counts = reduced.compute()
    return scorer.score_from_stats(scorer.sum_stats(lines), n_refs_label(counts))


def _named_by(function: str) -> str:
    """The key of the registry's metric whose corpus function is ``function``."""
    return next(m.key for m in registry.metrics(variants=False) if m.corpus_function == function)


def corpus_chrf(pairs: Any, **kwargs: Any) -> Any:
    """Corpus chrF (``word_order=2``: chrF++) on the cluster: :func:`corpus_score` with
    chrF; equal, bit for bit, to :func:`bleu2.corpus_chrf` in one process."""
    return corpus_score(pairs, _named_by("corpus_chrf"), **kwargs)


def corpus_ter(pairs: Any, **kwargs: Any) -> Any:
    """Corpus TER on the cluster: :func:`corpus_score` with TER; equal, bit for bit, to
    :func:`bleu2.corpus_ter` in one process."""
    return corpus_score(pairs, _named_by("corpus_ter"), **kwargs)


def sentence_bleu(
    pairs: Any,
    *,
    hypothesis_column: str = "hypothesis",
    reference_columns: str | Sequence[str] = "reference",
    **options: Any,
) -> db.Bag:
    """Sentence BLEU of every pair, as :func:`bleu2.sentence_bleu` gives it.

    Args:
        pairs, hypothesis_column, reference_columns, **options: as :func:`corpus_bleu`.
    Returns:
        a ``dask.bag.Bag`` (lazy) of :class:`~bleu2.metrics.bleu.result.BleuResult`, one per pair in
        order (``.map(lambda r: r.score)`` for the scores, floats in [0, 1]).
    Raises:
        TypeError, ValueError: bad options (at once); bad pairs (when computed).
    """
    BleuConfig.make(**options)
    bag = _as_bag(pairs, hypothesis_column, reference_columns)
    results: db.Bag = bag.map_partitions(partial(_partition_sentences, options))  # type: ignore[no-untyped-call]
    return results


def _as_bag(pairs: Any, hypothesis_column: str, reference_columns: str | Sequence[str]) -> db.Bag:
    if isinstance(pairs, db.Bag):
        return pairs
    if hasattr(pairs, "to_bag") and hasattr(pairs, "columns"):  # a dask dataframe
        refs = [reference_columns] if isinstance(reference_columns, str) else list(reference_columns)
        missing = [c for c in [hypothesis_column, *refs] if c not in pairs.columns]
        if missing:
            raise ValueError(
                f"the dataframe has no column(s) {', '.join(map(repr, missing))} "
                f"(its columns: {', '.join(map(repr, pairs.columns))}); name them with "
                "hypothesis_column= and reference_columns="
            )
        rows = pairs[[hypothesis_column, *refs]].to_bag(index=False)
        pairs_bag: db.Bag = rows.map(_row_pair if len(refs) == 1 else _rows_pair)
        return pairs_bag
    raise TypeError(f"pairs must be a dask.bag.Bag or a dask.dataframe.DataFrame, got {type(pairs).__name__}")


def _row_pair(row: tuple[Any, ...]) -> tuple[str, Any]:
    return row[0], row[1]


def _rows_pair(row: tuple[Any, ...]) -> tuple[str, Any]:
    return row[0], tuple(row[1:])


_Sums = tuple[SentenceStats | None, frozenset[int]]


def _partition_sums(options: dict[str, Any], pairs: Iterable[tuple[str, Any]]) -> _Sums:
    """A partition's statistics, summed: the engine's pipeline on its pairs (None for
    an empty partition, which must not count as a segment)."""
    outcome = finish(corpus_steps(scorer_for(**options), pair_chunks(pairs), 1))
    return (outcome.systems[0].stats if outcome.lines else None), outcome.ref_counts


def _add(options: dict[str, Any], parts: Iterable[_Sums]) -> _Sums:
    """The partitions' sums added (exact integers: in any order, the same sums)."""
    parts = list(parts)
    order = BleuConfig.make(**options).max_order
    pooled = [p for p, _ in parts if p is not None]
    return (pool_stats(pooled, order) if pooled else None), frozenset().union(*[c for _, c in parts])


_Lines = tuple[list[Any], frozenset[int]]


def _partition_lines(metric: str, options: dict[str, Any], pairs: Iterable[tuple[str, Any]]) -> _Lines:
    """A partition's per-line statistics (the engine's pipeline on its pairs) and the
    numbers of references its lines have."""
    scorer = registry.get(metric).make(**options)
    outcome = finish(corpus_steps(scorer, pair_chunks(pairs), 1, keep=Keep(stats=True)))
    return (outcome.line_stats[0] if outcome.line_stats else []), outcome.ref_counts


def _concat(parts: Iterable[_Lines]) -> _Lines:
    """The partitions' lines, in partition order (Dask's reduction keeps it)."""
    lines: list[Any] = []
    counts: frozenset[int] = frozenset()
    for part_lines, part_counts in parts:
        lines += part_lines
        counts |= part_counts
    return lines, counts


def _partition_sentences(options: dict[str, Any], pairs: Iterable[tuple[str, Any]]) -> list[BleuResult]:
    bleu = scorer_for(**options)
    return [bleu.sentence_score(hypothesis, references) for hypothesis, references in pairs]
