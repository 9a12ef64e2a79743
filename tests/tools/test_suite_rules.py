"""The test suite's own rules, read from its source: no test skips because a pinned dependency
might be missing (the test extra pins them: a test imports them); no test module imports
another (shared helpers live in modules not named ``test_*``); tests and benchmarks say what
they check, not which tracker item asked for it; test files are named by what they check,
no two names a letter apart."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP_ON_IMPORT = "importor" + "skip"  # spelled apart so that this file does not hold it
#: A tracker label: the word issue or item, then a number (with a space, "#", "-" or "_" between).
TRACKER_LABEL = re.compile(r"\b(?:issue|item)[ _#-]*[0-9]+", re.IGNORECASE)
#: Names that say nothing of what their tests check.
VAGUE = {"test_page", "test_corpus", "test_golden"}


def python_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def test_no_test_skips_when_an_import_fails():
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in python_files("tests", "bench")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SKIP_ON_IMPORT in line
    ]
    assert found == [], f"import the pinned test dependency instead of skipping: {found}"


def imported_names(tree: ast.AST) -> list[str]:
    """Every module ``tree`` imports, dotted, and ``pkg.name`` for each ``from pkg import name``."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_no_test_module_imports_another():
    tests = {path.stem for path in (ROOT / "tests").rglob("test_*.py")}
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files("tests", "bench")
        for name in imported_names(ast.parse(path.read_text(encoding="utf-8")))
        if name.split(".")[-1] in tests and not name.startswith("tools.")
    ]
    assert found == [], f"move what is shared into a helper module (tests/*.py, not test_*): {found}"


def test_tests_and_benchmarks_name_no_tracker_item():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for folder in ("tests", "bench")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".py", ".mjs", ".js", ".md", ".toml", ".json"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TRACKER_LABEL.search(line)
    ]
    assert found == [], f"say what is checked, not which tracker item asked for it: {found}"


def one_letter_apart(a: str, b: str) -> bool:
    """One letter changed, added or removed turns ``a`` into ``b``."""
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = sorted((a, b), key=len)
    return len(long) - len(short) == 1 and any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def test_one_letter_apart():
    assert one_letter_apart("test_layout", "test_layouts") and one_letter_apart("test_metric_page", "test_metrics_page")
    assert one_letter_apart("test_tab", "test_tap") and not one_letter_apart("test_page", "test_pages_deployment")


def test_test_files_are_named_by_what_they_check():
    names = sorted({path.stem for path in (ROOT / "tests").rglob("test_*.py")})
    close = [(a, b) for a, b in itertools.combinations(names, 2) if one_letter_apart(a, b)]
    assert close == [], f"test files a letter apart: name each by what it checks: {close}"
    vague = sorted(VAGUE & set(names))
    assert vague == [], f"name these test files by what they check: {vague}"
