"""The breakdown as plain data (bleu2.page.sentence.breakdown, hints, guide), in CPython, no browser.

Golden numbers come from the table computed by hand from the definitions
(tests/golden_values.py), never from the code under test.
"""

from __future__ import annotations

import json
import math

import pytest

import bleu2
from bleu2.page import i18n, tables
from bleu2.page.sentence import breakdown, guide, hints, updates
from bleu2.page.sentence.candidates import compare
from golden_values import GOLDEN
from shared_data import TED


def page_breakdown(reference, candidate, lang="en"):
    """The page's breakdown of one candidate against one reference (default options):
    :func:`bleu2.page.sentence.breakdown.candidate_view` of :func:`bleu2.page.sentence.candidates.compare`, plus the
    reference's tokens as the page shows them."""
    comp = compare([candidate], [reference])
    v = breakdown.candidate_view(comp, 0, lang)
    v["tokens"] = {"reference": breakdown.token_view(comp["references"][0]["tokens"], lang), "candidate": v["tokens"]}
    return v


def _fraction(m, t, smoothed):
    return f"({m}+1)/({t}+1)" if smoothed else f"{m}/{t}"


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN)
def test_breakdown_golden(ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    b = page_breakdown(ref, cand)
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
    row = page_breakdown("the quick brown fox", "fox brown quick the")["precisions"][1]
    assert row["fraction"] == "(0+1)/(3+1)"
    assert row["value"] == "0.2500"
    assert "smoothed" in row["note"] and "bigram" in row["note"]
    one_token = page_breakdown("a b c d e f", "a")["precisions"][1]
    assert one_token["fraction"] == "(0+1)/(0+1)"
    assert "no bigrams" in one_token["note"]


def test_tokens_of_both_texts_are_shown():
    b = page_breakdown("I visited 北京 in 2019, it was great!", "Don't stop")
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
    assert breakdown.token_view(["x"]) == {"count": 1, "label": "1 token", "items": ["x"], "more": "", "text": "x"}
    assert breakdown.token_view([]) == {"count": 0, "label": "0 tokens", "items": [], "more": "", "text": ""}


def _kinds(b):
    return [h["kind"] for h in b["hints"]]


def test_hint_short_candidate():
    b = page_breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert _kinds(b) == ["short"]
    assert "shorter than the reference" in b["hints"][0]["text"]
    assert "0.8187" in b["hints"][0]["text"]


def test_hint_right_words_wrong_order():
    b = page_breakdown("the quick brown fox", "fox brown quick the")
    assert _kinds(b) == ["word-order"]
    assert b["hints"][0]["text"].startswith("Right words, wrong order")


def test_no_hint_for_a_good_candidate():
    assert _kinds(page_breakdown("the cat sat on the mat", "the cat is on the mat")) == []
    # p2 (2/6) is not far below p1 (3/7): no word-order hint
    assert _kinds(page_breakdown("the the the", "the the the the the the the")) == []


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
    b = page_breakdown(ref, cand)
    assert _kinds(b) == kinds
    assert b["score"]["value"] == "0.0000"


def test_empty_reference_is_named_and_scores_zero():
    b = page_breakdown("", "the cat")
    assert "reference is empty" in b["hints"][0]["text"]
    assert b["score"]["formula"] == "0, because the reference is empty"
    punct = page_breakdown("...", "the cat")
    assert "no words" in punct["hints"][0]["text"]


def test_empty_candidate_bp_zero():
    b = page_breakdown("the cat", "")
    assert b["brevity_penalty"] == {"value": "0.0000", "branch": "0 (the candidate is empty)", "penalized": True}
    assert b["score"]["formula"] == "0, because the candidate is empty"
    assert "candidate is empty" in b["hints"][0]["text"]


def test_score_formula_shows_the_numbers():
    b = page_breakdown("El gato está en la alfombra.", "el gato en la alfombra")
    assert b["score"]["formula"] == (
        "BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.8187 × exp(0.5·ln 1.0000 + 0.5·ln 0.7500) = 0.7090"
    )
    assert b["score"]["percent"] == "70.90"


def test_user_text_is_returned_as_plain_strings():
    # The view never builds markup; the page writes these strings with textContent.
    b = page_breakdown("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>")
    assert b["tokens"]["candidate"]["text"] == "img · src · x · onerror · alert · 1"
    assert b["score"]["value"] == "1.0000"


def test_format_number():
    assert i18n.format_number(0.70710678) == "0.7071"
    assert i18n.format_number(1) == "1.0000"
    assert i18n.format_number(0.00673795) == "0.0067"


def test_same_result_as_sentence_bleu_on_golden_pairs():
    for ref, cand, *_ in GOLDEN:
        assert page_breakdown(ref, cand)["result"].to_dict() == bleu2.sentence_bleu(cand, ref).to_dict()


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
    b = page_breakdown("a b", "a c")
    b.pop("result")
    json.dumps(b)
    assert math.isclose(json.loads(b["json"])["score"], bleu2.sentence_bleu("a c", "a b").score)


def test_type_errors():
    with pytest.raises(TypeError):
        page_breakdown(None, "x")  # type: ignore[arg-type]


def test_fraction_text_for_each_smoothing_method():
    # p2 of "fox brown quick the" against "the quick brown fox": 0 matches of 3 bigrams.
    # Values from the formulas (Chen & Cherry 2014): floor 0.1/3; exp 1/(2^1 * 3); add-k (0+1)/(3+1).
    expected = {"add-1": "(0+1)/(3+1)", "floor": "0/3 → 0.0333", "exp": "0/3 → 0.1667", "add-k": "0/3 → 0.2500"}
    for method, text in expected.items():
        comp = compare(["fox brown quick the"], ["the quick brown fox"], smoothing=method)
        row = breakdown.candidate_view(comp, 0)["precisions"][1]
        assert row["fraction"] == text, method
        assert row["smoothed"] and method in row["note"]
    none = breakdown.candidate_view(compare(["fox brown quick the"], ["the quick brown fox"], smoothing="none"), 0)
    assert none["precisions"][1]["fraction"] == "0/3" and none["score"]["value"] == "0.0000"


def test_candidate_view_generalises_to_four_orders():
    comp = compare(["the cat sat on the mat"], ["the cat sat on the mat"], max_order=4)
    v = breakdown.candidate_view(comp, 0)
    assert [p["label"] for p in v["precisions"]] == ["p1", "p2", "p3", "p4"]
    assert [p["fraction"] for p in v["precisions"]] == ["6/6", "5/5", "4/4", "3/3"]
    assert v["score"]["label"] == "BLEU-4" and v["score"]["value"] == "1.0000"
    assert "0.25·ln p4" in v["score"]["formula"]


def test_candidate_view_several_references_says_which_r():
    # c = 4; reference lengths 6, 3, 5: 3 and 5 are both 1 away, the shorter (3, box 2) wins.
    comp = compare(["a b c d"], ["a b c d e f", "", "a b c", "a b c d e"])
    v = breakdown.candidate_view(comp, 0)
    assert v["ref_len"] == "3"
    assert "r = 3" in v["ref_len_text"] and "3, 4" in v["ref_len_text"]
    comp = compare(["a b c d e f"], ["a b", "a b c d e f g"])
    assert "reference 2" in breakdown.candidate_view(comp, 0)["ref_len_text"]


def test_candidate_view_in_spanish_uses_decimal_comma():
    comp = compare(["the cat is on the mat"], ["the cat sat on the mat"])
    v = breakdown.candidate_view(comp, 0, "es")
    assert v["score"]["value"] == "0,7071"
    assert v["precisions"][1]["value"] == "0,6000"
    assert v["tokens"]["label"] == "6 tokens"


def test_ranking_rows_best_first():
    comp = compare(["the cat", "the cat sat on the mat", "dog"], ["the cat sat on the mat"])
    rows = breakdown.ranking_rows(comp)
    assert [r["number"] for r in rows] == ["2", "1", "3"]
    assert rows[0]["score"] == "1.0000" and rows[0]["rank"] == "1"
    assert rows[1]["precisions"] == ["1.0000", "1.0000"]


@pytest.mark.parametrize("method", sorted(__import__("bleu2.metrics.bleu.smoothing", fromlist=["x"]).SMOOTHING_METHODS))
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
        for p, row in zip(result.precisions, breakdown.candidate_view(comp, 0)["precisions"]):
            if not p.smoothed:
                assert row["fraction"] == f"{p.matches}/{p.total}"
            elif row["fraction"].startswith("("):
                assert method == "add-1"
                assert p.value == pytest.approx((p.matches + 1) / (p.total + 1))
            else:
                assert row["fraction"] == f"{p.matches}/{p.total} → {p.value:.4f}"
            if result.mean_weights[p.n - 1] is None:  # left out of the mean
                assert row["value"] == tables.NO_NUMBER and not row["used"] and "left out" in row["note"]
            else:
                assert row["value"] == f"{p.value:.4f}"


def test_punctuation_only_texts_get_the_no_words_hints_not_both_empty():
    texts = [h["text"] for h in page_breakdown("?!", "...")["hints"]]
    assert texts == [i18n.t("en", "hint_reference_no_words"), i18n.t("en", "hint_candidate_no_words")]
    assert [h["kind"] for h in page_breakdown(" ", "")["hints"]] == ["both-empty"]


def test_ranking_cells_mark_smoothed_precisions():
    comp = compare(["the cat is on the mat", "fox"], ["the cat sat on the mat"])
    rows = breakdown.ranking_rows(comp, "en")
    assert rows[0]["cells"] == ["1", "the cat is on the mat", "0.7071", "0.8333", "0.6000", "1.0000", "6", "6"]
    assert rows[1]["cells"][3:5] == ["0.5000 *", "1.0000 *"]
    assert rows[1]["button"] == "Candidate 2"
    assert tables.ranking_header(2, "en") == ["Rank", "Candidate", "BLEU-2", "p1", "p2", "BP", "c", "r"]


FOX = "The quick brown fox jumps over the lazy dog"


def test_formula_shows_the_weights_used_and_names_left_out_orders():
    # "the dog" against the fox sentence, BLEU-4, exp, effective order: only unigrams and
    # bigrams exist; the weights used are 1/2 and the score 0.0214 (the page showed 0.25
    # weights, which give 0.0254)
    comp = compare(["the dog"], [FOX], max_order=4, smoothing="exp", effective_order=True)
    v = breakdown.candidate_view(comp, 0, "en")
    assert v["score"]["value"] == "0.0214"
    assert v["score"]["formula"] == (
        "BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.0302 × exp(0.5·ln 1.0000 + 0.5·ln 0.5000) = 0.0214; "
        "p3, p4 left out of the mean by effective order: the candidate has no trigrams"
    )
    # the formula's own numbers give the score: 0.0302 * exp(0.5 ln 1 + 0.5 ln 0.5)
    assert f"{0.0302 * math.exp(0.5 * math.log(1.0) + 0.5 * math.log(0.5)):.4f}" == "0.0214"
    p3, p4 = v["precisions"][2:]
    assert (p3["value"], p3["used"], p4["value"]) == (tables.NO_NUMBER, False, tables.NO_NUMBER)
    assert p3["note"] == "left out of the mean by effective order: the candidate has no trigrams"
    assert p4["note"].endswith("no 4-grams")
    u = updates.breakdown_updates(v, "en")
    assert u["p3-row"]["classes"]["left-out"] and not u["p2-row"]["classes"]["left-out"]
    assert breakdown.ranking_rows(comp, "en")[0]["cells"][3:7] == [
        "1.0000",
        "0.5000 *",
        tables.NO_NUMBER,
        tables.NO_NUMBER,
    ]
    es = breakdown.candidate_view(comp, 0, "es")["score"]["formula"]
    assert "0,5·ln p1 + 0,5·ln p2" in es and es.endswith("la candidata no tiene trigramas")


def test_without_effective_order_every_weight_is_a_quarter():
    comp = compare(["the dog"], [FOX], max_order=4, smoothing="exp")
    v = breakdown.candidate_view(comp, 0, "en")
    assert v["score"]["formula"].startswith("BP × exp(0.25·ln p1 + 0.25·ln p2 + 0.25·ln p3 + 0.25·ln p4)")
    assert all(p["used"] for p in v["precisions"]) and "left out" not in v["score"]["formula"]


def test_no_word_matches_says_so_with_the_unsmoothed_score():
    v = breakdown.candidate_view(compare(["dog"], ["cat"]), 0, "en")
    assert v["score"]["value"] == "0.7071"  # add-1 on p1, empty bigram set
    assert [h["kind"] for h in v["hints"]] == ["no-match"]
    assert v["hints"][0]["text"] == (
        "No word of the candidate is in a reference (p1 = 0/1): the score 0.7071 comes only from smoothing "
        "(add-1); without smoothing it would be 0.0000."
    )
    none = breakdown.candidate_view(compare(["dog"], ["cat"], smoothing="none"), 0, "en")
    assert none["hints"][0]["text"] == "No word of the candidate is in a reference (p1 = 0/1), so the score is 0.0000."
    es = breakdown.candidate_view(compare(["perro"], ["gato"]), 0, "es")["hints"][0]["text"]
    assert es.startswith("Ninguna palabra de la candidata está en una referencia (p1 = 0/1)") and "0,7071" in es


@pytest.mark.parametrize("method", ["add-1", "exp", "none", "floor", "add-k", "method1", "method4"])
def test_word_order_hint_comes_from_raw_counts_under_every_smoothing(method):
    v = breakdown.candidate_view(compare(["fox brown quick the"], ["the quick brown fox"], smoothing=method), 0, "en")
    texts = [h["text"] for h in v["hints"] if h["kind"] == "word-order"]
    assert texts == ["Right words, wrong order: many words match (p1 = 4/4) but few word pairs do (p2 = 0/3)."]


def test_no_word_order_hint_when_pairs_match():
    v = breakdown.candidate_view(compare(["the cat is on the mat"], ["the cat sat on the mat"], smoothing="exp"), 0)
    assert "word-order" not in [h["kind"] for h in v["hints"]]


def test_many_lines_hint_names_the_box_and_offers_corpus_mode():
    many = "\n".join(f"line {i}" for i in range(40))
    v = breakdown.candidate_view(compare([many], ["one line", many]), 0, "en")
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
    few = "\n".join(f"line {i}" for i in range(hints.MANY_LINES))
    assert not [h for h in breakdown.candidate_view(compare([few], [few]), 0)["hints"] if h["kind"] == "many-lines"]
    pt = hints.many_lines_hints([("Candidata 1", many)], "pt")[0]["text"]
    assert pt.startswith("Candidata 1 tem 40 linhas: é pontuada como um único segmento")


def test_token_lists_are_shortened_with_a_plural_aware_count():
    tokens = [f"w{i}" for i in range(41330)]
    tv = breakdown.token_view(tokens, "en")
    assert len(tv["items"]) == breakdown.SHOWN_ITEMS == 120 and tv["more"] == "and 41,210 more"
    assert tv["label"] == "41,330 tokens"
    assert breakdown.token_view(tokens, "es")["more"] == "y 41.210 más"
    assert breakdown.token_view(tokens, "pt")["more"] == "e mais 41.210"
    assert breakdown.token_view(tokens[:121], "en")["more"] == "and 1 more"
    assert breakdown.token_view(tokens[:120], "en")["more"] == ""
    # a list cut short keeps the full count
    cut = breakdown.token_view(tokens[:2001], "en", count=41330)
    assert cut["label"] == "41,330 tokens" and cut["more"] == "and 41,210 more" and len(cut["items"]) == 120
    assert breakdown.shorten(list(range(1_000_120)), "es")[1] == "y 1.000.000 más"  # CLDR "many"


def test_help_sections_show_the_live_numbers_in_three_languages():
    comp = compare(["el gato en la alfombra"], ["El gato está en la alfombra."])
    for lang, rc in (("en", "c = 5 and r = 6"), ("es", "c = 5 y r = 6"), ("pt", "c = 5 e r = 6")):
        h = guide.help_sections(breakdown.candidate_view(comp, 0, lang), lang)
        assert h["heading"] == i18n.t(lang, "help_heading")
        assert len(h["steps"]) == len(guide.HELP_STEPS) and len(h["faq"]) == len(guide.FAQ) == 8
        answer = {q["id"]: q["a"] for q in h["faq"]}["faq-rc"]
        assert answer.endswith(f"{rc}."), (lang, answer)
    en = guide.help_sections(breakdown.candidate_view(comp, 0, "en"), "en")
    bp = next(s for s in en["steps"] if s.startswith("Brevity penalty"))
    assert bp.endswith("Here: c = 5, r = 6, BP = 0.8187.")
    order = {q["id"]: q["a"] for q in en["faq"]}["faq-order"]
    assert order.endswith("Here: p1 = 1.0000, p2 = 0.7500.")  # 5/5 words, 3/4 pairs
    scale = {q["id"]: q["a"] for q in en["faq"]}["faq-scale"]
    assert scale.endswith("This score would be 70.90 there.")  # exp(1 - 6/5) * sqrt(1 * 3/4) = 0.7090
    assert all(q["q"].endswith("?") for q in en["faq"])


def test_orders_an_nltk_method_leaves_out_are_said_with_the_score_counting_them():
    """The candidate "mat the on sat cat the", reference "the cat sat on the mat", BLEU-4 method6: p1 = 6/6, no
    bigram, trigram or 4-gram matches (method6's prior is 0 after p2 = 0/5), c = r = 6."""
    from nltk.translate.bleu_score import sentence_bleu

    ref, cand = "the cat sat on the mat", "mat the on sat cat the"
    # NLTK's frame (zero precisions left out, weights kept) with these precisions; NLTK's own
    # method6 refuses the input (it asserts a non-zero trigram precision), bleu2 applies it.
    nltk_score = sentence_bleu([ref.split()], cand.split(), smoothing_function=lambda p_n, **_: p_n)
    v = breakdown.candidate_view(compare([cand], [ref], max_order=4, smoothing="method6"), 0, "en")
    assert v["score"]["value"] == f"{nltk_score:.4f}" == "1.0000"
    [hint] = [h["text"] for h in v["hints"] if h["kind"] == "left-out"]
    assert hint == (
        "Zero precision in p2, p3, p4 (no matching n-gram): method6 leaves these orders out of the geometric mean,"
        " as NLTK does, without renormalising the weights, so 1.0000 is BP × exp(Σ wₙ·ln pₙ) over p1 only."
        " With every order counted, as in BLEU's definition (Papineni et al. 2002), the score would be 0.0000."
    )
    assert [h["kind"] for h in v["hints"]] == ["left-out", "word-order"]
    es = breakdown.candidate_view(compare([cand], [ref], max_order=4, smoothing="method6"), 0, "es")["hints"][0]
    assert es["text"].startswith("Precisión cero en p2, p3, p4") and "la puntuación sería 0,0000." in es["text"]


def test_no_left_out_hint_when_every_order_counts_or_the_effective_order_drops_them():
    ref = "the cat sat on the mat"
    for options in ({"max_order": 4, "smoothing": "method1"}, {"max_order": 4}, {"effective_order": True}):
        v = breakdown.candidate_view(compare(["mat the on sat cat the"], [ref], **options), 0, "en")
        assert "left-out" not in [h["kind"] for h in v["hints"]], options
    v = breakdown.candidate_view(compare(["the cat"], [ref], max_order=4, effective_order=True), 0, "en")
    assert v["result"].orders_used == 2 and "left-out" not in [h["kind"] for h in v["hints"]]
    assert hints.counted_score(v["result"]) == 0.0  # p3, p4 = 0 when counted
