"""The TER breakdown as plain data: the edits, the reference length and the alignment.

TER = edits / average reference length (Snover et al. 2006), a float >= 0 that may exceed 1; sacreBLEU 2.6.0's defaults.
"""

from __future__ import annotations

import json
from typing import Any, cast

from ...metrics import registry
from ...metrics.ter.api import TER
from ...metrics.ter.breakdown import TerAlignment, TerStep
from ...metrics.ter.stats import TerStats
from .. import i18n
from .explain import order_line, sections
from .metric_types import MetricRow, MetricView, ViewInput, view_head

__all__ = ["ter_view"]

#: How a step of the alignment is written and marked: op -> (prefix, CSS class).
STEP_MARKS = {
    "match": ("", "hl-matched"),
    "substitution": ("~", "hl-substituted"),  # both words shown, marked, never struck through
    "deletion": ("−", "hl-unmatched"),
    "insertion": ("+", "hl-ref-unmatched"),
}

#: Written before a shifted word.
SHIFTED_MARK = "⇄"


def step_item(step: TerStep) -> list[str]:
    """A step as ``[text, css class]``: ``"cat"``, ``"~sat → is"`` (the candidate's word, then the reference's),
    ``"−on"``, ``"+a"``, ⇄ for a shift."""
    prefix, css = STEP_MARKS[step.op]
    if step.op == "substitution":
        text = f"{step.hyp_word} → {step.ref_word}"
    else:
        text = str(step.ref_word if step.op == "insertion" else step.hyp_word)
    if step.shifted:
        return [SHIFTED_MARK + prefix + text, css + " hl-shifted"]
    return [prefix + text, css]


def ter_highlight(alignment: TerAlignment, reference_number: int, lang: str = "en") -> dict[str, list[dict[str, Any]]]:
    """The candidate (words marked by step), the alignment and the reference's words, as highlight sections."""
    by_original = {s.original_index: s for s in alignment.steps if s.original_index is not None}
    written = []
    for k, word in enumerate(alignment.hypothesis):
        step = by_original.get(k)
        css = STEP_MARKS[step.op][1] if step else "hl-unmatched"
        shifted = bool(step and step.shifted)
        written.append([(SHIFTED_MARK if shifted else "") + word, css + (" hl-shifted" if shifted else "")])
    matched_refs = {s.ref_index for s in alignment.steps if s.op == "match"}
    ref_items = [
        [w, "hl-ref-matched" if j in matched_refs else "hl-ref-unmatched"] for j, w in enumerate(alignment.reference)
    ]
    steps = [step_item(s) for s in alignment.steps]
    lines = [
        order_line(1, i18n.t(lang, "ter_written"), "", written, len(written), lang),
        order_line(2, i18n.t(lang, "ter_alignment"), i18n.t(lang, "ter_legend"), steps, len(steps), lang),
    ]
    for k, shift in enumerate(alignment.shifts, start=1):
        text = i18n.t(
            lang,
            "ter_shift_line",
            k=i18n.format_integer(k, lang),
            words=i18n.isolate(" ".join(shift.words)),
            start=i18n.format_integer(shift.start + 1, lang),
            new_start=i18n.format_integer(shift.new_start + 1, lang),
        )
        moved = range(shift.new_start, shift.new_start + len(shift.words))
        items = [[w, "hl-shifted" if i in moved else "hl-plain"] for i, w in enumerate(shift.hypothesis)]
        lines.append(order_line(2 + k, text, "", items, len(items), lang))
    reference = [order_line(1, "", "", ref_items, len(ref_items), lang)]
    return sections(lines, [(reference_number, reference)], lang)


def edit_rows(alignment: TerAlignment, lang: str = "en") -> list[MetricRow]:
    """The edits table: each kind, all edits, and the reference length TER divides by."""
    counts = [
        ("ter_insertions", alignment.count("insertion")),
        ("ter_deletions", alignment.count("deletion")),
        ("ter_substitutions", alignment.count("substitution")),
        ("ter_shifts", len(alignment.shifts)),
    ]
    counts.append(("ter_edits", alignment.num_edits))
    rows: list[MetricRow] = [
        {"cells": [i18n.t(lang, key), i18n.format_integer(k, lang)], "class": "average" if key == "ter_edits" else ""}
        for key, k in counts
    ]
    rows.append({"cells": [i18n.t(lang, "ter_ref_length"), i18n.format_g(alignment.ref_length, lang)], "class": ""})
    return rows


def ter_view(inp: ViewInput) -> MetricView:
    """What the page shows for a candidate under TER (``inp.options``: sacreBLEU's ``TER`` options)."""
    candidate, references, reference_numbers, number, metric, _, lang = inp
    refs = list(references)
    ter = TER(**{**registry.get(metric).options, **inp.options})
    alignment = ter.alignment(candidate, refs)  # its edits are the sentence's (one search, not two)
    result = ter.score_from_stats(TerStats(alignment.num_edits, alignment.ref_length), len(refs))
    value = i18n.format_number(result.score, lang)
    ref_number = reference_numbers[alignment.reference_index]
    edits = i18n.format_integer(result.num_edits, lang)
    ref_len = i18n.format_g(result.ref_length, lang)
    if result.ref_length > 0:
        formula = i18n.t(lang, "ter_formula", edits=edits, ref=ref_len, score=value)
    else:
        formula = i18n.t(lang, "ter_formula_empty", score=value)
    shown_number = i18n.format_integer(number, lang)
    label = registry.get(metric).display
    live = {
        "shifts": i18n.format_integer(len(alignment.shifts), lang),
        "insertions": i18n.format_integer(alignment.count("insertion"), lang),
        "deletions": i18n.format_integer(alignment.count("deletion"), lang),
        "substitutions": i18n.format_integer(alignment.count("substitution"), lang),
        "edits": edits,
        "ref": ref_len,
        "score": value,
    }
    return cast(
        MetricView,
        {
            **view_head(inp, label, result.score, value),
            "percent": i18n.format_number(result.score * 100, lang, 2),
            "formula": formula,
            "signature": result.signature,
            "caption": i18n.t(
                lang, "metric_caption_ter", number=shown_number, ref=i18n.format_integer(ref_number, lang)
            ),
            "head": [i18n.t(lang, "col_edit"), i18n.t(lang, "col_count")],
            "rows": edit_rows(alignment, lang),
            "summary": f"{i18n.t(lang, 'ter_edits')} {edits} · r {ref_len}",
            "ranking_cells": [edits, ref_len],
            "json": json.dumps(result.to_dict(), indent=2, ensure_ascii=False),
            "highlight": ter_highlight(alignment, ref_number, lang),
            "help_intro": i18n.t(lang, "help_ter_intro"),
            "help_steps": [
                i18n.t(lang, f"help_ter_step_{name}", **live) for name in ("norm", "shifts", "edits", "score")
            ],
            "faq": ["ter_high", "ter_shift", "metrics"],
        },
    )
