"""bleu2.compat.nltk's building blocks, corpus quirk and warning against NLTK 3.10.4:
``modified_precision`` (its unnormalised Fraction), ``closest_ref_length``,
``brevity_penalty``; ``corpus_bleu`` with ``method5``..``method7``, which NLTK smooths with
the last sentence; the warning of ``method0``. (The scores themselves: test_compat.py.)"""

from __future__ import annotations

import warnings
from functools import partial

import pytest
from nltk.translate import bleu_score as nltk_peer

from bleu2.compat import nltk
from shared_data import TED

TOL = 1e-9


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


TED_REF, TED_REF_TOK = lines(TED / "ted.ref.detok.eng"), lines(TED / "ted.ref.eng")
TED_SYS, TED_SYS_TOK = lines(TED / "ted.sys1.detok.eng"), lines(TED / "ted.sys1.eng")

# NLTK's docstring examples
R1 = "It is a guide to action that ensures that the military will forever heed Party commands".split()
R2 = "It is the guiding principle which guarantees the military forces always being under the command of the Party"
R2 = R2.split()
R3 = "It is the practical guide for the army always to heed the directions of the party".split()
H1 = "It is a guide to action which ensures that the military always obeys the commands of the party".split()
H2 = "It is to insure the troops forever hearing the activity guidebook that party direct".split()


def test_modified_precision_docstring_examples():
    refs = ["the cat is on the mat".split(), "there is a cat on the mat".split()]
    assert f"{float(nltk.modified_precision(refs, 'the the the the the the the'.split(), n=1)):.4f}" == "0.2857"
    assert float(nltk.modified_precision([R1, R2, R3], ["of", "the"], n=2)) == 1.0
    assert float(nltk.modified_precision([R1, R2, R3], H1, n=2)) == 0.5882352941176471
    assert f"{float(nltk.modified_precision([R1, R2, R3], H2, n=2)):.5f}" == "0.07692"


def same_fraction(got, expected) -> None:
    assert (got.numerator, got.denominator) == (expected.numerator, expected.denominator)
    assert float(got) == float(expected) and repr(got) == repr(expected)
    assert (got == expected) is (expected == got) is True


def test_modified_precision_is_nltks_unnormalised_fraction_on_ted():
    for hyp, ref, ref2 in list(zip(TED_SYS_TOK, TED_REF_TOK, TED_REF))[:200]:
        h, refs = hyp.split(), [ref.split(), ref2.split()]
        for n in range(1, 7):
            same_fraction(nltk.modified_precision(refs, h, n), nltk_peer.modified_precision(refs, h, n))
    got, expected = (
        nltk.modified_precision([["a", "b"]], ["a", "a", "b", "b"], 1),
        nltk_peer.modified_precision([["a", "b"]], ["a", "a", "b", "b"], 1),
    )
    assert (got.numerator, got.denominator) == (expected.numerator, expected.denominator) == (2, 4)
    assert isinstance(got, nltk.Fraction) and float(got) == 0.5
    with pytest.raises(ValueError, match="n must be an integer >= 1"):
        nltk.modified_precision([R1], H1, 0)


def test_closest_ref_length_and_brevity_penalty_as_nltk():
    refs = [["a"] * 3, ["a"] * 7, ["a"] * 5]
    for c in range(10):
        assert nltk.closest_ref_length(refs, c) == nltk_peer.closest_ref_length(refs, c)
        for r in range(10):
            got, expected = nltk.brevity_penalty(r, c), nltk_peer.brevity_penalty(r, c)
            assert got == expected and type(got) is type(expected)
    with pytest.raises(ValueError):
        nltk.closest_ref_length([], 3)


def corpus(n: int) -> tuple[list[list[list[str]]], list[list[str]]]:
    """TED's first n lines, whitespace-split, one reference."""
    return [[r.split()] for r in TED_REF[:n]], [h.split() for h in TED_SYS[:n]]


@pytest.mark.parametrize("n, shown", [(400, "0.2496"), (50, "0.2363")])
def test_corpus_bleu_smooths_with_the_last_sentence_as_nltk(n, shown):
    refs, hyps = corpus(n)
    for method in ("method5", "method7", "method6"):
        for mine, theirs in (
            (nltk.SmoothingFunction(), nltk_peer.SmoothingFunction()),
            (nltk.SmoothingFunction(0.2, 3, 2), nltk_peer.SmoothingFunction(0.2, 3, 2)),
        ):
            got = nltk.corpus_bleu(refs, hyps, smoothing_function=getattr(mine, method))
            expected = nltk_peer.corpus_bleu(refs, hyps, smoothing_function=getattr(theirs, method))
            assert got == pytest.approx(expected, rel=TOL), method
    got = nltk.corpus_bleu(refs, hyps, smoothing_function=nltk.SmoothingFunction().method5)
    assert f"{got:.4f}" == shown


@pytest.mark.parametrize("method", ["method5", "method6", "method7"])
def test_corpus_bleu_quirk_with_other_orders_and_weight_lists(method):
    refs, hyps = corpus(120)
    for weights in ([(0.5, 0.5), (1 / 3,) * 3, (0.25,) * 4], (0.2,) * 5, (0.1, 0.1, 0.2, 0.2, 0.2, 0.2)):
        got = nltk.corpus_bleu(refs, hyps, weights, getattr(nltk.SmoothingFunction(), method))
        try:
            expected = nltk_peer.corpus_bleu(refs, hyps, weights, getattr(nltk_peer.SmoothingFunction(), method))
        except IndexError:  # NLTK's method6 below order 3
            continue
        assert got == pytest.approx(expected, rel=TOL)


def test_the_quirk_leaves_sentences_and_the_other_methods_alone():
    refs, hyps = corpus(60)
    for i in range(8):
        got = nltk.corpus_bleu(refs, hyps, smoothing_function=getattr(nltk.SmoothingFunction(), f"method{i}"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = nltk_peer.corpus_bleu(
                refs, hyps, smoothing_function=getattr(nltk_peer.SmoothingFunction(), f"method{i}")
            )
        assert got == pytest.approx(expected, rel=TOL)
    for ref, hyp in zip(refs[:40], hyps[:40]):
        smooth = nltk.SmoothingFunction().method7
        expected = nltk_peer.sentence_bleu(ref, hyp, smoothing_function=nltk_peer.SmoothingFunction().method7)
        assert nltk.sentence_bleu(ref, hyp, smoothing_function=smooth) == pytest.approx(expected, rel=TOL)


def caught(call):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        value = call()
    return value, [(w.category, str(w.message)) for w in seen]


def test_method0_warns_where_nltk_warns():
    hyp, ref = "a b c d e".split(), "a b c x d e".split()  # no 4-gram match
    (got, mine), (expected, theirs) = (
        caught(lambda: nltk.sentence_bleu([ref], hyp)),
        caught(lambda: nltk_peer.sentence_bleu([ref], hyp)),
    )
    assert got == pytest.approx(expected, rel=TOL) and f"{got:.0e}" == "7e-78"
    assert mine == theirs and len(mine) == 1
    assert mine[0][0] is UserWarning and "0 counts of 4-gram overlaps" in mine[0][1]
    # two orders without a match: two warnings; with smoothing or no unigram match: none
    hyp2 = "a x b y c".split()
    assert caught(lambda: nltk.sentence_bleu([ref], hyp2))[1] == caught(lambda: nltk_peer.sentence_bleu([ref], hyp2))[1]
    assert len(caught(lambda: nltk.sentence_bleu([ref], hyp2))[1]) == 3
    for call in (
        lambda m: m.sentence_bleu([ref], hyp, smoothing_function=m.SmoothingFunction().method1),
        lambda m: m.sentence_bleu([ref], ["z"]),
        lambda m: m.corpus_bleu([[ref]], [ref]),
    ):
        assert caught(partial(call, nltk))[1] == caught(partial(call, nltk_peer))[1] == []


TED_H = [s.split() for s in TED_SYS_TOK[:200]]
TED_R = [[r.split()] for r in TED_REF_TOK[:200]]


@pytest.mark.parametrize(
    "weights",
    [(0.33, 0.33, 0.33, 0), (0.3, 0.3, 0.3), (0.5, 0.5, 0.5, -0.5), [(0.5, 0.5)], [(0.33, 0.33, 0.33), (0.6, 0.6)]],
)
def test_weights_as_nltk_takes_them(weights):
    """Any numbers (the tutorials' cumulative (0.33, 0.33, 0.33, 0)); a list of one tuple
    gives a float, as NLTK's."""
    for smoothing in (None, nltk_peer.SmoothingFunction().method1):
        expected = nltk_peer.corpus_bleu(TED_R, TED_H, weights=weights, smoothing_function=smoothing)
        got = nltk.corpus_bleu(TED_R, TED_H, weights=weights, smoothing_function=smoothing)
        assert type(got) is type(expected)
        assert got == pytest.approx(expected, abs=TOL)
        for refs, hyp in zip(TED_R[:20], TED_H[:20]):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = nltk_peer.sentence_bleu(refs, hyp, weights=weights, smoothing_function=smoothing)
                got = nltk.sentence_bleu(refs, hyp, weights=weights, smoothing_function=smoothing)
            assert got == pytest.approx(expected, abs=TOL)


def test_a_smoothing_function_of_ones_own_is_called_as_nltk_calls_it():
    calls = []

    def floor(p_n, references, hypothesis, hyp_len):
        calls.append(([(p.numerator, p.denominator) for p in p_n], references, hypothesis, hyp_len))
        return [p if p else 0.01 for p in p_n]

    got = nltk.corpus_bleu(TED_R, TED_H, smoothing_function=floor)
    expected = nltk_peer.corpus_bleu(TED_R, TED_H, smoothing_function=floor)
    assert got == pytest.approx(expected, abs=TOL)
    assert calls[0] == calls[1]  # the same unnormalised counts, last sentence and length
    hyp = "It is a guide".split()
    assert nltk.sentence_bleu([R1], hyp, smoothing_function=floor) == pytest.approx(
        nltk_peer.sentence_bleu([R1], hyp, smoothing_function=floor), abs=TOL
    )


def test_where_nltk_fails_a_plain_refusal():
    method6 = nltk_peer.SmoothingFunction().method6
    hyp = "It is the plan".split()  # unigram and bigram matches, no trigram
    with pytest.raises(AssertionError, match="requires non-zero precision"):
        nltk_peer.sentence_bleu([R1], hyp, smoothing_function=method6)
    with pytest.raises(ValueError, match="requires non-zero precision"):
        nltk.sentence_bleu([R1], hyp, smoothing_function=method6)
    with pytest.raises(IndexError):
        nltk_peer.sentence_bleu([R1], H1, weights=(0.5, 0.5), smoothing_function=method6)
    with pytest.raises(ValueError, match="at least 3 orders"):
        nltk.sentence_bleu([R1], H1, weights=(0.5, 0.5), smoothing_function=method6)
    with pytest.raises(ZeroDivisionError):
        nltk_peer.corpus_bleu([], [])
    with pytest.raises(ValueError, match="at least one hypothesis"):
        nltk.corpus_bleu([], [])
    with pytest.raises(KeyError):
        nltk_peer.sentence_bleu([], H1)
    with pytest.raises(ValueError, match=r"list_of_references\[0\] has no reference"):
        nltk.sentence_bleu([], H1)
    with pytest.raises(KeyError):
        nltk_peer.modified_precision([], H1, 2)
    with pytest.raises(ValueError, match="at least one reference"):
        nltk.modified_precision([], H1, 2)
    assert nltk.modified_precision([], ["a"], 2) == nltk_peer.modified_precision([], ["a"], 2) == 0
    with pytest.raises(ValueError, match="at least one weight"):
        nltk.sentence_bleu([R1], H1, weights=())


@pytest.mark.parametrize("weights", [(0.25, 0.25, 0.25, 0.25), [0.25, 0.25, 0.25, 0.25], [[0.25] * 4, (0.5, 0.5)]])
def test_auto_reweigh_acts_on_the_default_tuple_only_as_nltk(weights):
    """NLTK compares the weights with the tuple ``(0.25, 0.25, 0.25, 0.25)``: the same values
    in a list are not reweighed."""
    hyp = "It is a".split()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = nltk_peer.sentence_bleu([R1], hyp, weights=weights, auto_reweigh=True)
        got = nltk.sentence_bleu([R1], hyp, weights=weights, auto_reweigh=True)
    assert got == pytest.approx(expected, rel=1e-12)
