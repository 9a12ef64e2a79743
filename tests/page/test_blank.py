"""The empty page (bleu2.page.sentence.blank) through the fake page (tests/fake_port.py): while every
box is blank no number is shown, only what to do; the first text brings the numbers back."""

from __future__ import annotations

import re

from bleu2.page.sentence.blank import is_blank
from bleu2.page.sentence.controller import DEFERRED_MS
from fake_port import open_page, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
NUMBERS = ("score", "summary-score", "summary-terms", "p1-fraction", "p1-value", "p2-value", "ref-len", "hyp-len")


def shown(port) -> dict[str, str | None]:
    return {element_id: port.text(element_id) for element_id in (*NUMBERS, "bp-value", "bp-branch", "score-formula")}


def test_an_empty_page_shows_no_number_only_what_to_do():
    port, _ = open_page()
    port.advance(DEFERRED_MS)
    texts = shown(port)
    assert texts["score"] == texts["summary-score"] == texts["p1-value"] == texts["bp-value"] == "–"
    assert texts["summary-terms"] == "Type or paste a reference and a candidate to see the score."
    assert not any(re.search(r"\d", text or "") for name, text in texts.items() if name != "summary-terms")
    assert port.painted[("items", "hints")] == [
        ["hint hint-both-empty", "Both texts are empty: type or paste a reference and a candidate.", None]
    ]
    assert all(port.prop(element_id, "hidden") for element_id in ("ranking-section", "chart", "json-section"))
    assert port.text("result-json") == "" and port.text("score-announce") == ""
    assert port.elements["reference"]["attrs"]["placeholder"] == "Type or paste the reference translation here"


def test_whitespace_is_still_an_empty_page_and_the_first_word_brings_the_numbers():
    port, page = open_page(languages=["es"])
    type_in(port, page, "candidate", "  \n ")
    assert port.text("score") == "–" and port.prop("ranking-section", "hidden") is True
    assert port.text("summary-terms") == "Escriba o pegue una referencia y una candidata para ver la puntuación."
    type_in(port, page, "reference", REF)  # a reference alone: scored (0, the candidate is empty, said)
    assert port.text("score") == "0,0000" and port.prop("ranking-section", "hidden") is False
    type_in(port, page, "candidate", CAND)
    port.advance(DEFERRED_MS)
    assert port.text("score") == "0,7071" and port.text("summary-terms") == "p1 0,8333 · p2 0,6000 · BP 1,0000"
    assert not any(port.prop(element_id, "hidden") for element_id in ("ranking-section", "chart", "json-section"))
    assert port.elements["candidate"]["attrs"]["placeholder"].startswith("Escriba o pegue la traducción")


def test_a_page_is_blank_while_every_box_holds_only_whitespace():
    assert is_blank({"references": [" ", ""], "candidates": ["\n"]})
    assert not is_blank({"references": ["a"], "candidates": [""]})
