"""The BLEU breakdown as plain data: the selected candidate's rows and the ranking table.

BLEU = BP · exp(Σ w_n ln p_n), BP = 1 if c ≥ r else exp(1 − r/c) (Papineni et al. 2002); smoothing as in
:mod:`bleu2.metrics.bleu.smoothing` (Chen & Cherry 2014). Numbers are shown with four decimals in ``lang``'s notation.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import TypedDict, TypeVar

from ...metrics.bleu.result import BleuResult, Precision
from .. import i18n
from ..tables import NO_NUMBER
from .candidates import Comparison, ref_length_text
from .hints import Hint, hints, many_lines_hints

__all__ = [
    "DECIMALS",
    "TOKEN_SEPARATOR",
    "SHOWN_ITEMS",
    "PrecisionView",
    "CandidateView",
    "RankingRow",
    "shorten",
    "precision_cell",
    "used_weights",
    "token_view",
    "candidate_view",
    "ranking_rows",
]


DECIMALS = i18n.DECIMALS

T = TypeVar("T")

#: Shown between tokens (the default tokenizer's tokens hold no spaces).
TOKEN_SEPARATOR = " · "

#: Token lists and highlighted n-gram lines show at most this many items, then "and 41,210 more".
SHOWN_ITEMS = 120


class PrecisionView(TypedDict):
    n: int
    label: str
    name: str
    fraction: str
    value: str
    smoothed: bool
    used: bool
    note: str


class BrevityPenaltyView(TypedDict):
    value: str
    branch: str
    penalized: bool


class ScoreView(TypedDict):
    value: str
    percent: str
    label: str
    formula: str


class TokenView(TypedDict):
    count: int
    label: str
    items: list[str]
    more: str
    text: str


class CandidateView(TypedDict):
    number: int
    score: ScoreView
    announce: str
    signature: str
    precisions: list[PrecisionView]
    hyp_len: str
    ref_len: str
    ref_len_text: str
    brevity_penalty: BrevityPenaltyView
    hints: list[Hint]
    tokens: TokenView
    json: str
    result: BleuResult


class RankingRow(TypedDict):
    index: int
    number: str
    rank: str
    score: str
    precisions: list[str]
    smoothed: list[bool]
    bp: str
    hyp_len: str
    ref_len: str
    text: str
    empty: bool
    button: str
    title: str
    cells: list[str]


def shorten(
    items: Sequence[T], lang: str = "en", limit: int = SHOWN_ITEMS, count: int | None = None
) -> tuple[list[T], str]:
    """``(items[:limit], "and 41,210 more")``, the note "" if nothing is left out; ``count``: the full length."""
    count = len(items) if count is None else count
    if count <= limit:
        return list(items), ""
    return list(items[:limit]), i18n.tn(lang, "more_items", count - limit)


def _int(value: int, lang: str) -> str:
    return i18n.format_integer(value, lang)


def _is_add_one(p: Precision) -> bool:
    return math.isclose(p.value, (p.matches + 1) / (p.total + 1), rel_tol=1e-12, abs_tol=1e-15)


def fraction_text(p: Precision, method: str = "add-1", lang: str = "en") -> str:
    """The precision as a fraction: ``"5/6"``, add-1's ``"(0+1)/(3+1)"``, other smoothing ``"0/3 → 0.0333"``."""
    frac = f"{_int(p.matches, lang)}/{_int(p.total, lang)}"
    if not p.smoothed:
        return frac
    if method == "add-1" and _is_add_one(p):
        return f"({_int(p.matches, lang)}+1)/({_int(p.total, lang)}+1)"
    return f"{frac} → {i18n.format_number(p.value, lang)}"


def precision_cell(p: Precision, method: str = "add-1", lang: str = "en", used: bool = True) -> str:
    """One table cell: ``"5/6 = 0.8333"``, ``"(0+1)/(5+1) = 0.1667*"``, ``"0/0 (left out)"``."""
    frac = fraction_text(p, method, lang)
    if not used:
        return f"{frac} ({i18n.t(lang, 'left_out')})"
    text = frac if "→" in frac else f"{frac} = {i18n.format_number(p.value, lang)}"
    return text + ("*" if p.smoothed else "")


def _order_name(n: int, lang: str) -> str:
    return i18n.t(lang, f"order_{n}") if n <= 4 else i18n.t(lang, "order_n", n=n)


def left_out_note(p: Precision, orders_used: int, lang: str = "en") -> str:
    """Why order ``p.n`` is not in the mean: beyond the effective order, or zero under NLTK's methods."""
    if p.n > orders_used:
        return i18n.t(lang, "left_out_effective", order=_order_name(p.n, lang), k=orders_used)
    return i18n.t(lang, "left_out_zero")


def precision_row(p: Precision, method: str = "add-1", lang: str = "en", left_out: str | None = None) -> PrecisionView:
    """One row of the precision table; ``left_out``: None, or why the order is not in the mean."""
    note = ""
    if left_out is not None:
        note = left_out
    elif p.smoothed:
        order = _order_name(p.n, lang)
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
        "value": NO_NUMBER if left_out is not None else i18n.format_number(p.value, lang),
        "smoothed": p.smoothed and left_out is None,
        "used": left_out is None,
        "note": note,
    }


def brevity_penalty_row(result: BleuResult, lang: str = "en") -> BrevityPenaltyView:
    """BP with its branch: ``"1 (c ≥ r: 6 ≥ 6)"``, ``"exp(1 − r/c) = exp(1 − 6/5)"``, empty candidate."""
    c, r, bp = result.hyp_len, result.ref_len, result.brevity_penalty
    if c == 0:
        branch = i18n.t(lang, "bp_branch_empty")
    elif c >= r:
        branch = i18n.t(lang, "bp_branch_ge", c=_int(c, lang), r=_int(r, lang))
    else:
        branch = i18n.t(lang, "bp_branch_exp", c=_int(c, lang), r=_int(r, lang))
    return {"value": i18n.format_number(bp, lang), "branch": branch, "penalized": bp < 1.0}


def used_weights(result: BleuResult) -> tuple[float | None, ...]:
    """Each order's weight in the mean, None where it was left out (:attr:`bleu2.metrics.bleu.result.BleuResult.mean_weights`)."""
    return result.mean_weights or result.weights


def score_row(result: BleuResult, reference_empty: bool = False, lang: str = "en") -> ScoreView:
    """The score (four decimals, percent for display) and its formula with this result's numbers."""
    value = i18n.format_number(result.score, lang)
    percent = i18n.format_number(result.score * 100, lang, 2)
    if result.hyp_len == 0:
        formula = i18n.t(lang, "score_zero_candidate_empty")
    elif reference_empty or result.ref_len == 0:
        formula = i18n.t(lang, "score_zero_reference_empty")
    else:
        weights = used_weights(result)
        pairs = [(w, p) for w, p in zip(weights, result.precisions) if w is not None]
        terms = " + ".join(f"{i18n.format_g(w, lang)}·ln {i18n.format_number(p.value, lang)}" for w, p in pairs)
        names = " + ".join(f"{i18n.format_g(w, lang)}·ln p{p.n}" for w, p in pairs)
        bp = i18n.format_number(result.brevity_penalty, lang)
        formula = f"BP × exp({names}) = {bp} × exp({terms}) = {value}"
        left = [p for w, p in zip(weights, result.precisions) if w is None]
        if left:
            orders, why = ", ".join(f"p{p.n}" for p in left), left_out_note(left[0], result.orders_used, lang)
            formula += "; " + i18n.t(lang, "formula_left_out", orders=orders, why=why)
    return {
        "value": value,
        "percent": percent,
        "label": i18n.t(lang, "score_label", order=result.max_order),
        "formula": formula,
    }


def token_view(tokens: Sequence[str], lang: str = "en", count: int | None = None) -> TokenView:
    """The tokens as shown, the first :data:`SHOWN_ITEMS` and "and N more"; ``count``: the full count."""
    count = len(tokens) if count is None else count
    items, more = shorten(tokens, lang, count=count)
    return {
        "count": count,
        "label": i18n.tn(lang, "tokens", count),
        "items": items,
        "more": more,
        "text": TOKEN_SEPARATOR.join(items),
    }


def result_json(result: BleuResult) -> str:
    """``result.to_dict()`` as indented JSON (non-ASCII kept)."""
    return json.dumps(result.to_dict(), indent=2, ensure_ascii=False)


def candidate_view(comparison: Comparison, index: int, lang: str = "en") -> CandidateView:
    """Everything the page shows for candidate ``index`` of a :func:`~bleu2.page.sentence.candidates.compare` result.
    Raises IndexError: no candidate ``index``."""
    row = comparison["candidates"][index]
    result = comparison["results"][index]
    refs = comparison["references"]
    used = comparison["used_references"]
    ref_text = "\n".join(r["text"] for r in refs)
    ref_tokens = [tok for i in used for tok in refs[i]["tokens"][:1]]  # hints() only asks whether there are any
    score = score_row(result, comparison["no_references"], lang)
    number = index + 1
    scored = result.hyp_len > 0 and not comparison["no_references"]
    left = [
        None if w is not None or not scored else left_out_note(p, result.orders_used, lang)
        for w, p in zip(used_weights(result), result.precisions)
    ]
    boxes = [(i18n.t(lang, "candidate_label", number=_int(number, lang)), row["text"])]
    boxes += [(i18n.t(lang, "reference_label", number=_int(i + 1, lang)), refs[i]["text"]) for i in used]
    return {
        "number": number,
        "score": score,
        "announce": i18n.t(
            lang, "score_announce", order=result.max_order, number=_int(number, lang), score=score["value"]
        ),
        "signature": comparison["signature"],
        "precisions": [precision_row(p, result.smoothing, lang, why) for p, why in zip(result.precisions, left)],
        "hyp_len": _int(result.hyp_len, lang),
        "ref_len": _int(result.ref_len, lang),
        "ref_len_text": ref_length_text(row["ref_length"], lang, used),
        "brevity_penalty": brevity_penalty_row(result, lang),
        "hints": hints(ref_text, row["text"], ref_tokens, row["tokens"], result, lang) + many_lines_hints(boxes, lang),
        "tokens": token_view(row["tokens"], lang, row["token_count"]),
        "json": result_json(result),
        "result": result,
    }


def ranking_rows(comparison: Comparison, lang: str = "en") -> list[RankingRow]:
    """The ranking table, best first, as display strings (the text cut to 80 characters)."""
    out: list[RankingRow] = []
    for row in comparison["ranking"]:
        text = row["text"].strip()
        if len(text) > 80:
            text = text[:79] + "…"
        number = _int(row["index"] + 1, lang)
        pairs = list(zip(row["precisions"], row["mean_weights"]))
        nothing = not row["hyp_len"] and bool(row["ref_len"])  # no words to match: no precision (not add-1's 1)
        precisions = [
            i18n.format_number(p["value"], lang) if w is not None and not nothing else NO_NUMBER for p, w in pairs
        ]
        smoothed = [bool(p["smoothed"]) and w is not None and not nothing for p, w in pairs]
        rank, score = _int(row["rank"], lang), i18n.format_number(row["score"], lang)
        bp = i18n.format_number(row["brevity_penalty"], lang)
        hyp_len, ref_len = _int(row["hyp_len"], lang), _int(row["ref_len"], lang)
        text = text or i18n.t(lang, "empty_text")
        cells = [rank, text, score] + [v + (" *" if sm else "") for v, sm in zip(precisions, smoothed)]
        out.append(
            {
                "index": row["index"],
                "number": number,
                "rank": rank,
                "score": score,
                "precisions": precisions,
                "smoothed": smoothed,
                "bp": bp,
                "hyp_len": hyp_len,
                "ref_len": ref_len,
                "text": text,
                "empty": row["empty"],
                "button": i18n.t(lang, "candidate_label", number=number),
                "title": i18n.t(lang, "show_breakdown", number=number),
                "cells": cells + [bp, hyp_len, ref_len],
            }
        )
    return out
