"""The trimmed standard library (tools/trim_stdlib.py) in the browser: python_stdlib.zip holds
the modules the page can import, without their docstrings and comments, and the page
imports from it what it needs (static/pyodide-boot.mjs boots with it, with or without the
browser-made snapshot)."""

from __future__ import annotations

import io
import zipfile

import brotli  # a pinned test dependency (the build's .br copies)

from browser_helpers import SITE

PYODIDE = SITE / "static" / "vendor" / "pyodide"
# An import where the page's Python runs (its worker), through the test build's probe.
IMPORT_JS = """name => window.bleu2Test.probe(`(lambda n: __import__(n) and 'ok')('${name}')`)
  .then(out => typeof out === 'string' ? out : out.error)"""


def test_the_zip_holds_what_it_should():
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as boot:
        names = set(boot.namelist())
        json_init = boot.read("json/__init__.py").decode("utf-8")
    assert "json/__init__.py" in names and "difflib.py" in names  # difflib: imported lazily (tracebacks)
    assert "_pyodide/__init__.py" in names and "encodings/utf_8.py" in names
    assert not {"email/__init__.py", "unittest/__init__.py", "pydoc.py", "tkinter/__init__.py"} & names
    assert "JSON (JavaScript Object Notation)" not in json_init and "def dumps(" in json_init  # no docstrings
    assert not (PYODIDE / "python_stdlib_snapshot.zip").exists()


def test_the_zips_compressed_copies_hold_its_members_stored():
    data = (PYODIDE / "python_stdlib.zip").read_bytes()
    copy = brotli.decompress((PYODIDE / "python_stdlib.zip.br").read_bytes())
    with zipfile.ZipFile(io.BytesIO(data)) as plain, zipfile.ZipFile(io.BytesIO(copy)) as stored:
        assert plain.namelist() == stored.namelist()
        assert {i.compress_type for i in stored.infolist()} == {zipfile.ZIP_STORED}
        assert all(plain.read(name) == stored.read(name) for name in plain.namelist())
    assert len((PYODIDE / "python_stdlib.zip.br").read_bytes()) < 0.8 * len(data)


def test_page_imports_modules_from_its_zip(untouched_page):
    page = untouched_page[0]
    assert page.evaluate(IMPORT_JS, "difflib") == "ok"
    assert page.evaluate(IMPORT_JS, "json") == "ok"
    missing = page.evaluate(IMPORT_JS, "email")  # trimmed away
    assert "ModuleNotFoundError" in missing and "email" in missing
