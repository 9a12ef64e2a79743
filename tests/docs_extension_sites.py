"""Real documentation sites built with bleu2's docs extensions, for the tests: Sphinx
(``extensions = ["bleu2.sphinx"]``, the furo theme) and MkDocs Material (``plugins:
[bleu2]``), each built in a subprocess with this checkout's ``bleu2`` first on the path.

MkDocs finds plugins by their entry point only; the shared venv's ``bleu2`` was installed
with the checkout's older metadata, so the entry points of ``pyproject.toml`` (as the wheel
declares them) are given to MkDocs as a distribution of their own on ``PYTHONPATH``.
Also: :func:`blocks_in` reads the blocks back out of a built page.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def entry_points_dir(where: Path) -> Path:
    """A folder holding a distribution whose entry points are ``pyproject.toml``'s."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = where / "bleu2_checkout_entry_points-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bleu2-checkout-entry-points\nVersion: 0\n")
    text = "".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in entries.items())
        for group, entries in project["entry-points"].items()
    )
    (info / "entry_points.txt").write_text(text, encoding="utf-8")
    return where


def _env(*paths: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (ROOT, *paths))), "NO_MKDOCS_2_WARNING": "1"}


def write_pages(src: Path, pages: dict[str, str]) -> None:
    for name, text in pages.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")


def build_sphinx(
    src: Path, out: Path, conf: str, pages: dict[str, str], strict: bool = True, builder: str = "html"
) -> subprocess.CompletedProcess:
    """``sphinx-build -b builder`` of ``pages`` (``name.rst`` → text) with ``conf`` added to a
    furo ``conf.py`` that loads ``bleu2.sphinx``; ``strict``: ``-W`` (and it must pass)."""
    write_pages(
        src, {"conf.py": f'project = "host docs"\nhtml_theme = "furo"\nextensions = ["bleu2.sphinx"]\n{conf}', **pages}
    )
    command = [sys.executable, "-m", "sphinx", "-b", builder, "-q", *(["-W"] if strict else []), str(src), str(out)]
    proc = subprocess.run(command, env=_env(), capture_output=True, text=True, timeout=600, check=False)
    if strict and proc.returncode != 0:
        raise AssertionError(f"sphinx-build failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


def build_material(
    src: Path,
    out: Path,
    plugin: str,
    pages: dict[str, str],
    strict: bool = True,
    extensions: str = "pymdownx.superfences",
) -> subprocess.CompletedProcess:
    """``mkdocs build`` of ``pages`` (``docs/`` names → Markdown) with the Material theme,
    ``markdown_extensions: [extensions]`` and ``plugins: [bleu2]`` with ``plugin`` (YAML
    lines under ``bleu2:``, or ""); ``strict``: ``--strict`` (and it must pass)."""
    options = f"  - bleu2:\n{plugin}" if plugin else "  - bleu2\n"
    config = (
        "site_name: host docs\ntheme:\n  name: material\n  font: false\n"
        f"markdown_extensions:\n  - {extensions}\nplugins:\n{options}"
    )
    write_pages(src, {"mkdocs.yml": config, **{f"docs/{name}": text for name, text in pages.items()}})
    command = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), "--site-dir", str(out)]
    env = _env(entry_points_dir(src.parent / (src.name + "-entry-points")))
    proc = subprocess.run(command, cwd=src, env=env, capture_output=True, text=True, timeout=600, check=False)
    if strict and proc.returncode != 0:
        raise AssertionError(f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


def fake_site(where: Path) -> Path:
    """A stand-in for a built calculator site (``index.html``, ``embed.js``, a file in a folder)."""
    write_pages(
        where, {"index.html": "<!doctype html><title>calculator</title>", "embed.js": "// host", "static/x.txt": "x"}
    )
    return where


class _Blocks(HTMLParser):
    """Each ``<div class="bleu2-block">``: its attributes, texts and rows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[dict[str, Any]] = []
        self.depth = 0  # <div> depth inside the current block (0: outside)
        self.cell: tuple[str, str] | None = None  # (kind, key) of the element whose text is read
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "div" and self.depth:
            self.depth += 1
        elif tag == "div" and "bleu2-block" in a.get("class", "").split():
            self.depth = 1
            self.blocks.append(
                {"attrs": a, "references": [], "rows": {}, "html_tags": [], "button": None, "link": None}
            )
        if not self.depth:
            return
        block = self.blocks[-1]
        block["html_tags"].append(tag)
        if tag == "dd":
            self.cell, self.text = ("reference", ""), ""
        elif tag == "th" and a.get("scope") == "row":
            self.cell, self.text = ("row", ""), ""
        elif tag == "td" and "data-bleu2" in a:
            self.cell, self.text = ("cell", a["data-bleu2"]), ""
        elif tag == "button":
            block["button"] = a
        elif tag == "a":
            block["link"] = a

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if tag == "div":
            self.depth -= 1
        block = self.blocks[-1]
        if self.cell and tag in ("dd", "th", "td"):
            kind, key = self.cell
            if kind == "reference":
                block["references"].append(self.text)
            elif kind == "row":
                block["rows"][self.text] = {}
                block["last"] = self.text
            else:
                block["rows"][block["last"]][key] = self.text
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell:
            self.text += data


def blocks_in(page: str) -> list[dict[str, Any]]:
    """The bleu2 blocks of a page: ``attrs`` (the block's), ``references``, ``rows``
    (candidate text → {"score", "p1", …, "bp", "c", "r"}: the cells' texts), ``button``
    and ``link`` (their attributes, or None), ``html_tags`` (every tag inside)."""
    parser = _Blocks()
    parser.feed(page)
    return parser.blocks
