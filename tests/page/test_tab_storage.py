"""The tab's storage (bleu2.page.tab_storage): nothing typed is lost on a reload."""

from __future__ import annotations

import json

import pytest

from bleu2.page.share import MAX_BOXES, decode_state, encode_state, share_fragment
from bleu2.page.tab_storage import (
    SAVE_AFTER_PAUSE_CHARS,
    SAVE_AT_ONCE_CHARS,
    SLOW_SAVE_EVERY_MS,
    TAB_PACKED_PREFIX,
    TAB_PREFIX,
    Writes,
    decode_tab_state,
    keep_for_tab,
    save_ended,
    save_now,
    storage_problem,
    tab_meta,
)
from fake_port import FakePage, Tab
from page_states import STATE, tab_form


def test_tab_forms_round_trip_plain_and_packed():
    plain, packed = tab_form(STATE), tab_form(STATE, packed=True)
    assert plain.startswith(TAB_PREFIX)
    assert json.loads(plain[len(TAB_PREFIX) :])["c"] == STATE["candidates"]  # plain JSON: nothing to compute
    assert packed.startswith(TAB_PACKED_PREFIX) and all(ord(ch) < 256 for ch in packed)  # one character per byte
    for form in (plain, packed):
        assert decode_tab_state(form) == STATE
        with pytest.raises(ValueError):
            decode_state(form)  # never accepted from a link


def test_the_meta_is_the_options_that_differ_and_the_language():
    # static/storage.js writes "t1." + JSON.stringify({r, c, ...tab_meta})
    meta = tab_meta(STATE)
    assert list(meta) == ["o", "l"] and meta["l"] == "pt" and meta["o"]["max_order"] == 4
    assert tab_meta({"references": ["x"], "candidates": []}) == {}


def test_the_packed_form_is_much_smaller_for_natural_text():
    text = " ".join(["the cat sat on the mat and looked at the dog"] * 20000)
    st = {"references": [text], "candidates": [text]}
    assert len(tab_form(st, packed=True)) * 20 < len(tab_form(st))


def test_the_tab_keeps_any_number_of_boxes_but_links_do_not():
    many = {"references": ["r"] * (MAX_BOXES + 5), "candidates": ["c"]}
    assert decode_tab_state(tab_form(many))["references"] == many["references"]
    assert len(decode_state(encode_state(many, None), limit=None)["references"]) == MAX_BOXES + 5
    with pytest.raises(ValueError, match="at most"):
        decode_state(encode_state(many, None))
    with pytest.raises(ValueError, match="at most"):
        encode_state(many)
    assert share_fragment(many)["too_long"]  # the page says the link is too long; it never raises


def test_a_5_mb_pair_is_kept_and_read_back_whole():
    # 5 MB in each box is kept: neither refused as too long nor deleted, so the boxes do
    # not come back empty
    text = ("El gato está en la alfombra. " * 180000)[:5_000_000]
    st = {"references": [text], "candidates": [text[::-1]]}
    for form in (tab_form(st), tab_form(st, packed=True)):
        assert decode_tab_state(form)["candidates"] == [text[::-1]]


def kept(state, later, room=1000, denied=False, pack_long=False):
    """keep_for_tab on the fake page holding ``state`` in its boxes, its storage keeping at
    most ``room`` characters (or denied): its answer and what the tab keeps."""
    port = FakePage(Tab(room=room, denied=denied), state)
    answer = keep_for_tab(state, lambda meta: port.save_plain("k", meta), later.append, pack_long)
    return answer, port.tab.items


def test_keep_for_tab_packs_when_the_plain_form_is_too_large():
    small, later = {"references": ["a b c"], "candidates": ["a b"]}, []
    assert kept(small, later) == (None, {"k": tab_form(small)}) and later == []
    big = {"references": ["the cat " * 500], "candidates": ["the dog " * 500]}
    assert kept(big, later) == ("later", {})  # refused plain: packed by the page
    assert [json.loads(m) for m in later] == [tab_meta(big)]


def test_keep_for_tab_packs_long_texts_in_steps_without_writing_the_plain_form():
    long = {"references": ["the cat " * 20_000], "candidates": ["the dog " * 20_000]}  # 320,000 characters
    short = {"references": ["the cat " * 16_000], "candidates": ["the dog " * 16_000]}  # 256,000
    for state, packed in ((long, True), (short, False)):
        later: list = []
        answer, items = kept(state, later, room=10**6, pack_long=True)
        assert answer == ("later" if packed else None)
        assert items == ({} if packed else {"k": tab_form(state)})
        assert [json.loads(m) for m in later] == ([tab_meta(state)] if packed else [])


def test_keep_for_tab_stops_when_storage_is_denied():
    later: list = []
    assert kept({"references": ["a"], "candidates": ["b"]}, later, denied=True) == ("denied", {})
    assert later == []  # no other form helps


def test_storage_problem_and_save_now():
    assert storage_problem(None) is None
    assert storage_problem("QuotaExceededError Failed to execute 'setItem'") == "full"
    assert storage_problem("SecurityError Access is denied") == "denied"

    def sized(n):
        return {"references": ["a" * (n - 1)], "candidates": ["b"]}

    small, long, huge = sized(SAVE_AT_ONCE_CHARS), sized(SAVE_AT_ONCE_CHARS + 1), sized(SAVE_AFTER_PAUSE_CHARS + 1)
    assert save_now(small, "input") and not save_now(long, "input")  # on every keystroke only while small
    assert save_now(long, "pause", 0) and save_now(sized(SAVE_AFTER_PAUSE_CHARS), "pause", 0)
    assert save_now(huge, "pause") and not save_now(huge, "pause", SLOW_SAVE_EVERY_MS - 1)  # packing takes seconds
    assert save_now(huge, "pause", SLOW_SAVE_EVERY_MS)
    assert all(save_now(st, "hide", 0) for st in (small, long, huge))  # hidden or left: always


def test_a_write_is_the_latest_until_another_write_to_its_key():
    writes = Writes()
    mine = writes.wrote("k")
    assert writes.latest("k", mine)
    writes.wrote("other")
    assert writes.latest("k", mine)
    writes.wrote("k")
    assert not writes.latest("k", mine)


def test_a_packed_save_that_ended_says_whether_the_texts_still_need_keeping():
    assert save_ended("", 3, 3) == {"problem": None, "unsaved": False}
    assert save_ended("", 3, 4) == {"problem": None, "unsaved": True}  # edited since it started
    assert save_ended("superseded", 3, 3) is None  # a newer save decides
    assert save_ended("QuotaExceededError x", 3, 3) == {"problem": "full", "unsaved": True}
