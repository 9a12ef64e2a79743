"""Export of a comparison (:func:`bleu2.compare.compare`) as JSON, CSV and a Markdown table.

* JSON keeps everything exactly: texts, options, signature, every candidate's breakdown
  (floats unrounded), candidates best first.
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

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Mapping

from . import i18n

__all__ = ["export_data", "export_json", "export_csv", "export_markdown", "markdown_cell", "csv_text_cell"]

_ROW_FIELDS = ("rank", "index", "text", "empty", "score", "brevity_penalty", "hyp_len", "ref_len", "precisions")


def export_data(comparison: Mapping) -> dict:
    """The JSON-ready dict of a comparison (what :func:`export_json` writes).

    Returns:
        ``{"tool": "bleu2", "version", "signature", "options", "references":
        [{"index", "text", "used"}], "no_references", "ranking": [{"rank", "index",
        "text", "empty", "score", "brevity_penalty", "hyp_len", "ref_len", "precisions":
        [{"n", "matches", "total", "value", "smoothed"}], "ref_length"}]}`` (best first;
        ``index`` 0-based).
    """
    return {
        "tool": "bleu2",
        "version": comparison.get("version"),
        "signature": comparison["signature"],
        "options": dict(comparison["options"]),
        "references": [{"index": r["index"], "text": r["text"], "used": r["used"]} for r in comparison["references"]],
        "no_references": comparison["no_references"],
        "ranking": [
            dict({k: row[k] for k in _ROW_FIELDS}, ref_length=row.get("ref_length"))
            for row in comparison["ranking"]
        ],
    }


def export_json(comparison: Mapping) -> str:
    """The comparison as indented JSON (UTF-8 text, non-ASCII kept as is); see
    :func:`export_data` for its shape."""
    return json.dumps(export_data(comparison), indent=2, ensure_ascii=False)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text_cell(text: str) -> str:
    """A text for a CSV cell that spreadsheets will not run as a formula: a leading
    ``'`` when it starts with ``=``, ``+``, ``-``, ``@``, tab or CR."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _max_order(comparison: Mapping) -> int:
    return int(comparison["options"]["max_order"])


def export_csv(comparison: Mapping) -> str:
    """One row per candidate, best first, under a header row (RFC 4180; CRLF line ends).

    Columns: ``rank, candidate, score, p1_matches, p1_total, p1, ..., pN_matches,
    pN_total, pN, bp, c, r, signature, text``.
    """
    n = _max_order(comparison)
    header = ["rank", "candidate", "score"]
    for k in range(1, n + 1):
        header += [f"p{k}_matches", f"p{k}_total", f"p{k}"]
    header += ["bp", "c", "r", "signature", "text"]
    buf = io.StringIO(newline="")
    w = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(header)
    sig = comparison["signature"]
    for row in comparison["ranking"]:
        cells = [row["rank"], row["index"] + 1, repr(float(row["score"]))]
        for p in row["precisions"]:
            cells += [p["matches"], p["total"], repr(float(p["value"]))]
        cells += [repr(float(row["brevity_penalty"])), row["hyp_len"], row["ref_len"], sig, csv_text_cell(row["text"])]
        w.writerow(cells)
    return buf.getvalue()


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_NEWLINES = re.compile(r"\r\n|\r|\n|\u2028|\u2029")


def markdown_cell(text: str) -> str:
    """A text escaped for a Markdown table cell: shown literally, one cell, one row.

    Backslash-escapes ``\\ ` * _ [ ] < > | ~ &`` and turns each line break into ``<br>``.
    """
    return _NEWLINES.sub("<br>", _MD_SPECIAL.sub(r"\\\1", text))


def export_markdown(comparison: Mapping, lang: str | Mapping[str, str] = "en") -> str:
    """The ranking as a Markdown table, best first, then the signature.

    Args:
        comparison: from :func:`bleu2.compare.compare`.
        lang: language of the headers and of the numbers (``0,7071`` in es/pt).
    Returns:
        str, e.g.::

            | Rank | Candidate | BLEU-2 | p1 | p2 | BP | c | r | Text |
            |---:|---:|---:|---:|---:|---:|---:|---:|:---|
            | 1 | 1 | 0.7071 | 5/6 = 0.8333 | 3/5 = 0.6000 | 1.0000 | 6 | 6 | the cat is on the mat |

            Signature: nrefs:1|case:lc|...
    """
    s = i18n.strings_for(lang)
    n = _max_order(comparison)
    num = lambda v: i18n.format_number(v, s)  # noqa: E731
    header = [i18n.t(s, "col_rank"), i18n.t(s, "col_candidate"), i18n.t(s, "col_score", order=n)]
    header += [i18n.t(s, "col_precision", n=k) for k in range(1, n + 1)]
    header += [i18n.t(s, "col_bp"), i18n.t(s, "col_hyp_len"), i18n.t(s, "col_ref_len"), i18n.t(s, "col_text")]
    lines = ["| " + " | ".join(markdown_cell(h) for h in header) + " |"]
    lines.append("|" + "---:|" * (len(header) - 1) + ":---|")
    for row in comparison["ranking"]:
        cells = [str(row["rank"]), str(row["index"] + 1), num(row["score"])]
        for p in row["precisions"]:
            frac = f"({p['matches']}+1)/({p['total']}+1)" if p["smoothed"] and comparison["options"].get(
                "smoothing") == "add-1" else f"{p['matches']}/{p['total']}"
            cells.append(f"{frac} = {num(p['value'])}" + ("\\*" if p["smoothed"] else ""))
        cells += [num(row["brevity_penalty"]), str(row["hyp_len"]), str(row["ref_len"]), markdown_cell(row["text"])]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    note = markdown_cell(i18n.t(s, "signature") + ": " + comparison["signature"])
    if any(p["smoothed"] for row in comparison["ranking"] for p in row["precisions"]):
        note = markdown_cell(i18n.t(s, "chart_smoothed_note")) + ". " + note
    lines.append(note)
    return "\n".join(lines) + "\n"
