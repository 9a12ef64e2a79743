"""Several references per candidate: parity with sacreBLEU 2.6.0 and independence of order.

Each n-gram is clipped by its largest count in any one reference; r is the reference length
closest to c, ties going to the shorter; references with no tokens are ignored while another
reference of that candidate has tokens (sacreBLEU instead counts an empty reference's length
0 as a candidate for r; the data here has no empty lines, and the rule is checked with
hand-computed values below).
"""

from __future__ import annotations

import logging
import math
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU
from sacrebleu.utils import sum_of_lists

import bleu2
from bleu2.metrics.bleu.options import BleuConfig
from bleu2.metrics.bleu.scoring import bleu_score, score_from_stats
from bleu2.metrics.bleu.stats import pool_stats
from shared_data import TED

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
pytestmark = pytest.mark.filterwarnings("ignore")

TOL = 1e-9
SMOOTHINGS = [("none", False), ("floor", False), ("add-k", False), ("exp", False), ("exp", True), ("none", True)]


def _lines(name: str) -> list[str]:
    with open(TED / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def streams():
    """Candidates (sys1) and three reference streams: the reference, sys2 and the
    tokenized reference (another wording of the same sentence for 13a)."""
    return (
        _lines("ted.sys1.detok.eng"),
        [_lines("ted.ref.detok.eng"), _lines("ted.sys2.detok.eng"), _lines("ted.ref.eng")],
    )


@cache
def sacre_stats(n_streams: int, reverse: bool):
    hyps, refs = streams()
    refs = refs[:n_streams][::-1] if reverse else refs[:n_streams]
    return BLEU(tokenize="13a", max_ngram_order=4, force=True)._extract_corpus_statistics(hyps, refs)


def _sacre_slice(s, n):
    return s[:2] + s[2 : 2 + n] + s[6 : 6 + n]


@pytest.mark.parametrize("n_streams", [2, 3])
def test_corpus_parity_with_sacrebleu(n_streams):
    hyps, refs = streams()
    per_candidate = bleu2.references_from_streams(refs[:n_streams])
    ours = bleu2.corpus_bleu(
        hyps, per_candidate, tokenizer="13a", max_order=4, smoothing="none", sentence_scores=False
    ).sentence_stats
    sacre = sacre_stats(n_streams, False)
    assert sacre == sacre_stats(n_streams, True)  # sacreBLEU itself ignores the order
    for i, (s, t) in enumerate(zip(ours, sacre)):
        assert [s.hyp_len, s.ref_len, *s.matches, *s.totals] == t, f"line {i + 1}"
    for n in (1, 2, 3, 4):
        sl = [_sacre_slice(t, n) for t in sacre]
        pooled_sacre = sum_of_lists(sl)
        pooled = pool_stats([bleu2.SentenceStats(s.matches[:n], s.totals[:n], s.hyp_len, s.ref_len) for s in ours], n)
        for method, eff in SMOOTHINGS:
            metric = BLEU(tokenize="13a", max_ngram_order=n, smooth_method=method, effective_order=eff)
            config = BleuConfig.make(max_order=n, smoothing=method, effective_order=eff, tokenizer="13a")
            expected = metric._compute_score_from_stats(list(pooled_sacre)).score / 100
            assert abs(score_from_stats(pooled, config).score - expected) <= TOL
            for i in range(0, len(sl), 7):  # every 7th sentence
                expected = metric._compute_score_from_stats(list(sl[i])).score / 100
                got = bleu_score(
                    bleu2.SentenceStats(ours[i].matches[:n], ours[i].totals[:n], ours[i].hyp_len, ours[i].ref_len),
                    config,
                )
                assert abs(got - expected) <= TOL, (n, method, eff, i + 1)


def test_corpus_api_end_to_end_with_rotated_references():
    """corpus_bleu with the references of each line in a different order equals sacreBLEU's
    corpus_score with two streams."""
    hyps, refs = streams()
    expected = BLEU(tokenize="13a", force=True).corpus_score(hyps, refs[:2])
    per_candidate = [[a, b] if i % 2 else [b, a] for i, (a, b) in enumerate(zip(refs[0], refs[1]))]
    got = bleu2.corpus_bleu(hyps, per_candidate, tokenizer="13a", max_order=4, smoothing="exp")
    assert abs(got.score - expected.score / 100) <= TOL
    assert [p.matches for p in got.precisions] == expected.counts
    assert [p.total for p in got.precisions] == expected.totals
    assert (got.hyp_len, got.ref_len) == (expected.sys_len, expected.ref_len)
    assert got.signature.startswith("nrefs:2|")


def test_variable_number_of_references():
    """references[i] may have 1, 2 or 3 entries; sacreBLEU expresses missing ones as None."""
    hyps, refs = streams()
    hyps = hyps[:600]
    a, b, c = (r[:600] for r in refs)
    per_candidate, sb = [], [[], [], []]
    for i in range(600):
        k = i % 3
        mine = [[a[i]], [b[i], a[i]], [c[i], a[i], b[i]]][k]
        per_candidate.append(mine)
        sb[0].append(a[i])
        sb[1].append(b[i] if k >= 1 else None)
        sb[2].append(c[i] if k == 2 else None)
    metric = BLEU(tokenize="13a", force=True, smooth_method="floor")
    expected = metric.corpus_score(hyps, sb)
    got = bleu2.corpus_bleu(hyps, per_candidate, tokenizer="13a", max_order=4, smoothing="floor")
    assert abs(got.score - expected.score / 100) <= TOL
    assert [p.matches for p in got.precisions] == expected.counts
    assert got.signature.startswith("nrefs:var|")


def test_sentence_parity_refs_in_any_order():
    hyps, refs = streams()
    metric = BLEU(tokenize="13a", smooth_method="exp", effective_order=True)
    for i in range(60):
        three = [refs[0][i], refs[1][i], refs[2][i]]
        expected = metric.sentence_score(hyps[i], three).score / 100
        for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0]):
            got = bleu2.sentence_bleu(
                hyps[i], [three[j] for j in order], tokenizer="13a", max_order=4, smoothing="exp", effective_order=True
            )
            assert abs(got.score - expected) <= TOL, (i + 1, order)


# Hand-computed cases of the rules themselves.


def test_clipping_by_max_count_in_one_reference():
    # "the" appears 7 times in the candidate, at most 2 times in one reference -> 2 matches, not 3
    res = bleu2.sentence_bleu(
        "the the the the the the the",
        ["the cat is on the mat", "there is a cat on the mat"],
        max_order=1,
        smoothing="none",
        tokenizer="none",
    )
    assert (res.precisions[0].matches, res.precisions[0].total) == (2, 7)


def test_closest_length_ties_go_to_shorter():
    # c = 4; reference lengths 3 and 5 are equally close: r = 3, so BP = 1
    res = bleu2.sentence_bleu("a b c d", ["a b c", "a b c d e"], max_order=1, smoothing="none", tokenizer="none")
    assert res.ref_len == 3 and res.brevity_penalty == 1.0
    res = bleu2.sentence_bleu("a b c d", ["a b c d e", "a b c"], max_order=1, smoothing="none", tokenizer="none")
    assert res.ref_len == 3


def test_empty_reference_is_ignored_while_another_has_tokens():
    # c = 1; refs of length 0 and 3: the empty one is ignored, r = 3, BP = exp(1 - 3/1)
    res = bleu2.sentence_bleu("a", ["", "a b c"], max_order=1, smoothing="none", tokenizer="none")
    assert res.ref_len == 3
    assert res.score == pytest.approx(math.exp(-2), abs=1e-15)
    # all references empty: r = 0 and the score is 0
    res = bleu2.sentence_bleu("a", ["", " "], max_order=1, smoothing="none", tokenizer="none")
    assert res.ref_len == 0 and res.score == 0.0


refs_strategy = st.lists(
    st.lists(st.sampled_from(["a", "b", "c", "the", "cat"]), min_size=0, max_size=8).map(" ".join),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", "c", "the", "cat"]), max_size=8).map(" ".join),
    refs_strategy,
    st.randoms(use_true_random=False),
    st.sampled_from(["add-1", "none", "exp", "floor", "add-k", "method0", "method3", "method5", "method6"]),
)
def test_score_never_depends_on_reference_order(cand, refs, rnd, smoothing):
    shuffled = list(refs)
    rnd.shuffle(shuffled)
    a = bleu2.sentence_bleu(cand, refs, max_order=4, smoothing=smoothing, tokenizer="none")
    b = bleu2.sentence_bleu(cand, shuffled, max_order=4, smoothing=smoothing, tokenizer="none")
    assert a.to_dict() == b.to_dict()
