"""A metric registered in this test alone (unigram F1: 2·matches / (hypothesis words +
reference words), summed over the lines) is scored, with no other change, by ``bleu2
--metric``, by the corpus machinery's paired bootstrap and by the page's corpus controller.

Oracle: the F1 of the summed counts written out here with collections.Counter, and
sacreBLEU 2.6.0's paired bootstrap (sacrebleu/significance.py, ``_paired_bs_test``) written
out with NumPy (its generator, ``rng.choice``, float32 statistics, ``estimate_ci``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from bleu2 import cli
from bleu2.common.steps import finish
from bleu2.corpus import significance
from bleu2.metrics import registry
from bleu2.metrics.protocol import Metric, SumScores
from corpus_page import DEBOUNCE_MS, Page
from shared_data import TED

LINES = 300  # of the TED files: enough for the test to tell the systems apart, quick
NAMES = ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")


def f1(v: Sequence[float]) -> float:
    matches, hyp, ref = v
    return 2 * matches / (hyp + ref) if hyp + ref else 0.0


@dataclass(frozen=True)
class F1Result:
    score: float
    signature: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": "F1", "score": self.score, "signature": self.signature}


class UnigramF1:
    """The metric's scorer: per line [matches, hypothesis words, reference words] against the
    first reference."""

    def __init__(self, **options: Any) -> None:
        if options:
            raise TypeError(f"unknown option {next(iter(options))!r}")

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        raise TypeError("unigram F1 takes no lowercase option")

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> tuple[int, int, int]:
        ref = references if isinstance(references, str) else next(r for r in references if r is not None)
        h, r = Counter(hypothesis.split()), Counter(ref.split())
        return sum((h & r).values()), sum(h.values()), sum(r.values())

    def corpus_stats(
        self, hypotheses: Iterable[str], references: Sequence[Sequence[str]], *, layout: str | None = None
    ) -> tuple[list[tuple[int, int, int]], int]:
        assert layout == "streams"
        return [self.extract(h, refs) for h, refs in zip(hypotheses, zip(*references))], len(references)

    def sum_stats(self, lines: Sequence[Sequence[int]]) -> list[int]:
        return [sum(c) for c in zip(*lines)]

    def score_from_stats(self, stats: Sequence[int], n_refs: int | str = 1) -> F1Result:
        return F1Result(f1(stats), self.signature(n_refs))

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        return "|".join([f"nrefs:{n_refs}", *(f"{k}:{v}" for k, v in extra.items() if v is not None), "f1:unigram"])

    def significance_sums(self, counts: set[int]) -> tuple[SumScores, Any]:
        def percent(v: Sequence[int]) -> float:
            return 100 * f1(v)

        return SumScores("F1", 3, percent, percent, percent, f1, float32=False, sacrebleu=False), list


@pytest.fixture
def unigram_f1():
    metric = registry.register(Metric("unigram-f1", "Unigram F1", __name__, "UnigramF1", "corpus_f1", "sentence_f1"))
    yield metric
    registry.unregister(metric.key)


@pytest.fixture(scope="module")
def ted_lines() -> list[list[str]]:
    return [(TED / name).read_text(encoding="utf-8").splitlines()[:LINES] for name in NAMES]


def oracle_stats(ref: list[str], system: list[str]) -> list[tuple[int, int, int]]:
    out = []
    for h, r in zip(system, ref):
        hc, rc = Counter(h.split()), Counter(r.split())
        out.append((sum(min(n, rc[w]) for w, n in hc.items()), len(h.split()), len(r.split())))
    return out


def oracle_paired_bs(base: list[tuple[int, int, int]], system: list[tuple[int, int, int]], n: int, seed: int):
    """sacreBLEU 2.6.0's ``_paired_bs_test`` with this metric: (p-value, mean, ci) in percent."""
    rng = np.random.default_rng(seed)
    idxs = rng.choice(len(base), size=(n, len(base)), replace=True)
    bl, sy = np.array(base, dtype="float32"), np.array(system, dtype="float32")
    # this metric scores its (exact) float32 sums in double precision: .tolist()
    diff = abs(100 * f1(np.sum(bl, 0).tolist()) - 100 * f1(np.sum(sy, 0).tolist()))
    scores_bl = np.array([100 * f1(s.sum(0).tolist()) for s in bl[idxs]])
    scores_sys = np.array([100 * f1(s.sum(0).tolist()) for s in sy[idxs]])
    sorted_sys = np.sort(scores_sys)
    lower = n // 40
    ci = 0.5 * (sorted_sys[n - lower - 1] - sorted_sys[lower])
    d = np.abs(scores_sys - scores_bl)
    stats = d - d.mean()
    p = (np.sum(stats > diff).item() + 1) / (n + 1)
    return p, scores_sys.mean(), ci


def test_the_command_line_scores_it_with_a_paired_bootstrap(unigram_f1, ted_lines, tmp_path, capsys):
    paths = []
    for name, lines in zip(NAMES, ted_lines):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(tmp_path / name))
    code = cli.main(["-r", paths[0], paths[1], paths[2], "--metric", "unigram-f1", "--paired-bs", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    shown = json.loads(out)
    ref, sys1, sys2 = ted_lines
    expected = [f1(np.sum(oracle_stats(ref, s), 0).tolist()) for s in (sys1, sys2)]
    assert [s["score"] for s in shown] == pytest.approx(expected, abs=1e-15)
    p, mean, ci = oracle_paired_bs(oracle_stats(ref, sys1), oracle_stats(ref, sys2), 1000, 12345)
    by_name = {s["system"].rpartition("/")[2]: s for s in shown}
    assert by_name[NAMES[2]]["p_value"] == p
    assert 100 * by_name[NAMES[2]]["mean"] == pytest.approx(mean, rel=1e-9)
    assert 100 * by_name[NAMES[2]]["ci"] == pytest.approx(ci, rel=1e-9)
    assert by_name[NAMES[1]]["p_value"] is None  # the baseline
    assert shown[0]["signature"] == "nrefs:1|bs:1000|seed:12345|f1:unigram"


def test_the_corpus_machinerys_paired_bootstrap_takes_its_sums(unigram_f1, ted_lines):
    scorer = unigram_f1.make()
    ref, sys1, sys2 = ted_lines
    per_system = [scorer.corpus_stats(s, [ref], layout="streams")[0] for s in (sys1, sys2)]
    sums, vector = scorer.significance_sums({1})
    vectors = [[vector(line) for line in lines] for lines in per_system]
    base, other = finish(significance.steps("paired-bs", vectors, sums, 1000, 12345))
    p, mean, ci = oracle_paired_bs(oracle_stats(ref, sys1), oracle_stats(ref, sys2), 1000, 12345)
    assert (base.p_value, other.p_value) == (None, p)
    assert 100 * other.mean == pytest.approx(mean, rel=1e-9)
    assert 100 * other.ci == pytest.approx(ci, rel=1e-9)


def test_the_pages_corpus_controller_scores_and_ranks_by_it(unigram_f1, ted_lines):
    page = Page(lang="en")
    page.port.set("opt-metric", "unigram-f1")
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "200")
    page.load("reference", (NAMES[0], ("\n".join(ted_lines[0]) + "\n").encode()))
    page.load("system", *((name, ("\n".join(lines) + "\n").encode()) for name, lines in zip(NAMES[1:], ted_lines[1:])))
    page.work()
    page.fire(DEBOUNCE_MS)
    page.work()
    shown = json.loads(page.port.text("corpus-json"))
    ref, sys1, sys2 = ted_lines
    expected = {name: f1(np.sum(oracle_stats(ref, s), 0).tolist()) for name, s in zip(NAMES[1:], (sys1, sys2))}
    assert {s["system"]: s["unigram-f1"]["score"] for s in shown} == pytest.approx(expected, abs=1e-15)
    p, _, _ = oracle_paired_bs(oracle_stats(ref, sys1), oracle_stats(ref, sys2), 200, 12345)
    assert [s["unigram-f1"]["p_value"] for s in shown] == [None, p]
    table = page.port.last("results")["table"]
    assert "each with the same test: F1; chrF2, as sacrebleu -m chrf" in table["note"]
    best = max(expected, key=expected.__getitem__)
    assert table["names"][0] == best
