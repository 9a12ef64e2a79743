"""Each smoothing parameter has a range under which the method's precisions stay in [0, 1].

The ranges (bleu2.metrics.bleu.options.smooth_value_range) follow from each method's formula:
floor and method1 in [0, 1] (value / t_n with t_n >= 1), add-k >= 0, method4/method7
k >= ln(N)/2, method6 alpha > 0 (its precisions can exceed 1 for any alpha, as NLTK's).
They are enforced once, in bleu2.metrics.bleu.options, for the library, the command line, the page's
options and its share links.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

import bleu2
from bleu2 import cli
from bleu2.metrics.bleu.options import smooth_value_range
from shared_data import TED

words = st.lists(st.sampled_from("a b c d".split()), min_size=1, max_size=9).map(" ".join)


@pytest.mark.parametrize(
    ("smoothing", "value", "max_order"),
    [("floor", 1000000, 4), ("floor", 1e300, 2), ("method1", 50, 2), ("method1", 1.5, 4), ("method4", 0.5, 4)],
)
def test_out_of_range_parameters_are_refused(smoothing, value, max_order):
    with pytest.raises(ValueError, match="must be"):
        bleu2.sentence_bleu("the cat", "the cat sat", smoothing=smoothing, smooth_value=value, max_order=max_order)


def test_method4_lower_bound_is_half_the_log_of_the_order():
    assert smooth_value_range("method4", 4).low == pytest.approx(math.log(4) / 2)
    assert smooth_value_range("method7", 2).low == pytest.approx(math.log(2) / 2)
    assert 0.6932 in smooth_value_range("method4", 4)
    assert 0.6931 not in smooth_value_range("method4", 4)
    assert smooth_value_range("add-k", 4).high is None
    assert smooth_value_range("none", 4) is None


@settings(max_examples=300, deadline=None)
@given(candidate=words, reference=words, order=st.integers(1, 4), edge=st.booleans())
def test_precisions_stay_in_0_1_inside_each_range(candidate, reference, order, edge):
    for smoothing, inside in [("floor", 1.0), ("method1", 1.0), ("add-k", 1e6), ("method4", None)]:
        allowed = smooth_value_range(smoothing, order)
        value = inside if inside is not None else (allowed.low if edge else allowed.low * 1.5 + 0.1)
        if order == 1 and smoothing == "method4":
            value = 0.01
        result = bleu2.sentence_bleu(candidate, reference, smoothing=smoothing, smooth_value=value, max_order=order)
        assert all(0.0 <= p.value <= 1.0 + 1e-12 for p in result.precisions), (smoothing, value)
        assert 0.0 <= result.score <= 1.0 + 1e-12


def test_corpus_precisions_stay_in_0_1_at_the_method4_bound():
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:400]
    hyps = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:400]
    short = [" ".join(h.split()[:2]) for h in hyps]  # many segments without 3- and 4-grams
    for candidates in (hyps, short):
        result = bleu2.corpus_bleu(candidates, refs, smoothing="method4", smooth_value=math.log(4) / 2, max_order=4)
        assert all(0.0 <= p.value <= 1.0 for p in result.precisions)


def test_method6_can_exceed_1_for_any_alpha_as_nltk():
    # trigram matches 2/2, interpolated towards p2^2/p1 = 1/0.75: above 1 for every alpha > 0
    candidate, reference = "a c c a", "c c c a c c b"
    ours = bleu2.sentence_bleu(candidate, reference, smoothing="method6", smooth_value=0.001, max_order=3)
    assert ours.precisions[2].value > 1.0
    theirs = nltk_sentence_bleu(
        [reference.split()],
        candidate.split(),
        weights=(1 / 3, 1 / 3, 1 / 3),
        smoothing_function=SmoothingFunction(alpha=0.001).method6,
    )
    assert ours.score == pytest.approx(theirs, abs=1e-12)


def test_method5_scores_above_1_as_nltk():
    ours = bleu2.sentence_bleu("the cat", "the cat", smoothing="method5").score
    theirs = nltk_sentence_bleu(
        [["the", "cat"]], ["the", "cat"], weights=(0.5, 0.5), smoothing_function=SmoothingFunction().method5
    )
    assert ours == pytest.approx(theirs, abs=1e-12)
    assert ours == pytest.approx(1.0184, abs=1e-4)


def test_command_line_refuses_a_floor_of_a_million(capsys, tmp_path):
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    ref.write_text("the cat sat on the mat\n", encoding="utf-8")
    hyp.write_text("the cat\n", encoding="utf-8")
    argv = ["-r", ref, "-n", "4", "--smoothing", "floor", "--smooth-value", "1000000", hyp]
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "must be >= 0 and <= 1" in err


def test_method6_scores_above_1_where_nltk_raises():
    # p = 2/3, 2/2, then interpolated 1.25 and 1.5625 (pi = p2^2/p1 = 1.5); BP 1
    result = bleu2.sentence_bleu("c b c", "b c b", smoothing="method6", max_order=4)
    assert result.score == pytest.approx((2 / 3 * 1 * 1.25 * 1.5625) ** 0.25, abs=1e-12)
    assert result.score == pytest.approx(1.0682, abs=1e-4)
    with pytest.raises(AssertionError, match="non-zero precision"):
        nltk_sentence_bleu([["b", "c", "b"]], ["c", "b", "c"], smoothing_function=SmoothingFunction().method6)
