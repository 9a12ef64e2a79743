"""The Compare view's grouped bar charts as SVG data (one bar per system and bucket).

About 30 px per bucket (its 11 px labels stay readable; a narrow screen scrolls it); each value is in its bar's
``<title>`` and in the description.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...analyses.svg import nice_top
from .. import i18n
from ..chart import SvgDrawing, drawing, element, label, line

__all__ = ["grouped_bars"]

_LEFT, _RIGHT, _TOP, _BOTTOM = 40, 44, 40, 64  # the right margin: the last label, turned
_PLOT_H = 150
_LEGEND = 150  # a legend entry's width
#: Colour classes (``cmp-s0`` ..): the page's CSS has this many, light and dark.
COLOURS = 8


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def grouped_bars(
    title: str,
    buckets: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    lang: str,
    id_prefix: str,
    integers: bool = False,
    y_title: str = "",
) -> SvgDrawing:
    """A grouped bar chart as SVG data: ``series`` (system name, one value >= 0 per bucket); ``integers``: counts."""
    n_b, n_s = max(len(buckets), 1), max(len(series), 1)
    group = max(30, 10 * n_s + 12)
    width = _LEFT + _RIGHT + group * n_b
    per_row = max(1, (width - _LEFT) // _LEGEND)  # the legend wraps: a row of 16 px each
    shift = 16 * ((len(series) - 1) // per_row) if series else 0
    height = _TOP + shift + _PLOT_H + _BOTTOM
    values = [v for _, vs in series for v in vs]
    top = nice_top(max(values, default=0.0)) if integers else (1.0 if max(values, default=0) > 0.5 else 0.5)
    if top <= 0:
        top = 1.0

    def fmt(v: float) -> str:
        return i18n.format_integer(round(v), lang) if integers else i18n.format_number(v, lang)

    described = "; ".join(
        f"{name}: " + ", ".join(f"{b} {fmt(vs[i] if i < len(vs) else 0.0)}" for i, b in enumerate(buckets))
        for name, vs in series
    )
    y0 = _TOP + shift + _PLOT_H
    elements = [
        element("title", {"id": f"{id_prefix}-title"}, title),
        element("desc", {"id": f"{id_prefix}-desc"}, described),
    ]
    for k, (name, _) in enumerate(series):
        lx, ly = _LEFT + (k % per_row) * _LEGEND, 8 + 16 * (k // per_row)
        square = {"x": _num(lx), "y": _num(ly), "width": "10", "height": "10", "class": f"bar cmp-s{k % COLOURS}"}
        elements.append(element("rect", square))
        elements.append(element("text", {"x": _num(lx + 14), "y": _num(ly + 9)}, name[:22]))
    for j in range(6):
        v = top * j / 5
        y = _num(y0 - _PLOT_H * j / 5)
        elements.append(line(_num(_LEFT), y, _num(width - _RIGHT), y, "axis-grid"))
        tick = i18n.format_integer(round(v), lang) if integers and v == round(v) else i18n.format_g(round(v, 4), lang)
        elements.append(label(_num(_LEFT - 4), _num(y0 - _PLOT_H * j / 5 + 4), tick, "axis-label", "end"))
    if y_title:
        cy = _num(_TOP + shift + _PLOT_H / 2)
        at = {"x": "10", "y": cy, "text-anchor": "middle", "transform": f"rotate(-90 10 {cy})", "class": "axis-title"}
        elements.append(element("text", at, y_title))
    bar = (group - 10) / n_s
    for i, b in enumerate(buckets):
        gx = _LEFT + i * group + 5
        for k, (name, vs) in enumerate(series):
            v = vs[i] if i < len(vs) else 0.0
            h = _PLOT_H * min(max(v, 0.0), top) / top
            rect = {"x": _num(gx + k * bar), "y": _num(y0 - h), "width": _num(max(bar - 1, 1)), "height": _num(h)}
            tip = element("title", {}, f"{name}, {b}: {fmt(v)}")
            elements.append(element("rect", {**rect, "class": f"bar cmp-s{k % COLOURS}"}, children=[tip]))
        cx = gx + (group - 10) / 2
        at = {"transform": f"translate({_num(cx)} {y0 + 10}) rotate(45)", "text-anchor": "start", "class": "axis-label"}
        elements.append(element("text", at, b))
    elements.append(line(_num(_LEFT), _num(y0), _num(width - _RIGHT), _num(y0), "axis"))
    return drawing(width, height, title, id_prefix, "chart compare-chart", elements)
