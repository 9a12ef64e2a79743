"""Export of a comparison (:func:`bleu2.page.sentence.candidates.compare`) as JSON, CSV, Markdown.

* JSON keeps everything exactly: texts, options, signature, every candidate's breakdown
  (floats unrounded), candidates best first, and each candidate under every preset with
  what makes it differ (``peers``: :meth:`bleu2.peers.PeerTable.to_dict`, the page's
  ``#peers`` table).
* CSV (RFC 4180 via the :mod:`csv` module: comma, double quotes, CRLF line ends) has one
  row per candidate, best first: ``rank, candidate, score, p1_matches, p1_total, p1, ...,
  bp, c, r, signature, text``. ``candidate`` is the box number (1-based, as the page
  labels it). Floats are written in full (``repr``). A text cell that a spreadsheet
  would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or CR) gets a
  leading ``'`` (OWASP's advice against CSV injection); the JSON has the exact text.
* Markdown: a GitHub-flavoured table, best first, numbers with four decimals for the
  chosen language; text cells are escaped (``|``, ``\\``, and the characters Markdown
  would format: `` ` * _ [ ] < > ~ &``) and line breaks become ``<br>``, so a text is
  shown literally and cannot break the table or inject markup.

Under the metric chrF, chrF++ or TER each export is the chosen metric's
(:func:`metric_export`): the JSON holds every candidate's result ``to_dict()`` (the page's
``#result-json``), best first (TER: lowest first); the CSV and the Markdown table the
ranking's columns.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict

from ...report import competition_ranks, csv_table, csv_text_cell, markdown_cell, markdown_table
from .. import i18n
from ..tables import ranking_header
from .breakdown import precision_cell, used_weights
from .metric_view import LOWER_IS_BETTER, metric_ranking, metric_views
from .peers_view import table_for

__all__ = ["export_data", "export_json", "export_csv", "export_markdown", "metric_export", "EXPORTS", "export_text"]

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
    """One export ready for the Copy and Download buttons (:func:`export_text`)."""

    text: str
    filename: str
    mime: str
    name: str
    copied: str
    downloaded: str


def export_data(comparison: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON-ready dict of a comparison (what :func:`export_json` writes).

    Returns:
        ``{"tool": "bleu2", "version", "signature", "options", "references":
        [{"index", "text", "used"}], "no_references", "ranking": [{"rank", "index",
        "text", "empty", "score", "brevity_penalty", "hyp_len", "ref_len", "precisions":
        [{"n", "matches", "total", "value", "smoothed"}], "mean_weights" (the weight of
        each order in the mean, null for an order left out), "ref_length"}], "peers":
        [{"candidate": index, "options", "score", "presets": [{"preset", "score",
        "precisions", "brevity_penalty", "hyp_len", "ref_len", "signature", "same",
        "differences": [{"rule", "key", "ours", "theirs", "score"}], "notes"}]}]}`` (ranking
        best first, peers in box order; ``index`` 0-based; see :mod:`bleu2.peers`).
    """
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
    """The comparison as indented JSON (UTF-8 text, non-ASCII kept as is); see
    :func:`export_data` for its shape (``lang`` is not used: JSON has no words)."""
    return json.dumps(export_data(comparison), indent=2, ensure_ascii=False)


def _max_order(comparison: Mapping[str, Any]) -> int:
    return int(comparison["options"]["max_order"])


def export_csv(comparison: Mapping[str, Any], lang: str = "en") -> str:
    """One row per candidate, best first, under a header row (RFC 4180; CRLF line ends;
    numbers in full, never localised: ``lang`` is not used).

    Columns: ``rank, candidate, score, p1_matches, p1_total, p1, ..., pN_matches,
    pN_total, pN, bp, c, r, signature, text``; ``candidate`` is the box number (1-based);
    floats are written in full (``repr``); a text that a spreadsheet would run as a
    formula gets a leading ``'`` (:func:`bleu2.report.csv_text_cell`).
    """
    n = _max_order(comparison)
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
    """The ranking as a Markdown table, best first, then the signature.

    Args:
        comparison: from :func:`bleu2.page.sentence.candidates.compare`.
        lang: language of the headers and of the numbers (``0,7071`` in es/pt).
    Returns:
        str, e.g.::

            | Rank | Candidate | BLEU-2 | p1 | p2 | BP | c | r | Text |
            |---:|---:|---:|---:|---:|---:|---:|---:|:---|
            | 1 | 1 | 0.7071 | 5/6 = 0.8333 | 3/5 = 0.6000 | 1.0000 | 6 | 6 | the cat is on the mat |

            Signature: nrefs:1|case:lc|...

        Text cells are escaped (:func:`bleu2.report.markdown_cell`); a smoothed precision
        is marked with an escaped ``*`` (:func:`bleu2.page.sentence.breakdown.precision_cell`), an order
        left out of the mean (effective order) with "(left out)".
    """
    n = _max_order(comparison)

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
    sign = 1.0 if metric in LOWER_IS_BETTER else -1.0
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
    """One export, ready for the page's Copy and Download buttons.

    Returns:
        ``{"text": str, "filename": str, "mime": str (with charset), "name": str (the
        format's name in ``lang``), "copied": str, "downloaded": str (the catalog keys of
        the messages "Markdown table copied." / "... downloaded.": one per format, so
        that each agrees with its format's gender in Spanish and Portuguese)}``.
    Raises:
        KeyError: an unknown format (one of :data:`EXPORTS`).
    """
    func, filename, mime, key = EXPORTS[fmt]
    other = comparison["options"].get("metric", "bleu") != "bleu"
    return {
        "text": metric_export(comparison, fmt, lang) if other else func(comparison, lang),
        "filename": filename,
        "mime": mime + ";charset=utf-8",
        "name": i18n.t(lang, key),
        "copied": f"export_copied_{fmt}",
        "downloaded": f"export_downloaded_{fmt}",
    }
