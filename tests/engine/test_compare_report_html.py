"""The compare report's charts and headings as a notebook shows them (``_repr_html_``): no
legend entry or x label outside its chart's view box, at a generous width per character
(0.62 em of the charts' 11px font, wider than a sans-serif's average), and headings
sized for an output cell."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import bleu2
from bleu2.analyses.html import STYLE
from bleu2.analyses.svg import bar_chart

PX = 0.62 * 11  # px per character, checked independently of the chart's own estimate
SIN45 = 2**-0.5
NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> tuple[ET.Element, float, float]:
    root = ET.fromstring(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    _, _, width, height = map(float, root.attrib["viewBox"].split())
    return root, width, height


def legend(root: ET.Element) -> list[tuple[float, str]]:
    """(x, text) of the legend's entries: each text that follows a 10 x 10 swatch."""
    children = list(root)
    return [
        (float(t.attrib["x"]), t.text or "")
        for swatch, t in zip(children, children[1:])
        if swatch.tag.endswith("rect") and swatch.attrib.get("height") == "10" and t.tag.endswith("text")
    ]


@pytest.mark.parametrize("n_systems", [2, 3, 8])
def test_the_bleu_charts_legend_fits(n_systems):
    names = [f"sys: ted.sys{k}.detok.eng" for k in range(n_systems)]
    root, width, _ = parse(bar_chart("BLEU", [""], [(n, [20.0 + k]) for k, n in enumerate(names)], "BLEU"))
    entries = legend(root)
    assert [t for _, t in entries] == names
    for x, text in entries:
        assert x + PX * len(text) <= width, text


def test_rotated_x_labels_fit_right_and_below():
    buckets = ["<1", "1", "2", "[5,10)", "[100,1000)", ">=1000"]
    root, width, height = parse(bar_chart("Word F-measure", buckets, [("a", [0.5] * 6), ("b", [0.4] * 6)], "F", 1.0))
    labels = [t for t in root.findall("svg:text", NS) if "rotate(45)" in t.attrib.get("transform", "")]
    assert [t.text for t in labels] == buckets
    for t in labels:
        x, y = map(float, re.search(r"translate\(([\d.]+) ([\d.]+)\)", t.attrib["transform"]).groups())
        extent = PX * len(t.text or "") * SIN45
        assert x + extent <= width, t.text
        assert y + extent + 11 * SIN45 <= height, t.text


def test_a_compare_report_in_a_notebook():
    names = ["sys: first system", "sys: second system"]
    r = bleu2.compare([["a b c", "d e"], ["a b", "d e f"]], [["a b c", "d e f"]], names=names, preset="compare-mt")
    cell = r._repr_html_()
    for svg in re.findall(r"<svg .*?</svg>", cell):
        root, width, _ = parse(svg)
        for x, text in legend(root):
            assert x + PX * len(text) <= width, text


def test_headings_are_sized_for_an_output_cell_and_outrank_the_notebooks():
    sizes = dict(re.findall(r"div\.b2c (h[1-4])\{font-size:([\d.]+)em", STYLE))
    assert set(sizes) >= {"h1", "h2", "h4"}
    assert float(sizes["h1"]) <= 1.5 and float(sizes["h2"]) <= 1.25 and float(sizes["h4"]) <= 1.0
