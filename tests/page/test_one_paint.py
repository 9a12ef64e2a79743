"""One update, one paint: what one keystroke changes reaches the page in that keystroke's
batch (bleu2.page.sentence.controller.SentencePage.show), never a stale view beside new
numbers; only the spoken score, saving and a long text's peers table wait for a pause, and
that table says it is updating meanwhile.

Golden values: a candidate equal to its reference scores 1 under every tool's rules
(sacreBLEU, NLTK, torchmetrics...); "the cat sat on the mat" / "the cat is on the mat" is
0.7071 in BLEU-2 (tests/golden_values.py).
"""

from __future__ import annotations

from bleu2.page.sentence.controller import DEFERRED_MS
from bleu2.page.sentence.peers_view import PEER_NOW_CHARACTERS
from fake_port import open_page, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"


def recorded(port):
    """Every element update written from now on, in order."""
    writes: list[dict] = []
    real = port.write

    def write(updates):
        writes.append(updates)
        real(updates)

    port.write = write
    return writes


def test_one_keystroke_paints_every_view_of_the_new_text_at_once():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    port.advance(1000)  # settled: 0.7071 everywhere
    assert "BLEU-2 0.7071" in port.painted[("svg", "chart")]["elements"][1]["text"]
    type_in(port, page, "candidate", REF)  # one keystroke; no timer has run
    assert port.text("score") == "1.0000" and port.text("summary-score") == "1.0000"
    assert "BLEU-2 1.0000" in port.painted[("svg", "chart")]["elements"][1]["text"]
    [unigrams, bigrams] = port.painted[("highlight", "hl-candidate")][0]["orders"]
    assert {cls for _, cls in unigrams["items"]} == {"tok hl-matched"}
    assert {cls for _, cls in bigrams["items"]} == {"tok hl-matched gram"}
    assert any("p1 = 6/6, p2 = 5/5" in step for step in port.painted[("help", "")]["steps"])
    for preset in ("sacrebleu", "sacrebleu-sentence", "nltk", "hf-evaluate", "torchmetrics"):
        assert port.text(f"peer-{preset}-score") == "1.0000"
    assert port.elements["peers-table"]["attrs"]["aria-busy"] is None


def test_the_pause_after_a_short_edit_repaints_no_view():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    painted, writes = len(port.paint_log), recorded(port)
    port.advance(DEFERRED_MS)
    assert page.timer is None and port.paint_log[painted:] == []
    written = {element_id for updates in writes for element_id in updates}
    assert written <= {"score-announce", "peers-table", "peers-caption"}
    assert port.text("score-announce") and "0.7071" in port.text("score-announce")


def test_a_long_texts_peers_table_says_updating_with_the_new_numbers_and_follows_after_a_pause():
    port, page = open_page()
    long = " ".join([REF] * (PEER_NOW_CHARACTERS // len(REF)))
    assert 2 * len(long) > PEER_NOW_CHARACTERS
    type_in(port, page, "reference", long)
    type_in(port, page, "candidate", long + " and a dog")
    port.advance(1000)
    before = port.text("peer-sacrebleu-score")
    assert before not in (None, "", "1.0000") and port.elements["peers-table"]["attrs"]["aria-busy"] is None
    type_in(port, page, "candidate", long)
    assert port.text("score") == "1.0000"  # the numbers at once
    assert port.elements["peers-table"]["attrs"]["aria-busy"] == "true"  # the table: updating, not stale
    assert port.elements["peers-table"]["classes"]["updating"] is True
    assert port.elements["peers-caption"]["attrs"]["data-updating"] == "scoring…"
    port.advance(DEFERRED_MS)
    assert port.text("peer-sacrebleu-score") == "1.0000" and port.text("peer-nltk-score") == "1.0000"
    assert port.elements["peers-table"]["attrs"]["aria-busy"] is None
    assert port.elements["peers-table"]["classes"]["updating"] is False
    assert port.elements["peers-caption"]["attrs"]["data-updating"] is None
