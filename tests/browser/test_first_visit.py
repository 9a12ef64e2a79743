"""A first visit in headless Chromium (nothing saved, a fresh context, booted once): the page
opens on the seed's example pair, scored as sacreBLEU 2.6.0 scores it (BLEU-2 0.7071, p1 5/6,
p2 3/5) and marked as an example; Options start collapsed; the score, p1, p2, BP and the chart
stand above the fold at 1280x800, the score at 360x740; the example is never kept for the tab
until edited, and its Clear button empties both boxes; in corpus mode the file pickers come
before the Options panel."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from sacrebleu.metrics import BLEU

from browser_helpers import answered, settled
from conftest import Guard, guarded_context, open_page

REF, CAND = "the cat is on the mat", "the cat sat on the mat"

#: Where an element ends (its bottom edge, CSS px from the top of the page scrolled to the top).
BOTTOM = "id => { const r = document.getElementById(id).getBoundingClientRect(); return r.height ? r.bottom : null; }"


def test_a_first_visit_opens_on_the_scored_example_above_the_fold(browser, guards, origin, site_url):
    guard = Guard(origin)
    context = guarded_context(browser, guard, guards, first_visit=True, viewport={"width": 1280, "height": 800})
    try:
        page = open_page(context, guard, site_url)
        expect(page.locator("#reference")).to_have_value(REF)
        expect(page.locator("#candidate")).to_have_value(CAND)
        settled(page)
        peer = BLEU(max_ngram_order=2).sentence_score(CAND, [REF])
        assert page.text_content("#score") == page.text_content("#summary-score") == f"{peer.score / 100:.4f}"
        assert (peer.counts, peer.totals) == ([5, 3], [6, 5])
        assert page.text_content("#p1-fraction") == "5/6" and page.text_content("#p2-fraction") == "3/5"
        assert page.text_content("#summary-terms") == "p1 0.8333 · p2 0.6000 · BP 1.0000"
        assert page.is_visible("#example-line") and page.is_visible("#clear-example")
        assert page.get_attribute("#options", "open") is None and page.is_hidden("#opt-max-order")
        # above the fold at 1280x800: the summary (score, p1, p2, BP) and the chart beside the boxes
        for element_id in ("summary-score", "summary-terms", "inputs-chart"):
            bottom = page.evaluate(BOTTOM, element_id)
            assert bottom is not None and bottom <= 800, (element_id, bottom)
        assert page.locator("#inputs-chart svg rect").count() >= 4
        # the example is not the person's text: nothing is kept for the tab
        page.evaluate("() => dispatchEvent(new Event('pagehide'))")
        answered(page)
        assert page.evaluate("() => sessionStorage.getItem('bleu2-state')") is None
        # Options opened: remembered for the next page
        remembered = "v => localStorage.getItem('bleu2-open.options') === v"  # (the toggle event comes after the click)
        page.click("#options > summary")
        page.wait_for_function(remembered, arg="1")
        page.click("#options > summary")
        page.wait_for_function(remembered, arg="0")
        # at 360x740 the score is above the fold
        page.set_viewport_size({"width": 360, "height": 740})
        page.evaluate("() => window.scrollTo(0, 0)")
        bottom = page.evaluate(BOTTOM, "summary-score")
        assert bottom is not None and bottom <= 740, bottom
        # corpus mode: the file pickers first, then the Options panel
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click("#mode-corpus")
        expect(page.locator("#corpus-references")).to_be_visible()
        tops = page.evaluate(
            "ids => ids.map(id => document.getElementById(id).getBoundingClientRect().top + scrollY)",
            ["corpus-references", "corpus-systems", "options", "corpus-score"],
        )
        assert tops[0] < tops[2] and tops[1] < tops[2] < tops[3], tops
        page.click("#mode-sentence")
        expect(page.locator("#clear-example")).to_be_visible()
        # the example's Clear: both boxes empty, kept so for the tab
        page.click("#clear-example")
        expect(page.locator("#reference")).to_have_value("")
        expect(page.locator("#candidate")).to_have_value("")
        expect(page.locator("#example-line")).to_be_hidden()
        settled(page)
        assert page.text_content("#score") == "–"
        kept = page.evaluate("() => sessionStorage.getItem('bleu2-state')")
        assert kept is not None and kept.startswith("t1.")
        assert (json.loads(kept[3:])["r"], json.loads(kept[3:])["c"]) == ([""], [""])
    finally:
        context.close()
