"""Several candidates against the same references: scores, ranking and the choice of r.

:func:`compare` is what the page recomputes on every keystroke. Tokenization is cached
by (text, tokenizer, lowercase) and the reference statistics by (reference texts,
options), so an edit in one candidate re-tokenizes and re-scores only that candidate;
results are cached too, by candidate text and options. Each score is the one
:func:`bleu2.sentence_bleu` gives for the candidate and the non-empty references (the
same functions, called in the same way; ``tests/test_compare.py`` checks it).

r is the reference length closest to the candidate's length c, ties going to the shorter
reference (Papineni et al. 2002; as sacreBLEU's ``closest`` rule, Post 2018):
:func:`ref_length_choice` says which one and why.

Returns plain data (dicts, lists, strings, numbers) except the ``results`` entry (the
:class:`~bleu2.result.BleuResult` objects, for :mod:`bleu2.view`). Standard library only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from . import __version__
from .result import BleuResult
from .scoring import BleuConfig, score_from_stats
from .stats import ReferenceStats, reference_stats, sentence_stats
from .tokenizers import tokenize

__all__ = ["compare", "ref_length_choice", "ref_length_text", "resolve_options", "clear_caches"]


def ref_length_choice(hyp_len: int, ref_lengths: Sequence[int]) -> dict:
    """Which reference length is r for a candidate of ``hyp_len`` tokens, and why.

    Args:
        hyp_len: c, the candidate's token count.
        ref_lengths: token counts of the references that were scored (in box order).
    Returns:
        ``{"chosen_index": i | None, "chosen_length": r, "lengths": [int],
        "hyp_len": c, "reason": "only" | "closest" | "tie-shorter" | "none",
        "tied_indices": [int]}``: ``chosen_index`` indexes ``ref_lengths`` (the first
        reference of the chosen length); ``reason`` is ``"only"`` for a single
        reference, ``"tie-shorter"`` when two different lengths are equally close to c
        (the shorter wins), ``"closest"`` otherwise, ``"none"`` with no reference.
        ``tied_indices`` lists the references equally close to c (the ones compared in a
        tie; all references of the chosen length otherwise).
    """
    lengths = [int(x) for x in ref_lengths]
    if not lengths:
        return {"chosen_index": None, "chosen_length": 0, "lengths": [], "hyp_len": hyp_len,
                "reason": "none", "tied_indices": []}
    best = min(range(len(lengths)), key=lambda i: (abs(lengths[i] - hyp_len), lengths[i], i))
    r = lengths[best]
    d = abs(r - hyp_len)
    close = [i for i, L in enumerate(lengths) if abs(L - hyp_len) == d]
    if len(lengths) == 1:
        reason = "only"
    elif any(lengths[i] != r for i in close):
        reason = "tie-shorter"
    else:
        reason = "closest"
    return {"chosen_index": best, "chosen_length": r, "lengths": lengths, "hyp_len": hyp_len,
            "reason": reason, "tied_indices": close}


def resolve_options(
    max_order: int = 2,
    smoothing: str = "add-1",
    tokenizer: str = "default",
    lowercase: bool | None = None,
    smooth_value: float | None = None,
    effective_order: bool = False,
) -> BleuConfig:
    """Validate the options (as :func:`bleu2.sentence_bleu` does) and return the config.

    Raises:
        ValueError: a bad option or combination; the message names it.
    """
    return _config(max_order, smoothing, tokenizer, lowercase, smooth_value, bool(effective_order))


@lru_cache(maxsize=32)
def _config(max_order, smoothing, tokenizer, lowercase, smooth_value, effective_order) -> BleuConfig:
    return BleuConfig.make(
        max_order=max_order,
        smoothing=smoothing,
        tokenizer=tokenizer,
        lowercase=lowercase,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )


@lru_cache(maxsize=256)
def _tokens(text: str, tokenizer: str, lowercase: bool) -> tuple[str, ...]:
    return tuple(tokenize(text, tokenizer, lowercase))


def _depth(config: BleuConfig) -> int:
    # NLTK's method5/method7 need order-5 statistics even below BLEU-5.
    return getattr(config, "stats_order", config.max_order)


@lru_cache(maxsize=16)
def _reference_stats(texts: tuple[str, ...], config: BleuConfig) -> ReferenceStats:
    return reference_stats([_tokens(t, config.tokenizer, config.lowercase) for t in texts], _depth(config))


@lru_cache(maxsize=256)
def _score(candidate: str, references: tuple[str, ...], config: BleuConfig) -> BleuResult:
    hyp = _tokens(candidate, config.tokenizer, config.lowercase)
    rs = _reference_stats(references, config)
    depth = _depth(config)
    stats = sentence_stats(hyp, rs) if depth == config.max_order else sentence_stats(hyp, rs, config.max_order)
    return score_from_stats(stats, config, config.signature(len(references)))


def clear_caches() -> None:
    """Forget the cached tokens, reference statistics and results."""
    for f in (_config, _tokens, _reference_stats, _score):
        f.cache_clear()


def _options_dict(config: BleuConfig, lowercase_given: bool | None) -> dict:
    return {
        "max_order": config.max_order,
        "smoothing": config.smoothing,
        "tokenizer": config.tokenizer,
        "lowercase": lowercase_given,
        "lowercase_used": config.lowercase,
        "smooth_value": config.smooth_value,
        "effective_order": config.effective_order,
    }


def _row(index: int, text: str, tokens: tuple[str, ...], result: BleuResult, lengths: list[int]) -> dict:
    choice = ref_length_choice(result.hyp_len, lengths)
    return {
        "index": index,
        "rank": 0,
        "text": text,
        "tokens": list(tokens),
        "empty": not tokens,
        "score": result.score,
        "precisions": [p.to_dict() for p in result.precisions],
        "brevity_penalty": result.brevity_penalty,
        "hyp_len": result.hyp_len,
        "ref_len": result.ref_len,
        "ref_length": choice,
    }


def compare(
    candidates: Sequence[str],
    references: Sequence[str],
    *,
    max_order: int = 2,
    smoothing: str = "add-1",
    tokenizer: str = "default",
    lowercase: bool | None = None,
    smooth_value: float | None = None,
    effective_order: bool = False,
) -> dict:
    """Score every candidate against the same references and rank them.

    Reference boxes whose text has no tokens (blank, or only punctuation) are ignored;
    each candidate is scored with :func:`bleu2.sentence_bleu` semantics against the
    others (the "used" references). When no reference has tokens, ``no_references`` is
    True and every candidate scores 0 (r = 0).

    Args:
        candidates: candidate texts, in box order (may be empty strings).
        references: reference texts, in box order (may be empty strings).
        max_order, smoothing, tokenizer, lowercase, smooth_value, effective_order: as
            :func:`bleu2.sentence_bleu`.
    Returns:
        dict::

            {"options": {"max_order", "smoothing", "tokenizer", "lowercase" (as given),
                         "lowercase_used" (bool), "smooth_value", "effective_order"},
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
        "precisions": [{"n", "matches", "total", "value", "smoothed"}],
        "brevity_penalty", "hyp_len", "ref_len", "ref_length"}`` (``ref_length`` is
        :func:`ref_length_choice` with indices into ``used_references``). ``rank`` is
        1-based; equal scores share a rank (1, 1, 3). Scores and BP are floats in [0, 1].
    Raises:
        ValueError: bad options (see :func:`bleu2.sentence_bleu`).
        TypeError: a text that is not a str.
    """
    for what, texts in (("candidates", candidates), ("references", references)):
        if isinstance(texts, str):
            raise TypeError(f"{what} must be a list of strings, not one string")
        for i, x in enumerate(texts):
            if not isinstance(x, str):
                raise TypeError(f"{what}[{i}] must be str, not {type(x).__name__}")
    config = resolve_options(max_order, smoothing, tokenizer, lowercase, smooth_value, effective_order)
    tok, lc = config.tokenizer, config.lowercase

    ref_rows = []
    used = []
    for i, text in enumerate(references):
        toks = _tokens(text, tok, lc)
        if toks:
            used.append(i)
        ref_rows.append({"index": i, "text": text, "tokens": list(toks), "length": len(toks),
                         "empty": not toks, "used": bool(toks)})
    no_references = not used
    used_texts = tuple(references[i] for i in used) if used else ("",)
    lengths = [ref_rows[i]["length"] for i in used]

    rows = []
    results = []
    for i, text in enumerate(candidates):
        result = _score(text, used_texts, config)
        results.append(result)
        rows.append(_row(i, text, _tokens(text, tok, lc), result, lengths))

    ranking = sorted(rows, key=lambda r: -r["score"])
    prev = None
    for pos, row in enumerate(ranking, start=1):
        if prev is None or row["score"] != prev["score"]:
            row["rank"] = pos
        else:
            row["rank"] = prev["rank"]
        prev = row
    signature = config.signature(len(used_texts))
    return {
        "options": _options_dict(config, lowercase),
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


def ref_length_text(choice: dict, strings="en", box_indices: Sequence[int] | None = None) -> str:
    """The sentence that says which reference length is r and why, in the page's language.

    Args:
        choice: from :func:`ref_length_choice` (a row's ``ref_length``).
        strings: a strings dict of :mod:`bleu2.i18n` or a language code.
        box_indices: 0-based box index of each length in ``choice["lengths"]`` (the
            comparison's ``used_references``); references are numbered from 1 in the text.
            Default: the lengths' own positions.
    Returns:
        str, e.g. "r = 6: reference 1 (6 tokens) is the closest in length to the
        candidate (c = 6)."
    """
    from . import i18n

    lang = i18n.strings_for(strings)
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
    if choice["reason"] == "tie-shorter":
        numbers = ", ".join(i18n.format_integer(boxes[i] + 1, lang) for i in choice["tied_indices"])
        return i18n.t(lang, "r_tie", numbers=numbers, **params)
    return i18n.t(lang, "r_closest", **params)
