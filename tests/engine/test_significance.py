"""bleu2.corpus.significance against sacreBLEU 2.6.0 (the oracle, run here): bootstrap confidence
intervals (``--confidence``), paired bootstrap (``--paired-bs``) and paired approximate
randomization (``--paired-ar``) on the shared TED and multiTED-ja data.

bleu2's statistics come from its sacreBLEU-compatible options (tokenizer 13a/intl/none,
case kept, sacreBLEU's smoothing); sacreBLEU computes its own from the texts. Means, CI
half-widths and scores must equal sacreBLEU's / 100 within 1e-9 (they agree to the last
bit or two); p-values must be equal. Most cases use small n; one full-size case per test
(1,000 resamples, 10,000 trials) runs on the whole TED file.

Speed: sacreBLEU tokenizes each file once per tokenizer (its statistics extraction is
memoized below; its significance code, which is what is under comparison, runs as is).
"""

from __future__ import annotations

import logging
import math
import random
import statistics
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest

import bleu2
from bleu2.common import sacrebleu_math as M
from bleu2.corpus import significance as S
from bleu2.metrics.bleu import sacrebleu_score as B
from bleu2.metrics.bleu.options import BleuConfig
from bleu2.metrics.bleu.scoring import bleu_score
from bleu2.metrics.bleu.stats import SentenceStats, pool_stats

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
pytestmark = pytest.mark.filterwarnings("ignore")

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
CORPORA = {
    "ted": ("ted/ted.ref.detok.eng", "ted/ted.sys1.detok.eng", "ted/ted.sys2.detok.eng"),
    "ja": ("multited-ja/multited.ref.jpn", "multited-ja/multited.sys1.jpn", "multited-ja/multited.sys2.jpn"),
}
TOL = 1e-9


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def corpus(name: str, n_lines: int | None = None) -> tuple[list[str], list[list[str]]]:
    """(references, [baseline, system 2, system 3]): the third system takes every third
    line from system 1 and the others from system 2."""
    ref, s1, s2 = (_lines(p)[:n_lines] for p in CORPORA[name])
    s3 = [b if i % 3 else a for i, (a, b) in enumerate(zip(s1, s2))]
    return ref, [s1, s2, s3]


class _MemoBLEU(BLEU):
    """sacreBLEU's BLEU with its per-line statistics extraction memoized per system text."""

    def _extract_corpus_statistics(self, hypotheses, references):
        key = id(hypotheses)
        if key not in self._memo:
            self._memo[key] = (hypotheses, super()._extract_corpus_statistics(hypotheses, references))
        return [list(x) for x in self._memo[key][1]]


@cache
def sacre_metric(name: str, n_lines, tok: str, order: int, method: str, value, eff: bool) -> BLEU:
    ref, _ = corpus(name, n_lines)
    m = _MemoBLEU(
        tokenize=tok,
        max_ngram_order=order,
        smooth_method=method,
        smooth_value=value,
        effective_order=eff,
        force=True,
        references=[ref],
    )
    m._memo = {}
    return m


@cache
def our_stats(name: str, n_lines, tok: str, order: int) -> list[tuple[SentenceStats, ...]]:
    ref, systems = corpus(name, n_lines)
    return [
        bleu2.corpus_bleu(
            h, ref, tokenizer=tok, lowercase=False, max_order=order, smoothing="none", sentence_scores=False
        ).sentence_stats
        for h in systems
    ]


def config(tok, order, method, value, eff) -> BleuConfig:
    return BleuConfig.make(
        tokenizer=tok, lowercase=False, max_order=order, smoothing=method, smooth_value=value, effective_order=eff
    )


def sacre_paired(monkeypatch, case, test, n, seed, n_systems=3, n_conf=-1):
    name, n_lines, _tok, _order, _method, _value, _eff = case
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    _, systems = corpus(name, n_lines)
    metric = sacre_metric(*case)
    named = [(f"s{i}", systems[i]) for i in range(n_systems)]
    _, scores = PairedTest(named, {"BLEU": metric}, None, test, n, n_ar_confidence=n_conf)()
    return scores["BLEU"]


def assert_same(ours: list[S.Result], theirs, what: str):
    assert len(ours) == len(theirs)
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert abs(a.score - b.score / 100) <= TOL, (what, k, "score")
        if b.mean is None:
            assert a.mean is None and a.ci is None
        else:
            assert abs(a.mean - b.mean / 100) <= TOL, (what, k, "mean", a.mean, b.mean / 100)
            assert abs(a.ci - b.ci / 100) <= TOL, (what, k, "ci", a.ci, b.ci / 100)
        assert a.p_value == b.p_value, (what, k, "p", a.p_value, b.p_value)


# (corpus, lines, tokenizer, order, method, smooth_value, effective_order)
SMALL_CASES = [
    ("ted", 700, "13a", 4, "exp", None, False),
    ("ted", 700, "intl", 4, "exp", None, False),
    ("ted", 700, "13a", 2, "exp", None, False),
    ("ted", 700, "intl", 2, "exp", None, False),
    ("ted", 700, "13a", 4, "floor", None, False),
    ("ted", 700, "13a", 4, "floor", 0.5, True),
    ("ted", 700, "13a", 4, "add-k", None, False),
    ("ted", 700, "13a", 3, "add-k", 0.5, False),
    ("ted", 700, "13a", 4, "add-k", 2, True),
    ("ted", 700, "13a", 2, "none", None, False),
    ("ted", 700, "13a", 4, "exp", None, True),
    ("ja", 700, "none", 4, "exp", None, False),
    ("ja", 700, "none", 2, "floor", None, False),
]
SEEDS = [1, 2**32 + 7]  # besides the default 12345, on the first two cases


def case_id(c):
    return f"{c[0]}-{c[2]}-n{c[3]}-{c[4]}{'' if c[5] is None else c[5]}{'-eff' if c[6] else ''}"


SEEDED = [(c, 12345) for c in SMALL_CASES] + [(c, s) for c in SMALL_CASES[:2] for s in SEEDS]


@pytest.mark.parametrize("case, seed", SEEDED, ids=[f"{case_id(c)}-{s}" for c, s in SEEDED])
def test_paired_bootstrap_small(monkeypatch, case, seed):
    theirs = sacre_paired(monkeypatch, case, "bs", 60, seed)
    ours = S.paired_bootstrap(our_stats(*case[:4]), config(*case[2:]), n=60, seed=seed)
    assert_same(ours, theirs, "bs")


@pytest.mark.parametrize("case, seed", SEEDED, ids=[f"{case_id(c)}-{s}" for c, s in SEEDED])
def test_paired_ar_small(monkeypatch, case, seed):
    theirs = sacre_paired(monkeypatch, case, "ar", 150, seed)
    ours = S.paired_approximate_randomization(our_stats(*case[:4]), config(*case[2:]), n=150, seed=seed)
    assert_same(ours, theirs, "ar")


@pytest.mark.parametrize("case", SMALL_CASES[:2] + SMALL_CASES[7:9], ids=case_id)
def test_paired_ar_with_confidence(monkeypatch, case):
    """sacreBLEU's API option n_ar_confidence: the systems' resamples continue the trials'
    generator, the baseline's come from a fresh one."""
    theirs = sacre_paired(monkeypatch, case, "ar", 100, 12345, n_conf=40)
    ours = S.paired_approximate_randomization(our_stats(*case[:4]), config(*case[2:]), n=100, n_confidence=40)
    assert_same(ours, theirs, "ar+ci")


CI_SEEDED = [(c, 12345) for c in SMALL_CASES] + [(c, s) for c in SMALL_CASES[:2] for s in (0, 2**40)]


@pytest.mark.parametrize("case, seed", CI_SEEDED, ids=[f"{case_id(c)}-{s}" for c, s in CI_SEEDED])
def test_confidence_small(monkeypatch, case, seed):
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    metric = sacre_metric(*case)
    _, systems = corpus(*case[:2])
    ours = S.confidence_intervals(our_stats(*case[:4])[:2], config(*case[2:]), n=80, seed=seed)
    for k in range(2):
        theirs = metric.corpus_score(systems[k], None, n_bootstrap=80)
        assert abs(ours[k].score - theirs.score / 100) <= TOL
        assert abs(ours[k].mean - theirs._mean / 100) <= TOL
        assert abs(ours[k].ci - theirs._ci / 100) <= TOL
        assert ours[k].p_value is None


FULL = ("ted", None, "13a", 4, "exp", None, False)  # sacreBLEU's defaults, the whole TED file


def test_paired_bootstrap_full(monkeypatch):
    theirs = sacre_paired(monkeypatch, FULL, "bs", 1000, 12345)
    ours = S.paired_bootstrap(our_stats(*FULL[:4]), config(*FULL[2:]))
    assert_same(ours, theirs, "bs-full")


def test_paired_ar_full(monkeypatch):
    theirs = sacre_paired(monkeypatch, FULL, "ar", 10000, 12345, n_systems=2)
    ours = S.paired_approximate_randomization(our_stats(*FULL[:4])[:2], config(*FULL[2:]))
    assert_same(ours, theirs, "ar-full")


def test_confidence_full(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    theirs = sacre_metric(*FULL).corpus_score(corpus(*FULL[:2])[1][1], None, n_bootstrap=1000)
    (ours,) = S.confidence_intervals(our_stats(*FULL[:4])[1:2], config(*FULL[2:]))
    assert abs(ours.score - theirs.score / 100) <= TOL
    assert abs(ours.mean - theirs._mean / 100) <= TOL
    assert abs(ours.ci - theirs._ci / 100) <= TOL


def test_float32_emulation_matters(monkeypatch):
    """With exact arithmetic instead of sacreBLEU's float32, the CI half-widths move by
    more than the tolerance: the emulation is needed, not decorative."""
    case = SMALL_CASES[0]
    stats, cfg = our_stats(*case[:4])[:2], config(*case[2:])
    emulated = S.paired_bootstrap(stats, cfg, n=200)
    monkeypatch.setattr(B, "f32", lambda x: x)  # BLEU's float32 frame
    exact = S.paired_bootstrap(stats, cfg, n=200)
    assert max(abs(a.ci - b.ci) for a, b in zip(emulated, exact)) > TOL


# ----------------------------------------------------------------- the emulated arithmetic


def _random_vectors(order: int, count: int, seed: int = 0):
    rnd = random.Random(seed)
    for _ in range(count):
        c = rnd.choice([0, 1, 2, 3, 5, rnd.randrange(10**6)])
        r = rnd.choice([c, c + rnd.randrange(5), max(0, c - rnd.randrange(5)), rnd.randrange(10**6)])
        totals = [max(0, c - n) * rnd.choice([1, 1, 1, 3]) for n in range(order)]
        matches = [rnd.choice([0, 0, t, rnd.randrange(t + 1)]) if t else 0 for t in totals]
        yield [c, r, *matches, *totals]


@pytest.mark.parametrize(
    "method, value",
    [("exp", None), ("floor", None), ("floor", 0.37), ("add-k", None), ("add-k", 0.5), ("add-k", 3), ("none", None)],
)
@pytest.mark.parametrize("eff", [False, True])
@pytest.mark.parametrize("order", [1, 2, 4])
def test_score_arithmetic_bit_for_bit(method, value, eff, order):
    """sacrebleu_score equals sacreBLEU's compute_bleu exactly (==) in its three settings:
    float32 arrays (bootstrap), Python ints (corpus scores), int64 arrays (AR trials)."""
    metric = BLEU(max_ngram_order=order, smooth_method=method, smooth_value=value, effective_order=eff)
    k = BLEU.SMOOTH_DEFAULTS[method] if value is None else value
    for v in _random_vectors(order, 300, seed=order):
        f32 = metric._compute_score_from_stats(np.array(v, dtype="float32")).score
        ints = metric._compute_score_from_stats(list(v)).score
        i64 = metric._compute_score_from_stats(np.array([v], dtype=np.int64)[0]).score
        assert B.sacrebleu_score(v, order, method, k, eff, "float32") == f32, v
        assert B.sacrebleu_score(v, order, method, k, eff, "double") == ints, v
        assert B.sacrebleu_score(v, order, method, k, eff, "int64") == i64, v


def test_numpy_mean():
    rnd = random.Random(3)
    for n in [1, 2, 7, 8, 9, 127, 128, 129, 1000, 1001, 10000, 12345]:
        values = [rnd.uniform(0, 50) * rnd.choice([1, 1e-3, 1e6]) for _ in range(n)]
        assert M.numpy_mean(values) == float(np.mean(np.array(values)))
        assert M.numpy_mean(sorted(values)) == float(np.sort(np.array(values)).mean())


def test_f32():
    for x in [0.1, 1 / 3, 100 / 7, 2.0**-140, 123456789.0, 0.0]:
        assert M.f32(x) == float(np.float32(x))


# ----------------------------------------------------------------- other configurations


def test_exact_scores_for_configurations_sacrebleu_lacks():
    """bleu2's default BLEU-2 add-1, NLTK's method5 (order-5 counts) and custom weights:
    resamples are scored exactly with bleu_score on the pooled statistics (checked here
    by pooling the resampled lines one by one, with NumPy's resample indices)."""
    ref, systems = corpus("ted", 300)
    for opts in [dict(), dict(max_order=4, smoothing="method5"), dict(max_order=3, weights=(0.5, 0.3, 0.2))]:
        cfg = BleuConfig.make(**opts)
        stats = [bleu2.corpus_bleu(h, ref, **opts, sentence_scores=False).sentence_stats for h in systems[:2]]
        ours = S.paired_bootstrap(stats, cfg, n=30, seed=7)
        idx = np.random.default_rng(7).choice(300, size=(30, 300)).tolist()
        scores = [[bleu_score(pool_stats([st[i] for i in row], cfg.max_order), cfg) for row in idx] for st in stats]
        for k in range(2):
            s = sorted(scores[k])
            assert math.isclose(ours[k].mean, statistics.fmean(s), rel_tol=1e-12)
            assert ours[k].ci == 0.5 * (s[-1] - s[0])  # n // 40 == 0 for n = 30
            assert ours[k].score == bleu_score(pool_stats(stats[k], cfg.max_order), cfg)
        diffs = [abs(a - b) for a, b in zip(scores[1], scores[0])]
        d = abs(ours[0].score - ours[1].score)
        m = statistics.fmean(diffs)
        assert ours[1].p_value == (sum(x - m > d for x in diffs) + 1) / 31


def test_ar_exact_for_configurations_sacrebleu_lacks():
    """Approximate randomization with bleu2's default BLEU-2 add-1 and NLTK's method4,
    checked by pooling the swapped lines one by one with NumPy's swap pattern."""
    ref, systems = corpus("ted", 200)
    for opts in [dict(), dict(max_order=4, smoothing="method4")]:
        cfg = BleuConfig.make(**opts)
        stats = [bleu2.corpus_bleu(h, ref, **opts, sentence_scores=False).sentence_stats for h in systems]
        ours = S.paired_approximate_randomization(stats, cfg, n=40, seed=11)
        sel = np.random.default_rng(11).integers(2, size=(40, 200), dtype=bool).tolist()
        real = [bleu_score(pool_stats(st, cfg.max_order), cfg) for st in stats]
        for k in (1, 2):
            count = 0
            for row in sel:
                a = [stats[0][i] if row[i] else stats[k][i] for i in range(200)]
                b = [stats[k][i] if row[i] else stats[0][i] for i in range(200)]
                sa, sb = (bleu_score(pool_stats(x, cfg.max_order), cfg) for x in (a, b))
                count += abs(sa - sb) > abs(real[0] - real[k])
            assert ours[k].p_value == (count + 1) / 41


@pytest.mark.parametrize("n_lines", [1, 2, 5, 33])
def test_tiny_corpora(monkeypatch, n_lines):
    """One line draws no resample indices at all (NumPy's integers(0, 1) draws nothing);
    bool patterns shorter than 32 bits leave most of a draw unused."""
    case = ("ted", n_lines, "13a", 4, "exp", None, False)
    stats, cfg = our_stats(*case[:4]), config(*case[2:])
    assert_same(S.paired_bootstrap(stats, cfg, n=50), sacre_paired(monkeypatch, case, "bs", 50, 12345), "bs")
    assert_same(
        S.paired_approximate_randomization(stats, cfg, n=70), sacre_paired(monkeypatch, case, "ar", 70, 12345), "ar"
    )


def test_a_system_against_itself():
    """Every difference is 0, and sacreBLEU counts only differences > the observed one (0):
    p = 1 / (n + 1), as sacreBLEU reports."""
    stats = our_stats("ted", 200, "13a", 4)
    cfg = config("13a", 4, "exp", None, False)
    res = S.paired_approximate_randomization([stats[0], stats[0]], cfg, n=99)
    assert res[1].p_value == 0.01
    res = S.paired_bootstrap([stats[0], stats[0]], cfg, n=99)
    assert res[1].p_value == 0.01 and res[1].mean == res[0].mean


# ----------------------------------------------------------------- API behaviour


def test_progress_and_cancel():
    stats = our_stats("ted", 300, "13a", 4)[:2]
    cfg = config("13a", 4, "exp", None, False)
    seen = []
    S.paired_bootstrap(stats, cfg, n=500, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (500, 500) and all(a <= b for (a, _), (b, _) in zip(seen, seen[1:]))
    seen.clear()
    S.paired_approximate_randomization(stats, cfg, n=600, n_confidence=50, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (700, 700) and len(seen) > 3
    with pytest.raises(S.SignificanceCancelled):
        S.paired_bootstrap(stats, cfg, n=500, progress=lambda d, t: d >= 100)
    with pytest.raises(S.SignificanceCancelled):
        S.paired_approximate_randomization(stats, cfg, n=5000, progress=lambda d, t: True)
    with pytest.raises(S.SignificanceCancelled):
        S.confidence_intervals(stats, cfg, n=500, progress=lambda d, t: True)


def test_seeds():
    stats = our_stats("ted", 300, "13a", 2)[:2]
    cfg = config("13a", 2, "exp", None, False)
    a = S.paired_bootstrap(stats, cfg, n=50, seed=3)
    assert a == S.paired_bootstrap(stats, cfg, n=50, seed=3)
    assert a != S.paired_bootstrap(stats, cfg, n=50, seed=4)
    b = S.paired_bootstrap(stats, cfg, n=50, seed=None)  # OS entropy
    assert b[0].score == a[0].score and 0 < b[1].p_value <= 1
    assert a[0].to_dict() == {"score": a[0].score, "mean": a[0].mean, "ci": a[0].ci, "p_value": None}


def test_errors():
    stats = our_stats("ted", 100, "13a", 2)
    cfg = config("13a", 2, "exp", None, False)
    with pytest.raises(ValueError, match="at least 2"):
        S.paired_bootstrap(stats[:1], cfg)
    with pytest.raises(ValueError, match="at least 1"):
        S.confidence_intervals([], cfg)
    with pytest.raises(ValueError, match="lines"):
        S.paired_bootstrap([stats[0], stats[1][:-1]], cfg)
    with pytest.raises(ValueError, match="no lines"):
        S.confidence_intervals([[]], cfg)
    with pytest.raises(ValueError, match=">= 1"):
        S.paired_bootstrap(stats, cfg, n=0)
    with pytest.raises(ValueError, match="n_confidence"):
        S.paired_approximate_randomization(stats, cfg, n=10, n_confidence=0)
    with pytest.raises(ValueError, match="orders"):
        S.paired_bootstrap(stats, config("13a", 4, "exp", None, False))
    with pytest.raises(TypeError):
        S.paired_bootstrap([["x"], ["y"]], cfg)
    with pytest.raises(TypeError):
        S.paired_bootstrap(stats, {"max_order": 2})
