"""What the page shows: the BLEU breakdown as plain data (pure functions, standard library only).

The page's glue (``static/app.py``) scores the boxes with :func:`bleu2.compare.compare`,
then calls :func:`candidate_view` (the selected candidate) and :func:`ranking_rows` (the
table) and writes the returned strings into the page with ``textContent``; nothing here
touches the DOM, so all of it is tested in CPython (``tests/test_view.py``).
:func:`breakdown` is the same for one reference and one candidate with the default options.

Every string comes from :mod:`bleu2.i18n` in the language given as ``lang`` ("en", "es",
"pt"; English by default). Numbers are formatted for reading in that language: precisions,
BP and the score with four decimals (``"0.7071"``, ``"0,7071"`` in es/pt); the exact floats
are in the JSON (:meth:`bleu2.result.BleuResult.to_dict`). Precisions are shown for every
order 1..N.
Formulas: BLEU = BP * exp(sum_n w_n ln p_n), BP = 1 if c >= r else exp(1 - r/c)
(Papineni et al. 2002); smoothing methods as in :mod:`bleu2.smoothing` (Chen & Cherry 2014).

Live scoring: :func:`breakdown` caches the reference's tokens and n-gram counts by its
text, so a keystroke in the candidate re-tokenizes only the candidate. The result is the
one :func:`bleu2.sentence_bleu` gives for the same texts (same functions, same order).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Sequence

from . import i18n
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
    "candidate_view",
    "ranking_rows",
    "option_error_text",
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


def _tokens_word(count: int, lang="en") -> str:
    return i18n.tn(lang, "tokens", count)


def format_number(value: float, decimals: int = DECIMALS, lang="en") -> str:
    """``value`` with ``decimals`` decimals in ``lang``'s notation, e.g.
    ``format_number(0.70710678) == "0.7071"``, ``format_number(0.70710678, lang="es") == "0,7071"``."""
    return i18n.format_number(value, lang, decimals)


def _int(value: int, lang) -> str:
    return i18n.format_integer(value, lang)


def _is_add_one(p: Precision) -> bool:
    return math.isclose(p.value, (p.matches + 1) / (p.total + 1), rel_tol=1e-12, abs_tol=1e-15)


def fraction_text(p: Precision, method: str = "add-1", lang="en") -> str:
    """The precision as a fraction: ``"5/6"``.

    A smoothed precision shows what smoothing made of it, for every method of
    :mod:`bleu2.smoothing`:

    - ``add-1`` (the seed's method, 0/t -> (0 + 1)/(t + 1)): ``"(0+1)/(3+1)"``;
    - any other method (or an add-1 order that effective order left out, value 0):
      the raw counts and the value that enters the score, ``"0/3 → 0.0333"``.

    Args:
        p: a :class:`~bleu2.result.Precision`.
        method: the smoothing method's name (``BleuResult.smoothing``).
        lang: interface language (number notation).
    """
    frac = f"{_int(p.matches, lang)}/{_int(p.total, lang)}"
    if not p.smoothed:
        return frac
    if method == "add-1" and _is_add_one(p):
        return f"({_int(p.matches, lang)}+1)/({_int(p.total, lang)}+1)"
    return f"{frac} → {format_number(p.value, lang=lang)}"


def precision_row(p: Precision, method: str = "add-1", lang="en") -> dict:
    """One row of the precision table.

    Returns:
        dict with ``n`` (int), ``label`` ("p1"), ``name`` ("unigram precision"),
        ``fraction`` (see :func:`fraction_text`), ``value`` (four decimals), ``smoothed``
        (bool) and ``note`` (a short explanation when smoothed, naming the method, else "").
    """
    note = ""
    if p.smoothed:
        order = i18n.t(lang, f"order_{p.n}") if p.n <= 4 else i18n.t(lang, "order_n", n=p.n)
        if p.total == 0:
            note = i18n.t(lang, "smoothed_no_ngrams", method=method, order=order)
        elif p.matches == 0:
            note = i18n.t(lang, "smoothed_no_match", method=method, order=order)
        else:
            note = f"{i18n.t(lang, 'smoothed')} ({method})"
    name = i18n.t(lang, f"precision_{p.n}") if p.n <= 4 else i18n.t(lang, "precision_n", n=p.n)
    return {
        "n": p.n,
        "label": f"p{p.n}",
        "name": name,
        "fraction": fraction_text(p, method, lang),
        "value": format_number(p.value, lang=lang),
        "smoothed": p.smoothed,
        "note": note,
    }


def brevity_penalty_row(result: BleuResult, lang="en") -> dict:
    """The brevity penalty and the branch of its definition that applies.

    Returns:
        dict with ``value`` (four decimals), ``branch`` (which case and why, with the
        numbers: ``"1 (c ≥ r: 6 ≥ 6)"``, ``"exp(1 − r/c) = exp(1 − 6/5)"`` or
        ``"0 (the candidate is empty)"``), ``penalized`` (bool: BP < 1).
    """
    c, r, bp = result.hyp_len, result.ref_len, result.brevity_penalty
    if c == 0:
        branch = i18n.t(lang, "bp_branch_empty")
    elif c >= r:
        branch = i18n.t(lang, "bp_branch_ge", c=_int(c, lang), r=_int(r, lang))
    else:
        branch = i18n.t(lang, "bp_branch_exp", c=_int(c, lang), r=_int(r, lang))
    return {"value": format_number(bp, lang=lang), "branch": branch, "penalized": bp < 1.0}


def score_row(result: BleuResult, reference_empty: bool = False, lang="en") -> dict:
    """The score and how it was computed.

    Returns:
        dict with ``value`` (four decimals), ``percent`` (e.g. "70.71", display only),
        ``label`` ("BLEU-2": the max order), ``formula`` (the formula with this result's
        numbers over the orders that entered the mean, or why the score is 0).
    """
    value = format_number(result.score, lang=lang)
    percent = format_number(result.score * 100, 2, lang)
    if result.hyp_len == 0:
        formula = i18n.t(lang, "score_zero_candidate_empty")
    elif reference_empty or result.ref_len == 0:
        formula = i18n.t(lang, "score_zero_reference_empty")
    else:
        k = result.effective_order
        pairs = list(zip(result.weights[:k], result.precisions[:k]))
        terms = " + ".join(f"{_weight(w, lang)}·ln {format_number(p.value, lang=lang)}" for w, p in pairs)
        names = " + ".join(f"{_weight(w, lang)}·ln p{p.n}" for w, p in pairs)
        bp = format_number(result.brevity_penalty, lang=lang)
        formula = f"BP × exp({names}) = {bp} × exp({terms}) = {value}"
    return {
        "value": value,
        "percent": percent,
        "label": i18n.t(lang, "score_label", order=result.max_order),
        "formula": formula,
    }


def _weight(w: float, lang) -> str:
    text = f"{w:g}"
    return text.replace(".", ",") if i18n.format_number(0.5, lang, 1) == "0,5" else text


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
    lang="en",
) -> list[dict]:
    """Plain-language hints that apply to this pair, most important first.

    Each hint is ``{"kind": str, "text": str}``; kinds:
    ``"both-empty"`` (both texts blank), ``"reference-empty"``, ``"candidate-empty"`` (a
    text has no tokens: blank, or only punctuation or symbols, said in its text),
    ``"short"`` (the candidate is shorter than the reference, so BP < 1),
    ``"word-order"`` (right words, wrong order: p1 >= 0.5 and p2 < p1 / 2).
    With several references, pass them joined (``"\\n".join``) and all their tokens.
    """
    out: list[dict] = []
    ref_empty = emptiness(reference, reference_tokens)
    cand_empty = emptiness(candidate, candidate_tokens)
    if ref_empty == "empty" and cand_empty == "empty":  # both blank; punctuation gets the "no words" hints
        out.append({"kind": "both-empty", "text": i18n.t(lang, "hint_both_empty")})
        return out
    for kind, label, why in (("reference-empty", "reference", ref_empty), ("candidate-empty", "candidate", cand_empty)):
        if why == "empty":
            out.append({"kind": kind, "text": i18n.t(lang, f"hint_{label}_empty")})
        elif why == "no-words":
            out.append({"kind": kind, "text": i18n.t(lang, f"hint_{label}_no_words")})
    if out:
        return out
    if result.brevity_penalty < 1.0:
        c, r = result.hyp_len, result.ref_len
        out.append(
            {
                "kind": "short",
                "text": i18n.t(
                    lang, "hint_short", c_tokens=_tokens_word(c, lang), r=_int(r, lang),
                    bp=format_number(result.brevity_penalty, lang=lang),
                ),
            }
        )
    if len(result.precisions) >= 2:
        p1, p2 = result.precisions[0].value, result.precisions[1].value
        if p1 >= WRONG_ORDER_MIN_P1 and p2 < p1 * WRONG_ORDER_RATIO:
            out.append(
                {
                    "kind": "word-order",
                    "text": i18n.t(lang, "hint_word_order", p1=format_number(p1, lang=lang),
                                   p2=format_number(p2, lang=lang)),
                }
            )
    return out


def token_view(tokens: Sequence[str], lang="en") -> dict:
    """The tokens as shown: ``{"count": 3, "label": "3 tokens", "text": "the · cat · sat"}``
    (``text`` is "" when there are none)."""
    return {"count": len(tokens), "label": _tokens_word(len(tokens), lang), "text": TOKEN_SEPARATOR.join(tokens)}


def result_json(result: BleuResult) -> str:
    """``result.to_dict()`` as indented JSON (non-ASCII kept as is)."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False)


def candidate_view(comparison: dict, index: int, lang="en") -> dict:
    """Everything the page shows for candidate ``index`` of a :func:`bleu2.compare.compare`
    result, as plain data (strings in ``lang``; numbers in its notation).

    Returns:
        dict with ``number`` (1-based box number), ``score`` (:func:`score_row`),
        ``announce`` (the sentence for screen readers), ``signature``, ``precisions``
        (one :func:`precision_row` per order 1..N), ``hyp_len``/``ref_len`` (str),
        ``ref_len_text`` (which reference length is r and why,
        :func:`bleu2.compare.ref_length_text`), ``brevity_penalty``
        (:func:`brevity_penalty_row`), ``hints``, ``tokens`` (:func:`token_view`),
        ``json`` (:func:`result_json`) and ``result`` (the BleuResult).
    Raises:
        IndexError: no candidate ``index``.
    """
    from .compare import ref_length_text

    row = comparison["candidates"][index]
    result = comparison["results"][index]
    refs = comparison["references"]
    used = comparison["used_references"]
    ref_text = "\n".join(r["text"] for r in refs)
    ref_tokens = [tok for i in used for tok in refs[i]["tokens"]]
    score = score_row(result, comparison["no_references"], lang)
    number = index + 1
    return {
        "number": number,
        "score": score,
        "announce": i18n.t(lang, "score_announce", order=result.max_order, number=_int(number, lang),
                           score=score["value"]),
        "signature": comparison["signature"],
        "precisions": [precision_row(p, result.smoothing, lang) for p in result.precisions],
        "hyp_len": _int(result.hyp_len, lang),
        "ref_len": _int(result.ref_len, lang),
        "ref_len_text": ref_length_text(row["ref_length"], lang, used),
        "brevity_penalty": brevity_penalty_row(result, lang),
        "hints": hints(ref_text, row["text"], ref_tokens, row["tokens"], result, lang),
        "tokens": token_view(row["tokens"], lang),
        "json": result_json(result),
        "result": result,
    }


def ranking_rows(comparison: dict, lang="en") -> list[dict]:
    """The ranking table, best first: one dict of display strings per candidate.

    Returns:
        ``[{"index": int (0-based), "number": str, "rank": str, "score": str,
        "precisions": [str, ...] (p1..pN values), "smoothed": [bool, ...], "bp": str,
        "hyp_len": str, "ref_len": str, "text": str (the candidate, cut to 80
        characters), "empty": bool}]``.
    """
    out = []
    for row in comparison["ranking"]:
        text = row["text"].strip()
        if len(text) > 80:
            text = text[:79] + "…"
        out.append(
            {
                "index": row["index"],
                "number": _int(row["index"] + 1, lang),
                "rank": _int(row["rank"], lang),
                "score": format_number(row["score"], lang=lang),
                "precisions": [format_number(p["value"], lang=lang) for p in row["precisions"]],
                "smoothed": [bool(p["smoothed"]) for p in row["precisions"]],
                "bp": format_number(row["brevity_penalty"], lang=lang),
                "hyp_len": _int(row["hyp_len"], lang),
                "ref_len": _int(row["ref_len"], lang),
                "text": text or i18n.t(lang, "empty_text"),
                "empty": row["empty"],
            }
        )
    return out


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


def breakdown(reference: str, candidate: str, lang="en") -> dict:
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
        "score": score_row(result, reference_empty, lang),
        "precisions": [precision_row(p, result.smoothing, lang) for p in result.precisions],
        "hyp_len": _int(result.hyp_len, lang),
        "ref_len": _int(result.ref_len, lang),
        "brevity_penalty": brevity_penalty_row(result, lang),
        "hints": hints(reference, candidate, ref_tokens, cand_tokens, result, lang),
        "tokens": {"reference": token_view(ref_tokens, lang), "candidate": token_view(cand_tokens, lang)},
        "json": result_json(result),
        "result": result,
    }


# --- options the engine refuses ------------------------------------------------------------

#: Smoothing methods whose parameter must be > 0 (the others take >= 0); as
#: :func:`bleu2.scoring.BleuConfig.make` checks it.
_POSITIVE_PARAMETER = ("method4", "method6", "method7")


def option_error_text(options: dict, error: str, lang="en", kept: bool = True) -> str:
    """The message shown when the engine refuses the options, in ``lang``.

    The page keeps scoring with the last valid options meanwhile; with ``kept`` the
    message says so.

    Args:
        options: the options as read from the page (keys of
            :data:`bleu2.share.DEFAULT_OPTIONS`); ``smooth_value`` may be the raw text the
            person typed when it is not a number.
        error: the engine's message (``str`` of the ``ValueError``; English), used
            inside the message when the problem is not a bad smoothing parameter.
        lang: interface language.
        kept: whether the scores shown are those of the last valid options.
    Returns:
        str: for a smoothing parameter that is not a number (or not finite), or out of its
        method's range, a message wholly in ``lang``; for effective order with a method
        that has none, "These options cannot be combined: <error>"; otherwise "This option
        is not valid: <error>". With ``kept``, followed by " — still showing the scores
        with the last valid options." Plain text (holds user input): set with
        ``textContent``.
    """
    from .smoothing import SMOOTHING_PARAMETERS

    method = options.get("smoothing")
    value = options.get("smooth_value")
    text = None
    if method in SMOOTHING_PARAMETERS and value is not None:
        number = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
        if not number:
            text = i18n.t(lang, "option_smooth_value_not_number", method=method, value=str(value))
        elif method in _POSITIVE_PARAMETER and value <= 0:
            text = i18n.t(lang, "option_smooth_value_too_small", method=method, rule="> 0",
                          value=f"{value:g}".replace(".", "," if format_number(0.5, 1, lang) == "0,5" else "."))
        elif value < 0:
            text = i18n.t(lang, "option_smooth_value_too_small", method=method, rule="≥ 0",
                          value=f"{value:g}".replace(".", "," if format_number(0.5, 1, lang) == "0,5" else "."))
    if text is None:
        key = "option_error" if options.get("effective_order") and "effective_order" in error else "option_invalid"
        text = i18n.t(lang, key, error=error)
    if kept:
        text = f"{text} — {i18n.t(lang, 'option_last_valid')}"
    return text
