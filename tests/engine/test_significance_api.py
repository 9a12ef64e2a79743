"""``bleu2.significance_test``: the significance tests in one call on texts, against
sacreBLEU 2.6.0 (the oracle, run here: ``PairedTest`` and ``corpus_score(n_bootstrap=)``)
with sacreBLEU's options (``preset="sacrebleu"``); its input checks; ``dir(bleu2)``."""

from __future__ import annotations

import logging

import pytest
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest

import bleu2
from shared_data import TED

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
TOL = 1e-9


def lines(name: str, n: int = 300) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1][:n]


REF, SYS1, SYS2 = lines("ted.ref.detok.eng"), lines("ted.sys1.detok.eng"), lines("ted.sys2.detok.eng")
SYS3 = [b if i % 3 else a for i, (a, b) in enumerate(zip(SYS1, SYS2))]


def paired_oracle(monkeypatch, test: str, n: int, seed: int):
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    named = [("base", SYS1), ("s2", SYS2), ("s3", SYS3)]
    _, scores = PairedTest(named, {"BLEU": BLEU(references=[REF])}, None, test, n)()
    return scores["BLEU"]


@pytest.mark.parametrize(("test", "flag", "n"), [("paired-bs", "bs", 100), ("paired-ar", "ar", 200)])
@pytest.mark.parametrize("seed", [12345, 3])
def test_paired_tests_on_texts_equal_sacrebleus(monkeypatch, test, flag, n, seed):
    out = bleu2.significance_test([SYS1, SYS2, SYS3], REF, test, n=n, seed=seed, preset="sacrebleu")
    theirs = paired_oracle(monkeypatch, flag, n, seed)
    assert out.significance is not None and len(out.significance) == 3
    for ours, expected in zip(out.significance, theirs):
        assert ours.score == pytest.approx(expected.score / 100, abs=TOL)
        assert ours.p_value == expected.p_value
        if expected.mean is None:
            assert ours.mean is None and ours.ci is None
        else:
            assert ours.mean == pytest.approx(expected.mean / 100, abs=TOL)
            assert ours.ci == pytest.approx(expected.ci / 100, abs=TOL)
    assert [s.score for s in out.systems] == [r.score for r in out.significance]
    assert f"|{flag}:{n}|seed:{seed}|" in out.signature


def test_confidence_on_texts_equals_sacrebleus_n_bootstrap(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "12345")
    out = bleu2.significance_test([SYS2], REF, "confidence", n=80, preset="sacrebleu")
    expected = BLEU().corpus_score(SYS2, [REF], n_bootstrap=80)
    (ours,) = out.significance or []
    assert ours.mean == pytest.approx(expected._mean / 100, abs=TOL)
    assert ours.ci == pytest.approx(expected._ci / 100, abs=TOL)
    assert ours.p_value is None


def test_streams_and_per_candidate_references_give_the_same_test():
    second = SYS3  # a second "reference", for two references per line
    per_candidate = [[a, b] for a, b in zip(REF, second)]
    a = bleu2.significance_test([SYS1, SYS2], per_candidate, n=50, preset="sacrebleu")
    b = bleu2.significance_test([SYS1, SYS2], [REF, second], n=50, preset="sacrebleu", layout="streams")
    assert a.significance == b.significance
    assert a.n_refs == b.n_refs == 2


@pytest.mark.parametrize(
    ("systems", "references", "kwargs", "error", "match"),
    [
        (SYS1, REF, {}, TypeError, "systems must be a list of systems"),
        ([SYS1], REF, {}, ValueError, "paired-bs needs a baseline and a system"),
        ([SYS1, SYS2[:-1]], REF, {}, ValueError, "system 1 has 299 candidates, the references 300 lines"),
        ([SYS1, SYS2], REF[:-1], {}, ValueError, "299"),
        ([SYS1, SYS2], REF, {"test": "t-test"}, ValueError, "test must be one of 'confidence', 'paired-bs'"),
        ([SYS1, SYS2], REF, {"n": 0}, ValueError, "n must be an integer >= 1"),
        ([SYS1, SYS2], REF, {"smoothing": "nope"}, ValueError, "nope"),
        (
            [["a b", "c d"], ["a b", "c e"]],
            [["a b", "c d"], ["x y", "c d"]],
            {},
            ValueError,
            "reads two ways",
        ),
    ],
)
def test_bad_input_is_refused_with_a_message(systems, references, kwargs, error, match):
    with pytest.raises(error, match=match):
        bleu2.significance_test(systems, references, **kwargs)


def test_dir_lists_the_public_names_and_not_the_typing_helpers():
    names = dir(bleu2)
    assert "Any" not in names and "TYPE_CHECKING" not in names
    assert set(bleu2.__all__) <= set(names)
