"""The shapes the chrF and TER views share: a candidate's view and a table row, as data."""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = ["MetricRow", "MetricView"]


#: One row of the metric's table: its cells (display strings) and a CSS class.
MetricRow = TypedDict("MetricRow", {"cells": list[str], "class": str})


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
