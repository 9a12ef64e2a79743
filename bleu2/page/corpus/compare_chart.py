"""The Compare view's grouped bar charts as SVG data (one bar per system and bucket).

Plain SVG data, in the shape of :func:`bleu2.page.chart.bar_chart`'s drawing (the page's
``bleu2Paint.svg`` builds it with ``createElementNS``, ``setAttribute`` and ``textContent``:
no markup, and the system names are text nodes).

The drawing keeps its natural width (about 30 px per bucket) so that its 11 px labels stay
readable on a 360 px screen, where the page scrolls it sideways. Colour is never the only
signal: each bar's value is in its ``<title>`` and the description lists every value; the
legend names the systems in order. Styling is left to CSS (``chart compare-chart``; bars
``bar cmp-s0``, ``cmp-s1``, ...). Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...analyses.svg import nice_top
from .. import i18n
from ..chart import SvgDrawing

__all__ = ["grouped_bars"]

_LEFT, _RIGHT, _TOP, _BOTTOM = 40, 44, 40, 64  # the right margin: the last label, turned
_PLOT_H = 150
#: Colour classes (``cmp-s0`` ..): the page's CSS has this many, light and dark.
COLOURS = 4


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
    """A grouped bar chart as SVG data.

    Args:
        title: the chart's title (``<title>`` and the heading inside the drawing).
        buckets: the x labels; series: (system name, one value >= 0 per bucket).
        lang: the page's language (numbers); id_prefix: the ids of its title and desc.
        integers: counts (ticks and values as integers) rather than scores in [0, 1].
        y_title: the y axis' name.
    """
    n_b, n_s = max(len(buckets), 1), max(len(series), 1)
    group = max(30, 10 * n_s + 12)
    width = _LEFT + _RIGHT + group * n_b
    height = _TOP + _PLOT_H + _BOTTOM
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
    y0 = _TOP + _PLOT_H
    elements: list[dict[str, Any]] = [
        {"tag": "title", "attrs": {"id": f"{id_prefix}-title"}, "text": title},
        {"tag": "desc", "attrs": {"id": f"{id_prefix}-desc"}, "text": described},
    ]
    for k, (name, _) in enumerate(series):
        lx = _LEFT + k * 150
        elements.append(
            {
                "tag": "rect",
                "attrs": {"x": _num(lx), "y": "8", "width": "10", "height": "10", "class": f"bar cmp-s{k % COLOURS}"},
                "text": "",
            }
        )
        elements.append({"tag": "text", "attrs": {"x": _num(lx + 14), "y": "17"}, "text": name[:22]})
    for j in range(6):
        v = top * j / 5
        y = y0 - _PLOT_H * j / 5
        elements.append(
            {
                "tag": "line",
                "attrs": {
                    "x1": _num(_LEFT),
                    "x2": _num(width - _RIGHT),
                    "y1": _num(y),
                    "y2": _num(y),
                    "class": "axis-grid",
                },
                "text": "",
            }
        )
        tick = i18n.format_integer(round(v), lang) if integers and v == round(v) else i18n.format_g(round(v, 4), lang)
        elements.append(
            {
                "tag": "text",
                "attrs": {"x": _num(_LEFT - 4), "y": _num(y + 4), "text-anchor": "end", "class": "axis-label"},
                "text": tick,
            }
        )
    if y_title:
        cy = _num(_TOP + _PLOT_H / 2)
        at = {"x": "10", "y": cy, "text-anchor": "middle", "transform": f"rotate(-90 10 {cy})", "class": "axis-title"}
        elements.append({"tag": "text", "attrs": at, "text": y_title})
    bar = (group - 10) / n_s
    for i, b in enumerate(buckets):
        gx = _LEFT + i * group + 5
        for k, (name, vs) in enumerate(series):
            v = vs[i] if i < len(vs) else 0.0
            h = _PLOT_H * min(max(v, 0.0), top) / top
            rect = {
                "x": _num(gx + k * bar),
                "y": _num(y0 - h),
                "width": _num(max(bar - 1, 1)),
                "height": _num(h),
                "class": f"bar cmp-s{k % COLOURS}",
            }
            tip = {"tag": "title", "attrs": {}, "text": f"{name}, {b}: {fmt(v)}"}
            elements.append({"tag": "rect", "attrs": rect, "text": "", "children": [tip]})
        cx = gx + (group - 10) / 2
        at = {"transform": f"translate({_num(cx)} {y0 + 10}) rotate(45)", "text-anchor": "start", "class": "axis-label"}
        elements.append({"tag": "text", "attrs": at, "text": b})
    axis = {"x1": _num(_LEFT), "x2": _num(width - _RIGHT), "y1": _num(y0), "y2": _num(y0), "class": "axis"}
    elements.append({"tag": "line", "attrs": axis, "text": ""})
    viewbox = f"0 0 {width} {height}"
    attrs = {"viewBox": viewbox, "width": str(width), "height": str(height), "role": "img"}
    attrs.update({"aria-labelledby": f"{id_prefix}-title {id_prefix}-desc", "class": "chart compare-chart"})
    return {"width": width, "height": height, "viewBox": viewbox, "title": title, "attrs": attrs, "elements": elements}
