"""Nothing typed is lost. Every path in Chromium: reload right after typing, typing again after a pause, text typed while Python loads, 5 MB in each box
(kept compressed), and 10 MB the browser cannot keep (the page says so; the boxes keep it).

Chromium's sessionStorage keeps about 5.24 million characters per origin and tab
(10 MiB of UTF-16; checked below), so 5 MB in each box (10 million characters) only fits
compressed.

One tab of the served site serves the module (``tab``): each test starts it empty (texts,
options and language back to the defaults, the tab's storage cleared, no boot), and a test
that reloads leaves the next one a page that has booted again; a test of the save after a
pause reloads it first (``fresh_tab``), and the test of typing while Python loads opens a
tab of its own.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from browser_helpers import TED, WAIT_MS, answered, settled
from conftest import open_held, open_page, wait_ready_state

REF, CAND = "the cat sat on the mat", "the cat is on the mat"


def reload(page):
    page.reload()
    wait_ready_state(page)


def boxes(page):
    return page.input_value("#reference"), page.input_value("#candidate")


@pytest.fixture(scope="module")
def shared_tab(new_context, site_url):
    context, guard = new_context()
    return open_page(context, guard, site_url), guard


@pytest.fixture
def tab(shared_tab):
    """``(page, guard)``: the module's tab, ready, its boxes empty, the options and language
    the defaults, its storage cleared once the page has saved what it saves after a pause."""
    page, guard = shared_tab
    wait_ready_state(page)
    for select, value in (("#lang-select", "en"), ("#opt-max-order", "2")):
        if page.input_value(select) != value:
            page.select_option(select, value)
    for box in ("#candidate", "#reference"):
        if page.input_value(box):
            page.fill(box, "")
    settled(page)
    page.evaluate("sessionStorage.clear()")
    assert boxes(page) == ("", "") and page.text_content("#score") == "–"
    return page, guard


@pytest.fixture
def fresh_tab(tab):
    """The module's tab, empty and reloaded: its Python has saved nothing yet, so the first
    pause keeps megabytes (a slow save comes tab_storage.SLOW_SAVE_EVERY_MS after the last)."""
    reload(tab[0])
    return tab


def test_reload_right_after_typing(tab):
    page, guard = tab
    guard.typed += [REF, CAND]
    page.fill("#reference", REF)
    page.fill("#candidate", CAND)
    answered(page)
    reload(page)  # at once: no pause for a timer
    assert boxes(page) == (REF, CAND)
    assert page.text_content("#score") == "0.7071"
    assert "Texts restored from this tab." in page.text_content("#status-text")


def test_typing_after_a_pause_then_reloading_at_once(tab):
    page, guard = tab
    guard.typed += [REF, CAND, "a dog lay on the rug"]
    page.fill("#reference", REF)
    page.fill("#candidate", CAND)
    settled(page)  # the pause: its work (the saved state among it) has run
    page.locator("#candidate").press_sequentially(" today")
    answered(page)
    reload(page)
    assert boxes(page) == (REF, CAND + " today")
    assert "Texts restored from this tab." in page.text_content("#status-text")


def test_clear_keeps_options_and_language_at_once_and_after_a_reload_and_undo_brings_the_texts_back(tab):
    page, guard = tab
    guard.typed += [REF, CAND]
    page.fill("#reference", REF)
    page.fill("#candidate", CAND)
    page.select_option("#opt-max-order", "1")
    page.select_option("#lang-select", "es")
    expect(page.locator("#score-label")).to_have_text("BLEU-1")
    expect(page.locator("#clear-undo")).to_be_hidden()
    page.click("#clear")
    expect(page.locator("#clear-status")).to_have_text(re.compile(r"^Textos borrados\."))
    assert boxes(page) == ("", "") and page.text_content("#score") == "–"
    assert page.input_value("#opt-max-order") == "1" and page.get_attribute("html", "lang") == "es"
    assert page.text_content("#score-label") == "BLEU-1"
    expect(page.locator("#clear-undo")).to_be_visible()
    expect(page.locator("#clear-undo")).to_have_text("Deshacer")
    page.click("#clear-undo")
    expect(page.locator("#clear-status")).to_have_text("Textos recuperados.")
    expect(page.locator("#score")).to_have_text("0,8333")  # BLEU-1 = p1 = 5/6, BP 1
    assert boxes(page) == (REF, CAND)
    expect(page.locator("#clear-undo")).to_be_hidden()
    page.click("#clear")
    page.fill("#candidate", "un perro")  # an edit: Undo is gone
    expect(page.locator("#clear-status")).to_have_text("")
    expect(page.locator("#clear-undo")).to_be_hidden()
    page.click("#clear")
    answered(page)
    reload(page)  # what Clear showed is what a reload shows
    assert boxes(page) == ("", "") and page.input_value("#opt-max-order") == "1"
    assert page.get_attribute("html", "lang") == "es" and page.text_content("#score-label") == "BLEU-1"
    status = page.text_content("#status-text")
    assert status.startswith("Listo (Python") and "recuperados" not in status  # nothing said to be restored
    assert page.is_hidden("#clear-undo")


def test_text_typed_while_python_loads_is_saved_once_it_is_ready(new_context, site_url):
    context, guard = new_context()
    page, release = open_held(context, guard, site_url)
    assert page.get_attribute("html", "data-state") == "loading"
    guard.typed += [REF, CAND]
    page.fill("#reference", REF)
    page.locator("#candidate").press_sequentially(CAND)
    release()
    wait_ready_state(page)
    expect(page.locator("#score")).to_have_text("0.7071")
    reload(page)  # at once, without typing anything after Python started
    assert boxes(page) == (REF, CAND)
    assert page.text_content("#score") == "0.7071"
    page.close()


def test_hiding_or_leaving_the_page_saves_what_is_not_saved_yet(tab):
    """Long texts are saved after a pause, not on every keystroke; visibilitychange and
    pagehide save them at once."""
    page = tab[0]
    set_text = """([id, text]) => { const box = document.getElementById(id); box.value = text;
        box.dispatchEvent(new Event('input', {bubbles: true}));
        window.bleu2Test.probe('page.port.clear_timer(page.timer)'); }"""  # no pause: only hiding can save
    long_text = "word " * 60_000  # 300,000 characters: over bleu2.page.tab_storage.SAVE_AT_ONCE_CHARS
    page.evaluate(set_text, ["reference", long_text])
    assert long_text not in (page.evaluate("sessionStorage.getItem('bleu2-state')") or "")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    saved = page.evaluate("sessionStorage.getItem('bleu2-state')")
    assert saved.startswith("t1.") and long_text in saved
    page.evaluate(set_text, ["candidate", long_text + "again"])
    reload(page)  # pagehide
    assert boxes(page) == (long_text, long_text + "again")


def test_sessionstorage_quota_of_this_chromium(tab):
    """What the tests below rely on: Chromium keeps about 5.24 M characters, not 10 M."""
    page = tab[0]
    fits = page.evaluate("""() => {
        const out = {};
        for (const n of [5_000_000, 10_000_000]) {
            try { sessionStorage.setItem('probe', 'x'.repeat(n)); out[n] = true; } catch (e) { out[n] = e.name; }
            sessionStorage.removeItem('probe');
        }
        return out;
    }""")
    assert fits == {"5000000": True, "10000000": "QuotaExceededError"}


def _fill_big(page, reference, candidate):
    """Set both boxes as a paste does (one input event each)."""
    page.evaluate(
        """([r, c]) => {
        for (const [id, text] of [['reference', r], ['candidate', c]]) {
            const box = document.getElementById(id);
            box.value = text;
            box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
        }
    }""",
        [reference, candidate],
    )


def _long_words(letters: str, size: int) -> str:
    """``size`` characters of 1,000-letter words cut from ``letters``, ten to a line: 5 MB
    that score in a moment (5,000 tokens), so that the test is about saving; scoring 5 MB
    of ordinary words still takes tens of seconds on the page's main thread (make
    bench-page measures it). (Lines, as in real pastes: Chromium lays out a text box with
    dir="auto" and one 1 MB paragraph far more slowly, about 7 s.)"""
    letters = (letters * (size // max(len(letters), 1) + 1))[:size]
    return "".join(letters[i : i + 1000] + ("\n" if (i // 1001) % 10 == 9 else " ") for i in range(0, size, 1001))[
        :size
    ]


@pytest.mark.parametrize("at_once", [True, False])
def test_5_mb_in_each_box_survives_a_reload(request, at_once):
    page = request.getfixturevalue("tab" if at_once else "fresh_tab")[0]
    # English letters (from the TED talks) in long words: compresses like prose, so the
    # two boxes (10 M characters) are kept in the packed form
    english = "".join(ch for ch in (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").lower() if "a" <= ch <= "z")
    reference = _long_words(english, 5_000_000)
    candidate = _long_words(english[::-1], 5_000_000)
    _fill_big(page, reference, candidate)
    if not at_once:  # after the pause: packed by the page, off its task
        page.wait_for_function("(sessionStorage.getItem('bleu2-state') || '').startsWith('z1.')", timeout=120_000)
    reload(page)  # at once: packed by the page itself on pagehide (past the quota, before the worker answers)
    assert page.evaluate("document.getElementById('reference').value.length") == 5_000_000
    assert boxes(page) == (reference, candidate)
    assert page.evaluate("sessionStorage.getItem('bleu2-state').slice(0, 3)") == "z1."
    assert "Texts restored from this tab." in page.text_content("#status-text")
    assert "status-ready" in page.get_attribute("#status", "class")


def test_after_a_pause_the_browser_packs_5_mb_and_python_reads_it_back(fresh_tab):
    """After a pause in typing, the packed form is made by the browser off the page's
    thread (storage.js savePacked: CompressionStream in a worker) and is the form
    bleu2.page.tab_storage reads; a save started later wins over a packed save still under
    way (the controller's count of writes per key says so)."""
    from bleu2.page.tab_storage import decode_tab_state

    page, guard = fresh_tab
    english = "".join(ch for ch in (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").lower() if "a" <= ch <= "z")
    reference = _long_words(english, 5_000_000)
    candidate = _long_words(english[::-1], 5_000_000) + " 😀 é"
    _fill_big(page, reference, candidate)
    page.wait_for_function("(sessionStorage.getItem('bleu2-state') || '').startsWith('z1.')", timeout=120_000)
    assert "status-ready" in page.get_attribute("#status", "class")  # kept: no warning
    packed = page.evaluate("""async () => {
        sessionStorage.removeItem('bleu2-state');  // room for a second packed copy
        await window.bleu2Test.probe(`page.tab.save_packed('bleu2-packed-test', '{"l":"es"}', lambda out: page.__dict__.__setitem__('packed_test', out))`);
        let out = null;
        while (out === null) { await new Promise(r => setTimeout(r, 20)); out = await window.bleu2Test.probe("page.__dict__.pop('packed_test', None)"); }
        return [out, sessionStorage.getItem('bleu2-packed-test')]; }""")
    assert packed[0] == ""
    decoded = decode_tab_state(packed[1])
    assert (decoded["references"], decoded["candidates"], decoded["lang"]) == ([reference], [candidate], "es")
    # a plain save made while a packed one is under way is the one kept
    guard.typed += [REF, CAND]
    _fill_big(page, REF, CAND)
    raced = page.evaluate("""async () => {
        await window.bleu2Test.probe(`(page.tab.save_packed('bleu2-packed-test', '{}', lambda out: page.__dict__.__setitem__('packed_test', out)), page.tab.save_plain('bleu2-packed-test', '{"l":"pt"}'))`);
        let out = null;
        while (out === null) { await new Promise(r => setTimeout(r, 20)); out = await window.bleu2Test.probe("page.__dict__.pop('packed_test', None)"); }
        return [out, sessionStorage.getItem('bleu2-packed-test')]; }""")
    assert raced == ["superseded", 't1.{"r":["the cat sat on the mat"],"c":["the cat is on the mat"],"l":"pt"}']


def test_10_mb_the_browser_cannot_keep_is_said_and_kept_in_the_boxes(fresh_tab):
    page = fresh_tab[0]
    rng = random.Random(10)
    alphabet = "abcdefghijklmnopqrstuvwxyzáéíóúñ"  # random letters: zlib cannot pack them under 5.24 M
    reference = _long_words("".join(rng.choices(alphabet, k=5_000_000)), 5_000_000)
    candidate = _long_words("".join(rng.choices(alphabet, k=5_000_000)), 5_000_000)
    _fill_big(page, reference, candidate)
    page.wait_for_function("document.getElementById('status').classList.contains('status-warning')", timeout=WAIT_MS)
    status = page.text_content("#status-text")
    assert "The texts could not be kept for this tab: the browser's storage for this page is full" in status
    assert "(10,000,000 characters)" in status and "still in the boxes" in status
    assert page.evaluate("document.getElementById('reference').value.length") == 5_000_000
    assert boxes(page) == (reference, candidate)
    # once the texts fit again, the warning goes
    page.fill("#candidate", CAND)
    page.fill("#reference", REF)
    answered(page)
    page.wait_for_function("document.getElementById('status').classList.contains('status-ready')")
    reload(page)
    assert boxes(page) == (REF, CAND)


def test_the_page_writes_the_plain_form_python_reads(tab):
    """static/storage.js writes the plain form from the boxes (no megabytes copied out of
    Python): the very text the format says (tests/page_states.py tab_form), read back whole."""
    from bleu2.page.tab_storage import decode_tab_state
    from page_states import tab_form

    page, guard = tab
    tricky = 'a "quoted"\tword\\ back\u2028sep 😀 é\nnext line </script>'
    guard.typed += [tricky, REF]
    page.select_option("#opt-max-order", "3")
    page.select_option("#lang-select", "es")
    page.fill("#reference", REF)
    page.fill("#candidate", tricky)
    answered(page)
    saved = page.evaluate("sessionStorage.getItem('bleu2-state')")
    expected_state = {"references": [REF], "candidates": [tricky], "options": {"max_order": 3}, "lang": "es"}
    assert saved == tab_form(expected_state)
    assert decode_tab_state(saved)["candidates"] == [tricky]
