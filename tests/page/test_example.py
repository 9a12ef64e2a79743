"""A first visit opens on the seed's example, scored and marked as an example
(bleu2.page.sentence.example), through the fake page: shown only where nothing else is (a
share link, the tab's texts, typed text, an embed), never kept for the tab until a box is
edited, emptied by its one Clear button. Golden numbers: sacreBLEU 2.6.0's BLEU-2."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU

from bleu2.page.sentence.controller import DEFERRED_MS
from bleu2.page.share import encode_state
from bleu2.page.tab_storage import STORAGE_KEY, decode_tab_state
from fake_port import Tab, event, open_page, type_in
from page_states import tab_form

REF, CAND = "the cat is on the mat", "the cat sat on the mat"


def first_visit(**extra):
    return open_page(Tab(**extra), example=True)


def test_a_first_visit_shows_the_example_pair_scored_as_sacrebleu_scores_it():
    port, _ = first_visit()
    peer = BLEU(max_ngram_order=2).sentence_score(CAND, [REF])
    assert port.values == {"reference": [REF], "candidate": [CAND]}
    assert port.text("score") == f"{peer.score / 100:.4f}" == "0.7071"
    assert (peer.counts, peer.totals, peer.bp) == ([5, 3], [6, 5], 1.0)
    assert port.text("p1-fraction") == "5/6" and port.text("p2-fraction") == "3/5"
    assert port.prop("example-line", "hidden") is False
    assert port.text("example-note").startswith("An example, scored")


def test_the_example_is_never_kept_for_the_tab_until_a_box_is_edited():
    port, page = first_visit()
    port.advance(DEFERRED_MS * 10)
    page.on_hide(event("pagehide", "window"))
    assert STORAGE_KEY not in port.tab.items
    type_in(port, page, "candidate", CAND + "!")  # typed over: the texts are the person's
    assert port.prop("example-line", "hidden") is True
    kept = decode_tab_state(port.tab.items[STORAGE_KEY])
    assert (kept["references"], kept["candidates"]) == ([REF], [CAND + "!"])


def test_its_clear_button_empties_both_boxes_and_keeps_them_empty_for_the_tab():
    port, page = first_visit()
    page.on_clear_example(event("click", "clear-example", "clear-example"))
    assert port.values == {"reference": [""], "candidate": [""]}
    assert port.prop("example-line", "hidden") is True and port.text("score") == "–"
    assert port.focused[-1] == "#reference"
    kept = decode_tab_state(port.tab.items[STORAGE_KEY])
    assert (kept["references"], kept["candidates"]) == ([""], [""])
    port2, _ = open_page(Tab(items=dict(port.tab.items)), example=True)  # a reload: still empty
    assert port2.values == {"reference": [""], "candidate": [""]}


@pytest.mark.parametrize(
    "how",
    ["tab", "typed", "link", "embed", "not offered"],
)
def test_the_example_never_takes_the_place_of_other_texts(how):
    if how == "tab":
        tab = Tab(items={STORAGE_KEY: tab_form({"references": ["kept"], "candidates": ["mine"]})})
        port, _ = open_page(tab, example=True)
        assert port.values == {"reference": ["kept"], "candidate": ["mine"]}
    elif how == "typed":
        port, _ = open_page(Tab(), boxes={"references": [""], "candidates": ["typed early"]}, example=True)
        assert port.values == {"reference": [""], "candidate": ["typed early"]}
    elif how == "link":
        link = "#" + encode_state({"references": ["a"], "candidates": ["b"], "options": {}, "lang": "en"})
        port, _ = open_page(Tab(hash=link), example=True)
        assert port.values == {"reference": ["a"], "candidate": ["b"]}
    elif how == "embed":
        port, _ = open_page(Tab(), example=True, embed=True)
        assert port.values == {"reference": [""], "candidate": [""]}
    else:
        port, _ = open_page(Tab())
        assert port.values == {"reference": [""], "candidate": [""]}
    assert port.prop("example-line", "hidden") in (None, True)
