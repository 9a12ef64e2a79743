"""Public entry points: sentence and corpus BLEU from text, as functions.

Each call goes through a :class:`bleu2.BLEU` scorer for its options; the scorers of the
last few option sets are kept (:func:`scorer_for`, also the page's), so that scoring
several systems one after another against the same references tokenizes the references
once.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from typing import Any

from ...common.cache import LRU
from ...common.steps import finish
from ...corpus.layouts import (
    ambiguous_layout,
    check_layout,
    check_stream_list,
    chunks_of,
    corpus_sequences,
    streams_to_references,
)
from ...corpus.pipeline import Outcome, corpus_result, corpus_steps, streams_result
from ...corpus.significance import DEFAULT_SEED, TESTS
from .options import BleuConfig, options_signature
from .result import BleuResult, CorpusBleuResult
from .scorer import BLEU
from .stats import SentenceStats, reference_stats, sentence_stats

__all__ = [
    "sentence_bleu",
    "corpus_bleu",
    "significance_test",
    "references_from_streams",
    "extract_stats",
    "scorer_for",
    "clear_scorers",
]

#: The scorers of the last few option sets, with their caches.
_SCORERS: LRU[BleuConfig, BLEU] = LRU(8)


def scorer_for(**options: Any) -> BLEU:
    """A :class:`bleu2.BLEU` for ``options``, reused across calls (the last 8 option sets
    kept). A new one shares the most recent one's tokens and reference statistics where
    they still apply (:meth:`bleu2.BLEU.derive`).

    Raises:
        TypeError, ValueError: bad options (see :class:`bleu2.metrics.bleu.options.BleuConfig`).
    """
    config = BleuConfig.make(**options)
    bleu = _SCORERS.get(config)
    if bleu is None:
        last = _SCORERS.newest()
        bleu = _SCORERS.put(config, BLEU(**options) if last is None else last.derive(**options))
    return bleu


def clear_scorers() -> None:
    """Forget the kept scorers and their caches."""
    _SCORERS.clear()


def _check_tokens(tokens: object, where: str) -> None:
    if isinstance(tokens, str):
        raise TypeError(
            f"{where} must be a list of tokens, not a string (a string would be counted character "
            "by character): tokenize it first, e.g. bleu2.tokenize(text, 'none')"
        )
    if not isinstance(tokens, Sequence):
        raise TypeError(f"{where} must be a list of tokens (strings), not {type(tokens).__name__}")


def _reject_string_entries(entries: Iterable[object], message: str) -> None:
    """Raise ``TypeError(message.format(j=j))`` for the first entry ``j`` that is a string
    (where a list is expected: a string is a sequence too, and would be read character by
    character)."""
    for j, entry in enumerate(entries):
        if isinstance(entry, str):
            raise TypeError(message.format(j=j))


def extract_stats(
    candidate_tokens: Sequence[str],
    reference_tokens: Sequence[Sequence[str]],
    max_order: int = 2,
    stats_order: int | None = None,
    empty_references: str = "ignore",
    ref_length: str = "closest",
) -> SentenceStats:
    """Sufficient statistics of one tokenized candidate against tokenized references.

    Args:
        candidate_tokens: the candidate's tokens (a list of strings, not a string).
        reference_tokens: one token list per reference (``[tokens]`` for one reference).
        stats_order: >= max_order (default max_order): count higher orders too, as
            NLTK's method5/method7 need (:attr:`bleu2.metrics.bleu.options.BleuConfig.stats_order`).
        empty_references, ref_length: as the options of :mod:`bleu2.metrics.bleu.options`.
    Raises:
        TypeError: a string where a token list is expected; the message says how to fix it.
    """
    _check_tokens(candidate_tokens, "candidate_tokens")
    if isinstance(reference_tokens, str) or not isinstance(reference_tokens, Sequence):
        raise TypeError("reference_tokens must be a list of token lists, one per reference ([tokens] for one)")
    _reject_string_entries(
        reference_tokens,
        "reference_tokens[{j}] is a string: reference_tokens is a list of token lists, one per reference; "
        "for one tokenized reference give [tokens]",
    )
    for j, ref in enumerate(reference_tokens):
        _check_tokens(ref, f"reference_tokens[{j}]")
    depth = max_order if stats_order is None else max(stats_order, max_order)
    refs = reference_stats(reference_tokens, depth, empty_references)
    return sentence_stats(candidate_tokens, refs, max_order, ref_length)


def sentence_bleu(candidate: str, references: str | Sequence[str], **options: Any) -> BleuResult:
    """BLEU of one candidate against one or more references.

    Defaults are the classic BLEU-2 calculator's: BLEU-2 (max_order 2, weights 0.5/0.5),
    add-1 smoothing, the ``default`` tokenizer, lower-cased.

    Args:
        candidate: the hypothesis text (str).
        references: one reference string, or a sequence of them. Each n-gram
            is clipped by its largest count in any one reference; r is the
            reference length closest to c (ties: the shorter). References with
            no tokens are ignored while another one has tokens, unless
            ``empty_references="count"``.
        **options: ``max_order``, ``weights``, ``smoothing``, ``smooth_value``,
            ``effective_order``, ``tokenizer``, ``lowercase``, ``empty_references``:
            see :mod:`bleu2.metrics.bleu.options`.
    Returns:
        :class:`~bleu2.metrics.bleu.result.BleuResult`; ``score`` is a float in [0, 1]
        (NLTK's ``method5``/``method7`` can exceed 1, as they do in NLTK).
    Raises:
        ValueError: bad max_order, weights, smoothing name, smooth_value,
            effective_order with an NLTK method, tokenizer name or empty_references.
        TypeError: texts that are not strings; an unknown option.

    Formula: BP * exp(sum_n w_n ln p_n) (Papineni et al. 2002).

    Example:
        >>> round(sentence_bleu("the cat is on the mat", "the cat sat on the mat").score, 6)
        0.707107
    """
    return scorer_for(**options).sentence_score(candidate, references)


def references_from_streams(streams: Sequence[Sequence[str]]) -> list[list[str]]:
    """Convert sacreBLEU-style reference *streams* to bleu2's per-candidate lists.

    sacreBLEU takes ``refs`` as a list of streams, ``refs[j][i]`` being the
    j-th reference of candidate i. bleu2 takes ``references[i]``, the list of
    references of candidate i. This transposes, checking that every stream has
    the same length.

    Raises:
        ValueError: streams of different lengths.
        TypeError: ``streams`` or one of them is a string (a string is not a stream of
            lines: ``[stream]`` is one stream).

    Example:
        >>> references_from_streams([["a1", "b1"], ["a2", "b2"]])
        [['a1', 'a2'], ['b1', 'b2']]
    """
    if isinstance(streams, str):
        raise TypeError("references_from_streams takes a list of streams (each a list of lines), not a string")
    _reject_string_entries(
        streams,
        "stream {j} is a string, not a list of lines: references_from_streams takes a list of streams; "
        "for one reference per candidate give [stream] (or pass the list itself to corpus_bleu)",
    )
    streams = [list(s) for s in streams]
    if not streams:
        return []
    n = len(streams[0])
    for j, s in enumerate(streams):
        if len(s) != n:
            raise ValueError(f"reference stream {j} has {len(s)} lines, stream 0 has {n}")
    return [list(refs) for refs in zip(*streams)]


def corpus_bleu(
    candidates: Iterable[str],
    references: Iterable[str | Sequence[str | None]],
    *,
    sentence_scores: bool = True,
    sentence_stats: bool | None = None,
    layout: str | None = None,
    **options: Any,
) -> CorpusBleuResult:
    """Corpus BLEU: matches, totals, c and r pooled over all sentences, then
    smoothed and scored once (Papineni et al. 2002).

    ``references`` is **per candidate** unless ``layout="streams"``: ``references[i]`` is
    the string or the list of strings for ``candidates[i]`` (``None`` entries mark a
    missing reference), and the number of references may differ from line to line. With
    ``layout="streams"`` it is sacreBLEU's layout, a list of reference *streams*
    (``references[j][i]``: the j-th reference of candidate i), as
    ``sacrebleu.corpus_bleu`` and ``bleu2.BLEU(...).corpus_score`` take it.

    No call is read two ways: without ``layout``, references that would also read as
    streams pairing other references with the candidates (n candidates, n entries of n
    texts each, ``references[i][j] != references[j][i]`` somewhere) raise ValueError
    asking for ``layout``, and so do references that fit only the streams layout.

    Args:
        candidates: the candidate strings: a list, or any iterable (a generator, an
            open file's lines), read once, in step with ``references``.
        references: one entry per candidate.
        sentence_scores: also score every sentence (same options), computed when
            ``.sentence_scores`` is first read; False: ``.sentence_scores`` is ``()``.
        sentence_stats: keep every line's statistics (``.sentence_stats``, which
            ``.sentence_scores`` and significance tests need). None (the default): for
            inputs with a length (lists, tuples), not for other iterables, whose memory
            then stays flat however long they are (the sums only; ``.sentence_stats``
            and ``.sentence_scores`` are ``()``).
        layout: None (per candidate, refusing a call that reads two ways),
            ``"per-candidate"`` or ``"streams"``.
        **options: as :func:`sentence_bleu`.
    Returns:
        :class:`~bleu2.metrics.bleu.result.CorpusBleuResult`: ``.score`` in [0, 1], the pooled
        breakdown, ``.sentence_stats`` and ``.sentence_scores``.
    Raises:
        ValueError: different numbers of candidates and references (for iterables:
            found when the shorter one ends); references that read two ways, or fit only
            the layout not chosen; bad options or layout.
        TypeError: ``candidates`` or ``references`` is a single string, or an entry
            is not a string (None and NLTK's token lists get their own message); an
            unknown option.

    Example:
        >>> round(corpus_bleu(["the cat is on the mat"], [["the cat sat on the mat"]]).score, 6)
        0.707107
    """
    bleu = scorer_for(**options)
    if check_layout(layout) == "streams":
        return streams_result(
            bleu,
            candidates,
            check_stream_list(references),
            sentence_scores=sentence_scores,
            sentence_stats=sentence_stats,
        )
    return corpus_result(
        bleu, candidates, references, sentence_scores=sentence_scores, sentence_stats=sentence_stats, layout=layout
    )


def significance_test(
    systems: Sequence[Sequence[str]],
    references: Sequence[str | Sequence[str | None]],
    test: str = "paired-bs",
    *,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    layout: str | None = None,
    **options: Any,
) -> Outcome:
    """Corpus BLEU of several systems on the same lines, and a significance test, from
    texts: the command line's ``bleu2 -r ref base sys1 ... --paired-bs`` as one call (the
    corpus pipeline, :func:`bleu2.corpus.pipeline.corpus_steps`; the tests of
    :mod:`bleu2.corpus.significance`, sacreBLEU 2.6.0's numbers with its options).

    Args:
        systems: a list of systems, each a list of candidate strings, all as long as
            ``references``; ``systems[0]`` is the baseline of the paired tests.
        references: per candidate (``references[i]``: a string or strings), or sacreBLEU's
            streams with ``layout="streams"``; read as :func:`corpus_bleu` reads them.
        test: ``"paired-bs"`` (paired bootstrap resampling, Koehn 2004), ``"paired-ar"``
            (paired approximate randomization, Riezler & Maxwell 2005) or ``"confidence"``
            (bootstrap 95% confidence intervals of each system).
        n: resamples or trials; None: sacreBLEU's defaults (1000, 10000, 1000).
        seed: the generator's seed (sacreBLEU's ``SACREBLEU_SEED``, 12345; None: OS entropy).
        layout: as :func:`corpus_bleu`'s.
        **options: as :func:`sentence_bleu` (``preset="sacrebleu"`` for sacreBLEU's BLEU).
    Returns:
        :class:`~bleu2.corpus.pipeline.Outcome`: ``.systems`` (one
        :class:`~bleu2.metrics.bleu.result.CorpusBleuResult` each), ``.significance`` (one
        :class:`~bleu2.corpus.significance.Result` each, in order: ``score``, ``mean``, ``ci``,
        floats in [0, 1], ``p_value`` None for the baseline), ``.signature``.
    Raises:
        TypeError: ``systems`` is not a list of lists of strings; bad entries.
        ValueError: an unknown test, fewer than two systems for a paired test, no lines,
            systems and references of different lengths, references that read two ways,
            ``n`` < 1, bad options.
    """
    if test not in TESTS:
        raise ValueError(f"test must be one of {', '.join(map(repr, TESTS))}, got {test!r}")
    if isinstance(systems, str) or not isinstance(systems, Sequence) or any(isinstance(s, str) for s in systems):
        raise TypeError(
            "systems must be a list of systems, each a list of candidate strings (systems[0] is the baseline); "
            "for one system give [candidates]"
        )
    listed = [list(s) for s in systems]
    if len(listed) < (1 if test == "confidence" else 2):
        raise ValueError(f"{test} needs {'a system' if test == 'confidence' else 'a baseline and a system'}")
    if check_layout(layout) == "streams":
        per_line: Sequence[Any] = streams_to_references(listed[0], check_stream_list(references))
    else:
        cands, per_line = corpus_sequences(listed[0], references)
        message = None if layout else ambiguous_layout(cands, per_line)
        if message:
            raise ValueError(message)
    for k, system in enumerate(listed):
        if len(system) != len(per_line):
            raise ValueError(f"system {k} has {len(system)} candidates, the references {len(per_line)} lines")
    bleu = scorer_for(**options)
    return finish(corpus_steps(bleu, chunks_of([per_line], listed), len(listed), test=test, n=n, seed=seed))


_P = inspect.Parameter
# (inspect.signature reads __signature__, which typeshed does not declare on functions)
sentence_bleu.__signature__ = options_signature(  # type: ignore[attr-defined]
    _P("candidate", _P.POSITIONAL_OR_KEYWORD, annotation=str),
    _P("references", _P.POSITIONAL_OR_KEYWORD, annotation="str | Sequence[str]"),
)
corpus_bleu.__signature__ = options_signature(  # type: ignore[attr-defined]
    _P("candidates", _P.POSITIONAL_OR_KEYWORD, annotation="Iterable[str]"),
    _P("references", _P.POSITIONAL_OR_KEYWORD, annotation="Iterable[str | Sequence[str | None]]"),
    trailing=[
        _P("sentence_scores", _P.KEYWORD_ONLY, default=True),
        _P("sentence_stats", _P.KEYWORD_ONLY, default=None),
        _P("layout", _P.KEYWORD_ONLY, default=None),
    ],
)
