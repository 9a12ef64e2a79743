"""What the views of the metrics other than BLEU share: their input, a candidate's view, a row and the view's head.

``ViewInput`` (what a view is made of), ``MetricView`` and ``MetricRow`` (as data), :func:`view_head`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, TypedDict

from .. import i18n

__all__ = ["MetricRow", "MetricView", "ViewInput", "view_head"]


#: One row of the metric's table: its cells (display strings) and a CSS class.
MetricRow = TypedDict("MetricRow", {"cells": list[str], "class": str})


class ViewInput(NamedTuple):
    """What a view shows: ``candidate`` number ``number`` (1-based) against the non-blank ``references`` (their box
    numbers: ``reference_numbers``) under ``metric`` (a registry key) with ``options`` (the scorer's keywords the
    page's form set: :mod:`bleu2.page.metric_form`), in ``lang``."""

    candidate: str
    references: Sequence[str]
    reference_numbers: Sequence[int] = (1,)
    number: int = 1
    metric: str = "chrf"
    options: Mapping[str, Any] = {}
    lang: str = "en"


class MetricView(TypedDict):
    """One candidate under chrF, chrF++ or TER: ``score`` (chrF in [0, 1]; TER edits per reference word, >= 0),
    display strings, the result's JSON, highlight sections and the questions' names."""

    metric: str
    number: int
    label: str
    score: float
    value: str
    percent: str
    formula: str
    announce: str
    signature: str
    caption: str
    head: list[str]
    rows: list[MetricRow]
    summary: str
    ranking_cells: list[str]
    json: str
    highlight: dict[str, list[dict[str, Any]]]
    help_intro: str
    help_steps: list[str]
    faq: list[str]


def view_head(inp: ViewInput, label: str, score: float, value: str) -> dict[str, Any]:
    """The fields every view starts with: the metric, the candidate's number, the label, the score (and its text
    ``value``) and the spoken line."""
    shown = i18n.format_integer(inp.number, inp.lang)
    return {
        "metric": inp.metric,
        "number": inp.number,
        "label": label,
        "score": score,
        "value": value,
        "announce": i18n.t(inp.lang, "metric_announce", label=label, number=shown, score=value),
    }
