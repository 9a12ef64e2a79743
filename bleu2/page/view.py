"""What the page shows: the BLEU breakdown as plain data (pure functions, standard library only).

The page's glue (``static/app.py``) scores the boxes with
:func:`bleu2.page.compare.compare`, then calls :func:`candidate_view` (the selected
candidate) and :func:`ranking_rows` (the table) and writes the returned strings into the
page with ``textContent``; nothing here touches the DOM, so all of it is tested in CPython
(``tests/page/test_view.py``).

Every string comes from :mod:`bleu2.page.i18n` in the language given as ``lang`` ("en", "es",
"pt"; English by default). Numbers are formatted for reading in that language: precisions,
BP and the score with four decimals (``"0.7071"``, ``"0,7071"`` in es/pt); the exact floats
are in the JSON (:meth:`bleu2.result.BleuResult.to_dict`). Precisions are shown for every
order 1..N.
Formulas: BLEU = BP * exp(sum_n w_n ln p_n), BP = 1 if c >= r else exp(1 - r/c)
(Papineni et al. 2002); smoothing methods as in :mod:`bleu2.smoothing` (Chen & Cherry 2014).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from ..options import DEFAULTS, EMPTY_REFERENCES, BleuConfig, ParameterRange, smooth_value_range
from ..result import BleuResult, Precision
from ..scoring import bleu_score
from ..smoothing import SMOOTHING_METHODS, SMOOTHING_PARAMETERS
from ..tokenizers import TOKENIZERS
from . import i18n
from .compare import ref_length_text
from .state import LOWERCASE_CHOICES, MAX_ORDERS, form_from_options, format_decimal, options_are_default

__all__ = [
    "DECIMALS",
    "TOKEN_SEPARATOR",
    "fraction_text",
    "precision_cell",
    "precision_row",
    "brevity_penalty_row",
    "score_row",
    "emptiness",
    "hints",
    "token_view",
    "result_json",
    "candidate_view",
    "ranking_rows",
    "ranking_header",
    "OPTION_CHOICES",
    "option_labels",
    "smooth_value_field",
    "export_labels",
    "option_error_text",
    "option_error_updates",
    "SHOWN_ITEMS",
    "MANY_LINES",
    "LEFT_OUT",
    "shorten",
    "used_weights",
    "left_out_note",
    "unsmoothed_score",
    "many_lines_hints",
    "scoring_updates",
    "ranking_paint",
    "box_of",
    "signature_parts",
    "summary_updates",
    "options_state_updates",
    "COPY_AREAS",
    "status_line",
    "note_text",
    "notes_updates",
    "HELP_STEPS",
    "FAQ",
    "help_sections",
]

#: Decimals shown for precisions, BP and the score (the issue: BLEU-2 to four decimals).
DECIMALS = 4

#: Shown between tokens. Tokens of the default tokenizer never contain spaces.
TOKEN_SEPARATOR = " · "

#: "Right words, wrong order" is hinted when the raw (unsmoothed) p1 = m1/t1 >= this and
#: the raw p2 = m2/t2 < p1 * WRONG_ORDER_RATIO.
WRONG_ORDER_MIN_P1 = 0.5
WRONG_ORDER_RATIO = 0.5

#: Token lists and each line of highlighted n-grams show at most this many items, then
#: "and 41,210 more" (:func:`shorten`): a pasted document stays a page, not 100,000 px.
SHOWN_ITEMS = 120

#: A text of more than this many lines gets the "scored as one segment" hint.
MANY_LINES = 30

#: Shown instead of the value of an order left out of the geometric mean.
LEFT_OUT = "–"


def _tokens_word(count: int, lang="en") -> str:
    return i18n.tn(lang, "tokens", count)


def shorten(items: Sequence, lang="en", limit: int = SHOWN_ITEMS, count: int | None = None) -> tuple[list, str]:
    """The first ``limit`` items and the note for the rest: ``(items[:limit], "and
    41,210 more")``, the note "" when nothing is left out (plural-aware, in ``lang``).
    ``count``: how many items there are when ``items`` holds only the first ones."""
    count = len(items) if count is None else count
    if count <= limit:
        return list(items), ""
    return list(items[:limit]), i18n.tn(lang, "more_items", count - limit)


def _int(value: int, lang) -> str:
    return i18n.format_integer(value, lang)


def _is_add_one(p: Precision) -> bool:
    return math.isclose(p.value, (p.matches + 1) / (p.total + 1), rel_tol=1e-12, abs_tol=1e-15)


def fraction_text(p: Precision, method: str = "add-1", lang="en") -> str:
    """The precision as a fraction: ``"5/6"``.

    A smoothed precision shows what smoothing made of it, for every method of
    :mod:`bleu2.smoothing`:

    - ``add-1`` (the classic calculator's method, 0/t -> (0 + 1)/(t + 1)): ``"(0+1)/(3+1)"``;
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
    return f"{frac} → {i18n.format_number(p.value, lang)}"


def precision_cell(p: Precision, method: str = "add-1", lang="en", used: bool = True) -> str:
    """The precision in one table cell: the fraction (:func:`fraction_text`), its value
    when the fraction does not show it, and ``*`` when smoothed: ``"5/6 = 0.8333"``,
    ``"(0+1)/(5+1) = 0.1667*"``, ``"0/5 → 0.1000*"``; an order left out of the mean
    (``used`` False): ``"0/0 (left out)"``."""
    frac = fraction_text(p, method, lang)
    if not used:
        return f"{frac} ({i18n.t(lang, 'left_out')})"
    text = frac if "→" in frac else f"{frac} = {i18n.format_number(p.value, lang)}"
    return text + ("*" if p.smoothed else "")


def _order_name(n: int, lang) -> str:
    return i18n.t(lang, f"order_{n}") if n <= 4 else i18n.t(lang, "order_n", n=n)


def left_out_note(p: Precision, orders_used: int, lang="en") -> str:
    """Why order ``p.n`` is not in the geometric mean: beyond the effective order (the
    candidate has no n-grams of that order), or a zero precision under NLTK's methods."""
    if p.n > orders_used:
        return i18n.t(lang, "left_out_effective", order=_order_name(p.n, lang), k=orders_used)
    return i18n.t(lang, "left_out_zero")


def precision_row(p: Precision, method: str = "add-1", lang="en", left_out: str | None = None) -> dict:
    """One row of the precision table.

    Args:
        p, method, lang: the precision, the smoothing method, the language.
        left_out: None for an order that entered the geometric mean, else why it did not
            (:func:`left_out_note`).
    Returns:
        dict with ``n`` (int), ``label`` ("p1"), ``name`` ("unigram precision"),
        ``fraction`` (see :func:`fraction_text`), ``value`` (four decimals; :data:`LEFT_OUT`
        for an order left out), ``smoothed`` (bool), ``used`` (bool) and ``note`` (why an
        order is left out; a short explanation when smoothed, naming the method; else "").
    """
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
        "value": LEFT_OUT if left_out is not None else i18n.format_number(p.value, lang),
        "smoothed": p.smoothed and left_out is None,
        "used": left_out is None,
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
    return {"value": i18n.format_number(bp, lang), "branch": branch, "penalized": bp < 1.0}


def used_weights(result: BleuResult) -> tuple[float | None, ...]:
    """The weight of each order in the geometric mean, None where it was left out
    (:attr:`bleu2.result.BleuResult.mean_weights`)."""
    return result.mean_weights or result.weights


def score_row(result: BleuResult, reference_empty: bool = False, lang="en") -> dict:
    """The score and how it was computed.

    Returns:
        dict with ``value`` (four decimals), ``percent`` (e.g. "70.71", display only),
        ``label`` ("BLEU-2": the max order), ``formula`` (the formula with this result's
        numbers and the weights actually used, over the orders that entered the mean,
        naming the orders left out and why; or why the score is 0).
    """
    value = i18n.format_number(result.score, lang)
    percent = i18n.format_number(result.score * 100, lang, 2)
    if result.hyp_len == 0:
        formula = i18n.t(lang, "score_zero_candidate_empty")
    elif reference_empty or result.ref_len == 0:
        formula = i18n.t(lang, "score_zero_reference_empty")
    else:
        weights = used_weights(result)
        pairs = [(w, p) for w, p in zip(weights, result.precisions) if w is not None]
        terms = " + ".join(f"{_weight(w, lang)}·ln {i18n.format_number(p.value, lang)}" for w, p in pairs)
        names = " + ".join(f"{_weight(w, lang)}·ln p{p.n}" for w, p in pairs)
        bp = i18n.format_number(result.brevity_penalty, lang)
        formula = f"BP × exp({names}) = {bp} × exp({terms}) = {value}"
        left = [p for w, p in zip(weights, result.precisions) if w is None]
        if left:
            formula += "; " + i18n.t(
                lang,
                "formula_left_out",
                orders=", ".join(f"p{p.n}" for p in left),
                why=left_out_note(left[0], result.orders_used, lang),
            )
    return {
        "value": value,
        "percent": percent,
        "label": i18n.t(lang, "score_label", order=result.max_order),
        "formula": formula,
    }


def _weight(w: float, lang) -> str:
    """A weight or parameter as ``:g`` writes it, with the language's decimal separator."""
    return f"{w:g}".replace(".", i18n.decimal_separator(lang))


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
    """Plain-language hints that apply to this pair, most important first, from the raw
    counts (never from smoothed values, so they do not depend on the smoothing method).

    Each hint is ``{"kind": str, "text": str, "action": None}`` (``action``: a control
    the hint may offer, ``{"id", "label"}``; none of these hints has one yet); kinds:
    ``"both-empty"`` (both texts blank), ``"reference-empty"``, ``"candidate-empty"`` (a
    text has no tokens: blank, or only punctuation or symbols, said in its text),
    ``"no-match"`` (no candidate word is in a reference: what the score is and what it
    would be without smoothing), ``"short"`` (the candidate is shorter than the
    reference, so BP < 1), ``"word-order"`` (right words, wrong order: the raw
    p1 = m1/t1 >= 0.5 and the raw p2 = m2/t2 < p1 / 2).
    With several references, pass them joined (``"\\n".join``) and all their tokens.
    """
    out: list[dict] = []
    ref_empty = emptiness(reference, reference_tokens)
    cand_empty = emptiness(candidate, candidate_tokens)
    if ref_empty == "empty" and cand_empty == "empty":  # both blank; punctuation gets the "no words" hints
        return [_hint("both-empty", i18n.t(lang, "hint_both_empty"))]
    for kind, label, why in (("reference-empty", "reference", ref_empty), ("candidate-empty", "candidate", cand_empty)):
        if why == "empty":
            out.append(_hint(kind, i18n.t(lang, f"hint_{label}_empty")))
        elif why == "no-words":
            out.append(_hint(kind, i18n.t(lang, f"hint_{label}_no_words")))
    if out:
        return out
    p1 = result.precisions[0]
    if p1.matches == 0:
        params = {
            "p1": f"{_int(p1.matches, lang)}/{_int(p1.total, lang)}",
            "score": i18n.format_number(result.score, lang),
            "method": result.smoothing,
            "unsmoothed": i18n.format_number(unsmoothed_score(result), lang),
        }
        key = "hint_no_match_smoothed" if result.score > 0 else "hint_no_match"
        out.append(_hint("no-match", i18n.t(lang, key, **params)))
    if result.brevity_penalty < 1.0:
        c, r = result.hyp_len, result.ref_len
        out.append(
            _hint(
                "short",
                i18n.t(
                    lang,
                    "hint_short",
                    c_tokens=_tokens_word(c, lang),
                    r=_int(r, lang),
                    bp=i18n.format_number(result.brevity_penalty, lang),
                ),
            )
        )
    if len(result.precisions) >= 2 and p1.matches:
        p2 = result.precisions[1]
        raw1 = p1.matches / p1.total
        if p2.total and raw1 >= WRONG_ORDER_MIN_P1 and p2.matches / p2.total < raw1 * WRONG_ORDER_RATIO:
            out.append(
                _hint(
                    "word-order",
                    i18n.t(
                        lang,
                        "hint_word_order",
                        p1=f"{_int(p1.matches, lang)}/{_int(p1.total, lang)}",
                        p2=f"{_int(p2.matches, lang)}/{_int(p2.total, lang)}",
                    ),
                )
            )
    return out


def _hint(kind: str, text: str, action: dict | None = None) -> dict:
    return {"kind": kind, "text": text, "action": action}


def unsmoothed_score(result: BleuResult) -> float:
    """The score of the same counts without smoothing (``smoothing="none"``, same max
    order and weights)."""
    config = BleuConfig.make(max_order=result.max_order, weights=list(result.weights), smoothing="none")
    return bleu_score(result.stats, config)


def many_lines_hints(texts: Sequence[tuple[str, str]], lang="en", limit: int = MANY_LINES) -> list[dict]:
    """A ``"many-lines"`` hint for each text of more than ``limit`` lines: it is scored as
    one segment (one long sentence), not line by line. ``texts``: ``(label, text)`` pairs,
    the label naming the box ("Candidate 1"). The first hint's ``action`` is the button
    that takes the texts to corpus mode, where they are scored line by line
    (``{"id": "hint-corpus", "label": ...}``)."""
    out = []
    for label, text in texts:
        lines = text.strip().count("\n") + 1 if text.strip() else 0
        if lines > limit:
            action = None if out else {"id": "hint-corpus", "label": i18n.t(lang, "hint_corpus_action")}
            out.append(_hint("many-lines", i18n.t(lang, "hint_many_lines", box=label, lines=_int(lines, lang)), action))
    return out


def scoring_updates(busy: bool, lang="en") -> dict:
    """While the worker scores long texts (:mod:`bleu2.page.live`): "scoring…" in the
    summary and ``aria-busy`` on the breakdown, which keeps the last result meanwhile."""
    return {
        "scoring": {"text": i18n.t(lang, "scoring"), "props": {"hidden": not busy}},
        "breakdown": {"attrs": {"aria-busy": "true" if busy else None}},
    }


def token_view(tokens: Sequence[str], lang="en", count: int | None = None) -> dict:
    """The tokens as shown: ``{"count": 3, "label": "3 tokens", "items": ["the", "cat",
    "sat"], "more": "", "text": "the · cat · sat"}``. Past :data:`SHOWN_ITEMS` tokens,
    ``items`` (and ``text``) hold the first ones and ``more`` says how many are left out
    ("and 41,210 more"); ``text`` is "" when there are none. ``count``: how many tokens
    the text has when ``tokens`` holds only the first ones (a list cut short by the
    worker, :func:`bleu2.page.live.pack`); by default ``len(tokens)``."""
    count = len(tokens) if count is None else count
    items, more = shorten(tokens, lang, count=count)
    return {
        "count": count,
        "label": _tokens_word(count, lang),
        "items": items,
        "more": more,
        "text": TOKEN_SEPARATOR.join(items),
    }


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
        (:func:`brevity_penalty_row`), ``hints`` (:func:`hints`, then
        :func:`many_lines_hints` of the candidate and the references used),
        ``tokens`` (:func:`token_view`),
        ``json`` (:func:`result_json`) and ``result`` (the BleuResult).
    Raises:
        IndexError: no candidate ``index``.
    """
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
        "hints": hints(ref_text, row["text"], ref_tokens, row["tokens"], result, lang)
        + many_lines_hints(
            [(i18n.t(lang, "candidate_label", number=_int(number, lang)), row["text"])]
            + [(i18n.t(lang, "reference_label", number=_int(i + 1, lang)), refs[i]["text"]) for i in used],
            lang,
        ),
        "tokens": token_view(row["tokens"], lang, row["token_count"]),
        "json": result_json(result),
        "result": result,
    }


def ranking_rows(comparison: dict, lang="en") -> list[dict]:
    """The ranking table, best first: one dict of display strings per candidate.

    Returns:
        ``[{"index": int (0-based), "number": str, "rank": str, "score": str,
        "precisions": [str, ...] (p1..pN values; :data:`LEFT_OUT` for an order left out
        of the mean), "smoothed": [bool, ...], "bp": str,
        "hyp_len": str, "ref_len": str, "text": str (the candidate, cut to 80
        characters), "empty": bool, "button": str (the candidate's button),
        "title": str (its tooltip), "cells": [str] (rank, text, score, p1..pN with " *"
        when smoothed, BP, c, r: the table's cells)}]``.
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
                "score": i18n.format_number(row["score"], lang),
                "precisions": [
                    i18n.format_number(p["value"], lang) if w is not None else LEFT_OUT
                    for p, w in zip(row["precisions"], row["mean_weights"])
                ],
                "smoothed": [
                    bool(p["smoothed"]) and w is not None for p, w in zip(row["precisions"], row["mean_weights"])
                ],
                "bp": i18n.format_number(row["brevity_penalty"], lang),
                "hyp_len": _int(row["hyp_len"], lang),
                "ref_len": _int(row["ref_len"], lang),
                "text": text or i18n.t(lang, "empty_text"),
                "empty": row["empty"],
            }
        )
        r = out[-1]
        r["button"] = i18n.t(lang, "candidate_label", number=r["number"])
        r["title"] = i18n.t(lang, "show_breakdown", number=r["number"])
        r["cells"] = [r["rank"], r["text"], r["score"]]
        r["cells"] += [v + (" *" if sm else "") for v, sm in zip(r["precisions"], r["smoothed"])]
        r["cells"] += [r["bp"], r["hyp_len"], r["ref_len"]]
    return out


def ranking_header(max_order: int, lang="en") -> list[str]:
    """The ranking table's column titles: rank, candidate, BLEU-N, p1..pN, BP, c, r
    (the cells of :func:`ranking_rows` in the same order)."""
    out = [i18n.t(lang, "col_rank"), i18n.t(lang, "col_candidate"), i18n.t(lang, "col_score", order=max_order)]
    out += [i18n.t(lang, "col_precision", n=n) for n in range(1, max_order + 1)]
    return out + [i18n.t(lang, "col_bp"), i18n.t(lang, "col_hyp_len"), i18n.t(lang, "col_ref_len")]


def ranking_paint(comparison: dict, selected: int, lang="en") -> dict:
    """What ``bleu2Paint.ranking`` paints: ``{"head": ranking_header, "rows":
    ranking_rows, "selected": int, "structure": [...]}``; while ``structure`` (the order of
    the rows, the selection, the max order, the language) stays the same, only cell texts
    change and the table is not rebuilt."""
    order = comparison["options"]["max_order"]
    rows = ranking_rows(comparison, lang)
    return {
        "head": ranking_header(order, lang),
        "rows": rows,
        "selected": selected,
        "structure": [[row["index"] for row in rows], selected, order, lang],
    }


# --- the options form ------------------------------------------------------------------------

#: The choices of the page's option lists (select id -> values); index.html lists the same
#: values, so the lists are there before Python runs (tests/page/test_site_config.py).
OPTION_CHOICES = {
    "opt-max-order": [str(n) for n in MAX_ORDERS],
    "opt-smoothing": list(SMOOTHING_METHODS),
    "opt-tokenizer": list(TOKENIZERS),
    "opt-lowercase": list(LOWERCASE_CHOICES),
    "opt-empty-references": list(EMPTY_REFERENCES),
}


def option_labels(lang="en") -> dict[str, dict[str, str]]:
    """The visible text of every choice of the option lists, in ``lang``; the default
    choice (:data:`bleu2.options.DEFAULTS`) is marked "(default)".

    Returns:
        ``{select id: {value: label}}`` for the ids of :data:`OPTION_CHOICES`.
    """
    default = form_from_options({}, lang)
    field = {
        "opt-max-order": "max_order",
        "opt-smoothing": "smoothing",
        "opt-tokenizer": "tokenizer",
        "opt-lowercase": "lowercase",
        "opt-empty-references": "empty_references",
    }
    named = {"opt-lowercase": "lowercase_", "opt-empty-references": "empty_references_"}
    mark = i18n.t(lang, "default_marker")
    out = {}
    for select, values in OPTION_CHOICES.items():
        labels = {}
        for value in values:
            text = i18n.t(lang, named[select] + value) if select in named else value
            labels[value] = f"{text} {mark}" if value == default[field[select]] else text
        out[select] = labels
    return out


def smooth_value_field(method: str, lang="en") -> dict:
    """The smoothing parameter box for ``method``: ``{"enabled": bool, "placeholder": str}``;
    the placeholder names the parameter and its default in the language's notation
    (``"floor value = 0,1 (predeterminado)"``), "–" for methods without one."""
    if method not in SMOOTHING_PARAMETERS:
        return {"enabled": False, "placeholder": "–"}
    name, value = SMOOTHING_PARAMETERS[method]
    return {
        "enabled": True,
        "placeholder": i18n.t(
            lang,
            "smooth_value_placeholder",
            name=i18n.t(lang, "param_" + name.replace(" ", "_")),
            value=format_decimal(value, lang),
            default=i18n.t(lang, "default_marker"),
        ),
    }


def export_labels(lang="en") -> dict[str, dict[str, str]]:
    """The Copy and Download buttons of each export format: ``{format: {"copy": text,
    "copy_label": accessible name, "download": text, "download_label": ...}}``."""
    out = {}
    for fmt, key in (("json", "export_json"), ("csv", "export_csv"), ("markdown", "export_markdown")):
        name = i18n.t(lang, key)
        out[fmt] = {
            "copy": i18n.t(lang, "copy"),
            "copy_label": f"{i18n.t(lang, 'copy')}: {name}",
            "download": i18n.t(lang, "download"),
            "download_label": f"{i18n.t(lang, 'download')}: {name}",
        }
    return out


# --- options the engine refuses ------------------------------------------------------------


def range_text(allowed: ParameterRange, lang="en") -> str:
    """A parameter range in ``lang``: "≥ 0 and ≤ 1", "> 0", "≥ 0.6932" (a lower bound
    rounded up to the shown decimals, so that the number shown is itself allowed)."""
    low = math.ceil(allowed.low * 10**DECIMALS) / 10**DECIMALS
    low_text = i18n.t(lang, "rule_at_least" if allowed.low_inclusive else "rule_above", low=_weight(low, lang))
    if allowed.high is None:
        return low_text
    return i18n.t(lang, "rule_between", low=low_text, high=_weight(allowed.high, lang))


def option_error_text(options: dict, error: str, lang="en", kept: bool = True, typed: str | None = None) -> str:
    """The message shown when the engine refuses the options, in ``lang``.

    The page keeps scoring with the last valid options meanwhile; with ``kept`` the
    message says so.

    Args:
        options: the options as read from the page (:func:`bleu2.page.state.options_from_form`);
            ``smooth_value`` may be the raw text the person typed when it is not a number.
        error: the engine's message (``str`` of the ``ValueError``; English), used
            inside the message when the problem is not a bad smoothing parameter.
        lang: interface language.
        kept: whether the scores shown are those of the last valid options.
        typed: the smoothing parameter as typed, quoted as is in the message
            (bidi-isolated: :func:`bleu2.page.i18n.isolate`).
    Returns:
        str: for a smoothing parameter that is not a number (or not finite), or out of its
        method's range (:func:`bleu2.options.smooth_value_range`), a message wholly in
        ``lang``; for effective order with a method that has none, "These options cannot be
        combined: <error>"; otherwise "This option is not valid: <error>". With ``kept``,
        followed by " — still showing the scores with the last valid options." Plain text
        (holds user input): set with ``textContent``.
    """
    method = options.get("smoothing")
    value = options.get("smooth_value")
    text = None
    if method in SMOOTHING_PARAMETERS and value is not None:
        number = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
        shown = i18n.isolate(typed.strip() if typed else (_weight(value, lang) if number else str(value)))
        if not number:
            text = i18n.t(lang, "option_smooth_value_not_number", method=method, value=shown)
        else:
            allowed = smooth_value_range(method, options.get("max_order") or DEFAULTS["max_order"])
            if allowed is not None and value not in allowed:
                text = i18n.t(
                    lang, "option_smooth_value_out_of_range", method=method, rule=range_text(allowed, lang), value=shown
                )
    if text is None:
        key = "option_error" if options.get("effective_order") and "effective_order" in error else "option_invalid"
        text = i18n.t(lang, key, error=error)
    if kept:
        text = f"{text} — {i18n.t(lang, 'option_last_valid')}"
    return text


# --- element updates for the page (static/paint.js bleu2Paint.set) ------------------------------
# Each function returns {element id: {"text": str, "attrs": {name: str | None}, "props":
# {name: value}, "classes": {name: bool}}}: what the glue writes, in one call.


def option_error_updates(options: dict, refused: Exception | None, lang="en", typed: str | None = None) -> dict:
    """The option error line (``option-error``): :func:`option_error_text` when the engine
    refused ``options`` (``refused``: its exception), else empty and hidden."""
    text = option_error_text(options, str(refused), lang, typed=typed) if refused else ""
    return {"option-error": {"text": text, "props": {"hidden": not text}}}


def box_id(kind: str, number: int) -> str:
    """Id of the text box ``number`` (1-based) of ``kind`` ("reference" or "candidate"):
    ``reference``, ``reference-2``, ... (the first box's id is the bare kind)."""
    return kind if number == 1 else f"{kind}-{number}"


def box_of(element_id: str, event_type: str | None = None) -> tuple[str, int, str] | None:
    """Which box an element belongs to, from its id (:func:`box_id`, plus ``-remove`` for
    its Remove button): ``"candidate-2-remove"`` -> ``("candidate", 2, "remove")``,
    ``"reference"`` -> ``("reference", 1, "")``; None for any other id. With ``event_type``,
    also None unless that event acts there: ``"click"`` on a Remove button, ``"input"`` in a box."""
    for kind in ("reference", "candidate"):
        if element_id == kind or element_id.startswith(kind + "-"):
            rest = element_id[len(kind) + 1 :]
            number, _, part = rest.partition("-") if rest[:1].isdigit() else ("1", "", rest)
            if number.isdigit() and part in ("", "remove"):
                if event_type is not None and event_type != ("click" if part else "input"):
                    return None
                return kind, int(number), part
    return None


def box_updates(kind: str, count: int, lang="en") -> dict:
    """The labels and Remove buttons of ``count`` boxes of ``kind`` (Remove is hidden when
    there is only one box)."""
    out = {}
    for number in range(1, count + 1):
        bid = box_id(kind, number)
        out[f"{bid}-label"] = {"text": i18n.t(lang, f"{kind}_label", number=number)}
        out[f"{bid}-remove"] = {
            "text": i18n.t(lang, "remove"),
            "props": {"hidden": count == 1},
            "attrs": {"aria-label": i18n.t(lang, f"remove_{kind}", number=number)},
        }
    return out


def token_updates(comparison: dict, lang="en") -> dict:
    """Each box's token line (at most :data:`SHOWN_ITEMS` tokens, each a bidi-isolated
    chip: ``{"chips": {"items", "sep", "class"}}``; then "and 41,210 more") and count."""
    out = {}
    for kind, rows in (("reference", comparison["references"]), ("candidate", comparison["candidates"])):
        for number, row in enumerate(rows, start=1):
            tv = token_view(row["tokens"], lang, row["token_count"])
            bid = box_id(kind, number)
            out[f"{bid}-tokens"] = {"chips": {"items": tv["items"], "sep": TOKEN_SEPARATOR, "class": "tk"}}
            out[f"{bid}-tokens-more"] = {"text": tv["more"], "props": {"hidden": not tv["more"]}}
            out[f"{bid}-token-count"] = {"text": tv["label"]}
    return out


def signature_parts(signature: str) -> list[str]:
    """The signature cut after each ``|`` (``["nrefs:1|", "case:lc|", ...]``): the page
    keeps each part on one line, so a narrow screen breaks it only at a ``|``."""
    parts = signature.split("|")
    return [part + "|" for part in parts[:-1]] + parts[-1:]


def breakdown_updates(v: dict, lang="en") -> dict:
    """The breakdown of :func:`candidate_view` ``v``: heading, score, formula, signature
    (:func:`signature_parts`), the p1..pN rows (``p<n>-fraction``, ``-value``, ``-note``,
    the ``smoothed`` and ``left-out`` classes of ``p<n>-row``), r, c, BP, the JSON and
    the summary (:func:`summary_updates`)."""
    out = {
        "breakdown-heading": {"text": i18n.t(lang, "breakdown_heading", number=v["number"])},
        "score-label": {"text": v["score"]["label"]},
        "score": {"text": v["score"]["value"]},
        "score-formula": {"text": v["score"]["formula"]},
        "signature": {
            "chips": {"items": signature_parts(v["signature"]), "sep": "", "class": "sig-part", "break": True}
        },
        "ref-len": {"text": v["ref_len"]},
        "ref-len-why": {"text": v["ref_len_text"]},
        "hyp-len": {"text": v["hyp_len"]},
        "bp-branch": {"text": v["brevity_penalty"]["branch"]},
        "bp-value": {"text": v["brevity_penalty"]["value"]},
        "bp-row": {"classes": {"penalized": v["brevity_penalty"]["penalized"]}},
        "result-json": {"text": v["json"]},
    }
    for p in v["precisions"]:
        for part in ("fraction", "value", "note"):
            out[f"p{p['n']}-{part}"] = {"text": p[part]}
        out[f"p{p['n']}-row"] = {"classes": {"smoothed": p["smoothed"], "left-out": not p["used"]}}
    out.update(summary_updates(v, lang))
    return out


def summary_updates(v: dict, lang="en") -> dict:
    """The compact summary kept in view at the top of the page (``position: sticky``):
    which candidate, its score, p1..pN and BP, from :func:`candidate_view` ``v``."""
    terms = [f"{p['label']} {p['value']}" for p in v["precisions"]]
    terms.append(f"{i18n.t(lang, 'col_bp')} {v['brevity_penalty']['value']}")
    return {
        "summary-candidate": {"text": i18n.t(lang, "candidate_label", number=v["number"])},
        "summary-label": {"text": v["score"]["label"]},
        "summary-score": {"text": v["score"]["value"]},
        "summary-terms": {"text": " · ".join(terms)},
    }


def options_state_updates(options: dict, lang="en") -> dict:
    """The note next to the options' buttons: whether ``options`` are the defaults."""
    default = options_are_default(options)
    return {"options-state": {"text": i18n.t(lang, "options_default" if default else "options_changed")}}


def smooth_field_updates(method: str, lang="en") -> dict:
    """The smoothing parameter box for ``method`` (:func:`smooth_value_field`); emptied
    when the method takes no parameter."""
    field = smooth_value_field(method, lang)
    props = {"disabled": not field["enabled"], "placeholder": field["placeholder"]}
    if not field["enabled"]:
        props["value"] = ""
    return {"opt-smooth-value": {"props": props}}


def form_updates(options: dict, lang="en") -> dict:
    """The options form showing ``options`` (:func:`bleu2.page.state.form_from_options`)."""
    fields = form_from_options(options, lang)
    out = {
        select: {"props": {"value": fields[select.removeprefix("opt-").replace("-", "_")]}} for select in OPTION_CHOICES
    }
    out["opt-effective-order"] = {"props": {"checked": fields["effective_order"]}}
    out.update(smooth_field_updates(fields["smoothing"], lang))
    out["opt-smooth-value"]["props"]["value"] = fields["smooth_value"]
    return out


def page_words(lang="en") -> dict:
    """The page's fixed words in ``lang`` (static/paint.js ``translate``): ``{"strings":
    {catalog key: text} (every plain string; the page's ``data-i18n`` elements name
    theirs), "options": :func:`option_labels`, "title": the document title}``."""
    strings = {k: v for k, v in i18n.CATALOGS[i18n.language(lang)].items() if isinstance(v, str)}
    return {"strings": strings, "options": option_labels(lang), "title": i18n.t(lang, "app_title")}


def language_updates(lang="en") -> dict:
    """The words of ``lang`` carried by attributes: the export buttons (text and accessible
    name), the language switch, the "Auto" choice's help, the names of the summary and of
    the copy fallback boxes (:data:`COPY_AREAS`)."""
    out = {
        "lang-select": {"props": {"value": i18n.language(lang)}},
        "opt-lowercase-auto": {"attrs": {"title": i18n.t(lang, "lowercase_auto_help")}},
        "summary": {"attrs": {"aria-label": i18n.t(lang, "summary_heading")}},
    }
    for area in COPY_AREAS.values():
        out[area] = {"attrs": {"aria-label": i18n.t(lang, "copy_area_label")}}
    for fmt, labels in export_labels(lang).items():
        for action in ("copy", "download"):
            out[f"{action}-export-{fmt}"] = {"text": labels[action], "attrs": {"aria-label": labels[f"{action}_label"]}}
    return out


# --- status messages kept as data (re-rendered when the language changes) ---------------------

#: Each copy message's element -> the read-only box where the text is shown, selected,
#: when the browser refuses to copy (a cross-origin frame without clipboard permission).
COPY_AREAS = {"export-status": "export-copy-area", "share-status": "share-copy-area", "copy-status": "json-copy-area"}


def status_line(status: dict, lang="en") -> dict:
    """The status area for the page's status, kept as data so that a language switch
    re-renders it in the new language.

    Args:
        status: ``{"state": "ready" | "error", "python": "Python 3.14", "restored": catalog
            key or None ("state_restored", "link_restored"), "link_error": why a share link
            could not be read or None, "saved_error": why the tab's saved texts could not be
            read or None, "storage": None | "full" | "denied" (the browser refused to keep
            the texts), "size": characters it was asked to keep, "error": what failed
            (state "error")}``; missing keys count as None.
        lang: interface language.
    Returns:
        element updates of ``status-text`` (the sentences) and ``status`` (classes:
        ``status-ready``, green, only when nothing needs attention; ``status-warning`` when
        the page runs but a link or the tab's storage failed; ``status-error``).
    """
    if status.get("state") == "error":
        text, look = i18n.t(lang, "start_failed", error=status.get("error") or ""), "error"
    else:
        parts = [i18n.t(lang, "status_ready", python=status.get("python") or "Python")]
        if status.get("restored"):
            parts.append(i18n.t(lang, status["restored"]))
        if status.get("link_error"):
            parts.append(i18n.t(lang, "share_invalid", error=status["link_error"]))
        if status.get("saved_error"):
            parts.append(i18n.t(lang, "saved_unreadable", error=status["saved_error"]))
        if status.get("storage") == "full":
            parts.append(i18n.t(lang, "storage_full", size=_int(status.get("size") or 0, lang)))
        elif status.get("storage") == "denied":
            parts.append(i18n.t(lang, "storage_denied"))
        text = " ".join(parts)
        look = "warning" if any(status.get(k) for k in ("link_error", "saved_error", "storage")) else "ready"
    return {
        "status-text": {"text": text},
        "status": {"classes": {f"status-{name}": name == look for name in ("ready", "warning", "error")}},
    }


def note_text(note: dict, lang="en", refused: bool = False) -> str:
    """A message next to a button (copied, downloaded, link too long...), kept as data:
    ``{"key": catalog key, "params": {...}, "numbers": {name: int} (formatted for the
    language here)}``; with ``refused`` (the browser refused to copy) the copy-failed
    message instead."""
    if refused:
        return i18n.t(lang, "copy_failed")
    numbers = {k: _int(v, lang) for k, v in (note.get("numbers") or {}).items()}
    return i18n.t(lang, note["key"], **(note.get("params") or {}), **numbers)


def notes_updates(notes: dict, refused: set, lang="en") -> dict:
    """Every message of ``notes`` (``{element id: note}``, :func:`note_text`) in ``lang``;
    ``refused``: the ids whose copy the browser refused (their message says so)."""
    return {element_id: {"text": note_text(note, lang, element_id in refused)} for element_id, note in notes.items()}


# --- "How it works" and the questions, with this page's numbers ---------------------------------

#: The steps of "How it works" and the questions, in order (catalog keys ``help_step_<name>``,
#: ``faq_<name>_q`` / ``faq_<name>_a``).
HELP_STEPS = ("tokens", "clip", "precisions", "mean", "smoothing", "bp", "score")
FAQ = ("papers", "low", "good", "languages", "rc", "order", "scale")


def help_sections(v: dict, lang="en") -> dict:
    """What the page's "How it works" and questions say, in ``lang``, with the numbers of
    the candidate shown (:func:`candidate_view` ``v``) where they help: c, r, BP, p1, p2,
    the score.

    Returns:
        ``{"heading": str, "intro": str, "steps": [str], "faq_heading": str, "faq":
        [{"id": "faq-<name>", "q": str, "a": str}]}``: plain text, for ``textContent``.
    """
    result = v["result"]
    values = {p["label"]: p["value"] for p in v["precisions"]}
    live = {
        "c": v["hyp_len"],
        "r": v["ref_len"],
        "bp": v["brevity_penalty"]["value"],
        "p1": values.get("p1", LEFT_OUT),
        "p2": values.get("p2", LEFT_OUT),
        "precisions": ", ".join(f"{p['label']} = {p['fraction']}" for p in v["precisions"] if p["used"]),
        "score": v["score"]["value"],
        "percent": v["score"]["percent"],
        "label": v["score"]["label"],
        "number": _int(v["number"], lang),
        "c_tokens": _tokens_word(result.hyp_len, lang),
    }
    return {
        "heading": i18n.t(lang, "help_heading"),
        "intro": i18n.t(lang, "help_intro"),
        "steps": [i18n.t(lang, f"help_step_{name}", **live) for name in HELP_STEPS],
        "faq_heading": i18n.t(lang, "faq_heading"),
        "faq": [
            {"id": f"faq-{name}", "q": i18n.t(lang, f"faq_{name}_q"), "a": i18n.t(lang, f"faq_{name}_a", **live)}
            for name in FAQ
        ],
    }
