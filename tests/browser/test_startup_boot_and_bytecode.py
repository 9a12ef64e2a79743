"""Start-up: Pyodide's boot begins when static/pyodide-boot.mjs arrives, before PyScript asks
for it, and runs once (served page and one-file page); PyScript's own Python package and the
page's scripts (app.py, corpus_glue.py) are read from the bytecode the build compiled with the page's Pyodide
(tools/compile_pyc.mjs), which matches the sources written at start-up: nothing is compiled."""

from __future__ import annotations

import shutil

from conftest import open_page

MARKS_JS = """() => Object.fromEntries(['bleu2:pyodide-start', 'bleu2:pyodide-asked', 'bleu2:pyodide-ready']
  .map((name) => [name, performance.getEntriesByName(name).map((e) => e.startTime)]))"""

# Python run in the page (through the controller's module globals): for each source of
# PyScript's package in the working directory, is its __pycache__ file a pyc of this
# interpreter (magic number) with a checked source hash (flags 3, PEP 552) equal to the
# hash of the source PyScript wrote? Then the import system loads that bytecode.
CHECK_PY = """
import importlib.util, pathlib, sys
result = {}
for source in sorted(pathlib.Path('pyscript').glob('*.py')) + [pathlib.Path('app.py'), pathlib.Path('corpus_glue.py')]:
    pyc = pathlib.Path(importlib.util.cache_from_source(str(source)))
    data = pyc.read_bytes() if pyc.exists() else b''
    result[source.name] = [
        data[:4] == importlib.util.MAGIC_NUMBER,
        int.from_bytes(data[4:8], 'little'),
        data[8:16] == importlib.util.source_hash(source.read_bytes()),
    ]
imported = sorted(m for m in sys.modules if m in ('app', 'corpus_glue', 'pyscript') or m.startswith('pyscript.'))
"""

RUN_PY_JS = """(code) => {
  const scope = window.bleu2App.deferred.__func__.__globals__;
  const builtins = scope.get('__builtins__');
  const names = builtins.get('dict')();
  builtins.get('exec')(code, names);
  const out = {result: names.get('result').toJs({dict_converter: Object.fromEntries}),
               imported: names.get('imported').toJs()};
  names.destroy();
  return out;
}"""


def test_pyodide_boot_starts_before_pyscript_asks_and_runs_once(new_context, site_url):
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    marks = page.evaluate(MARKS_JS)
    assert [len(v) for v in marks.values()] == [1, 1, 1], marks
    start, asked = marks["bleu2:pyodide-start"][0], marks["bleu2:pyodide-asked"][0]
    assert start < asked, f"the boot began at {start:.0f} ms, after PyScript asked at {asked:.0f} ms"


def test_pyodide_boots_once_in_the_one_file_page(new_file_context, site_dir, tmp_path):
    target = tmp_path / "bleu2-offline.html"
    shutil.copy2(site_dir / "bleu2-offline.html", target)
    context, guard = new_file_context(target)
    page = open_page(context, guard, target.as_uri())
    marks = page.evaluate(MARKS_JS)
    assert [len(v) for v in marks.values()] == [1, 1, 1], marks


def test_pyscript_package_is_read_from_the_shipped_bytecode(new_context, site_url):
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    found = page.evaluate(RUN_PY_JS, CHECK_PY)
    modules = {
        "__init__.py", "context.py", "display.py", "events.py", "fetch.py", "ffi.py", "flatted.py",
        "fs.py", "media.py", "storage.py", "util.py", "web.py", "websocket.py", "workers.py", "app.py",
        "corpus_glue.py",
    }  # fmt: skip
    assert set(found["result"]) == modules
    assert all(v == [True, 3, True] for v in found["result"].values()), found["result"]
    assert {"app", "corpus_glue", "pyscript"} <= set(found["imported"])
