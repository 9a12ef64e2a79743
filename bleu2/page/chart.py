"""A small bar chart of p1..pN, the brevity penalty and the score, as inline-SVG data.

The page builds the elements (``createElementNS``, ``setAttribute``, ``textContent``); no markup, no user text. Every
bar has its name and value; a smoothed precision is also hatched and marked ``*``. One axis, 0 to 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from . import i18n
from .tables import NO_NUMBER

__all__ = ["SVG_NS", "bar_chart", "chart_values", "drawing", "element", "histogram", "label", "line"]

SVG_NS = "http://www.w3.org/2000/svg"

_MARGIN_LEFT = 34
_MARGIN_RIGHT = 8
_MARGIN_TOP = 22
_MARGIN_BOTTOM = 36
_BAR_FRACTION = 0.62
_TICKS = (0.0, 0.5, 1.0)


class ChartPrecision(TypedDict):
    n: int
    value: float
    smoothed: bool
    used: bool


class ChartValues(TypedDict):
    """The numbers the chart shows (:func:`chart_values`): floats in [0, 1] once clamped."""

    precisions: list[ChartPrecision]
    brevity_penalty: float
    score: float
    max_order: int


class SvgDrawing(TypedDict):
    """An SVG as data for ``paint.svg``: size, title, the ``<svg>``'s attributes, elements (tag, attrs, text)."""

    width: int
    height: int
    viewBox: str
    title: str
    attrs: dict[str, str]
    elements: list[dict[str, Any]]


class BarChart(SvgDrawing):
    desc: str


class Histogram(SvgDrawing):
    counts: list[int]


def _num(x: float) -> str:
    """An attribute value: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, Mapping):
        return obj[name]
    return getattr(obj, name)


def chart_values(result_or_row: Any) -> ChartValues:
    """The numbers the chart shows, from a :class:`~bleu2.metrics.bleu.result.BleuResult`, its ``to_dict()`` or a comparison row.

    ``used`` is False for an order left out of the geometric mean (``mean_weights``).
    Raises KeyError, AttributeError: an object without these fields."""
    try:
        weights = list(_get(result_or_row, "mean_weights") or ())
    except (KeyError, AttributeError):
        weights = []
    precisions: list[ChartPrecision] = []
    for i, p in enumerate(_get(result_or_row, "precisions")):
        used = i >= len(weights) or weights[i] is not None
        precisions.append(
            {
                "n": int(_get(p, "n")),
                "value": float(_get(p, "value")),
                "smoothed": bool(_get(p, "smoothed")) and used,
                "used": used,
            }
        )
    return {
        "precisions": precisions,
        "brevity_penalty": float(_get(result_or_row, "brevity_penalty")),
        "score": float(_get(result_or_row, "score")),
        "max_order": len(precisions),
    }


def drawing(
    width: int, height: int, title: str, id_prefix: str, css: str, elements: list[dict[str, Any]]
) -> SvgDrawing:
    """An SVG's data: its size, title, ``<svg>`` attributes (labelled by its title and desc) and elements."""
    viewbox = f"0 0 {width} {height}"
    attrs = {"viewBox": viewbox, "width": str(width), "height": str(height), "role": "img"}
    attrs.update({"aria-labelledby": f"{id_prefix}-title {id_prefix}-desc", "class": css})
    return {"width": width, "height": height, "viewBox": viewbox, "title": title, "attrs": attrs, "elements": elements}


def element(
    tag: str, attrs: dict[str, str], text: str = "", children: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """One element of a drawing (``children`` only when given)."""
    out: dict[str, Any] = {"tag": tag, "attrs": attrs, "text": text}
    if children is not None:
        out["children"] = children
    return out


def label(x: str, y: str, text: str, css: str, anchor: str = "middle") -> dict[str, Any]:
    """A ``text`` element at (``x``, ``y``)."""
    return element("text", {"x": x, "y": y, "text-anchor": anchor, "class": css}, text)


def line(x1: str, y1: str, x2: str, y2: str, css: str) -> dict[str, Any]:
    """A ``line`` element."""
    return element("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "class": css})


def _clamp(v: float) -> float:
    return 0.0 if not v > 0.0 else (1.0 if v > 1.0 else v)


def bar_chart(
    result_or_row: Any, lang: str = "en", width: int = 320, height: int = 200, id_prefix: str = "bleu2-chart"
) -> BarChart:
    """The chart of p1..pN, BP and the score as SVG data (``width``/``height`` in CSS pixels).

    ``id_prefix`` prefixes the ids inside the SVG (one per chart on a page). An order left out of the mean has an empty
    bar (``bar-left-out``) and "–" as its value.
    Raises ValueError: width or height too small to draw in."""
    if width < 120 or height < 100:
        raise ValueError(f"the chart needs at least 120 x 100 pixels, got {width} x {height}")
    vals = chart_values(result_or_row)
    order = vals["max_order"]

    def fmt(v: float) -> str:
        return i18n.format_number(v, lang)

    mark = i18n.t(lang, "chart_smoothed_mark")

    left_out = i18n.t(lang, "left_out")
    bars = []  # (label, value or None when left out of the mean, css class, smoothed)
    for p in vals["precisions"]:
        cls = f"bar bar-precision bar-p{p['n']}" + (" bar-smoothed" if p["smoothed"] else "")
        cls += "" if p["used"] else " bar-left-out"
        bars.append((f"p{p['n']}", p["value"] if p["used"] else None, cls, p["smoothed"]))
    bars.append((i18n.t(lang, "chart_bp"), vals["brevity_penalty"], "bar bar-bp", False))
    bars.append((i18n.t(lang, "chart_score", order=order), vals["score"], "bar bar-score", False))

    def shown(v: float | None, smoothed: bool) -> str:
        return left_out if v is None else fmt(v) + (mark if smoothed else "")

    title = i18n.t(lang, "chart_title", order=order)
    described = ", ".join(f"{name} {shown(v, sm)}" for name, v, _, sm in bars)
    desc = i18n.t(lang, "chart_desc", values=described)
    if any(sm for *_, sm in bars):
        desc += " " + i18n.t(lang, "chart_smoothed_note")

    plot_left, plot_right = _MARGIN_LEFT, width - _MARGIN_RIGHT
    plot_top, plot_bottom = _MARGIN_TOP, height - _MARGIN_BOTTOM
    plot_h = plot_bottom - plot_top
    band = (plot_right - plot_left) / len(bars)
    bar_w = band * _BAR_FRACTION
    hatch_id = f"{id_prefix}-hatch"

    def y_of(v: float) -> float:
        return plot_bottom - plot_h * _clamp(v)

    hatch = element("line", {"x1": "0", "y1": "0", "x2": "0", "y2": "6", "class": "hatch-line"})
    pattern = {"id": hatch_id, "patternUnits": "userSpaceOnUse", "width": "6", "height": "6"}
    pattern["patternTransform"] = "rotate(45)"
    elements = [
        element("title", {"id": f"{id_prefix}-title"}, title),
        element("desc", {"id": f"{id_prefix}-desc"}, desc),
        element("defs", {}, children=[element("pattern", pattern, children=[hatch])]),
    ]
    for tick in _TICKS:
        y = _num(y_of(tick))
        elements.append(line(_num(plot_left), y, _num(plot_right), y, "axis" if tick == 0 else "axis-grid"))
        text = "0" if tick == 0 else "1" if tick == 1 else i18n.format_number(tick, lang, 1)
        elements.append(label(_num(plot_left - 4), _num(y_of(tick) + 4), text, "axis-label", "end"))
    for i, (name, value, cls, smoothed) in enumerate(bars):
        cx = plot_left + band * (i + 0.5)
        top = y_of(value or 0.0)
        rect = {"x": _num(cx - bar_w / 2), "y": _num(top), "width": _num(bar_w), "height": _num(plot_bottom - top)}
        elements.append(element("rect", {**rect, "class": cls}))
        if smoothed:
            elements.append(element("rect", {**rect, "class": "bar-hatch", "fill": f"url(#{hatch_id})"}))
        value_text = NO_NUMBER if value is None else shown(value, smoothed)
        elements.append(label(_num(cx), _num(top - 5), value_text, "bar-value"))
        elements.append(label(_num(cx), _num(plot_bottom + 15), name, "bar-label"))
    if any(sm for *_, sm in bars):
        note = i18n.t(lang, "chart_smoothed_note")
        elements.append(label(_num(plot_right), _num(height - 4), note, "chart-note", "end"))
    return {**drawing(width, height, title, id_prefix, "chart", elements), "desc": desc}


def histogram(
    values: Sequence[float],
    lang: str = "en",
    bins: int = 10,
    title: str = "",
    width: int = 480,
    height: int = 200,
    id_prefix: str = "bleu2-hist",
    x_title: str = "",
    y_title: str = "",
    scale: float = 1.0,
) -> Histogram:
    """A histogram of ``values`` (sentence scores in [0, ``scale``], clamped) in ``bins`` equal bins, as
    :func:`bar_chart`. Raises ValueError: fewer than 1 bin, or a drawing too small."""
    if bins < 1:
        raise ValueError(f"bins must be >= 1, got {bins}")
    if width < 120 or height < 100:
        raise ValueError(f"the chart needs at least 120 x 100 pixels, got {width} x {height}")
    counts = [0] * bins
    for v in values:
        counts[min(int(_clamp(v / scale) * bins), bins - 1)] += 1
    top = max(counts) or 1
    plot_left, plot_right = _MARGIN_LEFT, width - _MARGIN_RIGHT
    plot_top, plot_bottom = _MARGIN_TOP, height - _MARGIN_BOTTOM
    band = (plot_right - plot_left) / bins
    edges = [scale * i / bins for i in range(bins + 1)]
    decimals = 1 if bins <= 10 else 2

    def fmt(v: float) -> str:
        return i18n.format_number(v, lang, decimals)

    described = ", ".join(
        f"{fmt(a)}–{fmt(b)}: {i18n.format_integer(c, lang)}" for a, b, c in zip(edges, edges[1:], counts)
    )
    elements = [
        element("title", {"id": f"{id_prefix}-title"}, title),
        element("desc", {"id": f"{id_prefix}-desc"}, i18n.t(lang, "histogram_desc", values=described)),
        line(_num(plot_left), _num(plot_bottom), _num(plot_right), _num(plot_bottom), "axis"),
    ]
    for tick in _TICKS:
        x = plot_left + (plot_right - plot_left) * tick
        if scale != 1.0:
            text = i18n.format_g(tick * scale, lang)
        else:
            text = "0" if tick == 0 else "1" if tick == 1 else i18n.format_number(tick, lang, 1)
        elements.append(label(_num(x), _num(plot_bottom + 15), text, "axis-label"))
    if x_title:
        elements.append(label(_num((plot_left + plot_right) / 2), _num(height - 4), x_title, "axis-title"))
    if y_title:
        cy = _num((plot_top + plot_bottom) / 2)
        at = {"x": "12", "y": cy, "text-anchor": "middle", "transform": f"rotate(-90 12 {cy})", "class": "axis-title"}
        elements.append(element("text", at, y_title))
    for i, c in enumerate(counts):
        h = (plot_bottom - plot_top) * c / top
        x = plot_left + band * i + band * (1 - _BAR_FRACTION) / 2
        rect = {"x": _num(x), "y": _num(plot_bottom - h), "width": _num(band * _BAR_FRACTION), "height": _num(h)}
        elements.append(element("rect", {**rect, "class": "bar bar-histogram"}))
        count = i18n.format_integer(c, lang)
        elements.append(label(_num(x + band * _BAR_FRACTION / 2), _num(plot_bottom - h - 4), count, "bar-value"))
    return {**drawing(width, height, title, id_prefix, "chart histogram", elements), "counts": counts}
