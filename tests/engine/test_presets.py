"""Every preset equals its peer, to 1e-9: on the shared TED and multiTED-ja data (the corpus
score and every sentence's score) and on random inputs (hypothesis).

The oracles: sacreBLEU 2.6.0 (``BLEU()``; ``BLEU(effective_order=True)`` and
``sacrebleu.sentence_bleu`` for ``sacrebleu-sentence``) and NLTK 3.10.4 (``corpus_bleu`` /
``sentence_bleu`` on whitespace-split tokens), installed; HF evaluate's ``bleu`` through
bleuscore 0.2.0 (HF's semantics, pinned in the test extra) and through its rules written
out (``tests/peer_rules.py``: tensorflow/nmt ``compute_bleu`` on HF's ``Tokenizer13a``),
plus values computed by hand; torchmetrics' ``BLEUScore`` through its rules written out
(torch is too heavy to install here) and its documented example.
"""

from __future__ import annotations

import logging
import math
from functools import cache

import bleuscore
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.utils import sum_of_lists

import bleu2
from peer_rules import hf_evaluate_bleu, torchmetrics_bleu
from shared_data import DATA

logging.getLogger("sacrebleu").setLevel(logging.ERROR)
pytestmark = pytest.mark.filterwarnings("ignore")  # NLTK's zero-count warnings

TOL = 1e-9
PRESETS = ["sacrebleu", "sacrebleu-sentence", "nltk", "hf-evaluate", "torchmetrics"]

# name -> (system file, reference files); one or three reference streams
CORPORA = {
    "ted-sys1-detok": ("ted/ted.sys1.detok.eng", ["ted/ted.ref.detok.eng"]),
    "ted-sys2-detok": ("ted/ted.sys2.detok.eng", ["ted/ted.ref.detok.eng"]),
    "ted-sys1-tok": ("ted/ted.sys1.eng", ["ted/ted.ref.eng"]),
    "ted-sys2-tok": ("ted/ted.sys2.eng", ["ted/ted.ref.eng"]),
    "ja-sys1": ("multited-ja/multited.sys1.jpn", ["multited-ja/multited.ref.jpn"]),
    "ja-sys2": ("multited-ja/multited.sys2.jpn", ["multited-ja/multited.ref.jpn"]),
    "ted-3refs": ("ted/ted.sys1.detok.eng", ["ted/ted.ref.detok.eng", "ted/ted.sys2.detok.eng", "ted/ted.ref.eng"]),
}


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def corpus(name: str) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, reference streams)."""
    hyp, refs = CORPORA[name]
    return _lines(hyp), [_lines(r) for r in refs]


def per_candidate(streams):
    return [list(r) for r in zip(*streams)]


# --------------------------------------------------------------------------- the oracles


def _sacre(metric: SacreBLEU, hyps, streams) -> tuple[float, list[float]]:
    stats = metric._extract_corpus_statistics(hyps, streams)
    whole = metric._compute_score_from_stats(sum_of_lists([list(s) for s in stats])).score / 100
    return whole, [metric._compute_score_from_stats(list(s)).score / 100 for s in stats]


def _nltk(hyps, refs) -> tuple[float, list[float]]:
    h = [x.split() for x in hyps]
    r = [[y.split() for y in rs] for rs in refs]
    return nltk_bleu.corpus_bleu(r, h), [nltk_bleu.sentence_bleu(rs, x) for rs, x in zip(r, h)]


def _bleuscore(hyps, refs, smooth=False) -> tuple[float, list[float]]:
    whole = bleuscore.compute(predictions=hyps, references=refs, smooth=smooth)["bleu"]
    return whole, [
        bleuscore.compute(predictions=[h], references=[r], smooth=smooth)["bleu"] for h, r in zip(hyps, refs)
    ]


def _torchmetrics(hyps, refs) -> tuple[float, list[float]]:
    return torchmetrics_bleu(hyps, refs), [torchmetrics_bleu([h], [r]) for h, r in zip(hyps, refs)]


def oracle(preset: str, hyps, streams) -> tuple[float, list[float]]:
    """(corpus score, sentence scores) of the peer of ``preset``, in [0, 1]."""
    refs = per_candidate(streams)
    if preset == "sacrebleu":
        return _sacre(SacreBLEU(force=True), hyps, streams)
    if preset == "sacrebleu-sentence":
        return _sacre(SacreBLEU(force=True, effective_order=True), hyps, streams)
    if preset == "nltk":
        return _nltk(hyps, refs)
    if preset == "hf-evaluate":
        return _bleuscore(hyps, refs)
    if preset == "torchmetrics":
        return _torchmetrics(hyps, refs)
    raise AssertionError(preset)


def assert_equal(preset, hyps, refs, expected, **extra):
    # refs are per candidate; random square ones would read two ways without layout=
    got = bleu2.corpus_bleu(hyps, refs, preset=preset, layout="per-candidate", **extra)
    whole, sentences = expected
    assert abs(got.score - whole) <= TOL, (preset, got.score, whole)
    bad = [(i + 1, a, b) for i, (a, b) in enumerate(zip(got.sentence_scores, sentences)) if abs(a - b) > TOL]
    assert not bad, (preset, len(bad), bad[:5])
    return got


# --------------------------------------------------------------------------- the shared data


def test_presets_are_read_only_and_complete():
    assert list(bleu2.PRESETS) == PRESETS
    for name, options in bleu2.PRESETS.items():
        assert set(options) == set(bleu2.DEFAULTS), name
        with pytest.raises(TypeError):
            options["max_order"] = 2  # type: ignore[index]
        assert bleu2.BleuConfig.make(**options).preset == name
        assert f"|preset:{name}|" in bleu2.BLEU(preset=name).signature()
    with pytest.raises(TypeError):
        bleu2.PRESETS["mine"] = {}  # type: ignore[index]
    configs = {bleu2.BleuConfig.make(**o) for o in bleu2.PRESETS.values()}
    assert len(configs) == len(PRESETS)  # each preset names one set of rules
    assert "preset:" not in bleu2.BLEU(preset="sacrebleu", max_order=2).signature()  # changed: not the preset


@pytest.mark.parametrize("name", list(CORPORA))
@pytest.mark.parametrize("preset", PRESETS)
def test_preset_equals_its_peer_on_the_shared_data(preset, name):
    hyps, streams = corpus(name)
    expected = oracle(preset, hyps, streams)
    assert_equal(preset, hyps, per_candidate(streams), expected)
    # sacreBLEU's layout, through the scorer object
    got = bleu2.BLEU(preset=preset).corpus_score(hyps, streams, sentence_scores=False)
    assert abs(got.score - expected[0]) <= TOL


@pytest.mark.parametrize("name", ["ted-sys1-detok", "ja-sys2", "ted-3refs"])
def test_sacrebleu_public_calls_on_the_shared_data(name):
    hyps, streams = corpus(name)
    refs = per_candidate(streams)
    assert (
        abs(bleu2.corpus_bleu(hyps, refs, preset="sacrebleu").score - sacrebleu.corpus_bleu(hyps, streams).score / 100)
        <= TOL
    )
    scorer = bleu2.BLEU(preset="sacrebleu-sentence")
    for h, r in list(zip(hyps, refs))[:300]:
        assert abs(scorer.sentence_score(h, r).score - sacrebleu.sentence_bleu(h, r).score / 100) <= TOL


@pytest.mark.parametrize("name", ["ted-sys1-detok", "ted-3refs"])
def test_hf_evaluate_rules_on_the_shared_data(name):
    """HF evaluate's rules written out (tests/peer_rules.py) agree with bleuscore and bleu2,
    also with smooth=True (bleu2: smoothing 'nmt')."""
    hyps, streams = corpus(name)
    refs = per_candidate(streams)
    for smooth in (False, True):
        extra = {"smoothing": "nmt"} if smooth else {}
        hf = hf_evaluate_bleu(hyps, refs, smooth=smooth)
        bs = bleuscore.compute(predictions=hyps, references=refs, smooth=smooth)
        got = bleu2.corpus_bleu(hyps, refs, preset="hf-evaluate", **extra)
        assert abs(hf["bleu"] - bs["bleu"]) <= TOL
        assert abs(got.score - hf["bleu"]) <= TOL
        assert (got.hyp_len, got.ref_len) == (hf["translation_length"], hf["reference_length"])
        assert [p.value for p in got.precisions] == pytest.approx(hf["precisions"], abs=1e-12)
        assert got.brevity_penalty == pytest.approx(hf["brevity_penalty"], abs=1e-12)
        if smooth:  # every sentence through bleuscore, the first 300 through the rules too
            assert max(abs(a - b) for a, b in zip(got.sentence_scores, _bleuscore(hyps, refs, True)[1])) <= TOL
            sentences = [hf_evaluate_bleu([h], [r], smooth=True)["bleu"] for h, r in zip(hyps[:300], refs)]
            assert max(abs(a - b) for a, b in zip(got.sentence_scores, sentences)) <= TOL


def test_sacrebleu_sentence_level_turns_effective_order_on():
    """sacrebleu.sentence_bleu turns effective order on: 47 of the 2,445 TED lines differ
    under the 'sacrebleu' preset, none under 'sacrebleu-sentence'; "Thank you ." against
    itself is 100 in sacreBLEU and 0 without effective order."""
    hyps, streams = corpus("ted-sys1-detok")
    refs = per_candidate(streams)
    oracle_scores = [sacrebleu.sentence_bleu(h, r).score / 100 for h, r in zip(hyps, refs)]
    for preset, differ in (("sacrebleu", 47), ("sacrebleu-sentence", 0)):
        scorer = bleu2.BLEU(preset=preset)
        got = [scorer.sentence_score(h, r).score for h, r in zip(hyps, refs)]
        assert sum(abs(a - b) > TOL for a, b in zip(got, oracle_scores)) == differ, preset
    assert sacrebleu.sentence_bleu("Thank you .", ["Thank you ."]).score == pytest.approx(100.0, abs=1e-9)
    assert bleu2.sentence_bleu("Thank you .", "Thank you .", preset="sacrebleu").score == 0.0
    assert bleu2.sentence_bleu("Thank you .", "Thank you .", preset="sacrebleu-sentence").score == pytest.approx(1.0)


def test_sacrebleu_strips_a_segment_before_13a():
    """sacreBLEU right-strips each segment before tokenizing, so 13a's hyphen-at-a-line-end
    rule never fires at a segment's end: 100 in sacreBLEU, 80.91 without stripping."""
    hyp, ref = ["the cat sat on the mat re-\n"], [["the cat sat on the mat re-"]]
    assert sacrebleu.corpus_bleu(hyp, [[r[0] for r in ref]]).score == pytest.approx(100.0, abs=1e-9)
    assert bleu2.corpus_bleu(hyp, ref, **bleu2.SACREBLEU_OPTIONS).score == pytest.approx(1.0, abs=1e-12)
    unstripped = bleu2.corpus_bleu(hyp, ref, **{**bleu2.SACREBLEU_OPTIONS, "rstrip": False})
    assert f"{unstripped.score * 100:.2f}" == "80.91"
    # HF evaluate's Tokenizer13a does not strip: its rules give the 80.91 too
    assert f"{hf_evaluate_bleu(hyp, ref)['bleu'] * 100:.2f}" == "80.91"
    assert bleu2.corpus_bleu(hyp, ref, preset="hf-evaluate").score == pytest.approx(hf_evaluate_bleu(hyp, ref)["bleu"])


# --------------------------------------------------------------------------- hand-computed values


def test_hf_evaluate_documented_example():
    # HF evaluate's bleu card: bleu 1.0, translation_length 7, reference_length 6 (3 + 3:
    # the shortest reference of the first prediction has 3 tokens)
    predictions = ["hello there general kenobi", "foo bar foobar"]
    references = [["hello there general kenobi", "hello there !"], ["foo bar foobar"]]
    got = bleu2.corpus_bleu(predictions, references, preset="hf-evaluate")
    assert (got.score, got.hyp_len, got.ref_len) == (1.0, 7, 6)
    assert bleuscore.compute(predictions=predictions, references=references)["reference_length"] == 6


def test_reference_length_rules_by_hand():
    # c = 4; references of 5 and 3 tokens, both at distance 1
    cand, refs = "a b c d", ["a b c d e", "a b c"]
    closest = bleu2.sentence_bleu(cand, refs, max_order=1, smoothing="none", tokenizer="none")
    assert (closest.ref_len, closest.score) == (3, 1.0)  # ties to the shorter: BP 1
    first = bleu2.sentence_bleu(cand, refs, max_order=1, smoothing="none", tokenizer="none", ref_length="closest-first")
    assert first.ref_len == 5 and first.score == pytest.approx(math.exp(1 - 5 / 4), abs=1e-15)
    shortest = bleu2.sentence_bleu(cand, ["a b c d", "a b"], max_order=1, smoothing="none", ref_length="shortest")
    assert shortest.ref_len == 2 and shortest.score == 1.0
    assert torchmetrics_bleu([cand], [refs], n_gram=1) == pytest.approx(math.exp(1 - 5 / 4), abs=1e-15)
    with pytest.raises(ValueError, match="ref_length must be one of closest, closest-first, shortest"):
        bleu2.BLEU(ref_length="longest")


def test_torchmetrics_documented_example():
    # torchmetrics' BLEUScore docstring: tensor(0.7598). By hand: r = 6 (the second
    # reference, at distance 0), p = 5/6, 4/5, 3/4, 2/3, BP 1: (1/3) ** (1/4).
    preds, target = ["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat"]]
    got = bleu2.corpus_bleu(preds, target, preset="torchmetrics")
    assert [(p.matches, p.total) for p in got.precisions] == [(5, 6), (4, 5), (3, 4), (2, 3)]
    assert got.score == pytest.approx((1 / 3) ** 0.25, abs=1e-15)
    assert f"{got.score:.4f}" == "0.7598"
    assert torchmetrics_bleu(preds, target) == pytest.approx(got.score, abs=1e-15)


def test_nmt_smoothing_by_hand():
    # HF evaluate smooth=True (tensorflow/nmt): "a b" against "a b c d e": p = 3/3, 2/2, 1/1, 1/1
    # (no trigram: (0 + 1) / (0 + 1)), BP exp(1 - 5/2)
    got = bleu2.sentence_bleu("a b", "a b c d e", preset="hf-evaluate", smoothing="nmt")
    assert [p.value for p in got.precisions] == [1.0, 1.0, 1.0, 1.0]
    assert got.score == pytest.approx(math.exp(1 - 5 / 2), abs=1e-15)
    assert bleuscore.compute(predictions=["a b"], references=[["a b c d e"]], smooth=True)["bleu"] == pytest.approx(
        got.score, abs=1e-15
    )
    # no match at all still scores: p = 1/3, 1/2, 1, 1
    none = bleu2.sentence_bleu("x y", "a b", preset="hf-evaluate", smoothing="nmt")
    assert none.score == pytest.approx((1 / 6) ** 0.25, abs=1e-15)


# --------------------------------------------------------------------------- random inputs

_WORDS = ["the", "cat", "The", "sat", "on", "mat", "re", "é", "中", "3", "a"]
_SEPS = [" ", "  ", "\t", " - ", "-", ", ", ". ", ".", "-\n", "\n", " &amp; "]
_segment = st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(_SEPS)), max_size=9).map(
    lambda parts: "".join(w + s for w, s in parts)
) | st.sampled_from(["", " ", "Thank you .", "a b c d"])
_corpus = st.integers(1, 4).flatmap(
    lambda n: st.tuples(
        st.lists(_segment, min_size=n, max_size=n),
        st.lists(st.lists(_segment, min_size=1, max_size=3), min_size=n, max_size=n),
    )
)


def _random_oracle(preset, hyps, refs):
    if preset in ("sacrebleu", "sacrebleu-sentence", "nltk", "torchmetrics"):
        n = max(map(len, refs))
        if preset.startswith("sacrebleu"):
            # sacreBLEU's layout: streams, None where a line has fewer references
            streams = [[rs[j] if j < len(rs) else None for rs in refs] for j in range(n)]
            metric = SacreBLEU(force=True, effective_order=preset == "sacrebleu-sentence")
            return _sacre(metric, hyps, streams)
        return _nltk(hyps, refs) if preset == "nltk" else _torchmetrics(hyps, refs)
    raise AssertionError(preset)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_corpus, st.sampled_from(["sacrebleu", "sacrebleu-sentence", "nltk", "torchmetrics"]))
def test_presets_equal_their_peers_on_random_inputs(data, preset):
    hyps, refs = data
    assert_equal(preset, hyps, refs, _random_oracle(preset, hyps, refs))


def _hf_or_none(hyps, refs, smooth=False):
    try:
        return hf_evaluate_bleu(hyps, refs, smooth=smooth)["bleu"]
    except ZeroDivisionError:
        return None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_corpus, st.booleans())
def test_hf_evaluate_preset_on_random_inputs(data, smooth):
    """HF's rules where HF gives a number; where it divides by zero (c = 0 or r = 0),
    bleuscore's number (HF's semantics without the exception), except for c = r = 0 with
    smoothing, where bleuscore says 1 and bleu2 0 (docs/parity.md)."""
    hyps, refs = data
    extra = {"smoothing": "nmt"} if smooth else {}
    got = bleu2.corpus_bleu(hyps, refs, preset="hf-evaluate", layout="per-candidate", **extra)
    for score, h, r in [(got.score, hyps, refs)] + [(s, [h], [r]) for s, h, r in zip(got.sentence_scores, hyps, refs)]:
        expected = _hf_or_none(h, r, smooth)
        bs = bleuscore.compute(predictions=h, references=r, smooth=smooth)
        if expected is None:
            if bs["translation_length"] == 0 == bs["reference_length"] and smooth:
                assert score == 0.0 and bs["bleu"] == 1.0
                continue
            expected = bs["bleu"]
        else:
            assert abs(bs["bleu"] - expected) <= TOL, (h, r)  # the two oracles agree
        assert abs(score - expected) <= TOL, (h, r, score, expected)
