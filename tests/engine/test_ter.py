"""TER (bleu2.metrics.ter.api): sacreBLEU 2.6.0's published TER and tercom-tokenizer test cases
(test/test_ter.py, test/test_tokenizer_ter.py), the results' forms and signatures against
sacreBLEU's, the options' checks, the layouts, and odd text against sacreBLEU itself."""

from __future__ import annotations

import itertools
import json

import pytest
import sacrebleu
from sacrebleu.metrics import TER as SacreTER

import bleu2
from bleu2.metrics.ter.normalize import normalize

# --- sacreBLEU's published cases -------------------------------------------------------------

# test/test_ter.py: (hypotheses, references, TER as a fraction), compared within 1e-3 percent.
WMT19_HYPS = [
    (
        'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , '
        "damit das Bild ungefähr dieselbe Größe aufweist wie die andere Größe ."
    ),
    (
        "wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des "
        'Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "'
    ),
    (
        'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie '
        'Werte für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .'
    ),
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .",
    'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
]
WMT19_REFS = [
    (
        'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , '
        "damit die Darstellung des Bildes in einer anderen Größe beibehalten wird ."
    ),
    WMT19_HYPS[1],
    (
        'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie für '
        '" Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .'
    ),
    "Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die Bühne bewegt .",
    WMT19_HYPS[4],
]
PUBLISHED = [
    pytest.param(["aaaa bbbb cccc dddd"], ["aaaa bbbb cccc dddd"], 0, id="perfect-match"),
    pytest.param(["dddd eeee ffff"], ["aaaa bbbb cccc"], 1, id="no-overlap"),
    pytest.param([""], ["a"], 1, id="empty-hypothesis"),
    pytest.param(["a"], [""], 1, id="empty-reference"),
    pytest.param([""], [""], 0, id="both-empty"),
    pytest.param(["d e f g h a b c"], ["a b c d e f g h"], 1 / 8, id="one-shift"),
    pytest.param(WMT19_HYPS, WMT19_REFS, 0.136, id="wmt19-dev"),
]


@pytest.mark.parametrize("hypotheses, references, expected", PUBLISHED)
def test_sacrebleus_published_ter_cases(hypotheses, references, expected):
    result = bleu2.TER().corpus_score(hypotheses, [references])
    assert abs(100 * result.score - 100 * expected) < 1e-3
    assert 100 * result.score == SacreTER().corpus_score(hypotheses, [references]).score


# test/test_tokenizer_ter.py: (options, text, tercom's words)
TOKENIZER_CASES = [
    ({}, "a b c d", "a b c d"),
    ({}, "", ""),
    ({}, "a b c d.", "a b c d."),
    ({}, "A B C D.", "a b c d."),
    ({"no_punct": True}, "a b c d.", "a b c d"),
    ({"no_punct": True}, "A ; B ) C : D.", "a b c d"),
    ({"normalized": True}, "a b (c) d.", "a b ( c ) d ."),
    ({"normalized": True}, "Jim's car.", "jim 's car ."),
    ({"normalized": True}, "4.2", "4.2"),
    ({"normalized": True, "asian_support": True}, "美众院公布对特", "美 众 院 公 布 对 特"),
    ({"normalized": True, "asian_support": True}, "りの拳銃を持", "りの 拳 銃 を 持"),
]


@pytest.mark.parametrize("options, text, expected", TOKENIZER_CASES)
def test_sacrebleus_published_tercom_tokenizer_cases(options, text, expected):
    assert bleu2.TER(**options).words(text) == tuple(expected.split())
    assert normalize(text, **options) == expected


# --- odd text, against sacreBLEU ---------------------------------------------------------------

STORY = (
    "when I was a child I lived in a small village near the sea and every morning my father "
    "took me to the harbour where the fishermen sold what they had caught during the night"
).split()
LONG_REF = " ".join(STORY)  # 35 words: the beam holds only part of the matrix
LONG_HYP = " ".join(STORY[10:20] + STORY[:10] + STORY[20:28] + ["and"] + STORY[30:])
ODD = [
    pytest.param("", "the cat", id="empty-hypothesis"),
    pytest.param("the cat", "", id="empty-reference"),
    pytest.param("", "", id="both-empty"),
    pytest.param("a", "b", id="one-character"),
    pytest.param("a", "a", id="one-character-match"),
    pytest.param("!!! ... ?", ". , ;", id="punctuation-only"),
    pytest.param("猫がマットの上に座った。", "猫はマットに座った。", id="cjk-unsegmented"),
    pytest.param("猫 が マット の 上 に 座っ た 。", "猫 は マット に 座っ た 。", id="cjk-segmented"),
    pytest.param("cafe\u0301 na\u0308ive", "café naïve", id="combining-marks"),
    pytest.param("THE Cat\tsat  on\nthe mat  ", "the cat sat on the mat", id="case-and-whitespace"),
    pytest.param("&quot;Hi&quot; &amp; bye-\nbye 1.5, 3-4 it's", '"hi" & byebye 1.5 , 3 - 4 it \'s', id="entities"),
    pytest.param(LONG_HYP, LONG_REF, id="long-line-reordered"),
    pytest.param("a b", " ".join(f"r{i}" for i in range(120)), id="length-ratio-over-50"),
]


@pytest.mark.parametrize("hypothesis, reference", ODD)
@pytest.mark.parametrize(
    "options",
    [{}, {"normalized": True, "asian_support": True}, {"no_punct": True, "case_sensitive": True}],
    ids=["default", "normalized+asian", "no_punct+case"],
)
def test_odd_text_equals_sacrebleus_sentence_ter(hypothesis, reference, options):
    expected = SacreTER(**options).sentence_score(hypothesis, [reference])
    result = bleu2.sentence_ter(hypothesis, reference, **options)
    assert 100 * result.score == expected.score
    assert (result.num_edits, result.ref_length) == (expected.num_edits, expected.ref_length)


def test_a_very_long_line_equals_sacrebleus_recorded_score():
    # Recorded from sacreBLEU 2.6.0 (44 s here): sacrebleu.sentence_ter(" ".join(sys1[100:120]),
    # [" ".join(ref[100:120])]) on TED detok: TER = 56.639566395663955, 209 edits, 369.0 words.
    from shared_data import TED

    sys1 = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").split("\n")
    ref = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").split("\n")
    result = bleu2.sentence_ter(" ".join(sys1[100:120]), " ".join(ref[100:120]))
    assert (result.num_edits, result.ref_length) == (209, 369.0)
    assert 100 * result.score == 56.639566395663955


def test_odd_text_as_a_corpus_equals_sacrebleus_corpus_ter():
    hyps = [p.values[0] for p in ODD]
    refs = [p.values[1] for p in ODD]
    expected = sacrebleu.corpus_ter(hyps, [refs])
    result = bleu2.corpus_ter(hyps, refs)
    assert 100 * result.score == expected.score
    assert result.sentence_scores[0] == 1.0  # an empty hypothesis: 2 insertions / 2 words


# --- results: forms, signatures ----------------------------------------------------------------


def test_the_one_line_form_json_and_html_follow_sacrebleu():
    hyps, refs = WMT19_HYPS, WMT19_REFS
    metric = SacreTER()
    expected = metric.corpus_score(hyps, [refs])
    result = bleu2.TER().corpus_score(hyps, [refs])
    sig = metric.get_signature().format()
    assert sig == "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0"
    sig = bleu2_version(sig)
    assert result.signature == sig
    assert str(result) == str(expected) == "TER = 13.60"
    assert result.format(width=4) == expected.format(width=4)
    assert result.format(signature=True) == expected.format(signature=sig)
    d = result.to_dict()
    assert d == {
        "name": "TER",
        "score": expected.score / 100,
        "num_edits": expected.num_edits,
        "ref_length": expected.ref_length,
        "signature": sig,
    }
    json.dumps(result.to_dict(sentences=True))
    assert "TER = 13.60" in result._repr_html_() and "<table" in result._repr_html_()
    assert "TER = " in result.corpus._repr_html_()


def bleu2_version(signature: str) -> str:
    """sacreBLEU's signature with bleu2's version, which bleu2's signatures carry (its number)."""
    return signature.replace("version:2.6.0", f"version:bleu2-{bleu2.__version__}")


@pytest.mark.parametrize("flags", list(itertools.product((False, True), repeat=4)))
def test_signatures_equal_sacrebleus_for_every_option(flags):
    options = dict(zip(("normalized", "no_punct", "asian_support", "case_sensitive"), flags))
    metric = SacreTER(**options)
    metric.corpus_score(["a b"], [["a c"], ["b"]])
    ter = bleu2.TER(**options)
    with pytest.raises(ValueError, match="score something first"):
        ter.get_signature()
    ter.corpus_score(["a b"], [["a c"], ["b"]])
    assert ter.get_signature() == bleu2_version(metric.get_signature().format())
    assert ter.signature(2, bs=1000, seed=12345).startswith("nrefs:2|bs:1000|seed:12345|case:")


def test_a_score_may_exceed_one():
    result = bleu2.sentence_ter("a b c d e f", "x")
    assert result.score == 6.0 and str(result) == "TER = 600.00"


# --- statistics that add up -------------------------------------------------------------------


def test_line_statistics_add_up_to_the_corpus():
    ter = bleu2.TER()
    stats, n_refs = ter.corpus_stats(WMT19_HYPS, WMT19_REFS)
    assert n_refs == 1
    assert stats == [ter.extract(h, r) for h, r in zip(WMT19_HYPS, WMT19_REFS)]
    total = bleu2.sum_ter_stats(stats)
    assert total == stats[0] + stats[1] + stats[2] + stats[3] + stats[4]
    assert ter.score_from_stats(total) == bleu2.corpus_ter(WMT19_HYPS, WMT19_REFS).corpus
    assert bleu2.corpus_ter(WMT19_HYPS, WMT19_REFS).sentence_scores == tuple(
        bleu2.sentence_ter(h, r).score for h, r in zip(WMT19_HYPS, WMT19_REFS)
    )


# --- options and input errors --------------------------------------------------------------


@pytest.mark.parametrize("name", ["normalized", "no_punct", "asian_support", "case_sensitive"])
def test_a_bad_option_value_names_the_option(name):
    with pytest.raises(ValueError, match=name):
        bleu2.TER(**{name: "yes"})
    with pytest.raises(ValueError, match=name):
        bleu2.sentence_ter("a", "a", **{name: 1})


def test_an_unknown_option_is_refused():
    with pytest.raises(TypeError, match="lowercase"):
        bleu2.corpus_ter(["a"], ["a"], lowercase=True)


def test_defaults_are_sacrebleus():
    assert bleu2.TER_DEFAULTS == {
        "normalized": False,
        "no_punct": False,
        "asian_support": False,
        "case_sensitive": False,
    }
    assert bleu2.TER().config == bleu2.TerConfig()


def test_bad_input_gets_a_message_naming_it():
    with pytest.raises(TypeError, match=r"hypotheses\[1\]"):
        bleu2.corpus_ter(["a", None], ["a", "b"])
    with pytest.raises(ValueError, match=r"1 references|2 candidates|lines|entries"):
        bleu2.corpus_ter(["a", "b"], ["a"])
    with pytest.raises(TypeError, match=r"single string|sentence"):
        bleu2.corpus_ter("a b", "a b")
    with pytest.raises(ValueError, match="at least one reference"):
        bleu2.sentence_ter("a", [])
    with pytest.raises(ValueError, match="hypotheses"):
        bleu2.TER().corpus_score(["a", "b"], [["a"]])


def test_references_that_read_two_ways_need_a_layout():
    hyps = ["a b", "c d"]
    refs = [["a b", "c d"], ["x", "y"]]
    with pytest.raises(ValueError, match="layout"):
        bleu2.corpus_ter(hyps, refs)
    per_candidate = bleu2.corpus_ter(hyps, refs, layout="per-candidate")
    streams = bleu2.corpus_ter(hyps, refs, layout="streams")
    assert (per_candidate.num_edits, streams.num_edits) == (2, 0)
    assert 100 * streams.score == sacrebleu.corpus_ter(hyps, refs).score


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: bleu2.corpus_ter("a cat", ["a cat"]), TypeError, "for one sentence use sentence_ter / sentence_score"),
        (
            lambda: bleu2.corpus_ter(["a cat", "b"], [["a cat"]]),
            ValueError,
            "corpus_ter needs one references entry per candidate: got 2 candidate",
        ),
        (lambda: bleu2.corpus_ter(iter(["a", "b"]), iter(["a"])), ValueError, "corpus_ter needs one references entry"),
        (lambda: bleu2.corpus_ter(["a", "b"], [["a", "b"]]), ValueError, r"use corpus_ter\(.*bleu2\.TER\(\.\.\.\)"),
    ],
)
def test_corpus_ters_messages_name_corpus_ter(call, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message) as caught:
        call()
    assert "bleu" not in str(caught.value).replace("bleu2.", "")


# --- the alignment -----------------------------------------------------------------------------


def _check_alignment(a: bleu2.TerAlignment, hyp_words: tuple[str, ...]) -> None:
    edits = len(a.shifts) + sum(1 for s in a.steps if s.is_edit)
    assert a.num_edits == edits
    words = list(hyp_words)
    for shift in a.shifts:
        assert tuple(words[shift.start : shift.start + len(shift.words)]) == shift.words
        assert shift.hypothesis[shift.new_start : shift.new_start + len(shift.words)] == shift.words
        words = list(shift.hypothesis)
    assert [s.hyp_word for s in a.steps if s.hyp_word is not None] == words
    assert tuple(s.ref_word for s in a.steps if s.ref_word is not None) == a.reference
    for s in a.steps:
        if s.op == "match":
            assert s.hyp_word == s.ref_word
        if s.op == "substitution":
            assert s.hyp_word != s.ref_word
        if s.original_index is not None:
            assert hyp_words[s.original_index] == s.hyp_word
    assert any(s.shifted for s in a.steps) == bool(a.shifts)


def test_the_alignment_of_one_shift():
    a = bleu2.ter_alignment("d e f g h a b c", "a b c d e f g h")
    assert a.num_edits == 1 and len(a.shifts) == 1
    shift = a.shifts[0]
    assert shift.hypothesis == tuple("abcdefgh") and a.count("match") == 8
    assert {s.hyp_word for s in a.steps if s.shifted} == set(shift.words)
    _check_alignment(a, tuple("defghabc"))


@pytest.mark.parametrize("hypothesis, reference", ODD)
def test_the_alignment_counts_the_edits_of_sentence_ter(hypothesis, reference):
    a = bleu2.ter_alignment(hypothesis, reference)
    assert a.num_edits == SacreTER().sentence_score(hypothesis, [reference]).num_edits
    _check_alignment(a, bleu2.TER().words(hypothesis))
    json.dumps(a.to_dict())


def test_the_alignment_picks_the_closest_reference():
    a = bleu2.ter_alignment("the cat sat", ["a dog ran off", "the cat sat down"])
    assert a.reference_index == 1 and a.num_edits == 1 and a.count("insertion") == 1
    assert a.ref_length == 4.0 and a.score == 0.25
