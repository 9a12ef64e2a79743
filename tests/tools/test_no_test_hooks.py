"""Nothing but the product ships: the page's sources and the built ``_site/`` (when built)
hold none of the browser tests' hooks, which only the test build (``_site_test/``,
tools/test_site.py) adds; ``bleu2/`` evaluates no text as code."""

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
# corpus.js's "job" painter and compare.js's "compareJob", painted for the tests only).
HOOKS = re.compile(
    r"bleu2Test|probe|bleu2App|bleu2Corpus|bleu2:answered|data-modules|dataset\.modules|compareJob|bleu2Compare|\bmeasured\b"
    r"|\bjob: function|\.ask\("
)
EVALUATES = re.compile(r"\b(eval|exec)\(")


def page_sources() -> list[Path]:
    """The page's own files (not the vendored runtime, generated at build time)."""
    static = [p for p in (ROOT / "static").rglob("*") if p.is_file() and "vendor" not in p.parts]
    return [ROOT / "index.html", *(p for p in static if p.suffix in (".js", ".mjs", ".py", ".html", ".css"))]


def hooks_in(name: str, text: str) -> list[str]:
    return [f"{name}: {m.group(0)!r}" for m in HOOKS.finditer(text)]


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
    for path in [SITE / "index.html", *sorted((SITE / "static").glob("*.*"))]:
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


def test_the_hooks_go_at_the_end_of_the_host_module():
    host = (ROOT / "static" / "host.js").read_text(encoding="utf-8")
    assert test_site.splice_host(host, "  // hooks\n") == host + "  // hooks\n"
    with pytest.raises(ValueError, match="must hold"):
        test_site.splice_host("// another script\n", "  // hooks\n")
