"""``bleu2 --metric chrf|ter``: bleu2's own command for chrF and TER, against sacreBLEU 2.6.0's
API (the oracle, run here) on 200 lines of TED: the scores (fractions in JSON), the
significance tests' figures and p-values with seed 12345, the ranking (TER: lower is
better), and the options that belong to another metric refused by name."""

from __future__ import annotations

import json
import logging

import pytest
from sacrebleu.metrics import CHRF, TER
from sacrebleu.significance import PairedTest

from bleu2 import cli
from shared_data import TED

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
LINES = 200


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("metric_cli")
    for name, source in (
        ("ref.txt", "ted.ref.detok.eng"),
        ("ref2.txt", "ted.ref.eng"),
        ("sys1.txt", "ted.sys1.detok.eng"),
        ("sys2.txt", "ted.sys2.detok.eng"),
    ):
        lines = (TED / source).read_text(encoding="utf-8").split("\n")[:LINES]
        (d / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return d


def lines(files, name):
    return (files / name).read_text(encoding="utf-8").split("\n")[:LINES]


def run(files, capsys, monkeypatch, argv):
    monkeypatch.chdir(files)
    code = cli.main(argv.split())
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv,theirs",
    [
        ("--metric chrf", CHRF()),
        ("--metric chrf --word-order 2 --beta 3", CHRF(word_order=2, beta=3)),
        ("--metric chrf --char-order 4 --lowercase --whitespace --eps-smoothing", None),
        ("--metric ter", TER()),
        ("--metric ter --no-lowercase --normalized --no-punct --asian-support", None),
    ],
)
def test_scores_are_sacrebleus(argv, theirs, files, capsys, monkeypatch):
    if theirs is None:
        opts = argv.split()
        theirs = (
            CHRF(char_order=4, lowercase=True, whitespace=True, eps_smoothing=True)
            if "chrf" in opts
            else TER(case_sensitive=True, normalized=True, no_punct=True, asian_support=True)
        )
    code, out, err = run(files, capsys, monkeypatch, f"-r ref.txt -r ref2.txt {argv} --json sys1.txt")
    assert code == 0 and err == ""
    d = json.loads(out)
    expected = theirs.corpus_score(lines(files, "sys1.txt"), [lines(files, "ref.txt"), lines(files, "ref2.txt")])
    assert d["score"] == pytest.approx(expected.score / 100, abs=1e-12)
    assert d["name"] == expected.name
    assert d["signature"].split("|")[0] == "nrefs:2"


@pytest.mark.parametrize("metric,theirs", [("chrf", CHRF()), ("ter", TER())])
@pytest.mark.parametrize("test,flag,n", [("bs", "--paired-bs", 100), ("ar", "--paired-ar", 200)])
def test_paired_tests_are_sacrebleus(metric, theirs, test, flag, n, files, capsys, monkeypatch):
    code, out, _ = run(
        files, capsys, monkeypatch, f"-r ref.txt --metric {metric} {flag} {flag}-n {n} --json sys1.txt sys2.txt"
    )
    assert code == 0
    ours = json.loads(out)
    named = [("a", lines(files, "sys1.txt")), ("b", lines(files, "sys2.txt"))]
    _, scores = PairedTest(named, {"m": theirs}, [lines(files, "ref.txt")], test, n)()
    base, other = list(scores.values())[1]
    assert ours[1]["p_value"] == other.p_value and ours[0]["p_value"] is None
    if test == "bs":
        assert ours[1]["mean"] == pytest.approx(other.mean / 100, abs=1e-12)
        assert ours[0]["ci"] == pytest.approx(base.ci / 100, abs=1e-12)
    assert f"|{test}:{n}|seed:12345|" in ours[0]["signature"]


def test_ter_ranks_the_lower_score_first(files, capsys, monkeypatch):
    code, out, _ = run(files, capsys, monkeypatch, "-r ref.txt --metric ter sys2.txt sys1.txt")
    assert code == 0
    rows = out.splitlines()
    assert rows[0].split() == ["rank", "system", "TER"]
    assert rows[1].split()[:2] == ["1", "sys1.txt"] and rows[2].split()[:2] == ["2", "sys2.txt"]  # 59.25 < 59.35
    code, out, _ = run(files, capsys, monkeypatch, "-r ref.txt --metric ter --json sys2.txt sys1.txt")
    assert [(d["system"], d["rank"]) for d in json.loads(out)] == [("sys2.txt", 2), ("sys1.txt", 1)]


def test_sentence_lines_hold_each_line_s_statistics(files, capsys, monkeypatch):
    code, out, _ = run(files, capsys, monkeypatch, "-r ref.txt --metric ter --sentence sys1.txt")
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(rows) == LINES and rows[0]["line"] == 1
    first = TER().sentence_score(lines(files, "sys1.txt")[0], [lines(files, "ref.txt")[0]])
    assert rows[0]["score"] == pytest.approx(first.score / 100, abs=1e-12)
    assert rows[0]["num_edits"] == first.num_edits


@pytest.mark.parametrize(
    "argv,message",
    [
        ("--metric ter -n 3", "-n/--max-order is a BLEU option; --metric ter does not take it"),
        ("--metric chrf --smoothing floor", "-s/--smoothing is a BLEU option"),
        ("--metric chrf --preset sacrebleu", "--preset/--sacrebleu applies to BLEU"),
        ("--beta 3", "--beta is a chrF option: add --metric chrf"),
        ("--metric chrf --normalized", "--normalized is a TER option: add --metric ter"),
        ("--metric chrf --char-order 0", "--char-order + --word-order must be at least 1"),
        ("--metric bleu3", "invalid choice"),
    ],
)
def test_options_of_another_metric_are_refused_by_name(argv, message, files, capsys, monkeypatch):
    code, out, err = run(files, capsys, monkeypatch, f"-r ref.txt {argv} sys1.txt")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
