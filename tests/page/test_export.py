"""bleu2.export: JSON, CSV and Markdown of a comparison.

Numbers: the golden pair (p1 5/6, p2 3/5, BLEU-2 0.707107) and
"fox brown quick the" (p2 0/3 smoothed to 1/4, BLEU-2 0.5).
"""

from __future__ import annotations

import csv
import io
import json

from bleu2.page.sentence.candidates import compare
from bleu2.page.sentence.export import csv_text_cell, export_csv, export_json, export_markdown, markdown_cell

NASTY = '=HYPERLINK("http://x")|pipe, "quoted"\nsecond line *bold* <b>&amp;'


def _comparison():
    return compare(
        ["fox brown quick the", "the cat is on the mat", NASTY],
        ["the cat sat on the mat", "", "the quick brown fox"],
    )


def test_json_round_trips_with_exact_values_best_first():
    data = json.loads(export_json(_comparison()))
    assert data["tool"] == "bleu2"
    assert data["signature"].startswith("nrefs:2|case:lc|eff:no|tok:default|smooth:add-1|order:2|")
    assert data["options"]["max_order"] == 2 and data["options"]["smoothing"] == "add-1"
    assert [r["used"] for r in data["references"]] == [True, False, True]
    first, second, third = data["ranking"]
    # the cat is on the mat against both refs: unigrams 5/6, bigrams 3/5, c 6, r 6 -> sqrt(0.5) = 0.707107
    assert (first["index"], first["rank"]) == (1, 1)
    assert round(first["score"], 6) == 0.707107
    assert [(p["matches"], p["total"]) for p in first["precisions"]] == [(5, 6), (3, 5)]
    assert (second["index"], round(second["score"], 6)) == (0, 0.5)
    assert second["precisions"][1] == {"n": 2, "matches": 0, "total": 3, "value": 0.25, "smoothed": True}
    assert third["text"] == NASTY
    assert "results" not in data


def test_csv_parses_back_one_row_per_candidate():
    text = export_csv(_comparison())
    assert text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == [
        "rank",
        "candidate",
        "score",
        "p1_matches",
        "p1_total",
        "p1",
        "p2_matches",
        "p2_total",
        "p2",
        "bp",
        "c",
        "r",
        "signature",
        "text",
    ]
    assert len(rows) == 4
    r1 = rows[1]
    assert r1[:2] == ["1", "2"]  # rank 1 is candidate box 2
    assert abs(float(r1[2]) - 0.707107) < 5e-7
    assert r1[3:9] == ["5", "6", repr(5 / 6), "3", "5", "0.6"]
    assert r1[9:12] == ["1.0", "6", "6"]
    assert r1[12].startswith("nrefs:2|")
    assert r1[13] == "the cat is on the mat"
    r2 = rows[2]
    assert r2[:3] == ["2", "1", "0.5"] and r2[6:9] == ["0", "3", "0.25"]
    # the nasty text survives quoting, commas, quotes and the newline; only a formula guard is added
    assert rows[3][13] == "'" + NASTY
    assert all(len(r) == 14 for r in rows)


def test_csv_formula_guard():
    assert csv_text_cell("=1+1") == "'=1+1"
    assert csv_text_cell("+1") == "'+1"
    assert csv_text_cell("-x") == "'-x"
    assert csv_text_cell("@SUM(A1)") == "'@SUM(A1)"
    assert csv_text_cell("a = b") == "a = b"
    assert csv_text_cell("") == ""


def test_markdown_table():
    md = export_markdown(_comparison())
    lines = md.splitlines()
    assert lines[0] == "| Rank | Candidate | BLEU-2 | p1 | p2 | BP | c | r | Text |"
    assert lines[1] == "|---:|---:|---:|---:|---:|---:|---:|---:|:---|"
    assert lines[2] == "| 1 | 2 | 0.7071 | 5/6 = 0.8333 | 3/5 = 0.6000 | 1.0000 | 6 | 6 | the cat is on the mat |"
    assert (
        lines[3] == "| 2 | 1 | 0.5000 | 4/4 = 1.0000 | (0+1)/(3+1) = 0.2500\\* | 1.0000 | 4 | 4 | fox brown quick the |"
    )
    # the nasty text: one row, pipes and markup escaped, newline as <br>
    assert lines[4].endswith('| =HYPERLINK("http://x")\\|pipe, "quoted"<br>second line \\*bold\\* \\<b\\>\\&amp; |')
    assert len(lines) == 7 and lines[5] == ""
    assert lines[6].startswith("\\* smoothed. Signature: nrefs:2\\|case:lc")
    # every table row has the same number of unescaped cell separators
    import re

    counts = {len(re.findall(r"(?<!\\)\|", line)) for line in lines[:5]}
    assert counts == {10}


def test_markdown_in_spanish_uses_decimal_commas():
    md = export_markdown(_comparison(), "es")
    lines = md.splitlines()
    assert lines[0] == "| Puesto | Candidata | BLEU-2 | p1 | p2 | BP | c | r | Texto |"
    assert lines[2] == "| 1 | 2 | 0,7071 | 5/6 = 0,8333 | 3/5 = 0,6000 | 1,0000 | 6 | 6 | the cat is on the mat |"
    assert lines[-1].startswith("\\* suavizada. Firma: ")


def test_markdown_cell_escaping():
    assert markdown_cell("a|b") == "a\\|b"
    assert markdown_cell("a\\|b") == "a\\\\\\|b"
    assert markdown_cell("x\r\ny\nz\rw") == "x<br>y<br>z<br>w"
    assert markdown_cell("`code` _em_ [link](u) ~s~") == "\\`code\\` \\_em\\_ \\[link\\](u) \\~s\\~"
    assert markdown_cell("<script>") == "\\<script\\>"


def test_empty_comparison():
    c = compare([], ["a"])
    assert json.loads(export_json(c))["ranking"] == []
    assert export_csv(c).count("\r\n") == 1
    assert len(export_markdown(c).splitlines()) == 4


def test_per_format_messages_agree_in_gender():
    from bleu2.page import i18n
    from bleu2.page.sentence.export import export_text

    comp = compare(["the cat"], ["the cat"])
    expected = {
        "es": {
            "markdown": ("Tabla Markdown copiada.", "Tabla Markdown descargada."),
            "json": ("JSON copiado.", "JSON descargado."),
            "csv": ("CSV copiado.", "CSV descargado."),
        },
        "pt": {
            "markdown": ("Tabela Markdown copiada.", "Tabela Markdown baixada."),
            "json": ("JSON copiado.", "JSON baixado."),
            "csv": ("CSV copiado.", "CSV baixado."),
        },
        "en": {
            "markdown": ("Markdown table copied.", "Markdown table downloaded."),
            "json": ("JSON copied.", "JSON downloaded."),
            "csv": ("CSV copied.", "CSV downloaded."),
        },
    }
    for lang, formats in expected.items():
        for fmt, (copied, downloaded) in formats.items():
            out = export_text(comp, fmt, lang)
            assert (i18n.t(lang, out["copied"]), i18n.t(lang, out["downloaded"])) == (copied, downloaded)


def test_left_out_orders_in_markdown_and_json():
    comp = compare(
        ["the dog"], ["The quick brown fox jumps over the lazy dog"], max_order=4, smoothing="exp", effective_order=True
    )
    row = export_markdown(comp, "en").splitlines()[2]
    assert "0/0 (left out)" in row and row.count("(left out)") == 2
    assert json.loads(export_json(comp))["ranking"][0]["mean_weights"] == [0.5, 0.5, None, None]
