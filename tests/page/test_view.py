"""bleu2.view: what the page shows, as plain data (CPython, no browser).

Golden numbers come from the issue's table (computed by hand from the definitions), never
from the code under test.
"""

from __future__ import annotations

import json
import math

import pytest

import bleu2
from bleu2.page import i18n, view
from bleu2.page.compare import compare
from golden_values import GOLDEN  # issue 2's table, shared (tests/golden_values.py)
from shared_data import TED


def breakdown(reference, candidate, lang="en"):
    """The page's breakdown of one candidate against one reference (default options):
    :func:`bleu2.page.view.candidate_view` of :func:`bleu2.page.compare.compare`, plus the
    reference's tokens as the page shows them."""
    comp = compare([candidate], [reference])
    v = view.candidate_view(comp, 0, lang)
    v["tokens"] = {"reference": view.token_view(comp["references"][0]["tokens"], lang), "candidate": v["tokens"]}
    return v


def _fraction(m, t, smoothed):
    return f"({m}+1)/({t}+1)" if smoothed else f"{m}/{t}"


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN)
def test_breakdown_golden(ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    b = breakdown(ref, cand)
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
    row = breakdown("the quick brown fox", "fox brown quick the")["precisions"][1]
    assert row["fraction"] == "(0+1)/(3+1)"
    assert row["value"] == "0.2500"
    assert "smoothed" in row["note"] and "bigram" in row["note"]
    one_token = breakdown("a b c d e f", "a")["precisions"][1]
    assert one_token["fraction"] == "(0+1)/(0+1)"
    assert "no bigrams" in one_token["note"]


def test_tokens_of_both_texts_are_shown():
    b = breakdown("I visited 北京 in 2019, it was great!", "Don't stop")
    assert b["tokens"]["reference"] == {
        "count": 9,
        "label": "9 tokens",
        "items": ["i", "visited", "北", "京", "in", "2019", "it", "was", "great"],
        "more": "",
        "text": "i · visited · 北 · 京 · in · 2019 · it · was · great",
    }
    assert b["tokens"]["candidate"] == {
        "count": 3,
        "label": "3 tokens",
        "items": ["don", "t", "stop"],
        "more": "",
        "text": "don · t · stop",
    }
    assert view.token_view(["x"]) == {"count": 1, "label": "1 token", "items": ["x"], "more": "", "text": "x"}
    assert view.token_view([]) == {"count": 0, "label": "0 tokens", "items": [], "more": "", "text": ""}


def _kinds(b):
    return [h["kind"] for h in b["hints"]]


def test_hint_short_candidate():
    b = breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert _kinds(b) == ["short"]
    assert "shorter than the reference" in b["hints"][0]["text"]
    assert "0.8187" in b["hints"][0]["text"]


def test_hint_right_words_wrong_order():
    b = breakdown("the quick brown fox", "fox brown quick the")
    assert _kinds(b) == ["word-order"]
    assert b["hints"][0]["text"].startswith("Right words, wrong order")


def test_no_hint_for_a_good_candidate():
    assert _kinds(breakdown("the cat sat on the mat", "the cat is on the mat")) == []
    # p2 (2/6) is not far below p1 (3/7): no word-order hint
    assert _kinds(breakdown("the the the", "the the the the the the the")) == []


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
    b = breakdown(ref, cand)
    assert _kinds(b) == kinds
    assert b["score"]["value"] == "0.0000"


def test_empty_reference_is_named_and_scores_zero():
    b = breakdown("", "the cat")
    assert "reference is empty" in b["hints"][0]["text"]
    assert b["score"]["formula"] == "0, because the reference is empty"
    punct = breakdown("...", "the cat")
    assert "no words" in punct["hints"][0]["text"]


def test_empty_candidate_bp_zero():
    b = breakdown("the cat", "")
    assert b["brevity_penalty"] == {"value": "0.0000", "branch": "0 (the candidate is empty)", "penalized": True}
    assert b["score"]["formula"] == "0, because the candidate is empty"
    assert "candidate is empty" in b["hints"][0]["text"]


def test_score_formula_shows_the_numbers():
    b = breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert b["score"]["formula"] == (
        "BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.8187 × exp(0.5·ln 1.0000 + 0.5·ln 0.7500) = 0.7090"
    )
    assert b["score"]["percent"] == "70.90"


def test_user_text_is_returned_as_plain_strings():
    # The view never builds markup; the page writes these strings with textContent.
    b = breakdown("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>")
    assert b["tokens"]["candidate"]["text"] == "img · src · x · onerror · alert · 1"
    assert b["score"]["value"] == "1.0000"


def test_format_number():
    assert i18n.format_number(0.70710678) == "0.7071"
    assert i18n.format_number(1) == "1.0000"
    assert i18n.format_number(0.00673795) == "0.0067"


def test_same_result_as_sentence_bleu_on_golden_pairs():
    for ref, cand, *_ in GOLDEN:
        assert breakdown(ref, cand)["result"].to_dict() == bleu2.sentence_bleu(cand, ref).to_dict()


def test_cached_reference_gives_same_result_as_sentence_bleu_on_ted():
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:200]
    hyps = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:200]
    for ref, hyp in zip(refs, hyps):
        # Score twice with the same reference (second time from the page's caches).
        for _ in range(2):
            comp = compare([hyp], [ref])
            assert comp["results"][0].to_dict() == bleu2.sentence_bleu(hyp, ref).to_dict()
            assert list(comp["references"][0]["tokens"]) == bleu2.tokenize(ref)
            assert list(comp["candidates"][0]["tokens"]) == bleu2.tokenize(hyp)


def test_breakdown_is_json_serialisable_apart_from_the_result():
    b = breakdown("a b", "a c")
    b.pop("result")
    json.dumps(b)
    assert math.isclose(json.loads(b["json"])["score"], bleu2.sentence_bleu("a c", "a b").score)


def test_type_errors():
    with pytest.raises(TypeError):
        breakdown(None, "x")  # type: ignore[arg-type]


# --- issue 4: N orders, every smoothing method, several references, languages -----------------


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
    for cand, ref in (
        ("fox brown quick the", "the quick brown fox"),
        ("a", "a b c d e f"),
        ("the cat is on the mat", "the cat sat on the mat"),
    ):
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
            if result.mean_weights[p.n - 1] is None:  # left out of the mean (issue 8, item 4)
                assert row["value"] == view.LEFT_OUT and not row["used"] and "left out" in row["note"]
            else:
                assert row["value"] == f"{p.value:.4f}"


def test_option_error_text_bad_smoothing_parameter_in_each_language():
    from bleu2.page.view import option_error_text

    opts = {"smoothing": "floor", "smooth_value": "abc", "effective_order": False}
    assert option_error_text(opts, "smooth_value (floor value of floor) must be a finite number", "en") == (
        "The smoothing parameter of floor must be a number; “\u2068abc\u2069” is not one"
        " — still showing the scores with the last valid options."
    )
    es = option_error_text(opts, "ignored", "es")
    assert es.startswith("El parámetro de suavizado de floor debe ser un número; «\u2068abc\u2069» no lo es — ")
    pt = option_error_text(opts, "ignored", "pt", kept=False)
    assert pt == "O parâmetro de suavização de floor deve ser um número; “\u2068abc\u2069” não é"
    assert "smooth_value" not in es + pt  # no English engine detail for the common case
    neg = option_error_text({"smoothing": "method6", "smooth_value": -0.5}, "x", "es", kept=False)
    assert neg == "El parámetro de suavizado de method6 debe ser > 0; \u2068-0,5\u2069 no lo es"
    # method4 at BLEU-4: k >= ln(4)/2 = 0.693147..., shown rounded up so the number shown is allowed
    low = option_error_text({"smoothing": "method4", "smooth_value": 0.5, "max_order": 4}, "x", "es", kept=False)
    assert low == "El parámetro de suavizado de method4 debe ser ≥ 0,6932; \u20680,5\u2069 no lo es"
    big = option_error_text({"smoothing": "floor", "smooth_value": 1000000.0}, "x", "en", kept=False)
    assert big == "The smoothing parameter of floor must be ≥ 0 and ≤ 1; \u20681e+06\u2069 is not"
    inf = option_error_text({"smoothing": "add-k", "smooth_value": float("inf")}, "x", "en", kept=False)
    assert inf.startswith("The smoothing parameter of add-k must be a number")


def test_option_error_text_other_errors_fit_the_case():
    from bleu2.page.view import option_error_text

    combo = {"smoothing": "method0", "smooth_value": None, "effective_order": True}
    msg = "effective_order is sacreBLEU's option and does not apply to smoothing 'method0'"
    assert option_error_text(combo, msg, "en", kept=False) == f"These options cannot be combined: {msg}"
    single = {"smoothing": "zzz", "smooth_value": None, "effective_order": False}
    assert option_error_text(single, "unknown smoothing 'zzz'", "en", kept=False) == (
        "This option is not valid: unknown smoothing 'zzz'"
    )


def test_punctuation_only_texts_get_the_no_words_hints_not_both_empty():
    texts = [h["text"] for h in breakdown("?!", "...")["hints"]]
    assert texts == [i18n.t("en", "hint_reference_no_words"), i18n.t("en", "hint_candidate_no_words")]
    assert [h["kind"] for h in breakdown(" ", "")["hints"]] == ["both-empty"]


# --- what the glue writes: element updates, option labels, the smoothing box ---------------


def test_breakdown_updates_name_every_element_of_the_breakdown():
    comp = compare(["fox brown quick the"], ["the quick brown fox"])
    v = view.candidate_view(comp, 0, "en")
    u = view.breakdown_updates(v, "en")
    assert u["score"] == {"text": "0.5000"}
    assert u["breakdown-heading"] == {"text": "Breakdown of candidate 1"}
    assert u["p1-fraction"] == {"text": "4/4"} and u["p2-fraction"] == {"text": "(0+1)/(3+1)"}
    assert u["p2-row"] == {"classes": {"smoothed": True, "left-out": False}}
    assert u["p1-row"] == {"classes": {"smoothed": False, "left-out": False}}
    assert u["bp-row"] == {"classes": {"penalized": False}}
    assert json.loads(u["result-json"]["text"])["score"] == 0.5
    assert set(u) >= {
        "score-label",
        "score-formula",
        "signature",
        "ref-len",
        "ref-len-why",
        "hyp-len",
        "bp-branch",
        "bp-value",
    }


def test_box_and_token_updates():
    u = view.box_updates("candidate", 2, "es")
    assert u["candidate-label"] == {"text": "Candidata 1"} and u["candidate-2-label"] == {"text": "Candidata 2"}
    assert u["candidate-2-remove"]["props"] == {"hidden": False}
    assert u["candidate-2-remove"]["attrs"]["aria-label"] == i18n.t("es", "remove_candidate", number=2)
    assert view.box_updates("reference", 1, "en")["reference-remove"]["props"] == {"hidden": True}
    tokens = view.token_updates(compare(["Don't stop", ""], ["the cat"]), "en")
    assert tokens["candidate-tokens"] == {"chips": {"items": ["don", "t", "stop"], "sep": " · ", "class": "tk"}}
    assert tokens["candidate-tokens-more"] == {"text": "", "props": {"hidden": True}}
    assert tokens["candidate-2-token-count"] == {"text": "0 tokens"}
    assert tokens["reference-token-count"] == {"text": "2 tokens"}


def test_option_labels_mark_the_defaults_in_each_language():
    en = view.option_labels("en")
    assert en["opt-max-order"] == {"1": "1", "2": "2 (default)", "3": "3", "4": "4"}
    assert en["opt-smoothing"]["add-1"] == "add-1 (default)" and en["opt-smoothing"]["exp"] == "exp"
    assert en["opt-lowercase"] == {"auto": "Auto (default)", "yes": "Yes", "no": "No"}
    assert en["opt-empty-references"] == {"ignore": "Ignore (default)", "count": "Count (sacreBLEU)"}
    assert view.option_labels("pt")["opt-tokenizer"]["default"] == "default (padrão)"


def test_smoothing_parameter_box_in_the_language():
    # issue 8, item 9: the placeholder is wholly in the page's language
    assert view.smooth_value_field("floor", "es") == {
        "enabled": True,
        "placeholder": "valor mínimo = 0,1 (predeterminado)",
    }
    assert view.smooth_value_field("floor", "en") == {"enabled": True, "placeholder": "floor value = 0.1 (default)"}
    assert view.smooth_value_field("method6", "pt")["placeholder"] == "alfa = 5 (padrão)"
    assert view.smooth_value_field("add-1", "en") == {"enabled": False, "placeholder": "–"}
    assert view.smooth_field_updates("exp", "en") == {
        "opt-smooth-value": {"props": {"disabled": True, "placeholder": "–", "value": ""}}
    }
    form = view.form_updates({"smoothing": "floor", "smooth_value": 0.25}, "es")
    assert form["opt-smooth-value"]["props"]["value"] == "0,25"
    assert form["opt-smoothing"] == {"props": {"value": "floor"}}
    assert form["opt-effective-order"] == {"props": {"checked": False}}


def test_page_words_and_language_updates():
    words = view.page_words("pt")
    assert words["strings"]["add_reference"] == "Adicionar referência"
    assert words["title"] == i18n.t("pt", "app_title")
    assert all(isinstance(v, str) for v in words["strings"].values())
    u = view.language_updates("es")
    assert u["lang-select"] == {"props": {"value": "es"}}
    assert u["copy-export-csv"]["attrs"]["aria-label"] == "Copiar: CSV"
    assert u["json-copy-area"]["attrs"]["aria-label"] == "Texto para copiar"


def test_ranking_cells_mark_smoothed_precisions():
    comp = compare(["the cat is on the mat", "fox"], ["the cat sat on the mat"])
    rows = view.ranking_rows(comp, "en")
    assert rows[0]["cells"] == ["1", "the cat is on the mat", "0.7071", "0.8333", "0.6000", "1.0000", "6", "6"]
    assert rows[1]["cells"][3:5] == ["0.5000 *", "1.0000 *"]
    assert rows[1]["button"] == "Candidate 2"
    assert view.ranking_header(2, "en") == ["Rank", "Candidate", "BLEU-2", "p1", "p2", "BP", "c", "r"]


# --- issue 8 --------------------------------------------------------------------------------

FOX = "The quick brown fox jumps over the lazy dog"


def test_item4_formula_shows_the_weights_used_and_names_left_out_orders():
    # "the dog" against the fox sentence, BLEU-4, exp, effective order: only unigrams and
    # bigrams exist; the weights used are 1/2 and the score 0.0214 (the page showed 0.25
    # weights, which give 0.0254)
    comp = compare(["the dog"], [FOX], max_order=4, smoothing="exp", effective_order=True)
    v = view.candidate_view(comp, 0, "en")
    assert v["score"]["value"] == "0.0214"
    assert v["score"]["formula"] == (
        "BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.0302 × exp(0.5·ln 1.0000 + 0.5·ln 0.5000) = 0.0214; "
        "p3, p4 left out of the mean by effective order: the candidate has no trigrams"
    )
    # the formula's own numbers give the score: 0.0302 * exp(0.5 ln 1 + 0.5 ln 0.5)
    assert f"{0.0302 * math.exp(0.5 * math.log(1.0) + 0.5 * math.log(0.5)):.4f}" == "0.0214"
    p3, p4 = v["precisions"][2:]
    assert (p3["value"], p3["used"], p4["value"]) == (view.LEFT_OUT, False, view.LEFT_OUT)
    assert p3["note"] == "left out of the mean by effective order: the candidate has no trigrams"
    assert p4["note"].endswith("no 4-grams")
    u = view.breakdown_updates(v, "en")
    assert u["p3-row"]["classes"]["left-out"] and not u["p2-row"]["classes"]["left-out"]
    assert view.ranking_rows(comp, "en")[0]["cells"][3:7] == ["1.0000", "0.5000 *", view.LEFT_OUT, view.LEFT_OUT]
    es = view.candidate_view(comp, 0, "es")["score"]["formula"]
    assert "0,5·ln p1 + 0,5·ln p2" in es and es.endswith("la candidata no tiene trigramas")


def test_item4_without_effective_order_every_weight_is_a_quarter():
    comp = compare(["the dog"], [FOX], max_order=4, smoothing="exp")
    v = view.candidate_view(comp, 0, "en")
    assert v["score"]["formula"].startswith("BP × exp(0.25·ln p1 + 0.25·ln p2 + 0.25·ln p3 + 0.25·ln p4)")
    assert all(p["used"] for p in v["precisions"]) and "left out" not in v["score"]["formula"]


def test_item5_no_word_matches_says_so_with_the_unsmoothed_score():
    v = view.candidate_view(compare(["dog"], ["cat"]), 0, "en")
    assert v["score"]["value"] == "0.7071"  # add-1 on p1, empty bigram set
    assert [h["kind"] for h in v["hints"]] == ["no-match"]
    assert v["hints"][0]["text"] == (
        "No word of the candidate is in a reference (p1 = 0/1): the score 0.7071 comes only from smoothing "
        "(add-1); without smoothing it would be 0.0000."
    )
    none = view.candidate_view(compare(["dog"], ["cat"], smoothing="none"), 0, "en")
    assert none["hints"][0]["text"] == "No word of the candidate is in a reference (p1 = 0/1), so the score is 0.0000."
    es = view.candidate_view(compare(["perro"], ["gato"]), 0, "es")["hints"][0]["text"]
    assert es.startswith("Ninguna palabra de la candidata está en una referencia (p1 = 0/1)") and "0,7071" in es


@pytest.mark.parametrize("method", ["add-1", "exp", "none", "floor", "add-k", "method1", "method4"])
def test_item6_word_order_hint_comes_from_raw_counts_under_every_smoothing(method):
    v = view.candidate_view(compare(["fox brown quick the"], ["the quick brown fox"], smoothing=method), 0, "en")
    texts = [h["text"] for h in v["hints"] if h["kind"] == "word-order"]
    assert texts == ["Right words, wrong order: many words match (p1 = 4/4) but few word pairs do (p2 = 0/3)."]


def test_item6_no_word_order_hint_when_pairs_match():
    v = view.candidate_view(compare(["the cat is on the mat"], ["the cat sat on the mat"], smoothing="exp"), 0)
    assert "word-order" not in [h["kind"] for h in v["hints"]]


def test_item2_many_lines_hint_names_the_box_and_offers_corpus_mode():
    many = "\n".join(f"line {i}" for i in range(40))
    v = view.candidate_view(compare([many], ["one line", many]), 0, "en")
    lines = [h for h in v["hints"] if h["kind"] == "many-lines"]
    assert [h["text"] for h in lines] == [
        "Candidate 1 has 40 lines: it is scored as one segment (like one long sentence), not line by line.",
        "Reference 2 has 40 lines: it is scored as one segment (like one long sentence), not line by line.",
    ]
    # one button (the first hint's) takes the boxes to corpus mode, scored line by line
    assert [h["action"] for h in lines] == [
        {"id": "hint-corpus", "label": "Score them line by line in corpus mode"},
        None,
    ]
    few = "\n".join(f"line {i}" for i in range(view.MANY_LINES))
    assert not [h for h in view.candidate_view(compare([few], [few]), 0)["hints"] if h["kind"] == "many-lines"]
    pt = view.many_lines_hints([("Candidata 1", many)], "pt")[0]["text"]
    assert pt.startswith("Candidata 1 tem 40 linhas: é pontuada como um único segmento")


def test_item3_token_lists_are_shortened_with_a_plural_aware_count():
    tokens = [f"w{i}" for i in range(41330)]
    tv = view.token_view(tokens, "en")
    assert len(tv["items"]) == view.SHOWN_ITEMS == 120 and tv["more"] == "and 41,210 more"
    assert tv["label"] == "41,330 tokens"
    assert view.token_view(tokens, "es")["more"] == "y 41.210 más"
    assert view.token_view(tokens, "pt")["more"] == "e mais 41.210"
    assert view.token_view(tokens[:121], "en")["more"] == "and 1 more"
    assert view.token_view(tokens[:120], "en")["more"] == ""
    # a list cut short by the worker (bleu2.page.live.pack) keeps the full count
    cut = view.token_view(tokens[:2001], "en", count=41330)
    assert cut["label"] == "41,330 tokens" and cut["more"] == "and 41,210 more" and len(cut["items"]) == 120
    assert view.shorten(list(range(1_000_120)), "es")[1] == "y 1.000.000 más"  # CLDR "many"


def test_item3_summary_has_score_precisions_and_bp():
    v = view.candidate_view(compare(["the cat is on the mat"], ["the cat sat on the mat"]), 0, "en")
    assert view.summary_updates(v, "en") == {
        "summary-candidate": {"text": "Candidate 1"},
        "summary-label": {"text": "BLEU-2"},
        "summary-score": {"text": "0.7071"},
        "summary-terms": {"text": "p1 0.8333 · p2 0.6000 · BP 1.0000"},
    }
    assert view.summary_updates(v, "pt")["summary-candidate"] == {"text": "Candidata 1"}


def test_item9_status_line_is_data_rendered_in_each_language():
    status = {"state": "ready", "python": "Python 3.14", "restored": "state_restored"}
    en, es = view.status_line(status, "en"), view.status_line(status, "es")
    assert en["status-text"]["text"] == "Ready (Python 3.14). Texts restored from this tab."
    assert es["status-text"]["text"] == "Listo (Python 3.14). Textos recuperados de esta pestaña."
    assert en["status"]["classes"] == {"status-ready": True, "status-warning": False, "status-error": False}
    failed = view.status_line({"state": "error", "error": "ValueError: x"}, "pt")
    assert failed["status-text"]["text"] == "A calculadora não pôde iniciar: ValueError: x"
    assert failed["status"]["classes"]["status-error"]


def test_item12_broken_link_and_refused_storage_are_warnings_in_the_status_line():
    link = view.status_line({"state": "ready", "python": "Python 3.14", "link_error": "the link's data is cut off"})
    assert link["status-text"]["text"] == (
        "Ready (Python 3.14). This link could not be read: the link's data is cut off. Nothing was changed."
    )
    assert link["status"]["classes"] == {"status-ready": False, "status-warning": True, "status-error": False}
    full = view.status_line({"state": "ready", "python": "P", "storage": "full", "size": 10_000_000}, "en")
    assert "the browser's storage for this page is full (10,000,000 characters)" in full["status-text"]["text"]
    assert full["status"]["classes"]["status-warning"]
    denied = view.status_line({"state": "ready", "python": "P", "storage": "denied"}, "es")
    assert "no permite a la página guardar textos" in denied["status-text"]["text"]
    unreadable = view.status_line({"state": "ready", "python": "P", "saved_error": "bad"}, "en")
    assert "could not be read (bad); they were discarded" in unreadable["status-text"]["text"]


def test_item9_notes_are_re_rendered_from_data():
    note = {"key": "share_too_long", "numbers": {"length": 9120, "limit": 8000}}
    assert view.note_text(note, "en") == "Link is too long to share (9,120 characters; the limit is 8,000)."
    assert (
        view.note_text(note, "es")
        == "El enlace es demasiado largo para compartirlo (9120 caracteres; el límite es 8000)."
    )
    assert view.note_text({"key": "share_copied"}, "pt", refused=True) == i18n.t("pt", "copy_failed")
    notes = {"share-status": {"key": "share_copied"}, "export-status": {"key": "export_copied_markdown"}}
    assert view.notes_updates(notes, {"share-status"}, "es") == {
        "share-status": {"text": i18n.t("es", "copy_failed")},
        "export-status": {"text": "Tabla Markdown copiada."},
    }


def test_item13_signature_breaks_only_after_a_bar():
    sig = "nrefs:1|case:lc|eff:no|tok:default|smooth:add-1|order:2|version:bleu2-0.1.0"
    parts = view.signature_parts(sig)
    assert parts == [
        "nrefs:1|",
        "case:lc|",
        "eff:no|",
        "tok:default|",
        "smooth:add-1|",
        "order:2|",
        "version:bleu2-0.1.0",
    ]
    assert "".join(parts) == sig
    comp = compare(["a"], ["a"])
    u = view.breakdown_updates(view.candidate_view(comp, 0), "en")
    assert (
        u["signature"]["chips"]["items"] == view.signature_parts(comp["signature"]) and u["signature"]["chips"]["break"]
    )


def test_item15_help_sections_show_the_live_numbers_in_three_languages():
    comp = compare(["el gato en la alfombra"], ["El gato está en la alfombra."])
    for lang, rc in (("en", "c = 5 and r = 6"), ("es", "c = 5 y r = 6"), ("pt", "c = 5 e r = 6")):
        h = view.help_sections(view.candidate_view(comp, 0, lang), lang)
        assert h["heading"] == i18n.t(lang, "help_heading")
        assert len(h["steps"]) == len(view.HELP_STEPS) and len(h["faq"]) == len(view.FAQ) == 7
        answer = {q["id"]: q["a"] for q in h["faq"]}["faq-rc"]
        assert answer.endswith(f"{rc}."), (lang, answer)
    en = view.help_sections(view.candidate_view(comp, 0, "en"), "en")
    bp = next(s for s in en["steps"] if s.startswith("Brevity penalty"))
    assert bp.endswith("Here: c = 5, r = 6, BP = 0.8187.")
    order = {q["id"]: q["a"] for q in en["faq"]}["faq-order"]
    assert order.endswith("Here: p1 = 1.0000, p2 = 0.7500.")  # 5/5 words, 3/4 pairs
    scale = {q["id"]: q["a"] for q in en["faq"]}["faq-scale"]
    assert scale.endswith("This score would be 70.90 there.")  # exp(1 - 6/5) * sqrt(1 * 3/4) = 0.7090
    assert all(q["q"].endswith("?") for q in en["faq"])


def test_box_of_acts_on_a_click_on_remove_and_on_input_in_a_box_only():
    assert view.box_of("candidate-2-remove", "click") == ("candidate", 2, "remove")
    assert view.box_of("candidate-2", "input") == ("candidate", 2, "")
    assert view.box_of("candidate-2", "click") is None  # a click in a box: not an edit
    assert view.box_of("reference-remove", "input") is None


def test_box_of_reads_box_ids():
    assert view.box_of("candidate-2-remove") == ("candidate", 2, "remove")
    assert view.box_of("reference") == ("reference", 1, "")
    assert view.box_of("reference-remove") == ("reference", 1, "remove")
    assert view.box_of("candidate-12") == ("candidate", 12, "")
    for other in ("candidate-tokens", "references", "candidate-2-tokens", "summary"):
        assert view.box_of(other) is None
