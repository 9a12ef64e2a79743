"""The ROUGE and GLEU breakdowns of one typed pair, checked against the peers computed here
(rouge-score 0.1.2's ``RougeScorer``, NLTK 3.10.4's ``sentence_gleu``): shared by the
Chromium page's module and the offline file's (importable as ``metric_breakdowns``)."""

from __future__ import annotations

import json

from nltk.translate.gleu_score import sentence_gleu
from playwright.sync_api import expect
from rouge_score import rouge_scorer

REF = "The cat sat on the mat.\nIt was happy there."
CAND = "the cats sat on a mat\nThe cat was happy."
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
GLEU_REF, GLEU_CAND = "the cat is on the mat today", "the cat sat on the mat today"

ROWS = "[...document.querySelectorAll('#metric-table tbody tr')].map(tr => [...tr.cells].map(c => c.textContent))"


def four(x: float) -> str:
    return f"{x:.4f}"


def assert_rouge_breakdown(label: str, score: str, rows: list[list[str]], shown: dict) -> None:
    """The page's ROUGE breakdown of REF/CAND (its label, score, table rows, JSON) is
    rouge-score's: each type's P, R, F to four decimals, matches over totals exactly, the JSON
    unrounded."""
    peer = rouge_scorer.RougeScorer(TYPES).score(REF, CAND)
    assert (label, score) == ("ROUGE-1", four(peer["rouge1"].fmeasure))
    assert [r[0] for r in rows] == ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-Lsum"]
    for row, t in zip(rows, TYPES):
        assert row[4:7] == [four(x) for x in peer[t]], (t, row)
        assert int(row[1]) / int(row[2]) == peer[t].precision and int(row[1]) / int(row[3]) == peer[t].recall
    assert [[shown["types"][t][k] for k in ("precision", "recall", "fmeasure")] for t in TYPES] == [
        list(peer[t]) for t in TYPES
    ]


def assert_gleu_breakdown(label: str, score: str, rows: list[list[str]], shown: dict) -> None:
    """The page's GLEU breakdown of GLEU_REF/GLEU_CAND is NLTK's ``sentence_gleu``: the score
    to four decimals, the JSON unrounded, the matches over the larger total exactly."""
    gleu = sentence_gleu([GLEU_REF.split()], GLEU_CAND.split())
    assert (label, score) == ("GLEU", four(gleu))
    assert shown["score"] == gleu
    assert [r[0] for r in rows] == ["1-grams", "2-grams", "3-grams", "4-grams", "all orders"]
    matches, total = sum(int(r[1]) for r in rows[:4]), max(int(rows[4][2]), int(rows[4][3]))
    assert rows[4][1] == str(matches) and matches / total == gleu


def check_rouge_and_gleu_breakdowns(page, guard, bleu_label: str = "BLEU-2") -> None:
    """Type a pair, choose ROUGE (rouge-score's rules), then GLEU: the score, each type's
    row and the JSON equal the peer's; the LCS is marked; typing re-scores; BLEU comes back
    (``bleu_label``: its label under the page's options)."""
    peer = rouge_scorer.RougeScorer(TYPES).score(REF, CAND)
    guard.typed += [REF, CAND, GLEU_REF, GLEU_CAND]
    page.fill("#reference", REF)
    page.fill("#candidate", CAND)
    page.select_option("#opt-metric", "rouge-score")
    expect(page.locator("#score-label")).to_have_text("ROUGE-1")
    expect(page.locator("#score")).to_have_text(four(peer["rouge1"].fmeasure))
    shown = json.loads(page.text_content("#result-json"))
    assert_rouge_breakdown(page.text_content("#score-label"), page.text_content("#score"), page.evaluate(ROWS), shown)
    page.wait_for_function("document.querySelectorAll('#hl-candidate .hl-matched').length > 0")
    page.fill("#candidate", REF)  # live while typing
    expect(page.locator("#score")).to_have_text("1.0000")

    page.fill("#reference", GLEU_REF)
    page.fill("#candidate", GLEU_CAND)
    page.select_option("#opt-metric", "gleu")
    gleu = sentence_gleu([GLEU_REF.split()], GLEU_CAND.split())
    expect(page.locator("#score-label")).to_have_text("GLEU")
    expect(page.locator("#score")).to_have_text(four(gleu))
    shown = json.loads(page.text_content("#result-json"))
    assert_gleu_breakdown(page.text_content("#score-label"), page.text_content("#score"), page.evaluate(ROWS), shown)

    page.select_option("#opt-metric", "bleu")
    expect(page.locator("#score-label")).to_have_text(bleu_label)
