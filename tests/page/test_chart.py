"""bleu2.chart: the bar chart of p1..pN, BP and the score as SVG data."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import bleu2
from bleu2.page.chart import SVG_NS, bar_chart, chart_values
from bleu2.page.sentence.candidates import compare


def _to_svg(chart) -> ET.Element:
    """What the page's glue does with createElementNS/setAttribute/textContent."""
    root = ET.Element(f"{{{SVG_NS}}}svg", chart["attrs"])

    def add(parent, el):
        node = ET.SubElement(parent, f"{{{SVG_NS}}}{el['tag']}", el["attrs"])
        node.text = el["text"] or None
        for child in el.get("children", []):
            add(node, child)

    for el in chart["elements"]:
        add(root, el)
    return ET.fromstring(ET.tostring(root))  # well-formed


def _bars(chart):
    return [e for e in chart["elements"] if e["tag"] == "rect" and "bar " in e["attrs"]["class"] + " "]


def _texts(chart, cls):
    return [e["text"] for e in chart["elements"] if e["tag"] == "text" and e["attrs"]["class"] == cls]


def test_golden_pair_chart_english():
    # the golden pair: p1 5/6 = 0.8333, p2 3/5 = 0.6, BP 1, BLEU-2 0.7071
    chart = bar_chart(bleu2.sentence_bleu("the cat is on the mat", "the cat sat on the mat"), "en")
    assert _texts(chart, "bar-label") == ["p1", "p2", "BP", "BLEU-2"]
    assert _texts(chart, "bar-value") == ["0.8333", "0.6000", "1.0000", "0.7071"]
    assert [b["attrs"]["class"] for b in _bars(chart)] == [
        "bar bar-precision bar-p1",
        "bar bar-precision bar-p2",
        "bar bar-bp",
        "bar bar-score",
    ]
    assert chart["title"] == "Precisions, brevity penalty and BLEU-2"
    assert chart["desc"] == "Bar chart on a scale from 0 to 1: p1 0.8333, p2 0.6000, BP 1.0000, BLEU-2 0.7071."
    assert (chart["width"], chart["height"], chart["viewBox"]) == (320, 200, "0 0 320 200")
    assert chart["attrs"]["role"] == "img"
    assert chart["attrs"]["aria-labelledby"] == "bleu2-chart-title bleu2-chart-desc"
    assert _texts(chart, "chart-note") == []
    svg = _to_svg(chart)
    assert svg.find(f"{{{SVG_NS}}}title").text == chart["title"]


def test_bar_heights_are_proportional_to_the_values():
    chart = bar_chart(bleu2.sentence_bleu("the cat is on the mat", "the cat sat on the mat"))
    heights = [float(b["attrs"]["height"]) for b in _bars(chart)]
    full = heights[2]  # BP = 1
    assert full == 200 - 22 - 36
    for h, v in zip(heights, [5 / 6, 3 / 5, 1.0, 0.7071067811865476]):
        assert h == pytest.approx(v * full, abs=0.01)
    # all bars stand on the same baseline
    bottoms = {round(float(b["attrs"]["y"]) + float(b["attrs"]["height"]), 2) for b in _bars(chart)}
    assert len(bottoms) == 1


def test_smoothed_precision_is_hatched_and_marked_and_numbers_follow_the_language():
    # the golden table: "fox brown quick the" vs "the quick brown fox": p2 0/3 smoothed to 1/4
    result = bleu2.sentence_bleu("fox brown quick the", "the quick brown fox")
    chart = bar_chart(result, "pt")
    assert _texts(chart, "bar-value") == ["1,0000", "0,2500*", "1,0000", "0,5000"]
    assert "bar-smoothed" in _bars(chart)[1]["attrs"]["class"]
    hatch = [e for e in chart["elements"] if e["tag"] == "rect" and e["attrs"]["class"] == "bar-hatch"]
    assert len(hatch) == 1 and hatch[0]["attrs"]["fill"] == "url(#bleu2-chart-hatch)"
    defs = next(e for e in chart["elements"] if e["tag"] == "defs")
    assert defs["children"][0]["attrs"]["id"] == "bleu2-chart-hatch"
    assert _texts(chart, "chart-note") == ["* suavizada"]
    assert _texts(chart, "axis-label") == ["0", "0,5", "1"]
    assert chart["title"] == "Precisões, penalidade de brevidade e BLEU-2"
    _to_svg(chart)


def test_row_and_dict_inputs_and_higher_orders():
    out = compare(["the cat is on the mat"], ["the cat sat on the mat"], max_order=4)
    row = out["candidates"][0]
    a = bar_chart(row, "es", id_prefix="c1")
    b = bar_chart(out["results"][0], "es", id_prefix="c1")
    c = bar_chart(out["results"][0].to_dict(), "es", id_prefix="c1")
    assert a == b == c
    assert _texts(a, "bar-label") == ["p1", "p2", "p3", "p4", "BP", "BLEU-4"]
    assert a["attrs"]["aria-labelledby"] == "c1-title c1-desc"
    assert chart_values(row)["max_order"] == 4


def test_all_attribute_values_are_strings_and_no_markup():
    chart = bar_chart(bleu2.sentence_bleu("", "a b", smoothing="none"), "en", width=360, height=180)
    stack = list(chart["elements"])
    while stack:
        el = stack.pop()
        assert el["tag"] in {"title", "desc", "defs", "pattern", "line", "rect", "text"}
        assert all(isinstance(v, str) for v in el["attrs"].values())
        assert "<" not in el["text"]
        stack.extend(el.get("children", []))
    # an empty candidate without smoothing: zero-height bars, values 0
    assert [b["attrs"]["height"] for b in _bars(chart)] == ["0", "0", "0", "0"]
    with pytest.raises(ValueError):
        bar_chart(bleu2.sentence_bleu("a", "a"), "en", width=50)


def test_orders_left_out_of_the_mean_are_marked():
    # "the dog" / the fox sentence, BLEU-4, exp, effective order 2: p3 and p4 are not in
    # the mean; their bars are empty outlines with "–", and the description says so
    from bleu2.page.sentence.candidates import compare

    comp = compare(
        ["the dog"], ["The quick brown fox jumps over the lazy dog"], max_order=4, smoothing="exp", effective_order=True
    )
    for source in (comp["candidates"][0], comp["results"][0]):
        chart = bar_chart(source, "en")
        assert _texts(chart, "bar-value") == ["1.0000", "0.5000*", "–", "–", "0.0302", "0.0214"]
        left = [b for b in _bars(chart) if "bar-left-out" in b["attrs"]["class"]]
        assert [b["attrs"]["class"].split()[2] for b in left] == ["bar-p3", "bar-p4"]
        assert "p3 left out, p4 left out" in chart["desc"]
    assert "p3 fuera de la media" in bar_chart(comp["candidates"][0], "es")["desc"]
    # a dict without mean_weights (an old to_dict()) counts every order
    assert all(p["used"] for p in chart_values(comp["results"][0].to_dict())["precisions"])
