"""What the page's JavaScript knows that its Python knows too, from one source: ``bleu2/page``.

A line of a ``static/`` script of the form ``var NAME = <JSON>; // bleu2:python`` holds the
constant ``NAME`` of :func:`values`: the build writes the JSON of the value into the site's
copy (``tools/build_site.py``), so the site ships Python's value whatever the line holds;
``tests/tools/test_shared_constants.py`` fails when ``static/``'s own copy (what ``node
--test`` runs) differs, and when a constant is on no line. Standard library only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bleu2.page import i18n, tab_storage

#: ``var NAME = <JSON>; // bleu2:python`` (``const`` and ``let`` too), one line.
LINE = re.compile(
    r"^(?P<head>[ \t]*(?:var|const|let) (?P<name>[A-Z][A-Z0-9_]*) = )(?P<value>.*)(?P<tail>; // bleu2:python)$", re.M
)


def values() -> dict[str, object]:
    """The shared constants by name, from the page's Python."""
    lang = i18n.DEFAULT_LANGUAGE
    return {
        # static/boot.js's and static/pwa.js's strings when static/boot-strings.js did not load
        "BOOT_FALLBACK": {"languages": [lang], "default": lang, "strings": {lang: {}}},
        # the prefixes of the tab's two forms: static/storage.js writes them, tab_storage reads them
        "TAB_FORMS": {"plain": tab_storage.TAB_PREFIX, "packed": tab_storage.TAB_PACKED_PREFIX},
        # the tab's storage keys and the size saved at once: static/keep.mjs reads them before Python
        "TAB_KEYS": {
            "state": tab_storage.STORAGE_KEY,
            "embed": tab_storage.EMBED_PREFIX,
            "at_once_chars": tab_storage.SAVE_AT_ONCE_CHARS,
        },
    }


def fill(text: str, name: str = "script", table: dict[str, object] | None = None) -> str:
    """``text`` with the JSON of each marked line's constant written in.

    Raises:
        ValueError: a marked line names a constant :func:`values` does not have (``name`` says
            which script).
    """
    table = values() if table is None else table

    def line(match: re.Match[str]) -> str:
        if match["name"] not in table:
            raise ValueError(
                f"{name}: {match['name']} is no shared constant (tools/shared_constants.py: {sorted(table)})"
            )
        return match["head"] + json.dumps(table[match["name"]], ensure_ascii=False) + match["tail"]

    return LINE.sub(line, text)


def names_in(text: str) -> list[str]:
    """The constants ``text`` has a marked line for."""
    return [m["name"] for m in LINE.finditer(text)]


def write(folder: Path) -> None:
    """Fill every script of ``folder`` (the site's ``static/``; ``vendor/`` left out) in place."""
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".js", ".mjs") and "vendor" not in path.relative_to(folder).parts:
            text = path.read_text(encoding="utf-8")
            filled = fill(text, str(path.relative_to(folder)))
            if filled != text:
                path.write_text(filled, encoding="utf-8")
