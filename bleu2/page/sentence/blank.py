"""The empty page: while every box is blank nothing is scored, so no number is shown.

Add-1 on no text gives p1 = p2 = 1 and BP = 0: true, but saying nothing; the page shows "–" and what to do. A candidate
with no words beside a reference (:func:`empty_candidate_view`) shows no precision either: nothing to match, BLEU 0
through BP = 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import i18n
from ..ports import Updates
from ..tables import NO_NUMBER
from .breakdown import CandidateView, PrecisionView

__all__ = ["is_blank", "shown_view", "empty_candidate_view", "blank_updates"]

#: The elements an empty page hides: they hold numbers only.
HIDDEN = ("ranking-section", "chart", "inputs-chart", "json-section", "peers")


def is_blank(boxes: Mapping[str, Sequence[str]]) -> bool:
    """Whether every box holds only whitespace."""
    return not any(text.strip() for texts in boxes.values() for text in texts)


def shown_view(v: CandidateView, blank: bool) -> CandidateView:
    """``v``, or on a ``blank`` page ``v`` with every number "–" and formula, notes, JSON and spoken score emptied."""
    if not blank:
        return v
    rows: list[PrecisionView] = [
        {**p, "fraction": "", "value": NO_NUMBER, "note": "", "smoothed": False, "used": True} for p in v["precisions"]
    ]
    return {
        **v,
        "score": {**v["score"], "value": NO_NUMBER, "percent": NO_NUMBER, "formula": ""},
        "announce": "",
        "precisions": rows,
        "hyp_len": NO_NUMBER,
        "ref_len": NO_NUMBER,
        "ref_len_text": "",
        "brevity_penalty": {"value": NO_NUMBER, "branch": "", "penalized": False},
        "json": "",
    }


def empty_candidate_view(v: CandidateView, lang: str = "en") -> CandidateView:
    """``v``, or where its candidate has no words (c = 0) while a reference has some: no precision shown (add-1's
    0+1/0+1 = 1 would mislead), each order saying there is nothing to match, the formula saying BLEU is 0 through BP."""
    result = v["result"]
    if result.hyp_len or not result.ref_len:
        return v
    note = i18n.t(lang, "no_words_to_match")
    rows: list[PrecisionView] = [
        {**p, "fraction": "0/0", "value": NO_NUMBER, "note": note, "smoothed": False} for p in v["precisions"]
    ]
    formula = i18n.t(lang, "score_zero_no_words", bp=v["brevity_penalty"]["value"])
    return {**v, "precisions": rows, "score": {**v["score"], "formula": formula}}


def blank_updates(blank: bool, lang: str = "en") -> Updates:
    """The parts an empty page hides and, while it is empty, the summary's line saying what to do."""
    out: Updates = {element_id: {"props": {"hidden": blank}} for element_id in HIDDEN}
    if blank:
        out["summary-terms"] = {"text": i18n.t(lang, "blank_summary")}
    return out
