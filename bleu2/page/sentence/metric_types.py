"""The shapes the chrF and TER views share: a candidate's view and a table row, as data.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = ["MetricRow", "MetricView"]


#: One row of the metric's table: its cells (display strings) and a CSS class.
MetricRow = TypedDict("MetricRow", {"cells": list[str], "class": str})


class MetricView(TypedDict):
    """What the page shows for one candidate under chrF, chrF++ or TER
    (:func:`bleu2.page.sentence.chrf_view.chrf_view`, :func:`bleu2.page.sentence.ter_view.ter_view`).

    ``score`` is the float (chrF in [0, 1]; TER edits per reference word, >= 0); ``value``
    and ``percent`` are display strings; ``json`` is the result's ``to_dict()`` as JSON;
    ``highlight`` is ``{"candidate": [section], "references": [section]}`` as
    :func:`bleu2.page.sentence.explain.highlight_sections` paints; ``faq`` names the
    questions (catalog keys ``faq_<name>_q``/``_a``).
    """

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
