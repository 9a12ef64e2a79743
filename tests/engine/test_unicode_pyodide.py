"""CPython and the page's Python (Pyodide 314: Python 3.14, Unicode 16.0.0) tokenize alike.

Pyodide runs under Node (``node_modules/pyodide``, from ``npm ci --ignore-scripts``) with
this checkout's ``bleu2/``, ``tests/unicode_text.py`` and ``tests/unicode_assigned.py``
copied into its file system (``tests/pyodide/run.mjs``). Both Pythons run
``unicode_text.token_digests()``: every assigned code point (regex's Unicode, 18.0.0) in
the contexts of ``unicode_text.CHECKS``, tokenized by ``default`` (lower-cased and not)
and by the sacreBLEU tokenizers (not lower-cased), one digest per line; the digests must
be equal line by line. Pyodide is pinned (package.json): without Node or node_modules/pyodide
the test fails, saying what to install (``make node_modules``; ``make test`` does it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import unicode_text  # tests/unicode_text.py

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"

# Run in Pyodide; the value of the last expression is the runner's output.
SCRIPT = """
import json, sys, unicodedata
import unicode_text
from bleu2.tokenizers import default
json.dumps({
    "python": sys.version.split()[0],
    "unidata_version": unicodedata.unidata_version,
    "at_baseline": default.AT_BASELINE,
    "digests": unicode_text.token_digests(),
})
"""


def _line_code_points(index: int) -> str:
    cps = list(unicode_text.code_points())[index * unicode_text.PER_LINE : (index + 1) * unicode_text.PER_LINE]
    return f"U+{cps[0]:04X}..U+{cps[-1]:04X}"


def test_pyodide_tokenizes_every_code_point_as_cpython(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the Pyodide comparison needs Node 20 (apt-get install -y nodejs npm)")
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.fail(f"{PYODIDE} is missing: `make node_modules` installs the pinned Pyodide (npm ci)")
    script = tmp_path / "digests.py"
    script.write_text(SCRIPT, encoding="utf-8")
    tests = ROOT / "tests"
    command = [
        node,
        str(RUNNER),
        str(PYODIDE),
        str(script),
        str(ROOT / "bleu2"),
        str(tests / "unicode_text.py"),
        str(tests / "unicode_assigned.py"),
    ]
    # Pyodide works in its own process while CPython computes its digests.
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            expected = unicode_text.token_digests()
            out, err = proc.communicate(timeout=900)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0, f"Pyodide run failed:\n{err[-4000:]}"
    pyodide = json.loads(out)
    # The point of the test: a Python with another Unicode than CPython 3.11's.
    assert pyodide["unidata_version"] == "16.0.0" and pyodide["at_baseline"] is False, pyodide["unidata_version"]
    assert pyodide["digests"].keys() == expected.keys()
    differing = {
        key: [i for i, (a, b) in enumerate(zip(expected[key], pyodide["digests"][key])) if a != b] for key in expected
    }
    differing = {key: lines for key, lines in differing.items() if lines}
    assert not differing, (
        "tokens differ between CPython and Pyodide "
        + pyodide["python"]
        + ": "
        + "; ".join(
            f"{key}: {len(lines)} lines, first {_line_code_points(lines[0])}" for key, lines in differing.items()
        )
    )
    for key in expected:
        assert len(expected[key]) == len(pyodide["digests"][key])
