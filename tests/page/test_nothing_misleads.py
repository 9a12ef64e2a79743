"""What the sentence view shows never misleads, through the fake page: an empty candidate
shows no precision (add-1's (0+1)/(0+1) = 1 would), and says it has no words to match,
BLEU 0 through BP (sacreBLEU 2.6.0: 0.0, BP 0)."""

from __future__ import annotations

from sacrebleu.metrics import BLEU

from fake_port import Tab, open_page, set_control

REF = "the cat is on the mat"


def test_an_empty_candidate_says_there_is_nothing_to_match_and_shows_no_precision():
    port, _ = open_page(Tab(), boxes={"references": [REF], "candidates": [""]})
    peer = BLEU(max_ngram_order=2).sentence_score("", [REF])
    assert (peer.score, peer.bp, peer.sys_len) == (0.0, 0.0, 0)
    assert port.text("score") == "0.0000" and port.text("bp-value") == "0.0000"
    assert port.text("summary-terms") == "no words in the candidate: nothing to match · BP 0.0000"
    assert port.text("p1-value") == port.text("p2-value") == "–"
    assert port.text("p1-note") == "no words in the candidate: nothing to match"
    assert "BP = 0.0000" in port.text("score-formula") and "no words" in port.text("score-formula")
    assert port.last("ranking")["rows"][0]["cells"][3:5] == ["–", "–"]
    shown = [port.text(k) for k in ("summary-terms", "p1-value", "p2-value")] + port.last("ranking")["rows"][0]["cells"]
    assert not any("1.0000" in text for text in shown)


def test_arabic_and_hebrew_token_chips_run_right_to_left_beside_english_ones():
    arabic, hebrew = "القط على الحصيرة", "החתול על השטיח"
    port, _ = open_page(Tab(), boxes={"references": [arabic], "candidates": [hebrew]})
    assert port.elements["reference-tokens"]["attrs"]["dir"] == "rtl"
    assert port.elements["candidate-tokens"]["attrs"]["dir"] == "rtl"
    assert port.elements["candidate-tokens"]["chips"]["items"] == hebrew.split()
    port, _ = open_page(Tab(), boxes={"references": ["« " + arabic], "candidates": ["1. the cat " + hebrew]})
    assert port.elements["reference-tokens"]["attrs"]["dir"] == "rtl"  # the first strong character decides
    assert port.elements["candidate-tokens"]["attrs"]["dir"] == "ltr"


def test_characters_the_tokenizer_drops_are_counted_in_a_note_after_the_tokens():
    ref, cand = "the cat is on the mat.", "the cat 🐈 sat on the mat 🐈 ★"
    port, page = open_page(Tab(), boxes={"references": [ref], "candidates": [cand]})
    assert port.text("candidate-token-count") == "6 tokens"  # the default tokenizer: words only
    assert port.text("candidate-tokens-more") == "3 characters left out by the tokenizer: \u2068🐈 ★\u2069"
    assert port.prop("candidate-tokens-more", "hidden") is False
    assert port.prop("reference-tokens-more", "hidden") is True  # punctuation alone is not counted
    set_control(port, page, "opt-tokenizer", "13a")  # 13a keeps them as tokens
    assert port.prop("candidate-tokens-more", "hidden") is True
    set_control(port, page, "opt-tokenizer", "default")
    set_control(port, page, "lang-select", "es", "on_language")
    assert port.text("candidate-tokens-more") == "3 caracteres que el tokenizador omite: \u2068🐈 ★\u2069"
