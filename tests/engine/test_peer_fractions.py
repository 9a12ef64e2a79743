"""Every fraction the peers table shows gives the score it shows.

For every row, on TED and on small texts, the score is recomputed from the shown numbers
alone (p_n's matches and denominator, c, r) with the peer's own last steps: sacreBLEU's
``BLEU.compute_bleu``, NLTK's ``SmoothingFunction().method0`` and ``brevity_penalty`` on
``Fraction(m, d)`` as its ``corpus_bleu`` does, tensorflow/nmt's and torchmetrics' final
arithmetic (tests/peer_rules.py); and the score is the peer's own on the texts. NLTK's
shown denominators are its ``corpus_bleu``'s ``p_denominators`` (each sentence's
``modified_precision`` divides by at least 1). A row with the same fractions, c and r as an
earlier one and another score says why, in the CLI's text too."""

from __future__ import annotations

import re

import pytest
import sacrebleu
from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu
from nltk.translate.bleu_score import modified_precision
from sacrebleu.metrics.bleu import BLEU as SacreBLEU

from bleu2.metrics.bleu.peers import corpus_peer_table, describe, peer_report, peer_table
from peer_rules import hf_evaluate_bleu, score_from_shown, torchmetrics_bleu
from shared_data import TED


def _lines(name):
    with open(TED / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


def oracle(preset: str, hyps: list[str], refs: list[list[str]]) -> float:
    """The peer itself on the texts (``refs[i]``: the references of ``hyps[i]``)."""
    streams = [list(s) for s in zip(*refs)]
    if preset == "sacrebleu":
        return sacrebleu.corpus_bleu(hyps, streams).score / 100
    if preset == "sacrebleu-sentence":
        return SacreBLEU(effective_order=True).corpus_score(hyps, streams).score / 100
    if preset == "nltk":
        return nltk_corpus_bleu([[x.split() for x in rs] for rs in refs], [h.split() for h in hyps])
    if preset == "hf-evaluate":
        return hf_evaluate_bleu(hyps, refs)["bleu"]
    return torchmetrics_bleu(hyps, refs)


def nltk_denominators(hyps: list[str], refs: list[list[str]]) -> list[int]:
    """NLTK 3.10.4 ``corpus_bleu``'s ``p_denominators``: per order, the sum of each
    sentence's ``modified_precision(...).denominator``."""
    out = [0] * 4
    for h, rs in zip(hyps, refs):
        for n in range(1, 5):
            out[n - 1] += modified_precision([r.split() for r in rs], h.split(), n).denominator
    return out


SMALL = [
    (["The cat sat on the mat."], [["the cat sat on a mat", "A cat sat on the mat ."]]),
    (["Thank you ."], [["Thank you ."]]),
    (["the quick brown fox"], [["the quick brown dog jumps"]]),
    (["The quick brown fox jumps over the lazy dog near the river."], [["A fast brown fox leaps over a lazy dog."]]),
    (["Thank you .", "the cat sat on the mat", "hello there"], [["Thank you ."], ["the cat sat on a mat"], ["hi"]]),
]


def tables():
    for hyps, refs in SMALL:
        yield hyps, refs, corpus_peer_table(hyps, refs, preset="sacrebleu")
        yield hyps, refs, corpus_peer_table(hyps, refs)  # yours: the defaults
    hyps, ref = _lines("ted.sys1.detok.eng"), _lines("ted.ref.detok.eng")
    yield hyps, [[r] for r in ref], corpus_peer_table(hyps, ref)


@pytest.fixture(scope="module")
def all_tables():
    return list(tables())


def test_every_row_s_shown_fractions_give_its_shown_score_and_its_peer_s(all_tables):
    for hyps, refs, table in all_tables:
        for row in table.rows:
            shown = row.to_dict()
            fractions = [(p["matches"], p["divisor"]) for p in shown["precisions"]]
            again = score_from_shown(row.preset, fractions, shown["hyp_len"], shown["ref_len"])
            assert again == pytest.approx(shown["score"], rel=1e-9, abs=1e-12), (row.preset, hyps[:1])
            try:
                peer = oracle(row.preset, hyps, refs)
            except ZeroDivisionError:  # HF evaluate on r = 0: bleu2 notes it (test_peers.py)
                continue
            tolerance = 1e-6 if row.preset == "torchmetrics" else 1e-9
            assert shown["score"] == pytest.approx(peer, rel=tolerance, abs=1e-12), (row.preset, hyps[:1])


def test_the_cli_text_s_fractions_give_its_percentages(all_tables):
    for _, _, table in all_tables:
        text = peer_report(table, "t")
        for row in table.rows:
            (line,) = [x for x in text.splitlines() if x.startswith(row.preset + " ")]
            cells = line.split()
            fractions = [tuple(map(int, cell.split("/"))) for cell in cells[2:6]]
            c, r = int(cells[7]), int(cells[8])
            again = score_from_shown(row.preset, fractions, c, r)
            assert f"{100 * again:.2f}" == cells[1], (row.preset, line)


def test_nltk_s_shown_denominators_are_its_own_and_the_note_says_why():
    hyps, ref = _lines("ted.sys1.detok.eng"), _lines("ted.ref.detok.eng")
    table = corpus_peer_table(hyps, ref)
    rows = {r.preset: r for r in table.rows}
    nltk, torch = rows["nltk"], rows["torchmetrics"]
    expected = nltk_denominators(hyps, [[r] for r in ref])
    assert [d for _, d in nltk.fractions()] == expected
    # TED sys1: the same matches, totals, c and r as torchmetrics, another score
    assert nltk.result.stats == torch.result.stats
    assert (f"{100 * nltk.result.score:.2f}", f"{100 * torch.result.score:.2f}") == ("15.63", "15.65")
    assert [d for _, d in torch.fractions()] == [p.total for p in torch.result.precisions] != expected
    (note,) = [n for n in nltk.notes if n.key == "peers.note.nltk-divisors"]
    added = [e - p.total for e, p in zip(expected, nltk.result.precisions)]
    assert note.values == {"added": added} and added[0] == 0 and added[3] > 0
    text = peer_report(table, "sys1")
    said = f"  note: nltk: counts each sentence's n-gram total as at least 1 (p2 + {added[1]}, "
    assert said in text
    nltk_line = next(x for x in text.splitlines() if x.startswith("nltk "))
    assert f"1878/{expected[3]}" in nltk_line


def test_rows_with_the_same_fractions_and_another_score_say_which_rule():
    # sacreBLEU's BLEU() gives 0 here, sentence_bleu 100: the same fractions, c and r
    table = peer_table("Thank you .", "Thank you .")  # yours: the defaults (BLEU-2)
    rows = {r.preset: r for r in table.rows}
    assert sacrebleu.corpus_bleu(["Thank you ."], [["Thank you ."]]).score == 0.0
    assert rows["sacrebleu-sentence"].fractions() == rows["sacrebleu"].fractions() == [(3, 3), (2, 2), (1, 1), (0, 0)]
    (note,) = rows["sacrebleu-sentence"].notes
    assert note.key == "peers.note.same-counts" and note.values == {"preset": "sacrebleu"}
    assert [d.rule for d in note.differences] == ["effective_order"]
    assert describe(note) == (
        "the same fractions, c and r as sacrebleu, another score: effective order: on (sacrebleu: off)"
    )
    # hf-evaluate and torchmetrics score as sacrebleu does (0): nothing to explain
    assert not rows["hf-evaluate"].notes and not rows["torchmetrics"].notes
    # NLTK divides the empty 4-gram total by 1: other fractions, and the note says why
    assert rows["nltk"].fractions()[3] == (0, 1)
    assert [n.key for n in rows["nltk"].notes] == ["peers.note.nltk-divisors"]
    assert "note: sacrebleu-sentence: the same fractions, c and r as sacrebleu" in peer_report(table, "x")
    # yours are sacreBLEU's: the row's differences from yours already say it, no note repeats them
    under = {r.preset: r for r in peer_table("Thank you .", "Thank you .", preset="sacrebleu").rows}
    assert [d.rule for d in under["sacrebleu-sentence"].differences] == ["effective_order"]
    assert not under["sacrebleu-sentence"].notes


def test_smoothing_is_named_where_it_alone_separates_equal_fractions():
    # no 4-gram matches: sacreBLEU's exp smoothing scores it, NLTK's method0 gives ~1e-77
    table = peer_table("the quick brown fox", "the quick brown dog jumps")
    rows = {r.preset: r for r in table.rows}
    assert rows["nltk"].fractions() == rows["sacrebleu"].fractions()
    (note,) = rows["nltk"].notes
    assert note.values == {"preset": "sacrebleu"} and [d.rule for d in note.differences] == ["smoothing"]
    assert describe(note).endswith("smoothing: method0 (sacrebleu: exp)")


def test_every_pair_of_equal_fractions_with_other_scores_is_explained(all_tables):
    for hyps, _, table in all_tables:
        for i, row in enumerate(table.rows):
            shown = (row.fractions(), row.result.hyp_len, row.result.ref_len)
            alike = [o for o in table.rows[:i] if (o.fractions(), o.result.hyp_len, o.result.ref_len) == shown]
            if alike and all(abs(o.result.score - row.result.score) > 1e-12 for o in alike):
                if any(o.same for o in alike):  # that row has your numbers: the differences say why
                    assert row.differences, (row.preset, hyps[:1])
                else:
                    assert any(n.key == "peers.note.same-counts" for n in row.notes), (row.preset, hyps[:1])
            if row.fractions() != [(p.matches, p.total) for p in row.result.precisions]:
                assert any(n.key == "peers.note.nltk-divisors" for n in row.notes), (row.preset, hyps[:1])
                assert re.search(r"n-gram total as at least 1", describe(next(n for n in row.notes)))
