"""Embeds (bleu2.page.embed): what the compact calculator shows beyond one score (through
the fake page)."""

from __future__ import annotations

from bleu2.page import embed
from bleu2.page.controller import DEFERRED_MS
from bleu2.page.share import encode_state
from fake_port import Tab, open_page, type_in


def shown(port) -> dict[str, bool]:
    return {name: port.elements[name]["classes"]["embed-shown"] for name in ("ranking-section", "breakdown-signature")}


def test_an_embed_with_one_candidate_and_the_defaults_shows_one_score():
    port, page = open_page(embed=True)
    type_in(port, page, "reference", "the cat sat on the mat")
    type_in(port, page, "candidate", "the cat is on the mat")
    port.advance(DEFERRED_MS)
    assert shown(port) == {"ranking-section": False, "breakdown-signature": False}


def test_an_embed_with_several_candidates_or_other_options_shows_each_score_and_the_signature():
    linked = {
        "references": ["the cat sat on the mat"],
        "candidates": ["the cat is on the mat", "a cat sat on a mat"],
        "options": {},
    }
    port, _ = open_page(Tab(hash="#" + encode_state(linked)), embed=True)
    port.advance(DEFERRED_MS)
    assert shown(port) == {"ranking-section": True, "breakdown-signature": False}
    linked = dict(linked, candidates=["the cat is on the mat"], options={"max_order": 4})
    port, _ = open_page(Tab(hash="#" + encode_state(linked)), embed=True)
    port.advance(DEFERRED_MS)
    assert shown(port) == {"ranking-section": False, "breakdown-signature": True}
    assert port.text("score-label") == "BLEU-4"


def test_the_layout_follows_the_options_in_use():
    state = {"references": ["a"], "candidates": ["a", "b", "c"], "options": {"tokenizer": "13a"}}
    assert embed.layout_updates(state) == {
        "ranking-section": {"classes": {"embed-shown": True}},
        "breakdown-signature": {"classes": {"embed-shown": True}},
    }
    same_as_defaults = {"references": ["a"], "candidates": ["a"], "options": {"max_order": 2, "smoothing": "add-1"}}
    assert embed.layout_updates(same_as_defaults)["breakdown-signature"] == {"classes": {"embed-shown": False}}
