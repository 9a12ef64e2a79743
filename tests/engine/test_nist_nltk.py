"""NIST under NLTK 3.10.4's rules against ``nltk.translate.nist_score`` itself:
``bleu2.compat.nltk.nist_score`` and bleu2's NIST with ``rules="nltk"`` give NLTK's float,
bit for bit, on the TED and Japanese files (one and two references, several orders), on
NLTK's docstring examples and on edge cases; where NLTK divides by zero, so does bleu2
(a ``ZeroDivisionError`` that is a ``ValueError`` too, with a message)."""

from __future__ import annotations

import pytest
from nltk.translate import nist_score as peer

from bleu2.compat.nltk import nist_score
from bleu2.metrics.nist.api import corpus_nist, sentence_nist
from shared_data import MULTITED_JA, TED


def tokens(path, lines: int = 600) -> list[list[str]]:
    return [line.split() for line in path.read_text(encoding="utf-8").split("\n")[:lines]]


REF, SYS1, SYS2 = tokens(TED / "ted.ref.eng"), tokens(TED / "ted.sys1.eng"), tokens(TED / "ted.sys2.eng")
ONE_REF = [[r] for r in REF]
TWO_REFS = [[r, s] for r, s in zip(REF, SYS2)]

# NLTK's docstring examples
R1 = "It is a guide to action that ensures that the military will forever heed Party commands".split()
R2 = "It is the guiding principle which guarantees the military forces always being under the command of the Party"
R2 = R2.split()
R3 = "It is the practical guide for the army always to heed the directions of the party".split()
H1 = "It is a guide to action which ensures that the military always obeys the commands of the party".split()
H2 = "It is to insure the troops forever hearing the activity guidebook that party direct".split()


@pytest.mark.parametrize("n", [1, 2, 7])
def test_corpus_nist_equals_nltk_on_ted_for_other_orders(n):
    for refs in (ONE_REF[:300], TWO_REFS[:300]):
        assert nist_score.corpus_nist(refs, SYS1[:300], n) == peer.corpus_nist(refs, SYS1[:300], n)


def test_corpus_nist_values_on_ted_and_japanese():
    assert nist_score.corpus_nist(ONE_REF, SYS1) == peer.corpus_nist(ONE_REF, SYS1)
    assert nist_score.corpus_nist(TWO_REFS, SYS1) == peer.corpus_nist(TWO_REFS, SYS1) == 7.372663564809394
    ja_refs = [[r] for r in tokens(MULTITED_JA / "multited.ref.jpn", 800)]
    ja_sys = tokens(MULTITED_JA / "multited.sys1.jpn", 800)
    assert nist_score.corpus_nist(ja_refs, ja_sys) == peer.corpus_nist(ja_refs, ja_sys)


def test_sentence_nist_equals_nltk_line_by_line():
    for refs, hyp in zip(TWO_REFS[:200], SYS1):
        for n in (1, 3):
            if len(hyp) >= n and any(refs):
                assert nist_score.sentence_nist(refs, hyp, n) == peer.sentence_nist(refs, hyp, n)


def test_nltk_docstring_examples():
    assert nist_score.sentence_nist([R1, R2, R3], H1) == peer.sentence_nist([R1, R2, R3], H1) == 3.3709935957649324
    assert nist_score.sentence_nist([R1, R2, R3], H2) == peer.sentence_nist([R1, R2, R3], H2)
    assert round(nist_score.sentence_nist([R1, R2, R3], H2), 4) == 1.4619


EDGE_CASES = [
    ([["a"]], ["a"], 1),  # one token
    ([["a", "b"], ["a"]], ["a"], 1),  # ties: the longer reference wins NLTK's max
    ([["Größe", "東京", "😀"], ["😀"]], ["größe", "東京", "😀", "😀"], 2),  # non-ASCII
    ([["the"] * 7, ["the", "cat"]], ["the"] * 3, 2),  # clipping
    ([["x", "y", "z"]], ["a", "b", "c"], 3),  # no match
    ([[], ["a", "b"]], ["a", "b"], 2),  # an empty reference
    ([["Καλημέρα", "κόσμε"], ["Привет", "мир"]], ["Καλημέρα", "мир", "κόσμε"], 2),  # Greek, Cyrillic
    ([["مرحبا", "بالعالم", "،"], ["😀", "👍🏽"]], ["مرحبا", "،", "😀", "👍🏽"], 2),  # Arabic, emoji
]


@pytest.mark.parametrize(("refs", "hyp", "n"), EDGE_CASES)
def test_edge_cases_equal_nltk(refs, hyp, n):
    assert nist_score.sentence_nist(refs, hyp, n) == peer.sentence_nist(refs, hyp, n)


@pytest.mark.parametrize(
    ("refs", "hyp", "n"),
    [([["a", "b"]], ["a"], 2), ([["a"]], [], 1), ([[]], ["a"], 1), ([[]], [], 1), ([["a", "b", "c"]], ["a", "b"], 5)],
)
def test_where_nltk_divides_by_zero_bleu2_does_too(refs, hyp, n):
    with pytest.raises(ZeroDivisionError):
        peer.sentence_nist(refs, hyp, n)
    with pytest.raises(ZeroDivisionError, match="sentence_nist: "):
        nist_score.sentence_nist(refs, hyp, n)
    with pytest.raises(ValueError, match="NLTK divides by zero"):
        nist_score.sentence_nist(refs, hyp, n)


def test_bad_input_is_refused_with_the_function_named():
    with pytest.raises(ValueError, match="max"):
        peer.sentence_nist([], ["a"])  # NLTK: "max() arg is an empty sequence"
    with pytest.raises(ValueError, match="sentence_nist: hypothesis 0 has no references"):
        nist_score.sentence_nist([], ["a"])
    with pytest.raises(ValueError, match="corpus_nist: 1 hypotheses but 2 reference entries"):
        nist_score.corpus_nist([[["a"]], [["b"]]], [["a"]])
    with pytest.raises(ValueError, match="corpus_nist: hypothesis 0 has no references"):
        nist_score.corpus_nist([[]], [["a"]])
    with pytest.raises(ValueError, match="sentence_nist: n must be an int >= 1"):
        nist_score.sentence_nist([["a"]], ["a"], n=0)


def test_text_nist_under_nltk_rules_is_nltk_on_the_tokens():
    hyp = " ".join(H1)
    refs = [" ".join(r) for r in (R1, R2, R3)]
    result = sentence_nist(hyp, refs, preset="nltk")
    assert result.score == peer.sentence_nist([R1, R2, R3], H1)
    assert str(result).startswith("NIST|nrefs:3|n:5|rules:nltk|tok:none|case:mixed|version:bleu2-")
    assert result.to_dict()["nist"] == result.score and 0 <= result.to_dict()["penalty"] <= 1
    lines = [" ".join(h) for h in SYS1[:100]]
    plain = corpus_nist(lines, [" ".join(r) for r in REF[:100]], preset="nltk", n=4)
    assert plain.score == peer.corpus_nist(ONE_REF[:100], SYS1[:100], 4)
