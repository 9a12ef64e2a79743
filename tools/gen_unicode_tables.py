"""Generate the committed Unicode tables (run with the test dependencies, under CPython 3.11).

Writes two files:

``bleu2/tokenizers/_unicode_tables.py`` (read at run time)
    ``NUMBER``, ``PUNCTUATION``, ``SYMBOL``: the code points of ``\\p{N}``, ``\\p{P}``,
    ``\\p{S}`` in the ``regex`` package, the classes sacreBLEU's ``intl`` tokenizer
    (``tokenizer_intl.TokenizerV14International``) uses; ``LETTER_MARK_NUMBER``:
    ``[\\p{L}\\p{M}\\p{N}]`` in ``regex``, the word characters of the ``default``
    tokenizer; ``DEFAULT_IGNORABLE``: ``\\p{Default_Ignorable_Code_Point}`` (variation
    selectors, joiners, fillers: invisible), which the ``default`` tokenizer never lets
    begin or end a token. ``UNICODE_VERSION`` is the Unicode version of that ``regex`` (its
    documentation's "This module supports Unicode X" line).

    ``BASELINE_UNICODE_VERSION`` and ``BASELINE_UNASSIGNED``: the code points that
    Unicode 14.0.0 (``unicodedata`` of CPython 3.11, the oldest Python bleu2 supports)
    leaves unassigned (Cn). The ``default`` tokenizer normalises (NFKC) and lower-cases
    as Unicode 14.0.0 does in every Python: a newer Python leaves these code points as
    they are (see ``bleu2/tokenizers/default.py``).

``tests/unicode_assigned.py`` (tests only)
    ``ASSIGNED``: every code point that ``regex``'s Unicode assigns (``\\P{Cn}``),
    surrogates left out, for the every-code-point tests (``tests/unicode_text.py``).

bleu2 itself never imports ``regex`` (it is not available in Pyodide, and bleu2 uses
the standard library only): the classes are computed here once and committed.
``regex`` is pinned in ``pyproject.toml``'s ``test`` extra, the version sacreBLEU 2.6.0
is tested with; after changing the pin, run this again and commit both files.

Run: ``.venv/bin/python -m tools.gen_unicode_tables`` (rewrites both files in place).
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bleu2" / "tokenizers" / "_unicode_tables.py"
OUT_TESTS = ROOT / "tests" / "unicode_assigned.py"

#: The Unicode of the oldest supported Python (3.11): the default tokenizer's NFKC and
#: lower-casing are this version's in every Python.
BASELINE = "14.0.0"

SURROGATES = range(0xD800, 0xE000)
#: Every code point but the surrogates, in one string, for ``regex.findall``.
EVERYTHING = "".join(chr(cp) for cp in range(sys.maxunicode + 1) if cp not in SURROGATES)


def regex_unicode_version() -> str:
    """The Unicode version of the installed ``regex``, from its documentation."""
    description = str(importlib.metadata.metadata("regex").json.get("description", ""))  # the body
    found = re.search(r"This module supports Unicode (\d+\.\d+\.\d+)", description)
    if not found:
        sys.exit("cannot find the Unicode version in the regex package's description")
    return found.group(1)


def to_ranges(cps: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted code points -> inclusive (first, last) ranges."""
    out: list[list[int]] = []
    for cp in cps:
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [(a, b) for a, b in out]


def regex_class(pattern: str) -> list[tuple[int, int]]:
    """The code points (surrogates left out) that ``regex`` matches with ``pattern``."""
    return to_ranges(ord(ch) for ch in regex.findall(pattern, EVERYTHING))


def baseline_unassigned() -> list[tuple[int, int]]:
    """Code points of category Cn in the running Python's ``unicodedata`` (Unicode 14.0.0)."""
    return to_ranges(cp for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) == "Cn")


def _escape(cp: int) -> str:
    return f"\\U{cp:08X}" if cp > 0xFFFF else f"\\u{cp:04X}"


# The tables are written as strings, two characters (first, last) per range, decoded by
# _decode() at import: Python compiles such a string about 25 times faster than the same
# ranges written as tuples of ints, which matters where bleu2 is compiled from source
# (the page, Pyodide).
DECODER = [
    "",
    "",
    "def _decode(pairs: str) -> tuple[tuple[int, int], ...]:",
    '    """Inclusive (first, last) code point ranges from a string of their characters, two per range."""',
    "    return tuple(zip(map(ord, pairs[::2]), map(ord, pairs[1::2])))",
    "",
    "",
]


def table_lines(name: str, doc: str, rs: Sequence[tuple[int, int]]) -> list[str]:
    lines = [f"# {doc}: {len(rs)} ranges", f"{name} = _decode("]
    lines.extend(
        '    "' + "".join(_escape(a) + _escape(b) for a, b in rs[i : i + 6]) + '"' for i in range(0, len(rs), 6)
    )
    lines += [")", ""]
    return lines


TABLES = {
    "LETTER_MARK_NUMBER": ("Letters, marks and numbers: regex's [\\p{L}\\p{M}\\p{N}]", r"[\p{L}\p{M}\p{N}]"),
    "NUMBER": ("Numbers: regex's \\p{N}", r"\p{N}"),
    "PUNCTUATION": ("Punctuation: regex's \\p{P}", r"\p{P}"),
    "SYMBOL": ("Symbols: regex's \\p{S}", r"\p{S}"),
    "DEFAULT_IGNORABLE": (
        "Default-ignorable code points: regex's \\p{Default_Ignorable_Code_Point}",
        r"\p{Default_Ignorable_Code_Point}",
    ),
}


def main() -> None:
    if unicodedata.unidata_version != BASELINE:
        sys.exit(
            f"run this with CPython 3.11: BASELINE_UNASSIGNED is read from its unicodedata "
            f"(Unicode {BASELINE}); this Python has Unicode {unicodedata.unidata_version}"
        )
    version = regex_unicode_version()
    regex_version = importlib.metadata.version("regex")
    lines = [
        '"""Unicode tables of the tokenizers (generated by tools/gen_unicode_tables.py; do not edit).',
        "",
        f"Character classes from the regex package {regex_version} (Unicode {version}), the classes",
        "sacreBLEU's intl tokenizer uses; the default tokenizer's baseline from unicodedata of",
        f"CPython 3.11 (Unicode {BASELINE}). Each table is a tuple of inclusive (first, last) code",
        "point ranges, written as a string of their characters, two per range (see _decode).",
        '"""',
        "",
        "#: The Unicode version of the character classes (that of the regex package they come from).",
        f'UNICODE_VERSION = "{version}"',
        "#: The regex package version the classes come from (pinned in pyproject.toml's test extra).",
        f'REGEX_VERSION = "{regex_version}"',
        "#: The Unicode version whose NFKC and lower-casing the default tokenizer applies.",
        f'BASELINE_UNICODE_VERSION = "{BASELINE}"',
    ] + DECODER
    for name, (doc, pattern) in TABLES.items():
        lines += table_lines(name, doc, regex_class(pattern))
    lines += table_lines(
        "BASELINE_UNASSIGNED", f"Code points unassigned (Cn) in Unicode {BASELINE}", baseline_unassigned()
    )
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} (Unicode {version}, baseline {BASELINE})")

    tests = [
        '"""Code points assigned in the Unicode of the character classes (generated by',
        'tools/gen_unicode_tables.py; do not edit). For the tests: see tests/unicode_text.py."""',
        "",
        f'UNICODE_VERSION = "{version}"',
    ] + DECODER
    tests += table_lines(
        "ASSIGNED", f"regex's \\P{{Cn}} (Unicode {version}), surrogates left out", regex_class(r"\P{Cn}")
    )
    OUT_TESTS.write_text("\n".join(tests), encoding="utf-8")
    print(f"wrote {OUT_TESTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
