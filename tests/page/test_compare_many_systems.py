"""The Compare view with 16 systems of long names that differ only in the middle (a shared task's submissions): its
tables' rows and its charts' legends name each system by its distinct part (a row per system, a column per bucket), every legend entry inside its chart,
the rows of the legend pushing the plot down; the verdict and the pair list keep the full names."""

from __future__ import annotations

import json

from corpus_page import REF, SYS1, SYS2, Page, view

LENGTHS = ["[10,20)", "[20,30)", "[30,40)", "[40,50)", "[50,60)"]
NAMES = [f"newstest2024-ende.submission-team{k:02d}.detok.eng" for k in range(1, 17)]


def test_sixteen_long_names_are_told_apart_in_the_compare_views_heads_and_legends():
    page = Page()
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "100")
    page.load("reference", ("ref.txt", REF))
    page.load("system", *((name, SYS1 if k % 2 else SYS2) for k, name in enumerate(NAMES)))
    page.scored()
    shown = view(page)
    wrapped = 0
    for block in shown["blocks"]:
        # a row per system, a column per bucket: as many columns with 16 systems as with 2 (fits 1280 px)
        assert [row[0]["text"] for row in block["rows"]] == [f"team{k:02d}" for k in range(1, 17)], block["id"]
        assert all(len(row) == len(block["head"]) for row in block["rows"])
        chart = block["chart"]
        legend = [e for e in chart["elements"] if e["tag"] == "text" and e["text"].startswith("team")]
        assert [e["text"] for e in legend] == [f"team{k:02d}" for k in range(1, 17)]
        assert all(float(e["attrs"]["x"]) + 14 * 8 <= chart["width"] for e in legend)  # 8 px a letter at most
        rows = sorted({e["attrs"]["y"] for e in legend})
        bars = [e for e in chart["elements"] if e["tag"] == "rect" and "children" in e]
        assert min(float(b["attrs"]["y"]) for b in bars) > float(rows[-1])
        wrapped += len(rows) > 1
    assert wrapped  # a chart narrower than 16 legend entries wraps them
    # BLEU by reference length: 8 columns (the system, 7 buckets), each cell the bucket's BLEU and its count
    length = next(b for b in shown["blocks"] if b["id"] == "compare-length")
    assert length["head"] == ["System: BLEU (sentences) by reference length", "<10", *LENGTHS, ">=60"]
    data = json.loads(shown["json"])["length_buckets"]
    for i, count in enumerate(data["sentences"][1]):  # team02's
        cell = length["rows"][1][1 + i]
        assert cell["value"] == f"{data['bleu'][1][i]:.4f}" and cell["text"] == str(count)
        assert cell.get("button", {}).get("bucket") == (i if count else None)  # a count lists its sentences
    assert any(data["sentences"][1])
    assert shown["pairs"]["options"] == NAMES[1:] and shown["pairs"]["baseline"] == NAMES[0]
    assert NAMES[0] in shown["verdict"]["headline"]
    # team01 against team03, the same output: no difference to test, whatever p-value sacreBLEU's test prints
    page.on("compare_pair", 1)
    verdict = view(page)["verdict"]
    assert verdict["headline"].startswith(f"{NAMES[0]} and {NAMES[2]} score the same: BLEU ")
    assert verdict["significant"] is False and verdict["significance"].startswith(
        "The two corpus scores are the same number: there is no difference to test (paired bootstrap prints p = "
    )
