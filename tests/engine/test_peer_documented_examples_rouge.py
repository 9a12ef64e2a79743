"""rouge-score 0.1.2's own documented examples, run twice: in rouge-score and through
``bleu2.compat.rouge_score`` with the one changed import (``from rouge_score import`` ->
``from bleu2.compat.rouge_score import``): its README's (google-research/google-research,
``rouge/README.md``) and its ``RougeScorer`` and ``BootstrapAggregator`` docstrings' sample
usage. The README's command line is in tests/cli/test_rouge_score_cli.py.

rouge-score's bootstrap draws from NumPy's global generator unseeded: the peer runs after
``numpy.random.seed(12345)``, bleu2's seed by default, and the aggregates are compared
whole; the docstring prints them truncated to two decimals ("0.33", "0.66")."""

from __future__ import annotations

import math

import numpy as np
from rouge_score import rouge_scorer as peer_rouge_scorer
from rouge_score import scoring as peer_scoring

from bleu2.compat.rouge_score import rouge_scorer, scoring

README_TARGET = "The quick brown fox jumps over the lazy dog"
README_PREDICTION = "The quick brown dog jumps on the log."


def test_readme_example():
    """README (and ``RougeScorer``'s docstring): ``RougeScorer(['rouge1', 'rougeL'],
    use_stemmer=True).score(...)``; printed, the same dict of ``Score`` tuples."""
    peer = peer_rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
    ours = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
    expected = peer.score(README_TARGET, README_PREDICTION)
    got = ours.score(README_TARGET, README_PREDICTION)
    assert (
        repr(got)
        == repr(expected)
        == (
            "{'rouge1': Score(precision=0.75, recall=0.6666666666666666, fmeasure=0.7058823529411765), "
            "'rougeL': Score(precision=0.625, recall=0.5555555555555556, fmeasure=0.5882352941176471)}"
        )
    )
    assert isinstance(got["rouge1"], tuple) and got["rouge1"]._fields == expected["rouge1"]._fields


def _aggregate(scorer_module, scoring_module):
    scorer = scorer_module.RougeScorer(["rouge1", "rougeL"])
    aggregator = scoring_module.BootstrapAggregator()
    aggregator.add_scores(scorer.score("one two three", "one two"))
    aggregator.add_scores(scorer.score("one two five six", "seven eight"))
    return aggregator.aggregate()


def test_bootstrap_aggregator_sample_usage():
    """``BootstrapAggregator``'s docstring (its ``Aggregator()`` is this class): low, mid and
    high of both types equal the seeded peer's, and the docstring's two decimals."""
    np.random.seed(12345)
    expected = _aggregate(peer_rouge_scorer, peer_scoring)
    got = _aggregate(rouge_scorer, scoring)
    assert sorted(got) == sorted(expected) == ["rouge1", "rougeL"]
    for t in expected:
        assert [tuple(s) for s in got[t]] == [tuple(map(float, s)) for s in expected[t]], t
        truncated = [[math.floor(x * 100) / 100 for x in s] for s in got[t]]
        assert truncated == [[0.0, 0.0, 0.0], [0.5, 0.33, 0.40], [1.0, 0.66, 0.80]], t
    assert repr(got["rouge1"]).startswith("AggregateScore(low=Score(precision=0.0, recall=0.0, fmeasure=0.0), mid=")
