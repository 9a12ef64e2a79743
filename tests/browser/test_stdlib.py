"""The trimmed standard library (tools/trim_stdlib.py) in the browser: the page, started from
the snapshot, imports modules it did not hold from its small python_stdlib_snapshot.zip; without the
snapshot it boots Pyodide from python_stdlib.zip and scores all the same."""

from __future__ import annotations

import zipfile

import pytest

from browser_helpers import SITE, enter
from conftest import open_page

PYODIDE = SITE / "static" / "vendor" / "pyodide"
# An import where the page's Python runs (its worker), through the test build's probe.
IMPORT_JS = """name => window.bleu2Test.probe(`(lambda n: __import__(n) and 'ok')('${name}')`)
  .then(out => typeof out === 'string' ? out : out.error)"""


def test_the_zips_hold_what_they_should():
    with (
        zipfile.ZipFile(PYODIDE / "python_stdlib_snapshot.zip") as page,
        zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as boot,
    ):
        page_names, boot_names = set(page.namelist()), set(boot.namelist())
    assert page_names < boot_names
    assert "json/__init__.py" in boot_names and "json/__init__.py" not in page_names  # in the snapshot
    assert "difflib.py" in page_names  # imported lazily (traceback's suggestions)
    assert "_pyodide/__init__.py" in boot_names and "encodings/utf_8.py" in boot_names
    assert not {"email/__init__.py", "unittest/__init__.py", "pydoc.py", "tkinter/__init__.py"} & boot_names


def test_page_imports_modules_from_its_zip_after_the_snapshot(ready_page):
    assert ready_page.evaluate(IMPORT_JS, "difflib") == "ok"  # read from python_stdlib_snapshot.zip
    assert ready_page.evaluate(IMPORT_JS, "json") == "ok"  # held by the snapshot
    missing = ready_page.evaluate(IMPORT_JS, "email")  # trimmed away
    assert "ModuleNotFoundError" in missing and "email" in missing


@pytest.fixture
def no_snapshot_site(served_root):
    """The site without its snapshot (as if it could not be used)."""
    target = served_root / "no-snapshot"
    for path in SITE.rglob("*"):
        if path.is_file() and not path.name.startswith("snapshot.bin"):
            dest = target / path.relative_to(SITE)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if not dest.exists():
                dest.symlink_to(path)
    return target


def test_page_boots_without_the_snapshot_from_the_boot_zip(new_context, server, no_snapshot_site):
    context, guard = new_context(service_workers="block")
    asked = []
    context.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    with guard.expect_console_errors():  # the snapshot's 404s
        page = open_page(context, guard, f"{server}no-snapshot/")
    assert "python_stdlib.zip" in asked
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert page.text_content("#score") == "0.7071"
    assert page.evaluate(IMPORT_JS, "difflib") == "ok"
