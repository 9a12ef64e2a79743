"""GLEU against NLTK 3.10.4's ``gleu_score`` itself: ``bleu2.compat.nltk.gleu_score`` and
bleu2's GLEU give NLTK's float, bit for bit, on the TED and Japanese files (one and two
references, several n-gram ranges) and on hand-made edge cases; per-line statistics add
up to the corpus score."""

from __future__ import annotations

import pytest
from nltk.translate import gleu_score as peer

from bleu2.compat.nltk import corpus_bleu, gleu_score
from bleu2.metrics.gleu.api import corpus_gleu, sentence_gleu
from bleu2.metrics.gleu.breakdown import gleu_breakdown
from bleu2.metrics.gleu.scoring import gleu_score as score_of
from bleu2.metrics.gleu.stats import GleuStats, line_stats, sum_stats
from bleu2.tokenizers import make_tokenizer
from shared_data import MULTITED_JA, TED


def tokens(path) -> list[list[str]]:
    return [line.split() for line in path.read_text(encoding="utf-8").split("\n")[:-1]]


REF, SYS1, SYS2 = tokens(TED / "ted.ref.eng"), tokens(TED / "ted.sys1.eng"), tokens(TED / "ted.sys2.eng")
JA_REF, JA_SYS = tokens(MULTITED_JA / "multited.ref.jpn"), tokens(MULTITED_JA / "multited.sys1.jpn")
ONE_REF = [[r] for r in REF]
TWO_REFS = [[r, s] for r, s in zip(REF, SYS2)]


def test_corpus_gleu_equals_nltk_on_ted():
    for refs in (ONE_REF, TWO_REFS):
        assert gleu_score.corpus_gleu(refs, SYS1) == peer.corpus_gleu(refs, SYS1)
    assert gleu_score.corpus_gleu(ONE_REF, SYS1) == 0.2754023334264412


@pytest.mark.parametrize(("orders", "lines"), [((2, 6), 500), ((1, 1), 500), ((0, 2), 500), ((1, -1), 100)])
def test_corpus_gleu_equals_nltk_for_other_orders(orders, lines):
    low, high = orders
    refs, hyps = TWO_REFS[:lines], SYS1[:lines]
    assert gleu_score.corpus_gleu(refs, hyps, low, high) == peer.corpus_gleu(refs, hyps, low, high)


def test_corpus_gleu_equals_nltk_on_japanese():
    refs = [[r] for r in JA_REF]
    assert gleu_score.corpus_gleu(refs, JA_SYS) == peer.corpus_gleu(refs, JA_SYS) == 0.09525731520118988


def test_sentence_gleu_equals_nltk_line_by_line():
    for refs, hyp in zip(TWO_REFS[:400], SYS1):
        for low, high in ((1, 4), (2, 3)):
            assert gleu_score.sentence_gleu(refs, hyp, low, high) == peer.sentence_gleu(refs, hyp, low, high)


EDGE_CASES = [
    ([[]], []),  # empty hypothesis and reference: 0.0
    ([["a"]], []),
    ([[]], ["a"]),
    ([], ["a", "b"]),  # no reference at all
    ([["a"]], ["a"]),  # one token
    ([["a"], ["a", "b"]], ["a"]),  # ties: the first best reference
    ([["x", "y"], ["a"]], ["a"]),
    ([["Größe", "東京", "😀"]], ["größe", "東京", "😀", "😀"]),  # non-ASCII
    ([["the"] * 7, ["the", "cat"]], ["the"] * 3),  # clipping
    ([[("a", "b"), "a", "b"]], ["a", "b", ("a", "b")]),  # a tuple token is no bigram's equal
    ([[1, 2, 1], ["1", "2"]], [1, 2, "1"]),  # any hashable tokens, as NLTK takes them
]


@pytest.mark.parametrize(("refs", "hyp"), EDGE_CASES)
@pytest.mark.parametrize("orders", [(1, 4), (0, 1), (2, 2), (3, 1), (1, 0), (0, 0), (0, -1)])
def test_sentence_gleu_edge_cases_equal_nltk(refs, hyp, orders):
    assert gleu_score.sentence_gleu(refs, hyp, *orders) == peer.sentence_gleu(refs, hyp, *orders)


def test_unbounded_orders_on_a_long_sentence_are_refused_as_nltk_does():
    long = [str(i % 50) for i in range(257)]
    with pytest.raises(ValueError, match="everygrams"):
        peer.sentence_gleu([long], ["a"], 1, -1)
    with pytest.raises(ValueError, match=r"corpus_gleu: max_len=-1 .* 257 tokens"):
        gleu_score.corpus_gleu([[long]], [["a"]], 1, -1)
    assert gleu_score.sentence_gleu([long], long[:256], 1, 3) == peer.sentence_gleu([long], long[:256], 1, 3)


def test_nltk_docstring_examples():
    hyp = "the the the the the the the".split()
    assert gleu_score.sentence_gleu([["the", "cat", "is", "on", "the", "mat"]], hyp) == 0.09090909090909091
    assert gleu_score.corpus_gleu([], []) == peer.corpus_gleu([], []) == 0.0


def test_line_statistics_add_up_to_the_corpus_score():
    stats = [line_stats(h, refs) for refs, h in zip(TWO_REFS, SYS1)]
    summed = sum_stats(stats)
    assert summed == GleuStats(64147, 178232)
    assert score_of(summed) == peer.corpus_gleu(TWO_REFS, SYS1)


def test_bad_input_is_refused_with_the_function_named():
    with pytest.raises(ValueError, match="corpus_gleu: 1 hypotheses but 2 reference lists"):
        gleu_score.corpus_gleu([[["a"]], [["b"]]], [["a"]])
    with pytest.raises(ValueError, match="sentence_gleu: min_len must be an int >= 0"):
        gleu_score.sentence_gleu([["a"]], ["a"], min_len=-1)
    with pytest.raises(ValueError, match="corpus_gleu: max_len must be an int >= -1"):
        gleu_score.corpus_gleu([[["a"]]], [["a"]], max_len=1.5)


def test_text_gleu_is_nltk_on_13a_tokens():
    """bleu2's GLEU on text (HF evaluate's rules: 13a tokens, case kept) is NLTK's
    ``corpus_gleu`` on the same tokens; ``preset='nltk'`` splits on whitespace."""
    ref = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").split("\n")[:300]
    hyp = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").split("\n")[:300]
    tok = make_tokenizer("13a", False)
    expected = peer.corpus_gleu([[tok(r)] for r in ref], [tok(h) for h in hyp], 2, 5)
    result = corpus_gleu(hyp, ref, min_len=2, max_len=5)
    assert result.score == expected
    assert result.sentences == 300
    assert str(result).startswith("GLEU|nrefs:1|min:2|max:5|tok:13a|case:mixed|version:bleu2-")
    assert result.to_dict()["google_bleu"] == expected
    plain = corpus_gleu(hyp, [[r] for r in ref], preset="nltk")
    assert plain.score == peer.corpus_gleu([[r.split()] for r in ref], [h.split() for h in hyp])
    assert sentence_gleu("Größe 東京", ["größe 東京"], lowercase=True).score == 1.0


def test_text_gleu_refusals_name_the_function():
    with pytest.raises(ValueError, match="corpus_gleu: 1 hypotheses but 2 reference entries"):
        corpus_gleu(["a"], ["a", "b"])
    with pytest.raises(ValueError, match="sentence_gleu: unknown option 'order'"):
        sentence_gleu("a", "a", order=2)
    with pytest.raises(ValueError, match="corpus_gleu: unknown preset 'hf'"):
        corpus_gleu(["a"], ["a"], preset="hf")


def test_breakdown_explains_the_sentence_score():
    refs, hyp = [["a", "cat", "sat"], "the cat sat on the mat".split()], "the cat sat on the mat".split()
    explained = gleu_breakdown(hyp, refs)
    assert explained.reference == 1
    assert [(o.n, o.hyp, o.ref, o.matches) for o in explained.orders] == [
        (1, 6, 6, 6),
        (2, 5, 5, 5),
        (3, 4, 4, 4),
        (4, 3, 3, 3),
    ]
    assert explained.score == peer.sentence_gleu(refs, hyp) == 1.0


def test_package_still_exports_bleu():
    assert corpus_bleu([[["a", "b"]]], [["a", "b"]], weights=(1,)) == 1.0


def test_result_prints_and_shows_in_a_notebook():
    result = corpus_gleu(["the cat sat on the mat"], ["the cat is on the mat"])
    assert "<caption>GLEU = 0.5000 (1 sentences)</caption>" in result._repr_html_()
    assert float(result) == 0.5 and str(result).endswith(" = 0.5000")
