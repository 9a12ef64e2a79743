"""Parity with sacreBLEU 2.6.0 (Post 2018), the oracle, on the shared TED and multiTED-ja data,
and sacreBLEU's own published test cases.

For every system file x tokenizer (13a, intl, char, zh, none, and intl lower-cased) x
max_order 1..4 x sacreBLEU smoothing (none, floor, add-k, exp; with and without effective
order; a few non-default smooth values): bleu2's per-sentence statistics equal sacreBLEU's,
its corpus score equals sacreBLEU's corpus score / 100 within 1e-9 (with equal counts,
totals, sys_len, ref_len and precisions / 100), and its sentence scores equal sacreBLEU's.

Speed: sacreBLEU's per-sentence statistics are extracted once per file and tokenizer at
order 4 (an order's counts do not depend on the maximum order: see
``BLEU._compute_segment_statistics``) and scored with sacreBLEU's own
``_compute_score_from_stats``/``compute_bleu`` for each option, which is what
``corpus_score``/``sentence_score`` do after extracting statistics. Both public entry
points are also called directly on every file (``test_corpus_score_api``,
``test_sentence_score_api``).
"""

from __future__ import annotations

import logging
import math
from functools import cache

import pytest
from sacrebleu.metrics import BLEU
from sacrebleu.utils import sum_of_lists

import bleu2
from bleu2.metrics.bleu.options import BleuConfig
from bleu2.metrics.bleu.scoring import bleu_score, score_from_stats
from bleu2.metrics.bleu.stats import SentenceStats, pool_stats
from shared_data import DATA

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
pytestmark = pytest.mark.filterwarnings("ignore")

PAIRS = {
    "ted-sys1-detok": ("ted/ted.sys1.detok.eng", "ted/ted.ref.detok.eng"),
    "ted-sys2-detok": ("ted/ted.sys2.detok.eng", "ted/ted.ref.detok.eng"),
    "ted-sys1-tok": ("ted/ted.sys1.eng", "ted/ted.ref.eng"),
    "ted-sys2-tok": ("ted/ted.sys2.eng", "ted/ted.ref.eng"),
    "ja-sys1": ("multited-ja/multited.sys1.jpn", "multited-ja/multited.ref.jpn"),
    "ja-sys2": ("multited-ja/multited.sys2.jpn", "multited-ja/multited.ref.jpn"),
}
# (tokenizer, lowercase)
TOKENIZATIONS = [("13a", False), ("intl", False), ("char", False), ("zh", False), ("none", False), ("intl", True)]
ORDERS = [1, 2, 3, 4]
# (smooth_method, smooth_value, effective_order): every method with and without effective
# order at its default value, plus non-default values.
SMOOTHINGS = [(m, None, eff) for m in ("none", "floor", "add-k", "exp") for eff in (False, True)] + [
    ("floor", 0.5, True),
    ("floor", 0.0, False),
    ("add-k", 2, False),
    ("add-k", 0.5, True),
]
TOL = 1e-9


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def corpus(pair: str) -> tuple[list[str], list[str]]:
    hyp, ref = PAIRS[pair]
    hyps, refs = _lines(hyp), _lines(ref)
    assert len(hyps) == len(refs) > 1000
    return hyps, refs


@cache
def sacre_stats(pair: str, tok: str, lc: bool) -> list[list[int]]:
    """sacreBLEU's per-sentence [sys_len, ref_len, correct_1..4, total_1..4]."""
    hyps, refs = corpus(pair)
    return BLEU(tokenize=tok, lowercase=lc, max_ngram_order=4, force=True)._extract_corpus_statistics(hyps, [refs])


def sacre_slice(st: list[int], n: int) -> list[int]:
    """sacreBLEU's statistics list for max order n, from the order-4 one."""
    return st[:2] + st[2 : 2 + n] + st[6 : 6 + n]


@cache
def our_stats4(pair: str, tok: str, lc: bool) -> tuple[SentenceStats, ...]:
    hyps, refs = corpus(pair)
    res = bleu2.corpus_bleu(
        hyps, refs, tokenizer=tok, lowercase=lc, max_order=4, smoothing="none", sentence_scores=False
    )
    return res.sentence_stats


def our_stats(pair: str, tok: str, lc: bool, n: int) -> tuple[SentenceStats, ...]:
    """bleu2's per-sentence statistics at max_order n, from corpus_bleu's at order 4 (as
    for sacreBLEU; ``test_orders_are_independent`` and the API tests below check that
    counting at order n gives the same)."""
    stats = our_stats4(pair, tok, lc)
    if n == 4:
        return stats
    return tuple(SentenceStats(s.matches[:n], s.totals[:n], s.hyp_len, s.ref_len) for s in stats)


def sentence_subset(stats: list[list[int]]) -> list[int]:
    """Sentences scored one by one: the first 150 and every short candidate (<= 6 tokens),
    where zero counts, empty orders and the brevity penalty matter most."""
    return [i for i, st in enumerate(stats) if i < 150 or st[0] <= 6]


def sacre_metric(n: int, method: str, value, eff: bool) -> BLEU:
    return BLEU(tokenize="none", max_ngram_order=n, smooth_method=method, smooth_value=value, effective_order=eff)


CASES = [
    pytest.param(pair, tok, lc, n, id=f"{pair}-{tok}{'-lc' if lc else ''}-n{n}")
    for pair in PAIRS
    for tok, lc in TOKENIZATIONS
    for n in ORDERS
]


def test_shared_data_present():
    for hyp, ref in PAIRS.values():
        assert (DATA / hyp).is_file() and (DATA / ref).is_file(), f"missing shared data under {DATA}"


@pytest.mark.parametrize("pair,tok,lc,n", CASES)
def test_parity(pair, tok, lc, n):
    sacre = [sacre_slice(st, n) for st in sacre_stats(pair, tok, lc)]
    ours = our_stats(pair, tok, lc, n)
    # sufficient statistics, sentence by sentence
    assert len(ours) == len(sacre)
    for i, (s, st) in enumerate(zip(ours, sacre)):
        assert [s.hyp_len, s.ref_len, *s.matches, *s.totals] == st, f"line {i + 1}"
    pooled = pool_stats(ours, n)
    sacre_pooled = sum_of_lists(sacre)
    subset = sentence_subset(sacre)
    for method, value, eff in SMOOTHINGS:
        what = f"{method}[{value}] eff={eff}"
        metric = sacre_metric(n, method, value, eff)
        config = BleuConfig.make(
            max_order=n, smoothing=method, smooth_value=value, effective_order=eff, tokenizer=tok, lowercase=lc
        )
        # corpus
        expected = metric._compute_score_from_stats(list(sacre_pooled))
        got = score_from_stats(pooled, config)
        assert abs(got.score - expected.score / 100) <= TOL, (what, got.score, expected.score)
        assert (got.hyp_len, got.ref_len) == (expected.sys_len, expected.ref_len)
        assert [p.matches for p in got.precisions] == sacre_pooled[2 : 2 + n]
        assert [p.total for p in got.precisions] == sacre_pooled[2 + n :]
        for p, q in zip(got.precisions, expected.precisions):
            assert abs(p.value - q / 100) <= 1e-12, (what, p, q)
        if got.hyp_len:
            assert abs(got.brevity_penalty - expected.bp) <= 1e-15
        # sentences
        for i in subset:
            exp_score = metric._compute_score_from_stats(list(sacre[i])).score / 100
            score = bleu_score(ours[i], config)
            assert abs(score - exp_score) <= TOL, (what, f"line {i + 1}", score, exp_score)


def test_orders_are_independent():
    """Counting at max_order n gives the first n orders of the counts at order 4."""
    hyps, refs = corpus("ted-sys1-detok")
    hyps, refs = hyps[:400], refs[:400]
    four = bleu2.corpus_bleu(hyps, refs, tokenizer="13a", max_order=4, smoothing="none").sentence_stats
    for n in (1, 2, 3):
        at_n = bleu2.corpus_bleu(hyps, refs, tokenizer="13a", max_order=n, smoothing="none").sentence_stats
        assert [(s.matches, s.totals, s.hyp_len, s.ref_len) for s in at_n] == [
            (s.matches[:n], s.totals[:n], s.hyp_len, s.ref_len) for s in four
        ]


@pytest.mark.parametrize("pair,n", [(pair, 4) for pair in PAIRS] + [("ted-sys2-detok", 2), ("ja-sys2", 2)])
def test_corpus_score_api(pair, n):
    """sacreBLEU's corpus_score against bleu2.corpus_bleu, end to end, on each file."""
    hyps, refs = corpus(pair)
    tok = "none" if "tok" in pair or "ja" in pair else "13a"
    expected = BLEU(tokenize=tok, force=True, max_ngram_order=n).corpus_score(hyps, [refs])  # exp smoothing
    got = bleu2.corpus_bleu(hyps, refs, tokenizer=tok, max_order=n, smoothing="exp")
    assert abs(got.score - expected.score / 100) <= TOL
    assert [p.matches for p in got.precisions] == expected.counts
    assert [p.total for p in got.precisions] == expected.totals
    assert (got.hyp_len, got.ref_len) == (expected.sys_len, expected.ref_len)


@pytest.mark.parametrize("pair", list(PAIRS))
@pytest.mark.parametrize("tok,lc", TOKENIZATIONS)
def test_sentence_score_api(pair, tok, lc):
    """sacreBLEU's sentence_score against bleu2.sentence_bleu, end to end, 12 lines per option."""
    hyps, refs = corpus(pair)
    options = [("exp", None, True, 4), ("none", None, False, 3), ("add-k", None, True, 2), ("floor", 0.5, False, 1)]
    for j, (method, value, eff, n) in enumerate(options):
        metric = BLEU(
            tokenize=tok, lowercase=lc, smooth_method=method, smooth_value=value, effective_order=eff, max_ngram_order=n
        )
        for h, r in zip(hyps[12 * j : 12 * j + 12], refs[12 * j : 12 * j + 12]):
            expected = metric.sentence_score(h, [r]).score / 100
            got = bleu2.sentence_bleu(
                h,
                r,
                tokenizer=tok,
                lowercase=lc,
                max_order=n,
                smoothing=method,
                smooth_value=value,
                effective_order=eff,
            )
            assert abs(got.score - expected) <= TOL, (h, r, got.score, expected)


# ---------------------------------------------------------------------------------------
# sacreBLEU's own published test cases (sacrebleu/test/test_bleu.py and
# test/test_sentence_bleu.py of the sacreBLEU repository), expected values as literals.

_refs = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
_hyps = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]


@pytest.mark.parametrize(
    "hyps,kwargs,expected",
    [
        (_hyps, {}, 48.530827),  # default BLEU settings: 13a, exp, BLEU-4
        (["", "", ""], {}, 0.0),  # empty hypotheses are not removed
        (_hyps, {"tokenizer": "none"}, 49.1919566),
        (_hyps, {"tokenizer": "13a"}, 48.530827),
        (_hyps, {"tokenizer": "intl"}, 43.91623493),
        (_hyps, {"smoothing": "none"}, 48.530827),
    ],
)
def test_sacrebleu_corpus_cases(hyps, kwargs, expected):
    opts = dict(tokenizer="13a", smoothing="exp", max_order=4)
    opts.update(kwargs)
    got = bleu2.corpus_bleu(hyps, bleu2.references_from_streams(_refs), **opts)
    assert abs(got.score * 100 - expected) < 1e-8


@pytest.mark.parametrize(
    "order,expected", [(1, "77.65"), (2, "60.50"), (3, "53.93"), (4, "48.53"), (5, "46.14"), (6, "43.28")]
)
def test_sacrebleu_max_order_cases(order, expected):
    got = bleu2.corpus_bleu(
        _hyps, bleu2.references_from_streams(_refs), tokenizer="13a", smoothing="exp", max_order=order
    )
    assert f"{got.score * 100:.2f}" == expected


# sacreBLEU's raw_corpus_bleu: tokenize none, floor smoothing, effective order.
@pytest.mark.parametrize(
    "hyps,refs,value,expected",
    [
        (["this is a test", "another test"], ["ref1", "ref2"], 0.01, 0.0),  # no match at all (#141)
        (["this is a test"], ["this is a test"], 0.01, 1.0),
        (["this is a fest"], ["this is a test"], 0.01, 0.223606797749979),
        (["test"], ["a test"], 0.01, 0.3678794411714425),  # effective order
        (["a test"], ["a test"], 0.01, 1.0),
        (["a little test"], ["a test"], 0.01, 0.03218297948685433),
        (["am I am a character sequence"], ["I am a symbol string sequence a a"], 0.1, 0.1555722182),  # offset
        (["am I am a character sequence"], ["I am a symbol string sequence a a"], 0.0, 0.0),
    ],
)
def test_sacrebleu_raw_corpus_cases(hyps, refs, value, expected):
    got = bleu2.corpus_bleu(
        hyps, refs, tokenizer="none", smoothing="floor", smooth_value=value, effective_order=True, max_order=4
    )
    assert abs(got.score - expected) < 1e-8


def test_sacrebleu_statistics_case():
    got = bleu2.corpus_bleu(
        ["am I am a character sequence"],
        ["I am a symbol string sequence a a"],
        tokenizer="none",
        max_order=4,
        smoothing="floor",
        effective_order=True,
    )
    assert [p.matches for p in got.precisions] == [4, 2, 1, 0]
    assert [p.total for p in got.precisions] == [6, 5, 4, 3]


def test_sacrebleu_scoring_case():
    config = BleuConfig.make(max_order=4, smoothing="none")
    got = score_from_stats(SentenceStats((9, 7, 5, 3), (10, 8, 6, 4), 11, 11), config)
    assert abs(got.score - 0.8375922397) < 1e-8


@pytest.mark.parametrize(
    "matches,totals,c,r,value",
    [
        ((0, 0, 0, 0), (4, 4, 2, 1), 0, 1, 0.0),
        ((0, 0, 0, 0), (10, 11, 12, 0), 14, 10, 0.0),
        ((0, 0, 0, 0), (0, 0, 0, 0), 0, 0, 0.0),
        ((6, 5, 4, 0), (6, 5, 4, 3), 6, 6, 0.0),
        ((0, 0, 0, 0), (0, 0, 0, 0), 0, 0, 0.1),
        ((0, 0, 0, 0), (0, 0, 0, 0), 1, 5, 0.01),
    ],
)
def test_sacrebleu_degenerate_statistics(matches, totals, c, r, value):
    config = BleuConfig.make(max_order=4, smoothing="floor", smooth_value=value)
    assert score_from_stats(SentenceStats(matches, totals, c, r), config).score == 0.0


# sacreBLEU's own test_sentence_bleu.py cases (a Romanian pair), effective order on, percent within 1e-3.
REF_98 = "producţia de zahăr brut se exprimă în zahăr alb;"
SYS_98 = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;"


@pytest.mark.parametrize(
    "method,value,lc,tok,expected",
    [
        ("exp", None, False, "13a", 8.493),
        ("none", None, False, "13a", 0.0),
        ("floor", None, False, "13a", 4.51688),
        ("floor", 0.1, False, "13a", 4.51688),
        ("floor", 0.5, False, "13a", 10.10),
        ("add-k", None, False, "13a", 14.882),
        ("add-k", 1, False, "13a", 14.882),
        ("add-k", 2, False, "13a", 21.389),
        ("exp", None, False, "none", 7.347),
        ("exp", None, False, "intl", 8.493),
        ("exp", None, False, "char", 40.8759),
        ("exp", None, True, "char", 42.0267),
    ],
)
def test_sacrebleu_sentence_cases(method, value, lc, tok, expected):
    got = bleu2.sentence_bleu(
        SYS_98,
        REF_98,
        max_order=4,
        smoothing=method,
        smooth_value=value,
        tokenizer=tok,
        lowercase=lc,
        effective_order=True,
    )
    assert abs(got.score * 100 - expected) < 1e-3


@pytest.mark.parametrize(
    "method,value", [("exp", None), ("none", None), ("floor", None), ("floor", 0.1), ("add-k", None), ("add-k", 1)]
)
def test_sacrebleu_sentence_zero_cases(method, value):
    # sacreBLEU's test_sentence_bleu.py: no match at all is 0 whatever the smoothing
    got = bleu2.sentence_bleu(
        "this is a cat",
        "okay thanks",
        max_order=4,
        smoothing=method,
        smooth_value=value,
        tokenizer="13a",
        effective_order=True,
    )
    assert got.score == 0.0


def test_log_of_zero_makes_zero_not_nan():
    # sacreBLEU's my_log(0) = -9999999999: a zero precision gives exactly 0, never NaN or an error
    for eff in (False, True):
        got = bleu2.sentence_bleu(
            "a b c d", "a b x d", max_order=4, smoothing="none", tokenizer="none", effective_order=eff
        )
        assert got.score == 0.0 and not math.isnan(got.score)


# --- empty references, and sacreBLEU's defaults in one name -------------------------------


def test_empty_reference_counted_as_sacrebleu_does():
    """The candidate "thank you" against ["", "thank you very much"] (13a, exp, BLEU-2):
    sacreBLEU 1.0 (the empty reference's length 0 ties with 4 at distance 2 and
    the shorter wins, r = 0, BP = 1), bleu2's default 0.3679 (r = 4)."""
    hyp, refs = "thank you", ["", "thank you very much"]
    oracle = BLEU(max_ngram_order=2, tokenize="13a", smooth_method="exp").sentence_score(hyp, refs)
    assert oracle.score == pytest.approx(100.0)
    opts = dict(max_order=2, tokenizer="13a", smoothing="exp", lowercase=False)
    ignored = bleu2.sentence_bleu(hyp, refs, **opts)
    assert ignored.score == pytest.approx(math.exp(1 - 4 / 2))  # 0.3679: r = 4
    assert round(ignored.score, 4) == 0.3679
    counted = bleu2.sentence_bleu(hyp, refs, empty_references="count", **opts)
    assert counted.score == pytest.approx(oracle.score / 100, abs=1e-12)
    assert (counted.ref_len, counted.brevity_penalty) == (oracle.ref_len, 1.0)
    assert "empty:count" in counted.signature and "empty:" not in ignored.signature


def test_sacrebleu_options_equal_sacrebleu_defaults_on_ted():
    """bleu2.corpus_bleu(hyps, refs, **bleu2.SACREBLEU_OPTIONS) == sacreBLEU's BLEU() with its
    defaults (BLEU-4, 13a, exp, case-sensitive, empty references counted), with empty
    references and an empty line mixed in."""
    refs = _lines("ted/ted.ref.detok.eng")[:400]
    hyps = _lines("ted/ted.sys2.detok.eng")[:400]
    refs[3], refs[10], hyps[20] = "", "...", ""  # empty references and an empty hypothesis
    refs2 = _lines("ted/ted.ref.eng")[:400]
    oracle = BLEU().corpus_score(hyps, [refs, refs2])
    got = bleu2.corpus_bleu(hyps, bleu2.references_from_streams([refs, refs2]), **bleu2.SACREBLEU_OPTIONS)
    assert got.score == pytest.approx(oracle.score / 100, abs=1e-9)
    assert [p.matches for p in got.precisions] == oracle.counts
    assert [p.total for p in got.precisions] == oracle.totals
    assert (got.hyp_len, got.ref_len) == (oracle.sys_len, oracle.ref_len)
    assert bleu2.SACREBLEU_OPTIONS is bleu2.PRESETS["sacrebleu"]
    assert dict(bleu2.SACREBLEU_OPTIONS) == {
        **bleu2.DEFAULTS,
        "max_order": 4,
        "smoothing": "exp",
        "tokenizer": "13a",
        "lowercase": False,
        "empty_references": "count",
        "rstrip": True,
    }
