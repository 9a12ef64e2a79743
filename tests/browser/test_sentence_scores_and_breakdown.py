"""The page in headless Chromium: live BLEU-2 breakdown, JSON, safety. No page load of its
own: the session's sentence tab, set back to the defaults (see conftest.py for it and for the
guard every test runs under)."""

from __future__ import annotations

import json
import math
import re

import pytest
from playwright.sync_api import expect

import bleu2
from browser_helpers import TED, answered, enter, probe, settled, texts
from golden_values import GOLDEN  # the classic BLEU-2 calculator's golden table (tests/golden_values.py)
from metric_breakdowns import check_rouge_and_gleu_breakdowns
from tools import build_site

FIELDS = (
    "score",
    "p1-fraction",
    "p1-value",
    "p2-fraction",
    "p2-value",
    "p2-note",
    "ref-len",
    "hyp-len",
    "bp-branch",
    "bp-value",
    "result-json",
    "hints",
    "reference-tokens",
    "candidate-tokens",
)


@pytest.fixture(scope="module")
def page_and_guard(shared_page_and_guard):
    return shared_page_and_guard  # the session's sentence tab, set back to the defaults (conftest.py)


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def _check_golden(shown, p1, p2, c, r, bp, score, p2_smoothed):
    assert shown["score"] == f"{score:.4f}"
    assert shown["p1-fraction"] == f"{p1[0]}/{p1[1]}"
    assert shown["p1-value"] == f"{p1[0] / p1[1]:.4f}"
    if p2_smoothed:
        assert shown["p2-fraction"] == f"(0+1)/({p2[1]}+1)"
        assert shown["p2-value"] == f"{1 / (p2[1] + 1):.4f}"
        assert "smoothed" in shown["p2-note"]
    else:
        assert shown["p2-fraction"] == f"{p2[0]}/{p2[1]}"
        assert shown["p2-value"] == f"{p2[0] / p2[1]:.4f}"
    assert (shown["ref-len"], shown["hyp-len"]) == (str(r), str(c))
    assert shown["bp-value"] == f"{bp:.4f}"
    expected_branch = f"1 (c ≥ r: {c} ≥ {r})" if c >= r else f"exp(1 − r/c) = exp(1 − {r}/{c})"
    assert shown["bp-branch"] == expected_branch
    data = json.loads(shown["result-json"])
    assert math.isclose(data["score"], score, abs_tol=5e-7)
    assert math.isclose(data["brevity_penalty"], bp, abs_tol=5e-7)
    assert (data["hyp_len"], data["ref_len"]) == (c, r)
    assert [(p["matches"], p["total"], p["smoothed"]) for p in data["precisions"]] == [
        (*p1, False),
        (*p2, p2_smoothed),
    ]
    assert (data["max_order"], data["smoothing"], data["tokenizer"]) == (2, "add-1", "default")


def test_page_is_ready_and_json_section_is_collapsed(ready_page):
    assert "Ready" in ready_page.text_content("#status")
    assert ready_page.evaluate("document.getElementById('json-section').open") is False
    assert ready_page.is_visible("#reference") and ready_page.is_visible("#candidate")
    assert ready_page.is_hidden("#result-json")


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN, ids=[g[1][:24] for g in GOLDEN])
def test_golden_pair(ready_page, guard, ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    enter(ready_page, guard, ref, cand)
    _check_golden(texts(ready_page, *FIELDS), p1, p2, c, r, bp, score, p2_smoothed)


def test_golden_pair_typed_key_by_key(ready_page, guard):
    ref, cand, p1, p2, c, r, bp, score, smoothed = GOLDEN[1]
    enter(ready_page, guard, "", "")
    guard.typed += [ref, cand]
    ready_page.locator("#reference").press_sequentially(ref)
    ready_page.locator("#candidate").press_sequentially(cand)
    answered(ready_page)
    _check_golden(texts(ready_page, *FIELDS), p1, p2, c, r, bp, score, smoothed)
    # Deleting a word re-scores at once.
    ready_page.locator("#candidate").press("Backspace")
    expect(ready_page.locator("#candidate-tokens")).to_have_text(re.compile(r"alfombr$"))


def test_hints_shown(ready_page, guard):
    enter(ready_page, guard, "the quick brown fox", "fox brown quick the")
    assert "Right words, wrong order" in ready_page.text_content("#hints")
    enter(ready_page, guard, "El gato está en la alfombra.", "el gato en la alfombra")
    assert "shorter than the reference" in ready_page.text_content("#hints")
    enter(ready_page, guard, "", "the cat is here")
    assert "reference is empty" in ready_page.text_content("#hints")
    assert ready_page.text_content("#score") == "0.0000"
    enter(ready_page, guard, "the cat is here", "")
    assert "candidate is empty" in ready_page.text_content("#hints")
    enter(ready_page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert ready_page.locator("#hints li").count() == 0


def test_an_empty_page_shows_no_number_only_what_to_do(ready_page, guard):
    page = ready_page
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    enter(page, guard, "", " ")
    settled(page)
    assert page.text_content("#score") == page.text_content("#summary-score") == "–"
    assert page.text_content("#summary-terms") == "Type or paste a reference and a candidate to see the score."
    assert page.text_content("#hints") == "Both texts are empty: type or paste a reference and a candidate."
    assert page.is_hidden("#ranking-section") and page.is_hidden("#chart") and page.is_hidden("#json-section")
    # what is rendered: no score, precision or penalty (the help's questions quote an example)
    shown = page.inner_text("#summary") + page.inner_text("#breakdown")
    assert not re.search(r"\d[.,]\d{4}", shown), re.findall(r".{20}\d[.,]\d{4}.{5}", shown)
    assert page.get_attribute("#reference", "placeholder") == "Type or paste the reference translation here"
    assert page.get_attribute("#candidate", "placeholder").startswith("Type or paste the translation to score")
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    settled(page)
    assert page.text_content("#score") == "0.7071" and page.text_content("#summary-terms").startswith("p1 0.8333")
    assert page.is_visible("#ranking-section") and page.is_visible("#chart")


def test_an_order_nltk_s_methods_leave_out_is_said_with_the_score_counting_it(ready_page, guard):
    """method6 on scrambled words, BLEU-4: p1 = 6/6, p2..p4 = 0 are left out (NLTK's frame:
    BP·exp(¼·ln 1) = 1.0000); counted, as BLEU's definition does, a zero precision gives 0."""
    page = ready_page
    page.select_option("#opt-max-order", "4")
    page.select_option("#opt-smoothing", "method6")
    enter(page, guard, "the cat sat on the mat", "mat the on sat cat the")
    assert page.text_content("#score") == "1.0000"
    hint = page.text_content("#hints .hint-left-out")
    assert hint.startswith("Zero precision in p2, p3, p4 (no matching n-gram): method6 leaves these orders out")
    assert hint.endswith(
        "With every order counted, as in BLEU's definition (Papineni et al. 2002), the score would be 0.0000."
    )
    page.click("#restore-defaults")
    expect(page.locator("#score-label")).to_have_text("BLEU-2")
    expect(page.locator("#hints .hint-left-out")).to_have_count(0)


def test_tokens_of_both_texts_shown(ready_page, guard):
    enter(ready_page, guard, "I visited 北京 in 2019, it was great!", "Don't stop")
    shown = texts(ready_page, "reference-tokens", "candidate-tokens", "reference-token-count", "candidate-token-count")
    assert shown["reference-tokens"] == "i · visited · 北 · 京 · in · 2019 · it · was · great"
    assert shown["candidate-tokens"] == "don · t · stop"
    assert shown["reference-token-count"] == "9 tokens"
    assert shown["candidate-token-count"] == "3 tokens"


def test_a_box_takes_its_direction_from_its_first_strong_character_never_dir_auto(ready_page, guard):
    """dir="auto" had the browser scan a box's whole text at every edit (seconds for
    megabytes): the direction is set from the first letter instead, digits and punctuation
    before it left aside, and follows the text as it is typed, pasted or written by the page."""
    page = ready_page

    def direction(selector: str) -> str:
        return page.eval_on_selector(selector, "box => getComputedStyle(box).direction")

    assert page.evaluate("[...document.querySelectorAll('textarea')].filter(t => t.dir === 'auto').length") == 0
    enter(page, guard, "2019 — שלום עולם, the cat", "12, (3): the cat שלום")
    assert direction("#reference") == "rtl" and page.get_attribute("#reference", "dir") == "rtl"
    # left to right, the page's own: no attribute to write (a change of it lays the text out again)
    assert direction("#candidate") == "ltr" and page.get_attribute("#candidate", "dir") is None
    # key presses: from the first strong character again
    page.fill("#candidate", "")
    page.locator("#candidate").press_sequentially("42 مر")
    assert direction("#candidate") == "rtl"
    answered(page)
    # a box the page adds is marked the same way, and is never dir="auto"
    page.click("#add-candidate")
    answered(page)
    added = page.locator("#candidates textarea").nth(1)
    assert added.get_attribute("data-dir") == "first-strong" and added.get_attribute("dir") != "auto"
    added.fill("ש the dog")
    assert added.get_attribute("dir") == "rtl"
    page.click(f"#{added.get_attribute('id')}-remove")
    answered(page)
    enter(page, guard, "the cat", "the cat")
    assert direction("#reference") == "ltr" and page.get_attribute("#reference", "dir") is None


@pytest.mark.parametrize("box", ["reference", "candidate"])
def test_markup_is_shown_as_text(ready_page, guard, box):
    payload = "<img src=x onerror=alert(1)>"
    other = "a plain sentence"
    enter(ready_page, guard, *((payload, other) if box == "reference" else (other, payload)))
    assert ready_page.locator("img").count() == 0
    assert ready_page.input_value(f"#{box}") == payload
    assert ready_page.text_content(f"#{box}-tokens") == "img · src · x · onerror · alert · 1"
    assert ready_page.locator("img").count() == 0  # (and no dialog: the guard)


def test_json_section_and_copy_button(ready_page, guard):
    context = ready_page.context
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=guard.origin)
    enter(ready_page, guard, "the cat sat on the mat", "the cat is on the mat")
    ready_page.click("#json-section summary")
    expect(ready_page.locator("#result-json")).to_be_visible()
    shown = ready_page.text_content("#result-json")
    assert json.loads(shown) == bleu2.sentence_bleu("the cat is on the mat", "the cat sat on the mat").to_dict()
    ready_page.click("#copy-json")
    expect(ready_page.locator("#copy-status")).not_to_have_text("")
    assert ready_page.evaluate("navigator.clipboard.readText()") == shown
    # kept current while open
    enter(ready_page, guard, "the cat sat on the mat", "the cat sat on the mat")
    assert json.loads(ready_page.text_content("#result-json"))["score"] == 1.0
    ready_page.click("#json-section summary")
    expect(ready_page.locator("#result-json")).to_be_hidden()


def test_page_loaded_every_module_of_its_archive_and_not_the_cli(ready_page):
    present = sorted(build_site.archive_modules())  # what bleu2.zip holds: engine and page
    assert "bleu2.page.sentence.breakdown" in present and "bleu2.cli" not in present
    loaded = probe(ready_page, "sorted(m for m in sys.modules if m.split('.')[0] in ('bleu2', 'argparse'))")
    assert loaded == present, "the page runs exactly the archive's modules (no CLI, no argparse)"


def test_csp_blocks_connections_to_other_origins(ready_page, guard):
    # The route guard would abort such a request too; CSP must stop it before that.
    with guard.expect_console_errors():
        outcome = ready_page.evaluate(
            """async () => {
                let violated = null;
                document.addEventListener('securitypolicyviolation', e => { violated = e.violatedDirective; });
                try { await fetch('http://127.0.0.2:9/x'); return 'fetched'; }
                catch (e) { await new Promise(r => setTimeout(r, 50)); return 'blocked:' + violated; }
            }"""
        )
    assert outcome == "blocked:connect-src"
    assert guard.foreign_requests == []


def test_real_input_ted_first_50_pairs(ready_page, guard):
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:50]
    hyps = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:50]
    assert len(refs) == len(hyps) == 50
    mismatches = []
    for i, (ref, hyp) in enumerate(zip(refs, hyps)):
        enter(ready_page, guard, ref, hyp)
        shown = texts(ready_page, "result-json", "score", "reference-tokens", "candidate-tokens")
        expected = bleu2.sentence_bleu(hyp, ref)
        if json.loads(shown["result-json"]) != expected.to_dict():
            mismatches.append((i, shown["result-json"], expected.to_dict()))
        assert shown["score"] == f"{expected.score:.4f}"
        assert shown["reference-tokens"] == " · ".join(bleu2.tokenize(ref))
        assert shown["candidate-tokens"] == " · ".join(bleu2.tokenize(hyp))
    assert not mismatches, mismatches[:3]


def test_rouge_and_gleu_breakdowns_of_a_typed_pair_equal_the_peers(ready_page, guard):
    check_rouge_and_gleu_breakdowns(ready_page, guard)


def test_an_empty_candidate_rtl_chips_and_dropped_characters_say_what_is_there(ready_page, guard):
    """An empty candidate shows no precision (sacreBLEU: BLEU 0, BP 0); Arabic chips run right to left; the emoji
    the default tokenizer drops are counted beside the tokens."""
    page = ready_page
    enter(page, guard, "the cat is on the mat", "")
    settled(page)
    assert page.text_content("#summary-terms") == "no words in the candidate: nothing to match · BP 0.0000"
    assert page.text_content("#p1-value") == page.text_content("#p2-value") == "–"
    assert "1.0000" not in page.inner_text("#summary") + page.inner_text("#ranking-section")
    enter(page, guard, "القط على الحصيرة", "the cat 🐈 sat ★")
    settled(page)
    assert page.eval_on_selector("#reference-tokens", "e => getComputedStyle(e).direction") == "rtl"
    assert page.eval_on_selector("#candidate-tokens", "e => getComputedStyle(e).direction") == "ltr"
    assert page.text_content("#candidate-tokens-more") == "2 characters left out by the tokenizer: \u2068🐈 ★\u2069"
