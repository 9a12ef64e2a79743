"""Every example in the documentation runs and prints what its page shows.

- ```` ```pycon ```` blocks are doctests, run in order, one namespace per page;
- ```` ```console ```` blocks are shell sessions: each ``$ bleu2 …`` line is run as
  ``python -m bleu2 …`` in the TED test set's folder (``../shared/data/ted``) and must print
  (standard output, then standard error) exactly the lines under it.

The oracles are the library and the command line themselves as documented: a page that
says what the code does not is wrong, whichever changed.
"""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from docs_site import DOCS, ROOT
from shared_data import TED

PAGES = sorted(DOCS.glob("*.md"))
_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def blocks(page: Path, language: str) -> list[tuple[int, str]]:
    """``(first line number, text)`` of the page's fenced blocks in ``language``."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in _FENCE.finditer(text) if m.group(1) == language]


def doctest_pages() -> list[Path]:
    return [p for p in PAGES if blocks(p, "pycon")]


def console_examples() -> list[tuple[str, int, str, list[str]]]:
    """``(page name, line, command, expected output lines)`` of every ``$ `` command."""
    out = []
    for page in PAGES:
        for first, text in blocks(page, "console"):
            for offset, line in enumerate(text.splitlines()):
                if line.startswith("$ "):
                    out.append([page.name, first + offset, line[2:], []])
                elif out and out[-1][0] == page.name:
                    out[-1][3].append(line)
    return [tuple(x) for x in out]


def test_there_are_examples_to_run():
    assert {p.name for p in doctest_pages()} >= {"library.md", "parity.md"}
    assert {name for name, *_ in console_examples()} >= {"cli.md"}


@pytest.mark.parametrize("page", doctest_pages(), ids=lambda p: p.name)
def test_python_examples_print_what_the_page_shows(page):
    # The page's text with everything but its pycon blocks blanked: one doctest, line numbers kept.
    lines = [""] * page.read_text(encoding="utf-8").count("\n")
    for first, text in blocks(page, "pycon"):
        for i, line in enumerate(text.splitlines()):
            lines[first - 1 + i] = line
    test = doctest.DocTestParser().get_doctest("\n".join(lines), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0


@pytest.mark.parametrize(
    "name, line, command, expected", [pytest.param(*x, id=f"{x[0]}:{x[1]}") for x in console_examples()]
)
def test_command_line_examples_print_what_the_page_shows(name, line, command, expected):
    argv = shlex.split(command)
    assert argv[0] == "bleu2", f"{name}:{line}: only bleu2 commands are run"
    proc = subprocess.run(
        [sys.executable, "-m", "bleu2", *argv[1:]],
        cwd=TED,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    printed = (proc.stdout + proc.stderr).splitlines()
    assert printed == expected, f"{name}:{line}: `{command}` printed something else"
