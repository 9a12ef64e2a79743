"""bleu2.metrics.bleu.peers: the same text under every preset, each difference computed from the numbers.

Each row's numbers equal bleu2's own preset scoring (itself checked against the peers in
test_presets.py); a rule is named exactly when changing that rule alone changes the numbers,
which the cases below are built to show one rule at a time."""

from __future__ import annotations

import json

import pytest

import bleu2
from bleu2.metrics.bleu.peers import corpus_peer_table, describe, peer_report, peer_table
from shared_data import TED


def _lines(name):
    with open(TED / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


def rules(table, preset):
    row = next(r for r in table.rows if r.preset == preset)
    return [d.rule for d in row.differences]


def test_rows_are_the_presets_scores():
    cand, refs = "The cat sat on the mat.", ["the cat sat on a mat", "A cat sat on the mat ."]
    table = peer_table(cand, refs)
    assert [r.preset for r in table.rows] == list(bleu2.PRESETS)
    assert table.result.score == bleu2.sentence_bleu(cand, refs).score
    for row in table.rows:
        expected = bleu2.sentence_bleu(cand, refs, preset=row.preset)
        assert row.result.score == pytest.approx(expected.score, abs=1e-15)
        assert row.result.stats == expected.stats and row.result.signature == expected.signature
    json.dumps(table.to_dict())  # JSON-ready


def test_effective_order_named_only_where_it_changes_the_numbers():
    table = peer_table("Thank you .", "Thank you .", preset="sacrebleu")
    assert rules(table, "sacrebleu") == [] and rules(table, "sacrebleu-sentence") == ["effective_order"]
    d = next(r for r in table.rows if r.preset == "sacrebleu-sentence").differences[0]
    assert (d.ours, d.theirs, d.score) == ({"effective_order": False}, {"effective_order": True}, pytest.approx(1.0))
    assert describe(d) == "effective order: on (yours: off)"
    # a candidate with 4-grams: effective order changes nothing, nothing is named
    long = peer_table("the cat sat on the mat", "the cat sat on the mat", preset="sacrebleu")
    assert all(r.same for r in long.rows if r.preset.startswith("sacrebleu"))


def test_empty_references_named_when_an_empty_reference_decides_r():
    # "thank you" against ["", "thank you very much"]: sacreBLEU 1.0 (r = 0), bleu2's rule 0.3679 (r = 4)
    opts = {**bleu2.PRESETS["sacrebleu"], "max_order": 2, "empty_references": "ignore"}
    table = peer_table("thank you", ["", "thank you very much"], **opts)
    row = next(r for r in table.rows if r.preset == "sacrebleu")
    assert [d.rule for d in row.differences] == ["order", "empty_references"]
    assert round(table.result.score, 4) == 0.3679
    assert next(d for d in row.differences if d.rule == "empty_references").score == pytest.approx(1.0)
    # no empty reference: the rule is not named
    assert "empty_references" not in rules(
        peer_table("thank you", ["thank you", "thank you very much"], **opts), "sacrebleu"
    )


def test_reference_length_rules_named_from_the_lengths():
    cand, refs = "a b c d", ["a b c d e", "a b c"]
    opts = {**bleu2.PRESETS["hf-evaluate"], "max_order": 1, "ref_length": "closest"}
    table = peer_table(cand, refs, **opts)
    assert rules(table, "hf-evaluate") == ["order"]  # shortest = closest here (3)
    # 13a and whitespace tokens agree on this text: the tokenizer is not named
    assert rules(table, "torchmetrics") == ["order", "ref_length"]  # ties to the first: r = 5
    assert rules(peer_table(cand, ["a b c d", "a b c"], **opts), "hf-evaluate") == ["order", "ref_length"]


def test_rstrip_named_for_a_hyphen_at_a_segment_end():
    table = peer_table("the cat sat on the mat re-\n", "the cat sat on the mat re-", preset="hf-evaluate")
    assert rules(table, "sacrebleu") == ["rstrip"]
    assert f"{table.result.score * 100:.2f}" == "80.91"
    assert next(r for r in table.rows if r.preset == "sacrebleu").result.score == pytest.approx(1.0)
    assert (
        rules(peer_table("the cat sat on the mat", "the cat sat on the mat", preset="hf-evaluate"), "sacrebleu") == []
    )


def test_hf_zero_division_note():
    table = peer_table("a b", ["", "a b"])
    row = next(r for r in table.rows if r.preset == "hf-evaluate")
    assert row.result.ref_len == 0 and [n.key for n in row.notes] == ["peers.note.hf-zero-division"]
    others = [n.key for r in table.rows if r.preset != "hf-evaluate" for n in r.notes]
    assert "peers.note.hf-zero-division" not in others


def test_corpus_table_on_ted():
    hyps, refs = _lines("ted.sys1.detok.eng"), _lines("ted.ref.detok.eng")
    table = corpus_peer_table(hyps, refs)
    for row in table.rows:
        expected = bleu2.corpus_bleu(hyps, refs, preset=row.preset, sentence_scores=False)
        assert row.result.score == pytest.approx(expected.score, abs=1e-15), row.preset
        assert row.result.stats == expected.stats
        assert {"tokenizer", "lowercase", "order"} <= set(rules(table, row.preset))
    # every order has matches over the corpus: sacreBLEU's smoothing changes nothing, NLTK's frame does
    assert "smoothing" not in rules(table, "sacrebleu") and "smoothing" in rules(table, "nltk")
    text = peer_report(table, "sys1")
    assert text.startswith("presets (sys1; yours: BLEU-2 = 37.33):\npreset ")
    under = corpus_peer_table(hyps, refs, preset="sacrebleu")
    assert rules(under, "sacrebleu") == [] and rules(under, "torchmetrics") == ["tokenizer"]
    assert "= yours" in peer_report(under)
