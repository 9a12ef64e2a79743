"""Type checking is strict: mypy with pyproject.toml's ``[tool.mypy]`` (what ``make lint``
runs on all of bleu2/, the page included, and tools/) rejects a wrong return type and a
function without annotations."""

from __future__ import annotations

import tomllib
from pathlib import Path

from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """
def score(matches: int, total: int) -> float:
    return f"{matches}/{total}"


def untyped(x):
    return x
"""


def test_mypy_checks_the_engine_the_page_and_the_tools():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["bleu2", "tools"] and "exclude" not in config
    assert config["strict"] is True


def test_mypy_as_configured_rejects_a_wrong_return_type(tmp_path):
    module = tmp_path / "wrong.py"
    module.write_text(SNIPPET, encoding="utf-8")
    out, err, status = mypy_api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache"), str(module)]
    )
    assert status == 1, out + err
    assert 'Incompatible return value type (got "str", expected "float")  [return-value]' in out
    assert "Function is missing a type annotation  [no-untyped-def]" in out
