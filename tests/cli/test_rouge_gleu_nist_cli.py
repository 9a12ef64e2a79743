"""``bleu2 rouge|gleu|nist`` and ``bleu2 --metric rouge|gleu|nist`` against the peers on the TED
files: rouge-score 0.1.2's mean F (its ``RougeScorer``, run here), NLTK 3.10.4's
``corpus_gleu`` and ``corpus_nist``, and the NIST score mteval-v13a.pl printed for the whole
TED test set (6.5097, ``tests/engine/test_nist_mteval.py``); the paired bootstrap against
sacreBLEU 2.6.0's ``_paired_bs_test`` written out with NumPy on the per-line scores."""

from __future__ import annotations

import json
from collections.abc import Iterable

import numpy as np
import pytest
from nltk.translate.gleu_score import corpus_gleu
from nltk.translate.nist_score import corpus_nist
from rouge_score import rouge_scorer

from bleu2 import cli
from shared_data import TED

LINES = 200
NAMES = ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")


def read(name: str, lines: int | None = LINES) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1][:lines]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("rgn_cli")
    for name in NAMES:
        (d / name).write_text("\n".join(read(name)) + "\n", encoding="utf-8")
    return [str(d / name) for name in NAMES]


def run(capsys, *args: str) -> str:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def mean(rows) -> list[float]:
    """The mean over lines as rouge-score's aggregator takes it: NumPy's ``mean(axis=0)``
    of the (lines x measures) array, which adds the lines one after the other."""
    return np.mean(np.array(rows, dtype=float).reshape(len(rows), -1), axis=0).tolist()


def oracle_paired_bs(base: Iterable[float], system: Iterable[float], n: int = 1000, seed: int = 12345):
    """sacreBLEU 2.6.0's ``_paired_bs_test`` for a metric that is the mean of per-line scores."""
    rng = np.random.default_rng(seed)
    bl, sy = np.array(list(base)), np.array(list(system))
    idxs = rng.choice(len(bl), size=(n, len(bl)), replace=True)
    diff = abs(bl.mean() - sy.mean())
    scores_bl, scores_sys = bl[idxs].mean(1), sy[idxs].mean(1)
    lower = n // 40
    ci = 0.5 * (np.sort(scores_sys)[n - lower - 1] - np.sort(scores_sys)[lower])
    d = np.abs(scores_sys - scores_bl)
    p = (np.sum(d - d.mean() > diff).item() + 1) / (n + 1)
    return p, scores_sys.mean(), ci


def test_rouge_is_rouge_scores_mean_f_of_the_first_type_with_the_others_beside(files, capsys):
    shown = json.loads(
        run(capsys, "rouge", "-r", files[0], files[1], "--rouge-preset", "rouge-score", "--use-stemmer", "--json")
    )
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    peer = [scorer.score(r, h) for r, h in zip(read(NAMES[0]), read(NAMES[1]))]
    assert shown["name"] == "ROUGE-1"
    assert shown["score"] == mean([s["rouge1"] for s in peer])[2]
    for t, figures in shown["types"].items():
        assert [figures[f] for f in ("precision", "recall", "fmeasure")] == mean([s[t] for s in peer]), t
    assert shown["signature"].startswith("nrefs:1|rouge:1-2-L-Lsum|tok:rouge-score|stem:yes|")


def test_rouge_types_pick_the_score_and_the_paired_bootstrap_resamples_line_scores(files, capsys):
    out = run(capsys, "--metric", "rouge", "--rouge-types", "rougeL", "rouge2", "--paired-bs", "--json", "-r", *files)
    shown = {s["system"].rpartition("/")[2]: s for s in json.loads(out)}
    scorer = rouge_scorer.RougeScorer(["rougeL"])
    ref = read(NAMES[0])
    per_line = [[scorer.score(r, h)["rougeL"] for r, h in zip(ref, read(name))] for name in NAMES[1:]]
    assert [shown[name]["name"] for name in NAMES[1:]] == ["ROUGE-L", "ROUGE-L"]
    assert [shown[name]["score"] for name in NAMES[1:]] == [mean(x)[2] for x in per_line]
    p, bs_mean, ci = oracle_paired_bs(*([s.fmeasure for s in x] for x in per_line))
    assert shown[NAMES[1]]["p_value"] is None
    assert shown[NAMES[2]]["p_value"] == p
    assert shown[NAMES[2]]["mean"] == pytest.approx(bs_mean, abs=1e-8)
    assert shown[NAMES[2]]["ci"] == pytest.approx(ci, abs=1e-8)
    assert "|bs:1000|seed:12345|" in shown[NAMES[2]]["signature"]


def test_gleu_is_nltks_corpus_gleu(files, capsys):
    shown = json.loads(run(capsys, "gleu", "-r", files[0], files[1], files[2], "--gleu-preset", "nltk", "--json"))
    ref = [[r.split()] for r in read(NAMES[0])]
    for name, s in zip(NAMES[1:], shown):
        assert s["score"] == corpus_gleu(ref, [h.split() for h in read(name)]), name
        assert s["name"] == "GLEU"
    text = run(capsys, "gleu", "-r", files[0], files[1], "--gleu-preset", "nltk")
    assert text.startswith(f"GLEU = {100 * shown[0]['score']:.2f}  matches = {shown[0]['matches']}  total = ")


def test_nist_is_nltks_corpus_nist_and_mtevals_on_the_whole_test_set(files, capsys, tmp_path):
    shown = json.loads(run(capsys, "nist", "-r", files[0], files[1], "--nist-preset", "nltk", "--json"))
    assert shown["score"] == corpus_nist([[r.split()] for r in read(NAMES[0])], [h.split() for h in read(NAMES[1])])
    for name in NAMES[:2]:
        (tmp_path / name).write_text("\n".join(read(name, None)) + "\n", encoding="utf-8")
    text = run(capsys, "--metric", "nist", "-r", str(tmp_path / NAMES[0]), str(tmp_path / NAMES[1]))
    assert text.startswith("NIST = 6.51  penalty = ")  # not in percent: bits
    shown = json.loads(run(capsys, "nist", "-r", str(tmp_path / NAMES[0]), str(tmp_path / NAMES[1]), "--json"))
    assert f"{shown['score']:.4f}" == "6.5097"  # mteval-v13a.pl's "NIST score"
    assert shown["signature"].startswith("nrefs:1|n:5|rules:mteval|")


def test_a_metrics_options_are_refused_under_another(files, capsys):
    assert cli.main(["gleu", "-r", files[0], files[1], "--use-stemmer"]) == 2
    assert "--use-stemmer is a ROUGE option: add --metric rouge" in capsys.readouterr().err
    assert cli.main(["rouge", "-r", files[0], files[1], "--rouge-types", "rouge0"]) == 2
    assert "invalid rouge type 'rouge0'" in capsys.readouterr().err


def test_sentence_lines_are_rouge_scores_per_line_scores(files, capsys):
    out = run(capsys, "rouge", "-r", files[0], files[1], "--rouge-preset", "rouge-score", "--sentence")
    shown = [json.loads(line) for line in out.splitlines()]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"])
    peer = [scorer.score(r, h) for r, h in zip(read(NAMES[0]), read(NAMES[1]))]
    assert [s["line"] for s in shown] == list(range(1, LINES + 1))
    assert [s["score"] for s in shown] == [p["rouge1"].fmeasure for p in peer]
    assert [s["types"]["rougeL"]["recall"] for s in shown] == [p["rougeL"].recall for p in peer]
