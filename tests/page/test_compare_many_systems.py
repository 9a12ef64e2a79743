"""The Compare view with 16 systems of long names that differ only in the middle (a shared task's submissions): its
tables' heads and its charts' legends name each system by its distinct part, every legend entry inside its chart,
the rows of the legend pushing the plot down; the verdict and the pair list keep the full names."""

from __future__ import annotations

from corpus_page import REF, SYS1, SYS2, Page, view

NAMES = [f"newstest2024-ende.submission-team{k:02d}.detok.eng" for k in range(1, 17)]


def test_sixteen_long_names_are_told_apart_in_the_compare_views_heads_and_legends():
    page = Page()
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "100")
    page.load("reference", ("ref.txt", REF))
    page.load("system", *((name, SYS1 if k % 2 else SYS2) for k, name in enumerate(NAMES)))
    page.scored()
    shown = view(page)
    words = next(b for b in shown["blocks"] if b["id"] == "compare-words")
    assert words["head"][1:] == [f"F: team{k:02d}" for k in range(1, 17)]
    wrapped = 0
    for block in shown["blocks"]:
        chart = block["chart"]
        legend = [e for e in chart["elements"] if e["tag"] == "text" and e["text"].startswith("team")]
        assert [e["text"] for e in legend] == [f"team{k:02d}" for k in range(1, 17)]
        assert all(float(e["attrs"]["x"]) + 14 * 8 <= chart["width"] for e in legend)  # 8 px a letter at most
        rows = sorted({e["attrs"]["y"] for e in legend})
        bars = [e for e in chart["elements"] if e["tag"] == "rect" and "children" in e]
        assert min(float(b["attrs"]["y"]) for b in bars) > float(rows[-1])
        wrapped += len(rows) > 1
    assert wrapped  # a chart narrower than 16 legend entries wraps them
    assert shown["pairs"]["options"] == NAMES[1:] and shown["pairs"]["baseline"] == NAMES[0]
    assert NAMES[0] in shown["verdict"]["headline"]
    # team01 against team03, the same output: no difference to test, whatever p-value sacreBLEU's test prints
    page.on("compare_pair", 1)
    verdict = view(page)["verdict"]
    assert verdict["headline"].startswith(f"{NAMES[0]} and {NAMES[2]} score the same: BLEU ")
    assert verdict["significant"] is False and verdict["significance"].startswith(
        "The two corpus scores are the same number: there is no difference to test (paired bootstrap prints p = "
    )
