"""Start-up: the served page boots no Pyodide on its thread (its worker does:
test_startup_fetches_at_once.py); in the one-file page Pyodide's boot begins when
static/pyodide-boot.mjs arrives, before PyScript asks for it, and runs once. In the one-file
page PyScript's own Python package and the page's script, app.py, are read from the bytecode the build compiled with the page's Pyodide (tools/compile_pyc.mjs),
which matches the sources written at start-up: nothing is compiled."""

from __future__ import annotations

import json

import pytest

from browser_helpers import probe

MARKS_JS = """() => Object.fromEntries(['bleu2:pyodide-start', 'bleu2:pyodide-asked', 'bleu2:pyodide-ready']
  .map((name) => [name, performance.getEntriesByName(name).map((e) => e.startTime)]))"""

# Python run in the page (through the controller's module globals): for each source of
# PyScript's package in the working directory, is its __pycache__ file a pyc of this
# interpreter (magic number) with a checked source hash (flags 3, PEP 552) equal to the
# hash of the source PyScript wrote? Then the import system loads that bytecode.
CHECK_PY = """
import importlib.util, pathlib, sys
result = {}
for source in sorted(pathlib.Path('pyscript').glob('*.py')) + [p for p in [pathlib.Path('app.py')] if p.exists()]:
    pyc = pathlib.Path(importlib.util.cache_from_source(str(source)))
    data = pyc.read_bytes() if pyc.exists() else b''
    result[source.name] = [
        data[:4] == importlib.util.MAGIC_NUMBER,
        int.from_bytes(data[4:8], 'little'),
        data[8:16] == importlib.util.source_hash(source.read_bytes()),
    ]
imported = sorted(m for m in sys.modules if m in ('app', 'pyscript') or m.startswith('pyscript.'))
"""


def run_py(page, code: str) -> dict:
    """Run ``code`` where the page's Python runs (the test build's probe): its result and imported."""
    expression = (
        f"(lambda ns: (exec({json.dumps(code)}, ns), {{'result': ns['result'], 'imported': ns['imported']}})[1])({{}})"
    )
    return probe(page, expression)


@pytest.fixture(scope="module")
def one_file_page(one_file_tab):
    """The one-file page, copied alone into an empty folder and opened from file://: ready
    (the session's: conftest.one_file_tab, never reloaded)."""
    return one_file_tab[0]


def test_pyodide_boots_once_in_the_one_file_page(one_file_page):
    marks = one_file_page.evaluate(MARKS_JS)
    assert [len(v) for v in marks.values()] == [1, 1, 1], marks


PYSCRIPT_MODULES = {
    "__init__.py", "context.py", "display.py", "events.py", "fetch.py", "ffi.py", "flatted.py",
    "fs.py", "media.py", "storage.py", "util.py", "web.py", "websocket.py", "workers.py",
}  # fmt: skip


def test_the_worker_compiles_nothing_from_its_working_directory(untouched_page):
    """The served page's Python runs in its worker, where PyScript writes no Python package
    into the working directory (its Python is bleu2, held by the snapshot)."""
    found = run_py(untouched_page[0], CHECK_PY)
    assert found["result"] == {}


def test_the_one_file_pages_script_is_read_from_the_shipped_bytecode(one_file_page):
    found = run_py(one_file_page, CHECK_PY)
    assert set(found["result"]) == PYSCRIPT_MODULES | {"app.py"}
    assert all(v == [True, 3, True] for v in found["result"].values()), found["result"]
    assert {"app", "pyscript"} <= set(found["imported"])
