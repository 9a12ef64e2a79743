"""bleu2.corpus.significance for chrF and TER (:class:`bleu2.metrics.protocol.SumScores`) against sacreBLEU 2.6.0's
own tests (the oracle, run here): the per-line statistics are sacreBLEU's (its
``_extract_corpus_statistics``), so that only the tests' arithmetic is compared: bootstrap
confidence intervals, paired bootstrap and paired approximate randomization, seed 12345;
the percent figures must be sacreBLEU's to the last bit (its float32 resample arithmetic),
the p-values equal."""

from __future__ import annotations

import logging
from functools import cache

import pytest
from sacrebleu.metrics import CHRF, TER
from sacrebleu.significance import PairedTest

from bleu2.common.sacrebleu_math import PyFloat
from bleu2.corpus import significance as S
from bleu2.metrics.chrf.scoring import f_percent as chrf_percent
from bleu2.metrics.chrf.scoring import sum_scores as chrf_sums
from bleu2.metrics.protocol import SumScores
from bleu2.metrics.ter.scoring import sum_scores as ter_sums
from bleu2.metrics.ter.scoring import ter_percent
from shared_data import TED

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
pytestmark = pytest.mark.filterwarnings("ignore")

LINES = 200


@cache
def texts() -> tuple[list[str], list[str], list[str]]:
    def head(name: str) -> list[str]:
        return (TED / name).read_text(encoding="utf-8").split("\n")[:LINES]

    return head("ted.ref.detok.eng"), head("ted.sys1.detok.eng"), head("ted.sys2.detok.eng")


METRICS = {
    "chrF": lambda: CHRF(),
    "chrF++": lambda: CHRF(word_order=2),
    "chrF beta 3, eps smoothing, lowercase": lambda: CHRF(beta=3, eps_smoothing=True, lowercase=True),
    "chrF whitespace, char order 4": lambda: CHRF(char_order=4, whitespace=True),
    "TER": lambda: TER(),
    "TER normalized, case-sensitive": lambda: TER(normalized=True, case_sensitive=True),
}
PAIRED = ["chrF", "chrF++", "chrF beta 3, eps smoothing, lowercase", "TER"]


def stats_of(name: str, metric, system: list[str], ref: list[str]) -> tuple[SumScores, list[list[int]]]:
    lines = metric._extract_corpus_statistics(system, [ref])
    if isinstance(metric, TER):
        ints = [[int(e), int(r)] for e, r in lines]
        assert ints == lines  # one reference: whole numbers
        return ter_sums(1), ints
    return chrf_sums(metric.order, metric.beta, metric.eps_smoothing), lines


@pytest.mark.parametrize("name", METRICS)
def test_corpus_scores_are_sacrebleus_to_the_last_bit(name):
    ref, s1, _ = texts()
    metric = METRICS[name]()
    vm, lines = stats_of(name, metric, s1, ref)
    sums = [sum(c) for c in zip(*lines)]
    assert vm.corpus(sums) == metric._aggregate_and_compute(lines).score


@pytest.mark.parametrize("name", METRICS)
def test_confidence_intervals_are_sacrebleus(name):
    ref, s1, _ = texts()
    metric = METRICS[name]()
    vm, lines = stats_of(name, metric, s1, ref)
    theirs = metric.corpus_score(s1, [ref], n_bootstrap=200)
    (ours,) = S.confidence_intervals([lines], vm, 200)
    assert ours.percent == (theirs._mean, theirs._ci)
    assert ours.score == theirs.score / 100


@pytest.mark.parametrize("name", PAIRED)
@pytest.mark.parametrize("test,n", [("bs", 100), ("ar", 300)])
def test_paired_tests_are_sacrebleus(name, test, n):
    ref, s1, s2 = texts()
    metric = METRICS[name]()
    vm, l1 = stats_of(name, metric, s1, ref)
    _, l2 = stats_of(name, metric, s2, ref)
    _, scores = PairedTest([("a", s1), ("b", s2)], {"m": metric}, [ref], test, n)()
    theirs = list(scores.values())[1]
    run = S.paired_bootstrap if test == "bs" else S.paired_approximate_randomization
    ours = run([l1, l2, l1], vm, n)
    assert ours[1].p_value == theirs[1].p_value
    assert ours[2].p_value == 1 / (n + 1)  # a system against itself: no difference
    for o, t in zip(ours, theirs):
        assert o.score == t.score / 100
        if test == "bs":
            assert o.percent == (t.mean, t.ci)


def test_python_float_scores_make_the_mean_float64():
    """A resample whose chrF is sacreBLEU's Python 0.0 among float32 ones: NumPy's array of the
    scores is float64, and so are the mean and half-width."""
    assert isinstance(chrf_percent([0, 5, 0] * 6, 2, False, "float32"), PyFloat)
    assert isinstance(ter_percent(3, 0, "float32"), PyFloat)
    assert ter_percent(3, 0) == 100.0 and ter_percent(0, 0) == 0.0
    assert not isinstance(ter_percent(3, 4.0, "float32"), PyFloat)
