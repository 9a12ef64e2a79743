"""A small bar chart of p1..pN, the brevity penalty and the score, as inline-SVG data.

:func:`bar_chart` returns plain data that the page turns into SVG elements with
``document.createElementNS("http://www.w3.org/2000/svg", tag)``, ``setAttribute`` for each
of ``attrs`` and ``textContent`` for ``text`` (recursively for ``children``). Nothing here
builds markup, and the chart contains no user text.

Colour is never the only signal: every bar has its name under it and its value (four
decimals, formatted for the language) above it; a smoothed precision is also hatched and
its value marked with ``*``. Styling is left to CSS through class names:

* ``chart``: the ``<svg>``;
* ``bar`` plus ``bar-precision bar-p1`` .. ``bar-pN``, ``bar-bp``, ``bar-score``; a
  smoothed precision also has ``bar-smoothed``; ``bar-hatch`` is the hatched overlay;
* ``bar-value`` (the numbers), ``bar-label`` (p1, BP, BLEU-2), ``axis``, ``axis-grid``,
  ``axis-label``, ``chart-note``, ``hatch-line``.

All values are on one axis from 0 to 1 (scores are floats in [0, 1], never percent here).
Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from . import i18n
from .tables import NO_NUMBER

__all__ = ["SVG_NS", "bar_chart", "chart_values", "histogram"]

SVG_NS = "http://www.w3.org/2000/svg"

_MARGIN_LEFT = 34
_MARGIN_RIGHT = 8
_MARGIN_TOP = 22
_MARGIN_BOTTOM = 36
_BAR_FRACTION = 0.62
_TICKS = (0.0, 0.5, 1.0)


class ChartPrecision(TypedDict):
    """One bar of precisions (:func:`chart_values`)."""

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
    """An SVG as data for ``bleu2Paint.svg`` (:func:`bar_chart`): its size, its title, the
    ``<svg>``'s attributes and its elements (``{"tag", "attrs", "text", "children"?}``)."""

    width: int
    height: int
    viewBox: str
    title: str
    attrs: dict[str, str]
    elements: list[dict[str, Any]]


class BarChart(SvgDrawing):
    """:func:`bar_chart`: the drawing and its description (for screen readers)."""

    desc: str


class Histogram(SvgDrawing):
    """:func:`histogram`: the drawing and the count of each bin."""

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
    """The numbers the chart shows, from a :class:`~bleu2.result.BleuResult`, its
    ``to_dict()`` or a row of :func:`bleu2.page.sentence.candidates.compare`.

    Returns:
        ``{"precisions": [{"n", "value", "smoothed", "used"}], "brevity_penalty": float,
        "score": float, "max_order": int}``; values clamped to [0, 1]; ``used`` is False
        for an order left out of the geometric mean (``mean_weights``; all orders count
        where it is missing or empty).
    Raises:
        KeyError / AttributeError: an object without these fields.
    """
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


def _drawing(
    width: int, height: int, title: str, id_prefix: str, css: str, elements: list[dict[str, Any]]
) -> SvgDrawing:
    """The parts every drawing has: its size, title, ``<svg>`` attributes and elements."""
    viewbox = f"0 0 {width} {height}"
    attrs = {"viewBox": viewbox, "width": str(width), "height": str(height), "role": "img"}
    attrs.update({"aria-labelledby": f"{id_prefix}-title {id_prefix}-desc", "class": css})
    return {"width": width, "height": height, "viewBox": viewbox, "title": title, "attrs": attrs, "elements": elements}


def _clamp(v: float) -> float:
    return 0.0 if not v > 0.0 else (1.0 if v > 1.0 else v)


def bar_chart(
    result_or_row: Any,
    lang: str = "en",
    width: int = 320,
    height: int = 200,
    id_prefix: str = "bleu2-chart",
) -> BarChart:
    """Describe the chart of p1..pN, BP and the score as plain data.

    Args:
        result_or_row: a :class:`~bleu2.result.BleuResult`, its ``to_dict()``, or a row
            of :func:`bleu2.page.sentence.candidates.compare`.
        lang: the page's language (labels and the
            decimal separator: ``0,7071`` in es/pt).
        width, height: the drawing's size in CSS pixels (also the viewBox; the SVG
            scales with CSS ``width: 100%``).
        id_prefix: prefix of the ids inside the SVG (title, desc, hatch pattern); use
            a different one for each chart on the same page.
    Returns:
        ``{"width": int, "height": int, "viewBox": "0 0 W H", "title": str,
        "desc": str, "attrs": {attributes of the <svg>: viewBox, width, height, role,
        aria-labelledby, class}, "elements": [element, ...]}``, each element being
        ``{"tag": str, "attrs": {name: str}, "text": str}`` with an optional
        ``"children": [element, ...]``. Elements come in drawing order: ``title``,
        ``desc``, ``defs`` (the hatch pattern), axis grid and labels, then for each bar
        a ``rect`` (plus a hatched ``rect`` when smoothed), its value ``text`` and its
        label ``text``; finally the ``* smoothed`` note when a bar is smoothed. An order
        left out of the geometric mean (effective order) has an empty bar (class
        ``bar-left-out``), "–" as its value and "left out" in the description.
    Raises:
        ValueError: width or height too small to draw in.
    """
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
        bars.append(
            (
                f"p{p['n']}",
                p["value"] if p["used"] else None,
                cls + ("" if p["used"] else " bar-left-out"),
                p["smoothed"],
            )
        )
    bars.append((i18n.t(lang, "chart_bp"), vals["brevity_penalty"], "bar bar-bp", False))
    bars.append((i18n.t(lang, "chart_score", order=order), vals["score"], "bar bar-score", False))

    def shown(v: float | None, smoothed: bool) -> str:
        return left_out if v is None else fmt(v) + (mark if smoothed else "")

    title = i18n.t(lang, "chart_title", order=order)
    described = ", ".join(f"{label} {shown(v, sm)}" for label, v, _, sm in bars)
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

    elements: list[dict[str, Any]] = [
        {"tag": "title", "attrs": {"id": f"{id_prefix}-title"}, "text": title},
        {"tag": "desc", "attrs": {"id": f"{id_prefix}-desc"}, "text": desc},
        {
            "tag": "defs",
            "attrs": {},
            "text": "",
            "children": [
                {
                    "tag": "pattern",
                    "attrs": {
                        "id": hatch_id,
                        "patternUnits": "userSpaceOnUse",
                        "width": "6",
                        "height": "6",
                        "patternTransform": "rotate(45)",
                    },
                    "text": "",
                    "children": [
                        {
                            "tag": "line",
                            "attrs": {"x1": "0", "y1": "0", "x2": "0", "y2": "6", "class": "hatch-line"},
                            "text": "",
                        }
                    ],
                }
            ],
        },
    ]
    for tick in _TICKS:
        y = _num(y_of(tick))
        elements.append(
            {
                "tag": "line",
                "attrs": {
                    "x1": _num(plot_left),
                    "y1": y,
                    "x2": _num(plot_right),
                    "y2": y,
                    "class": "axis" if tick == 0 else "axis-grid",
                },
                "text": "",
            }
        )
        label = "0" if tick == 0 else "1" if tick == 1 else i18n.format_number(tick, lang, 1)
        elements.append(
            {
                "tag": "text",
                "attrs": {
                    "x": _num(plot_left - 4),
                    "y": _num(y_of(tick) + 4),
                    "text-anchor": "end",
                    "class": "axis-label",
                },
                "text": label,
            }
        )
    for i, (label, value, cls, smoothed) in enumerate(bars):
        cx = plot_left + band * (i + 0.5)
        x = cx - bar_w / 2
        top = y_of(value or 0.0)
        rect = {"x": _num(x), "y": _num(top), "width": _num(bar_w), "height": _num(plot_bottom - top), "class": cls}
        elements.append({"tag": "rect", "attrs": rect, "text": ""})
        if smoothed:
            elements.append(
                {"tag": "rect", "attrs": dict(rect, **{"class": "bar-hatch", "fill": f"url(#{hatch_id})"}), "text": ""}
            )
        elements.append(
            {
                "tag": "text",
                "attrs": {"x": _num(cx), "y": _num(top - 5), "text-anchor": "middle", "class": "bar-value"},
                "text": NO_NUMBER if value is None else shown(value, smoothed),
            }
        )
        elements.append(
            {
                "tag": "text",
                "attrs": {"x": _num(cx), "y": _num(plot_bottom + 15), "text-anchor": "middle", "class": "bar-label"},
                "text": label,
            }
        )
    if any(sm for *_, sm in bars):
        elements.append(
            {
                "tag": "text",
                "attrs": {"x": _num(plot_right), "y": _num(height - 4), "text-anchor": "end", "class": "chart-note"},
                "text": i18n.t(lang, "chart_smoothed_note"),
            }
        )
    return {**_drawing(width, height, title, id_prefix, "chart", elements), "desc": desc}


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
) -> Histogram:
    """A histogram of ``values`` (sentence scores in [0, 1]) as SVG data, in the shape of
    :func:`bar_chart`'s result.

    ``bins`` equal bins cover [0, 1] (a value of 1 falls in the last; values outside are
    clamped); each bar is labelled with its count; the axis shows 0, 0.5 and 1; the
    description lists every bin ("0–0.1: 12, ...") for screen readers; ``x_title`` and
    ``y_title``, when given, name the axes (class ``axis-title``; the y title turned a
    quarter turn, along the left edge).

    Raises:
        ValueError: fewer than 1 bin, or a drawing too small.
    """
    if bins < 1:
        raise ValueError(f"bins must be >= 1, got {bins}")
    if width < 120 or height < 100:
        raise ValueError(f"the chart needs at least 120 x 100 pixels, got {width} x {height}")
    counts = [0] * bins
    for v in values:
        counts[min(int(_clamp(v) * bins), bins - 1)] += 1
    top = max(counts) or 1
    plot_left, plot_right = _MARGIN_LEFT, width - _MARGIN_RIGHT
    plot_top, plot_bottom = _MARGIN_TOP, height - _MARGIN_BOTTOM
    band = (plot_right - plot_left) / bins
    edges = [i / bins for i in range(bins + 1)]
    decimals = 1 if bins <= 10 else 2

    def fmt(v: float) -> str:
        return i18n.format_number(v, lang, decimals)

    described = ", ".join(
        f"{fmt(a)}–{fmt(b)}: {i18n.format_integer(c, lang)}" for a, b, c in zip(edges, edges[1:], counts)
    )
    elements: list[dict[str, Any]] = [
        {"tag": "title", "attrs": {"id": f"{id_prefix}-title"}, "text": title},
        {"tag": "desc", "attrs": {"id": f"{id_prefix}-desc"}, "text": i18n.t(lang, "histogram_desc", values=described)},
        {
            "tag": "line",
            "attrs": {
                "x1": _num(plot_left),
                "y1": _num(plot_bottom),
                "x2": _num(plot_right),
                "y2": _num(plot_bottom),
                "class": "axis",
            },
            "text": "",
        },
    ]
    for tick in (0.0, 0.5, 1.0):
        x = plot_left + (plot_right - plot_left) * tick
        label = "0" if tick == 0 else "1" if tick == 1 else i18n.format_number(tick, lang, 1)
        elements.append(
            {
                "tag": "text",
                "attrs": {"x": _num(x), "y": _num(plot_bottom + 15), "text-anchor": "middle", "class": "axis-label"},
                "text": label,
            }
        )
    if x_title:
        at = {"x": _num((plot_left + plot_right) / 2), "y": _num(height - 4), "text-anchor": "middle"}
        elements.append({"tag": "text", "attrs": {**at, "class": "axis-title"}, "text": x_title})
    if y_title:
        cy = _num((plot_top + plot_bottom) / 2)
        at = {"x": "12", "y": cy, "text-anchor": "middle", "transform": f"rotate(-90 12 {cy})"}
        elements.append({"tag": "text", "attrs": {**at, "class": "axis-title"}, "text": y_title})
    for i, c in enumerate(counts):
        h = (plot_bottom - plot_top) * c / top
        x = plot_left + band * i + band * (1 - _BAR_FRACTION) / 2
        elements.append(
            {
                "tag": "rect",
                "attrs": {
                    "x": _num(x),
                    "y": _num(plot_bottom - h),
                    "width": _num(band * _BAR_FRACTION),
                    "height": _num(h),
                    "class": "bar bar-histogram",
                },
                "text": "",
            }
        )
        elements.append(
            {
                "tag": "text",
                "attrs": {
                    "x": _num(x + band * _BAR_FRACTION / 2),
                    "y": _num(plot_bottom - h - 4),
                    "text-anchor": "middle",
                    "class": "bar-value",
                },
                "text": i18n.format_integer(c, lang),
            }
        )
    return {**_drawing(width, height, title, id_prefix, "chart histogram", elements), "counts": counts}
