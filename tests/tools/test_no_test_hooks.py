"""Nothing but the product ships: the page's sources and the built ``_site/`` (when built)
hold none of the browser tests' hooks, which only the test build (``_site_test/``,
tools/test_site.py) adds, and no global ``bleu2...`` name but those the product itself uses;
``bleu2/`` evaluates no text as code."""

from __future__ import annotations

import base64
import gzip
import re
import zipfile
from pathlib import Path

import pytest

from tools import test_site

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"

# What the test build adds, and the hooks the page once carried for its tests (among them
# corpus.js's "job" painter and compare.js's "compareJob", painted for the tests only, and
# the globals bleu2Boot, how the Python booted, and bleu2SnapshotOff, set by the tests).
HOOKS = re.compile(
    r"bleu2Test|probe|bleu2App|bleu2Corpus|bleu2:answered|data-modules|dataset\.modules|compareJob|bleu2Compare|\bmeasured\b"
    r"|\bjob: function|\.ask\(|bleu2Boot|bleu2SnapshotOff"
)
#: A name of the bleu2 family (``window.bleu2X``, ``globalThis.bleu2X``, ``js.bleu2X``...).
BLEU2_NAME = re.compile(r"\bbleu2[A-Z]\w*")
#: The names the product sets and reads itself: static/app.py tells static/host.js it is
#: ready; the one-file page's loader keeps its file table; the docs' host script runs once;
#: static/idb-memory.js marks the IndexedDB it replaced. A new one is added here by name.
PRODUCT_NAMES = {"bleu2HostReady", "bleu2Offline", "bleu2EmbedHost", "bleu2Memory"}
#: The scripts tools/ writes into the site as they are.
SHIPPED_TOOLS = ("offline_loader.js", "embed_host.js")
EVALUATES = re.compile(r"\b(eval|exec)\(")


def page_sources() -> list[Path]:
    """The page's own files (not the vendored runtime, generated at build time)."""
    static = [p for p in (ROOT / "static").rglob("*") if p.is_file() and "vendor" not in p.parts]
    pages = [ROOT / "index.html", *(p for p in static if p.suffix in (".js", ".mjs", ".py", ".html", ".css"))]
    return pages + [ROOT / "tools" / name for name in SHIPPED_TOOLS]


def hooks_in(name: str, text: str) -> list[str]:
    """The test hooks in ``text``, and the bleu2 names the product does not use itself."""
    found = [f"{name}: {m.group(0)!r}" for m in HOOKS.finditer(text)]
    return found + [f"{name}: {m.group(0)!r}" for m in BLEU2_NAME.finditer(text) if m.group(0) not in PRODUCT_NAMES]


def test_a_global_the_tests_set_is_caught_by_name():
    assert hooks_in("a.js", "if (globalThis.bleu2SnapshotOff === true) return;") == [
        "a.js: 'bleu2SnapshotOff'",
        "a.js: 'bleu2SnapshotOff'",
    ]
    assert hooks_in("b.mjs", "globalThis.bleu2Ready = 1; window.bleu2HostReady(x)") == ["b.mjs: 'bleu2Ready'"]
    assert hooks_in("c.py", "getattr(js, 'bleu2Boot', None)") != []
    assert all(hooks_in("d.js", f"globalThis.{name}") != [] for name in test_site.HOOK_NAMES)


def test_the_pages_sources_hold_no_test_hook():
    found = [hit for path in page_sources() for hit in hooks_in(str(path.relative_to(ROOT)), path.read_text("utf-8"))]
    assert found == []


def test_bleu2_evaluates_no_text_as_code():
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "bleu2").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if EVALUATES.search(line)
    ]
    assert found == []


def offline_payload(page: Path) -> str:
    """The files the one-file page carries (base64 of one gzip stream), as text."""
    text = page.read_text(encoding="utf-8")
    payload = re.search(r'id="bleu2-offline-payload">([^<]*)</script>', text)
    assert payload, f"{page.name} carries no payload"
    return gzip.decompress(base64.b64decode(payload.group(1))).decode("utf-8", errors="replace")


@pytest.mark.skipif(not (SITE / "index.html").exists(), reason="_site/ is not built (make site)")
def test_the_built_site_holds_no_test_hook():
    found = []
    for path in [SITE / "index.html", SITE / "embed.js", *sorted((SITE / "static").glob("*.*"))]:
        if path.suffix in (".js", ".mjs", ".py", ".html"):
            found += hooks_in(str(path.relative_to(SITE)), path.read_text(encoding="utf-8"))
    with zipfile.ZipFile(SITE / "bleu2.zip") as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                text = archive.read(name).decode("utf-8")
                found += [f"bleu2.zip {name}: {m.group(0)}" for m in EVALUATES.finditer(text)]
    assert found == []


@pytest.mark.skipif(not (SITE / "index.html").exists(), reason="_site/ is not built (make site)")
def test_the_one_file_page_of_the_site_has_no_test_build_inside():
    payload = offline_payload(SITE / "bleu2-offline.html")
    assert "bleu2Test" not in payload and "PageHost._dispatch = " not in payload
    # the payload holds Pyodide's WebAssembly too (its docstrings say "measured"): names only
    assert sorted({m.group(0) for m in BLEU2_NAME.finditer(payload)} - PRODUCT_NAMES) == []


@pytest.mark.parametrize("name", sorted(test_site.APPENDED))
def test_the_hooks_go_at_the_end_of_the_module_they_expect(name):
    source = (ROOT / name).read_text(encoding="utf-8")
    assert test_site.splice(name, source, "  // hooks\n") == source + "  // hooks\n"
    with pytest.raises(ValueError, match="must hold"):
        test_site.splice(name, "// another script\n", "  // hooks\n")
