"""The test suite's own rules, read from its source: no test skips because a pinned dependency
might be missing (the test extra pins them: a test imports them); no test module imports
another (shared helpers live in modules not named ``test_*``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP_ON_IMPORT = "importor" + "skip"  # spelled apart so that this file does not hold it


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
