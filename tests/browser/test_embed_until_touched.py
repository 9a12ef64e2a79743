"""An embed costs nothing until touched (docs/embedding.md, static/embed-start.mjs): a
``?embed`` frame shows its form and fetches no Python (nor PyScript, the Pyodide entry or the
page's glue beyond its form: static/page.mjs) until its reader focuses a box or
presses its start button; what is typed while Python loads is scored once it is ready; the
keyboard reaches the start; a frame registers no service worker; its background is the
host's in MkDocs Material's light and dark (slate) schemes; its "Ready" line goes away.

Bytes are counted at the server (bench.first_visit's counting server, as ``make serve``
sends them: Brotli where the build made a copy), for every request of the frame.
"""

from __future__ import annotations

import re
import struct
import zlib
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from bench.first_visit import ByteCounter, counting_server
from bleu2.page import i18n
from browser_helpers import SUB_PATH, WAIT_MS
from conftest import Guard, guarded_context, wait_ready_state
from docs_host_sites import BUILDERS, HostGuard

#: What a reader may be sent before touching an embed (docs/embedding.md's promise), in bytes.
BEFORE_TOUCH_LIMIT = 250_000
#: The Python runtime and the page's Python: none of them before the touch.
PYTHON_FILES = (
    "pyodide.asm.wasm",
    "pyodide.asm.mjs",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "bleu2.zip",
    "worker.py",
)
REF, CAND = "the cat sat on the mat", "the cat is on the mat"
PARENT = """<!doctype html><meta charset="utf-8"><title>docs</title><link rel="icon" href="data:,">
<p>Documentation text above the calculator.</p>
<iframe id="f" src="{src}" style="width: 900px; height: 400px; border: 0" title="BLEU calculator"></iframe>"""
REGISTRATIONS = """async () => {
  try { return (await navigator.serviceWorker.getRegistrations()).length; }
  catch (error) { return 'no service workers here: ' + error.name; }
}"""


@pytest.fixture(scope="module")
def counted(served_root):
    """(counter, base URL): the served folder on a server counting each byte it sends."""
    counter = ByteCounter()
    server, base = counting_server(served_root, counter)
    yield counter, base
    server.shutdown()
    server.server_close()


def calculator_bytes(counter) -> dict[str, int]:
    return {path: n for path, n in counter.snapshot().items() if path.startswith(f"/{SUB_PATH}/")}


def python_files(paths) -> list[str]:
    return [p for p in paths if p.rsplit("/", 1)[-1] in PYTHON_FILES or p.endswith("service-worker.js")]


#: What a waiting embed must not load either: the page's glue beyond its form (static/glue.mjs
#: and what it imports), the Pyodide entry and PyScript (core.js and its chunks).
GLUE_FILES = (
    "glue.mjs",
    "host.js",
    "corpus.js",
    "compare.js",
    "tokens.js",
    "pwa.js",
    "pyodide-boot.mjs",
    "pyodide.mjs",
)


def start_files(paths) -> list[str]:
    """The requests of ``paths`` (URL paths) for PyScript's scripts (its stylesheet styles
    the form), the Pyodide entry or the glue."""
    return [
        p for p in paths if ("/vendor/pyscript/" in p and not p.endswith(".css")) or p.rsplit("/", 1)[-1] in GLUE_FILES
    ]


def test_an_embed_fetches_no_python_until_a_box_is_touched_and_loses_nothing_typed(
    browser, guards, counted, served_root
):
    counter, base = counted
    port = urlsplit(base).port
    origin = f"http://127.0.0.1:{port}"
    parent = f"http://localhost:{port}/until-touched.html"  # another site than the calculator
    (served_root / "until-touched.html").write_text(
        PARENT.format(src=f"{origin}/{SUB_PATH}/index.html?embed"), encoding="utf-8"
    )
    guard = Guard(origin, allowed_urls=(parent,))
    context = guarded_context(browser, guard, guards)
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python held back while typing
    page = context.new_page()
    guard.attach_page(page)
    page.route(parent, lambda route: route.continue_())
    requested: list[str] = []  # every request of the frame, as the browser made it (preloads too)
    context.on("request", lambda request: requested.append(urlsplit(request.url).path))
    counter.reset()
    page.goto(parent)
    frame = page.wait_for_selector("#f").content_frame()
    root = frame.locator("html")
    expect(root).to_have_attribute("data-state", "waiting")
    page.wait_for_load_state("networkidle")

    # before the touch: the form, its words, the start button; a little, and no Python
    before = calculator_bytes(counter)
    assert sum(before.values()) <= BEFORE_TOUCH_LIMIT, before
    assert python_files(before) == [], before
    # its form and the start script only: no PyScript core, no Pyodide entry, no glue, no worker
    assert start_files(requested) == [] and python_files(requested) == [], requested
    assert any(p.endswith("/static/page.mjs") for p in requested), requested
    assert frame.evaluate("document.querySelectorAll('link[rel=modulepreload]').length") == 0
    expect(frame.locator("#reference")).to_be_visible()
    expect(frame.locator("#candidate")).to_be_visible()
    expect(frame.locator("#score")).to_be_visible()
    expect(frame.locator("#status-text")).to_have_text(re.compile(r"type in a box or press Start.*about 4 MB"))
    expect(frame.locator("#embed-start")).to_be_visible()
    expect(frame.locator("#load-progress")).to_be_hidden()
    assert frame.evaluate("document.querySelector('#status').getAttribute('aria-live')") == "polite"

    # the touch: a click into the reference box starts Python; typing goes on meanwhile
    with context.expect_event("request", lambda request: request.url.endswith("/pyodide.asm.wasm"), timeout=WAIT_MS):
        frame.click("#reference")
    expect(root).to_have_attribute("data-state", "loading")
    expect(frame.locator("#embed-start")).to_be_hidden()
    frame.wait_for_function("() => window.bleu2Test !== undefined")  # the glue, loaded once touched
    assert {"core.js", "glue.mjs", "host.js"} <= {p.rsplit("/", 1)[-1] for p in start_files(requested)}, requested
    expect(frame.locator("#status-text")).to_contain_text("Loading")
    guard.typed += [REF, CAND]
    frame.locator("#reference").press_sequentially(REF)
    frame.fill("#candidate", CAND)
    frame.evaluate("() => 0")
    assert held, "the frame never asked for the Python runtime"
    assert root.get_attribute("data-state") == "loading"  # all typed while Python loaded
    context.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.fallback()
    wait_ready_state(frame)

    # what was typed is there and scored (BLEU-2 by hand: c = r = 6 so BP = 1, p1 = 5/6,
    # p2 = 3/5, no zero count to smooth: sqrt(5/6 * 3/5) = sqrt(1/2))
    assert (frame.input_value("#reference"), frame.input_value("#candidate")) == (REF, CAND)
    expect(frame.locator("#score")).to_have_text("0.7071")
    expect(frame.locator("#p1-fraction")).to_have_text("5/6")
    expect(frame.locator("#p2-fraction")).to_have_text("3/5")

    # "Ready" is said, then only what still matters stays: this cross-site frame is denied
    # storage, which it says once something was typed
    note = i18n.t("en", "storage_embed_denied")
    expect(frame.locator("#status-text")).to_have_text(note, timeout=WAIT_MS)

    # no service worker: none asked for, none registered (pwa.js's wait after start is over by now)
    page.wait_for_load_state("networkidle")
    assert not [p for p in counter.snapshot() if p.endswith("service-worker.js")]
    assert not [url for url, _ in guard.requests if "service-worker.js" in url]
    # (a cross-site frame denied storage has no service workers at all in this Chromium)
    assert frame.evaluate(REGISTRATIONS) in (0, "no service workers here: NotSupportedError")
    assert frame.get_attribute("html", "data-sw") is None
    context.close()


def test_a_same_site_frame_started_at_once_registers_no_service_worker(new_context, served_root, site_url, origin):
    """A docs block's frame (``?embed&start``, started when "Try it live" was pressed) on a
    page of the calculator's own site, where a service worker could be: none is asked for
    or registered, and its status line goes quiet once "Ready" was said."""
    parent = f"{origin}/same-site-parent.html"
    (served_root / "same-site-parent.html").write_text(
        PARENT.format(src=f"{site_url}index.html?embed&amp;start"), encoding="utf-8"
    )
    context, guard = new_context()
    page = context.new_page()
    guard.attach_page(page)
    page.goto(parent)
    frame = page.wait_for_selector("#f").content_frame()
    expect(frame.locator("#embed-start")).to_be_hidden()
    wait_ready_state(frame)  # no touch needed
    expect(frame.locator("#status")).to_have_class(re.compile(r"\bstatus-quiet\b"), timeout=WAIT_MS)
    expect(frame.locator("#status-text")).to_have_text("")
    page.wait_for_load_state("networkidle")  # (pwa.js would register 3 s after the start)
    assert frame.evaluate(REGISTRATIONS) == 0
    assert not [url for url, _ in guard.requests if "service-worker.js" in url]
    assert frame.get_attribute("html", "data-sw") is None


def test_the_keyboard_starts_an_embed_with_its_button_or_by_tabbing_into_a_box(new_context, site_url):
    context, guard = new_context()
    page = context.new_page()
    guard.attach_page(page)
    page.goto(site_url + "index.html?embed")
    root = page.locator("html")
    expect(root).to_have_attribute("data-state", "waiting")
    button = page.locator("#embed-start")
    expect(button).to_have_accessible_name("Start the calculator")
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-state", "loading")
    expect(page.locator("#reference")).to_be_focused()  # the reader can type at once
    expect(page.locator("#status-text")).to_contain_text("Loading")
    guard.typed.append(REF)
    page.keyboard.type(REF)
    wait_ready_state(page)
    assert page.input_value("#reference") == REF
    # "Ready" is said, then the status line goes quiet and takes no room
    expect(page.locator("#status")).to_have_class(re.compile(r"\bstatus-quiet\b"), timeout=WAIT_MS)
    expect(page.locator("#status-text")).to_have_text("")
    assert page.evaluate("document.getElementById('status').getBoundingClientRect().height") <= 1

    other = context.new_page()  # Tab past the button and the link, into the first box
    guard.attach_page(other)
    other.goto(site_url + "index.html?embed")
    expect(other.locator("html")).to_have_attribute("data-state", "waiting")
    for _ in range(4):
        other.keyboard.press("Tab")
        if other.evaluate("document.activeElement.id") == "reference":
            break
    expect(other.locator("#reference")).to_be_focused()
    expect(other.locator("html")).to_have_attribute("data-state", "loading")
    other.close()  # (its boot would go on beside the next tests)


def test_the_full_page_and_a_docs_blocks_frame_start_at_once(untouched_page):
    """Nothing waits without ``?embed`` (the session's page, opened and never touched), nor
    with ``?embed&start`` (a docs block's "Try it live": the same-site frame above)."""
    page = untouched_page[0]
    expect(page.locator("#embed-start")).to_be_hidden()
    wait_ready_state(page)  # with no touch


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the page's pixel at CSS (x, y), from a 1x1 screenshot (PNG, its one pixel unfiltered)."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1}, animations="disabled")
    data, pos = b"", 8
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos : pos + 4]), png[pos + 4 : pos + 8]
        if kind == b"IDAT":
            data += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(data)
    return raw[1], raw[2], raw[3]  # (a first pixel's filter leaves it as it is)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_frames_background_is_the_material_pages(scheme, browser, served_root, site_url, origin, guards):
    """MkDocs Material with its palette following the system: ``default`` in light, ``slate``
    in dark; the frame (the docs' snippet with the host script, not started) shows the page's
    own background where it sits, pixel for pixel."""
    out = served_root / "bg-material"
    if not (out / "index.html").exists():
        BUILDERS["material"](out, site_url)
    docs_url = f"http://localhost:{urlsplit(site_url).port}/bg-material/"
    guard = HostGuard(origin, docs_prefix=docs_url)
    context = guarded_context(browser, guard, guards, color_scheme=scheme, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    guard.attach_page(page)
    page.goto(docs_url)
    expect(page.locator("body")).to_have_attribute(
        "data-md-color-scheme", {"light": "default", "dark": "slate"}[scheme]
    )
    iframe = page.locator("iframe.bleu2").first
    frame = iframe.element_handle().content_frame()
    frame.wait_for_function("t => document.documentElement.getAttribute('data-theme') === t", arg=scheme)
    expect(frame.locator("html")).to_have_attribute("data-state", "waiting")
    iframe.scroll_into_view_if_needed()
    box = iframe.bounding_box()
    assert box
    inside = pixel(page, box["x"] + 2, box["y"] + 2)  # the frame's own padding
    outside = pixel(page, box["x"] + 2, box["y"] - 3)  # the page just above the frame
    assert inside == outside, (inside, outside)
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    expected = tuple(int(v) for v in re.findall(r"\d+", body)[:3])
    assert all(abs(a - b) <= 1 for a, b in zip(inside, expected, strict=True)), (inside, body)
    if scheme == "dark":
        assert max(inside) < 80  # dark indeed
    context.close()
