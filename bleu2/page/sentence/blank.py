"""The empty page: while every box is blank nothing is scored, so no number is shown.

Add-1 on no text gives p1 = p2 = 1 and BP = 0: true, but saying nothing; the page shows "–" and what to do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import i18n
from ..ports import Updates
from ..tables import NO_NUMBER
from .breakdown import CandidateView, PrecisionView

__all__ = ["is_blank", "shown_view", "blank_updates"]

#: The elements an empty page hides: they hold numbers only.
HIDDEN = ("ranking-section", "chart", "json-section", "peers")


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


def blank_updates(blank: bool, lang: str = "en") -> Updates:
    """The parts an empty page hides and, while it is empty, the summary's line saying what to do."""
    out: Updates = {element_id: {"props": {"hidden": blank}} for element_id in HIDDEN}
    if blank:
        out["summary-terms"] = {"text": i18n.t(lang, "blank_summary")}
    return out
