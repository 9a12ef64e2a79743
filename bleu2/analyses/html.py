"""The analyses as one self-contained HTML file, from the JSON object: tables and SVG charts
(:mod:`bleu2.analyses.svg`), light and dark (``prefers-color-scheme``), readable offline.

No script, no link, no image or font from anywhere: one ``<style>``, inline SVG. Every text
from the input (names, n-grams, sentences) is HTML-escaped. Pure: a str from plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from .svg import STYLE as CHART_STYLE
from .svg import bar_chart
from .text import num, pairs_of, pct

__all__ = ["STYLE", "fragment", "render"]

#: The report's CSS (scoped to ``.b2c``).
STYLE = (
    ".b2c{font-family:system-ui,sans-serif;line-height:1.4;color:#1b1b1b;background:#fff;padding:0 .5rem}"
    ".b2c table{border-collapse:collapse;margin:.5rem 0 1rem}"
    ".b2c th,.b2c td{border:1px solid #8886;padding:2px 6px}"
    ".b2c td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".b2c caption{font-weight:bold;text-align:left}"
    ".b2c .ex{margin:.25rem 0 .75rem}.b2c .ex td:first-child{white-space:nowrap}"
    ".b2c .sig{font-size:90%;opacity:.8}"
    # headings sized for a report inside a page (a notebook's output cell): div.b2c outranks
    # a notebook's own h1/h2 rules (.jp-RenderedHTMLCommon h2)
    "div.b2c h1{font-size:1.5em;margin:.75em 0 .5em}div.b2c h2{font-size:1.2em;margin:1.25em 0 .4em}"
    "div.b2c h4{font-size:1em;margin:.75em 0 .25em}"
    "@media (prefers-color-scheme: dark){.b2c{color:#e8e8e8;background:#161616}}" + CHART_STYLE
)


def _table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int = 1) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in header)
    body = []
    for row in rows:
        cells = [f'<th scope="row">{escape(row[0])}</th>']
        cells += [f'<td class="{"n" if j >= numeric_from else ""}">{escape(c)}</td>' for j, c in enumerate(row[1:], 1)]
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _by_bucket(caption: str, first: str, buckets: Sequence[str], columns: Sequence[tuple[str, Sequence[str]]]) -> str:
    rows = [[b] + [col[i] for _, col in columns] for i, b in enumerate(buckets)]
    return _table(caption, [first] + [name for name, _ in columns], rows)


def _examples(ex: Mapping[str, Any], names: Sequence[str], li: int, ri: int, lines: Mapping[str, Any] | None) -> str:
    left, right = names[li], names[ri]
    out = []
    for key, a, b in (("left_better", left, right), ("right_better", right, left)):
        out.append(f"<h4>{len(ex[key])} sentences where {escape(a)} &gt; {escape(b)} (sentence BLEU)</h4>")
        for e in ex[key]:
            rows = []
            if lines is not None:
                i = e["line"] - 1
                refs = lines["references"]
                for k, ref in enumerate(refs):
                    rows.append([f"Ref{k + 1 if len(refs) > 1 else ''}", ref[i], ""])
                rows.append([left, lines["systems"][li][i], pct(e["left"])])
                rows.append([right, lines["systems"][ri][i], pct(e["right"])])
            else:
                rows += [[left, "", pct(e["left"])], [right, "", pct(e["right"])]]
            caption = f"line {e['line']}: {left} - {right} = {pct(e['diff'])}"
            out.append(
                '<div class="ex">' + _table(caption, ["", "text", "sentence BLEU"], rows, numeric_from=2) + "</div>"
            )
    return "".join(out)


def _ngrams(ng: Mapping[str, Any], names: Sequence[str]) -> str:
    left, right = names[ng["left"]], names[ng["right"]]
    out = []
    for key, a, b in (("left_better", left, right), ("right_better", right, left)):
        rows = [[r["ngram"], num(r["score"]), str(r["left"]), str(r["right"])] for r in ng[key]]
        out.append(
            _table(f"{len(rows)} n-grams where {a} > {b} in {ng['compare']}", ["n-gram", "score", left, right], rows)
        )
    return "".join(out)


def fragment(
    report: Mapping[str, Any], lines: Mapping[str, Any] | None = None, signature: str = "", heading: str = ""
) -> str:
    """The report as one ``<div class="b2c">`` with its ``<style>`` (Jupyter's ``_repr_html_``),
    under an ``<h1>`` when ``heading`` is given."""
    names = list(report["systems"])
    parts = [f"<style>{STYLE}</style>", '<div class="b2c">']
    if heading:
        parts.append(f"<h1>{escape(heading)}</h1>")
    parts.append("<h2>Scores</h2>")
    sig = {r["system"]: r for r in report["significance"]["systems"]} if "significance" in report else None
    header = ["system", "BLEU", "length ratio", "hyp_len", "ref_len"] + (["p-value"] if sig else [])
    rows = []
    for i, s in enumerate(report["scores"]):
        row = [s["system"], pct(s["bleu"]), num(s["length_ratio"]), str(s["hyp_len"]), str(s["ref_len"])]
        if sig:
            p = sig[i]["p_value"]
            row.append("baseline" if p is None else num(p))
        rows.append(row)
    parts.append(_table("BLEU (percent) and length ratio", header, rows))
    parts.append(bar_chart("BLEU", [""], [(n, [s["bleu"] * 100]) for n, s in zip(names, report["scores"])], "BLEU"))

    w = report["word_accuracy"]
    parts.append("<h2>Word accuracy by frequency bucket</h2>")
    f_series = [(n, [b["f"] for b in row]) for n, row in zip(names, w["systems"])]
    parts.append(bar_chart("Word F-measure by frequency", w["buckets"], f_series, "F-measure", 1.0))
    cols = []
    for n, row in zip(names, w["systems"]):
        cols += [(f"{n} F", [num(b["f"]) for b in row]), (f"{n} precision", [num(b["precision"]) for b in row])]
        cols += [(f"{n} recall", [num(b["recall"]) for b in row])]
    parts.append(_by_bucket("F-measure, precision and recall", w["by"], w["buckets"], cols))

    lb = report["length_buckets"]
    parts.append("<h2>BLEU by reference length</h2>")
    series = [(n, [x * 100 for x in row]) for n, row in zip(names, lb["bleu"])]
    parts.append(bar_chart("BLEU by reference length", lb["buckets"], series, "BLEU"))
    cols = [(f"{n} BLEU", [pct(x) for x in row]) for n, row in zip(names, lb["bleu"])]
    cols += [(f"{n} sentences", [str(x) for x in row]) for n, row in zip(names, lb["sentences"])]
    parts.append(_by_bucket("BLEU (percent) and sentences per bucket", "length", lb["buckets"], cols))

    for key, title, first in (
        ("length_difference", "Sentences by len(output) - len(reference)", "difference"),
        ("sentence_bleu_buckets", "Sentences by sentence BLEU", "sentence BLEU"),
    ):
        c = report[key]
        parts.append(f"<h2>{escape(title)}</h2>")
        parts.append(
            bar_chart(
                title, c["buckets"], [(n, [float(x) for x in row]) for n, row in zip(names, c["counts"])], "sentences"
            )
        )
        parts.append(
            _by_bucket(title, first, c["buckets"], [(n, [str(x) for x in row]) for n, row in zip(names, c["counts"])])
        )

    for pair in pairs_of(report):
        ng = pair["ngrams"]
        left, right = names[ng["left"]], names[ng["right"]]
        parts.append(f"<h2>Characteristic n-grams: {escape(left)} and {escape(right)}</h2>")
        parts.append(
            f'<p class="sig">n = {ng["n"][0]}..{ng["n"][1]}, compare = {escape(ng["compare"])}, alpha = {ng["alpha"]:g}</p>'
        )
        parts.append(_ngrams(ng, names))
        parts.append(f"<h2>Sentence examples: {escape(left)} and {escape(right)}</h2>")
        parts.append(_examples(pair["examples"], names, ng["left"], ng["right"], lines))
    if signature:
        parts.append(f'<p class="sig">signature = {escape(signature)}</p>')
    parts.append("</div>")
    return "".join(parts)


def render(
    report: Mapping[str, Any], lines: Mapping[str, Any] | None = None, signature: str = "", title: str = "bleu2 compare"
) -> str:
    """The whole HTML document (``bleu2 compare --html FILE``)."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escape(title)}</title>\n"
        "<style>body{margin:0;background:#fff}@media (prefers-color-scheme: dark){body{background:#161616}}</style>\n"
        f"</head>\n<body>\n{fragment(report, lines, signature, title)}\n</body>\n</html>\n"
    )
