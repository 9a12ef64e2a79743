"""Export of a comparison (:func:`bleu2.page.sentence.candidates.compare`) as JSON, CSV, Markdown.

JSON keeps everything exactly (floats unrounded, the peers table); CSV is RFC 4180, a text a spreadsheet would run as a
formula gets a leading ``'`` (OWASP); Markdown escapes what it would format, so a text cannot inject markup.
Under chrF, chrF++ or TER each export is the chosen metric's (:func:`metric_export`), best first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict

from ...corpus.report import competition_ranks, csv_table, csv_text_cell, markdown_cell, markdown_table
from ...metrics import registry
from .. import i18n
from ..tables import ranking_header
from .breakdown import precision_cell, used_weights
from .metric_view import metric_ranking, metric_views
from .peers_view import table_for

__all__ = ["export_json", "export_csv", "export_markdown", "EXPORTS", "export_text"]

_ROW_FIELDS = (
    "rank",
    "index",
    "text",
    "empty",
    "score",
    "brevity_penalty",
    "hyp_len",
    "ref_len",
    "precisions",
    "mean_weights",
)


class ExportText(TypedDict):
    text: str
    filename: str
    mime: str
    name: str
    copied: str
    downloaded: str


def export_data(comparison: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON-ready dict of a comparison: ranking best first, peers in box order, ``index`` 0-based."""
    return {
        "tool": "bleu2",
        "version": comparison.get("version"),
        "signature": comparison["signature"],
        "options": dict(comparison["options"]),
        "references": [{"index": r["index"], "text": r["text"], "used": r["used"]} for r in comparison["references"]],
        "no_references": comparison["no_references"],
        "ranking": [
            dict({k: row[k] for k in _ROW_FIELDS}, ref_length=row.get("ref_length")) for row in comparison["ranking"]
        ],
        "peers": [
            {"candidate": i, **table_for(comparison, i).to_dict()}  # type: ignore[arg-type]
            for i in range(len(comparison["candidates"]))
        ],
    }


def export_json(comparison: Mapping[str, Any], lang: str = "en") -> str:
    """The comparison as indented JSON (non-ASCII kept; :func:`export_data`)."""
    return json.dumps(export_data(comparison), indent=2, ensure_ascii=False)


def export_csv(comparison: Mapping[str, Any], lang: str = "en") -> str:
    """One row per candidate, best first: ``rank, candidate, score, p1_matches, p1_total, p1, ..., bp, c, r,
    signature, text`` (``candidate``: the box number; floats in full)."""
    n = int(comparison["options"]["max_order"])
    header = ["rank", "candidate", "score"]
    for k in range(1, n + 1):
        header += [f"p{k}_matches", f"p{k}_total", f"p{k}"]
    header += ["bp", "c", "r", "signature", "text"]
    sig = comparison["signature"]
    rows = []
    for row in comparison["ranking"]:
        cells = [row["rank"], row["index"] + 1, repr(float(row["score"]))]
        for p in row["precisions"]:
            cells += [p["matches"], p["total"], repr(float(p["value"]))]
        cells += [repr(float(row["brevity_penalty"])), row["hyp_len"], row["ref_len"], sig, csv_text_cell(row["text"])]
        rows.append(cells)
    return csv_table(header, rows)


def export_markdown(comparison: Mapping[str, Any], lang: str = "en") -> str:
    """The ranking as a Markdown table, best first, numbers in ``lang``'s notation, then the signature."""
    n = int(comparison["options"]["max_order"])

    def num(v: float) -> str:
        return i18n.format_number(v, lang)

    header = [*ranking_header(n, lang), i18n.t(lang, "col_text")]
    results = comparison["results"]
    rows = []
    for row in comparison["ranking"]:
        result = results[row["index"]]
        cells = [str(row["rank"]), str(row["index"] + 1), num(row["score"])]
        cells += [
            markdown_cell(precision_cell(p, result.smoothing, lang, w is not None))
            for p, w in zip(result.precisions, used_weights(result))
        ]
        cells += [num(row["brevity_penalty"]), str(row["hyp_len"]), str(row["ref_len"]), markdown_cell(row["text"])]
        rows.append(cells)
    note = markdown_cell(i18n.t(lang, "signature") + ": " + comparison["signature"])
    if any(p["smoothed"] for row in comparison["ranking"] for p in row["precisions"]):
        note = markdown_cell(i18n.t(lang, "chart_smoothed_note")) + ". " + note
    table = markdown_table([markdown_cell(h) for h in header], rows, left=[len(header) - 1])
    return table + "\n" + note + "\n"


def metric_export(comparison: Mapping[str, Any], fmt: str, lang: str = "en") -> str:
    """The export in ``fmt`` under the comparison's metric (``"chrf"``, ``"chrf++"``,
    ``"ter"``), best first: JSON ``{"tool", "version", "metric", "references", "ranking":
    [{"rank", "index", "text", **the result's to_dict()}]}``; CSV ``rank, candidate, score,
    signature, text``; Markdown the ranking's columns and the signature."""
    metric = comparison["options"]["metric"]
    views = metric_views(comparison, metric, lang)  # type: ignore[arg-type]
    shown = metric_ranking(comparison, views, 0, lang)  # type: ignore[arg-type]
    sign = 1.0 if registry.get(metric).lower_is_better else -1.0
    ranks = competition_ranks([-sign * v["score"] for v in views])
    order = [row["index"] for row in shown["rows"]]
    texts = [c["text"] for c in comparison["candidates"]]
    if fmt == "json":
        ranking = [{"rank": ranks[i], "index": i, "text": texts[i], **json.loads(views[i]["json"])} for i in order]
        references = [{"index": r["index"], "text": r["text"]} for r in comparison["references"]]
        data = {"tool": "bleu2", "version": comparison.get("version"), "metric": metric}
        return json.dumps({**data, "references": references, "ranking": ranking}, indent=2, ensure_ascii=False)
    if fmt == "csv":
        rows = [
            [ranks[i], i + 1, repr(views[i]["score"]), views[i]["signature"], csv_text_cell(texts[i])] for i in order
        ]
        return csv_table(["rank", "candidate", "score", "signature", "text"], rows)
    head = [shown["head"][0], i18n.t(lang, "col_candidate"), *shown["head"][2:], i18n.t(lang, "col_text")]
    rows = [[r["cells"][0], r["number"], *r["cells"][2:], texts[r["index"]]] for r in shown["rows"]]
    table = markdown_table(
        [markdown_cell(h) for h in head], [[markdown_cell(c) for c in row] for row in rows], [len(head) - 1]
    )
    return table + "\n" + markdown_cell(i18n.t(lang, "signature") + ": " + views[0]["signature"]) + "\n"


#: format -> (function, file name, MIME type, the catalog key of its name).
EXPORTS = {
    "json": (export_json, "bleu2-comparison.json", "application/json", "export_json"),
    "csv": (export_csv, "bleu2-comparison.csv", "text/csv", "export_csv"),
    "markdown": (export_markdown, "bleu2-comparison.md", "text/markdown", "export_markdown"),
}


def export_text(comparison: Mapping[str, Any], fmt: str, lang: str = "en") -> ExportText:
    """One export for the Copy and Download buttons, with its name and messages' catalog keys (one per format).
    Raises KeyError: an unknown format (one of :data:`EXPORTS`)."""
    func, filename, mime, key = EXPORTS[fmt]
    other = comparison["options"].get("metric", registry.DEFAULT) != registry.DEFAULT
    return {
        "text": metric_export(comparison, fmt, lang) if other else func(comparison, lang),
        "filename": filename,
        "mime": mime + ";charset=utf-8",
        "name": i18n.t(lang, key),
        "copied": f"export_copied_{fmt}",
        "downloaded": f"export_downloaded_{fmt}",
    }
