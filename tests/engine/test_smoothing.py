"""Smoothing methods against their formulas (sacreBLEU: Post 2018; NLTK / Chen & Cherry 2014),
effective order, weights and option validation. Expected values are written from the
formulas in bleu2.metrics.bleu.smoothing's docstring (and the sources it cites), not taken from bleu2."""

from __future__ import annotations

import math
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleu2
from bleu2.metrics.bleu.options import BleuConfig
from bleu2.metrics.bleu.scoring import bleu_score, score_from_stats
from bleu2.metrics.bleu.smoothing import SMOOTHING_METHODS
from bleu2.metrics.bleu.stats import SentenceStats, pool_stats

ALL = ["add-1", "none", "exp", "floor", "add-k", "nmt"] + [f"method{i}" for i in range(8)]

# 5 candidate tokens, reference of 6; 3/5 unigrams, 1/4 bigrams, 0/3 trigrams, 0/2 4-grams,
# and (for method5/7) 0/1 5-grams.
S = SentenceStats((3, 1, 0, 0), (5, 4, 3, 2), 5, 6, (), (0,), (1,))
BP = math.exp(1 - 6 / 5)
LN5 = math.log(5)


def score(stats, smoothing, **kw):
    n = kw.pop("max_order", stats.max_order)
    return score_from_stats(stats, BleuConfig.make(max_order=n, smoothing=smoothing, **kw))


def geo(*ps, weights=None):
    weights = weights or [1 / len(ps)] * len(ps)
    return math.exp(sum(w * math.log(p) for w, p in zip(weights, ps)))


def test_registry_names():
    assert list(SMOOTHING_METHODS) == ALL
    assert set(bleu2.SMOOTHING_METHODS) == set(ALL)


_m5 = []  # method5 on S: q = 0.6, 0.25, 0, 0, then P_5 = 0; p_0 = 1.6
_prev = 1.6
for _q, _next in zip([0.6, 0.25, 0.0, 0.0], [0.25, 0.0, 0.0, 0.0]):
    _prev = (_prev + _q + _next) / 3
    _m5.append(_prev)
_m7 = []  # method4 then method5
_q4 = [0.6, 0.25, LN5 / (2 * 5) / 3, LN5 / (4 * 5) / 2]
_prev = 1.6
for i in range(4):
    _prev = (_prev + _q4[i] + (_q4 + [0.0])[i + 1]) / 3
    _m7.append(_prev)
_pi3 = 0.25**2 / 0.6
_p3 = (0 + 5 * _pi3) / (3 + 5)
_p4 = (0 + 5 * (_p3**2 / 0.25)) / (2 + 5)

FORMULAS = [
    # name, kwargs, expected precisions, expected score (None: compare with BP * geo(values))
    ("add-1", {}, [0.6, 0.25, 1 / 4, 1 / 3], None),
    ("none", {}, [0.6, 0.25, 0.0, 0.0], 0.0),
    ("floor", {}, [0.6, 0.25, 0.1 / 3, 0.1 / 2], None),
    ("floor", {"smooth_value": 0.5}, [0.6, 0.25, 0.5 / 3, 0.5 / 2], None),
    ("add-k", {}, [0.6, 2 / 5, 1 / 4, 1 / 3], None),
    ("add-k", {"smooth_value": 2}, [0.6, 3 / 6, 2 / 5, 2 / 4], None),
    ("exp", {}, [0.6, 0.25, 1 / (2 * 3), 1 / (4 * 2)], None),
    # Lin & Och 2004 as tensorflow/nmt: (m + 1) / (t + 1) on every order, unigrams included
    ("nmt", {}, [4 / 6, 2 / 5, 1 / 4, 1 / 3], None),
    ("method0", {}, [0.6, 0.25, sys.float_info.min, sys.float_info.min], None),
    ("method1", {}, [0.6, 0.25, 0.1 / 3, 0.1 / 2], None),
    ("method1", {"smooth_value": 0.01}, [0.6, 0.25, 0.01 / 3, 0.01 / 2], None),
    ("method2", {}, [0.6, 2 / 5, 1 / 4, 1 / 3], None),
    ("method3", {}, [0.6, 0.25, 1 / (2 * 3), 1 / (4 * 2)], None),
    ("method4", {}, [0.6, 0.25, LN5 / (2 * 5) / 3, LN5 / (4 * 5) / 2], None),
    ("method4", {"smooth_value": 2}, [0.6, 0.25, LN5 / (2 * 2) / 3, LN5 / (4 * 2) / 2], None),
    ("method5", {}, _m5, None),
    ("method6", {}, [0.6, 0.25, _p3, _p4], None),
    ("method7", {}, _m7, None),
]


@pytest.mark.parametrize("name,kw,values,expected", FORMULAS, ids=[f"{f[0]}{f[1] or ''}" for f in FORMULAS])
def test_formula(name, kw, values, expected):
    res = score(S, name, **kw)
    got = [p.value for p in res.precisions]
    assert got == pytest.approx(values, rel=1e-12, abs=0)
    if expected is None:
        expected = BP * geo(*values)
    assert res.score == pytest.approx(expected, rel=1e-12, abs=1e-300)
    assert res.brevity_penalty == pytest.approx(BP, rel=1e-15)
    # the raw counts are reported unchanged
    assert [(p.matches, p.total) for p in res.precisions] == [(3, 5), (1, 4), (0, 3), (0, 2)]


@pytest.mark.parametrize(
    "name,smoothed",
    [
        ("add-1", [False, False, True, True]),
        ("none", [False, False, False, False]),
        ("floor", [False, False, True, True]),
        ("add-k", [False, True, True, True]),
        ("exp", [False, False, True, True]),
        ("method0", [False, False, True, True]),
        ("method2", [False, True, True, True]),
        ("method5", [True, True, True, True]),
        ("method6", [False, False, True, True]),
    ],
)
def test_smoothed_flags(name, smoothed):
    assert [p.smoothed for p in score(S, name).precisions] == smoothed


def test_add_k_flags_only_orders_it_changes():
    # (m + k) / (t + k) = m / t when m = t: that order is not changed
    s = SentenceStats((4, 3, 1), (4, 3, 2), 4, 4)
    res = score(s, "add-k")
    assert [p.smoothed for p in res.precisions] == [False, False, True]
    assert res.precisions[2].value == pytest.approx(2 / 3)


# ----------------------------------------------------------------- sacreBLEU's frame

SHORT = SentenceStats((2, 1, 0, 0), (3, 2, 1, 0), 3, 4)  # c = 3: no 4-grams
BP_SHORT = math.exp(1 - 4 / 3)


@pytest.mark.parametrize("name", ["none", "floor", "exp"])
def test_order_without_ngrams_stops_reading_and_scores_zero(name):
    assert score(SHORT, name).score == 0.0


def test_effective_order_drops_orders_without_ngrams():
    assert score(SHORT, "exp", effective_order=True).score == pytest.approx(
        BP_SHORT * geo(2 / 3, 1 / 2, 1 / (2 * 1)), rel=1e-12
    )
    assert score(SHORT, "floor", effective_order=True).score == pytest.approx(
        BP_SHORT * geo(2 / 3, 1 / 2, 0.1 / 1), rel=1e-12
    )
    # a zero-match order that has n-grams is not dropped: none still scores 0
    assert score(SHORT, "none", effective_order=True).score == 0.0
    res = score(SHORT, "exp", effective_order=True)
    assert res.orders_used == 3
    assert res.precisions[3].value == 0.0


def test_add_k_fills_empty_orders_with_one():
    # add-k adds k to totals of n > 1, so no order is empty: (0 + 1) / (0 + 1) = 1
    s = SentenceStats((1, 0, 0, 0), (1, 0, 0, 0), 1, 1)
    res = score(s, "add-k")
    assert [p.value for p in res.precisions] == [1.0, 1.0, 1.0, 1.0]
    assert res.score == 1.0
    assert score(s, "add-k", effective_order=True).orders_used == 4
    # k = 0: the empty bigram order stops the reading as for the other methods
    assert score(s, "add-k", smooth_value=0).score == 0.0
    assert score(s, "add-k", smooth_value=0, effective_order=True).score == 1.0


def test_no_match_at_all_is_zero_for_every_method():
    s = SentenceStats((0, 0, 0, 0), (3, 2, 1, 0), 3, 3, (), (0,), (0,))
    for name in ALL:
        kw = {"effective_order": True} if name in ("none", "floor", "add-k", "exp", "add-1") else {}
        if name in ("add-1", "nmt"):
            continue  # add-1 and nmt smooth unigrams too
        assert score(s, name, **kw).score == 0.0, name


def test_nmt_scores_a_candidate_without_matches():
    # tensorflow/nmt compute_bleu(smooth=True): p = 1/4, 1/3, 1/2 and 1/1 (no 4-grams)
    s = SentenceStats((0, 0, 0, 0), (3, 2, 1, 0), 3, 3)
    res = score(s, "nmt")
    assert [p.value for p in res.precisions] == [1 / 4, 1 / 3, 1 / 2, 1.0]
    assert res.score == pytest.approx((1 / 24) ** 0.25, abs=1e-15)
    assert [p.smoothed for p in res.precisions] == [True, True, True, True]
    with pytest.raises(ValueError, match="effective_order"):
        BleuConfig.make(smoothing="nmt", effective_order=True)


def test_add_1_smooths_unigrams_and_empty_orders():
    s = SentenceStats((0, 0), (2, 1), 2, 2)
    res = score(s, "add-1")
    assert [p.value for p in res.precisions] == [1 / 3, 1 / 2]
    assert res.score == pytest.approx(geo(1 / 3, 1 / 2))
    s = SentenceStats((1, 0), (1, 0), 1, 1)
    assert score(s, "add-1").score == pytest.approx(geo(1.0, 1.0))
    res = score(s, "add-1", effective_order=True)
    assert res.orders_used == 1 and res.score == 1.0
    assert [(p.value, p.smoothed) for p in res.precisions] == [(1.0, False), (0.0, False)]


def test_effective_order_renormalises_custom_weights():
    s = SentenceStats((2, 1, 0, 0), (2, 1, 0, 0), 2, 2)
    res = score(s, "exp", weights=(0.4, 0.3, 0.2, 0.1), effective_order=True)
    assert res.orders_used == 2
    assert res.score == pytest.approx(geo(1.0, 1.0, weights=[4 / 7, 3 / 7]))
    s = SentenceStats((2, 1, 0, 0), (3, 2, 1, 0), 3, 3)
    res = score(s, "floor", weights=(0.4, 0.3, 0.2, 0.1), effective_order=True)
    assert res.score == pytest.approx(geo(2 / 3, 1 / 2, 0.1, weights=[4 / 9, 3 / 9, 2 / 9]), rel=1e-12)


# ----------------------------------------------------------------- NLTK's frame


def test_nltk_denominator_is_at_least_one_per_segment():
    # c = 1: NLTK divides the bigram's 0 matches by max(1, 0) = 1
    s = SentenceStats((1, 0), (1, 0), 1, 1)
    assert score(s, "method1").precisions[1].value == pytest.approx(0.1)
    assert score(s, "method2").precisions[1].value == pytest.approx(1 / 2)
    assert score(s, "method3").precisions[1].value == pytest.approx(1 / 2)


def test_nltk_corpus_denominators_count_empty_segments():
    one = SentenceStats((1, 0), (1, 0), 1, 1)  # no bigram
    three = SentenceStats((3, 2), (3, 2), 3, 3)
    pooled = pool_stats([one, three], 2)
    assert (pooled.matches, pooled.totals, pooled.empty) == ((4, 2), (4, 2), (0, 1))
    res = score(pooled, "method0")
    assert [p.value for p in res.precisions] == [1.0, 2 / 3]  # NLTK: 2 / (2 + 1)
    assert [p.smoothed for p in res.precisions] == [False, True]
    assert res.score == pytest.approx(geo(1.0, 2 / 3))
    # sacreBLEU's frame uses the plain totals
    assert score(pooled, "none").score == 1.0


def test_pooled_empty_is_canonical():
    a = SentenceStats((2, 1), (3, 2), 3, 3)
    b = SentenceStats((1, 1), (2, 1), 2, 2)
    assert pool_stats([a, b], 2) == SentenceStats((3, 2), (5, 3), 5, 5)
    empty = SentenceStats((0, 0), (0, 0), 0, 3)
    assert pool_stats([empty, empty], 2).empty == (2, 2)
    assert pool_stats([pool_stats([empty, empty], 2), empty], 2).empty == (3, 3)


def test_method0_zero_orders_give_a_tiny_score_not_zero():
    s = SentenceStats((2, 0), (2, 1), 2, 2)
    res = score(s, "method0")
    assert 0.0 < res.score < 1e-150
    assert res.score == pytest.approx(geo(1.0, sys.float_info.min), rel=1e-12)


def test_method4_with_one_token_leaves_zero_orders_out():
    # c = 1: ln(1) = 0, NLTK leaves zero orders at 0 and drops them from the sum (weights not renormalised)
    s = SentenceStats((1, 0, 0), (1, 0, 0), 1, 2)
    res = score(s, "method4")
    assert [p.value for p in res.precisions] == [1.0, 0.0, 0.0]
    assert res.score == pytest.approx(math.exp(1 - 2 / 1))


def test_method5_needs_order_five():
    with pytest.raises(ValueError, match="order-5"):
        score(SentenceStats((3, 1), (5, 4), 5, 5), "method5")
    assert BleuConfig.make(max_order=2, smoothing="method5").stats_order == 5
    assert BleuConfig.make(max_order=6, smoothing="method7").stats_order == 6
    assert BleuConfig.make(max_order=2, smoothing="method4").stats_order == 2


def test_method5_hard_codes_order_five():
    # BLEU-2: q_3 is P_5, not P_3 (NLTK appends modified_precision(..., 5))
    s = SentenceStats((4, 3), (5, 4), 5, 5, (), (2, 1, 0), (3, 2, 1))
    p1 = (1.8 + 0.8 + 0.75) / 3
    p2 = (p1 + 0.75 + 0.0) / 3
    assert [p.value for p in score(s, "method5").precisions] == pytest.approx([p1, p2], rel=1e-12)


@pytest.mark.parametrize("smoothing", ["method5", "method7"])
def test_method5_can_exceed_one(smoothing):
    # p_0 = P_1 + 1 lifts the averages: NLTK 3.10.4 gives 1.1167470964180197 for a
    # 6-token candidate equal to its reference (BLEU-4), and bleu2 reproduces it.
    res = bleu2.sentence_bleu("a b c d e f", "a b c d e f", max_order=4, smoothing=smoothing, tokenizer="none")
    assert res.score == pytest.approx(1.1167470964180197, abs=1e-12)


def test_method5_result_keeps_the_to_dict_schema():
    res = bleu2.sentence_bleu("the cat sat on the mat", "the cat is on the mat", smoothing="method5")
    d = res.to_dict()
    assert len(d["precisions"]) == 2 and d["max_order"] == 2
    assert res.stats.to_dict() == {"matches": [5, 3], "totals": [6, 5], "hyp_len": 6, "ref_len": 6}
    assert res.stats.extra_matches == (1, 0, 0)  # "on the mat"; no 4- or 5-gram
    c = bleu2.corpus_bleu(["the cat sat on the mat", "a b"], ["the cat is on the mat", "a b"], smoothing="method7")
    assert [len(s["matches"]) for s in c.to_dict(sentences=True)["sentences"]] == [2, 2]


def test_method6_beyond_nltk():
    # NLTK raises when there is no trigram match; bleu2 applies the formula
    s = SentenceStats((3, 1, 0), (5, 4, 3), 5, 5)
    res = score(s, "method6")
    assert res.precisions[2].value == pytest.approx((0 + 5 * (0.25**2 / 0.6)) / (3 + 5))
    assert score(SentenceStats((3, 1), (5, 4), 5, 5), "method6").score == pytest.approx(geo(0.6, 0.25))


def test_nltk_zero_unigram_matches_score_zero():
    s = SentenceStats((0, 0), (3, 2), 3, 3, (), (0, 0, 0), (1, 0, 0))
    for name in (f"method{i}" for i in range(8)):
        assert score(s, name).score == 0.0


# ----------------------------------------------------------------- validation


def test_unknown_smoothing_lists_valid_ones():
    with pytest.raises(ValueError, match="valid smoothing methods: add-1, none, exp, floor, add-k, nmt, method0"):
        bleu2.sentence_bleu("a", "a", smoothing="add-2")


@pytest.mark.parametrize(
    "smoothing,value,match",
    [
        ("exp", 0.1, "takes no smooth_value"),
        ("add-1", 1, "takes no smooth_value"),
        ("method3", 1, "takes no smooth_value"),
        ("floor", -0.1, ">= 0"),
        ("add-k", float("nan"), "finite"),
        ("add-k", "1", "finite"),
        ("method1", True, "finite"),
        ("method4", 0, ">= 0.34657"),  # k >= ln(2)/2 at BLEU-2
        ("method6", -1, "> 0"),
    ],
)
def test_bad_smooth_value(smoothing, value, match):
    with pytest.raises(ValueError, match=match):
        BleuConfig.make(smoothing=smoothing, smooth_value=value)


@pytest.mark.parametrize("smoothing", [f"method{i}" for i in range(8)])
def test_effective_order_is_not_for_nltk_methods(smoothing):
    with pytest.raises(ValueError, match="effective_order"):
        bleu2.sentence_bleu("a b", "a b", smoothing=smoothing, effective_order=True)


@pytest.mark.parametrize(
    "weights,match",
    [
        ((0.5, 0.5, 0.0), "2 entries"),
        ((1.0,), "2 entries"),
        ((0.6, 0.6), "sum to 1"),
        ((1.5, -0.5), "non-negative"),
        (("a", "b"), "sequence of numbers"),
        (0.5, "sequence of numbers"),
    ],
)
def test_bad_weights(weights, match):
    with pytest.raises(ValueError, match=match):
        bleu2.sentence_bleu("a b", "a b", weights=weights)


def test_weights_that_sum_to_one_are_accepted():
    res = bleu2.sentence_bleu("a b c", "a b d", max_order=3, weights=[0.2, 0.3, 0.5], smoothing="none")
    assert res.score == 0.0
    res = bleu2.sentence_bleu("a b c", "a b d", max_order=2, weights=[0.25, 0.75], smoothing="none")
    assert res.score == pytest.approx(geo(2 / 3, 1 / 2, weights=[0.25, 0.75]))


def test_stats_with_wrong_number_of_orders():
    with pytest.raises(ValueError, match="3 orders but max_order is 2"):
        score_from_stats(SentenceStats((1, 1, 1), (1, 1, 1), 3, 3), BleuConfig.make())


def test_signature_names_the_parameter_in_use():
    assert "|smooth:add-1|" in bleu2.sentence_bleu("a", "a").signature
    assert "|smooth:floor[0.1]|" in bleu2.sentence_bleu("a", "a", smoothing="floor").signature
    assert "|smooth:add-k[2]|" in bleu2.sentence_bleu("a", "a", smoothing="add-k", smooth_value=2).signature
    assert "|smooth:method4[5]|" in bleu2.sentence_bleu("a", "a", smoothing="method4").signature
    sig = bleu2.sentence_bleu("a", "a", smoothing="exp", effective_order=True).signature
    assert "|eff:yes|" in sig and "|smooth:exp|" in sig


def test_seed_defaults_unchanged():
    res = bleu2.sentence_bleu("the quick brown fox", "fox brown quick the")
    assert res.smoothing == "add-1" and res.max_order == 2 and res.score == pytest.approx(0.5)


# ----------------------------------------------------------------- properties

tokens = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=9).map(" ".join)


@settings(max_examples=120, deadline=None)
@given(tokens, st.lists(tokens, min_size=1, max_size=3), st.integers(1, 5), st.sampled_from(ALL), st.booleans())
def test_every_method_scores_in_unit_interval(cand, refs, n, smoothing, eff):
    eff = eff and smoothing in ("add-1", "none", "exp", "floor", "add-k")
    res = bleu2.sentence_bleu(cand, refs, max_order=n, smoothing=smoothing, tokenizer="none", effective_order=eff)
    above_one = smoothing in ("method5", "method7")  # see test_method5_can_exceed_one
    assert res.score >= 0.0 and (res.score <= 1.0 or above_one)
    for p in res.precisions:
        assert p.value >= 0.0 and (p.value <= 1.0 or above_one)
    assert bleu_score(res.stats, BleuConfig.make(max_order=n, smoothing=smoothing, effective_order=eff)) == res.score


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(tokens, tokens), min_size=1, max_size=6), st.sampled_from(ALL))
def test_corpus_equals_pooled_sentences(pairs, smoothing):
    cands = [c for c, _ in pairs]
    refs = [r for _, r in pairs]
    res = bleu2.corpus_bleu(cands, refs, max_order=4, smoothing=smoothing, tokenizer="none")
    config = BleuConfig.make(max_order=4, smoothing=smoothing, tokenizer="none")
    assert res.score == score_from_stats(pool_stats(res.sentence_stats, 4), config).score
    assert list(res.sentence_scores) == [
        bleu2.sentence_bleu(c, r, max_order=4, smoothing=smoothing, tokenizer="none").score for c, r in pairs
    ]
