"""Building the documentation site (``mkdocs.yml``, ``docs/``) for the tests, as ``make site``
does (``mkdocs build --strict``), with the calculator's address given (``BLEU2_URL``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
PLACEHOLDER = "https://OWNER.github.io/bleu2/"  # how docs/ names the calculator (docs/hooks/bleu2_url.py)


def build_docs(out: Path, calculator_url: str | None) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` into ``out``; raises with MkDocs' output if it fails. With
    ``calculator_url`` None, ``BLEU2_URL`` is unset (the docs name the calculator relatively)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("BLEU2_URL", None)
    if calculator_url is not None:
        env["BLEU2_URL"] = calculator_url
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "--config-file",
        str(CONFIG),
        "--site-dir",
        str(out),
    ]
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=300)
    if proc.returncode != 0:
        raise AssertionError(f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    return proc
