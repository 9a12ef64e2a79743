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
