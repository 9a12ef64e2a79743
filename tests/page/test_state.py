"""bleu2.share: page state <-> URL fragment."""

from __future__ import annotations

import base64
import contextlib
import json
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu2.page.state import (
    DEFAULT_OPTIONS,
    MAX_BOXES,
    MAX_CHARS,
    SACREBLEU_PAGE_OPTIONS,
    SAVE_AFTER_PAUSE_CHARS,
    SAVE_AT_ONCE_CHARS,
    SLOW_SAVE_EVERY_MS,
    TAB_PACKED_PREFIX,
    TAB_PREFIX,
    decode_state,
    encode_state,
    encode_tab_state,
    form_from_options,
    keep_for_tab,
    normalize_options,
    options_are_default,
    options_from_form,
    pack_tab_state,
    parse_decimal,
    restore_plan,
    save_now,
    selection_after_removal,
    share_fragment,
    startup_choice,
    storage_problem,
    tab_meta,
)

STATE = {
    "references": ["the cat sat on the mat", "", "There is a cat on the mat."],
    "candidates": ["the cat is on the mat", "<img src=x onerror=alert(1)>", "我爱学习中文 café"],
    "options": {
        "max_order": 4,
        "smoothing": "none",
        "tokenizer": "13a",
        "lowercase": True,
        "smooth_value": None,
        "effective_order": False,
        "empty_references": "ignore",
    },
    "lang": "pt",
}


def _pack(obj) -> str:
    raw = json.dumps(obj).encode()
    return "v1." + base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()


def test_round_trip_and_format():
    frag = encode_state(STATE)
    assert frag.startswith("v1.")
    assert re.fullmatch(r"v1\.[A-Za-z0-9_-]+", frag)
    assert decode_state(frag) == STATE
    assert decode_state("#" + frag) == STATE


def test_defaults_are_filled_in_and_left_out_of_the_link():
    state = {"references": ["a"], "candidates": ["b"]}
    frag = encode_state(state)
    assert decode_state(frag) == {"references": ["a"], "candidates": ["b"], "options": DEFAULT_OPTIONS, "lang": None}
    # the compact JSON carries no default option
    raw = zlib.decompress(base64.urlsafe_b64decode(frag[3:] + "=" * (-len(frag[3:]) % 4)))
    assert json.loads(raw) == {"r": ["a"], "c": ["b"]}


def test_repetitive_texts_compress():
    state = {"references": ["the cat sat on the mat " * 200], "candidates": ["the cat is on the mat " * 200]}
    assert len(encode_state(state)) < 200


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(), max_size=4),
    st.lists(st.text(), max_size=4),
    st.sampled_from([None, "en", "es", "pt"]),
    st.sampled_from([1, 2, 3, 4]),
)
def test_any_unicode_texts_round_trip(refs, cands, lang, order):
    state = {"references": refs, "candidates": cands, "options": {"max_order": order}}
    if lang:
        state["lang"] = lang
    out = decode_state(encode_state(state))
    assert out["references"] == refs and out["candidates"] == cands
    assert out["options"]["max_order"] == order and out["lang"] == lang


GARBAGE = [
    "",
    "#",
    "hello",
    "v1.",
    "v1.!!!!",
    "v1.a",
    "v1.AAAA",
    "v1." + "A" * 40,
    "v2.abcd",
    "v1.eJzLSM3JyQcABiwCFQ",  # zlib of "hello": not JSON... or cut
    _pack([1, 2, 3]),
    _pack({"r": ["a"]}),
    _pack({"r": "a", "c": ["b"]}),
    _pack({"r": ["a"], "c": [1]}),
    _pack({"r": ["a"], "c": ["b"], "x": 1}),
    _pack({"r": ["a"], "c": ["b"], "o": {"max_order": 9}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"max_order": "2"}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"smoothing": "magic"}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"tokenizer": "spaces"}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"lowercase": "yes"}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"smooth_value": "big"}}),
    _pack({"r": ["a"], "c": ["b"], "o": {"unknown": 1}}),
    _pack({"r": ["a"], "c": ["b"], "o": []}),
    _pack({"r": ["a"], "c": ["b"], "l": "fr"}),
    _pack({"r": [""] * 1000, "c": ["b"]}),
    "v1." + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe not utf-8")).rstrip(b"=").decode(),
    "v1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 100000)).rstrip(b"=").decode(),
    "v1." + base64.urlsafe_b64encode(zlib.compress(b" " * (8 * 1024 * 1024))).rstrip(b"=").decode(),
    None,
    42,
]


@pytest.mark.parametrize("fragment", GARBAGE, ids=lambda g: repr(g)[:30])
def test_garbage_gives_a_clear_value_error(fragment):
    with pytest.raises(ValueError) as info:
        decode_state(fragment)
    assert str(info.value)  # a message, not an empty error


def test_cut_links_are_refused():
    frag = encode_state(STATE)
    for cut in (len(frag) - 1, len(frag) - 5, len(frag) // 2):
        with pytest.raises(ValueError):
            decode_state(frag[:cut])


def test_error_messages_say_what_is_wrong():
    with pytest.raises(ValueError, match="newer version"):
        decode_state("v2.abcd")
    with pytest.raises(ValueError, match="not a bleu2 share link"):
        decode_state("hello")
    with pytest.raises(ValueError, match="max_order"):
        decode_state(_pack({"r": ["a"], "c": ["b"], "o": {"max_order": 9}}))
    with pytest.raises(ValueError, match="language"):
        decode_state(_pack({"r": ["a"], "c": ["b"], "l": "fr"}))


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_never_crashes(s):
    with contextlib.suppress(ValueError):
        decode_state(s)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_in_a_valid_envelope_never_crash(b):
    with contextlib.suppress(ValueError):
        decode_state("v1." + base64.urlsafe_b64encode(b).rstrip(b"=").decode())


def test_share_fragment_limit():
    small = share_fragment(STATE)
    assert small["too_long"] is False and small["fragment"] == encode_state(STATE)
    assert small["length"] == len(small["fragment"])
    import random

    rnd = random.Random(4)
    noise = "".join(chr(rnd.randrange(0x4E00, 0x9FFF)) for _ in range(6000))  # incompressible
    big = share_fragment({"references": [noise], "candidates": ["x"]})
    assert big["too_long"] is True and big["fragment"] is None and big["length"] > MAX_CHARS
    assert share_fragment(STATE, max_chars=small["length"])["fragment"] is not None
    assert share_fragment(STATE, max_chars=small["length"] - 1)["too_long"] is True


def test_default_options():
    assert DEFAULT_OPTIONS == {
        "max_order": 2,
        "smoothing": "add-1",
        "tokenizer": "default",
        "lowercase": None,
        "smooth_value": None,
        "effective_order": False,
        "empty_references": "ignore",
    }
    assert options_are_default(None) and options_are_default({})
    assert options_are_default(dict(DEFAULT_OPTIONS))
    assert options_are_default({"lowercase": True})  # the default tokenizer lower-cases anyway
    assert not options_are_default({"lowercase": False})
    assert not options_are_default({"max_order": 4})
    assert not options_are_default({"tokenizer": "13a"})
    assert not options_are_default({"tokenizer": "13a", "lowercase": True})
    assert not options_are_default({"smoothing": "none"})
    assert not options_are_default({"bogus": 1})
    assert normalize_options({"max_order": 3})["max_order"] == 3
    with pytest.raises(ValueError):
        encode_state({"references": ["a"], "candidates": ["b"], "options": {"max_order": 0}})
    with pytest.raises(ValueError):
        encode_state({"references": "a", "candidates": ["b"]})


# --- the options form and the start-up choice (decided here, not in static/app.py) ---------


@pytest.mark.parametrize(
    "typed,lang,expected",
    [
        ("0.5", "en", 0.5),
        (".5", "en", 0.5),
        ("5", "en", 5.0),
        ("  0.25 ", "en", 0.25),
        ("-1", "en", -1.0),
        ("0,5", "es", 0.5),
        ("0,5", "pt", 0.5),
        ("0.5", "es", 0.5),
        ("0,5", "en", None),  # English writes no decimal comma
        ("1e400", "en", None),
        ("1e-3", "en", None),
        ("1_0", "en", None),
        ("inf", "en", None),
        ("nan", "en", None),
        ("1,000.5", "en", None),
        ("", "en", None),
        ("abc", "es", None),
        # issue 8, item 10: ASCII digits only (float() reads these)
        ("١", "en", None),
        ("０.５", "en", None),
        ("0x10", "en", None),
        ("٠٫٥", "es", None),
    ],
)
def test_parse_decimal_plain_decimals_only(typed, lang, expected):
    assert parse_decimal(typed, lang) == expected


def test_options_from_form_and_back():
    fields = {
        "max_order": "4",
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": "no",
        "smooth_value": "0,2",
        "smooth_value_enabled": True,
        "effective_order": True,
        "empty_references": "count",
    }
    opts = options_from_form(fields, "es")
    assert opts == {
        "max_order": 4,
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": False,
        "smooth_value": 0.2,
        "effective_order": True,
        "empty_references": "count",
    }
    back = form_from_options(opts, "es")
    assert back == {
        "max_order": "4",
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": "no",
        "smooth_value": "0,2",
        "effective_order": True,
        "empty_references": "count",
    }
    assert options_from_form(back, "es") == opts
    # what was typed is passed on when it is not a plain decimal, so the message can quote it
    assert options_from_form(dict(fields, smooth_value="1e400"), "en")["smooth_value"] == "1e400"
    # a disabled parameter box counts as empty; "auto" is the tokenizer's own lower-casing
    assert options_from_form(dict(fields, smooth_value_enabled=False, lowercase="auto"), "en")["smooth_value"] is None
    assert options_from_form(dict(fields, lowercase="auto"), "en")["lowercase"] is None
    assert form_from_options({}, "en")["smooth_value"] == ""


def test_sacrebleu_defaults_button_options():
    assert SACREBLEU_PAGE_OPTIONS == {
        "max_order": 4,
        "smoothing": "exp",
        "tokenizer": "13a",
        "lowercase": False,
        "smooth_value": None,
        "effective_order": False,
        "empty_references": "count",
    }
    assert normalize_options(SACREBLEU_PAGE_OPTIONS) == SACREBLEU_PAGE_OPTIONS


@pytest.mark.parametrize(
    "fragment,saved,typed,choice",
    [
        ("#v1.abc", "v1.x", True, "link"),  # a share link wins over the tab and the boxes
        ("#v2.abc", None, False, "link"),  # (a newer format is still a link: decoding says why)
        ("", "v1.x", False, "tab"),
        ("", "v1.x", True, "typed"),  # the browser put the texts back, or text typed while loading
        ("", None, True, "typed"),
        ("", None, False, "none"),
        ("#section", None, False, "none"),
    ],
)
def test_startup_choice_link_then_tab_then_typed(fragment, saved, typed, choice):
    assert startup_choice(fragment, saved, typed) == choice


@pytest.mark.parametrize(
    "selected,removed,remaining,expected",
    [(0, 0, 2, 0), (2, 0, 2, 1), (1, 1, 2, 0), (0, 1, 2, 0), (2, 2, 2, 1), (3, 1, 3, 2)],
)
def test_selection_after_removal(selected, removed, remaining, expected):
    assert selection_after_removal(selected, removed, remaining) == expected


def test_tab_state_has_no_length_limit():
    big = {"references": ["word " * 1_000_000], "candidates": ["word " * 1_000_000]}
    packed = encode_state(big)
    with pytest.raises(ValueError):
        decode_state(packed)  # as a share link: too large once unpacked
    assert decode_state(packed, limit=None)["references"] == big["references"]


def test_restore_plan():
    link = encode_state(STATE)
    tab = encode_state({"references": ["r"], "candidates": ["c"]})
    plan = restore_plan("#" + link, tab, True)
    assert plan["state"] == STATE and plan["message"] == "link_restored" and not plan["keep_selection"]
    plan = restore_plan("", tab, False)
    assert plan["state"]["candidates"] == ["c"] and plan["message"] == "state_restored" and plan["keep_selection"]
    # a broken link says why and falls back to the tab's state
    plan = restore_plan("#v1.garbage!", tab, False)
    assert plan["link_error"] and plan["state"]["references"] == ["r"]
    # an unreadable saved state is forgotten; typed text is kept as it is
    plan = restore_plan("", "v1.%%%", False)
    assert plan["forget_saved"] and plan["state"] is None
    plan = restore_plan("", tab, True)
    assert plan["state"] is None and plan["keep_selection"] and plan["message"] is None


# --- issue 8, item 1: the tab's own storage (nothing typed is lost) ----------------------------


def test_tab_forms_round_trip_plain_and_packed():
    plain, packed = encode_tab_state(STATE), pack_tab_state(STATE)
    assert plain.startswith(TAB_PREFIX)
    assert json.loads(plain[len(TAB_PREFIX) :])["c"] == STATE["candidates"]  # plain JSON: nothing to compute
    assert packed.startswith(TAB_PACKED_PREFIX) and all(ord(ch) < 256 for ch in packed)  # one character per byte
    for form in (plain, packed):
        assert decode_state(form, limit=None) == STATE
        with pytest.raises(ValueError):
            decode_state(form)  # never accepted from a link


def test_the_plain_form_is_the_texts_then_the_meta():
    # static/paint.js writes "t1." + JSON.stringify({r, c, ...tab_meta}): the same text
    meta = tab_meta(STATE)
    assert list(meta) == ["o", "l"] and meta["l"] == "pt" and meta["o"]["max_order"] == 4
    expected = {"r": STATE["references"], "c": STATE["candidates"], **meta}
    assert encode_tab_state(STATE) == TAB_PREFIX + json.dumps(expected, ensure_ascii=False, separators=(",", ":"))
    assert tab_meta({"references": ["x"], "candidates": []}) == {}


def test_the_packed_form_is_much_smaller_for_natural_text():
    text = " ".join(["the cat sat on the mat and looked at the dog"] * 20000)
    st = {"references": [text], "candidates": [text]}
    assert len(pack_tab_state(st)) * 20 < len(encode_tab_state(st))


def test_the_tab_keeps_any_number_of_boxes_but_links_do_not():
    many = {"references": ["r"] * (MAX_BOXES + 5), "candidates": ["c"]}
    assert decode_state(encode_tab_state(many), limit=None)["references"] == many["references"]
    assert len(decode_state(encode_state(many, None), limit=None)["references"]) == MAX_BOXES + 5
    with pytest.raises(ValueError, match="at most"):
        decode_state(encode_state(many, None))
    with pytest.raises(ValueError, match="at most"):
        encode_state(many)
    assert share_fragment(many)["too_long"]  # the page says the link is too long; it never raises


def test_a_5_mb_pair_is_kept_and_read_back_whole():
    # the issue: with 5 MB in each box the saved state was refused as too long, deleted and
    # the boxes came back empty
    text = ("El gato está en la alfombra. " * 180000)[:5_000_000]
    st = {"references": [text], "candidates": [text[::-1]]}
    for form in (encode_tab_state(st), pack_tab_state(st)):
        assert decode_state(form, limit=None)["candidates"] == [text[::-1]]


class FakeStorage:
    """A browser that keeps at most ``room`` characters (or denies storage)."""

    def __init__(self, room=1000, denied=False):
        self.room, self.denied, self.offered = room, denied, []

    def _keep(self, text):
        self.offered.append(text)
        if self.denied:
            return "SecurityError Failed to read the 'sessionStorage' property from 'Window': Access is denied"
        return None if len(text) <= self.room else "QuotaExceededError Setting the value exceeded the quota."

    def plain(self, state):  # what paint.js does: the boxes' texts + the meta JSON
        return lambda meta: self._keep(
            TAB_PREFIX
            + json.dumps(
                {"r": state["references"], "c": state["candidates"], **json.loads(meta)},
                ensure_ascii=False,
                separators=(",", ":"),
            )
        )


def test_keep_for_tab_offers_the_packed_form_when_the_plain_one_is_too_large():
    small = {"references": ["a b c"], "candidates": ["a b"]}
    store = FakeStorage()
    assert keep_for_tab(small, store.plain(small), store._keep) is None
    assert store.offered == [encode_tab_state(small)]
    big = {"references": ["the cat " * 500], "candidates": ["the dog " * 500]}
    store = FakeStorage()
    assert keep_for_tab(big, store.plain(big), store._keep) is None
    assert [f[:3] for f in store.offered] == [TAB_PREFIX, TAB_PACKED_PREFIX]
    assert decode_state(store.offered[-1], limit=None)["candidates"] == big["candidates"]
    import random

    rng = random.Random(8)
    noise = {
        "references": ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(5000))],
        "candidates": ["x"],
    }
    store = FakeStorage()
    assert keep_for_tab(noise, store.plain(noise), store._keep) == "full"  # refused both: the page says so
    assert len(store.offered) == 2


def test_keep_for_tab_stops_when_storage_is_denied():
    st = {"references": ["a"], "candidates": ["b"]}
    store = FakeStorage(denied=True)
    assert keep_for_tab(st, store.plain(st), store._keep) == "denied"
    assert len(store.offered) == 1  # no other form helps


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


def test_restore_plan_saves_what_was_typed_while_loading_and_reports_unreadable_state():
    plan = restore_plan("", None, True)
    assert plan["save"] and plan["state"] is None  # typed while Python loaded: kept for the tab at once
    plan = restore_plan("", encode_tab_state({"references": ["r"], "candidates": ["c"]}), False)
    assert plan["state"]["candidates"] == ["c"] and not plan["save"]
    plan = restore_plan("", "t1.{not json", False)
    assert plan["forget_saved"] and plan["saved_error"]  # said in the status line, never silently
    assert restore_plan("", None, False)["save"] is False
