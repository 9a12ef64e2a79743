"""The sentence view in headless Chromium: several references and candidates, the ranking, each
candidate's breakdown, highlighting, options, chart, export, share links, the tab's saved
state and the interface languages. Expected values come from bleu2 in CPython (the same
package the page runs in Pyodide); the golden numbers of the pairs are checked elsewhere
against sacreBLEU and NLTK. One page load for most of the module (see conftest.py for the
guard every test runs under)."""

from __future__ import annotations

import json
import random

import pytest

import bleu2
from bleu2.metrics.bleu import smoothing
from bleu2.page import i18n, share
from bleu2.page.sentence import export
from bleu2.page.sentence.candidates import compare, ref_length_text
from browser_helpers import answered, settled, texts
from conftest import open_page, wait_ready_state

REFS = ["the cat sat on the mat", "there is a cat on the mat", "a cat was sitting on the mat today"]
CANDS = ["the cat is on the mat", "a cat sat on a mat", "on the mat the cat"]


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def set_boxes(page, guard, kind, values):
    """Make exactly len(values) boxes of ``kind`` and fill them (an input event each)."""
    guard.typed += [v for v in values if v]
    while page.locator(f"#{kind}s textarea").count() < len(values):
        page.click(f"#add-{kind}")
        answered(page)
    while page.locator(f"#{kind}s textarea").count() > len(values):
        n = page.locator(f"#{kind}s textarea").count()
        page.click(f"#{kind}-{n}-remove")
        answered(page)
    for i, value in enumerate(values, start=1):
        page.fill(f"#{kind}" if i == 1 else f"#{kind}-{i}", value)
        answered(page)


def box(kind, number):
    return f"#{kind}" if number == 1 else f"#{kind}-{number}"


def ranking(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#ranking-body tr')].map(tr =>
            [tr.id, ...[...tr.querySelectorAll('td')].map(td => td.textContent)])"""
    )


def select(page, number):
    page.click(f"#rank-row-{number} button.rank-select")
    answered(page)


def wait_deferred(page):
    """Highlighting, chart and saved state follow shortly after the last edit."""
    settled(page)
    page.wait_for_function("() => document.querySelector('#hl-candidate .hl-section') !== null")


def check_breakdown(page, comp, index, lang="en"):
    row = comp["candidates"][index]
    result = comp["results"][index]
    shown = texts(
        page,
        "breakdown-heading",
        "score",
        "ref-len",
        "hyp-len",
        "bp-value",
        "ref-len-why",
        "result-json",
        "signature",
        "score-label",
    )
    assert shown["breakdown-heading"] == f"Breakdown of candidate {index + 1}"
    assert shown["score"] == f"{row['score']:.4f}"
    assert shown["score-label"] == f"BLEU-{comp['options']['max_order']}"
    assert (shown["hyp-len"], shown["ref-len"]) == (str(row["hyp_len"]), str(row["ref_len"]))
    assert shown["bp-value"] == f"{row['brevity_penalty']:.4f}"
    assert shown["ref-len-why"] == ref_length_text(row["ref_length"], lang, comp["used_references"])
    assert json.loads(shown["result-json"]) == result.to_dict()
    assert shown["signature"] == comp["signature"]
    for p in row["precisions"]:
        n = p["n"]
        got = texts(page, f"p{n}-fraction", f"p{n}-value")
        assert got[f"p{n}-value"] == f"{p['value']:.4f}"
        if not p["smoothed"]:
            assert got[f"p{n}-fraction"] == f"{p['matches']}/{p['total']}"


def test_three_references_three_candidates_ranked_with_breakdowns(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", REFS)
    set_boxes(page, guard, "candidate", CANDS)
    comp = compare(CANDS, REFS)
    rows = ranking(page)
    assert [r[0] for r in rows] == [f"rank-row-{row['index'] + 1}" for row in comp["ranking"]]
    for shown, row in zip(rows, comp["ranking"]):
        p = row["precisions"]
        assert shown[1:] == [
            str(row["rank"]),
            f"{row['score']:.4f}",
            f"{p[0]['value']:.4f}",
            f"{p[1]['value']:.4f}",
            f"{row['brevity_penalty']:.4f}",
            str(row["hyp_len"]),
            str(row["ref_len"]),
        ]
    # best first, and every score as sentence_bleu against the three references
    scores = [row["score"] for row in comp["ranking"]]
    assert scores == sorted(scores, reverse=True)
    for i, cand in enumerate(CANDS):
        assert comp["candidates"][i]["score"] == bleu2.sentence_bleu(cand, REFS).score
        select(page, i + 1)
        assert page.get_attribute(f"#rank-row-{i + 1} button.rank-select", "aria-pressed") == "true"
        assert "selected" in page.get_attribute(f"#rank-row-{i + 1}", "class")
        check_breakdown(page, comp, i)


def test_empty_reference_boxes_are_ignored_and_r_is_explained(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat sat on the mat", "", "a cat was sitting on the mat today", "  "])
    set_boxes(page, guard, "candidate", ["a cat sat on a mat"])
    comp = compare(["a cat sat on a mat"], ["the cat sat on the mat", "a cat was sitting on the mat today"])
    assert page.text_content("#score") == f"{comp['candidates'][0]['score']:.4f}"
    # c = 6: reference 1 (6 tokens) is the closest; the empty boxes 2 and 4 are not counted
    assert page.text_content("#ref-len-why") == (
        "r = 6: reference 1 (6 tokens) is the closest in length to the candidate (c = 6)."
    )
    set_boxes(page, guard, "reference", ["", "a b c d e f g h", "a b c d"])
    page.fill("#candidate", "a b c d e f")
    answered(page)
    # lengths 8 and 4 are both 2 away from c = 6: the shorter one (box 3) is r
    assert page.text_content("#ref-len") == "4"
    assert "references 2, 3" in page.text_content("#ref-len-why")


def test_remove_boxes(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", REFS)
    set_boxes(page, guard, "candidate", CANDS)
    page.click("#candidate-2-remove")
    answered(page)
    assert page.locator("#candidates textarea").count() == 2
    assert page.input_value("#candidate-2") == CANDS[2]
    assert len(ranking(page)) == 2
    page.click("#reference-remove")
    answered(page)
    assert page.input_value("#reference") == REFS[1]
    comp = compare([CANDS[0], CANDS[2]], REFS[1:])
    assert [r[0] for r in ranking(page)] == [f"rank-row-{row['index'] + 1}" for row in comp["ranking"]]
    # the only box of a kind cannot be removed
    set_boxes(page, guard, "candidate", ["x"])
    assert page.is_hidden("#candidate-remove")


def test_highlighting_of_a_clipping_example(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat"])
    set_boxes(page, guard, "candidate", ["the the the cat"])
    page.wait_for_function("document.querySelectorAll('#hl-cand .hl-order-1 .tok').length === 4")
    # each token's counts are asked of the page's Python when it is pointed at (answered in order)
    marks = page.evaluate(
        """async () => { const lines = [1, 2].map(n => [...document.querySelectorAll('#hl-cand .hl-order-' + n + ' .tok')]
              .map(s => (s.dispatchEvent(new MouseEvent('mouseover', {bubbles: true})), s)));
            await window.bleu2Test.answered();
            return lines.map(line => line.map(s =>
              [s.textContent, s.className.replace('tok ', '').replace(' gram', ''), s.title,
               getComputedStyle(s).textDecorationStyle, getComputedStyle(s).textDecorationLine])); }"""
    )
    unigrams, bigrams = marks
    assert [(m[0], m[1]) for m in unigrams] == [
        ("the", "hl-matched"),
        ("the", "hl-clipped"),
        ("the", "hl-clipped"),
        ("cat", "hl-matched"),
    ]
    assert unigrams[1][2] == "“\u2068the\u2069”: 3× in the candidate, at most 1× in a reference: 2 clipped"
    assert unigrams[3][2] == "“\u2068cat\u2069”: 1× in the candidate, at most 1× in a reference: matched"
    assert [(m[0], m[1]) for m in bigrams] == [
        ("the the", "hl-unmatched"),
        ("the the", "hl-unmatched"),
        ("the cat", "hl-matched"),
    ]
    assert "in no reference" in bigrams[0][2]
    # not colour alone: each status has its own line style
    styles = {m[1]: (m[3], m[4]) for m in unigrams + bigrams}
    assert styles["hl-matched"] == ("solid", "underline")
    assert styles["hl-clipped"] == ("wavy", "line-through")
    assert styles["hl-unmatched"] == ("dotted", "underline")
    # reference side: both words and the bigram matched
    ref = page.evaluate(
        """() => [...document.querySelectorAll('#hl-ref-1 .tok')].map(s => [s.textContent, s.className])"""
    )
    assert [(t, "hl-ref-matched" in c) for t, c in ref] == [("the", True), ("cat", True), ("the cat", True)]
    # hover and keyboard focus tell the counts
    page.hover("#hl-cand .hl-order-1 .tok >> nth=2")
    answered(page)
    assert page.text_content("#hl-detail") == unigrams[2][2]
    page.focus("#hl-cand .hl-order-1 .tok >> nth=0")
    page.keyboard.press("ArrowRight")
    answered(page)
    assert page.evaluate("document.activeElement.textContent") == "the"
    assert page.text_content("#hl-detail") == unigrams[1][2]
    page.keyboard.press("End")
    answered(page)
    assert page.text_content("#hl-detail") == unigrams[3][2]


def test_chart_shows_precisions_bp_and_score(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the quick brown fox"])
    set_boxes(page, guard, "candidate", ["fox brown quick the"])
    settled(page)  # the chart of these texts (not of the reference with the last test's candidate)
    page.wait_for_function("document.querySelector('#chart svg .bar-p2.bar-smoothed') !== null")
    assert page.get_attribute("#chart svg", "role") == "img"
    labels = page.eval_on_selector_all("#chart svg .bar-label", "els => els.map(e => e.textContent)")
    values = page.eval_on_selector_all("#chart svg .bar-value", "els => els.map(e => e.textContent)")
    assert labels == ["p1", "p2", "BP", "BLEU-2"]
    assert values == ["1.0000", "0.2500*", "1.0000", "0.5000"]


def test_options_orders_smoothing_defaults_and_signature(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the quick brown fox jumps"])
    set_boxes(page, guard, "candidate", ["fox brown quick the jumps"])
    assert "(default)" in page.eval_on_selector("#opt-max-order option[value='2']", "e => e.textContent")
    assert "(default)" in page.eval_on_selector("#opt-smoothing option[value='add-1']", "e => e.textContent")
    smoothing_names = page.eval_on_selector_all("#opt-smoothing option", "els => els.map(e => e.value)")
    assert smoothing_names == list(smoothing.SMOOTHING_METHODS)
    page.select_option("#opt-max-order", "4")
    page.select_option("#opt-smoothing", "floor")
    answered(page)
    comp = compare(["fox brown quick the jumps"], ["the quick brown fox jumps"], max_order=4, smoothing="floor")
    check_breakdown(page, comp, 0)
    assert page.locator("#terms-body tr.order-row").count() == 4
    assert page.text_content("#p2-fraction") == "0/4 → 0.0250"
    assert "floor" in page.text_content("#p2-note")
    heads = page.eval_on_selector_all("#ranking-head th", "els => els.map(e => e.textContent)")
    assert heads == ["Rank", "Candidate", "BLEU-4", "p1", "p2", "p3", "p4", "BP", "c", "r"]
    page.select_option("#opt-tokenizer", "char")
    page.select_option("#opt-lowercase", "no")
    answered(page)
    comp = compare(
        ["fox brown quick the jumps"],
        ["the quick brown fox jumps"],
        max_order=4,
        smoothing="floor",
        tokenizer="char",
        lowercase=False,
    )
    check_breakdown(page, comp, 0)
    page.click("#restore-defaults")
    answered(page)
    assert page.input_value("#opt-max-order") == "2"
    assert page.input_value("#opt-smoothing") == "add-1"
    assert page.locator("#terms-body tr.order-row").count() == 2
    check_breakdown(page, compare(["fox brown quick the jumps"], ["the quick brown fox jumps"]), 0)
    assert page.text_content("#options-state") == "These are the default options."


def test_export_copy_and_download(ready_page, guard):
    page = ready_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=guard.origin)
    set_boxes(page, guard, "reference", REFS[:2])
    set_boxes(page, guard, "candidate", CANDS + ["=cmd|' /C calc'!A0"])
    comp = compare(CANDS + ["=cmd|' /C calc'!A0"], REFS[:2])
    page.click("#copy-export-json")
    answered(page)
    page.wait_for_function("document.getElementById('export-status').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == export.export_json(comp)
    page.click("#copy-export-markdown")
    answered(page)
    page.wait_for_function("document.getElementById('export-status').textContent.includes('Markdown')")
    assert page.evaluate("navigator.clipboard.readText()") == export.export_markdown(comp, "en")
    for fmt, name, func in (
        ("csv", "bleu2-comparison.csv", export.export_csv),
        ("json", "bleu2-comparison.json", export.export_json),
    ):
        with page.expect_download() as info:
            page.click(f"#download-export-{fmt}")
            answered(page)
        download = info.value
        assert download.suggested_filename == name
        with open(download.path(), encoding="utf-8", newline="") as f:
            assert f.read() == func(comp)


def test_share_link_round_trip(ready_page, guard, new_context):
    page = ready_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=guard.origin)
    set_boxes(page, guard, "reference", REFS)
    set_boxes(page, guard, "candidate", CANDS[:2])
    page.select_option("#opt-max-order", "3")
    answered(page)
    assert "never send to a server" in page.text_content("#share-note")
    page.click("#share-button")
    answered(page)
    page.wait_for_function("document.getElementById('share-status').textContent !== ''")
    url = page.input_value("#share-url")
    assert "#v1." in url
    assert page.evaluate("navigator.clipboard.readText()") == url
    state = share.decode_state(url.split("#", 1)[1])
    assert state["references"] == REFS and state["candidates"] == CANDS[:2]
    assert state["options"]["max_order"] == 3
    # a new tab (fresh storage) opened on the link shows the same comparison
    context, guard2 = new_context()
    other = open_page(context, guard2, url)
    assert [other.input_value(box("reference", i)) for i in (1, 2, 3)] == REFS
    assert [other.input_value(box("candidate", i)) for i in (1, 2)] == CANDS[:2]
    assert other.input_value("#opt-max-order") == "3"
    comp = compare(CANDS[:2], REFS, max_order=3)
    check_breakdown(other, comp, 0)
    assert ranking(other) == ranking(page)
    other.close()
    page.click("#restore-defaults")
    answered(page)


def test_share_link_too_long_and_broken_link(ready_page, guard, new_context, site_url):
    page = ready_page
    rng = random.Random(4)
    long_text = " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(7)) for _ in range(2500))
    set_boxes(page, guard, "reference", ["the cat"])
    set_boxes(page, guard, "candidate", [long_text])
    page.click("#share-button")
    answered(page)
    status = page.text_content("#share-status")
    assert status.startswith("Link is too long to share") and "the limit is 8,000" in status
    assert page.input_value("#share-url") == ""
    context, guard2 = new_context()
    broken = open_page(context, guard2, site_url + "#v1.%%%")
    # in the status area, which is not a green "Ready" (each broken link's message:
    # tests/page/test_share.py, test_controller_startup.py)
    status = broken.text_content("#status-text")
    assert "This link could not be read: " in status and status.endswith(". Nothing was changed.")
    classes = broken.get_attribute("#status", "class").split()
    assert "status-warning" in classes and "status-ready" not in classes
    assert "((" not in status and "))" not in status  # no brackets inside brackets
    assert broken.input_value("#reference") == ""
    # the status keeps it in another language too
    broken.select_option("#lang-select", "pt")
    answered(broken)
    assert "Não foi possível ler este link" in broken.text_content("#status-text")
    broken.close()


def test_texts_and_options_survive_a_reload_and_clear_empties_them(new_context, site_url):
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    set_boxes(page, guard, "reference", REFS[:2])
    set_boxes(page, guard, "candidate", CANDS)
    page.select_option("#opt-smoothing", "exp")
    answered(page)
    wait_deferred(page)
    page.reload()
    wait_ready_state(page)
    assert [page.input_value(box("reference", i)) for i in (1, 2)] == REFS[:2]
    assert [page.input_value(box("candidate", i)) for i in (1, 2, 3)] == CANDS
    assert page.input_value("#opt-smoothing") == "exp"
    # the selected candidate is kept too (the last one edited: candidate 3)
    assert page.get_attribute("#rank-row-3 button.rank-select", "aria-pressed") == "true"
    check_breakdown(page, compare(CANDS, REFS[:2], smoothing="exp"), 2)
    select(page, 2)
    wait_deferred(page)
    page.reload()
    wait_ready_state(page)
    assert page.get_attribute("#rank-row-2 button.rank-select", "aria-pressed") == "true"
    check_breakdown(page, compare(CANDS, REFS[:2], smoothing="exp"), 1)
    page.click("#clear")
    answered(page)
    assert page.locator("#candidates textarea").count() == 1
    assert page.input_value("#reference") == "" and page.input_value("#candidate") == ""
    page.reload()
    wait_ready_state(page)
    assert page.input_value("#reference") == "" and page.input_value("#candidate") == ""
    page.close()


def test_language_switch_and_number_format(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat sat on the mat"])
    set_boxes(page, guard, "candidate", ["the cat is on the mat"])
    page.select_option("#lang-select", "es")
    answered(page)
    assert page.get_attribute("html", "lang") == "es"
    assert page.text_content("#references-heading") == i18n.t("es", "references_heading")
    assert page.text_content("#add-candidate") == i18n.t("es", "add_candidate")
    assert page.text_content("#reference-label") == i18n.t("es", "reference_label", number=1)
    assert page.text_content("#score") == "0,7071"
    assert page.text_content("#p2-value") == "0,6000"
    assert page.text_content("#breakdown-heading") == i18n.t("es", "breakdown_heading", number=1)
    assert ranking(page)[0][2] == "0,7071"
    page.select_option("#lang-select", "pt")
    answered(page)
    assert page.text_content("#candidates-heading") == i18n.t("pt", "candidates_heading")
    assert page.text_content("#share-button") == i18n.t("pt", "share_link")
    assert page.text_content("#score") == "0,7071"
    page.select_option("#lang-select", "en")
    answered(page)
    assert page.text_content("#score") == "0.7071"
    assert page.text_content("#references-heading") == "References"


def test_score_is_announced_politely(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat sat on the mat"])
    set_boxes(page, guard, "candidate", ["the cat is on the mat"])
    page.wait_for_function("document.getElementById('score-announce').textContent.includes('0.7071')")
    assert page.get_attribute("#score-announce", "aria-live") == "polite"
    assert page.text_content("#score-announce") == "BLEU-2 of candidate 1: 0.7071"


def test_keyboard_reaches_every_control(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "candidate", CANDS[:2])
    page.focus("#lang-select")
    answered(page)
    reached = set()
    for _ in range(80):
        page.keyboard.press("Tab")
        answered(page)
        reached.add(page.evaluate("document.activeElement.id || document.activeElement.className"))
    for control in (
        "reference",
        "candidate",
        "candidate-2",
        "add-reference",
        "add-candidate",
        "clear",
        "opt-max-order",
        "opt-smoothing",
        "restore-defaults",
        "copy-export-json",
        "share-button",
    ):
        assert control in reached, control
    assert "rank-select" in reached
    # the focused control is visibly outlined
    page.focus("#add-candidate")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    answered(page)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_bad_options_say_why_and_keep_the_texts(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat sat on the mat"])
    set_boxes(page, guard, "candidate", ["the cat is on the mat"])
    page.select_option("#opt-smoothing", "floor")
    page.fill("#opt-smooth-value", "abc")
    answered(page)
    assert page.is_visible("#option-error")
    assert page.text_content("#option-error") == (
        "The smoothing parameter of floor must be a number; “\u2068abc\u2069” is not one"
        " — still showing the scores with the last valid options."
    )
    assert page.input_value("#candidate") == "the cat is on the mat"
    # the scores stay, with the last valid options (floor, its default parameter)
    check_breakdown(page, compare(["the cat is on the mat"], ["the cat sat on the mat"], smoothing="floor"), 0)
    # plain decimals only, with the language's decimal mark (plain decimals only): an English
    # page refuses a decimal comma, quoting what was typed; a Spanish page reads it
    page.fill("#opt-smooth-value", "0,2")
    answered(page)
    assert page.text_content("#option-error").startswith(
        "The smoothing parameter of floor must be a number; “\u20680,2\u2069” is not one"
    )
    page.fill("#opt-smooth-value", "0.2")
    answered(page)
    assert page.is_hidden("#option-error")
    comp = compare(["the cat is on the mat"], ["the cat sat on the mat"], smoothing="floor", smooth_value=0.2)
    check_breakdown(page, comp, 0)
    for typed in ("1e400", "1_0", "inf"):
        page.fill("#opt-smooth-value", typed)
        answered(page)
        assert f"“\u2068{typed}\u2069” is not one" in page.text_content("#option-error")
    page.select_option("#lang-select", "es")
    page.fill("#opt-smooth-value", "0,2")
    answered(page)
    assert page.is_hidden("#option-error")
    assert page.text_content("#score") == f"{comp['candidates'][0]['score']:.4f}".replace(".", ",")
    page.select_option("#lang-select", "en")
    answered(page)
    # effective order with a method that has none
    page.select_option("#opt-smoothing", "method0")
    page.check("#opt-effective-order")
    answered(page)
    assert page.is_visible("#option-error")
    assert page.text_content("#option-error").startswith("These options cannot be combined: effective_order")
    page.click("#restore-defaults")
    answered(page)
    assert page.is_hidden("#option-error")
    assert not page.is_checked("#opt-effective-order")
    check_breakdown(page, compare(["the cat is on the mat"], ["the cat sat on the mat"]), 0)


def test_text_typed_while_an_option_is_invalid_survives_a_reload(new_context, site_url):
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    set_boxes(page, guard, "reference", ["the cat sat on the mat"])
    set_boxes(page, guard, "candidate", ["the cat is on the mat"])
    page.select_option("#opt-smoothing", "floor")
    page.fill("#opt-smooth-value", "abc")
    answered(page)
    assert page.is_visible("#option-error")
    guard.typed.append("a dog lay on the rug")
    page.fill("#candidate", "a dog lay on the rug")
    answered(page)
    # still scored (last valid options) and the token line follows the new text
    assert page.text_content("#candidate-tokens") == "a · dog · lay · on · the · rug"
    comp = compare(["a dog lay on the rug"], ["the cat sat on the mat"], smoothing="floor")
    check_breakdown(page, comp, 0)
    wait_deferred(page)
    page.reload()
    wait_ready_state(page)
    assert page.input_value("#candidate") == "a dog lay on the rug"
    assert page.input_value("#reference") == "the cat sat on the mat"
    assert page.input_value("#opt-smoothing") == "floor"  # the last valid options
    assert page.is_hidden("#option-error")
    check_breakdown(page, comp, 0)
    page.close()


def test_option_message_in_the_page_language(ready_page, guard):
    page = ready_page
    set_boxes(page, guard, "reference", ["the cat sat on the mat"])
    set_boxes(page, guard, "candidate", ["the cat is on the mat"])
    page.select_option("#lang-select", "pt")
    page.select_option("#opt-smoothing", "floor")
    page.fill("#opt-smooth-value", "abc")
    answered(page)
    assert page.text_content("#option-error") == (
        "O parâmetro de suavização de floor deve ser um número; “\u2068abc\u2069” não é"
        " — continuam sendo mostradas as pontuações com as últimas opções válidas."
    )
    page.click("#restore-defaults")
    page.select_option("#lang-select", "en")
    answered(page)
    assert page.is_hidden("#option-error")


def test_highlighting_is_off_for_long_texts_and_back_for_short(ready_page, guard):
    page = ready_page
    long_text = " ".join(f"w{i % 50}" for i in range(2001))
    set_boxes(page, guard, "reference", ["the cat"])
    set_boxes(page, guard, "candidate", [long_text])
    page.wait_for_function("!document.getElementById('hl-off').hidden")
    assert page.text_content("#hl-off") == i18n.t("en", "highlight_off", limit="2,000")
    assert page.locator("#hl-candidate .tok").count() == 0
    assert page.text_content("#hyp-len") == "2,001"  # still scored
    page.fill("#candidate", "the the cat")
    answered(page)
    page.wait_for_function("document.querySelectorAll('#hl-cand .hl-order-1 .tok').length === 3")
    assert page.is_hidden("#hl-off")
    assert "2 matched · 1 clipped · 0 unmatched" in page.text_content("#hl-cand")


def test_option_labels_are_not_cut_off_at_1280_px(ready_page):
    page = ready_page
    page.set_viewport_size({"width": 1280, "height": 900})
    for lang in ("en", "es", "pt"):
        page.select_option("#lang-select", lang)
        answered(page)
        cut = page.evaluate(
            """() => [...document.querySelectorAll('.options-grid select')].flatMap(sel => {
                const style = getComputedStyle(sel);
                const ctx = document.createElement('canvas').getContext('2d');
                ctx.font = style.font;
                const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
                return [...sel.options].filter(o => ctx.measureText(o.textContent).width > room)
                    .map(o => sel.id + ': ' + o.textContent);
            })"""
        )
        assert cut == [], (lang, cut)
    page.select_option("#lang-select", "en")
    answered(page)
