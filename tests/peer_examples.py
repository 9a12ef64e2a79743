"""Run a peer's documented examples (its docstrings' ``>>>`` lines, a doctest file) twice:
in the peer's namespace and in bleu2's drop-in's (the one changed import), and record what
each example printed (its displayed value or its ``print``), with the documented output."""

from __future__ import annotations

import contextlib
import doctest
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass
class Shown:
    source: str
    printed: str
    documented: str

    def as_documented(self) -> bool:
        """What was printed is what the docstring shows (doctest's rules: ELLIPSIS)."""
        return doctest.OutputChecker().check_output(self.documented, self.printed, FLAGS)


def run(
    test: doctest.DocTest,
    globs: dict[str, Any],
    rewrite: Callable[[str], str] = lambda s: s,
    namespace: dict[str, Any] | None = None,
) -> list[Shown]:
    """Each example of ``test`` run in a copy of ``globs`` (or in ``namespace``, left with the
    examples' names) after ``rewrite`` (the changed import). An example that raises shows
    ``ExceptionName: message`` and ends the run."""
    namespace = dict(globs) if namespace is None else namespace
    shown = []
    for example in test.examples:
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(rewrite(example.source), f"<{test.name}>", "single"), namespace)
        except Exception as e:  # noqa: BLE001 (what the example shows)
            shown.append(Shown(example.source, f"{type(e).__name__}: {e}", example.want))
            break
        shown.append(Shown(example.source, out.getvalue(), example.want))
    return shown


def docstring_tests(module: Any, names: list[str]) -> dict[str, doctest.DocTest]:
    """The doctests of ``module``'s objects ``names`` (``Class`` or ``Class.method``), by name."""
    found = {t.name.split(".", len(module.__name__.split(".")))[-1]: t for t in doctest.DocTestFinder().find(module)}
    return {name: found[name] for name in names}


def file_test(path: Any) -> doctest.DocTest:
    text = path.read_text(encoding="utf-8")
    return doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)
