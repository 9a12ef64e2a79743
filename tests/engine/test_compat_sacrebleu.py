"""``bleu2.compat.sacrebleu`` as a package, as sacreBLEU 2.6.0's users import it
(``sacrebleu.metrics``), against the installed sacreBLEU (the oracle, run here): the
bootstrap estimate of ``corpus_score(..., n_bootstrap=N)``, its ``(μ = ... ± ...)`` line,
JSON and signature; chrF and TER (``CHRF``, ``TER``, ``corpus_chrf``, ``sentence_chrf``,
``corpus_ter``, ``sentence_ter``: sacreBLEU's scores bit for bit, its lines and signatures,
its README's snippets, their bootstrap estimates). (The BLEU numbers themselves:
``test_compat.py``.)"""

from __future__ import annotations

import json

import pytest
import sacrebleu as sacrebleu_peer
from sacrebleu.metrics import BLEU as PeerBLEU
from sacrebleu.metrics import CHRF as PeerCHRF
from sacrebleu.metrics import TER as PeerTER

from bleu2.compat import sacrebleu
from bleu2.compat.sacrebleu.metrics import BLEU, CHRF, TER
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
    assert metrics.CHRF is sacrebleu.CHRF is metrics.METRICS["CHRF"]


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


@pytest.mark.parametrize("seed", ["12345", "3"])
@pytest.mark.parametrize(
    "metric, options, n_refs",
    [
        ("CHRF", {}, 1),
        ("CHRF", {"word_order": 2, "eps_smoothing": True, "lowercase": True}, 2),
        ("TER", {}, 1),
        ("TER", {"normalized": True, "case_sensitive": True}, 2),
    ],
)
def test_chrf_and_ter_bootstrap_equals_sacrebleus(monkeypatch, seed, metric, options, n_refs):
    monkeypatch.setenv("SACREBLEU_SEED", seed)
    refs = [REF[:150], SYS2[:150]][:n_refs]
    ours = (CHRF if metric == "CHRF" else TER)(**options)
    theirs = (PeerCHRF if metric == "CHRF" else PeerTER)(**options)
    got, expected = (
        ours.corpus_score(SYS1[:150], refs, n_bootstrap=80),
        theirs.corpus_score(SYS1[:150], refs, n_bootstrap=80),
    )
    assert (got.score, got._mean, got._ci) == (expected.score, expected._mean, expected._ci)  # to the last bit
    assert str(got) == str(expected) and "(μ = " in str(got)
    signature = str(ours.get_signature())
    assert signature == str(theirs.get_signature()).replace(ORIGINAL, OURS)
    assert f"|bs:80|seed:{seed}|" in signature
    assert got.format(signature=signature, is_json=True) == expected.format(
        signature=str(theirs.get_signature()), is_json=True
    ).replace(ORIGINAL, OURS)


def test_ter_bootstrap_refuses_what_it_cannot_redraw_exactly():
    # three references: sacreBLEU sums float-rounded averages, which summed lengths cannot redraw
    with pytest.raises(NotImplementedError, match=r"1, 2, 4, \.\.\. references per line"):
        TER().corpus_score(SYS1[:20], [REF[:20], SYS2[:20], REF[1:21]], n_bootstrap=50)
    with pytest.raises(NotImplementedError, match="not 'var'"):
        TER().corpus_score(SYS1[:3], [REF[:3], [None, "a", "b"]], n_bootstrap=50)
    assert str(TER().corpus_score(SYS1[:60], [REF[:60]], n_bootstrap=1)) == str(
        PeerTER().corpus_score(SYS1[:60], [REF[:60]])
    )
    metric = CHRF()
    metric.corpus_score(SYS1[:60], [REF[:60]], n_bootstrap=1)
    assert "bs:" not in str(metric.get_signature())


# sacreBLEU's README (its "Using the Python API" section)
README_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
README_SYS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]


def test_the_readmes_chrf_snippet():
    from bleu2.compat.sacrebleu.metrics import BLEU, CHRF, TER  # noqa: F401  (the README's import line)

    chrf = CHRF()
    got = chrf.corpus_score(README_SYS, README_REFS)
    assert repr(got) == str(got) == "chrF2 = 59.73"
    peer = PeerCHRF()
    assert got.score == peer.corpus_score(README_SYS, README_REFS).score
    assert str(chrf.get_signature()) == str(peer.get_signature()).replace(ORIGINAL, OURS)
    assert str(chrf.get_signature()) == f"nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|version:{OURS}"
    # variable references: a None (missing) reference makes nrefs:var, '' is a reference
    for first in (None, ""):
        refs = [[first, *README_REFS[0][1:]], README_REFS[1]]
        got, peer = CHRF(), PeerCHRF()
        assert got.corpus_score(README_SYS, refs).score == peer.corpus_score(README_SYS, refs).score
        assert str(got.get_signature()) == str(peer.get_signature()).replace(ORIGINAL, OURS)


CHRF_OPTIONS = [
    {},
    {"word_order": 2},
    {"char_order": 4, "word_order": 1, "beta": 1},
    {"lowercase": True, "whitespace": True},
    {"eps_smoothing": True},
    {"eps_smoothing": True, "word_order": 2, "beta": 3},
]


@pytest.mark.parametrize("options", CHRF_OPTIONS)
def test_chrf_objects_equal_sacrebleus(options):
    ours, theirs = CHRF(**options), PeerCHRF(**options)
    got, expected = ours.corpus_score(SYS1, [REF, SYS2]), theirs.corpus_score(SYS1, [REF, SYS2])
    assert got.score == expected.score  # bit for bit
    assert (got.name, got.char_order, got.word_order, got.beta) == (
        expected.name,
        expected.char_order,
        expected.word_order,
        expected.beta,
    )
    signature, peer_signature = str(ours.get_signature()), str(theirs.get_signature())
    assert signature == peer_signature.replace(ORIGINAL, OURS)
    assert ours.get_signature().format(short=True) == theirs.get_signature().format(short=True).replace(ORIGINAL, OURS)
    assert str(got) == str(expected)
    assert got.format(width=4, signature=signature) == expected.format(width=4, signature=peer_signature).replace(
        ORIGINAL, OURS
    )
    assert got.format(signature=signature, is_json=True) == expected.format(
        signature=peer_signature, is_json=True
    ).replace(ORIGINAL, OURS)
    assert got.format(score_only=True) == expected.format(score_only=True)
    for hyp, ref, other in list(zip(SYS1, REF, SYS2))[:40]:
        got, expected = ours.sentence_score(hyp, [ref, other]), theirs.sentence_score(hyp, [ref, other])
        assert got.score == expected.score


@pytest.mark.parametrize("options", [{}, {"word_order": 2, "remove_whitespace": False}, {"eps_smoothing": True}])
def test_corpus_chrf_and_sentence_chrf_equal_sacrebleus(options):
    got, expected = sacrebleu.corpus_chrf(SYS2, [REF], **options), sacrebleu_peer.corpus_chrf(SYS2, [REF], **options)
    assert (got.score, str(got)) == (expected.score, str(expected))
    for hyp, ref in list(zip(SYS2, REF))[:40]:
        got, expected = (
            sacrebleu.sentence_chrf(hyp, [ref], **options),
            sacrebleu_peer.sentence_chrf(hyp, [ref], **options),
        )
        assert (got.score, str(got)) == (expected.score, str(expected))


def test_chrf_with_references_given_to_the_constructor():
    ours, theirs = CHRF(word_order=2, references=[REF]), PeerCHRF(word_order=2, references=[REF])
    assert ours.corpus_score(SYS1, None).score == theirs.corpus_score(SYS1, None).score
    assert ours.corpus_score(SYS2, None).score == theirs.corpus_score(SYS2, None).score


def test_the_readmes_ter_and_compatibility_api_snippets():
    from bleu2.compat.sacrebleu.metrics import TER

    ter, peer = TER(), PeerTER()
    got, expected = ter.corpus_score(README_SYS, README_REFS), peer.corpus_score(README_SYS, README_REFS)
    assert (got.score, got.num_edits, got.ref_length) == (expected.score, expected.num_edits, expected.ref_length)
    assert repr(got) == str(got) == str(expected)
    assert str(ter.get_signature()) == str(peer.get_signature()).replace(ORIGINAL, OURS)
    assert str(ter.get_signature()) == f"nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:{OURS}"
    # the compatibility API
    for name in ("corpus_bleu", "corpus_chrf", "corpus_ter"):
        assert str(getattr(sacrebleu, name)(README_SYS, README_REFS)) == str(
            getattr(sacrebleu_peer, name)(README_SYS, README_REFS)
        )
    for name in ("sentence_bleu", "sentence_chrf", "sentence_ter"):
        refs = [README_REFS[0][1], README_REFS[1][1]]
        got, expected = (
            getattr(sacrebleu, name)(README_SYS[1], refs),
            getattr(sacrebleu_peer, name)(README_SYS[1], refs),
        )
        assert (str(got), got.score) == (str(expected), pytest.approx(expected.score, abs=1e-9))


TER_OPTIONS = [
    {},
    {"case_sensitive": True},
    {"normalized": True},
    {"no_punct": True},
    {"normalized": True, "no_punct": True, "asian_support": True, "case_sensitive": True},
]


@pytest.mark.parametrize("options", TER_OPTIONS)
def test_ter_objects_equal_sacrebleus(options):
    ours, theirs = TER(**options), PeerTER(**options)
    got, expected = (
        ours.corpus_score(SYS1[:150], [REF[:150], SYS2[:150]]),
        theirs.corpus_score(SYS1[:150], [REF[:150], SYS2[:150]]),
    )
    assert (got.score, got.num_edits, got.ref_length) == (expected.score, expected.num_edits, expected.ref_length)
    assert type(got.num_edits) is int and type(got.ref_length) is float
    signature, peer_signature = str(ours.get_signature()), str(theirs.get_signature())
    assert signature == peer_signature.replace(ORIGINAL, OURS)
    assert ours.get_signature().format(short=True) == theirs.get_signature().format(short=True).replace(ORIGINAL, OURS)
    assert str(got) == str(expected)
    assert got.format(signature=signature, is_json=True) == expected.format(
        signature=peer_signature, is_json=True
    ).replace(ORIGINAL, OURS)
    for hyp, ref in list(zip(SYS2, REF))[:30]:
        got, expected = ours.sentence_score(hyp, [ref]), theirs.sentence_score(hyp, [ref])
        assert (got.score, got.num_edits, got.ref_length) == (expected.score, expected.num_edits, expected.ref_length)


@pytest.mark.parametrize("options", [{}, {"normalized": True, "case_sensitive": True}])
def test_corpus_ter_and_sentence_ter_equal_sacrebleus(options):
    got, expected = (
        sacrebleu.corpus_ter(SYS2[:150], [REF[:150]], **options),
        sacrebleu_peer.corpus_ter(SYS2[:150], [REF[:150]], **options),
    )
    assert (got.score, str(got)) == (expected.score, str(expected))
    for hyp, ref in [("", "a b"), ("a b", ""), ("", ""), ("a b c", "c a b")] + list(zip(SYS2, REF))[:20]:
        got, expected = (
            sacrebleu.sentence_ter(hyp, [ref], **options),
            sacrebleu_peer.sentence_ter(hyp, [ref], **options),
        )
        assert (got.score, got.num_edits, got.ref_length) == (expected.score, expected.num_edits, expected.ref_length)


def test_ter_with_references_given_to_the_constructor_and_refusals():
    ours, theirs = TER(references=[REF[:80]]), PeerTER(references=[REF[:80]])
    assert ours.corpus_score(SYS1[:80], None).score == theirs.corpus_score(SYS1[:80], None).score
    with pytest.raises(ValueError, match="Number of references unknown"):
        TER().get_signature()
    with pytest.raises(TypeError, match="`refs` should be a sequence of strings"):
        TER().sentence_score("a b", "a b")
    with pytest.raises(ValueError, match="No references provided"):
        TER().corpus_score(SYS1, None)


def test_chrf_refusals_as_sacrebleus():
    with pytest.raises(ValueError, match="Number of references unknown"):
        CHRF().get_signature()
    with pytest.raises(TypeError, match="`refs` should be a sequence of strings"):
        CHRF().sentence_score("a b", "a b")
    with pytest.raises(TypeError, match="`hyp` should be a string"):
        CHRF().sentence_score(["a b"], ["a b"])
    with pytest.raises(ValueError, match="No references provided"):
        CHRF().corpus_score(SYS1, None)
    with pytest.raises(ValueError, match="char_order"):
        CHRF(char_order=-1)


def test_raw_corpus_bleu_equals_sacrebleus():
    got, expected = sacrebleu.raw_corpus_bleu(SYS1, [REF]), sacrebleu_peer.raw_corpus_bleu(SYS1, [REF])
    assert str(got) == str(expected)
    assert got.score == pytest.approx(expected.score, abs=1e-9)
