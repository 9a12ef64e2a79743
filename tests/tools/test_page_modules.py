"""The page's JavaScript: a few classic scripts, then one graph of ES modules from
``static/page.mjs``; ``make lint`` lints it with Biome, pinned in package.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"

#: What index.html loads as classic scripts: embed.js before the first paint, boot.js where
#: modules cannot run (index.html opened from file://), the strings it shows (fflate's zlib is
#: imported when first needed: static/storage.js).
CLASSIC = ["static/embed.js", "static/boot-strings.js", "static/boot.js"]
#: Modules index.html loads: the page's entry only (it imports PyScript, the Pyodide boot and
#: the rest of the glue when Python may start: static/page.mjs).
MODULES = ["static/page.mjs"]
#: What page.mjs imports at once, before Python may start (a waiting embed loads these only).
WAITING = {"direction.mjs", "embed-start.mjs", "keep.mjs", "panels.mjs", "paint.js", "storage.js", "textdiff.mjs"}
IMPORT = re.compile(r"""^import (?:[^"']+ from )?"\./([^"']+)";""", re.M)


def scripts(kind_module: bool) -> list[str]:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    found = []
    for attrs in re.findall(r"<script\b([^>]*)>", page):
        src = re.search(r'\bsrc="\./([^"]+\.m?js)"', attrs)
        if src and ('type="module"' in attrs) == kind_module:
            found.append(src.group(1))
    return found


def graph(entry: str) -> set[str]:
    """The files of ``static/`` that ``entry`` imports, directly or not."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(IMPORT.findall((STATIC / name).read_text(encoding="utf-8")))
    return seen - {entry}


def test_index_html_loads_a_few_classic_scripts_then_the_modules():
    assert scripts(kind_module=False) == CLASSIC
    assert scripts(kind_module=True) == MODULES


def test_page_mjs_imports_a_small_graph_at_once_and_glue_mjs_every_other_module_itself():
    """page.mjs imports the waiting page's few modules directly; glue.mjs (imported when
    Python may start) imports every other module directly (so the browser asks for all of
    them at once), and index.html's bleu2-modules list (preloaded where nothing waits) names
    them; nothing else of static/ is left out."""
    direct = set(IMPORT.findall((STATIC / "page.mjs").read_text(encoding="utf-8")))
    assert direct == graph("page.mjs") == WAITING
    glue = set(IMPORT.findall((STATIC / "glue.mjs").read_text(encoding="utf-8")))
    glue |= set(re.findall(r"""^export \{[^}]+\} from "\./([^"']+)";""", (STATIC / "glue.mjs").read_text(), re.M))
    ours = {p.name for p in STATIC.iterdir() if p.suffix in (".js", ".mjs")}
    classic = {Path(p).name for p in CLASSIC}
    # pyodide-boot.mjs is the interpreter's entry (PyScript loads it in the worker), with
    # the browser-made snapshot's modules (snapshot.mjs, and the worker that makes it)
    booting = {"pyodide-boot.mjs", "snapshot.mjs", "snapshot-worker.mjs"}
    assert glue - WAITING == ours - classic - {"page.mjs", "glue.mjs"} - booting - WAITING
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<meta name="bleu2-modules" content="([^"]+)">', page)
    assert listed
    names = {href.rsplit("/", 1)[-1] for href in listed.group(1).split()}
    assert names == (glue - WAITING) | {"glue.mjs", "core.js", "pyodide-boot.mjs"}


def test_the_modules_pass_nothing_through_window():
    """A module takes what another gives by import: no module reads the painters, the tab's
    storage or corpus mode's glue from a global (what the tests read is still assigned)."""
    for name in graph("page.mjs") | graph("glue.mjs"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert not re.search(r"window\.bleu2(Paint|Storage|Corpus|TextDiff)\b(?!\s*=[^=])", text), name


def test_biome_is_pinned_and_make_lint_runs_it_on_the_javascript():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["@biomejs/biome"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/@biomejs/biome"]["version"] == version
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = re.search(r"^lint: venv node_modules\n((?:\t.*\n)+)", makefile, re.M)
    assert lint and "\tnode_modules/.bin/biome lint --error-on-warnings\n" in lint.group(1)
    config = (ROOT / "biome.jsonc").read_text(encoding="utf-8")
    for where in ("static/*.js", "static/*.mjs", "tools/*.js", "tools/*.mjs", "tests/js/", "tests/browser/*.mjs"):
        assert f'"{where}' in config, where


#: The most lines a script of static/ may have: past it, split it or move its decisions into the page's Python.
MAX_SCRIPT_LINES = 300


def test_no_script_of_static_is_over_300_lines():
    long = {
        path.name: n
        for path in sorted(STATIC.iterdir())
        if path.suffix in (".js", ".mjs")
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_SCRIPT_LINES
    }
    assert long == {}, f"over {MAX_SCRIPT_LINES} lines: {long}"
