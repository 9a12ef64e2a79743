"""Embed mode (``?embed``) in a CROSS-SITE iframe: a parent page on http://localhost:PORT/
embeds the page served on http://127.0.0.1:PORT/ (another host name, so another site; the
frame is denied storage, see test_cross_site_frame.py for how the parent is served).

Checked: the compact calculator scores (same element ids as the full page) without the
full page's chrome; it tells the parent its height by postMessage, a number and nothing
else; the "open in full" link carries the texts in its fragment; it is prefilled from a
share-link fragment; copying falls back to selected text; the service worker is quietly
not registered there.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from bleu2.page import i18n, share
from browser_helpers import WAIT_MS, answered, enter, settled, still, texts
from conftest import open_in_parent, wait_ready_state

PARENT = """<!doctype html><meta charset="utf-8"><title>docs on another site</title>
<link rel="icon" href="data:,">
<p>Documentation text above the calculator.</p>
<iframe id="f" src="{src}" style="width: 900px; height: 300px; border: 0" title="BLEU calculator"></iframe>
<script>
  window.messages = [];
  addEventListener("message", (event) => {{
    window.messages.push({{origin: event.origin, data: event.data}});
    if (event.data && event.data.type === "bleu2:height") {{
      document.getElementById("f").style.height = event.data.height + "px";
    }}
  }});
</script>"""

HIDDEN_IN_EMBED = (
    "options",
    "ranking-section",
    "export",
    "share-button",
    "highlight",
    "chart",
    "add-reference",
    "add-candidate",
    "clear",
    "offline-download",
    "lang-select",
)
SHOWN_IN_EMBED = (
    "reference",
    "candidate",
    "score",
    "p1-fraction",
    "p2-fraction",
    "bp-value",
    "hyp-len",
    "ref-len",
    "embed-full",
    "json-section",
)


def embed_page(new_context, served_root, site_url, name, query="?embed", fragment=""):
    port = urlsplit(site_url).port
    parent_url = f"http://localhost:{port}/{name}"
    return open_in_parent(
        new_context, served_root, parent_url, PARENT.format(src=f"{site_url}index.html{query}{fragment}")
    )


@pytest.fixture(scope="module")
def embedded(new_context, served_root, site_url):
    assert urlsplit(site_url).hostname == "127.0.0.1"
    return embed_page(new_context, served_root, site_url, "embed-parent.html")


def visible(frame, element_id: str) -> bool:
    return frame.locator(f"#{element_id}").is_visible()


def test_embed_is_a_compact_calculator_that_scores(embedded):
    _page, frame, guard = embedded
    assert frame.evaluate("() => window.top !== window")
    assert frame.get_attribute("html", "data-embed") == ""
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    shown = texts(frame, "score", "p1-fraction", "p2-fraction", "bp-value", "hyp-len", "ref-len")
    assert shown == {
        "score": "0.7071",
        "p1-fraction": "5/6",
        "p2-fraction": "3/5",
        "bp-value": "1.0000",
        "hyp-len": "6",
        "ref-len": "6",
    }
    assert [i for i in SHOWN_IN_EMBED if not visible(frame, i)] == []
    assert [i for i in HIDDEN_IN_EMBED if visible(frame, i)] == []
    # No service worker in an embed (static/pwa.js does not try), and no error either (the
    # guard checks console errors and page errors).
    assert frame.get_attribute("html", "data-sw") is None
    assert not [url for url, _ in guard.requests if "service-worker.js" in url]


def test_embed_tells_its_parent_its_height_and_nothing_else(embedded):
    page, frame, guard = embedded
    still(frame)  # its "Ready" said and gone: its height final
    page.wait_for_function("window.messages.some(m => m.data && m.data.type === 'bleu2:height')")
    body_height = frame.evaluate(
        "() => { const s = getComputedStyle(document.body); return Math.ceil(document.body.getBoundingClientRect().height"
        " + parseFloat(s.marginTop) + parseFloat(s.marginBottom)); }"
    )
    page.wait_for_function(f"document.getElementById('f').getBoundingClientRect().height === {body_height}")
    # A narrower frame stacks the two texts: the page grows and says so.
    before = page.evaluate("window.messages.length")
    page.evaluate("document.getElementById('f').style.width = '360px'")
    page.wait_for_function(f"window.messages.length > {before}")
    messages = page.evaluate("window.messages")
    heights = [m["data"]["height"] for m in messages]
    assert heights[-1] > heights[before - 1]
    for m in messages:
        assert m["origin"] == f"http://127.0.0.1:{urlsplit(frame.url).port}"
        assert sorted(m["data"]) == ["height", "type"] and m["data"]["type"] == "bleu2:height"
        assert isinstance(m["data"]["height"], int) and m["data"]["height"] > 0
    sent = json.dumps(messages)
    assert not [t for t in guard.typed if t in sent], "a typed text was posted to the parent"
    assert page.evaluate("document.getElementById('f').getBoundingClientRect().height") == heights[-1]


def test_open_in_full_carries_the_texts_in_the_fragment(embedded, new_context):
    _page, frame, guard = embedded
    enter(frame, guard, "a quick brown fox", "the quick brown fox")
    link = frame.locator("#embed-full")
    assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")

    def linked_texts():
        parts = urlsplit(frame.evaluate("document.getElementById('embed-full').href"))
        if not parts.fragment:
            return parts, None
        saved = share.decode_state(parts.fragment)
        return parts, (saved["references"], saved["candidates"])

    # written after a pause in typing, with the highlighting
    settled(frame)
    parts, linked = linked_texts()
    assert linked == (["a quick brown fox"], ["the quick brown fox"])
    assert parts.query == "" and parts.path.endswith("/some/sub/path/index.html")
    href = parts.geturl()
    # Opened, the full page shows the same texts and score.
    context, full_guard = new_context()
    full = context.new_page()
    full_guard.attach_page(full)
    full.goto(href)
    wait_ready_state(full)
    assert full.input_value("#reference") == "a quick brown fox"
    assert full.get_attribute("html", "data-embed") is None
    assert full.is_visible("#options") and full.is_visible("#export")
    assert full.text_content("#score") == frame.text_content("#score")


def test_embed_is_prefilled_from_a_share_fragment(new_context, served_root, site_url):
    fragment = share.encode_state(
        {"references": ["the cat sat on the mat"], "candidates": ["the cat is on the mat"], "options": {}}
    )
    _page, frame, _guard = embed_page(
        new_context, served_root, site_url, "embed-parent-prefilled.html", fragment="#" + fragment
    )
    assert frame.input_value("#reference") == "the cat sat on the mat"
    assert frame.input_value("#candidate") == "the cat is on the mat"
    assert frame.text_content("#score") == "0.7071"


def test_copy_falls_back_to_selected_text_in_the_cross_site_frame(embedded):
    _page, frame, guard = embedded
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    frame.evaluate("document.getElementById('json-section').open = true")
    failed = i18n.t("en", "copy_failed")
    with guard.expect_console_errors():  # Chromium logs the permissions policy violation
        frame.click("#copy-json")
        answered(frame)
        frame.wait_for_function(
            "t => document.getElementById('copy-status').textContent === t", arg=failed, timeout=WAIT_MS
        )
    # the text is in a box below, selected: Ctrl+C copies it
    assert frame.is_visible("#json-copy-area")
    selected = frame.evaluate(
        "() => { const a = document.getElementById('json-copy-area');"
        " return a.value.slice(a.selectionStart, a.selectionEnd); }"
    )
    assert json.loads(selected)["hyp_len"] == 6
