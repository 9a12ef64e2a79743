"""Every number and word is right, in Chromium: the formula with effective order, the
no-match hint, hints from raw counts, stale token detail, the language switch, option
errors, right-to-left text and "How it works" with the live numbers (a broken share link:
test_compare_page.py).
Expected values are worked by hand from the definitions, not taken from the page's own
code. No page load of its own: the session's sentence tab (conftest.py).
"""

from __future__ import annotations

import math
import re

import pytest

from bleu2.page import i18n
from browser_helpers import answered, enter, settled, texts

FOX = "The quick brown fox jumps over the lazy dog"


@pytest.fixture(scope="module")
def page_and_guard(shared_page_and_guard):
    return shared_page_and_guard  # the session's sentence tab, set back to the defaults (conftest.py)


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def options(page, max_order="2", smoothing="add-1", effective=False):
    page.select_option("#opt-max-order", max_order)
    page.select_option("#opt-smoothing", smoothing)
    page.set_checked("#opt-effective-order", effective)
    answered(page)


def test_effective_order_formula_uses_the_weights_used(ready_page, guard):
    page = ready_page
    enter(page, guard, FOX, "the dog")
    options(page, "4", "exp", True)
    shown = texts(page, "score", "score-formula", "p3-value", "p4-value", "p3-note", "bp-value")
    assert shown["score"] == "0.0214"
    formula = shown["score-formula"]
    assert formula.startswith("BP × exp(0.5·ln p1 + 0.5·ln p2) = 0.0302 × exp(0.5·ln 1.0000 + 0.5·ln 0.5000) = 0.0214")
    assert formula.endswith("; p3, p4 left out of the mean by effective order: the candidate has no trigrams")
    # the numbers the formula shows give the score shown: BP exp(1/2 ln 1 + 1/2 ln 1/2)
    bp, weights = float(shown["bp-value"]), [float(w) for w in re.findall(r"([\d.]+)·ln p", formula)]
    assert weights == [0.5, 0.5] and f"{bp * math.exp(0.5 * math.log(1.0) + 0.5 * math.log(0.5)):.4f}" == "0.0214"
    assert (shown["p3-value"], shown["p4-value"]) == ("–", "–")
    assert "left out of the mean by effective order" in shown["p3-note"]
    assert "left-out" in page.get_attribute("#p3-row", "class")
    page.wait_for_function("document.querySelector('#chart svg .bar-p3.bar-left-out') !== null")
    values = page.eval_on_selector_all("#chart svg .bar-value", "els => els.map(e => e.textContent)")
    assert values == ["1.0000", "0.5000*", "–", "–", "0.0302", "0.0214"]
    assert "p3 left out, p4 left out" in page.text_content("#chart svg desc")
    page.click("#restore-defaults")
    answered(page)


def test_no_word_matches_is_said_with_the_unsmoothed_score(ready_page, guard):
    page = ready_page
    enter(page, guard, "cat", "dog")
    assert page.text_content("#score") == "0.7071"  # add-1 on p1, empty bigram set
    assert page.text_content("#hints") == (
        "No word of the candidate is in a reference (p1 = 0/1): the score 0.7071 comes only from smoothing "
        "(add-1); without smoothing it would be 0.0000."
    )
    assert page.get_attribute("#hints li", "class") == "hint hint-no-match"


@pytest.mark.parametrize("method", ["add-1", "exp", "none", "floor"])
def test_word_order_hint_comes_from_raw_counts(ready_page, guard, method):
    page = ready_page
    enter(page, guard, "the quick brown fox", "fox brown quick the")
    options(page, smoothing=method)
    assert page.text_content("#hints .hint-word-order") == (
        "Right words, wrong order: many words match (p1 = 4/4) but few word pairs do (p2 = 0/3)."
    )
    page.click("#restore-defaults")
    answered(page)


def _hover_detail(page, selector):
    page.hover(selector)
    answered(page)
    page.wait_for_function("!document.getElementById('hl-detail').hidden")
    return page.text_content("#hl-detail")


def test_token_detail_is_cleared_when_the_selection_or_texts_change(ready_page, guard):
    page = ready_page
    enter(page, guard, "the cat sat", "the cat")
    guard.typed += ["a cat", "The cat."]
    page.click("#add-candidate")
    page.fill("#candidate-2", "a cat")
    page.click("#rank-row-1 button.rank-select")
    settled(page)
    detail = _hover_detail(page, "#hl-cand .hl-order-1 .tok >> nth=1")
    assert detail == "“\u2068cat\u2069”: 1× in the candidate, at most 1× in a reference: matched"
    page.click("#rank-row-2 button.rank-select")  # select candidate 2
    answered(page)
    page.wait_for_function("document.getElementById('hl-detail').hidden")
    assert page.text_content("#hl-detail") == ""
    page.click("#rank-row-1 button.rank-select")
    settled(page)
    _hover_detail(page, "#hl-cand .hl-order-1 .tok >> nth=1")
    page.click("#add-reference")
    page.fill("#reference-2", "The cat.")  # a new reference
    answered(page)
    page.wait_for_function("document.getElementById('hl-detail').hidden")
    assert page.text_content("#hl-detail") == ""
    page.click("#candidate-2-remove")
    page.click("#reference-2-remove")
    answered(page)


def test_language_switch_renders_the_status_and_messages_again(ready_page, guard):
    page = ready_page
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    python = re.search(r"\((Python [\d.]+)\)", page.text_content("#status-text")).group(1)
    page.select_option("#lang-select", "es")
    answered(page)
    assert page.text_content("#status-text").startswith(f"Listo ({python}).")
    page.click("#download-export-markdown")
    answered(page)
    assert page.text_content("#export-status") == "Tabla Markdown descargada."
    page.select_option("#lang-select", "pt")
    answered(page)
    assert page.text_content("#status-text").startswith(f"Pronto ({python}).")
    assert page.text_content("#export-status") == "Tabela Markdown baixada."
    page.select_option("#opt-smoothing", "floor")
    answered(page)
    assert page.get_attribute("#opt-smooth-value", "placeholder") == "valor mínimo = 0,1 (padrão)"
    page.select_option("#lang-select", "es")
    answered(page)
    assert page.get_attribute("#opt-smooth-value", "placeholder") == "valor mínimo = 0,1 (predeterminado)"
    page.select_option("#lang-select", "en")
    answered(page)
    assert page.text_content("#status-text").startswith(f"Ready ({python}).")
    assert page.text_content("#export-status") == "Markdown table downloaded."
    page.click("#restore-defaults")
    answered(page)


def test_copied_messages_agree_in_gender(ready_page, guard):
    page = ready_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=guard.origin)
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    for lang, expected in (
        ("es", "Tabla Markdown copiada."),
        ("pt", "Tabela Markdown copiada."),
        ("en", "Markdown table copied."),
    ):
        page.select_option("#lang-select", lang)
        answered(page)
        page.evaluate("document.getElementById('export-status').textContent = ''")  # wait for this copy's own message
        page.click("#copy-export-markdown")
        answered(page)
        page.wait_for_function("t => document.getElementById('export-status').textContent === t", arg=expected)
    page.select_option("#lang-select", "es")
    answered(page)
    assert page.text_content("#export-status") == "Tabla Markdown copiada."  # re-rendered, not left in English
    page.select_option("#lang-select", "en")
    answered(page)


def test_option_errors_quote_what_was_typed(ready_page, guard):
    page = ready_page
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    page.select_option("#opt-smoothing", "method6")
    answered(page)
    for typed in ("1e400", "1_0", "0x10", "١"):
        page.fill("#opt-smooth-value", typed)
        answered(page)
        assert page.text_content("#option-error").startswith(
            f"The smoothing parameter of method6 must be a number; “\u2068{typed}\u2069” is not one"
        )
    page.fill("#opt-smooth-value", "-2")
    answered(page)
    assert page.text_content("#option-error").startswith(
        "The smoothing parameter of method6 must be > 0; \u2068-2\u2069 is not"
    )
    page.fill("#opt-smooth-value", "2.5")
    answered(page)
    assert page.is_hidden("#option-error")
    page.click("#restore-defaults")
    answered(page)


def test_right_to_left_text_is_isolated(ready_page, guard):
    page = ready_page
    enter(page, guard, "القطة على السجادة", "السجادة القطة")
    settled(page)
    # every box, also one added later, takes its direction from its first strong character
    # (an empty one keeps the page's), and every chip decides its own
    page.click("#add-reference")
    settled(page)  # the highlighting is painted again for the new reference box
    boxes = "#references textarea, #candidates textarea"
    assert page.eval_on_selector_all(boxes, "els => els.map(e => getComputedStyle(e).direction)") == [
        "rtl", "ltr", "rtl",
    ]  # fmt: skip
    assert page.eval_on_selector_all("#candidate-tokens .tk", "els => els.map(e => e.dir)") == ["auto", "auto"]
    assert set(page.eval_on_selector_all("#hl-cand .tok", "els => els.map(e => e.dir)")) == {"auto"}
    detail = _hover_detail(page, "#hl-cand .hl-order-1 .tok >> nth=0")
    assert detail == "“\u2068السجادة\u2069”: 1× in the candidate, at most 1× in a reference: matched"
    # drawn in order: the opening quote, the word, then "1×" to its right (without
    # isolation the quote and the digit were pulled into the Arabic run)
    xs = page.evaluate("""() => {
        const node = document.getElementById('hl-detail').firstChild, text = node.textContent;
        const x = i => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                         return r.getBoundingClientRect().left; };
        return [x(text.indexOf('“')), x(text.indexOf('\u2068') + 1), x(text.indexOf('1×'))];
    }""")
    assert xs[0] < xs[1] < xs[2], xs
    # the chips of the token line are in reading order, each kept whole
    assert page.eval_on_selector_all("#candidate-tokens .tk", "els => els.map(e => e.textContent)") == [
        "السجادة",
        "القطة",
    ]
    page.click("#reference-2-remove")
    answered(page)


def test_how_it_works_and_questions_follow_the_numbers(ready_page, guard):
    page = ready_page
    enter(page, guard, "El gato está en la alfombra.", "el gato en la alfombra")
    page.wait_for_function("document.getElementById('faq-rc') !== null")
    page.click("#faq-rc summary")
    answered(page)
    page.wait_for_function("document.querySelector('#faq-rc p').textContent.endsWith('c = 5 and r = 6.')")
    assert page.text_content("#help-heading") == "How it works"
    assert page.locator("#help-body ol li").count() == 7 and page.locator("#help-body details").count() == 8
    steps = page.eval_on_selector_all("#help-body ol li", "els => els.map(e => e.textContent)")
    assert steps[5].endswith("Here: c = 5, r = 6, BP = 0.8187.")  # exp(1 - 6/5)
    # the open answer stays open and follows the texts
    page.fill("#candidate", "el gato está en la alfombra hoy")
    answered(page)
    page.wait_for_function("document.querySelector('#faq-rc p').textContent.endsWith('c = 7 and r = 6.')")
    assert page.evaluate("document.getElementById('faq-rc').open")
    for lang, answer in (("es", "c = 7 y r = 6."), ("pt", "c = 7 e r = 6.")):
        page.select_option("#lang-select", lang)
        answered(page)
        page.wait_for_function("t => document.querySelector('#faq-rc p').textContent.endsWith(t)", arg=answer)
        assert page.text_content("#help-heading") == i18n.t(lang, "help_heading")
        assert page.text_content("#faq-heading") == i18n.t(lang, "faq_heading")
    page.select_option("#lang-select", "en")
    answered(page)


def test_a_smoothing_parameter_that_would_lift_a_precision_above_1_is_refused(ready_page, guard):
    page = ready_page
    options(page, "2", "floor")
    enter(page, guard, "the cat sat on the mat", "the dog lay down")
    # floor 0.1 (its default) on p2 = 0/3: p1 = 1/4, p2 = 0.1/3, BP = exp(1 - 6/4)
    expected = math.exp(1 - 6 / 4) * math.sqrt(1 / 4 * 0.1 / 3)
    assert page.text_content("#score") == f"{expected:.4f}"
    page.fill("#opt-smooth-value", "1000000")
    answered(page)
    assert page.is_visible("#option-error")
    error = page.text_content("#option-error")
    assert "floor" in error and "≤ 1" in error and "1000000" in error
    # nothing is scored with the refused value: the last valid options stay
    assert page.text_content("#score") == f"{expected:.4f}"
    page.fill("#opt-smooth-value", "1")  # the bound itself is allowed: p2 = 1/3
    answered(page)
    assert page.is_hidden("#option-error")
    assert page.text_content("#score") == f"{math.exp(1 - 6 / 4) * math.sqrt(1 / 4 * 1 / 3):.4f}"
    page.click("#restore-defaults")
    answered(page)


def test_a_variation_selector_is_never_a_word_of_its_own(ready_page, guard):
    page = ready_page
    options(page)
    # "❤️" is U+2764 U+FE0F: the heart is dropped (no letter), and so is the selector;
    # reference i, you (r = 2), candidate i, love, you (c = 3): p1 = 2/3, p2 = (0+1)/(2+1)
    enter(page, guard, "I \u2764\ufe0f you", "I love you")
    shown = texts(page, "p1-fraction", "ref-len", "hyp-len", "score")
    assert (shown["p1-fraction"], shown["ref-len"], shown["hyp-len"]) == ("2/3", "2", "3")
    assert shown["score"] == f"{math.sqrt(2 / 3 * 1 / 3):.4f}"
