"""bleu2.metrics.bleu.scoring.mean_weights / BleuResult.mean_weights: the weights the geometric mean
actually used (the page's formula line shows them)."""

from __future__ import annotations

import math
import random

import pytest

import bleu2
from bleu2.metrics.bleu.smoothing import EFFECTIVE_ORDER_METHODS, SMOOTHING_METHODS


def test_effective_order_leaves_out_orders_and_renormalises():
    # "the dog" against the fox sentence, BLEU-4, exp, effective order:
    # only unigrams and bigrams exist, so the weights used are 1/2 each and the score is
    # BP * exp(1/2 ln 1 + 1/2 ln 1/2) with BP = exp(1 - 9/2) (c = 2, r = 9)
    r = bleu2.sentence_bleu(
        "the dog", "The quick brown fox jumps over the lazy dog", max_order=4, smoothing="exp", effective_order=True
    )
    assert r.mean_weights == (0.5, 0.5, None, None)
    expected = math.exp(1 - 9 / 2) * math.exp(0.5 * math.log(1.0) + 0.5 * math.log(0.5))
    assert r.score == pytest.approx(expected, abs=1e-12)
    assert f"{r.score:.4f}" == "0.0214"
    # the configured weights are unchanged
    assert r.weights == (0.25,) * 4


def test_no_effective_order_uses_the_configured_weights():
    r = bleu2.sentence_bleu("the dog", "the dog barks", max_order=4, smoothing="exp")
    assert r.mean_weights == (0.25,) * 4
    w = bleu2.sentence_bleu("the cat sat", "the cat sat", max_order=2, weights=[0.7, 0.3])
    assert w.mean_weights == (0.7, 0.3)


def test_nltk_methods_leave_zero_precisions_out_with_the_weights_as_given():
    # method4 on a one-token candidate: NLTK's bigram and trigram precisions are 0, so
    # they leave the sum and the unigram keeps its weight 1/3 (not renormalised)
    r = bleu2.sentence_bleu("sat", "on on sat a sat cat", max_order=3, smoothing="method4")
    assert [p.value for p in r.precisions] == [1.0, 0.0, 0.0]
    assert r.mean_weights == (1 / 3, None, None)


@pytest.mark.parametrize("method", list(SMOOTHING_METHODS))
def test_the_score_is_the_mean_over_the_weights_used(method):
    """Recomputed from mean_weights and the precisions, every score is the same."""
    rng = random.Random(method)
    words = "the a cat dog sat on mat rug is was".split()
    for _ in range(150):
        ref = " ".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        hyp = " ".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        order = rng.randint(1, 4)
        eff = method in EFFECTIVE_ORDER_METHODS and rng.random() < 0.5
        r = bleu2.sentence_bleu(hyp, ref, max_order=order, smoothing=method, effective_order=eff)
        terms = [(w, p.value) for w, p in zip(r.mean_weights, r.precisions) if w is not None]
        if (
            r.hyp_len == 0
            or r.ref_len == 0
            or (
                method not in ("method0", "method1", "method2", "method3", "method4", "method5", "method6", "method7")
                and any(v <= 0 for _, v in terms)
            )
        ):
            expected = 0.0 if r.hyp_len == 0 or r.ref_len == 0 or terms else r.score
        else:
            expected = r.brevity_penalty * math.exp(math.fsum(w * math.log(v) for w, v in terms if v > 0))
        if r.hyp_len and r.ref_len and not r.precisions[0].matches and method.startswith("method"):
            expected = 0.0  # NLTK: no unigram match scores 0 before any smoothing
        assert r.score == pytest.approx(expected, abs=1e-12), (hyp, ref, order, eff, r)
        assert len(r.mean_weights) == order
        used = [w for w in r.mean_weights if w is not None]
        if used and not method.startswith("method"):
            assert math.fsum(used) == pytest.approx(1.0)
