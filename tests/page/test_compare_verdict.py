"""The Compare view that agrees with the systems table, through corpus
mode's fake page on the TED files: it scores by the page's options unless asked otherwise
and then names both rule sets; it warns on detokenized text under rules that split at
spaces; a change of the significance test reuses the analyses; it opens with a verdict.

Oracles: sacreBLEU 2.6.0 (``corpus_bleu`` under the sacreBLEU preset), compare-mt 0.2.10's
BLEU of TED sys1 (0.1563, its report), the systems table's own p-value (checked against
sacreBLEU in test_corpus_control), and the words counted here with a regular expression.
"""

from __future__ import annotations

import json
import re

import pytest
import sacrebleu

from bleu2.page.corpus import compare_verdict
from corpus_page import DEBOUNCE_MS, DETOK, SACREBLEU, TOK, cli_compare, ted, view
from shared_data import TED


def test_by_default_the_compare_view_scores_as_the_systems_table_and_as_sacrebleu():
    page = ted(options=SACREBLEU)
    shown = view(page)
    lines = [(TED / name).read_text(encoding="utf-8").splitlines() for name in DETOK]
    oracle = [sacrebleu.corpus_bleu(sys, [lines[0]]).score / 100 for sys in lines[1:]]
    assert [row[1] for row in shown["scores"]["rows"]] == [f"{x:.4f}" for x in oracle]
    table = json.loads(page.port.text("corpus-json"))
    assert [s["score"] for s in table] == pytest.approx(oracle, abs=1e-12)
    assert shown["rules"] == (
        "Rules: the page's options (BLEU-4, tok:13a, smooth:exp), as in the systems table above: the scores agree."
    )
    assert shown["warning"] == ""  # 13a splits the punctuation off


def test_under_compare_mts_rules_both_rule_sets_are_named_and_detokenized_text_is_warned():
    page = ted(rules="compare-mt")
    shown = view(page)
    assert shown["scores"]["rows"][0][:2] == ["ted.sys1.detok.eng", "0.1563"]  # compare-mt 0.2.10's report
    table = json.loads(page.port.text("corpus-json"))
    assert f"{table[0]['score']:.4f}" == "0.3733"  # BLEU-2, the page's defaults
    assert shown["rules"] == (
        "These analyses score by compare-mt 0.2.10's rules (BLEU-4, words split at spaces only); the systems"
        " table above by the page's options (BLEU-2, tok:default, smooth:add-1, lc). The two rule sets give"
        " different scores. Choose “The page's options” under Rules to compare by the table's rules."
    )
    # the share of words with punctuation attached, counted here over the first 1000 lines of each file
    glued = re.compile(r"^.*\w[.,!?;:\"”’)»\]}…]$|^[\"“‘(«\[{¿¡]\w")
    words = [
        w for name in DETOK for line in (TED / name).read_text().splitlines()[:1000] for w in line.strip().split(" ")
    ]
    percent = 100 * sum(1 for w in words if glued.match(w)) / len(words)
    assert percent > 100 * compare_verdict.DETOKENIZED_SHARE
    assert shown["warning"].startswith(
        f"These texts look detokenized: {percent:.1f} % of their words keep punctuation attached (such as year, sites. die.)"
    )
    assert "compare-mt expects tokenized text" in shown["warning"]


def test_tokenized_text_gets_no_warning_under_compare_mts_rules():
    shown = view(ted(TOK, rules="compare-mt"))
    assert shown["warning"] == ""
    share, _ = compare_verdict.detokenized_share(
        [(TED / name).read_text().splitlines() for name in TOK], lambda line: line.strip().split(" ")
    )
    assert share < 0.002  # "U.S.", "Mr." (TED tokenized: 0.06–0.16 %)


def test_a_new_test_reuses_the_analyses_and_the_verdict_quotes_its_p_value():
    page = ted()
    shown_result = page.control.compare.result
    counts = page.session.counts
    shown = view(page)
    assert shown["verdict"]["headline"] == (
        "ted.sys2.detok.eng scores higher: BLEU 0.3746 against 0.3733 for ted.sys1.detok.eng."
    )
    assert shown["verdict"]["p_value"] is None and shown["verdict"]["significance"].startswith(
        "Whether the difference is more than chance is not known"
    )
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "100")
    starts = page.spy("compare_start")
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert len(starts) == 1 and page.control.compare.result == shown_result  # reused: painted again
    assert page.session.counts is counts
    table = json.loads(page.port.text("corpus-json"))
    p = table["systems"][1]["p_value"] if isinstance(table, dict) else table[1]["p_value"]
    verdict = view(page)["verdict"]
    assert verdict["p_value"] == p and verdict["significant"] is (p < 0.05)
    word = "significant" if p < 0.05 else "not significant"
    assert verdict["significance"].startswith(f"The difference is {word}: paired bootstrap, p = {p:.4f}")
    # another baseline: the pass over the lines is kept, the rest computed again
    ids = [row["id"] for row in page.port.last("files")["systems"]]
    page.port.set("corpus-baseline", str(ids[1]))
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert len(starts) == 2 and page.control.compare.result not in (None, shown_result)  # analysed again
    assert page.session.counts is counts
    assert view(page)["pairs"]["baseline"] == "ted.sys2.detok.eng"


def test_the_verdict_names_the_buckets_where_the_two_differ_most():
    page = ted()
    shown = view(page)
    d = json.loads(shown["json"])
    found = []
    w = d["word_accuracy"]
    for i, bucket in enumerate(w["buckets"]):
        a, b = w["systems"][0][i], w["systems"][1][i]
        if min(a["ref"], a["out"], b["out"]) >= compare_verdict.MIN_WORDS:
            found.append((abs(b["f"] - a["f"]), "words", bucket))
    lb = d["length_buckets"]
    for i, bucket in enumerate(lb["buckets"]):
        if min(lb["sentences"][0][i], lb["sentences"][1][i]) >= compare_verdict.MIN_SENTENCES:
            found.append((abs(lb["bleu"][1][i] - lb["bleu"][0][i]), "length", bucket))
    found.sort(key=lambda x: -x[0])
    differences = shown["verdict"]["differences"]
    assert [(x["kind"], x["bucket"]) for x in differences] == [(k, b) for _, k, b in found[:3]]
    first = differences[0]
    assert first["text"].endswith(
        f"{first['left']:.4f} (ted.sys1.detok.eng) against {first['right']:.4f} (ted.sys2.detok.eng)"
    )


def test_the_verdict_in_spanish_and_portuguese():
    page = ted(lang="es")
    verdict = view(page)["verdict"]
    assert verdict["heading"] == "Veredicto"
    assert (
        verdict["headline"] == "ted.sys2.detok.eng puntúa más alto: BLEU 0,3746 frente a 0,3733 de ted.sys1.detok.eng."
    )
    page.control.language("pt")
    assert view(page)["verdict"]["headline"].startswith("ted.sys2.detok.eng pontua mais alto: BLEU 0,3746 contra")


def test_under_other_rules_the_analyses_run_the_paired_test_on_their_statistics(tmp_path):
    """compare-mt's BLEU-4 differs from the table's BLEU-2: the verdict quotes a test on the
    analyses' statistics (the JSON is ``bleu2 compare --paired-bs``'s); a new test keeps the pass."""
    page = ted(rules="compare-mt")
    counts = page.session.counts
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "50")
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert page.session.counts is counts  # the pass over the lines was not made again
    files = [(name, (TED / name).read_bytes()) for name in DETOK]
    expected = cli_compare(
        tmp_path, "--preset", "compare-mt", "--paired-bs", "--paired-bs-n", "50", "--seed", "12345", "--json",
        "-r", *(name for name, _ in files), files=files,
    )  # fmt: skip
    assert page.port.text("compare-json") == expected
    p = json.loads(expected)["significance"]["systems"][1]["p_value"]
    verdict = view(page)["verdict"]
    assert verdict["test"] == "paired-bs" and verdict["p_value"] == p
    assert verdict["headline"] == "ted.sys2.detok.eng scores higher: BLEU 0.1777 against 0.1563 for ted.sys1.detok.eng."
