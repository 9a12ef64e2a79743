"""Several candidates against the same references: scores, ranking and the choice of r.

:func:`compare` is what the page recomputes on every keystroke. Tokenization is cached
by (text, tokenizer, lowercase) and the reference statistics by (reference texts,
options), so an edit in one candidate re-tokenizes and re-scores only that candidate;
statistics are cached too, by candidate text and options. Each score is the one
:func:`bleu2.sentence_bleu` gives for the candidate and the non-empty references (the
same functions, called in the same way; ``tests/page/test_candidates.py`` checks it). The work is
split in two: :func:`measure` (tokens and statistics: the costly half, which the page runs
in its worker for long texts) and :func:`assemble` (scores from statistics, rows, ranking).

r is the reference length closest to the candidate's length c, ties going to the shorter
reference (Papineni et al. 2002; as sacreBLEU's ``closest`` rule, Post 2018), or as the
option ``ref_length`` says (the closest, ties to the first given; the shortest):
:func:`ref_length_choice` says which one and why.

Returns plain data (dicts, lists, strings, numbers) except the ``results`` entry (the
:class:`~bleu2.result.BleuResult` objects, for the breakdown and the peers table). Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from ..._cache import LRU
from ..._version import __version__
from ...api import clear_scorers, scorer_for
from ...options import BleuConfig
from ...report import competition_ranks
from ...result import BleuResult
from ...scorer import BLEU
from ...stats import SentenceStats, ref_len_for
from .. import i18n
from ..options_form import DEFAULT_OPTIONS as DEFAULT_PAGE_OPTIONS
from ..options_form import bleu_options

__all__ = [
    "RefLengthChoice",
    "ReferenceRow",
    "CandidateRow",
    "Measured",
    "Comparison",
    "compare",
    "measure",
    "assemble",
    "ref_length_choice",
    "ref_length_text",
    "scorer",
    "clear_caches",
]


class RefLengthChoice(TypedDict):
    """Which reference length is r and why (:func:`ref_length_choice`)."""

    chosen_index: int | None
    chosen_length: int
    lengths: list[int]
    hyp_len: int
    reason: str
    tied_indices: list[int]


class ReferenceRow(TypedDict):
    """One reference box of a comparison (:func:`compare`)."""

    index: int
    text: str
    tokens: list[str]
    length: int
    token_count: int
    empty: bool
    used: bool


class CandidateRow(TypedDict):
    """One candidate of a comparison (:func:`compare`); scores and BP are floats in [0, 1]."""

    index: int
    rank: int
    text: str
    tokens: list[str]
    token_count: int
    empty: bool
    score: float
    precisions: list[dict[str, Any]]
    mean_weights: list[float | None]
    brevity_penalty: float
    hyp_len: int
    ref_len: int
    ref_length: RefLengthChoice


class Measured(TypedDict):
    """The costly half of a comparison (:func:`measure`), in box order."""

    references: list[list[str]]
    reference_lengths: list[int]
    candidates: list[list[str]]
    stats: list[SentenceStats]


class Comparison(TypedDict):
    """Several candidates against the same references (:func:`compare`)."""

    options: dict[str, Any]
    signature: str
    version: str
    references: list[ReferenceRow]
    used_references: list[int]
    no_references: bool
    candidates: list[CandidateRow]
    ranking: list[CandidateRow]
    best_index: int | None
    results: list[BleuResult]


#: Statistics of the last candidates scored, by (options, candidate, references).
_RESULTS: LRU[tuple[BleuConfig, str, tuple[str, ...]], SentenceStats] = LRU(256)


def scorer(**options: Any) -> BLEU:
    """The :class:`bleu2.BLEU` for ``options`` (checked; kept for the next keystroke, with
    its cached tokens and reference statistics: :func:`bleu2.api.scorer_for`).

    Raises:
        TypeError, ValueError: bad options; the message names the problem.
    """
    return scorer_for(**bleu_options(options))  # the page's metric is not BLEU's option


def clear_caches() -> None:
    """Forget the kept scorers and results."""
    clear_scorers()
    _RESULTS.clear()


def ref_length_choice(hyp_len: int, ref_lengths: Sequence[int], rule: str = "closest") -> RefLengthChoice:
    """Which reference length is r for a candidate of ``hyp_len`` tokens, and why.

    Args:
        hyp_len: c, the candidate's token count.
        ref_lengths: token counts of the references that were scored (in box order).
        rule: the option ``ref_length`` (:func:`bleu2.stats.ref_len_for`).
    Returns:
        ``{"chosen_index": i | None, "chosen_length": r, "lengths": [int],
        "hyp_len": c, "reason": "only" | "closest" | "tie-shorter" | "none",
        "tied_indices": [int]}``: ``chosen_index`` indexes ``ref_lengths`` (the first
        reference of the chosen length); ``reason`` is ``"only"`` for a single
        reference, ``"tie-shorter"`` when two different lengths are equally close to c
        (the shorter wins), ``"tie-first"`` for such a tie under ``closest-first`` (the
        first given wins), ``"shortest"`` under ``shortest`` (c plays no part),
        ``"closest"`` otherwise, ``"none"`` with no reference.
        ``tied_indices`` lists the references equally close to c (the ones compared in a
        tie; all references of the chosen length otherwise).
    """
    lengths = [int(x) for x in ref_lengths]
    if not lengths:
        return {
            "chosen_index": None,
            "chosen_length": 0,
            "lengths": [],
            "hyp_len": hyp_len,
            "reason": "none",
            "tied_indices": [],
        }
    r = ref_len_for(hyp_len, lengths, rule)
    best = lengths.index(r)
    d = abs(r - hyp_len)
    close = [i for i, L in enumerate(lengths) if abs(L - hyp_len) == d]
    if len(lengths) == 1:
        reason = "only"
    elif rule == "shortest":
        reason, close = "shortest", [i for i, L in enumerate(lengths) if r == L]
    elif any(lengths[i] != r for i in close):
        reason = "tie-first" if rule == "closest-first" else "tie-shorter"
    else:
        reason = "closest"
    return {
        "chosen_index": best,
        "chosen_length": r,
        "lengths": lengths,
        "hyp_len": hyp_len,
        "reason": reason,
        "tied_indices": close,
    }


def _stats(bleu: BLEU, candidate: str, references: tuple[str, ...]) -> SentenceStats:
    key = (bleu.config, candidate, references)
    stats = _RESULTS.get(key)
    if stats is None:
        stats = _RESULTS.put(key, bleu.sentence_stats(candidate, list(references)))
    return stats


def _row(
    index: int, text: str, tokens: Sequence[str], result: BleuResult, lengths: list[int], rule: str
) -> CandidateRow:
    choice = ref_length_choice(result.hyp_len, lengths, rule)
    return {
        "index": index,
        "rank": 0,
        "text": text,
        "tokens": list(tokens),
        "token_count": result.hyp_len,
        "empty": not tokens,
        "score": result.score,
        "precisions": [p.to_dict() for p in result.precisions],
        "mean_weights": list(result.mean_weights),
        "brevity_penalty": result.brevity_penalty,
        "hyp_len": result.hyp_len,
        "ref_len": result.ref_len,
        "ref_length": choice,
    }


def compare(candidates: Sequence[str], references: Sequence[str], **options: Any) -> Comparison:
    """Score every candidate against the same references and rank them.

    Reference boxes whose text has no tokens (blank, or only punctuation) are ignored;
    each candidate is scored with :func:`bleu2.sentence_bleu` semantics against the
    others (the "used" references). When no reference has tokens, ``no_references`` is
    True and every candidate scores 0 (r = 0).

    Args:
        candidates: candidate texts, in box order (may be empty strings).
        references: reference texts, in box order (may be empty strings).
        **options: as :func:`bleu2.sentence_bleu` (:mod:`bleu2.options`).
    Returns:
        dict::

            {"options": the options as given, completed with their defaults, with
                        "lowercase_used" (bool) and "smooth_value" the value in use,
             "signature": str, "version": "bleu2-x.y.z",
             "references": [{"index", "text", "tokens": [str], "length", "empty": bool,
                             "used": bool}],
             "used_references": [int],        # indices into references
             "no_references": bool,
             "candidates": [row, ...],        # in input order
             "ranking": [row, ...],           # best first; equal scores keep input order
             "best_index": int | None,        # index of the best candidate
             "results": [BleuResult, ...]}    # input order; not JSON

        with each row ``{"index", "rank", "text", "tokens", "empty", "score",
        "precisions": [{"n", "matches", "total", "value", "smoothed"}], "mean_weights"
        (:attr:`bleu2.result.BleuResult.mean_weights`: None for an order left out),
        "brevity_penalty", "hyp_len", "ref_len", "ref_length"}`` (``ref_length`` is
        :func:`ref_length_choice` with indices into ``used_references``). ``rank`` is
        1-based; equal scores share a rank (1, 1, 3). Scores and BP are floats in [0, 1].
    Raises:
        ValueError: bad options (see :func:`bleu2.sentence_bleu`).
        TypeError: a text that is not a str.
    """
    return assemble(candidates, references, measure(candidates, references, **options), **options)


def measure(candidates: Sequence[str], references: Sequence[str], **options: Any) -> Measured:
    """The costly half of :func:`compare`: every text's tokens and each candidate's
    sufficient statistics against the references that have tokens (cached, so an edit
    re-tokenizes one box). The page runs it in its worker when the texts are long
    (:mod:`bleu2.page.sentence.live`); :func:`assemble` makes the comparison from what it returns.

    Returns:
        ``{"references": [tokens], "reference_lengths": [int], "candidates": [tokens],
        "stats": [SentenceStats]}``, in box order (tokens: lists of str; the lengths count
        every token, also when a token list sent from the worker was cut short).
    Raises:
        ValueError, TypeError: as :func:`compare`.
    """
    for what, texts in (("candidates", candidates), ("references", references)):
        if isinstance(texts, str):
            raise TypeError(f"{what} must be a list of strings, not one string")
        for i, x in enumerate(texts):
            if not isinstance(x, str):
                raise TypeError(f"{what}[{i}] must be str, not {type(x).__name__}")
    bleu = scorer(**options)
    ref_tokens = [bleu.tokenize(text) for text in references]
    used_texts = tuple(references[i] for i, toks in enumerate(ref_tokens) if toks) or ("",)
    return {
        "references": ref_tokens,
        "reference_lengths": [len(toks) for toks in ref_tokens],
        "candidates": [bleu.tokenize(text) for text in candidates],
        "stats": [_stats(bleu, text, used_texts) for text in candidates],
    }


def assemble(candidates: Sequence[str], references: Sequence[str], measured: Measured, **options: Any) -> Comparison:
    """The cheap half of :func:`compare`: scores (from the statistics, as
    :meth:`bleu2.BLEU.score_stats`), rows, ranking and the choice of r, from the texts and
    what :func:`measure` returned for them with the same options.

    Raises:
        ValueError, TypeError: bad options.
    """
    bleu = scorer(**options)
    config = bleu.config
    ref_rows: list[ReferenceRow] = []
    used = []
    for i, (text, toks, length) in enumerate(zip(references, measured["references"], measured["reference_lengths"])):
        if length:
            used.append(i)
        ref_rows.append(
            {
                "index": i,
                "text": text,
                "tokens": list(toks),
                "length": length,
                "token_count": length,
                "empty": not length,
                "used": bool(length),
            }
        )
    no_references = not used
    n_refs = max(len(used), 1)
    lengths = [ref_rows[i]["length"] for i in used]

    rows = []
    results = []
    for i, (text, toks, stats) in enumerate(zip(candidates, measured["candidates"], measured["stats"])):
        result = bleu.score_stats(stats, n_refs)
        results.append(result)
        rows.append(_row(i, text, toks, result, lengths, config.ref_length))

    for row, rank in zip(rows, competition_ranks([r["score"] for r in rows])):
        row["rank"] = rank
    ranking = sorted(rows, key=lambda r: (r["rank"], r["index"]))
    signature = config.signature(n_refs)
    given = {**DEFAULT_PAGE_OPTIONS, **options}
    return {
        "options": dict(given, lowercase_used=config.lowercase, smooth_value=config.smooth_value),
        "signature": signature,
        "version": f"bleu2-{__version__}",
        "references": ref_rows,
        "used_references": used,
        "no_references": no_references,
        "candidates": rows,
        "ranking": ranking,
        "best_index": ranking[0]["index"] if ranking else None,
        "results": results,
    }


def ref_length_text(choice: RefLengthChoice, lang: str = "en", box_indices: Sequence[int] | None = None) -> str:
    """The sentence that says which reference length is r and why, in the page's language.

    Args:
        choice: from :func:`ref_length_choice` (a row's ``ref_length``).
        lang: the page's language.
        box_indices: 0-based box index of each length in ``choice["lengths"]`` (the
            comparison's ``used_references``); references are numbered from 1 in the text.
            Default: the lengths' own positions.
    Returns:
        str, e.g. "r = 6: reference 1 (6 tokens) is the closest in length to the
        candidate (c = 6)."
    """
    boxes = list(box_indices) if box_indices is not None else list(range(len(choice["lengths"])))
    if choice["reason"] == "none" or choice["chosen_index"] is None:
        return i18n.t(lang, "r_none")
    r = choice["chosen_length"]
    params = {
        "length": i18n.format_integer(r, lang),
        "length_tokens": i18n.tn(lang, "tokens", r),
        "number": i18n.format_integer(boxes[choice["chosen_index"]] + 1, lang),
        "c": i18n.format_integer(choice["hyp_len"], lang),
    }
    if choice["reason"] == "only":
        return i18n.t(lang, "r_only", **params)
    if choice["reason"] in ("tie-shorter", "tie-first"):
        numbers = ", ".join(i18n.format_integer(boxes[i] + 1, lang) for i in choice["tied_indices"])
        return i18n.t(lang, "r_tie" if choice["reason"] == "tie-shorter" else "r_tie_first", numbers=numbers, **params)
    if choice["reason"] == "shortest":
        return i18n.t(lang, "r_shortest", **params)
    return i18n.t(lang, "r_closest", **params)
