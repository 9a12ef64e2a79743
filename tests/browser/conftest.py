"""Fixtures for the browser tests: the built site on a local server, Debian's Chromium
driven by Playwright, and a guard that records what a page must never do.

- The site is the test build (``_site_test/``: ``_site/`` with the tests' hooks, built by
  ``make site-test``; built here if missing, tools/test_site.py), served by
  ``tools.serve`` on a free loopback port, under a sub-path (``/some/sub/path/``), so
  every test also checks that the page's URLs are relative.
- Chromium is ``/usr/bin/chromium`` (``executable_path``), headless, never downloaded.
- Every request to another origin is aborted and recorded; every request's URL and body
  is kept so tests can check that no typed text left the page; console errors, page
  errors, Python tracebacks and dialogs are recorded. :func:`guard_check` (autouse)
  fails a test that caused any of these.
- A page is loaded once per module (``ready_page``), because Pyodide takes seconds; the
  modules that only need a ready sentence view under the defaults share one for the session
  (``sentence_tab``, set back between modules).
- The page's Python runs in its worker and answers each event asynchronously
  (``static/host.js``): a test waits for what the page shows (``expect(...)``), or, where
  nothing shown changes, for the answers themselves (``browser_helpers.answered``, through
  the test build's ``window.bleu2Test``).
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from browser_helpers import ROOT, SITE, SUB_PATH, WAIT_MS, answered, settled
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_server

# Ceilings, not clocks: a test waits for what the page shows and goes on as soon as it is
# shown; these only bound how long a broken page is waited for. Generous, so that a slow or
# busy machine (another CPU-heavy job beside the suite) passes: Pyodide's start takes
# seconds on a quiet machine, several times that on a busy one.
READY_TIMEOUT_MS = 180_000
expect.set_options(timeout=WAIT_MS)


def patient(context):
    """``context`` with the suite's ceilings on every wait, action and navigation
    (Playwright's own defaults, 30 s, are too short for a busy machine); returns it."""
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    return context


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists() or not (SITE / "static" / "vendor").exists():
        if not (ROOT / "_site" / "index.html").exists():
            subprocess.run([sys.executable, "-m", "tools.build_site"], cwd=ROOT, check=True)
        subprocess.run([sys.executable, "-m", "tools.build_site", "--test-build"], cwd=ROOT, check=True)
    return SITE


@pytest.fixture(scope="session")
def served_root(site_dir, tmp_path_factory) -> Path:
    """A directory whose ``some/sub/path`` is the site (a symlink), plus room for test pages."""
    root = tmp_path_factory.mktemp("www")
    target = root / SUB_PATH
    target.parent.mkdir(parents=True)
    target.symlink_to(site_dir, target_is_directory=True)
    return root


@contextlib.contextmanager
def serving(folder: Path, **options):
    """``folder`` served by ``tools.serve`` on a free loopback port while the block runs;
    yields the base URL (ends with "/"). ``options``: ``start_server``'s (``encodings``)."""
    srv, base = start_server(folder, **options)
    try:
        yield base
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture(scope="session")
def server(served_root):
    with serving(served_root) as base:
        yield base


@pytest.fixture(scope="session")
def origin(server) -> str:
    parts = urlsplit(server)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture(scope="session")
def site_url(server) -> str:
    """URL of the page (under the sub-path)."""
    return f"{server}{SUB_PATH}/"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install -y chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class Guard:
    """What pages of one browser context did that they must not do."""

    origin: str
    # Schemes a page may always use. A file:// page (the one-file offline page) gets
    # {"data", "blob"} and its own URL as `allowed_urls`: any other file: URL is a request
    # that escaped the page's payload.
    allowed_schemes: tuple[str, ...] = ("data", "blob")
    allowed_urls: tuple[str, ...] = ()
    foreign_requests: list[str] = field(default_factory=list)
    requests: list[tuple[str, str]] = field(default_factory=list)  # (url, body)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    typed: list[str] = field(default_factory=list)
    allow_console_errors: bool = False
    pages: list = field(default_factory=list)

    def attach_context(self, context, route: bool = True) -> None:
        """``route=False``: record requests only, abort none (Playwright's routing turns the
        browser's HTTP cache off, which a test of revalidation needs)."""
        if route:
            context.route("**/*", self._route)
        context.on("request", self._on_request)

    def _allowed(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in self.allowed_schemes or url.split("#")[0] in self.allowed_urls:
            return True
        return parts.scheme in ("http", "https") and f"{parts.scheme}://{parts.netloc}" == self.origin

    def attach_page(self, page) -> None:
        self.pages.append(page)
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(f"{error} (page {page.url})"))
        page.on("dialog", self._on_dialog)

    @contextlib.contextmanager
    def expect_console_errors(self):
        """Console errors logged inside this block are expected (and dropped)."""
        start = len(self.console_errors)
        try:
            yield
        finally:
            del self.console_errors[start:]

    def _route(self, route) -> None:
        url = route.request.url
        if self._allowed(url):
            route.continue_()
        else:
            self.foreign_requests.append(url)
            route.abort("blockedbyclient")

    def _on_request(self, request) -> None:
        # Routes do not see every scheme (file: requests): check each request here too.
        if not self._allowed(request.url) and request.url not in self.foreign_requests:
            self.foreign_requests.append(request.url)
        try:
            body = request.post_data or ""
        except UnicodeDecodeError:  # binary bodies (where Playwright decodes strictly)
            body = repr(request.post_data_buffer)
        self.requests.append((request.url, body))

    def _on_console(self, message) -> None:
        text = message.text
        if "Traceback (most recent call last)" in text or "PythonError" in text:
            self.tracebacks.append(text)
        if message.type == "error":
            # where it was logged: a problem may come from any page of the session still open
            # (the guard is checked after every test), or from a page's worker
            where = message.location.get("url") or (message.worker.url if message.worker else "")
            self.console_errors.append(f"{text} (at {where}:{message.location.get('lineNumber')})" if where else text)

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    _LISTS = ("foreign_requests", "page_errors", "tracebacks", "console_errors", "dialogs")

    def new_problems(self) -> list[str]:
        """Problems recorded since the last call (each reported once)."""
        marks = self.__dict__.setdefault("_marks", {})
        out = []
        for name in self._LISTS:
            items = getattr(self, name)
            new = items[marks.get(name, 0) :]
            marks[name] = len(items)
            if new and not (name == "console_errors" and self.allow_console_errors):
                out.append(f"{name.replace('_', ' ')}: {new}")
        if not self.allow_console_errors:
            for page in self.pages:
                if not page.is_closed() and page.locator(".py-error").count() and page not in marks:
                    marks[page] = True
                    out.append(f"PyScript error banner on the page: {page.locator('.py-error').first.text_content()}")
        reported = self.__dict__.setdefault("_leaks", set())
        for text in {t for t in self.typed if len(t.strip()) >= 6}:
            for url, body in self.requests:
                if (text in url or text in body) and (text, url) not in reported:
                    reported.add((text, url))
                    out.append(f"typed text {text[:30]!r} appears in a request to {url}")
        return out


@pytest.fixture(scope="session")
def guards():
    """Every guard made in the session, checked once more at the end."""
    made: list[Guard] = []
    return made


#: The Options panel remembered open (static/panels.mjs's key), where the page may keep it.
OPTIONS_LEFT_OPEN = """try {
  if (localStorage.getItem("bleu2-open.options") === null) localStorage.setItem("bleu2-open.options", "1");
} catch (error) {}"""


def guarded_context(browser, guard, guards=None, **options):
    """A fresh browser context (``options``: ``browser.new_context``'s) with ``guard``
    attached; the guard joins ``guards`` (checked after every test) when given. Its pages
    start as a returning person's, with the Options panel left open, unless ``first_visit``."""
    make_snapshot = options.pop("make_snapshot", False)
    first_visit = options.pop("first_visit", False)
    context = patient(browser.new_context(**options))
    if not make_snapshot:  # no second Pyodide booted a while after each page is ready (static/snapshot.mjs)
        context.add_init_script("globalThis.bleu2SnapshotOff = true")
    if not first_visit:  # a returning person who left the Options panel open (static/panels.mjs): its controls in view
        context.add_init_script(OPTIONS_LEFT_OPEN)
    guard.attach_context(context)
    if guards is not None:
        guards.append(guard)
    return context


def _contexts(browser, guards, make_guard):
    """A factory of fresh browser contexts, each with a guard from ``make_guard(*args)``; yields
    the factory and closes every context it made afterwards."""
    contexts = []

    def make(*args, **kwargs):
        guard = make_guard(*args)
        context = guarded_context(browser, guard, guards, **kwargs)
        contexts.append(context)
        return context, guard

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def new_context(browser, origin, guards):
    """Factory: a fresh (empty-cache) browser context with a guard attached."""
    yield from _contexts(browser, guards, lambda: Guard(origin))


@pytest.fixture(scope="module")
def new_file_context(browser, guards):
    """Factory: a fresh browser context for a page opened from ``file://`` (``page_path``),
    with a guard that allows only data:, blob: and the page's own URL."""
    yield from _contexts(browser, guards, lambda page_path: Guard("file://", allowed_urls=(page_path.as_uri(),)))


def open_page(context, guard, url, wait_ready=True):
    page = context.new_page()
    guard.attach_page(page)
    page.goto(url)
    if wait_ready:
        wait_ready_state(page)
    return page


def open_held(context, guard, url):
    """Open ``url`` with the Pyodide runtime (``pyodide.asm.wasm``) held back: the page
    stays loading until ``release()``, so a test can act meanwhile without depending on how
    fast Pyodide loads. Returns ``(page, release)``."""
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = context.new_page()
    guard.attach_page(page)
    with context.expect_event("request", lambda request: request.url.endswith("/pyodide.asm.wasm"), timeout=WAIT_MS):
        page.goto(url)  # (the page's worker asks for it: a request of the context)
    # one round trip to the browser: its messages come in order, so the route's handler,
    # called after the request's event, has run once the answer is in
    page.evaluate("() => 0")
    assert held, "the page never asked for the Pyodide runtime"

    def release():
        context.unroute("**/pyodide.asm.wasm")
        for route in held:
            route.fallback()

    return page, release


def open_in_parent(new_context, served_root, parent_url, html, started=True):
    """A page at ``parent_url`` (another site or port than the app; its file written into
    ``served_root`` from ``html``) holding the app in ``<iframe id="f">``: (page, frame,
    guard) once Python has started in the frame (an embed: started with its button), or, with
    ``started=False``, at once (a test of the host script that needs no Python: an embed
    waiting for its reader posts its height too). The guard lets the parent's own URL through."""
    (served_root / parent_url.rsplit("/", 1)[1]).write_text(html, encoding="utf-8")
    context, guard = new_context()
    page = context.new_page()
    guard.attach_page(page)
    page.route(parent_url, lambda route: route.continue_())  # past the guard, to the server
    guard.allowed_urls = (*guard.allowed_urls, parent_url)  # (its request event: not a foreign request)
    page.goto(parent_url)
    frame = page.wait_for_selector("#f").content_frame()
    if started:
        wait_started(frame)  # raises with the frame's #status text if Python did not start
    return page, frame, guard


def start_embed(frame, timeout=READY_TIMEOUT_MS) -> None:
    """Start an embed that waits for its reader (``html[data-state=waiting]``,
    static/embed-start.mjs) with its start button, pressed until the embed no longer waits.
    Nothing where the page does not wait (the full page, ``?embed&start``). The check and the
    press are one step in the frame: an embed that starts by itself in between (a box focused)
    hides the button, which a separate check-then-click would wait on for its whole ceiling;
    a press before static/embed-start.mjs listens is pressed again. (Pressing it as a reader
    does, with the mouse: tests/browser/test_embed_until_touched.py.)"""
    frame.wait_for_selector("#status", state="attached", timeout=timeout)  # static/embed.js has run
    frame.wait_for_function(
        """() => {
            if (document.documentElement.getAttribute("data-state") !== "waiting") return true;
            const button = document.getElementById("embed-start");
            if (button) button.click();
            return false;
        }""",
        polling=250,
        timeout=timeout,
    )


def wait_started(frame, timeout=READY_TIMEOUT_MS) -> None:
    """:func:`start_embed`, then :func:`wait_ready_state`."""
    start_embed(frame, timeout)
    wait_ready_state(frame, timeout)


def wait_ready_state(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_selector("html[data-state=ready], html[data-state=error]", timeout=timeout, state="attached")
    state = page.get_attribute("html", "data-state")
    if state != "ready":
        raise AssertionError(f"page did not start: {page.text_content('#status')}")


@pytest.fixture(scope="session")
def untouched_page(browser, origin, guards, site_url):
    """``(page, requested)``: one page of the served site, opened in a fresh context on first
    use and kept for the session, for the tests that only read what it did and holds (its
    start-up requests, its worker's files and modules) and never type into it or change it;
    ``requested``: the URLs the page and its workers asked for, from the start (not the
    service worker's own fetches, which fill its cache)."""
    guard = Guard(origin)
    context = guarded_context(browser, guard, guards)
    requested: list[str] = []
    context.on("request", lambda request: request.service_worker or requested.append(request.url))
    page = open_page(context, guard, site_url)
    yield page, requested
    context.close()


@pytest.fixture(scope="session")
def one_file_tab(browser, guards, site_dir, tmp_path_factory):
    """``(page, guard, path)``: the one-file page (``bleu2-offline.html``) copied alone into an
    empty folder (``path``) and opened from ``file://`` in a fresh context (downloads kept) on
    first use, ready, and kept for the session: the modules that read it or score in it share
    its one boot, each test setting the mode, options and files it reads."""
    import shutil

    path = tmp_path_factory.mktemp("one-file") / "bleu2-offline.html"
    shutil.copy2(site_dir / "bleu2-offline.html", path)
    guard = Guard("file://", allowed_urls=(path.as_uri(),))
    context = guarded_context(browser, guard, guards, accept_downloads=True)
    page = open_page(context, guard, path.as_uri())
    yield page, guard, path
    context.close()


#: The size of a fresh context's page (Playwright's default), where the sentence tab goes back to.
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}


def back_to_sentence_defaults(page) -> None:
    """``page`` (ready) set back, as a person would, to a fresh page's state under the
    defaults: the sentence view, the added boxes removed, both texts emptied, the options and metric
    restored (BLEU, then ``#restore-defaults``), English, the JSON section closed and the default size.
    Storage is left alone: nothing reloads the page in between."""
    page.set_viewport_size(DEFAULT_VIEWPORT)
    page.check("#mode-sentence")  # (a module before may have left it in corpus mode)
    page.select_option("#lang-select", "en")
    answered(page)
    for kind in ("reference", "candidate"):  # the added boxes, last first
        boxes = page.locator(f"#{kind}s textarea")
        while boxes.count() > 1:
            page.click(f"#{boxes.last.get_attribute('id')}-remove")
            answered(page)
    page.fill("#reference", "")
    page.fill("#candidate", "")
    page.select_option("#opt-metric", "bleu")  # (BLEU's options, its button among them, show under BLEU only)
    answered(page)
    page.click("#restore-defaults")
    answered(page)
    if page.evaluate("document.getElementById('json-section').open"):
        page.click("#json-section summary")
    settled(page)


@pytest.fixture(scope="session")
def sentence_tab(browser, origin, guards, site_url):
    """``(page, guard)``: one page of the served site's sentence view, opened in a fresh
    context on first use, ready, and kept for the session (one boot for every module that
    only needs a ready page under the defaults; never reloaded)."""
    guard = Guard(origin)
    context = guarded_context(browser, guard, guards)
    page = open_page(context, guard, site_url + "index.html")
    yield page, guard
    context.close()


@pytest.fixture(scope="module")
def shared_page_and_guard(sentence_tab):
    """The session's :func:`sentence_tab`, set back to the defaults for this module
    (:func:`back_to_sentence_defaults`); a module takes it as its ``page_and_guard``."""
    page, guard = sentence_tab
    back_to_sentence_defaults(page)
    return page, guard


@pytest.fixture(scope="module")
def page_and_guard(new_context, site_url):
    """One page per test module, loaded once, ready to score."""
    context, guard = new_context()
    page = open_page(context, guard, site_url + "index.html")
    return page, guard


@pytest.fixture(scope="module")
def ready_page(page_and_guard):
    return page_and_guard[0]


@pytest.fixture(autouse=True)
def guard_check(guards):
    """Fail a test during which (or during whose set-up) a page did something it must not do."""
    yield
    problems = []
    for g in guards:
        problems += g.new_problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
