"""Several candidates against the same references: scores, ranking and the choice of r.

Each score is :func:`bleu2.sentence_bleu`'s for the candidate and the references with tokens. r is the reference length
closest to c, ties to the shorter (Papineni et al. 2002; sacreBLEU's ``closest``, Post 2018), or as ``ref_length``
says. :func:`measure` is the costly half (tokens, statistics: cached per box; a long candidate's counted from its
text before an edit, :mod:`.edits`), :func:`assemble` the cheap one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from ..._version import __version__
from ...common.cache import LRU
from ...corpus.report import competition_ranks
from ...metrics.bleu.api import clear_scorers, scorer_for
from ...metrics.bleu.options import BleuConfig
from ...metrics.bleu.result import BleuResult
from ...metrics.bleu.scorer import BLEU
from ...metrics.bleu.stats import SentenceStats, ref_len_for
from .. import i18n
from ..options_form import DEFAULT_OPTIONS as DEFAULT_PAGE_OPTIONS
from ..options_form import bleu_options
from . import edits

__all__ = [
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
    index: int
    text: str
    tokens: list[str]
    length: int
    token_count: int
    empty: bool
    used: bool


class CandidateRow(TypedDict):
    """One candidate of a comparison; scores and BP are floats in [0, 1]."""

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
    references: list[list[str]]
    reference_lengths: list[int]
    candidates: list[list[str]]
    stats: list[SentenceStats]


class Comparison(TypedDict):
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
#: The counts of the latest long candidates, for their next edit.
_EDITS = edits.Edits()


def scorer(**options: Any) -> BLEU:
    """The :class:`bleu2.BLEU` for ``options``, kept with its caches (:func:`bleu2.metrics.bleu.api.scorer_for`).
    Raises TypeError, ValueError: bad options."""
    return scorer_for(**bleu_options(options))  # the page's metric is not BLEU's option


def clear_caches() -> None:
    clear_scorers()
    _RESULTS.clear()
    _EDITS.kept.clear()


def ref_length_choice(hyp_len: int, ref_lengths: Sequence[int], rule: str = "closest") -> RefLengthChoice:
    """Which of ``ref_lengths`` is r for a candidate of ``hyp_len`` tokens under ``rule``, and why.

    ``reason``: "only", "closest", "tie-shorter", "tie-first" (``closest-first``), "shortest" or "none";
    ``tied_indices``: the references equally close to c.
    """
    lengths = [int(x) for x in ref_lengths]
    r = ref_len_for(hyp_len, lengths, rule) if lengths else 0
    best = lengths.index(r) if lengths else None
    close = [i for i, L in enumerate(lengths) if abs(L - hyp_len) == abs(r - hyp_len)]
    if not lengths:
        reason = "none"
    elif len(lengths) == 1:
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
    """Score every candidate against the references with tokens and rank them (equal scores share a rank: 1, 1, 3).

    ``options`` as :func:`bleu2.sentence_bleu`; with no reference tokens, every candidate scores 0 (r = 0). Plain data
    but ``results`` (the :class:`~bleu2.metrics.bleu.result.BleuResult` objects).

    Raises:
        ValueError: bad options.
        TypeError: a text that is not a str.
    """
    return assemble(candidates, references, measure(candidates, references, **options), **options)


def measure(candidates: Sequence[str], references: Sequence[str], **options: Any) -> Measured:
    """Every text's tokens and each candidate's statistics against the references with tokens (cached).
    Raises ValueError, TypeError: as :func:`compare`."""
    for what, texts in (("candidates", candidates), ("references", references)):
        if isinstance(texts, str):
            raise TypeError(f"{what} must be a list of strings, not one string")
        for i, x in enumerate(texts):
            if not isinstance(x, str):
                raise TypeError(f"{what}[{i}] must be str, not {type(x).__name__}")
    bleu = scorer(**options)
    ref_tokens = [bleu.tokenize(text) for text in references]
    used_texts = tuple(references[i] for i, toks in enumerate(ref_tokens) if toks) or ("",)
    measured = [  # a long candidate's counted from its text before an edit (.edits)
        _EDITS.measure(bleu, t, used_texts)
        if len(t) >= edits.LONG_CHARACTERS
        else (bleu.tokenize(t), _stats(bleu, t, used_texts))
        for t in candidates
    ]
    return {
        "references": ref_tokens,
        "reference_lengths": [len(toks) for toks in ref_tokens],
        "candidates": [tokens for tokens, _ in measured],
        "stats": [stats for _, stats in measured],
    }


def assemble(candidates: Sequence[str], references: Sequence[str], measured: Measured, **options: Any) -> Comparison:
    """Scores (:meth:`bleu2.BLEU.score_stats`), rows, ranking and r from the texts and :func:`measure`'s result.
    Raises ValueError, TypeError: bad options."""
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
    """Which reference length is r and why, in ``lang`` ("r = 6: reference 1 (6 tokens) is the closest ...").

    ``box_indices``: each length's 0-based box (default: their positions).
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
