"""The chrF and chrF++ breakdown as plain data: each order's matches, totals, P, R, F-beta.

sacreBLEU 2.6.0's defaults (character order 6, beta 2; chrF++ adds word order 2); Popović 2015 (chrF), 2017 (chrF++).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from ...metrics import registry
from ...metrics.chrf.api import sentence_chrf_breakdown
from ...metrics.chrf.options import ChrfConfig
from ...metrics.chrf.result import ChrfOrder
from ...metrics.chrf.stats import hypothesis_grams
from .. import i18n
from ..tables import NO_NUMBER
from .explain import MATCHED, candidate_statuses, order_line, reference_matched, sections
from .metric_types import MetricRow, MetricView, ViewInput, view_head

__all__ = ["chrf_options", "chrf_view"]


def chrf_options(metric: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The chrF options of the page's metric, chrF or chrF++ (word order 2, as the registry fixes it), and the
    page's ``options`` (they win)."""
    return {**registry.get(metric).options, **(options or {})}


def order_name(order: ChrfOrder, lang: str = "en") -> str:
    """ "character 3-grams", "word 1-grams" in ``lang``."""
    key = "chrf_char_order" if order.kind == "char" else "chrf_word_order"
    return i18n.t(lang, key, n=order.n)


def order_row(order: ChrfOrder, lang: str = "en") -> MetricRow:
    """One order's cells (:data:`NO_NUMBER` for P, R and F of an order left out of the averages)."""

    def num(x: float) -> str:
        return i18n.format_number(x, lang) if order.effective else NO_NUMBER

    cells = [
        order_name(order, lang),
        i18n.format_integer(order.matches, lang),
        i18n.format_integer(order.hyp_total, lang),
        i18n.format_integer(order.ref_total, lang),
        num(order.precision),
        num(order.recall),
        num(order.f_beta),
    ]
    return {"cells": cells, "class": "" if order.effective else "left-out"}


def _gram_text(gram: Any) -> str:
    return gram if isinstance(gram, str) else " ".join(gram)


def chrf_highlight(
    candidate: str, reference: str, reference_number: int, config: ChrfConfig, lang: str = "en"
) -> dict[str, list[dict[str, Any]]]:
    """Each order's n-grams of candidate and reference, an occurrence matched while it occurs no more often than in
    the other text; sections as :func:`~bleu2.page.sentence.explain.highlight_sections`'."""

    def summary(matched: int, total: int) -> str:
        counts = {"matched": i18n.format_integer(matched, lang), "total": i18n.format_integer(total, lang)}
        return i18n.t(lang, "chrf_highlight_order", **counts)

    hyp_orders = hypothesis_grams(candidate, config)
    ref_orders = hypothesis_grams(reference, config)
    cand_lines, ref_lines = [], []
    for i, (hyp, ref) in enumerate(zip(hyp_orders, ref_orders), start=1):
        hyp_grams: list[Any] = list(hyp)
        ref_grams: list[Any] = list(ref)
        statuses = candidate_statuses(hyp_grams, Counter(ref_grams))
        flags = reference_matched(ref_grams, Counter(hyp_grams))
        kind = "char" if i <= config.char_order else "word"
        title = i18n.t(lang, f"chrf_{kind}_order", n=i if kind == "char" else i - config.char_order)

        items = ([_gram_text(g), "hl-" + s] for g, s in zip(hyp_grams, statuses))
        cand_lines.append(
            order_line(i, title, summary(statuses.count(MATCHED), len(hyp_grams)), items, len(hyp_grams), lang)
        )
        items = ([_gram_text(g), "hl-ref-matched" if ok else "hl-ref-unmatched"] for g, ok in zip(ref_grams, flags))
        ref_lines.append(order_line(i, title, summary(sum(flags), len(ref_grams)), items, len(ref_grams), lang))
    return sections(cand_lines, [(reference_number, ref_lines)], lang)


def chrf_view(inp: ViewInput) -> MetricView:
    """What the page shows for a candidate under chrF or chrF++. Raises ValueError: no reference."""
    candidate, references, reference_numbers, number, metric, _, lang = inp
    out = sentence_chrf_breakdown(candidate, list(references), **chrf_options(metric, inp.options))
    result, config = out.result, out.result.config
    value = i18n.format_number(result.score, lang)
    ref_number = reference_numbers[out.reference_index]
    rows = [order_row(o, lang) for o in out.orders]
    effective = result.effective_order
    p, r = result.avg_precision, result.avg_recall
    p_text, r_text = i18n.format_number(p, lang), i18n.format_number(r, lang)
    average = i18n.t(lang, "chrf_average", k=i18n.format_integer(effective, lang))
    rows.append({"cells": [average, "", "", "", p_text, r_text, value], "class": "average"})
    fmt = {"name": result.name, "score": value, "beta": i18n.format_g(config.beta, lang)}
    if config.eps_smoothing:
        formula = i18n.t(lang, "chrf_formula_eps", **fmt)
    else:
        formula = i18n.t(lang, "chrf_formula", p=p_text, r=r_text, **fmt)
    columns = ("order", "matches", "hyp_total", "ref_total", "chrf_precision", "recall", "f_beta")
    head = [i18n.t(lang, "col_" + key) for key in columns]
    shown_number = i18n.format_integer(number, lang)
    char1 = next((o.hyp_total for o in out.orders if o.kind == "char" and o.n == 1), 0)
    words = i18n.t(lang, "help_chrf_step_words", word_order=config.word_order) if config.word_order else ""
    live = {
        "char_order": config.char_order,
        "words": words,
        "hyp": i18n.format_integer(char1, lang),
        "p": p_text,
        "r": r_text,
        "beta": i18n.format_g(config.beta, lang),
        "name": result.name,
        "score": value,
        "percent": i18n.format_number(result.percent, lang, 2),
        "ref": i18n.format_integer(ref_number, lang),
    }
    steps = ["grams", "matches", "average", "f", "refs"]
    return cast(
        MetricView,
        {
            **view_head(inp, result.name, result.score, value),
            "percent": i18n.format_number(result.percent, lang, 2),
            "formula": formula,
            "signature": result.signature,
            "caption": i18n.t(
                lang, "metric_caption_chrf", number=shown_number, ref=i18n.format_integer(ref_number, lang)
            ),
            "head": head,
            "rows": rows,
            "summary": f"P {p_text} · R {r_text}",
            "ranking_cells": [p_text, r_text],
            "json": json.dumps(result.to_dict(), indent=2, ensure_ascii=False),
            "highlight": chrf_highlight(candidate, references[out.reference_index], ref_number, config, lang),
            "help_intro": i18n.t(lang, "help_chrf_intro"),
            "help_steps": [i18n.t(lang, f"help_chrf_step_{name}", **live) for name in steps],
            "faq": ["chrf_plus", "chrf_beta", "metrics"],
        },
    )
