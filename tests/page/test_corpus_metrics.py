"""Corpus mode with chrF and TER beside BLEU: under the page's metric
chrF, chrF++ or TER the systems table, its JSON and its exports carry chrF and TER with the
test chosen (sacreBLEU's multi-metric table), ranked by the page's metric; the Compare view
says that its analyses score BLEU. Through corpus mode's fake page on the TED files.

Oracle: sacreBLEU 2.6.0's command line, its output recorded here (seed 12345):
``sacrebleu ted.ref.detok.eng -i ted.sys1.detok.eng ted.sys2.detok.eng -m bleu chrf ter
--paired-bs -f text -w 4`` and ``sacrebleu ted.ref.detok.eng -i ted.sys1.detok.eng -m bleu
chrf ter -ci -f text -w 4`` (the same means and intervals for sys1).
"""

from __future__ import annotations

import json

from corpus_page import DETOK, SACREBLEU, ted, view
from golden_values import sacrebleu_figures as figures

#: sacreBLEU's -w 4 numbers (percent): per metric and system, (score, mean, ci, p-value).
PAIRED_BS = {
    "bleu": [(21.7106, 21.7284, 0.7578, None), (23.0512, 23.0673, 0.7270, 0.0010)],
    "chrf": [(48.3360, 48.3450, 0.5072, None), (45.5839, 45.5939, 0.5694, 0.0010)],
    "ter": [(64.5800, 64.5692, 0.7399, None), (63.8501, 63.8352, 0.8168, 0.0140)],
}


def test_under_chrf_the_table_scores_chrf_and_ter_with_sacrebleus_paired_bootstrap():
    page = ted(options={**SACREBLEU, "opt-metric": "chrf"}, test="paired-bs")
    shown = json.loads(page.port.text("corpus-json"))
    assert [s["system"] for s in shown] == list(DETOK[1:])  # the baseline first
    assert [figures(s) for s in shown] == PAIRED_BS["bleu"]
    assert [figures(s["chrf"]) for s in shown] == PAIRED_BS["chrf"]
    assert [figures(s["ter"]) for s in shown] == PAIRED_BS["ter"]
    assert (
        shown[0]["chrf"]["signature"]
        == "nrefs:1|bs:1000|seed:12345|case:mixed|eff:yes|nc:6|nw:0|space:no|version:bleu2-0.1.0"
    )
    assert shown[0]["ter"]["signature"] == (
        "nrefs:1|bs:1000|seed:12345|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:bleu2-0.1.0"
    )
    table = page.port.last("results")["table"]
    # the column it ranks by right after the names, always in view; then BLEU's, then TER's; each metric's mean
    # ± 95% CI and p-value folded into its score's cell, a line each (13 columns: it fits 1280 px)
    folded = ["chrF2\nMean ± 95% CI\np-value", "BLEU-4\nMean ± 95% CI\np-value"]
    assert table["head"] == ["Rank", "System", *folded, "p1", "p2", "p3", "p4", "BP", "c/r", "c", "r"] + [
        "TER\nMean ± 95% CI\np-value"
    ]
    # ranked by chrF: sys1 first (0.4834 against 0.4558), though sys2 has the higher BLEU
    assert table["names"] == list(DETOK[1:])
    assert [table["rows"][0][2], table["rows"][0][12]] == [
        "0.4834\n0.4835 ± 0.0051\nbaseline", "0.6458\n0.6457 ± 0.0074\nbaseline",
    ]  # fmt: skip
    assert [table["rows"][1][2], table["rows"][1][12]] == [
        "0.4558\n0.4559 ± 0.0057\n0.0010", "0.6385\n0.6384 ± 0.0082\n0.0140",
    ]  # fmt: skip
    # the note names each metric scored with the peer command its numbers equal (the registry's)
    assert table["note"].endswith(
        "Scored beside BLEU (sacrebleu -m bleu), each with the same test: chrF2, as sacrebleu -m chrf; TER (an error"
        " rate: lower is better), as sacrebleu -m ter. Ranked by chrF2."
    )
    # the exports carry them too
    page.on("export", "systems", "csv")
    csv = page.port.downloads[-1][2].splitlines()
    head = csv[0].split(",")
    assert head[-10:] == [
        "chrf_score", "chrf_mean", "chrf_ci", "chrf_p_value", "chrf_signature",
        "ter_score", "ter_mean", "ter_ci", "ter_p_value", "ter_signature",
    ]  # fmt: skip
    second = dict(zip(head, csv[2].split(",")))
    assert round(100 * float(second["ter_score"]), 4) == 63.8501 and round(float(second["ter_p_value"]), 4) == 0.014
    assert second["system"] == DETOK[2] and second["rank"] == "2"
    page.on("export", "systems", "markdown")
    markdown = page.port.downloads[-1][2]
    assert "| chrF2 | chrF2: Mean ± 95% CI | chrF2: p-value |" in markdown
    page.on("export", "systems", "json")
    assert json.loads(page.port.downloads[-1][2]) == shown
    # the Compare view's verdict goes by chrF, as the table (sys1 first, where BLEU would put sys2 first), with
    # chrF's paired bootstrap (sacreBLEU's p-value 0.0010), naming chrF2 in the same sentence; its other analyses
    # score BLEU and say so
    shown = view(page)
    assert shown["verdict"]["headline"] == (
        "By chrF2, the metric the table above ranks by, ted.sys1.detok.eng scores better:"
        " chrF2 0.4834 against 0.4558 for ted.sys2.detok.eng."
    )
    assert (
        shown["verdict"]["significance"] == "The difference is significant: paired bootstrap, p = 0.0010 (below 0.05)."
    )
    assert shown["rules"].endswith(
        "The verdict and the sentence examples go by the page's metric, chrF2, as the systems table above;"
        " the other analyses score BLEU."
    )
    assert shown["scores"]["head"][:3] == ["System", "chrF2", "BLEU"]
    assert [row[1] for row in shown["scores"]["rows"]] == ["0.4834", "0.4558"]


def test_under_ter_confidence_intervals_equal_sacrebleus_and_the_ranking_is_lowest_first():
    page = ted(names=DETOK[:2], options={**SACREBLEU, "opt-metric": "ter"}, test="confidence")
    (shown,) = [json.loads(page.port.text("corpus-json"))]
    assert figures({**shown, "p_value": None}) == PAIRED_BS["bleu"][0]
    assert figures(shown["chrf"]) == PAIRED_BS["chrf"][0]
    assert figures(shown["ter"]) == PAIRED_BS["ter"][0]
    table = page.port.last("results")["table"]
    assert table["head"][:4] == ["Rank", "System", "TER\nMean ± 95% CI", "BLEU-4\nMean ± 95% CI"]  # TER's first
    assert table["head"][-1] == "chrF2\nMean ± 95% CI"
    assert table["note"].endswith(
        "each with the same test: TER (an error rate: lower is better), as sacrebleu -m ter; chrF2, as sacrebleu -m"
        " chrf. Ranked by TER."
    )
    # a line opened in the sentence view keeps the metric
    page.on("open_line", 0)
    assert page.opened[-1]["options"]["metric"] == "ter"


def test_under_bleu_the_table_has_bleu_only():
    page = ted(names=DETOK[:2], options=SACREBLEU)
    shown = json.loads(page.port.text("corpus-json"))
    assert "chrf" not in shown and "ter" not in shown
    table = page.port.last("results")["table"]
    assert table["head"][-1] == "r" and "scored beside BLEU" not in table["note"]
