"""Accessibility and layout: axe-core (the npm package, installed by `npm ci` from
package.json's devDependencies and injected by the test; never part of _site/) finds no
violations in the light and dark themes with several candidates shown, at 360 px and 1280 px,
and in the compact calculator (``?embed``, ``&theme=``); the layout has no
horizontal scrolling from 360 px to 1280 px; screenshots of both themes at both widths are
written to test-artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import ROOT, run_axe, settled
from conftest import open_page, wait_started

SHOTS = ROOT / "test-artifacts" / "screenshots"

REFS = ["the cat sat on the mat", "there is a cat on the mat"]
CANDS = ["the the the cat", "a cat sat on a mat", "on the mat the cat"]


def fill_comparison(page, guard):
    guard.typed += REFS + CANDS
    page.click("#add-reference")
    page.fill("#reference", REFS[0])
    page.fill("#reference-2", REFS[1])
    for _ in CANDS[1:]:
        page.click("#add-candidate")
    for i, text in enumerate(CANDS, start=1):
        page.fill("#candidate" if i == 1 else f"#candidate-{i}", text)
    page.click("#rank-row-1 button.rank-select")
    settled(page)
    expect(page.locator("#hl-cand .hl-order-2").first).to_be_attached()
    expect(page.locator("#chart svg")).to_be_attached()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(new_context, site_url, scheme):
    context, guard = new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
    page = open_page(context, guard, site_url)
    fill_comparison(page, guard)
    page.click("#json-section summary")
    expect(page.locator("#result-json")).to_be_visible()
    settled(page)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    violations = run_axe(page)
    assert violations == [], violations
    # with another language and the highlighting of another candidate
    page.select_option("#lang-select", "es")
    page.click("#rank-row-2 button.rank-select")
    settled(page)
    violations = run_axe(page)
    assert violations == [], violations
    page.close()


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_layout_and_screenshots(new_context, site_url, scheme, width):
    context, guard = new_context(color_scheme=scheme, viewport={"width": width, "height": 800})
    page = open_page(context, guard, site_url)
    fill_comparison(page, guard)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {width} px"
    # the text boxes and the score stay within the screen
    for selector in ("#reference", "#candidate-3", "#score", "#add-candidate", "#share-button"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, selector
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"page-{scheme}-{width}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    # at this width too, with the JSON open (at 360 px it scrolls sideways: reachable by keyboard)
    page.click("#json-section summary")
    expect(page.locator("#result-json")).to_be_visible()
    settled(page)
    violations = run_axe(page)
    assert violations == [], violations
    page.close()


@pytest.mark.parametrize("scheme, theme", [("light", None), ("dark", None), ("light", "dark"), ("dark", "light")])
def test_axe_finds_no_violations_in_an_embed(new_context, site_url, scheme, theme):
    """The compact calculator (``?embed``, and ``&theme=``) prefilled with two candidates and
    options other than the defaults: the ranking and the signature are shown too."""
    from bleu2.page.share import encode_state

    state = {"references": REFS[:1], "candidates": CANDS[:2], "options": {"max_order": 4}}
    query = "?embed" + (f"&theme={theme}" if theme else "")
    context, guard = new_context(color_scheme=scheme, viewport={"width": 360, "height": 800})
    guard.typed += REFS[:1] + CANDS[:2]
    page = open_page(context, guard, f"{site_url}index.html{query}#{encode_state(state)}", wait_ready=False)
    expect(page.locator("html")).to_have_attribute("data-state", "waiting")  # before the reader's touch
    expect(page.locator("#embed-start")).to_be_visible()
    violations = run_axe(page)
    assert violations == [], violations
    wait_started(page)
    settled(page)
    expect(page.locator("#ranking-section")).to_have_class(re.compile(r"\bembed-shown\b"))
    expect(page.locator("#ranking-section")).to_be_visible()
    expect(page.locator("#signature")).to_be_visible()
    page.click("#json-section summary")
    expect(page.locator("#result-json")).to_be_visible()
    settled(page)
    violations = run_axe(page)
    assert violations == [], violations
    page.close()
