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


@pytest.fixture(scope="module")
def compared(new_context, site_url):
    """One page for the module's full-page tests, the comparison filled in; each test shows
    it in its own system theme and width (:func:`show`): the theme is CSS only
    (``light-dark()`` under ``color-scheme``, static/style.css), so switching the emulated
    system theme repaints the page as a load in that theme paints it."""
    context, guard = new_context(color_scheme="light", viewport={"width": 1280, "height": 900})
    page = open_page(context, guard, site_url)
    fill_comparison(page, guard)
    return page, guard


def show(page, scheme: str, width: int, height: int) -> None:
    """``page`` in a ``scheme`` system at ``width`` x ``height``, as the comparison left it:
    English, the first candidate highlighted, the JSON closed."""
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": height})
    page.select_option("#lang-select", "en")
    page.click("#rank-row-1 button.rank-select")
    page.evaluate("document.getElementById('json-section').open = false")
    settled(page)
    expect(page.locator("#result-json")).to_be_hidden()
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(compared, scheme):
    page, _ = compared
    show(page, scheme, 1280, 900)
    page.click("#json-section summary")
    expect(page.locator("#result-json")).to_be_visible()
    settled(page)
    violations = run_axe(page)
    assert violations == [], violations
    # with another language and the highlighting of another candidate
    page.select_option("#lang-select", "es")
    page.click("#rank-row-2 button.rank-select")
    settled(page)
    violations = run_axe(page)
    assert violations == [], violations


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_layout_and_screenshots(compared, scheme, width):
    page, _ = compared
    show(page, scheme, width, 800)
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


@pytest.mark.parametrize("theme", [None, "dark", "light"])
def test_axe_finds_no_violations_in_an_embed(new_context, site_url, theme):
    """The compact calculator (``?embed``, and ``&theme=``) prefilled with two candidates and
    options other than the defaults, in a light and a dark system (emulated in turn on one
    load: the theme is CSS only): waiting for its reader, then started, with the ranking and
    the signature shown too."""
    from bleu2.page.share import encode_state

    state = {"references": REFS[:1], "candidates": CANDS[:2], "options": {"max_order": 4}}
    query = "?embed" + (f"&theme={theme}" if theme else "")
    context, guard = new_context(color_scheme="light", viewport={"width": 360, "height": 800})
    guard.typed += REFS[:1] + CANDS[:2]
    page = open_page(context, guard, f"{site_url}index.html{query}#{encode_state(state)}", wait_ready=False)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        expect(page.locator("html")).to_have_attribute("data-state", "waiting")  # before the reader's touch
        expect(page.locator("#embed-start")).to_be_visible()
        violations = run_axe(page)
        assert violations == [], (scheme, violations)
    wait_started(page)
    settled(page)
    expect(page.locator("#ranking-section")).to_have_class(re.compile(r"\bembed-shown\b"))
    expect(page.locator("#ranking-section")).to_be_visible()
    expect(page.locator("#signature")).to_be_visible()
    page.click("#json-section summary")
    expect(page.locator("#result-json")).to_be_visible()
    settled(page)
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        violations = run_axe(page)
        assert violations == [], (scheme, violations)
    page.close()
