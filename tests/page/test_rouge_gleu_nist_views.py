"""ROUGE, GLEU and NIST on the page, through the fake page (tests/fake_port.py, tests/corpus_page.py):
every number shown is the peer's, computed here: rouge-score 0.1.2 (its ``RougeScorer``, its
tokenizer and LCS table), NLTK 3.10.4's ``sentence_gleu``/``sentence_nist``, and rouge-score's
mean F over TED lines in corpus mode."""

from __future__ import annotations

import json

import numpy as np
import pytest
from nltk.translate.gleu_score import sentence_gleu
from nltk.translate.nist_score import sentence_nist
from rouge_score import rouge_scorer
from rouge_score import tokenize as rouge_tokenize

from bleu2.page.sentence.metric_view import metric_views
from corpus_page import DEBOUNCE_MS, Page
from fake_port import open_page, set_control, type_in
from shared_data import TED

REF = "The cat sat on the mat.\nIt was happy there, and the dog was not."
CAND = "the cats sat on a mat\nThe dog was not happy there."
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def scored(metric: str, reference: str = REF, candidate: str = CAND, lang: str = "en"):
    port, page = open_page()
    if lang != "en":
        set_control(port, page, "lang-select", lang, handler="on_language")
    type_in(port, page, "reference", reference)
    type_in(port, page, "candidate", candidate)
    set_control(port, page, "opt-metric", metric)
    port.advance(1000)
    return port, page


def four(x: float) -> str:
    return f"{x:.4f}"


def test_rouge_under_rouge_scores_rules_shows_each_types_counts_and_scores_as_rouge_score():
    port, _ = scored("rouge-score")
    peer = rouge_scorer.RougeScorer(TYPES).score(REF, CAND)
    shown = json.loads(port.text("result-json"))
    assert shown["score"] == peer["rouge1"].fmeasure
    for t in TYPES:
        assert [shown["types"][t][f] for f in ("precision", "recall", "fmeasure")] == list(peer[t]), t
    assert port.text("score") == four(peer["rouge1"].fmeasure) and port.text("score-label") == "ROUGE-1"
    v = metric_views({"references": [{"text": REF}], "candidates": [{"text": CAND}]}, "rouge-score")[0]
    for row, t in zip(v["rows"], TYPES):
        assert row["cells"][4:] == [four(x) for x in peer[t]], t
        hits, cand_total, ref_total = (int(c) for c in row["cells"][1:4])
        assert hits / max(cand_total, 1) == peer[t].precision and hits / max(ref_total, 1) == peer[t].recall
    assert port.prop("bleu-terms", "hidden") is True and port.prop("metric-terms", "hidden") is False
    assert [log for log in port.logs if log[0] == "error"] == []


def test_rouge_l_marks_the_longest_common_subsequence_and_lsum_each_sentence():
    reference, candidate = "a b c d e f", "b x d f a c"
    v = metric_views({"references": [{"text": reference}], "candidates": [{"text": candidate}]}, "rouge-score")[0]
    ref_tokens, cand_tokens = rouge_tokenize.tokenize(reference, None), rouge_tokenize.tokenize(candidate, None)
    lcs = rouge_scorer._lcs_table(ref_tokens, cand_tokens)[-1][-1]
    lines = {line["title"]: line for line in v["highlight"]["candidate"][0]["orders"]}
    marked = [text for text, css in lines["ROUGE-L"]["items"] if css == "hl-matched"]
    assert len(marked) == lcs == 3 and [text for text, _ in lines["ROUGE-L"]["items"]] == cand_tokens
    v = metric_views({"references": [{"text": REF}], "candidates": [{"text": CAND}]}, "rouge-score")[0]
    titles = [line["title"] for line in v["highlight"]["candidate"][0]["orders"]]
    assert "ROUGE-Lsum, sentence 1" in titles and "ROUGE-Lsum, sentence 2" in titles
    # each reference token that counts is marked once (a candidate token may serve several sentences)
    lsum = [line for line in v["highlight"]["references"][0]["orders"] if line["title"].startswith("ROUGE-Lsum")]
    peer = rouge_scorer.RougeScorer(["rougeLsum"]).score(REF, CAND)["rougeLsum"]
    hits = sum(css == "hl-ref-matched" for line in lsum for _, css in line["items"])
    ref_total = sum(len(line["items"]) for line in lsum)
    assert len(lsum) == 2 and hits / ref_total == peer.recall


def test_a_note_counts_the_characters_rouge_scores_tokenizer_dropped():
    reference, candidate = "Η γάτα κάθεται στο χαλί 1", "Η γάτα κάθισε στο χαλί 1"
    port, _ = scored("rouge-score", reference, candidate)
    text = reference + candidate
    total = sum(not ch.isspace() for ch in text)
    kept = sum(ch in "abcdefghijklmnopqrstuvwxyz0123456789" for ch in text.lower())
    note = f"rouge-score's tokenizer keeps a–z and 0–9 only: {total - kept} of {total} characters were dropped."
    assert note in port.text("metric-caption") and total - kept == 37
    assert port.text("score") == four(
        rouge_scorer.RougeScorer(["rouge1"]).score(reference, candidate)["rouge1"].fmeasure
    )
    port, _ = scored("rouge", reference, candidate)  # bleu2's tokenizer keeps Greek: no note
    assert "dropped" not in port.text("metric-caption") and port.text("score") == four(5 / 6)


def test_gleu_and_nist_show_nltks_sentence_scores():
    reference, candidate = "the cat is on the mat today", "the cat sat on the mat today"
    port, _ = scored("gleu", reference, candidate)
    peer = sentence_gleu([reference.split()], candidate.split())
    assert json.loads(port.text("result-json"))["score"] == peer and port.text("score") == four(peer)
    assert port.text("score-label") == "GLEU"
    port, _ = scored("nist", reference, candidate)
    peer = sentence_nist([reference.split()], candidate.split())
    assert json.loads(port.text("result-json"))["score"] == pytest.approx(peer, rel=1e-12)
    assert port.text("score") == four(peer) and port.text("score-label") == "NIST"


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_how_it_works_explains_each_metric_in_spanish_and_portuguese(lang):
    for metric, start in (("rouge", "ROUGE (Lin 2004)"), ("gleu", "GLEU (Google BLEU"), ("nist", "NIST (Doddington")):
        port, _ = scored(metric, lang=lang)
        help_ = port.last("help")
        assert help_["intro"].removeprefix("O ").startswith(start), (metric, help_["intro"])
        assert len(help_["faq"]) >= 2 and all(q["q"] and q["a"] for q in help_["faq"])


def test_corpus_mode_ranks_by_rouge_scores_mean_f_with_a_paired_bootstrap():
    names = ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")
    lines = [(TED / n).read_text(encoding="utf-8").splitlines()[:100] for n in names]
    page = Page(lang="en")
    page.port.set("opt-metric", "rouge-score")
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "100")
    page.load("reference", (names[0], ("\n".join(lines[0]) + "\n").encode()))
    page.load("system", *((n, ("\n".join(t) + "\n").encode()) for n, t in zip(names[1:], lines[1:])))
    page.work()
    page.fire(DEBOUNCE_MS)
    page.work()
    shown = json.loads(page.port.text("corpus-json"))
    scorer = rouge_scorer.RougeScorer(TYPES)
    expected = {}
    for n, system in zip(names[1:], lines[1:]):
        rows = [list(scorer.score(r, h)["rouge1"]) for r, h in zip(lines[0], system)]
        expected[n] = np.mean(np.array(rows), axis=0)[2].item()
    assert {s["system"]: s["rouge-score"]["score"] for s in shown} == expected
    assert [s["rouge-score"]["p_value"] is None for s in shown] == [True, False]
    table = page.port.last("results")["table"]
    assert "test: ROUGE-1, as rouge-score 0.1.2 RougeScorer;" in table["note"]
    assert table["note"].endswith("Ranked by ROUGE-1.")
    assert table["names"][0] == max(expected, key=expected.__getitem__)


def test_the_torchmetrics_preset_equals_torchmetrics_rouge_score_within_float32():
    """rouge1, rouge2 and rougeL (torchmetrics' rougeLsum needs NLTK's punkt, downloaded at run time)."""
    from torchmetrics.text.rouge import ROUGEScore

    pairs = [(REF, CAND), ("Größe: 12 cats, 3 dogs!", "12 cats and 3 dogs"), ("a b a b", "b a b a b")]
    keys = ("rouge1", "rouge2", "rougeL")
    for reference, candidate in pairs:
        theirs = {k: float(v) for k, v in ROUGEScore(rouge_keys=keys)([candidate], [reference]).items()}
        v = metric_views(
            {"references": [{"text": reference}], "candidates": [{"text": candidate}]}, "rouge-torchmetrics"
        )[0]
        ours = json.loads(v["json"])["types"]
        for k in keys:
            for field in ("precision", "recall", "fmeasure"):
                assert ours[k][field] == pytest.approx(theirs[f"{k}_{field}"], rel=1e-6, abs=1e-7), (
                    candidate,
                    k,
                    field,
                )


def test_the_export_under_rouge_ranks_the_candidates_by_rouge_scores_f():
    from fake_port import event

    port, page = open_page()
    type_in(port, page, "reference", "the cat sat on the mat")
    type_in(port, page, "candidate", "a b c d")
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", "the cat is on the mat")
    set_control(port, page, "opt-metric", "rouge-score")
    page.on_export(event("click", "export", "download-export-json", format="json"))
    exported = json.loads(port.downloads[-1][2])
    scorer = rouge_scorer.RougeScorer(TYPES)
    theirs = [
        scorer.score("the cat sat on the mat", c)["rouge1"].fmeasure for c in ("a b c d", "the cat is on the mat")
    ]
    assert exported["metric"] == "rouge-score" and [r["index"] for r in exported["ranking"]] == [1, 0]
    assert [r["score"] for r in exported["ranking"]] == theirs[::-1]
    assert exported["ranking"][0]["name"] == "ROUGE-1"
