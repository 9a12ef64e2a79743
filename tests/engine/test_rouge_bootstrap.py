"""ROUGE's bootstrap aggregate against rouge-score 0.1.2's ``BootstrapAggregator`` after
``np.random.seed(seed)`` (it draws from NumPy's global generator): every low, mid and
high equal; and bleu2's legacy generator against NumPy 2.4.6's ``np.random.randint`` /
``np.random.choice`` draw for draw."""

from __future__ import annotations

import numpy as np
import pytest
from rouge_score import rouge_scorer as peer_scorer
from rouge_score import scoring as peer_scoring

from bleu2.common.numpy_legacy_random import RandomState, mt19937_init
from bleu2.compat.rouge_score import rouge_scorer, scoring
from bleu2.metrics.rouge import corpus_rouge
from bleu2.metrics.rouge.scoring import percentiles
from shared_data import TED

REF = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:150]
SYS = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:150]
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


@pytest.mark.parametrize(
    "seed, high, size, calls",
    [
        (12345, 2445, 2445, 3),
        (0, 7, 3, 40),
        (1, 1, 4, 3),
        (99, 1000, 10, 60),
        (2**32 - 1, 2**31 + 5, 5, 4),
        (7, 2**32, 6, 3),
    ],
)
def test_legacy_randint_draws_as_numpy(seed, high, size, calls):
    np.random.seed(seed)
    expected = [np.random.randint(0, high, size=size).tolist() for _ in range(calls)]
    rs = RandomState(seed)
    assert [rs.randint(high, size) for _ in range(calls)] == expected


def test_choice_of_an_arange_is_the_same_stream():
    np.random.seed(12345)
    expected = [np.random.choice(np.arange(50), size=50).tolist() for _ in range(5)]
    rs = RandomState(12345)
    assert [rs.randint(50, 50) for _ in range(5)] == expected


def test_the_seeded_state_is_numpys():
    np.random.seed(12345)
    keys = np.random.get_state()[1].tolist()
    assert mt19937_init(12345) == keys


def test_a_bad_seed_is_refused():
    with pytest.raises(ValueError, match="Seed must be between 0 and 2\\*\\*32 - 1"):
        RandomState(-1)


def test_percentiles_as_numpy():
    values = [0.1 * i + (i % 7) * 0.013 for i in range(1000)]
    qs = [100 * ((1 - 0.95) / 2), 50.0, 100 * (1 - (1 - 0.95) / 2), 0.0, 100.0, 33.3]
    assert percentiles(values, qs) == np.percentile(np.array(values), qs).tolist()


def _peer_aggregate(pairs, types, seed=12345, **kwargs):
    scorer = peer_scorer.RougeScorer(types, use_stemmer=True)
    agg = peer_scoring.BootstrapAggregator(**kwargs)
    for target, prediction in pairs:
        agg.add_scores(scorer.score(target, prediction))
    np.random.seed(seed)
    return agg.aggregate()


def _same(peer, ours):
    assert peer.keys() == ours.keys()
    for t in peer:
        assert [tuple(map(float, s)) for s in peer[t]] == [tuple(s) for s in ours[t]], t


def test_aggregator_equals_rouge_scores_after_np_random_seed():
    pairs = list(zip(REF, SYS))
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    agg = scoring.BootstrapAggregator()
    for target, prediction in pairs:
        agg.add_scores(scorer.score(target, prediction))
    expected = _peer_aggregate(pairs, TYPES)
    _same(expected, agg.aggregate())
    _same(expected, agg.aggregate())  # seeded: the same call, the same numbers


def test_corpus_rouge_aggregate_is_the_peers_with_its_seed():
    pairs = list(zip(REF[:120], SYS[:120]))
    expected = _peer_aggregate(pairs, TYPES, seed=7, confidence_interval=0.9, n_samples=200)
    result = corpus_rouge(
        SYS[:120],
        REF[:120],
        rouge_types=TYPES,
        tokenizer="rouge-score",
        use_stemmer=True,
        seed=7,
        confidence=0.9,
        n_samples=200,
    )
    _same(expected, result.aggregate)
    assert "rs:7" in result.signature and "bs:200" in result.signature


@pytest.mark.parametrize("n", [1, 2, 3])
def test_few_lines(n):
    pairs = list(zip(REF[:n], SYS[:n]))
    expected = _peer_aggregate(pairs, ["rouge1", "rougeL"], n_samples=50)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
    agg = scoring.BootstrapAggregator(n_samples=50)
    for target, prediction in pairs:
        agg.add_scores(scorer.score(target, prediction))
    _same(expected, agg.aggregate())


def test_aggregator_refuses_as_rouge_score():
    with pytest.raises(ValueError, match="confidence_interval must be in range"):
        scoring.BootstrapAggregator(confidence_interval=1.5)
    with pytest.raises(ValueError, match="n_samples must be positive"):
        scoring.BootstrapAggregator(n_samples=0)
    with pytest.raises(ValueError, match="BootstrapAggregator: seed"):
        scoring.BootstrapAggregator(seed=-3)


def test_both_sums_are_numpys_left_to_right_mean():
    """Python 3.11's sum and the left fold used from 3.12 (whose sum compensates) both add
    as NumPy's mean over axis 0 of an (n, 3) matrix."""
    from bleu2.metrics.rouge.scoring import _reduce_sum, _seq_sum

    rnd = np.random.default_rng(3)
    matrix = rnd.random((2445, 3)) / 7
    expected = np.mean(matrix, axis=0).tolist()
    for fn in (_reduce_sum, _seq_sum):
        assert [fn(matrix[:, k].tolist()) / 2445 for k in range(3)] == expected
