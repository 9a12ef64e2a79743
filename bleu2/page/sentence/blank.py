"""The empty page: while every box is blank nothing is scored, so no number is shown.

With no text at all, the engine's numbers would be true but say nothing (add-1 gives
p1 = p2 = (0+1)/(0+1) = 1 and BP = 0, so 0.0000): the page shows "–" in their places,
says what to do (the "both empty" hint, the summary's line) and hides what only shows
numbers (the ranking, the chart, the JSON). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import i18n
from ..ports import Updates
from ..tables import NO_NUMBER
from .breakdown import CandidateView, PrecisionView

__all__ = ["HIDDEN", "is_blank", "shown_view", "blank_updates"]

#: The elements an empty page hides: they hold numbers only.
HIDDEN = ("ranking-section", "chart", "json-section", "peers")


def is_blank(boxes: Mapping[str, Sequence[str]]) -> bool:
    """Whether every box (``{"references": [...], "candidates": [...]}``) holds only whitespace.

    >>> is_blank({"references": [" ", ""], "candidates": ["\\n"]}), is_blank({"references": ["a"], "candidates": [""]})
    (True, False)
    """
    return not any(text.strip() for texts in boxes.values() for text in texts)


def shown_view(v: CandidateView, blank: bool) -> CandidateView:
    """The view to show: ``v`` itself, or on an empty page (``blank``) ``v`` with every
    number replaced by :data:`NO_NUMBER` and the formula, notes, JSON and spoken score
    emptied (the labels, orders and hints stay)."""
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
    """The parts an empty page hides (:data:`HIDDEN`, shown again once something is typed)
    and, while it is empty, the summary's line saying what to do (else the summary's terms,
    written by :func:`bleu2.page.sentence.updates.summary_updates`, stay)."""
    out: Updates = {element_id: {"props": {"hidden": blank}} for element_id in HIDDEN}
    if blank:
        out["summary-terms"] = {"text": i18n.t(lang, "blank_summary")}
    return out
