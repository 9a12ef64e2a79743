"""Share links (bleu2.page.share): page state <-> URL fragment."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu2.page.options_form import DEFAULT_OPTIONS
from bleu2.page.share import MAX_CHARS, decode_state, encode_state, share_fragment
from page_states import STATE


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


def decoded_or_refused(fragment: str) -> None:
    """``fragment`` is refused with a ValueError saying why (and nothing else), or is a state
    the page can show, which a link made from it gives back unchanged."""
    try:
        state = decode_state(fragment)
    except ValueError as error:
        reason = str(error)
        assert reason, "refused without a reason"
        return
    for kind in ("references", "candidates"):
        assert isinstance(state[kind], list) and all(isinstance(text, str) for text in state[kind])
    assert decode_state(encode_state(state)) == state


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_is_refused_with_a_message_or_a_valid_state(s):
    decoded_or_refused(s)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_in_a_valid_envelope_are_refused_with_a_message_or_a_valid_state(b):
    decoded_or_refused("v1." + base64.urlsafe_b64encode(b).rstrip(b"=").decode())


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


def test_tab_state_has_no_length_limit():
    big = {"references": ["word " * 1_000_000], "candidates": ["word " * 1_000_000]}
    packed = encode_state(big)
    with pytest.raises(ValueError):
        decode_state(packed)  # as a share link: too large once unpacked
    assert decode_state(packed, limit=None)["references"] == big["references"]
