"""What the page shows: the BLEU breakdown as plain data (pure functions, standard library only).

The page's glue (``static/app.py``) reads the two text areas, calls :func:`breakdown` and
writes the returned strings into the page with ``textContent``; nothing here touches the
DOM, so all of it is tested in CPython (``tests/test_view.py``).

Numbers are formatted for reading: precisions, BP and the score with four decimals
(``"0.7071"``); the exact floats are in the JSON (:meth:`bleu2.result.BleuResult.to_dict`).
Formulas: BLEU = BP * exp(sum_n w_n ln p_n), BP = 1 if c >= r else exp(1 - r/c)
(Papineni et al. 2002); add-1 smoothing as in :mod:`bleu2.smoothing`.

Live scoring: :func:`breakdown` caches the reference's tokens and n-gram counts by its
text, so a keystroke in the candidate re-tokenizes only the candidate. The result is the
one :func:`bleu2.sentence_bleu` gives for the same texts (same functions, same order).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Sequence

from .result import BleuResult, Precision
from .scoring import BleuConfig, score_from_stats
from .stats import ReferenceStats, reference_stats, sentence_stats
from .tokenizers import tokenize

__all__ = [
    "DECIMALS",
    "TOKEN_SEPARATOR",
    "ORDER_NAMES",
    "format_number",
    "fraction_text",
    "precision_row",
    "brevity_penalty_row",
    "score_row",
    "emptiness",
    "hints",
    "token_view",
    "result_json",
    "score_texts",
    "breakdown",
]

#: Decimals shown for precisions, BP and the score (the issue: BLEU-2 to four decimals).
DECIMALS = 4

#: Shown between tokens. Tokens of the default tokenizer never contain spaces.
TOKEN_SEPARATOR = " · "

#: Plain names of the n-gram orders, for labels and hints.
ORDER_NAMES = {1: "unigram", 2: "bigram", 3: "trigram", 4: "4-gram"}

#: "Right words, wrong order" is hinted when p1 >= this and p2 < p1 * WRONG_ORDER_RATIO.
WRONG_ORDER_MIN_P1 = 0.5
WRONG_ORDER_RATIO = 0.5


def _order_name(n: int) -> str:
    return ORDER_NAMES.get(n, f"{n}-gram")


def _tokens_word(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"


def format_number(value: float, decimals: int = DECIMALS) -> str:
    """``value`` with ``decimals`` decimals, e.g. ``format_number(0.70710678) == "0.7071"``."""
    return f"{value:.{decimals}f}"


def fraction_text(p: Precision) -> str:
    """The precision as a fraction: ``"5/6"``; a smoothed one as ``"(0+1)/(3+1)"``.

    Add-1 smoothing (the only smoothing that changes a count here) turns 0/total into
    (0 + 1) / (total + 1).
    """
    if p.smoothed:
        return f"({p.matches}+1)/({p.total}+1)"
    return f"{p.matches}/{p.total}"


def precision_row(p: Precision) -> dict:
    """One row of the precision table.

    Returns:
        dict with ``label`` ("p1"), ``name`` ("unigram precision"), ``fraction``
        (see :func:`fraction_text`), ``value`` (four decimals), ``smoothed`` (bool) and
        ``note`` (a short explanation when smoothed, else "").
    """
    name = _order_name(p.n)
    note = ""
    if p.smoothed:
        if p.total == 0:
            note = f"smoothed (add-1): the candidate has no {name}s"
        else:
            note = f"smoothed (add-1): no {name} of the candidate is in the reference"
    return {
        "label": f"p{p.n}",
        "name": f"{name} precision",
        "fraction": fraction_text(p),
        "value": format_number(p.value),
        "smoothed": p.smoothed,
        "note": note,
    }


def brevity_penalty_row(result: BleuResult) -> dict:
    """The brevity penalty and the branch of its definition that applies.

    Returns:
        dict with ``value`` (four decimals), ``branch`` (which case and why, with the
        numbers: ``"1 (c ≥ r: 6 ≥ 6)"``, ``"exp(1 − r/c) = exp(1 − 6/5)"`` or
        ``"0 (the candidate is empty)"``), ``penalized`` (bool: BP < 1).
    """
    c, r, bp = result.hyp_len, result.ref_len, result.brevity_penalty
    if c == 0:
        branch = "0 (the candidate is empty)"
    elif c >= r:
        branch = f"1 (c ≥ r: {c} ≥ {r})"
    else:
        branch = f"exp(1 − r/c) = exp(1 − {r}/{c})"
    return {"value": format_number(bp), "branch": branch, "penalized": bp < 1.0}


def score_row(result: BleuResult, reference_empty: bool = False) -> dict:
    """The score and how it was computed.

    Returns:
        dict with ``value`` (four decimals), ``percent`` (e.g. "70.71", display only),
        ``formula`` (the formula with this result's numbers, or why the score is 0).
    """
    value = format_number(result.score)
    percent = f"{result.score * 100:.2f}"
    if result.hyp_len == 0:
        formula = "0, because the candidate is empty"
    elif reference_empty or result.ref_len == 0:
        formula = "0, because the reference is empty"
    else:
        k = result.effective_order
        terms = " + ".join(
            f"{w:g}·ln {format_number(p.value)}" for w, p in zip(result.weights[:k], result.precisions[:k])
        )
        names = " + ".join(f"{w:g}·ln p{p.n}" for w, p in zip(result.weights[:k], result.precisions[:k]))
        formula = f"BP × exp({names}) = {format_number(result.brevity_penalty)} × exp({terms}) = {value}"
    return {"value": value, "percent": percent, "formula": formula}


def emptiness(text: str, tokens: Sequence[str]) -> str | None:
    """Why a text counts as empty, or None when it has tokens.

    Returns ``"empty"`` (nothing but whitespace) or ``"no-words"`` (characters, but
    only punctuation or symbols, which the tokenizer drops).
    """
    if tokens:
        return None
    return "empty" if not text.strip() else "no-words"


def hints(
    reference: str,
    candidate: str,
    reference_tokens: Sequence[str],
    candidate_tokens: Sequence[str],
    result: BleuResult,
) -> list[dict]:
    """Plain-language hints that apply to this pair, most important first.

    Each hint is ``{"kind": str, "text": str}``; kinds:
    ``"both-empty"``, ``"reference-empty"``, ``"candidate-empty"`` (a text has no tokens),
    ``"short"`` (the candidate is shorter than the reference, so BP < 1),
    ``"word-order"`` (right words, wrong order: p1 >= 0.5 and p2 < p1 / 2).
    """
    out: list[dict] = []
    ref_empty = emptiness(reference, reference_tokens)
    cand_empty = emptiness(candidate, candidate_tokens)
    if ref_empty and cand_empty:
        out.append({"kind": "both-empty", "text": "Both texts are empty: type or paste a reference and a candidate."})
        return out
    for kind, label, why in (("reference-empty", "reference", ref_empty), ("candidate-empty", "candidate", cand_empty)):
        if why == "empty":
            out.append({"kind": kind, "text": f"The {label} is empty, so BLEU-2 is 0."})
        elif why == "no-words":
            out.append(
                {
                    "kind": kind,
                    "text": f"The {label} has no words (only punctuation or symbols, which are not compared), "
                    "so it counts as empty and BLEU-2 is 0.",
                }
            )
    if out:
        return out
    if result.brevity_penalty < 1.0:
        c, r = result.hyp_len, result.ref_len
        out.append(
            {
                "kind": "short",
                "text": f"The candidate is shorter than the reference ({_tokens_word(c)} vs {r}), so the brevity "
                f"penalty multiplies the score by {format_number(result.brevity_penalty)}.",
            }
        )
    if len(result.precisions) >= 2:
        p1, p2 = result.precisions[0].value, result.precisions[1].value
        if p1 >= WRONG_ORDER_MIN_P1 and p2 < p1 * WRONG_ORDER_RATIO:
            out.append(
                {
                    "kind": "word-order",
                    "text": f"Right words, wrong order: many words match (p1 = {format_number(p1)}) but few "
                    f"word pairs do (p2 = {format_number(p2)}).",
                }
            )
    return out


def token_view(tokens: Sequence[str]) -> dict:
    """The tokens as shown: ``{"count": 3, "label": "3 tokens", "text": "the · cat · sat"}``
    (``text`` is "" when there are none)."""
    return {"count": len(tokens), "label": _tokens_word(len(tokens)), "text": TOKEN_SEPARATOR.join(tokens)}


def result_json(result: BleuResult) -> str:
    """``result.to_dict()`` as indented JSON (non-ASCII kept as is)."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False)


# --- live scoring with the reference cached by text -------------------------------------------

_CONFIG = BleuConfig.make()
_SIGNATURE = _CONFIG.signature(1)


@lru_cache(maxsize=8)
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(tokenize(text, _CONFIG.tokenizer, _CONFIG.lowercase))


@lru_cache(maxsize=4)
def _reference(text: str) -> ReferenceStats:
    return reference_stats([_tokens(text)], _CONFIG.max_order)


def score_texts(reference: str, candidate: str) -> tuple[BleuResult, tuple[str, ...], tuple[str, ...]]:
    """BLEU-2 of ``candidate`` against ``reference`` with the defaults of
    :func:`bleu2.sentence_bleu`, plus both token tuples.

    The reference's tokens and n-gram counts are cached by text (the last few texts),
    so re-scoring after an edit of the candidate does not re-tokenize the reference.

    Returns:
        ``(result, reference_tokens, candidate_tokens)``.
    Raises:
        TypeError: a text is not a str.
    """
    if not isinstance(reference, str) or not isinstance(candidate, str):
        raise TypeError("reference and candidate must be str")
    cand_tokens = _tokens(candidate)
    stats = sentence_stats(cand_tokens, _reference(reference))
    return score_from_stats(stats, _CONFIG, _SIGNATURE), _tokens(reference), cand_tokens


def breakdown(reference: str, candidate: str) -> dict:
    """Everything the page shows for one pair of texts, as plain data.

    Returns:
        dict with
        ``score`` (:func:`score_row`), ``precisions`` (list of :func:`precision_row`),
        ``hyp_len`` and ``ref_len`` (str, c and r), ``brevity_penalty``
        (:func:`brevity_penalty_row`), ``hints`` (:func:`hints`), ``tokens``
        (``{"reference": token_view, "candidate": token_view}``), ``json`` (str,
        :func:`result_json`) and ``result`` (the :class:`~bleu2.result.BleuResult`).
    """
    result, ref_tokens, cand_tokens = score_texts(reference, candidate)
    reference_empty = not ref_tokens
    return {
        "score": score_row(result, reference_empty),
        "precisions": [precision_row(p) for p in result.precisions],
        "hyp_len": str(result.hyp_len),
        "ref_len": str(result.ref_len),
        "brevity_penalty": brevity_penalty_row(result),
        "hints": hints(reference, candidate, ref_tokens, cand_tokens, result),
        "tokens": {"reference": token_view(ref_tokens), "candidate": token_view(cand_tokens)},
        "json": result_json(result),
        "result": result,
    }
