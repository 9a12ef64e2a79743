"""NIST under mteval-v13a.pl's rules (bleu2's default) against the script's own output.

The golden numbers were printed by moses-smt/mosesdecoder's
``scripts/generic/mteval-v13a.pl`` (Perl 5.36, XML::Twig installed), run as

    perl mteval-v13a.pl -n [-c] -r ref.sgm -s src.sgm -t tst.sgm

on SGML files made from the plain files: each line one ``<seg id="i">`` (from 1, ``&``,
``<``, ``>`` escaped) in one ``<doc docid="d1">``; the test set's lines as the source;
one ``<doc sysid="refK">`` per reference in ``ref.sgm``. The script prints four decimals
(its per-segment sums run in Perl's hash order, so its last bits vary from run to run);
bleu2 is compared at those decimals: the "NIST score" line (cumulative at 5-grams) and the
cumulative row of 1- to 9-grams (``n=9``).

mteval's rules differ from NLTK's with several references: hypothesis n-grams clipped by
their largest count in any reference (NLTK: per order the reference with the best
precision) and the penalty from the average reference length (NLTK: the chosen
references'). NLTK's docstring example: mteval ``-c`` 5.0379, NLTK 3.3710.
"""

from __future__ import annotations

import pytest
from nltk.translate import nist_score as nltk_peer

from bleu2.metrics.nist.api import corpus_nist, mteval_tokens, sentence_nist
from shared_data import MULTITED_JA, TED


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


REF, SYS1, SYS2 = lines(TED / "ted.ref.detok.eng"), lines(TED / "ted.sys1.detok.eng"), lines(TED / "ted.sys2.detok.eng")

H1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
REFS = [
    "It is a guide to action that ensures that the military will forever heed Party commands",
    "It is the guiding principle which guarantees the military forces always being under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
]


def four(x: float) -> str:
    return f"{x:.4f}"


def cumulative(result) -> list[str]:
    total, out = 0.0, []
    for gain in result.gains:
        total += gain
        out.append(four(total * result.penalty))
    return out


def test_ted_one_reference_equals_mteval():
    result = corpus_nist(SYS1, REF, n=9)
    assert cumulative(result) == "4.8735 6.1561 6.4277 6.4928 6.5097 6.5149 6.5172 6.5177 6.5180".split()


def test_ted_two_references_equal_mteval():
    result = corpus_nist(SYS1, [[r, s] for r, s in zip(REF, SYS2)], n=9)
    assert cumulative(result) == "6.1637 8.2340 8.7828 8.9263 8.9679 8.9826 8.9898 8.9928 8.9943".split()


def test_japanese_equals_mteval():
    result = corpus_nist(lines(MULTITED_JA / "multited.sys1.jpn"), lines(MULTITED_JA / "multited.ref.jpn"))
    assert cumulative(result)[:5] == "2.0182 2.2689 2.3104 2.3184 2.3194".split()


def test_edge_cases_equal_mteval():
    """An empty segment, non-ASCII capitals (the script lower-cases ASCII only), a bigram
    after the token ``0`` (Perl's truth test makes its information count over all the
    words: 3.6715; with the prefix's count it would be 3.4378), CJK, SGML entities."""
    hyps = ["", "Größe ÄPFEL 0 x 0 x", "one", "東京 は 大きい 。", "the cat&dog <sat>"]
    refs = [
        ["a b", "a"],
        ["größe Äpfel 0 x", "0 y 0 x"],
        ["one", "two"],
        ["東京 は 大きい", "大阪 は 大きい ."],
        ["The cat & dog sat", "a cat sat."],
    ]
    result = corpus_nist(hyps, refs, n=9)
    assert cumulative(result)[:2] == ["3.3245", "3.6715"] and four(result.score) == "3.6715"
    assert four(corpus_nist(hyps, refs, lowercase=False).score) == "2.8619"  # -c


def test_greek_cyrillic_arabic_emoji_with_two_references_equal_mteval():
    """Two references a segment; the script splits ASCII punctuation only (not the Arabic
    comma) and lower-cases ASCII only: ``-c`` gives the same 4.5367 here."""
    hyps = ["Καλημέρα κόσμε , φίλε μου", "Привет , мир ! Как дела ?", "مرحبا بالعالم ، صديقي", "ok 😀 👍🏽 ok", "one"]
    hyps.append("ΑΒΓ Δέλτα")
    refs = [
        ["καλημέρα κόσμε φίλε", "Καλημέρα φίλε μου"],
        ["привет мир , как дела ?", "Привет ! Как ты ?"],
        ["مرحبا بالعالم", "مرحبا صديقي ، بالعالم"],
        ["ok 😀 ok", "😀 👍🏽"],
        ["one", "two"],
        ["αβγ δέλτα", "ΑΒΓ"],
    ]
    result = corpus_nist(hyps, refs, n=9)
    assert cumulative(result) == "4.3014 4.5367 4.5367 4.5367 4.5367 4.5367 4.5367 4.5367 4.5367".split()
    assert four(corpus_nist(hyps, refs, lowercase=False).score) == "4.5367"  # -c


def test_several_references_differ_from_nltk_as_documented():
    assert four(sentence_nist(H1, REFS, lowercase=False).score) == "5.0379"  # mteval -c
    assert four(sentence_nist(H1, REFS).score) == "4.8285"  # mteval
    nltk_value = nltk_peer.sentence_nist([r.split() for r in REFS], H1.split())
    assert sentence_nist(H1, REFS, preset="nltk").score == nltk_value == 3.3709935957649324


def test_mteval_tokenizer():
    assert mteval_tokens("It's 3.5-4, A&amp;B  Ä\u00a0x") == ["it's", "3.5", "-", "4", ",", "a", "&", "b", "Ä", "x"]
    assert mteval_tokens("Ab", lowercase=False) == ["Ab"]
    assert mteval_tokens("a-\nb\x1cc") == ["a-", "b\x1cc"]  # Perl's \s: not \x1c; the file's newline is a space


def test_mteval_refusals_name_the_function():
    with pytest.raises(ValueError, match=r"corpus_nist: mteval-v13a\.pl needs the same number of references"):
        corpus_nist(["a", "b"], [["a"], ["b", "c"]])
    with pytest.raises(ZeroDivisionError, match="corpus_nist: the references have no words"):
        corpus_nist(["a"], [""])
    with pytest.raises(ValueError, match="sentence_nist: rules must be one of nltk, mteval"):
        sentence_nist("a", "a", rules="perl")


def test_breakdown_explains_the_sentence_score():
    from bleu2.metrics.nist.breakdown import nist_breakdown

    hyp, refs = mteval_tokens(H1), [mteval_tokens(r) for r in REFS]
    explained = nist_breakdown(hyp, refs)
    assert [(o.n, o.ngrams, o.matched) for o in explained.orders] == [
        (1, 18, 17),
        (2, 17, 10),
        (3, 16, 7),
        (4, 15, 4),
        (5, 14, 2),
    ]  # mteval-v13a.pl -d 3's "info for each of K n-grams" lines, summed per order
    assert [round(o.info / o.ngrams, 12) for o in explained.orders] == [round(o.gain, 12) for o in explained.orders]
    assert four(explained.score) == "4.8285"


def test_result_prints_and_shows_in_a_notebook():
    result = sentence_nist(H1, REFS)
    shown = result._repr_html_()
    assert "<caption>NIST = 4.8285 (1 sentences)</caption>" in shown and "length penalty" in shown
    assert result.to_dict()["rules"] == "mteval" and result.to_dict()["penalty"] == 1.0
    assert str(result).startswith("NIST|nrefs:3|n:5|rules:mteval|tok:mteval-v13a|case:lc|version:bleu2-")
