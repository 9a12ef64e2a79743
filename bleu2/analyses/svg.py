"""Grouped bar charts as inline SVG: one group per bucket, one bar per system. Pure: a str.

Text and axes use ``currentColor`` (they follow the page's light or dark text colour); bars
take the classes ``s0``, ``s1``, ... which :data:`STYLE` colours (compare-mt's bar colours,
``reporters.bar_colors``). No script, nothing loaded. Every label is XML-escaped; the chart
has a ``<title>`` and ``role="img"``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from html import escape

__all__ = ["COLOURS", "STYLE", "bar_chart", "nice_top"]

#: compare-mt's bar colours, one per system (repeating after eight).
COLOURS = ("#7293CB", "#E1974C", "#84BA5B", "#D35E60", "#808585", "#9067A7", "#AB6857", "#CCC210")
#: The CSS of the charts' bars and legend swatches.
STYLE = "".join(f".b2c .s{i}{{fill:{c}}}" for i, c in enumerate(COLOURS)) + (
    ".b2c svg{max-width:100%;height:auto}.b2c .axis{stroke:currentColor;stroke-width:1}"
    ".b2c .grid{stroke:currentColor;stroke-opacity:.15}.b2c text{fill:currentColor;font-size:11px}"
)


def nice_top(top: float) -> float:
    """The top of a bar chart's y axis for values up to ``top`` (>= 0): the smallest of
    5 x 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, ... at or above it (1.0 for 0).

    >>> nice_top(0.0), nice_top(0.3), nice_top(7), nice_top(6000)
    (1.0, 0.5, 10, 10000)
    """
    if top <= 0:
        return 1.0
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        if top <= step * 5:
            return step * 5
    k = 1
    while True:
        for step in (k, 2 * k, 5 * k):
            if top <= step * 5:
                return step * 5
        k *= 10


def _tick(x: float) -> str:
    return f"{x:g}"


#: A character's width in px at the charts' 11px font, an upper bound for sans-serif fonts
#: (wide East Asian characters: a full em).
CHAR_PX, WIDE_PX = 7.0, 11.0
_SIN45 = 0.7072  # the rotated x labels' slope (rounded up)


def text_width(text: str) -> float:
    """The width a label takes, in px, at most (:data:`CHAR_PX` per character)."""
    return sum(WIDE_PX if unicodedata.east_asian_width(c) in "WF" else CHAR_PX for c in text)


def _legend_rows(names: Sequence[str], room: float) -> list[list[tuple[float, str]]]:
    """The legend's items (x offset, name) in rows no wider than ``room`` (one item a row at least)."""
    rows: list[list[tuple[float, str]]] = [[]]
    x = 0.0
    for name in names:
        item = 14 + text_width(name)
        if rows[-1] and x + item > room:
            rows.append([])
            x = 0.0
        rows[-1].append((x, name))
        x += item + 16
    return rows


def bar_chart(
    title: str,
    buckets: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    y_label: str = "",
    y_max: float | None = None,
) -> str:
    """An SVG grouped bar chart.

    Args:
        title: the chart's title (shown and in ``<title>``).
        buckets: the x labels; series: (system name, one value per bucket), values >= 0.
        y_label: the unit of the y axis; y_max: the top of the axis (None: a round number
            above the largest value).
    """
    n_b = max(len(buckets), 1)
    n_s = max(len(series), 1)
    top = y_max if y_max is not None else nice_top(max((v for _, vs in series for v in vs), default=0.0))
    left, right = 48, 8
    group = max(24, 8 * n_s + 10)
    plot_w = group * n_b
    # Room for the rotated x labels below the axis and past the last group on the right,
    # the title and the legend (wrapped into rows), so that nothing is clipped.
    label_w = [text_width(b) * _SIN45 for b in buckets]
    foot = max(24.0, 24 + max(label_w, default=0.0))
    label_right = max((left + i * group + 4 + (group - 8) / 2 + w + 8 for i, w in enumerate(label_w)), default=0.0)
    room = max(plot_w, 320.0, text_width(title) * 1.1)
    rows = _legend_rows([name for name, _ in series], room)
    legend_w = max((x + 14 + text_width(name) for row in rows for x, name in row), default=0.0)
    width = round(
        max(left + plot_w + right, left + legend_w + right, left + text_width(title) * 1.1 + right, label_right)
    )
    head = 36 + 16 * (len(rows) - 1)
    plot_h = 180
    height = round(head + plot_h + foot)
    bar = (group - 8) / n_s
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="14" font-weight="bold">{escape(title)}</text>',
    ]
    k = 0
    for r, row in enumerate(rows):
        for x, name in row:
            lx, ly = left + x, 20 + 16 * r
            parts.append(f'<rect class="s{k % len(COLOURS)}" x="{lx:g}" y="{ly}" width="10" height="10"/>')
            parts.append(f'<text x="{lx + 14:g}" y="{ly + 9}">{escape(name)}</text>')
            k += 1
    for j in range(6):
        v = top * j / 5
        y = head + plot_h - plot_h * j / 5
        parts.append(f'<line class="grid" x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{_tick(v)}</text>')
    if y_label:
        parts.append(
            f'<text transform="translate(12 {head + plot_h / 2}) rotate(-90)" text-anchor="middle">{escape(y_label)}</text>'
        )
    for i, b in enumerate(buckets):
        gx = left + i * group + 4
        for k, (name, values) in enumerate(series):
            v = values[i] if i < len(values) else 0.0
            h = plot_h * min(max(v, 0.0), top) / top
            x = gx + k * bar
            y = head + plot_h - h
            parts.append(
                f'<rect class="s{k % len(COLOURS)}" x="{x:.1f}" y="{y:.1f}" width="{max(bar - 1, 1):.1f}" height="{h:.1f}">'
                f"<title>{escape(name)}, {escape(b)}: {v:.4g}</title></rect>"
            )
        cx = gx + (group - 8) / 2
        parts.append(
            f'<text transform="translate({cx:.1f} {head + plot_h + 10}) rotate(45)" text-anchor="start">{escape(b)}</text>'
        )
    y0 = head + plot_h
    parts.append(f'<line class="axis" x1="{left}" x2="{left + plot_w}" y1="{y0}" y2="{y0}"/>')
    parts.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{head}" y2="{y0}"/>')
    parts.append("</svg>")
    return "".join(parts)
