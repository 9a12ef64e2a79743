"""Results a person can read: ``str(result)`` is sacreBLEU's one line (checked against
sacreBLEU's own ``str``), ``_repr_html_`` the breakdown table, and a scorer printed before
scoring shows the signature it knows (no ``nrefs:?``)."""

from __future__ import annotations

import html
import re

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU as SacreBLEU

import bleu2
from shared_data import TED


def lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1]


README_HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
README_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]


def test_a_printed_corpus_result_is_sacrebleus_line():
    oracle = sacrebleu.corpus_bleu(README_HYPS, README_REFS)
    got = bleu2.BLEU(preset="sacrebleu").corpus_score(README_HYPS, README_REFS)
    assert str(got) == str(oracle)  # "BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 ...)"
    assert str(got.corpus) == str(oracle)
    assert got.format(width=4) == oracle.format(width=4)


def test_a_printed_result_on_the_shared_data_is_sacrebleus_line():
    hyps, refs = lines("ted.sys1.detok.eng"), lines("ted.ref.detok.eng")
    oracle = SacreBLEU().corpus_score(hyps, [refs])
    got = bleu2.corpus_bleu(hyps, refs, preset="sacrebleu")
    assert str(got) == str(oracle)
    assert str(got).startswith("BLEU = 21.71 59.3/29.9/16.9/9.8 (BP = 0.933")


def test_a_printed_sentence_result_is_sacrebleus_line():
    for hyp, refs in [("a dog", ["a dog barks"]), ("the cat sat on the mat", ["the cat is on the mat"])]:
        oracle = sacrebleu.sentence_bleu(hyp, refs)
        assert str(bleu2.sentence_bleu(hyp, refs, preset="sacrebleu-sentence")) == str(oracle)


def test_the_signature_line_puts_the_signature_before_the_score():
    got = bleu2.corpus_bleu(README_HYPS, bleu2.references_from_streams(README_REFS), preset="sacrebleu")
    line = got.format(signature=True)
    assert line.startswith(f"BLEU|{got.signature} = 48.53 ")


def test_a_scorer_printed_before_scoring_shows_what_it_knows():
    scorer = bleu2.BLEU(preset="sacrebleu")
    text = str(scorer)
    assert "nrefs" not in text and "?" not in text
    # sacreBLEU's own fields, in its order, and bleu2's
    assert text.startswith("BLEU(case:mixed|eff:no|tok:13a|smooth:exp|order:4|")
    assert "|preset:sacrebleu|" in text and text.endswith(f"version:bleu2-{bleu2.__version__})")
    assert scorer.signature() == text[len("BLEU(") : -1]
    after = scorer.corpus_score(README_HYPS, README_REFS)
    assert after.signature == f"nrefs:2|{scorer.signature()}"
    with pytest.raises(ValueError, match="Number of references unknown"):
        SacreBLEU().get_signature()  # sacreBLEU cannot say it before scoring


def test_a_notebook_shows_the_breakdown_table():
    oracle = sacrebleu.corpus_bleu(README_HYPS, README_REFS)
    got = bleu2.BLEU(preset="sacrebleu").corpus_score(README_HYPS, README_REFS)
    page = got._repr_html_()
    assert page.startswith("<table") and "</table>" in page
    assert f"BLEU = {oracle.score:.2f}" in page
    cells = re.findall(r"<td>(\d+) / (\d+)</td>", page)
    assert [(int(m), int(t)) for m, t in cells] == list(zip(oracle.counts, oracle.totals))
    assert f"c = {oracle.sys_len}, r = {oracle.ref_len}" in page
    assert f"{oracle.bp:.4f}" in page
    assert html.escape(got.signature) in page
    assert bleu2.sentence_bleu("a b", "a b c")._repr_html_().startswith("<table")


def test_zero_reference_length_prints_ratio_zero_as_sacrebleu_does():
    oracle = sacrebleu.corpus_bleu(["a b"], [[""]])
    assert str(bleu2.corpus_bleu(["a b"], [""], preset="sacrebleu")) == str(oracle)
