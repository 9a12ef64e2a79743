"""Redeploys reach every visitor whole: two builds whose files differ (the page, one of its
scripts, a runtime file, the package), served in turn from one origin under a sub-path by a
server that answers revalidation with 304 where modification times match (the second build's
files keep the first's, as a CDN's stale copy or a copy that keeps times would), with one
file of the second build missing on the server. The service worker checks every file it
precaches against the build's own hash (tools/service_worker.js); the design is in
docs/offline.md.

What a page runs is read from the responses the page and its workers got (their bytes
hashed), not from the cache alone.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import threading
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser_helpers import WAIT_MS, enter, settled
from conftest import Guard, open_page, patient, wait_ready_state
from tools import pwa
from tools.serve import SiteHandler

# Files the second build changes: the page, a script of the page, a runtime file, the package.
CHANGED = ("index.html", "static/pwa.js", "static/vendor/pyodide/pyodide.mjs", "bleu2.zip")
# A file new in the second build, precached by it, absent on its server (an upload that
# missed it). (A file the first build had as well would be kept from its cache.)
MISSING = "static/second-build.txt"
MARKER = '<meta name="bleu2-test-deploy" content="second">'

# The service worker's state as the page sees it, kept in window.swState (registration and
# cache names are asked for asynchronously, which wait_for_function's predicate cannot do).
WATCH_JS = """() => setInterval(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  window.swState = {busy: !!(r.installing || r.waiting), caches: (await caches.keys()).join()};
}, 50)"""
CACHE_HASHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = {};
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
      out[name][request.url] = "sha256-" + btoa(String.fromCharCode(...digest));
    }
  }
  return out;
}"""


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def build_of(site: Path) -> str:
    text = (site / pwa.SERVICE_WORKER).read_text(encoding="utf-8")
    return text.split('const BUILD = "', 1)[1].split('"', 1)[0]


def _linked_copy(site: Path, target: Path) -> None:
    """``target``: every file of ``site`` as a link to it."""
    for path in site.rglob("*"):
        if path.is_file():
            dest = target / path.relative_to(site)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(path.resolve())


def _replace(target: Path, path: str, data: bytes, mtime_of: Path) -> None:
    """Write ``path`` of ``target`` (no longer a link) with ``mtime_of``'s modification time;
    drop its precompressed copies (they are the first build's)."""
    for suffix in ("", ".br", ".gz"):
        (target / (path + suffix)).unlink(missing_ok=True)
    (target / path).write_bytes(data)
    mtime = mtime_of.stat().st_mtime
    os.utime(target / path, (mtime, mtime))


@pytest.fixture(scope="module")
def builds(served_root, site_dir):
    """(first, second, the URL they are served at in turn, deploy(folder))."""
    first, second = served_root / "builds" / "first", served_root / "builds" / "second"
    _linked_copy(site_dir, first)
    _linked_copy(site_dir, second)
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert html.count("<head>") == 1
    changed = {
        "index.html": html.replace("<head>", "<head>\n" + MARKER).encode(),
        "static/pwa.js": (site_dir / "static/pwa.js").read_bytes() + b"\n// the second build\n",
        "static/vendor/pyodide/pyodide.mjs": (site_dir / "static/vendor/pyodide/pyodide.mjs").read_bytes()
        + b"\n// the second build\n",
    }
    for path, data in changed.items():
        _replace(second, path, data, site_dir / path)
    package = second / "bleu2.zip"
    _replace(second, "bleu2.zip", (site_dir / "bleu2.zip").read_bytes(), site_dir / "bleu2.zip")
    mtime = package.stat().st_mtime
    with zipfile.ZipFile(package, "a") as z:
        z.writestr("bleu2/_second_build.txt", "the second build\n")
    os.utime(package, (mtime, mtime))
    (second / MISSING).write_text("the second build\n", encoding="utf-8")
    text, _, _ = pwa.service_worker(second)
    _replace(second, pwa.SERVICE_WORKER, text.encode(), site_dir / pwa.SERVICE_WORKER)
    (second / MISSING).unlink()
    link = served_root / "redeploy" / "site"
    link.parent.mkdir()

    def deploy(folder: Path) -> None:
        new = link.with_name("site.new")
        new.symlink_to(folder, target_is_directory=True)
        new.replace(link)

    return first, second, "redeploy/site/", deploy


def hashes(site: Path) -> dict[str, str]:
    text = (site / pwa.SERVICE_WORKER).read_text(encoding="utf-8")
    return json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])


def record_runs(context, base: str) -> dict[str, set[str]]:
    """Path (relative to ``base``) -> the hashes of the bytes the page and its workers got
    for it (not the service worker's own fetches); "(hand-over)" -> the paths answered with
    "Refresh: 0" (the worker handing a reload over to a waiting build)."""
    ran: dict[str, set[str]] = {}

    def on_response(response) -> None:
        url = response.url.split("?")[0]
        if not url.startswith(base) or response.request.service_worker or response.status != 200:
            return
        path = url[len(base) :] or "index.html"
        if response.headers.get("refresh") == "0":  # the worker's hand-over to a waiting build
            ran.setdefault("(hand-over)", set()).add(path)
        elif path in CHANGED:
            ran.setdefault(path, set()).add(sri(response.body()))

    context.on("response", on_response)
    return ran


def ran_build(ran: dict[str, set[str]], files: dict[str, str], hand_over: bool = False) -> bool:
    """Whether the page got each changed file's bytes of one build (``files``: its FILES,
    one or more accepted hashes a file), and, with ``hand_over``, a reload handed over."""
    whole = all(len(ran.get(p, ())) == 1 and next(iter(ran[p])) in files[p].split() for p in CHANGED)
    keys = set(CHANGED) | ({"(hand-over)"} if hand_over else set())
    return whole and set(ran) == keys and (not hand_over or ran["(hand-over)"] == {"index.html"})


class Answers(list):
    """(path, status) of the answers sent, appended by the server's threads; a test waits on
    them (:meth:`wait_until`) without polling."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def append(self, item) -> None:
        with self.changed:
            super().append(item)
            self.changed.notify_all()

    def wait_until(self, predicate, timeout: float) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: predicate(list(self)), timeout), "the server never sent it"


@pytest.fixture
def answers(monkeypatch) -> Answers:
    """(path, status) of every answer the test server sends while the test runs."""
    out = Answers()
    original = SiteHandler.send_response

    def send_response(self, code, message=None):
        out.append((self.path, int(code)))
        original(self, code, message)

    monkeypatch.setattr(SiteHandler, "send_response", send_response)
    return out


@pytest.fixture
def cached_context(browser, origin, guards):
    """A fresh browser context whose HTTP cache works (a guard that records, not routes)."""
    guard = Guard(origin)
    context = patient(browser.new_context())
    guard.attach_context(context, route=False)
    guards.append(guard)
    yield context, guard
    context.close()


def test_a_redeploy_reaches_the_next_reload_whole(cached_context, server, builds, answers):
    first, second, path, deploy = builds
    url = server + path
    old, new = hashes(first), hashes(second)
    assert all(old[p] != new[p] for p in CHANGED) and MISSING in new
    assert {p for p in old if old[p] != new.get(p)} == set(CHANGED)
    old_cache, new_cache = f"bleu2-build-{build_of(first)}", f"bleu2-build-{build_of(second)}"

    deploy(first)
    context, guard = cached_context
    ran = record_runs(context, url)
    page = open_page(context, guard, url)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT_MS)
    assert page.evaluate("async () => (await caches.keys()).join()") == old_cache
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    settled(page)
    assert ran_build(ran, old), ran

    # The second deploy. The next visit runs the first build whole (its worker serves it)
    # while the second installs, every file checked: the server's 304s would give the first
    # build's bytes; one file is missing. The page says a new version waits.
    deploy(second)
    ran.clear()
    answers.clear()
    page.reload()
    wait_ready_state(page)
    page.wait_for_selector("#update-notice", timeout=WAIT_MS)
    assert "new version" in page.text_content("#update-notice")
    assert ran_build(ran, old), ran
    # (the server did answer the new worker's revalidations with 304: the first build's bytes)
    base = "/" + path
    assert {base + p for p in CHANGED} <= {where for where, status in answers if status == 304}
    assert page.locator("meta[name=bleu2-test-deploy]").count() == 0
    assert page.input_value("#reference") == "the cat sat on the mat"
    cached = page.evaluate(CACHE_HASHES_JS)
    assert set(cached) == {old_cache, new_cache}
    # the second build's own bytes, every file but the missing one
    assert set(cached[new_cache]) == {url + p for p in new if p != MISSING}
    assert [p for p in new if p != MISSING and cached[new_cache][url + p] not in new[p].split()] == []

    # The next reload runs the second build whole, once (no reload loop), texts kept.
    ran.clear()
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and navigations.append(frame.url))
    page.reload()
    wait_ready_state(page)
    assert page.locator("meta[name=bleu2-test-deploy]").count() == 1
    assert ran_build(ran, new, hand_over=True), ran
    assert page.evaluate("async () => (await caches.keys()).join()") == new_cache
    assert page.locator("#update-notice").count() == 0
    assert page.input_value("#reference") == "the cat sat on the mat"
    assert page.input_value("#candidate") == "the cat is on the mat"
    assert page.text_content("#score") == "0.7071"
    with contextlib.suppress(PlaywrightTimeoutError):  # 2 s in which a loop would navigate again
        page.wait_for_event("framenavigated", predicate=lambda frame: len(navigations) > 2, timeout=2000)
    assert len(navigations) <= 2, navigations  # the reload, and the new build's "Refresh: 0"
    assert page.locator("meta[name=bleu2-test-deploy]").count() == 1


def test_a_build_whose_files_the_server_does_not_have_is_not_installed(cached_context, server, builds, answers):
    """A new worker in front of the old build's files (a deploy half done, a stale CDN that
    even a request past every cache gets): refused, the old build keeps running whole."""
    first, second, path, deploy = builds
    stale = first.parent / "stale"
    _linked_copy(first, stale)
    for suffix in ("", ".br", ".gz"):
        (stale / (pwa.SERVICE_WORKER + suffix)).unlink(missing_ok=True)
    (stale / pwa.SERVICE_WORKER).symlink_to(second / pwa.SERVICE_WORKER)
    url = server + path
    old = hashes(first)
    old_cache = f"bleu2-build-{build_of(first)}"

    deploy(first)
    context, guard = cached_context
    ran = record_runs(context, url)
    page = open_page(context, guard, url)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT_MS)
    deploy(stale)
    answers.clear()
    page.reload()
    wait_ready_state(page)
    # the new worker tried every way to each changed file (revalidating, past the HTTP
    # cache, with a fresh query), then gave up: it is gone, no new cache, no notice
    base = "/" + path
    answers.wait_until(  # the worker's last try
        lambda sent: any(where.startswith(base + "index.html?bleu2-build=") for where, _ in sent),
        timeout=WAIT_MS / 1000,
    )
    page.evaluate(WATCH_JS)  # the new worker is gone (after each try the browser makes)
    page.wait_for_function(
        "c => window.swState && !window.swState.busy && window.swState.caches === c", arg=old_cache, timeout=WAIT_MS
    )
    tried = {where for where, _ in answers if where.split("?")[0] == base + "index.html"}
    assert len(tried) == 2  # index.html, then index.html?bleu2-build=...
    assert page.evaluate("async () => (await caches.keys()).join()") == old_cache
    assert page.locator("#update-notice").count() == 0
    ran.clear()
    page.reload()
    wait_ready_state(page)
    assert ran_build(ran, old), ran
