"""Each embed keeps its own texts, in Chromium, across reloads: docs and calculator on one
site (as on OWNER.github.io: the docs page, a MkDocs Material site built here, is another
page of the same origin) with two embeds (the docs' snippet) and a prefilled one, and the
full page in the same tab. In a cross-site frame
(denied storage, see test_cross_site_frame.py) an embed says so only once something was
typed into it, briefly, in its own status line. Firefox ESR: test_firefox_embeds.py.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from bleu2.page import i18n, share
from browser_helpers import enter, still
from conftest import open_in_parent, open_page, wait_ready_state, wait_started
from docs_host_sites import build_material

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
PREFILL = share.encode_state({"references": ["a b c d"], "candidates": ["a b c"], "options": {}})
FRAMES = ("first", "second", "prefilled")


def frames_of(page) -> dict:
    """The docs page's embeds by place: the two snippets' (no names), then the prefilled one."""
    snippets = page.locator("iframe.bleu2")
    out = {name: snippets.nth(n).element_handle().content_frame() for n, name in enumerate(FRAMES[:2])}
    out["prefilled"] = page.wait_for_selector("#prefilled").content_frame()
    for frame in out.values():
        wait_started(frame)
    return out


def boxes(page) -> tuple[str, str]:
    return page.input_value("#reference"), page.input_value("#candidate")


def test_the_full_page_and_three_embeds_on_one_site_keep_separate_texts(new_context, served_root, origin, site_url):
    prefilled = (
        f'<iframe id="prefilled" src="{site_url}index.html?embed#{PREFILL}" '
        'style="width: 900px; height: 400px; border: 0" title="BLEU calculator, prefilled"></iframe>'
    )
    build_material(served_root / "same-site-material", site_url, after=prefilled)
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    enter(page, guard, REF, CAND)
    page.goto(f"{origin}/same-site-material/")  # the docs, in the same tab
    frames = frames_of(page)
    assert boxes(frames["first"]) == ("", "") and boxes(frames["second"]) == ("", "")
    assert boxes(frames["prefilled"]) == ("a b c d", "a b c")
    restored = i18n.t("en", "state_restored")
    assert all(restored not in f.text_content("#status-text") for f in frames.values())
    typed = {name: (f"{name} reference text", f"{name} candidate text") for name in FRAMES}
    for name, frame in frames.items():
        enter(frame, guard, *typed[name])
    page.reload()
    frames = frames_of(page)
    for name, frame in frames.items():
        assert boxes(frame) == typed[name], name
        assert urlsplit(frame.url).fragment == (PREFILL if name == "prefilled" else "")
    page.goto(site_url)  # back to the full page, reloaded: its own texts
    wait_ready_state(page)
    assert boxes(page) == (REF, CAND) and page.text_content("#score") == "0.7071"
    assert restored in page.text_content("#status-text")
    kept = page.evaluate("Object.keys(sessionStorage).sort()")
    embeds = [k for k in kept if k.startswith("bleu2-embed.") and k.endswith("-state")]
    assert "bleu2-state" in kept and len(embeds) == 3, kept


def test_a_cross_site_embed_says_it_cannot_keep_texts_only_once_typed_into(new_context, served_root, site_url):
    port = urlsplit(site_url).port
    parent_url = f"http://localhost:{port}/cross-site-two-embeds.html"
    html = (
        '<!doctype html><meta charset="utf-8"><title>docs on another site</title><link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}index.html?embed#{PREFILL}" width="900" height="400"></iframe>'
        f'<iframe id="g" src="{site_url}index.html?embed" width="900" height="400"></iframe>'
    )
    page, first, guard = open_in_parent(new_context, served_root, parent_url, html)
    second = page.wait_for_selector("#g").content_frame()
    wait_started(second)
    for frame in (first, second):
        still(frame)  # past the pause after start-up (a prefilled embed would save then), its "Ready" said and gone
        assert frame.text_content("#status-text") == ""  # nothing more to say: storage not a word yet
        assert frame.evaluate("document.getElementById('status').className") == "status status-quiet"
    enter(second, guard, REF, CAND)
    note = i18n.t("en", "storage_embed_denied")
    expect(second.locator("#status-text")).to_have_text(note)
    assert second.evaluate("document.getElementById('status').className") == "status status-note"
    small = second.evaluate("parseFloat(getComputedStyle(document.getElementById('status')).fontSize)")
    body = second.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert small < body
    assert first.text_content("#status-text") == ""  # not typed into
    assert second.text_content("#score") == "0.7071"
