"""The metric option in headless Chromium: a person types a pair, picks chrF, chrF++ and
TER, and the score shown equals sacreBLEU 2.6.0's (``sacrebleu.sentence_chrf``,
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


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def oracle(metric: str) -> float:
    if metric == "ter":
        return sacrebleu.sentence_ter(HYP, [REF]).score / 100
    return sacrebleu.sentence_chrf(HYP, [REF], word_order=2 if metric == "chrf++" else 0).score / 100


@pytest.mark.parametrize(
    "metric,label", [("chrf", "chrF2"), ("chrf++", "chrF2++"), ("ter", "TER")], ids=["chrf", "chrf++", "ter"]
)
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


def test_under_chrf_or_ter_only_its_settings_show_and_a_ter_substitution_reads_plainly(ready_page, guard):
    """BLEU's options and presets hide under chrF (the metric's own settings are said, as sacreBLEU signs them); a
    TER substitution shows both words, marked, never struck through."""
    page = ready_page
    guard.typed += ["the cat is on the mat", "the cat sat on the mat"]
    page.fill("#reference", "the cat is on the mat")
    page.fill("#candidate", "the cat sat on the mat")
    page.select_option("#opt-metric", "chrf")
    settled(page)
    assert page.is_hidden("#bleu-options") and page.is_hidden("#opt-preset") and page.is_hidden("#opt-tokenizer")
    peer = sacrebleu.metrics.CHRF()
    peer.corpus_score(["x"], [["x"]])
    assert "|".join(peer.get_signature().format().split("|")[1:-1]) in page.text_content("#metric-options")
    page.select_option("#opt-metric", "ter")
    settled(page)
    assert (
        page.text_content("#score")
        == f"{sacrebleu.sentence_ter('the cat sat on the mat', ['the cat is on the mat']).score / 100:.4f}"
    )
    chips = page.eval_on_selector_all(
        "#hl-candidate .hl-substituted",
        "cs => cs.map(c => [c.textContent, getComputedStyle(c).textDecorationLine])",
    )
    assert ["~sat → is", "underline"] in chips and all("line-through" not in line for _, line in chips), chips
    page.select_option("#opt-metric", "bleu")
    settled(page)
    assert page.is_visible("#opt-preset") and page.is_hidden("#metric-options")
