"""bleu2.view: what the page shows, as plain data (CPython, no browser).

Golden numbers come from the issue's table (computed by hand from the definitions), never
from the code under test.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import bleu2
from bleu2 import i18n, view

from golden_values import GOLDEN  # issue 2's table, shared (tests/golden_values.py)

TED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "ted"


def _fraction(m, t, smoothed):
    return f"({m}+1)/({t}+1)" if smoothed else f"{m}/{t}"


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN)
def test_breakdown_golden(ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    b = view.breakdown(ref, cand)
    assert b["score"]["value"] == f"{score:.4f}"
    assert b["precisions"][0]["fraction"] == _fraction(*p1, False)
    assert b["precisions"][1]["fraction"] == _fraction(*p2, p2_smoothed)
    assert b["precisions"][1]["smoothed"] is p2_smoothed
    assert b["precisions"][0]["smoothed"] is False
    expected_p2 = 1 / (p2[1] + 1) if p2_smoothed else p2[0] / p2[1]
    assert b["precisions"][0]["value"] == f"{p1[0] / p1[1]:.4f}"
    assert b["precisions"][1]["value"] == f"{expected_p2:.4f}"
    assert (b["hyp_len"], b["ref_len"]) == (str(c), str(r))
    assert b["brevity_penalty"]["value"] == f"{bp:.4f}"
    if c >= r:
        assert b["brevity_penalty"]["branch"] == f"1 (c ≥ r: {c} ≥ {r})"
    else:
        assert b["brevity_penalty"]["branch"] == f"exp(1 − r/c) = exp(1 − {r}/{c})"
    data = json.loads(b["json"])
    assert data["score"] == pytest.approx(score, abs=5e-7)
    assert data["brevity_penalty"] == pytest.approx(bp, abs=5e-7)
    assert (data["hyp_len"], data["ref_len"]) == (c, r)
    assert [(p["n"], p["matches"], p["total"], p["smoothed"]) for p in data["precisions"]] == [
        (1, *p1, False),
        (2, *p2, p2_smoothed),
    ]
    assert (data["max_order"], data["smoothing"], data["tokenizer"]) == (2, "add-1", "default")


def test_smoothed_precision_is_marked_with_a_note():
    row = view.breakdown("the quick brown fox", "fox brown quick the")["precisions"][1]
    assert row["fraction"] == "(0+1)/(3+1)"
    assert row["value"] == "0.2500"
    assert "smoothed" in row["note"] and "bigram" in row["note"]
    one_token = view.breakdown("a b c d e f", "a")["precisions"][1]
    assert one_token["fraction"] == "(0+1)/(0+1)"
    assert "no bigrams" in one_token["note"]


def test_tokens_of_both_texts_are_shown():
    b = view.breakdown("I visited 北京 in 2019, it was great!", "Don't stop")
    assert b["tokens"]["reference"] == {
        "count": 9,
        "label": "9 tokens",
        "text": "i · visited · 北 · 京 · in · 2019 · it · was · great",
    }
    assert b["tokens"]["candidate"] == {"count": 3, "label": "3 tokens", "text": "don · t · stop"}
    assert view.token_view(["x"]) == {"count": 1, "label": "1 token", "text": "x"}
    assert view.token_view([]) == {"count": 0, "label": "0 tokens", "text": ""}


def _kinds(b):
    return [h["kind"] for h in b["hints"]]


def test_hint_short_candidate():
    b = view.breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert _kinds(b) == ["short"]
    assert "shorter than the reference" in b["hints"][0]["text"]
    assert "0.8187" in b["hints"][0]["text"]


def test_hint_right_words_wrong_order():
    b = view.breakdown("the quick brown fox", "fox brown quick the")
    assert _kinds(b) == ["word-order"]
    assert b["hints"][0]["text"].startswith("Right words, wrong order")


def test_no_hint_for_a_good_candidate():
    assert _kinds(view.breakdown("the cat sat on the mat", "the cat is on the mat")) == []
    # p2 (2/6) is not far below p1 (3/7): no word-order hint
    assert _kinds(view.breakdown("the the the", "the the the the the the the")) == []


@pytest.mark.parametrize(
    "ref,cand,kinds",
    [
        ("", "", ["both-empty"]),
        ("  \n", "...", ["reference-empty", "candidate-empty"]),
        ("?!", "...", ["reference-empty", "candidate-empty"]),
        ("", "the cat", ["reference-empty"]),
        ("?!", "the cat", ["reference-empty"]),
        ("the cat", "", ["candidate-empty"]),
        ("the cat", " — ", ["candidate-empty"]),
    ],
)
def test_hint_empty_texts(ref, cand, kinds):
    b = view.breakdown(ref, cand)
    assert _kinds(b) == kinds
    assert b["score"]["value"] == "0.0000"


def test_empty_reference_is_named_and_scores_zero():
    b = view.breakdown("", "the cat")
    assert "reference is empty" in b["hints"][0]["text"]
    assert b["score"]["formula"] == "0, because the reference is empty"
    punct = view.breakdown("...", "the cat")
    assert "no words" in punct["hints"][0]["text"]


def test_empty_candidate_bp_zero():
    b = view.breakdown("the cat", "")
    assert b["brevity_penalty"] == {"value": "0.0000", "branch": "0 (the candidate is empty)", "penalized": True}
    assert b["score"]["formula"] == "0, because the candidate is empty"
    assert "candidate is empty" in b["hints"][0]["text"]


def test_score_formula_shows_the_numbers():
    b = view.breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert b["score"]["formula"] == (
        "BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.8187 × exp(0.5·ln 1.0000 + 0.5·ln 0.7500) = 0.7090"
    )
    assert b["score"]["percent"] == "70.90"


def test_user_text_is_returned_as_plain_strings():
    # The view never builds markup; the page writes these strings with textContent.
    b = view.breakdown("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>")
    assert b["tokens"]["candidate"]["text"] == "img · src · x · onerror · alert · 1"
    assert b["score"]["value"] == "1.0000"


def test_format_number():
    assert view.format_number(0.70710678) == "0.7071"
    assert view.format_number(1) == "1.0000"
    assert view.format_number(0.00673795) == "0.0067"


def test_same_result_as_sentence_bleu_on_golden_pairs():
    for ref, cand, *_ in GOLDEN:
        assert view.breakdown(ref, cand)["result"].to_dict() == bleu2.sentence_bleu(cand, ref).to_dict()


def test_cached_reference_gives_same_result_as_sentence_bleu_on_ted():
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:200]
    hyps = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:200]
    for ref, hyp in zip(refs, hyps):
        # Score twice with the same reference (second time from the cache).
        for _ in range(2):
            result, ref_tokens, cand_tokens = view.score_texts(ref, hyp)
            assert result.to_dict() == bleu2.sentence_bleu(hyp, ref).to_dict()
            assert list(ref_tokens) == bleu2.tokenize(ref)
            assert list(cand_tokens) == bleu2.tokenize(hyp)


def test_breakdown_is_json_serialisable_apart_from_the_result():
    b = view.breakdown("a b", "a c")
    b.pop("result")
    json.dumps(b)
    assert math.isclose(json.loads(b["json"])["score"], bleu2.sentence_bleu("a c", "a b").score)


def test_type_errors():
    with pytest.raises(TypeError):
        view.breakdown(None, "x")  # type: ignore[arg-type]


# --- issue 4: N orders, every smoothing method, several references, languages -----------------

from bleu2.compare import compare  # noqa: E402


def test_fraction_text_for_each_smoothing_method():
    # p2 of "fox brown quick the" against "the quick brown fox": 0 matches of 3 bigrams.
    # Values from the formulas (Chen & Cherry 2014): floor 0.1/3; exp 1/(2^1 * 3); add-k (0+1)/(3+1).
    expected = {"add-1": "(0+1)/(3+1)", "floor": "0/3 → 0.0333", "exp": "0/3 → 0.1667", "add-k": "0/3 → 0.2500"}
    for method, text in expected.items():
        comp = compare(["fox brown quick the"], ["the quick brown fox"], smoothing=method)
        row = view.candidate_view(comp, 0)["precisions"][1]
        assert row["fraction"] == text, method
        assert row["smoothed"] and method in row["note"]
    none = view.candidate_view(compare(["fox brown quick the"], ["the quick brown fox"], smoothing="none"), 0)
    assert none["precisions"][1]["fraction"] == "0/3" and none["score"]["value"] == "0.0000"


def test_candidate_view_generalises_to_four_orders():
    comp = compare(["the cat sat on the mat"], ["the cat sat on the mat"], max_order=4)
    v = view.candidate_view(comp, 0)
    assert [p["label"] for p in v["precisions"]] == ["p1", "p2", "p3", "p4"]
    assert [p["fraction"] for p in v["precisions"]] == ["6/6", "5/5", "4/4", "3/3"]
    assert v["score"]["label"] == "BLEU-4" and v["score"]["value"] == "1.0000"
    assert "0.25·ln p4" in v["score"]["formula"]


def test_candidate_view_several_references_says_which_r():
    # c = 4; reference lengths 6, 3, 5: 3 and 5 are both 1 away, the shorter (3, box 2) wins.
    comp = compare(["a b c d"], ["a b c d e f", "", "a b c", "a b c d e"])
    v = view.candidate_view(comp, 0)
    assert v["ref_len"] == "3"
    assert "r = 3" in v["ref_len_text"] and "3, 4" in v["ref_len_text"]
    comp = compare(["a b c d e f"], ["a b", "a b c d e f g"])
    assert "reference 2" in view.candidate_view(comp, 0)["ref_len_text"]


def test_candidate_view_in_spanish_uses_decimal_comma():
    comp = compare(["the cat is on the mat"], ["the cat sat on the mat"])
    v = view.candidate_view(comp, 0, "es")
    assert v["score"]["value"] == "0,7071"
    assert v["precisions"][1]["value"] == "0,6000"
    assert v["tokens"]["label"] == "6 tokens"


def test_ranking_rows_best_first():
    comp = compare(["the cat", "the cat sat on the mat", "dog"], ["the cat sat on the mat"])
    rows = view.ranking_rows(comp)
    assert [r["number"] for r in rows] == ["2", "1", "3"]
    assert rows[0]["score"] == "1.0000" and rows[0]["rank"] == "1"
    assert rows[1]["precisions"] == ["1.0000", "1.0000"]


@pytest.mark.parametrize("method", sorted(__import__("bleu2.smoothing", fromlist=["x"]).SMOOTHING_METHODS))
def test_every_smoothing_method_fraction_shows_the_value_used(method):
    # A smoothed order shows the value that enters the score (add-1 shows its own formula,
    # which equals that value); an order smoothing left alone shows matches/total.
    for cand, ref in (("fox brown quick the", "the quick brown fox"), ("a", "a b c d e f"),
                      ("the cat is on the mat", "the cat sat on the mat")):
        comp = compare([cand], [ref], max_order=4, smoothing=method)
        result = comp["results"][0]
        for p, row in zip(result.precisions, view.candidate_view(comp, 0)["precisions"]):
            if not p.smoothed:
                assert row["fraction"] == f"{p.matches}/{p.total}"
            elif row["fraction"].startswith("("):
                assert method == "add-1"
                assert p.value == pytest.approx((p.matches + 1) / (p.total + 1))
            else:
                assert row["fraction"] == f"{p.matches}/{p.total} → {p.value:.4f}"
            assert row["value"] == f"{p.value:.4f}"


def test_option_error_text_bad_smoothing_parameter_in_each_language():
    from bleu2.view import option_error_text

    opts = {"smoothing": "floor", "smooth_value": "abc", "effective_order": False}
    assert option_error_text(opts, "smooth_value (floor value of floor) must be a finite number", "en") == (
        "The smoothing parameter of floor must be a number; “abc” is not one"
        " — still showing the scores with the last valid options."
    )
    es = option_error_text(opts, "ignored", "es")
    assert es.startswith("El parámetro de suavizado de floor debe ser un número; «abc» no lo es — ")
    pt = option_error_text(opts, "ignored", "pt", kept=False)
    assert pt == "O parâmetro de suavização de floor deve ser um número; “abc” não é"
    assert "smooth_value" not in es + pt  # no English engine detail for the common case
    neg = option_error_text({"smoothing": "method4", "smooth_value": -0.5}, "x", "es", kept=False)
    assert neg == "El parámetro de suavizado de method4 debe ser > 0; -0,5 no lo es"
    inf = option_error_text({"smoothing": "add-k", "smooth_value": float("inf")}, "x", "en", kept=False)
    assert inf.startswith("The smoothing parameter of add-k must be a number")


def test_option_error_text_other_errors_fit_the_case():
    from bleu2.view import option_error_text

    combo = {"smoothing": "method0", "smooth_value": None, "effective_order": True}
    msg = "effective_order is sacreBLEU's option and does not apply to smoothing 'method0'"
    assert option_error_text(combo, msg, "en", kept=False) == f"These options cannot be combined: {msg}"
    single = {"smoothing": "zzz", "smooth_value": None, "effective_order": False}
    assert option_error_text(single, "unknown smoothing 'zzz'", "en", kept=False) == (
        "This option is not valid: unknown smoothing 'zzz'"
    )


def test_punctuation_only_texts_get_the_no_words_hints_not_both_empty():
    texts = [h["text"] for h in view.breakdown("?!", "...")["hints"]]
    assert texts == [i18n.t("en", "hint_reference_no_words"), i18n.t("en", "hint_candidate_no_words")]
    assert [h["kind"] for h in view.breakdown(" ", "")["hints"]] == ["both-empty"]
