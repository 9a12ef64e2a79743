"""``-w/--weights`` without ``-n`` sets the n-gram order, as NLTK's ``weights`` does (NLTK 3.10.4,
the oracle, run here on the shared TED data); ``-n`` and a different number of weights are
refused, naming both arguments, in ``bleu2`` and ``bleu2 compare``."""

from __future__ import annotations

import json

import pytest
from nltk.translate.bleu_score import corpus_bleu

import bleu2
from bleu2 import cli
from shared_data import TED

REF, SYS = TED / "ted.ref.eng", TED / "ted.sys1.eng"  # tokenized: NLTK takes whitespace-split tokens


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("weights", [(0.25, 0.25, 0.25, 0.25), (0.4, 0.3, 0.3), (0.5, 0.5), (1.0,)])
def test_the_weights_set_the_order_as_in_nltk(capsys, weights):
    code, out, err = run(capsys, "--json", "--preset", "nltk", "-r", REF, "-w", *weights, SYS)
    assert code == 0, err
    got = json.loads(out)
    hyps, refs = [h.split() for h in lines(SYS)], [[r.split()] for r in lines(REF)]
    assert got["max_order"] == len(weights) == len(got["precisions"])
    assert got["score"] == pytest.approx(corpus_bleu(refs, hyps, weights=weights), abs=1e-12)


def test_four_weights_mean_bleu_4_under_the_default_options(capsys):
    code, out, err = run(capsys, "--json", "-r", REF, "-w", "0.25", "0.25", "0.25", "0.25", SYS)
    assert code == 0, err
    got = json.loads(out)
    lib = bleu2.corpus_bleu(lines(SYS), lines(REF), max_order=4, weights=[0.25] * 4).corpus
    assert (got["max_order"], got["score"], got["signature"]) == (4, lib.score, lib.signature)
    assert run(capsys, "--json", "-r", REF, "-n", "4", "-w", "0.25,0.25,0.25,0.25", SYS)[1] == out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["-n", "3", "-w", "0.25", "0.25", "0.25", "0.25"], "-n/--max-order 3 and -w/--weights with 4 number(s)"),
        (["-w", "0.5,0.5", "--max-order", "4"], "-n/--max-order 4 and -w/--weights with 2 number(s)"),
        (["compare", "-n", "2", "-w", "0.4", "0.3", "0.3"], "-n/--max-order 2 and -w/--weights with 3 number(s)"),
    ],
)
def test_an_order_that_disagrees_with_the_weights_is_refused(capsys, argv, message):
    command, options = (argv[:1], argv[1:]) if argv[0] == "compare" else ([], argv)
    code, out, err = run(capsys, *command, "-r", REF, *options, *([SYS] * (1 + len(command))))
    assert code == 2 and out == ""
    assert f"{message} disagree" in err
