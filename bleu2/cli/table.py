"""sacreBLEU's tables and colours: its ``tabulate`` call (tabulate 0.10.0) and ``Color.format``,
drawn the same, character for character."""

from __future__ import annotations

import math
import re
from typing import ClassVar

__all__ = ["Colors", "tabulate"]


class Colors:
    """sacreBLEU's ``Color.format`` as the terminal sees it: colorama strips the codes
    when standard output is not a terminal."""

    CODES: ClassVar[dict[str, str]] = {"red": "\x1b[31m", "green": "\x1b[32m", "yellow": "\x1b[33m", "cyan": "\x1b[36m"}
    RESET = "\x1b[0m"

    def __init__(self, enabled: bool):
        self.enabled = enabled

    def __call__(self, msg: str, color: str) -> str:
        return f"{self.CODES[color]}{msg}{self.RESET}" if self.enabled else msg


_THOUSANDS = re.compile(r"^(([+-]?[0-9]{1,3})(?:,([0-9]{3}))*)?(?(1)\.[0-9]*|\.[0-9]+)?$")


def _cell_type(s: str) -> int:
    """tabulate's type of a cell: 0 missing, 1 bool, 2 int, 3 float, 5 str."""
    if not s:
        return 0
    if s in ("True", "False"):
        return 1
    try:
        int(s)
        return 2
    except ValueError:
        pass
    if _THOUSANDS.match(s) and "." not in s:
        return 2
    try:
        x = float(s)
        if not (math.isinf(x) or math.isnan(x)) or s.lower() in ("inf", "-inf", "nan"):
            return 3
    except ValueError:
        pass
    return 3 if _THOUSANDS.match(s) else 5


def _format_cell(s: str, kind: int, floatfmt: str) -> str:
    if kind == 3 and s:
        try:
            return format(float(s.replace(",", "")), floatfmt)
        except ValueError:
            return s
    return s


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _visible(text: str) -> int:
    return len(_ANSI.sub("", text))


def _pad(text: str, width: int, align: str) -> str:
    width += len(text) - _visible(text)  # colour codes take no room (tabulate's has_invisible)
    return f"{text:>{width}}" if align == "right" else f"{text:^{width}}"


def tabulate(columns: dict[str, list[str]], fmt: str, width: int, color: Colors, yellow_first: bool) -> str:
    """``tabulate(columns, headers="keys", tablefmt=fmt, colalign=("right",),
    stralign="center", numalign="center", floatfmt=f".{width}f")`` as sacreBLEU calls it
    (tabulate 0.10.0, no wide-character support), for ``fancy_grid`` and ``latex_booktabs``;
    header names in cyan, the first row (the baseline) in yellow when ``yellow_first``."""
    headers = list(columns)
    cols = []
    for values in columns.values():
        kind = max([1] + [_cell_type(v) for v in values])
        cols.append([_format_cell(v, kind, f".{width}f").strip() for v in values])
    multiline = fmt == "fancy_grid" and any("\n" in v or "\r" in v for c in cols + [headers] for v in c)
    aligns = ["right"] + ["center"] * (len(cols) - 1)
    widths = []
    for h, c in zip(headers, cols):
        cell_w = max((_visible(line) for v in c for line in (re.split("[\r\n]", v) if multiline else [v])), default=0)
        widths.append(max(len(h) + 2, cell_w))
    n_rows = len(cols[0]) if cols else 0

    def cell_lines(text: str, j: int, colour: str | None) -> list[str]:
        lines = text.splitlines() if multiline else [text]  # tabulate: an empty multiline cell has no lines
        out = []
        for line in lines:
            padded = _pad(line, widths[j], aligns[j])
            if colour and line:
                lead = len(padded) - len(padded.lstrip(" "))
                body = padded.strip(" ")
                padded = padded[:lead] + color(body, colour) + padded[lead + len(body) :]
            out.append(padded)
        return out

    def header_cell(j: int) -> str:
        padded = _pad(headers[j], widths[j], aligns[j])
        lead = len(padded) - len(padded.lstrip(" "))
        body = padded.strip(" ")
        return padded[:lead] + color(body, "cyan") + padded[lead + len(body) :]

    rows = [
        [cell_lines(cols[j][i], j, "yellow" if yellow_first and i == 0 else None) for j in range(len(cols))]
        for i in range(n_rows)
    ]
    if fmt == "latex_booktabs":
        esc = {
            "&": r"\&",
            "%": r"\%",
            "$": r"\$",
            "#": r"\#",
            "_": r"\_",
            "^": r"\^{}",
            "{": r"\{",
            "}": r"\}",
            "~": r"\textasciitilde{}",
            "\\": r"\textbackslash{}",
            "<": r"\ensuremath{<}",
            ">": r"\ensuremath{>}",
        }

        def latex(cells: list[str]) -> str:
            return ("&".join(" " + "".join(esc.get(ch, ch) for ch in c) + " " for c in cells) + "\\\\").rstrip()

        out = ["\\begin{tabular}{" + "".join("r" if a == "right" else "c" for a in aligns) + "}", "\\toprule"]
        out.append(latex([header_cell(j) for j in range(len(cols))]))
        out.append("\\midrule")
        out += [latex([cell[0] for cell in row]) for row in rows]
        out += ["\\bottomrule", "\\end{tabular}"]
        return "\n".join(out)

    def line(left: str, fill: str, sep: str, right: str) -> str:
        return left + sep.join(fill * (w + 2) for w in widths) + right

    def data(cells: list[list[str]]) -> list[str]:
        height = max(len(c) for c in cells)  # 0 for a row of empty cells in a multiline table, as tabulate
        full = [c + [" " * widths[j]] * (height - len(c)) for j, c in enumerate(cells)]
        return ["│" + "│".join(" " + full[j][k] + " " for j in range(len(cells))) + "│" for k in range(height)]

    out = [line("╒", "═", "╤", "╕")]
    out += data([[header_cell(j)] for j in range(len(cols))])
    out.append(line("╞", "═", "╪", "╡"))
    for i, row in enumerate(rows):
        out += data(row)
        if i < n_rows - 1:
            out.append(line("├", "─", "┼", "┤"))
    out.append(line("╘", "═", "╧", "╛"))
    return "\n".join(out)
