"""The Pyodide memory snapshot this browser makes for itself (static/snapshot.mjs): a first
visit downloads none and boots Pyodide normally; once the page is ready a worker of its own
makes one and keeps it (IndexedDB, under the build's key); the next visit restores it; a
corrupt one, or another build's, is never restored: Pyodide boots normally and the page
scores all the same.

The first three tests are one browser tab's visits in turn (``tab``: a first visit, then
each test's reload after it changed what is kept), so that no test boots a page only to
start from it; the last reads the session's untouched page."""

from __future__ import annotations

import json

import pytest

from browser_helpers import SITE, WAIT_MS, enter, probe
from conftest import open_page, wait_ready_state

# How the page's Python booted (the test build's globalThis.bleu2Boot in its worker:
# tests/browser/site/boot_hooks.js reads static/pyodide-boot.mjs's "bleu2:pyodide-ready" mark).
BOOT = "getattr(__import__('js'), 'bleu2Boot', None)"  # how the page's Python booted
SETTLED_JS = """() => ['made', 'failed', 'stored', 'off', 'elsewhere']
  .includes(document.documentElement.getAttribute('data-snapshot'))"""
# The kept snapshots: {key: size in bytes}.
KEPT_JS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('bleu2-snapshot', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const out = {}, store = open.result.transaction('snapshots').objectStore('snapshots');
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) { open.result.close(); resolve(out); return; }
      out[c.key] = c.value.size; c.continue();
    };
  };
})"""
# Put ``bytes`` (a list of numbers) under ``key``, in place of what is kept.
PUT_JS = """([key, bytes]) => new Promise((resolve, reject) => {
  const open = indexedDB.open('bleu2-snapshot', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('snapshots', 'readwrite'), store = tx.objectStore('snapshots');
    store.clear();
    store.put(new Blob([new Uint8Array(bytes)]), key);
    tx.oncomplete = () => { open.result.close(); resolve(); };
  };
})"""


def build_key() -> str:
    text = (SITE / "static" / "snapshot.mjs").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("const BUILD = {"))
    return json.loads(line.removeprefix("const BUILD = ").split("; //", 1)[0])["key"]


def made_snapshot(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=300_000, polling=200)
    assert page.get_attribute("html", "data-snapshot") == "made"


def reload(page) -> None:
    page.reload()
    wait_ready_state(page)


@pytest.fixture(scope="module")
def tab(new_context, site_url):
    """``(page, guard, asked)``: a page that makes its snapshot (opened on first use), and the
    URLs its context asked for from the start."""
    context, guard = new_context(make_snapshot=True)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    return open_page(context, guard, site_url), guard, asked


def test_a_first_visit_fetches_no_snapshot_and_the_next_restores_the_one_made_here(tab):
    page, guard, asked = tab
    assert probe(page, BOOT) == "normal"
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert page.text_content("#score") == "0.7071"
    made_snapshot(page)
    assert not [url for url in asked if "snapshot.bin" in url or "stdlib_snapshot" in url]
    kept = page.evaluate(KEPT_JS)
    assert list(kept) == [build_key()] and kept[build_key()] > 10_000_000  # Pyodide's memory
    reload(page)
    assert probe(page, BOOT) == "snapshot"
    assert page.text_content("#score") == "0.7071"  # the tab's texts, scored by the restored Python
    enter(page, guard, "the cat sat on the mat", "the cat sat on a mat")
    assert page.text_content("#score") == "0.7071"
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS, polling=200)
    assert page.get_attribute("html", "data-snapshot") == "stored"  # kept already: none made again


def test_a_corrupt_kept_snapshot_falls_back_to_a_normal_boot(tab):
    page, guard, _ = tab
    page.wait_for_function(SETTLED_JS, timeout=300_000, polling=200)  # (no snapshot under way)
    page.evaluate(PUT_JS, [build_key(), list(range(256)) * 4096])  # 1 MB that is no snapshot
    with guard.expect_console_errors():  # Pyodide may report the failed restore
        reload(page)
    assert probe(page, BOOT) == "fallback"
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert page.text_content("#score") == "0.7071"
    made_snapshot(page)  # forgotten, then made again
    assert list(page.evaluate(KEPT_JS)) == [build_key()]


def test_another_builds_snapshot_is_never_restored(tab):
    page, guard, _ = tab
    page.wait_for_function(SETTLED_JS, timeout=300_000, polling=200)  # (no snapshot under way)
    page.evaluate(PUT_JS, ["314.0.7-an-older-build", list(range(256)) * 64])
    reload(page)
    assert probe(page, BOOT) == "normal"
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert page.text_content("#score") == "0.7071"
    made_snapshot(page)
    assert list(page.evaluate(KEPT_JS)) == [build_key()]  # the new build's, in place of the old


def test_the_tests_pages_make_no_snapshot_unless_asked(untouched_page):
    """The test build's bleu2SnapshotOff (tests/browser/site/snapshot_hooks.js), which the
    tests' contexts set: no second Pyodide booted after each page is ready."""
    page = untouched_page[0]
    assert page.get_attribute("html", "data-snapshot") == "off"
    assert probe(page, BOOT) == "normal"
