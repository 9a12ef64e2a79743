"""The map of the page's modules (docs/architecture-page.md, "Modules of bleu2/page/") is
tested line by line against each module's first docstring line: a module added, gone or
described otherwise fails here, with the row the map should have."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "docs" / "architecture-page.md"


def summary(path: Path) -> str:
    """A module's first docstring line as Markdown: roles and ``literals`` as `code`, no final period."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    line = doc.split("\n", 1)[0].strip()
    line = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", line)
    return line.replace("``", "`").rstrip(".")


def rows() -> dict[str, str]:
    """The map's rows: module path -> its line."""
    text = MAP.read_text(encoding="utf-8")
    return dict(re.findall(r"^\| `(bleu2/page/[\w/]+\.py)` \| (.*) \|$", text, re.MULTILINE))


def test_the_maps_rows_are_the_modules_first_docstring_lines():
    modules = {p.relative_to(ROOT).as_posix(): p for p in sorted((ROOT / "bleu2" / "page").rglob("*.py"))}
    expected = {name: summary(path) for name, path in modules.items()}
    wrong = {name: f"| `{name}` | {line} |" for name, line in expected.items() if rows().get(name) != line}
    assert not wrong, "docs/architecture-page.md should have:\n" + "\n".join(wrong.values())
    assert set(rows()) == set(expected), set(rows()) ^ set(expected)  # none that is gone


def test_every_first_line_is_one_sentence_of_one_line():
    for path in sorted((ROOT / "bleu2" / "page").rglob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert doc.split("\n", 2)[1:2] in ([], [""]), f"{path}: the summary line runs on"
