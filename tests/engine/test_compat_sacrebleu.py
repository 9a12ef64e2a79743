"""``bleu2.compat.sacrebleu`` as a package, as sacreBLEU 2.6.0's users import it
(``sacrebleu.metrics``), against the installed sacreBLEU (the oracle, run here): the
bootstrap estimate of ``corpus_score(..., n_bootstrap=N)``, its ``(μ = ... ± ...)`` line,
JSON and signature; chrF and TER refused by name. (The BLEU numbers themselves:
``test_compat.py``.)"""

from __future__ import annotations

import json

import pytest
import sacrebleu as sacrebleu_peer
from sacrebleu.metrics import BLEU as PeerBLEU

from bleu2.compat import sacrebleu
from bleu2.compat.sacrebleu.metrics import BLEU
from shared_data import TED


def lines(path, n=None) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1][:n]


REF, SYS1, SYS2 = (lines(TED / f"ted.{name}.detok.eng", 400) for name in ("ref", "sys1", "sys2"))
ORIGINAL = "2.6.0"
OURS = "bleu2-0.1.0"


def test_the_metrics_package_is_sacrebleus():
    import bleu2.compat.sacrebleu.metrics as metrics

    assert metrics.BLEU is sacrebleu.BLEU
    assert set(metrics.METRICS) == set(sacrebleu_peer.metrics.METRICS) == {"BLEU", "CHRF", "TER"}
    assert {"corpus_chrf", "sentence_chrf", "corpus_ter", "sentence_ter", "raw_corpus_bleu"} <= set(sacrebleu.__all__)


@pytest.mark.parametrize("seed", ["12345", "0", "7"])
@pytest.mark.parametrize(
    "options",
    [{}, {"tokenize": "intl", "smooth_method": "floor", "effective_order": True}, {"lowercase": True}],
    ids=["defaults", "intl-floor-eff", "lc"],
)
def test_bootstrap_equals_sacrebleus(monkeypatch, seed, options):
    monkeypatch.setenv("SACREBLEU_SEED", seed)
    ours, theirs = BLEU(**options), PeerBLEU(**options)
    got, expected = ours.corpus_score(SYS1, [REF], n_bootstrap=60), theirs.corpus_score(SYS1, [REF], n_bootstrap=60)
    assert (got.score, got._mean, got._ci) == (expected.score, expected._mean, expected._ci)
    signature = str(ours.get_signature())
    assert signature == str(theirs.get_signature()).replace(ORIGINAL, OURS)
    assert f"|bs:60|seed:{seed}|" in signature
    assert str(got) == str(expected)
    assert got.format(signature=signature, is_json=True) == expected.format(
        signature=str(theirs.get_signature()), is_json=True
    ).replace(ORIGINAL, OURS)
    assert ours.get_signature().format(short=True) == theirs.get_signature().format(short=True).replace(ORIGINAL, OURS)


def test_bootstrap_line_on_ted_with_the_default_seed(monkeypatch):
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    expected = PeerBLEU().corpus_score(SYS2, [REF], n_bootstrap=1000)
    got = BLEU().corpus_score(SYS2, [REF], n_bootstrap=1000)
    assert str(got) == str(expected)
    assert str(got).startswith(f"BLEU = {expected.score:.2f} (μ = {expected._mean:.2f} ± {expected._ci:.2f}) ")
    data = json.loads(got.format(is_json=True))
    assert (data["confidence_mean"], data["confidence_var"]) == (round(expected._mean, 2), round(expected._ci, 2))


def test_no_bootstrap_for_n_of_one_or_less():
    metric = BLEU()
    score = metric.corpus_score(SYS1, [REF], n_bootstrap=1)
    assert (score._mean, score._ci) == (-1.0, -1.0)
    assert "bs:" not in str(metric.get_signature())


@pytest.mark.parametrize(
    "call",
    [
        lambda: sacrebleu.CHRF(),
        lambda: sacrebleu.TER(),
        lambda: sacrebleu.corpus_chrf(SYS1, [REF]),
        lambda: sacrebleu.sentence_chrf(SYS1[0], [REF[0]]),
        lambda: sacrebleu.corpus_ter(SYS1, [REF]),
        lambda: sacrebleu.sentence_ter(SYS1[0], [REF[0]]),
    ],
    ids=["CHRF", "TER", "corpus_chrf", "sentence_chrf", "corpus_ter", "sentence_ter"],
)
def test_chrf_and_ter_are_refused_not_computed(call):
    with pytest.raises(NotImplementedError, match=r"not in bleu2\.compat\.sacrebleu yet"):
        call()


def test_raw_corpus_bleu_equals_sacrebleus():
    got, expected = sacrebleu.raw_corpus_bleu(SYS1, [REF]), sacrebleu_peer.raw_corpus_bleu(SYS1, [REF])
    assert str(got) == str(expected)
    assert got.score == pytest.approx(expected.score, abs=1e-9)
