"""chrF's public API: options and their checks, the signature, printed forms, the layouts
of references, statistics that add up, the breakdown, and odd text, with sacreBLEU 2.6.0
as the oracle of every number."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF as SacreCHRF

import bleu2
from bleu2.metrics.chrf.stats import sum_stats

# ---------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"char_order": -1}, "char_order must be >= 0, got -1"),
        ({"char_order": 2.5}, "char_order must be an int >= 0, got 2.5"),
        ({"word_order": True}, "word_order must be an int >= 0, got True"),
        ({"char_order": 0, "word_order": 0}, "char_order + word_order must be at least 1"),
        ({"beta": -1}, "beta must be a finite number >= 0, got -1"),
        ({"beta": float("nan")}, "beta must be a finite number >= 0, got nan"),
        ({"beta": "2"}, "beta must be a finite number >= 0, got '2'"),
        ({"lowercase": 1}, "lowercase must be True or False, got 1"),
        ({"whitespace": "no"}, "whitespace must be True or False, got 'no'"),
        ({"eps_smoothing": None}, "eps_smoothing must be True or False, got None"),
    ],
)
def test_bad_option_values_raise_value_error_naming_them(options: dict[str, object], named: str) -> None:
    for call in (lambda: bleu2.CHRF(**options), lambda: bleu2.sentence_chrf("a", "a", **options)):
        with pytest.raises(ValueError, match="^" + named.replace("+", r"\+")):
            call()


def test_an_unknown_option_raises_type_error_listing_the_options() -> None:
    with pytest.raises(TypeError, match=r"'remove_whitespace'.*char_order, word_order, beta"):
        bleu2.CHRF(remove_whitespace=False)


def test_the_defaults_are_sacrebleus() -> None:
    ours, theirs = bleu2.CHRF(), SacreCHRF()
    for name in ("char_order", "word_order", "beta", "lowercase", "whitespace", "eps_smoothing"):
        assert getattr(ours, name) == getattr(theirs, name)


# ---------------------------------------------------------------- signature and printed forms


@pytest.mark.parametrize(
    "options",
    [{}, {"word_order": 2}, {"lowercase": True, "whitespace": True, "eps_smoothing": True, "char_order": 4, "beta": 1}],
)
def test_signature_name_and_lines_equal_sacrebleus(options: dict[str, object]) -> None:
    hyps, refs = ["The cat sat on the mat.", "Hello world"], ["The cat is on the mat.", "Hello, world!"]
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    expected = oracle.corpus_score(hyps, [refs])
    sig = oracle.get_signature()
    chrf = bleu2.CHRF(**options)
    got = chrf.corpus_score(hyps, [refs])
    assert got.name == expected.name
    ours = f"bleu2-{bleu2.__version__}"  # bleu2's signatures carry its version: the number is bleu2's
    assert got.signature == sig.format().replace("2.6.0", ours) == chrf.get_signature().format()
    assert got.signature == str(chrf.get_signature())
    assert chrf.get_signature().format(short=True) == sig.format(short=True).replace("2.6.0", ours)
    for width in (0, 1, 2, 4):
        assert got.format(width) == expected.format(width)
        assert got.format(width, score_only=True) == expected.format(width, score_only=True)
        assert got.format(width, signature=True) == expected.format(width, signature=got.signature)
        assert got.format_json(width) == expected.format(width, signature=got.signature, is_json=True)
    assert str(got) == str(expected)


def test_the_printed_lines_name_chrf_and_chrf_plus_plus() -> None:
    hyp, ref = "the cat sat on the mat", "the cat sat on a mat"
    for options, name in [
        ({}, "chrF2 = "),
        ({"word_order": 2}, "chrF2++ = "),
        ({"beta": 1, "word_order": 1}, "chrF1+ = "),
    ]:
        got = str(bleu2.sentence_chrf(hyp, ref, **options))
        assert got.startswith(name)
        assert got == str(SacreCHRF(**options).sentence_score(hyp, [ref]))  # type: ignore[arg-type]


def test_signature_extras_go_where_sacrebleu_puts_them() -> None:
    chrf = bleu2.CHRF(word_order=2)
    assert chrf.signature(1, bs=1000, seed=12345) == (
        "nrefs:1|bs:1000|seed:12345|case:mixed|eff:yes|nc:6|nw:2|space:no|version:bleu2-0.1.0"
    )
    assert (
        chrf.signature(2, short=True, ar=10000, seed=12345)
        == "#:2|ar:10000|rs:12345|c:mixed|e:yes|nc:6|nw:2|s:no|v:bleu2-0.1.0"
    )
    with pytest.raises(TypeError, match="'tok'"):
        chrf.signature(1, tok="13a")


def test_get_signature_before_scoring_raises_as_sacrebleu_does() -> None:
    with pytest.raises(ValueError, match="number of references is unknown"):
        bleu2.CHRF().get_signature()
    with pytest.raises(ValueError, match="Number of references unknown"):
        SacreCHRF().get_signature()


def test_to_dict_holds_fractions_and_each_order() -> None:
    got = bleu2.corpus_chrf(["the cat sat on the mat"], ["the cat sat on a mat"], word_order=2)
    d = got.to_dict(sentences=True)
    json.dumps(d)
    assert (
        d["score"]
        == got.score
        == SacreCHRF(word_order=2).sentence_score("the cat sat on the mat", ["the cat sat on a mat"]).score / 100
    )
    assert d["name"] == "chrF2++" and d["word_order"] == 2 and d["beta"] == 2
    assert [(o["kind"], o["n"]) for o in d["orders"]] == [("char", n) for n in range(1, 7)] + [("word", 1), ("word", 2)]
    word1 = d["orders"][6]
    assert (word1["matches"], word1["hyp_total"], word1["ref_total"]) == (5, 6, 6)
    assert word1["precision"] == word1["recall"] == 5 / 6
    assert d["effective_order"] == 8
    assert d["sentences"] == [{"stats": d["stats"], "score": got.score}]
    assert all(0 <= o["precision"] <= 1 and 0 <= o["recall"] <= 1 for o in d["orders"])


def test_repr_html_shows_each_order_and_escapes_the_signature() -> None:
    got = bleu2.sentence_chrf("the cat", "the cat sat", word_order=2)
    page = got._repr_html_()
    assert page.count("<tr>") == 1 + 8
    assert "chrF2++ = " in page and "nrefs:1|case:mixed" in page


# ---------------------------------------------------------------- statistics that add up and layouts

HYPS = ["The cat sat on the mat.", "", "Hello world", "x", "二人は笑った。"]
REFS = ["The cat is on the mat.", "nothing", "Hello, world!", "x", "二人が笑った。"]
OTHER = ["A cat on a mat.", None, "hello world", "y", "ふたりは笑った"]


def test_corpus_statistics_are_the_sums_of_each_lines() -> None:
    chrf = bleu2.CHRF(word_order=2)
    lines = [chrf.extract(h, [r, o]) for h, r, o in zip(HYPS, REFS, OTHER)]
    got = chrf.corpus_score(HYPS, [REFS, OTHER])
    assert list(got.sentence_stats) == lines
    assert got.stats == sum_stats(lines, chrf.config.order)
    assert chrf.score_from_stats(got.stats, "var").percent == got.percent
    assert chrf.score_only(got.stats) == got.score
    # halves scored apart add up to the whole
    a, b = chrf.corpus_score(HYPS[:2], [REFS[:2], OTHER[:2]]), chrf.corpus_score(HYPS[2:], [REFS[2:], OTHER[2:]])
    assert sum_stats([a.stats, b.stats], chrf.config.order) == got.stats
    assert got.percent == SacreCHRF(word_order=2).corpus_score(HYPS, [REFS, OTHER]).score


def test_corpus_chrf_takes_corpus_bleus_layouts() -> None:
    expected = SacreCHRF().corpus_score(HYPS, [REFS, OTHER]).score
    per_candidate = [[r, o] for r, o in zip(REFS, OTHER)]
    assert bleu2.corpus_chrf(HYPS, per_candidate).percent == expected
    assert bleu2.corpus_chrf(HYPS, [REFS, OTHER], layout="streams").percent == expected
    assert bleu2.corpus_chrf(iter(HYPS), iter(per_candidate)).percent == expected  # iterables, read once
    streamed = bleu2.CHRF().corpus_score(iter(HYPS), [iter(REFS), iter(OTHER)])
    assert streamed.percent == expected and streamed.sentence_stats == ()
    one_ref = SacreCHRF().corpus_score(HYPS, [REFS]).score
    assert bleu2.corpus_chrf(HYPS, REFS).percent == one_ref
    assert bleu2.corpus_chrf(HYPS, REFS, sentence_stats=False).sentence_stats == ()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: bleu2.corpus_chrf(["a", "b"], ["a"]),
            ValueError,
            "corpus_chrf needs one references entry per candidate: got 2",
        ),
        (lambda: bleu2.corpus_chrf("a b", ["a b"]), TypeError, "use sentence_chrf / sentence_score"),
        (lambda: bleu2.corpus_chrf(["a", None], ["a", "b"]), TypeError, r"hypotheses\[1\] is None"),
        (
            lambda: bleu2.corpus_chrf(["a", "b"], ["a", [None, None]]),
            ValueError,
            r"references\[1\]: every reference is None",
        ),
        (lambda: bleu2.corpus_chrf(["a"], [["a", 3]]), TypeError, r"references\[0\]\[1\] must be a str"),
        (lambda: bleu2.CHRF().corpus_score(["a", "b"], [["a"]]), ValueError, "stream 0 has 1 lines"),
        (
            lambda: bleu2.CHRF().corpus_score(["a", "b"], ["a", "b"]),
            ValueError,
            r"corpus_chrf\(candidates, ref.*CHRF\.corpus_",
        ),
        (lambda: bleu2.CHRF().corpus_score(["a", "b", "c"], ["a", "b"]), TypeError, r"references\[0\] is a string"),
        (lambda: bleu2.corpus_chrf(["a", "b"], [["a", "b"]]), ValueError, r"use corpus_chrf\(.*bleu2\.CHRF\(\.\.\.\)"),
        (
            lambda: bleu2.corpus_chrf(iter(["a", "b"]), iter(["a"])),
            ValueError,
            "corpus_chrf needs one references entry",
        ),
        (lambda: bleu2.sentence_chrf("a", []), ValueError, "at least one reference"),
        (lambda: bleu2.sentence_chrf(["a"], "a"), TypeError, "hypothesis"),
        (lambda: bleu2.corpus_chrf(["a"], ["a"], layout="rows"), ValueError, "layout must be one of"),
    ],
)
def test_bad_input_names_what_is_wrong(call, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


# ---------------------------------------------------------------- odd text

ODD = [
    ("", ""),
    ("", "a"),
    ("a", ""),
    ("a", "a"),
    ("a", "b"),
    ("   ", " "),
    ("!!!", "?!"),
    ("...", "..."),
    ("(hi)", "( hi )"),
    ("'quoted' word.", "quoted word"),
    ("東京に行きました。", "東京へ行った。"),
    ("我们 是 朋友", "我们是朋友"),
    ("e\u0301te\u0301", "\u00e9t\u00e9"),
    ("Ünïcödé CASE Straße", "ünïcödé case strasse"),
    ("ΣΊΣΥΦΟΣ", "σίσυφος"),
    ("a\tb\nc\u00a0d\u2003e", "a b c d e"),
    ("\U0001f600 emoji \U0001f600\U0001f600", "emoji \U0001f600"),
    (("the cat sat on the mat " * 400).strip(), ("a cat sat on a mat " * 300).strip()),
]


@pytest.mark.parametrize(
    "options", [{}, {"word_order": 2, "lowercase": True}, {"whitespace": True, "eps_smoothing": True}]
)
@pytest.mark.parametrize(("hyp", "ref"), ODD, ids=lambda x: repr(x[:12]))
def test_odd_text_equals_sacrebleu(hyp: str, ref: str, options: dict[str, object]) -> None:
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    got = bleu2.sentence_chrf(hyp, ref, **options)
    assert got.percent == oracle.sentence_score(hyp, [ref]).score
    assert list(got.stats) == oracle._extract_corpus_statistics([hyp], [[ref]])[0]


def test_odd_text_as_a_corpus_equals_sacrebleu() -> None:
    hyps, refs = [h for h, _ in ODD], [r for _, r in ODD]
    for options in ({}, {"word_order": 2}, {"eps_smoothing": True, "whitespace": True}):
        got = bleu2.corpus_chrf(hyps, refs, **options)
        assert got.percent == SacreCHRF(**options).corpus_score(hyps, [refs]).score  # type: ignore[arg-type]


def test_combining_marks_are_characters_of_their_own() -> None:
    """chrF counts code points, as sacreBLEU: a decomposed é is two characters."""
    decomposed, composed = "e\u0301", unicodedata.normalize("NFC", "e\u0301")
    got = bleu2.sentence_chrf(decomposed, composed, char_order=1)
    assert got.orders[0].hyp_total == 2 and got.orders[0].ref_total == 1 and got.orders[0].matches == 0


TEXT = st.text(alphabet=st.sampled_from(list("ab c.,!?(')-") + ["東", "京", "\u0301", "\t", "É", "é"]), max_size=30)


@settings(max_examples=300, deadline=None)
@given(
    hyp=TEXT,
    refs=st.lists(st.one_of(TEXT, st.none()), min_size=1, max_size=3).filter(lambda r: any(x is not None for x in r)),
    char_order=st.integers(0, 7),
    word_order=st.integers(0, 3),
    beta=st.integers(0, 4),
    lowercase=st.booleans(),
    whitespace=st.booleans(),
    eps_smoothing=st.booleans(),
)
def test_any_text_and_options_equal_sacrebleu(
    hyp: str,
    refs: list[str | None],
    char_order: int,
    word_order: int,
    beta: int,
    lowercase: bool,
    whitespace: bool,
    eps_smoothing: bool,
) -> None:
    if char_order + word_order == 0:
        char_order = 1
    options = dict(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        lowercase=lowercase,
        whitespace=whitespace,
        eps_smoothing=eps_smoothing,
    )
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    expected_stats = oracle._extract_corpus_statistics([hyp], [[r] for r in refs])[0]
    got = bleu2.sentence_chrf(hyp, refs, **options)
    assert list(got.stats) == expected_stats
    assert got.percent == oracle._compute_score_from_stats(expected_stats).score


# ---------------------------------------------------------------- one sentence's breakdown


def test_the_breakdown_matches_the_statistics_and_names_the_reference() -> None:
    hyp, refs = "the cat sat on the mat", [None, "a dog", "the cat sat on a mat"]
    got = bleu2.sentence_chrf_breakdown(hyp, refs, word_order=2)
    assert got.reference_index == 2
    assert got.result.percent == SacreCHRF(word_order=2).sentence_score(hyp, refs).score
    for order in got.orders:
        assert sum(k for _, k in order.matched) == order.matches
    assert got.orders[0].matched[0] == ("t", 4)  # 5 t's in the hypothesis, 4 in the reference
    assert got.orders[7].kind == "word" and got.orders[7].n == 2
    assert [g for g, _ in got.orders[7].matched] == ["the cat", "cat sat", "sat on"]
    assert got.orders[7].precision == got.orders[7].recall == 3 / 5
    assert got.result.avg_precision == pytest.approx(sum(o.precision for o in got.orders) / 8, abs=1e-15)


def test_the_breakdown_of_a_reference_too_short_for_an_order_counts_nothing_there() -> None:
    got = bleu2.sentence_chrf_breakdown("abcdefg", "ab")
    assert [(o.hyp_total, o.ref_total, o.matches, o.effective) for o in got.orders[1:3]] == [
        (6, 1, 1, True),
        (0, 0, 0, False),  # sacreBLEU counts no hypothesis n-gram where the reference has none
    ]
    assert got.orders[2].matched == ()
    assert got.result.percent == SacreCHRF().sentence_score("abcdefg", ["ab"]).score
