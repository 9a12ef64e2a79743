"""Corpus mode's systems table with chrF and TER beside BLEU, in headless Chromium: with the metric chrF and a paired bootstrap, the tab's table shows sacreBLEU's
multi-metric numbers, ranked by chrF, and the table of sentences each line's chrF (sacreBLEU's sentence_chrf).

Oracle: sacreBLEU 2.6.0's command line, its output recorded here (seed 12345):
``sacrebleu ted.ref.detok.eng -i ted.sys1.detok.eng ted.sys2.detok.eng -m bleu chrf ter
--paired-bs --paired-bs-n 100 -f text -w 4``.
"""

from __future__ import annotations

import json

from sacrebleu import sentence_chrf

from browser_helpers import TED, answered, wait_result
from golden_values import sacrebleu_figures as figures

#: sacreBLEU's -w 4 numbers (percent): per metric and system, (score, mean, ci, p-value).
PAIRED_BS_100 = {
    "bleu": [(21.7106, 21.7505, 0.7845, None), (23.0512, 23.0652, 0.8162, 0.0099)],
    "chrf": [(48.3360, 48.3519, 0.4978, None), (45.5839, 45.5887, 0.5415, 0.0099)],
    "ter": [(64.5800, 64.5633, 0.6926, None), (63.8501, 63.8331, 0.7187, 0.0297)],
}


def test_the_tabs_tables_show_chrf_and_ter_with_sacrebleus_paired_bootstrap_and_sentence_chrf(shared_page_and_guard):
    page = shared_page_and_guard[0]  # the session's tab, set back to the defaults (conftest.py)
    page.click("#mode-corpus")
    page.select_option("#opt-preset", "sacrebleu")
    answered(page)  # the preset's answer sets the form's options: choose the metric after it
    page.select_option("#opt-metric", "chrf")
    answered(page)
    assert page.is_visible("#metric-opt-beta")  # the metric's own form: corpus mode scores with it
    page.select_option("#corpus-test", "paired-bs")
    page.fill("#corpus-n", "100")
    page.dispatch_event("#corpus-n", "change")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", [str(TED / "ted.sys1.detok.eng"), str(TED / "ted.sys2.detok.eng")])
    wait_result(page, "|bs:100|")
    page.wait_for_function("document.getElementById('corpus-note').textContent.includes('Ranked by chrF2.')")
    head = page.eval_on_selector_all("#corpus-table-head th", "ths => ths.map(t => t.textContent)")
    # the column it ranks by right after the names; BLEU's, then TER's; each metric's mean ± 95% CI and p-value
    # folded into its score's cell, a line each
    assert head[:4] == ["Rank", "System", "chrF2\nMean ± 95% CI\np-value", "BLEU-4\nMean ± 95% CI\np-value"]
    assert head[4:] == ["p1", "p2", "p3", "p4", "BP", "c/r", "c", "r", "TER\nMean ± 95% CI\np-value"]
    rows = page.eval_on_selector_all(
        "#corpus-table-body tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    assert [row[1] for row in rows] == ["ted.sys1.detok.eng", "ted.sys2.detok.eng"]  # by chrF: sys1 first
    assert [rows[0][i] for i in (2, 3, 12)] == [
        "0.4834\n0.4835 ± 0.0050\nbaseline", "0.2171\n0.2175 ± 0.0078\nbaseline", "0.6458\n0.6456 ± 0.0069\nbaseline",
    ]  # fmt: skip
    assert [rows[1][i] for i in (2, 3, 12)] == [
        "0.4558\n0.4559 ± 0.0054\n0.0099", "0.2305\n0.2307 ± 0.0082\n0.0099", "0.6385\n0.6383 ± 0.0072\n0.0297",
    ]  # fmt: skip
    # at 1280 px the whole table is in view (no sideways scroll), the ranking's column with it
    page.set_viewport_size({"width": 1280, "height": 800})
    fit = page.evaluate(
        """() => { const box = document.getElementById('corpus-table').closest('.scroll');
                   return [box.scrollWidth, box.clientWidth, document.documentElement.scrollWidth]; }"""
    )
    assert fit[0] <= fit[1] and fit[2] == 1280, fit
    shown = json.loads(page.text_content("#corpus-json"))
    assert [figures(s) for s in shown] == PAIRED_BS_100["bleu"]
    assert [figures(s["chrf"]) for s in shown] == PAIRED_BS_100["chrf"]
    assert [figures(s["ter"]) for s in shown] == PAIRED_BS_100["ter"]
    # the table of sentences (the baseline's, worst first): each line's chrF, as sacreBLEU's sentence_chrf
    head = page.eval_on_selector_all("#corpus-sentences-head th", "ths => ths.map(t => t.textContent)")
    assert head[:2] == ["Line", "chrF2"]
    shown_rows = page.eval_on_selector_all(
        "#corpus-sentences-body tr",
        "rows => rows.slice(0, 5).map(r => [r.children[0].textContent, r.children[1].textContent])",
    )
    ref, hyp = (
        (TED / name).read_text(encoding="utf-8").splitlines() for name in ("ted.ref.detok.eng", "ted.sys1.detok.eng")
    )
    peer = [
        f"{sentence_chrf(hyp[int(line.replace(',', '')) - 1], [ref[int(line.replace(',', '')) - 1]]).score / 100:.4f}"
        for line, _ in shown_rows
    ]
    assert [score for _, score in shown_rows] == peer and peer == sorted(peer)
