"""Nothing typed is lost: every way the controller keeps the texts for the tab, checked by
reloading (a new page on the same tab's storage) through the fake page (tests/fake_port.py)."""

from __future__ import annotations

from bleu2.page.sentence.controller import DEFERRED_MS
from bleu2.page.tab_storage import SAVE_AT_ONCE_CHARS, SELECTED_KEY, SLOW_SAVE_EVERY_MS, STORAGE_KEY, decode_tab_state
from fake_port import FakePage, Tab, event, open_page, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
RESTORED = "Texts restored from this tab."


def reload(port: FakePage):
    """The same tab, reloaded: what the tab kept, empty boxes."""
    return open_page(port.tab)


def kept(port: FakePage) -> dict:
    return decode_tab_state(port.tab.items[STORAGE_KEY])


def long_text(n: int = SAVE_AT_ONCE_CHARS + 1000) -> str:
    return ("word " * (n // 5 + 1))[:n]


def test_text_typed_while_python_loads_is_kept_for_the_tab_at_once():
    port, page = open_page(boxes={"references": [REF], "candidates": [CAND]})
    assert port.text("score") == "0.7071"
    assert kept(port)["candidates"] == [CAND] and not page.unsaved
    port, page = reload(port)  # at once, nothing typed since
    assert port.values == {"reference": [REF], "candidate": [CAND]} and port.text("score") == "0.7071"
    assert RESTORED in port.text("status-text")


def test_a_reload_right_after_a_key_keeps_it():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)  # no pause: kept on the input event (short texts)
    port, page = reload(port)
    assert port.values == {"reference": [REF], "candidate": [CAND]} and RESTORED in port.text("status-text")


def test_typing_after_a_pause_then_reloading_at_once():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    port.advance(1000)
    type_in(port, page, "candidate", CAND + " today")
    port, page = reload(port)
    assert port.values["candidate"] == [CAND + " today"]


def test_long_texts_are_kept_after_a_pause_not_at_each_key():
    port, page = open_page()
    port.advance(DEFERRED_MS)  # the page settled
    text = long_text()
    type_in(port, page, "reference", text)
    port.advance(0)  # long texts are scored in the worker; the pause starts when shown
    assert STORAGE_KEY not in port.tab.items and page.unsaved
    port.advance(DEFERRED_MS)  # over SAVE_AT_ONCE_CHARS: packed by the browser, off the page
    assert port.packing and page.unsaved
    port.finish_packing()
    assert kept(port)["references"] == [text] and not page.unsaved
    assert port.tab.items[STORAGE_KEY].startswith("z1.")
    port, page = reload(port)
    assert port.values["reference"] == [text]


def test_hiding_or_leaving_the_page_keeps_what_is_not_kept_yet():
    port, page = open_page()
    port.advance(DEFERRED_MS)  # the page settled
    text = long_text()
    type_in(port, page, "reference", text)
    port.advance(0)
    port.clear_timer(page.timer)  # no pause: only hiding can keep it
    assert STORAGE_KEY not in port.tab.items
    page.on_hide(event("visibilitychange"))
    assert kept(port)["references"] == [text]
    writes = dict(page.tab.writes.count)
    page.on_hide(event("pagehide"))  # kept already: nothing to write
    assert page.tab.writes.count == writes
    type_in(port, page, "candidate", text + "again")
    page.on_hide(event("pagehide"))  # the reload's pagehide
    port, page = reload(port)
    assert port.values == {"reference": [text], "candidate": [text + "again"]}


def test_texts_too_large_for_the_plain_form_are_packed_after_a_pause():
    port, page = open_page(Tab(room=SAVE_AT_ONCE_CHARS))
    port.advance(DEFERRED_MS)  # the page settled
    text = ("the cat sat on the mat. " * 20000)[: SAVE_AT_ONCE_CHARS + 10]  # compresses well
    type_in(port, page, "reference", text)
    port.advance(0)
    port.advance(DEFERRED_MS)  # the plain form is refused as too large: the browser packs it
    assert port.packing and page.unsaved
    port.finish_packing()
    assert port.tab.items[STORAGE_KEY].startswith("z1.") and kept(port)["references"] == [text]
    assert not page.unsaved and port.elements["status"]["classes"]["status-ready"]
    port, page = reload(port)
    assert port.values["reference"] == [text] and RESTORED in port.text("status-text")


def test_a_packed_save_that_a_newer_save_superseded_is_dropped():
    port, page = open_page(Tab(room=SAVE_AT_ONCE_CHARS))
    port.advance(DEFERRED_MS)  # the page settled
    type_in(port, page, "reference", ("the cat sat on the mat. " * 20000)[: SAVE_AT_ONCE_CHARS + 10])
    port.advance(0)
    port.advance(DEFERRED_MS)
    assert port.packing
    type_in(port, page, "reference", REF)  # short: kept at once, in the plain form
    type_in(port, page, "candidate", CAND)
    port.finish_packing()  # ends after: superseded, the newer state stays
    assert kept(port)["references"] == [REF] and port.tab.items[STORAGE_KEY].startswith("t1.")
    assert not page.unsaved and port.elements["status"]["classes"]["status-ready"]


def test_an_edit_while_packing_leaves_the_texts_unsaved_until_the_next_save():
    port, page = open_page(Tab(room=SAVE_AT_ONCE_CHARS))
    port.advance(DEFERRED_MS)  # the page settled
    text = ("the cat sat on the mat. " * 20000)[: SAVE_AT_ONCE_CHARS + 10]
    type_in(port, page, "reference", text)
    port.advance(0)
    port.advance(DEFERRED_MS)
    assert port.packing
    type_in(port, page, "reference", text + " more")  # long: not kept at the key, the timer restarts
    port.finish_packing()  # kept, but older than the boxes
    assert kept(port)["references"] == [text] and page.unsaved
    page.on_hide(event("pagehide"))
    port.finish_packing()
    assert kept(port)["references"] == [text + " more"]


def test_very_long_texts_are_kept_after_a_pause_at_most_every_so_often():
    port, page = open_page()
    port.advance(DEFERRED_MS)  # the page settled
    text = long_text(4 * 1024 * 1024 + 10)  # over SAVE_AFTER_PAUSE_CHARS: packing takes seconds

    def type_and_pause(typed):
        type_in(port, page, "reference", typed)
        port.advance(0)  # long texts are scored in the worker; the pause starts when shown
        port.advance(DEFERRED_MS)
        port.finish_packing()

    type_and_pause(text)
    assert kept(port)["references"] == [text]
    type_and_pause(text + "a")
    assert kept(port)["references"] == [text] and page.unsaved  # too soon after the last save
    port.advance(SLOW_SAVE_EVERY_MS)
    type_and_pause(text + "ab")
    assert kept(port)["references"] == [text + "ab"]


def test_a_full_storage_is_said_with_the_size_and_the_warning_goes_when_the_texts_fit_again():
    port, page = open_page(Tab(room=200))
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(600))  # does not compress
    type_in(port, page, "reference", noise)
    port.advance(DEFERRED_MS)
    port.finish_packing()
    status = port.text("status-text")
    assert "the browser's storage for this page is full (600 characters)" in status
    assert port.elements["status"]["classes"]["status-warning"] and page.unsaved
    type_in(port, page, "reference", REF)
    assert port.elements["status"]["classes"]["status-ready"] and kept(port)["references"] == [REF]


def test_a_denied_storage_is_said():
    port, page = open_page(Tab(denied=True))
    type_in(port, page, "reference", REF)
    assert "does not let the page keep texts for this tab" in port.text("status-text")
    assert port.elements["status"]["classes"]["status-warning"]


def test_the_selected_candidate_is_kept_for_the_tab():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", REF)
    assert port.tab.items[SELECTED_KEY] == "1"
    port, page = reload(port)
    assert page.selected == 1 and port.text("breakdown-heading") == "Breakdown of candidate 2"
