"""Code point ranges as ``re`` character classes (shared by the tokenizers).

A range list is a sequence of inclusive ``(first, last)`` code point pairs, as in
:mod:`bleu2.tokenizers._unicode_tables`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeAlias

#: Inclusive ``(first, last)`` code point pairs, sorted.
Ranges: TypeAlias = Sequence[tuple[int, int]]

BMP_END = 0xFFFF


def class_body(ranges: Ranges) -> str:
    """The inside of a ``re`` character class matching the code points of ``ranges``."""
    esc = re.escape
    return "".join(esc(chr(a)) if a == b else f"{esc(chr(a))}-{esc(chr(b))}" for a, b in ranges)


def bmp(ranges: Ranges) -> list[tuple[int, int]]:
    """The part of ``ranges`` inside the Basic Multilingual Plane."""
    return [(a, min(b, BMP_END)) for a, b in ranges if a <= BMP_END]


def astral(ranges: Ranges) -> list[tuple[int, int]]:
    """The part of ``ranges`` outside the Basic Multilingual Plane."""
    return [(max(a, BMP_END + 1), b) for a, b in ranges if b > BMP_END]


def class_alternatives(ranges: Ranges) -> str:
    """A pattern matching one code point of ``ranges``.

    ``re`` compiles a class that lies within the BMP to a fast bitmap, but checks the
    astral ranges of a class one after another (hundreds of comparisons for a character
    that is not in it). So the pattern is ``[BMP part]`` or, for an astral character
    only (one range test), one class per plane, each behind a one-range test of its
    plane: a BMP character outside the class costs a bitmap lookup and one range test,
    an astral one the ranges of its own plane.
    """
    out = []
    low = bmp(ranges)
    if low:
        out.append(f"[{class_body(low)}]")
    planes = []
    for plane in range(1, 17):
        first = plane << 16
        part = [(max(a, first), min(b, first | 0xFFFF)) for a, b in ranges if a <= first | 0xFFFF and b >= first]
        if part:
            planes.append(f"(?=[{class_body([(first, first | 0xFFFF)])}])[{class_body(part)}]")
    if planes:
        # (an astral range, not [^\x00-\uffff]: re compiles a BMP range code point by code point)
        out.append(r"(?=[\U00010000-\U0010ffff])(?:" + "|".join(planes) + ")")
    return "|".join(out)


def subtract(ranges: Ranges, holes: Ranges) -> list[tuple[int, int]]:
    """Inclusive ``ranges`` minus inclusive ``holes`` (both sorted, holes not overlapping).

    One pass over both: a hole that ends before a range starts ends before every later one.
    """
    out = []
    first = 0  # the first hole that does not end before the current range
    for a, b in ranges:
        while first < len(holes) and holes[first][1] < a:
            first += 1
        k = first
        while k < len(holes) and holes[k][0] <= b:
            h0, h1 = holes[k]
            if h0 > a:
                out.append((a, h0 - 1))
            a = h1 + 1
            if a > b:
                break
            k += 1
        if a <= b:
            out.append((a, b))
    return out
