"""The metric option in headless Chromium: a person types a pair, picks chrF, TER and (by
its preset) chrF++, and the score shown equals sacreBLEU 2.6.0's (``sacrebleu.sentence_chrf``,
``sentence_ter``), with the breakdown's table and the marks painted; back to BLEU, the
BLEU breakdown returns (see conftest.py for the guard every test runs under: requests to
other origins blocked and recorded, console errors, tracebacks)."""

from __future__ import annotations

import json

import pytest
import sacrebleu

from browser_helpers import settled

REF = "The quick brown fox jumped over the lazy dog."
HYP = "the lazy dog was jumped over by a quick brown fox"


# The preset list is as wide as its longest name would make it (a copy without a width limit).
WHOLE_PRESETS_JS = """() => {
  const select = document.getElementById('metric-preset'), copy = select.cloneNode(true);
  copy.removeAttribute('id');
  copy.style.maxWidth = 'none';
  select.after(copy);
  const whole = copy.getBoundingClientRect().width;
  copy.remove();
  return whole <= select.getBoundingClientRect().width + 0.5;
}"""


@pytest.fixture(scope="module")
def page_and_guard(shared_page_and_guard):
    return shared_page_and_guard  # the session's sentence tab, set back to the defaults (conftest.py)


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def oracle(metric: str) -> float:
    if metric == "ter":
        return sacrebleu.sentence_ter(HYP, [REF]).score / 100
    return sacrebleu.sentence_chrf(HYP, [REF], word_order=2 if metric == "chrf++" else 0).score / 100


@pytest.mark.parametrize("metric,label", [("chrf", "chrF2"), ("ter", "TER")], ids=["chrf", "ter"])
def test_the_chosen_metric_shows_sacrebleus_score(ready_page, guard, metric, label):
    page = ready_page
    guard.typed += [REF, HYP]
    page.fill("#reference", REF)
    page.fill("#candidate", HYP)
    page.select_option("#opt-metric", metric)
    settled(page)
    expected = oracle(metric)
    assert page.text_content("#score") == f"{expected:.4f}"
    assert page.text_content("#score-label") == label
    assert json.loads(page.text_content("#result-json"))["score"] == pytest.approx(expected, abs=1e-12)
    assert page.is_visible("#metric-table") and not page.is_visible("#bleu-terms")
    assert page.locator("#metric-table tbody tr").count() >= (5 if metric == "ter" else 7)
    assert page.locator("#hl-candidate .tok").count() > 0
    if metric == "ter":
        assert page.locator("#hl-candidate .hl-shifted").count() > 0


def test_typing_updates_the_metric_live_and_bleu_comes_back(ready_page, guard):
    page = ready_page
    page.select_option("#opt-metric", "chrf")
    page.fill("#candidate", REF)
    settled(page)
    assert page.text_content("#score") == f"{sacrebleu.sentence_chrf(REF, [REF]).score / 100:.4f}"
    page.select_option("#opt-metric", "bleu")
    settled(page)
    assert page.text_content("#score-label") == "BLEU-2" and page.is_visible("#bleu-terms")
    assert not page.is_visible("#metric-table")
    assert page.is_visible("#opt-preset") and page.is_hidden("#metric-options")  # BLEU's options, not the metric's


def test_under_chrf_or_ter_only_its_options_show_rescore_as_sacrebleus_and_read_at_360px(ready_page, guard):
    """BLEU's options and presets hide under chrF and TER; the metric's own options and presets show and rescore
    live with sacreBLEU's numbers; at 360 px their tables' captions span the width and nothing scrolls sideways;
    a TER substitution shows both words, marked, never struck through."""
    page = ready_page
    ref, hyp = "the cat is on the mat", "The cat sat on the mat!"
    guard.typed += [ref, hyp]
    page.fill("#reference", ref)
    page.fill("#candidate", hyp)
    page.select_option("#opt-metric", "chrf")
    settled(page)
    assert page.is_hidden("#bleu-options") and page.is_hidden("#opt-preset") and page.is_hidden("#opt-tokenizer")
    assert page.input_value("#metric-preset") == "sacrebleu-chrf" and page.input_value("#metric-opt-beta") == "2"
    page.fill("#metric-opt-beta", "1")
    settled(page)
    chrf1 = sacrebleu.metrics.CHRF(beta=1).sentence_score(hyp, [ref]).score / 100
    assert page.text_content("#score") == f"{chrf1:.4f}" and page.text_content("#score-label") == "chrF1"
    page.select_option("#metric-preset", "sacrebleu-chrf++")
    settled(page)
    assert page.input_value("#opt-metric") == "chrf++" and page.input_value("#metric-opt-word-order") == "2"
    assert page.text_content("#score") == f"{sacrebleu.sentence_chrf(hyp, [ref], word_order=2).score / 100:.4f}"
    assert page.text_content("#score-label") == "chrF2++" and page.locator("#metric-table tbody tr").count() == 9
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        for metric in ("chrf", "ter"):
            page.select_option("#opt-metric", metric)
            settled(page)
            caption, region = (page.locator(s).bounding_box() for s in ("#metric-caption", "#metric-terms"))
            assert caption and region and caption["width"] >= 0.9 * region["width"], (metric, caption, region)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert page.evaluate(WHOLE_PRESETS_JS), metric  # no preset's name is cut in the closed list
        page.check("#metric-opt-case-sensitive")
        settled(page)
        ter = sacrebleu.sentence_ter(hyp, [ref], case_sensitive=True).score / 100
        assert page.text_content("#score") == f"{ter:.4f}" and page.input_value("#metric-preset") == "custom"
        page.uncheck("#metric-opt-case-sensitive")
        settled(page)
    finally:
        page.set_viewport_size(size)
    assert page.text_content("#score") == f"{sacrebleu.sentence_ter(hyp, [ref]).score / 100:.4f}"
    chips = page.eval_on_selector_all(
        "#hl-candidate .hl-substituted",
        "cs => cs.map(c => [c.textContent, getComputedStyle(c).textDecorationLine])",
    )
    assert ["~sat → is", "underline"] in chips and all("line-through" not in line for _, line in chips), chips
