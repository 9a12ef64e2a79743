"""The page embedded by ANOTHER SITE: a parent page on http://localhost:PORT/ with an iframe
of the served page on http://127.0.0.1:PORT/ (host names differ, so the frame is cross-site).

In Playwright's Chromium such a frame is denied all storage (Playwright switches off
ThirdPartyStoragePartitioning and this Chromium blocks third-party cookies, so IndexedDB,
Cache Storage, localStorage and sessionStorage all fail there) - as in any browser set to
block third-party storage. PyScript could not start there: it opens IndexedDB at start-up
("Python could not start: [object Event]"); static/idb-memory.js keeps PyScript's databases
in memory, on the page's thread and in the worker.

The parent page is a file in the served directory, asked for by its other name
(http://localhost:PORT/..., same server): a page route lets exactly that URL through (page
routes run before the guard's context route, which aborts requests to other origins). It
gives itself an empty icon so Chromium asks http://localhost for nothing else; any other
request to it is still caught by the guard. (Fulfilling the parent with route.fulfill does
not work: a response without an IP address counts as public, and Chromium's Local Network
Access checks then block its iframe of 127.0.0.1, net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS.)
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from browser_helpers import WAIT_MS, answered, enter, texts
from conftest import open_in_parent

STORAGE_DENIED_JS = """() => {
  try { window.sessionStorage.length; return false; } catch (e) { return true; }
}"""


def embed(new_context, served_root, site_url, parent_host, allow=None):
    """A page on http://{parent_host}:{port of site_url}/ whose iframe #f is the site;
    returns (page, frame, guard) once the frame has started."""
    port = urlsplit(site_url).port
    name = f"cross-site-parent-{allow or 'plain'}.html"
    parent_url = f"http://{parent_host}:{port}/{name}"
    allow_attr = f' allow="{allow}"' if allow else ""
    return open_in_parent(
        new_context,
        served_root,
        parent_url,
        '<!doctype html><meta charset="utf-8"><title>another site</title>'
        '<link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}index.html" width="900" height="700"{allow_attr}></iframe>',
    )


@pytest.fixture(scope="module")
def cross_site(new_context, served_root, site_url):
    """One cross-site embed (no permissions delegated) per module: Pyodide takes seconds."""
    assert urlsplit(site_url).hostname == "127.0.0.1", "the parent must be on another host name"
    return embed(new_context, served_root, site_url, "localhost")


def test_cross_site_frame_is_denied_storage(cross_site):
    """The condition that broke the page. If this fails, the browser now gives cross-site
    frames storage: the test below still passes but no longer covers the bug."""
    page, frame, _guard = cross_site
    assert frame.evaluate("() => window.top !== window")
    assert frame.evaluate(STORAGE_DENIED_JS), "the cross-site frame was expected to have no storage"
    assert not page.evaluate(STORAGE_DENIED_JS), "the top-level page keeps its storage"


def test_cross_site_frame_starts_and_scores(cross_site):
    _page, frame, guard = cross_site
    assert frame.get_attribute("html", "data-state") == "ready"
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    shown = texts(frame, "score", "p1-fraction", "p2-fraction", "result-json")
    assert shown["score"] == "0.7071"
    assert (shown["p1-fraction"], shown["p2-fraction"]) == ("5/6", "3/5")
    assert json.loads(shown["result-json"])["hyp_len"] == 6
    # No storage: nothing kept for the tab, and Clear still works.
    frame.click("#clear")
    answered(frame)
    assert frame.input_value("#reference") == "" and frame.input_value("#candidate") == ""


def test_no_storage_is_said_in_the_status_area(cross_site):
    """Where the browser refuses to keep the texts, the page says so."""
    _page, frame, guard = cross_site
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    frame.wait_for_function("document.getElementById('status').classList.contains('status-warning')")
    assert "does not let the page keep texts for this tab" in frame.text_content("#status-text")


COPIES = [  # button, its message element, the box that shows the text when copying is refused
    ("#copy-export-json", "#export-status", "#export-copy-area"),
    ("#copy-export-csv", "#export-status", "#export-copy-area"),
    ("#copy-export-markdown", "#export-status", "#export-copy-area"),
    ("#share-button", "#share-status", "#share-copy-area"),
    ("#copy-json", "#copy-status", "#json-copy-area"),
]


def test_copy_without_clipboard_permission_shows_the_text_selected(cross_site):
    """Without allow="clipboard-write" the Permissions Policy blocks the Clipboard API in a
    cross-origin frame: every Copy button then shows its text in a
    read-only box, selected, and says to copy it by hand."""
    from bleu2.page import i18n
    from bleu2.page.sentence import export
    from bleu2.page.sentence.candidates import compare

    _page, frame, guard = cross_site
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    comp = compare(["the cat is on the mat"], ["the cat sat on the mat"])
    expected = {
        "#copy-export-json": export.export_json(comp),
        "#copy-export-csv": export.export_csv(comp),
        "#copy-export-markdown": export.export_markdown(comp, "en"),
        "#copy-json": frame.text_content("#result-json"),
    }
    frame.evaluate("document.getElementById('json-section').open = true")
    failed = i18n.t("en", "copy_failed")
    for button, status, area in COPIES:
        frame.evaluate("id => { document.querySelector(id).textContent = ''; }", status)
        with guard.expect_console_errors():  # Chromium logs the permissions policy violation
            frame.click(button)
            answered(frame)
            frame.wait_for_function(
                "([id, t]) => document.querySelector(id).textContent === t", arg=[status, failed], timeout=WAIT_MS
            )
        assert frame.is_visible(area), button
        assert frame.get_attribute(area, "readonly") is not None
        value = frame.input_value(area)
        if button == "#share-button":
            assert "#v1." in value and value == frame.input_value("#share-url")
        else:
            assert value == expected[button].replace("\r\n", "\n"), button  # a text box keeps line ends as LF
        selected = frame.evaluate(
            """id => { const a = document.querySelector(id);
            return [document.activeElement === a, a.selectionStart, a.selectionEnd, a.value.length]; }""",
            area,
        )
        assert selected[0] and selected[1] == 0 and selected[2] == selected[3] > 0, (button, selected)
    # the message is kept as data: in Spanish it is re-rendered, the text stays shown
    frame.select_option("#lang-select", "es")
    answered(frame)
    assert frame.text_content("#export-status") == i18n.t("es", "copy_failed")
    assert frame.is_visible("#export-copy-area")
    frame.select_option("#lang-select", "en")
    answered(frame)


def test_copy_with_clipboard_write_delegated(new_context, served_root, site_url):
    _page, frame, guard = embed(new_context, served_root, site_url, "localhost", allow="clipboard-write")
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    frame.evaluate("document.getElementById('json-section').open = true")
    from bleu2.page import i18n

    frame.click("#copy-json")
    answered(frame)
    frame.wait_for_function(
        "t => document.getElementById('copy-status').textContent === t", arg=i18n.t("en", "copied"), timeout=WAIT_MS
    )
    assert frame.is_hidden("#json-copy-area")  # copied: nothing to show
