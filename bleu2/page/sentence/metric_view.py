"""The chosen metric on the sentence view: views, ranking, updates and help for every metric but BLEU.

Which view explains a metric is the registry's word (:attr:`bleu2.metrics.protocol.Metric.breakdown`): the views here
are kept by the kind of breakdown they explain, never by a metric's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...common.cache import LRU
from ...corpus.report import competition_ranks
from ...metrics import registry
from .. import i18n
from ..ports import Updates
from .candidates import Comparison
from .chrf_view import chrf_view
from .guide import HelpSections, help_paint
from .metric_types import MetricView, ViewInput
from .ngram_views import gleu_view, nist_view
from .rouge_view import rouge_view
from .ter_view import ter_view
from .updates import score_updates

__all__ = [
    "VIEWS", "RANKING_HEAD", "has_own_view", "metric_views", "metric_ranking", "metric_updates", "metric_help",
    "shown_parts",
]  # fmt: skip

#: A candidate's view.
ViewMaker = Callable[[ViewInput], MetricView]

#: The views, by the kind of breakdown they explain (the registry's ``breakdown`` of a metric).
VIEWS: dict[str, ViewMaker] = {
    "char-ngrams": chrf_view,
    "edits": ter_view,
    "rouge-types": rouge_view,
    "gleu-orders": gleu_view,
    "nist-orders": nist_view,
}

#: The ranking's columns after the score, by the kind of breakdown (else chrF's and ROUGE's: precision, recall).
RANKING_HEAD = {
    "edits": ("ter_edits", "ter_ref_length"),
    "gleu-orders": ("col_matches", "gleu_total"),
    "nist-orders": ("nist_gains", "nist_penalty"),
}

#: The breakdown the page's own parts explain (BLEU's terms table, chart, options and presets).
PAGE_BREAKDOWN = registry.get(registry.DEFAULT).breakdown


def has_own_view(metric: str) -> bool:
    """Whether ``metric`` is explained by a view here rather than by the page's own (BLEU's) parts."""
    return registry.get(metric).breakdown != PAGE_BREAKDOWN


#: The page's parts only BLEU has (hidden under another metric), and the metric's own.
BLEU_PARTS = ("bleu-terms", "inputs-chart", "highlight-legend", "highlight-help", "bleu-options")
METRIC_PARTS = ("metric-terms", "metric-options")


def metric_inputs(comparison: Comparison) -> tuple[list[str], list[int]]:
    """The non-blank references' texts (``[""]`` when all are blank) and their box numbers."""
    pairs = [(r["text"], i + 1) for i, r in enumerate(comparison["references"]) if r["text"].strip()]
    if not pairs:
        return [""], [1]
    return [t for t, _ in pairs], [n for _, n in pairs]


#: The views last made, by (metric, candidate, references, box numbers, number, options, language): an edit remakes
#: one.
_VIEWS: LRU[tuple[Any, ...], MetricView] = LRU(128)


def metric_views(comparison: Comparison, metric: str, lang: str = "en") -> list[MetricView]:
    """Every candidate's view under ``metric`` (a registry key whose breakdown is one of :data:`VIEWS`) with the
    comparison's ``metric_options``, in box order."""
    refs, numbers = metric_inputs(comparison)
    options = dict(comparison.get("options", {}).get("metric_options") or {})
    out = []
    for i, row in enumerate(comparison["candidates"]):
        key = (metric, row["text"], tuple(refs), tuple(numbers), i + 1, repr(sorted(options.items())), lang)
        view = _VIEWS.get(key)
        if view is None:
            inp = ViewInput(row["text"], refs, numbers, i + 1, metric, options, lang)
            view = VIEWS[registry.get(metric).breakdown](inp)
            _VIEWS.put(key, view)
        out.append(view)
    return out


def metric_ranking(comparison: Comparison, views: list[MetricView], selected: int, lang: str = "en") -> dict[str, Any]:
    """The ranking's paint data for ``views``, best first (chrF highest, TER lowest; ties share a rank)."""
    sign = 1.0 if views and registry.get(views[0]["metric"]).lower_is_better else -1.0
    scores = [-sign * v["score"] for v in views]  # competition_ranks ranks the highest first
    ranks = competition_ranks(scores)
    order = sorted(range(len(views)), key=lambda i: (ranks[i], i))
    kind = registry.get(views[0]["metric"]).breakdown if views else ""
    extra = RANKING_HEAD.get(kind, ("col_chrf_precision", "col_recall"))
    label = views[0]["label"] if views else ""
    head = [i18n.t(lang, "col_rank"), i18n.t(lang, "col_candidate"), label] + [i18n.t(lang, k) for k in extra]
    rows = []
    for i in order:
        v, row = views[i], comparison["candidates"][i]
        text = row["text"].strip()
        text = (text[:79] + "…" if len(text) > 80 else text) or i18n.t(lang, "empty_text")
        number = i18n.format_integer(i + 1, lang)
        rows.append(
            {
                "index": i,
                "number": number,
                "button": i18n.t(lang, "candidate_label", number=number),
                "title": i18n.t(lang, "show_breakdown", number=number),
                "cells": [i18n.format_integer(ranks[i], lang), text, v["value"], *v["ranking_cells"]],
            }
        )
    return {"head": head, "rows": rows, "selected": selected, "structure": [order, selected, label, lang]}


def shown_parts(metric: str, lang: str = "en") -> Updates:
    """The BLEU-only parts hidden, the metric's table and options form shown, and the marks' heading (TER's are
    edits)."""
    bleu = not has_own_view(metric)
    out: Updates = {part: {"props": {"hidden": not bleu}} for part in BLEU_PARTS}
    out.update({part: {"props": {"hidden": bleu}} for part in METRIC_PARTS})
    edits = registry.get(metric).breakdown == "edits"  # TER's marks are edits
    out["highlight-heading"] = {"text": i18n.t(lang, "ter_heading" if edits else "highlight_heading")}
    return out


def metric_updates(v: MetricView, lang: str = "en") -> Updates:
    """The breakdown and the summary for the metric's view ``v``."""
    out = score_updates(v["number"], v["label"], v["value"], v["formula"], v["signature"], lang)
    return out | {
        "metric-caption": {"text": v["caption"]},
        "result-json": {"text": v["json"]},
        "summary-terms": {"text": v["summary"]},
    }


def metric_help(v: MetricView, lang: str = "en") -> HelpSections:
    """ "How it works" and the questions for the metric of ``v``, with its numbers."""
    return help_paint(lang, v["help_intro"], v["help_steps"], v["faq"])
