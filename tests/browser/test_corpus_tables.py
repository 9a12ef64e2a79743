"""Corpus mode's and the peers' tables in headless Chromium: every column in view at 1280 px with 16 WMT-size systems and a paired bootstrap (short
names on screen, the full name as the title and in the exports); rows stacked on a 360 px
phone, no wrapped breakdown row; one "Systems, ranked" heading; corpus mode's own "How it
works" naming the smoothing chosen; each sentence scored with the preset's sentence-level
rules, said in the caption.

Oracles: sacreBLEU 2.6.0 (``sentence_bleu``, effective order, as ``sacrebleu -sl``;
``BLEU().corpus_score``).
"""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from browser_helpers import TED, answered, enter, wait_result

WMT17 = [
    "uedin-nmt", "KIT", "LIUM-NMT", "RWTH-nmt-ensemble", "SYSTRAN", "online-A", "online-B", "online-F",
    "online-G", "C-3MA", "jhu-pbmt", "TALP-UPC", "PROMT-Rule-based", "LMU-nmt-reranked", "xmu",
    "afrl-mitll-backtrans",
]  # fmt: skip
HEAD_PAIRED = ["Rank", "System", "BLEU-4", "p1", "p2", "p3", "p4", "BP", "c/r", "c", "r", "Mean ± 95% CI", "p-value"]


def lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").splitlines()


def wmt_size(folder: Path, n_lines: int = 3004) -> tuple[Path, list[Path]]:
    """16 systems x 3,004 lines with WMT17's long file names, as bench/engine_bench.py makes
    them from the TED data: each line from ted.sys1 or ted.sys2, tokenized or not."""
    ref = (lines("ted.ref.detok.eng") * 2)[:n_lines]
    sources = [
        (lines(n) * 2)[:n_lines] for n in ("ted.sys1.detok.eng", "ted.sys2.detok.eng", "ted.sys1.eng", "ted.sys2.eng")
    ]
    ref_path = folder / "newstest2017-deen-ref.en"
    ref_path.write_text("\n".join(ref) + "\n", encoding="utf-8")
    paths = []
    for k, name in enumerate(WMT17):
        rng = random.Random(k)
        path = folder / f"newstest2017.{name}.{4700 + k}.de-en"
        path.write_text("\n".join(sources[rng.randrange(4)][i] for i in range(n_lines)) + "\n", encoding="utf-8")
        paths.append(path)
    return ref_path, paths


CLIPPED_JS = """id => {
  const table = document.getElementById(id), box = table.closest('.scroll') || table.parentElement;
  const edge = box.getBoundingClientRect().right + 0.5;
  const cells = [...table.querySelectorAll('th, td')];
  return {scroll: box.scrollWidth, client: box.clientWidth, page: document.documentElement.scrollWidth,
          clipped: cells.filter(c => c.getBoundingClientRect().right > edge).map(c => c.textContent)};
}"""

# The number of lines each cell's text takes (distinct line boxes of its text).
LINES_JS = """selector => [...document.querySelectorAll(selector)].map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return [cell.textContent, tops.size];
})"""


@pytest.fixture(scope="module")
def shared(new_context, site_url):
    """``(page, guard)``: the module's one page (booted once), 1280x900, downloads kept; each
    fixture below takes it to the state its tests read (files, options, width)."""
    from conftest import open_page

    context, guard = new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    return open_page(context, guard, site_url + "index.html"), guard


def remove_files(page) -> None:
    """Remove every file corpus mode holds (a job on them stops)."""
    page.evaluate("() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    answered(page)


@pytest.fixture(scope="module")
def wide(shared, tmp_path_factory):
    folder = tmp_path_factory.mktemp("wmt17")
    ref, systems = wmt_size(folder)
    page, _ = shared
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#mode-corpus")
    page.select_option("#opt-preset", "sacrebleu")
    page.select_option("#corpus-test", "paired-bs")
    page.fill("#corpus-n", "100")
    page.dispatch_event("#corpus-n", "change")
    page.set_input_files("#corpus-references", str(ref))
    page.set_input_files("#corpus-systems", [str(p) for p in systems])
    answered(page)
    wait_result(page, "|bs:100|")
    return page, systems


def test_every_systems_column_is_in_view_at_1280_px_with_16_systems_and_a_paired_bootstrap(wide):
    page, systems = wide
    head = page.eval_on_selector_all("#corpus-table-head th", "ths => ths.map(t => t.textContent)")
    assert head == HEAD_PAIRED
    assert page.eval_on_selector_all("#corpus-table-body tr", "rows => rows.length") == 16
    fit = page.evaluate(CLIPPED_JS, "corpus-table")
    assert fit["clipped"] == [] and fit["scroll"] <= fit["client"] and fit["page"] == 1280, fit
    # short names on screen, each on one line; the full name is the cell's title
    cells = page.eval_on_selector_all(
        "#corpus-table-body th", "ths => ths.map(t => [t.textContent, t.title, t.scrollWidth <= t.clientWidth])"
    )
    full = {p.name for p in systems}
    assert {title for _, title, _ in cells} == full
    assert all(fits for _, _, fits in cells), cells
    for shown, title, _ in cells:
        assert shown != title and not shown.startswith("newstest2017")  # e.g. uedin-nmt.4700
        assert all(part in title for part in shown.split("…")) and len(shown) <= 20
    assert all(n == 1 for _, n in page.evaluate(LINES_JS, "#corpus-table-body :is(th, td)"))
    assert {"uedin-nmt.4700", "KIT.4701", "RWTH-nmt-e…mble.4703"} <= {shown for shown, _, _ in cells}


def test_the_exports_keep_the_full_system_names(wide):
    page, systems = wide
    full = sorted(p.name for p in systems)
    with page.expect_download() as info:
        page.click('.corpus-export[data-what="systems"][data-format="json"]')
        answered(page)
    assert sorted(d["system"] for d in json.loads(Path(info.value.path()).read_text(encoding="utf-8"))) == full
    with page.expect_download() as info:
        page.click('.corpus-export[data-what="systems"][data-format="csv"]')
        answered(page)
    rows = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert sorted(r["system"] for r in rows) == full


def test_the_sentence_tables_candidate_column_is_named_short_and_the_selector_in_full(wide):
    page, systems = wide
    head = page.eval_on_selector_all("#corpus-sentences-head th", "ths => ths.map(t => t.textContent)")
    assert head[:2] == ["Line", "BLEU-4"] and head[3] == "Reference"
    first = page.eval_on_selector("#corpus-sentence-system", "s => s.options[s.selectedIndex].textContent")
    assert first in {p.name for p in systems} and head[2] != first and head[2] in first
    fit = page.evaluate(CLIPPED_JS, "corpus-sentences")
    assert fit["clipped"] == [] and fit["scroll"] <= fit["client"], fit


def test_systems_ranked_is_one_heading_and_the_table_is_named_by_it(wide):
    page, _ = wide
    corpus_text = page.text_content("#corpus")
    assert corpus_text.count("Systems, ranked") == 1
    assert page.get_attribute("#corpus-table", "aria-labelledby") == "corpus-results-heading"
    assert page.text_content("#corpus-results-heading") == "Systems, ranked"
    assert page.locator("#corpus-table caption").count() == 0


@pytest.fixture(scope="module")
def ted(shared):
    page, _ = shared
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#mode-corpus")
    remove_files(page)
    page.select_option("#opt-preset", "sacrebleu")
    page.select_option("#corpus-test", "none")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
    answered(page)
    wait_result(page, "smooth:exp|order:4|")
    page.wait_for_function(  # this job's result, not one before it
        "!document.getElementById('corpus-signature').textContent.includes('|bs:')"
        " && document.querySelectorAll('#corpus-table-body tr').length === 1"
    )
    return page


def test_under_sacrebleus_corpus_preset_each_sentence_equals_sentence_bleu_and_the_caption_says_so(ted):
    from sacrebleu import sentence_bleu

    page = ted
    caption = page.text_content("#corpus-sentences-caption")
    assert caption.startswith("Each line scored on its own with sacreBLEU's sentence-level rules: effective order")
    assert "sacrebleu --sentence-level (-sl)" in caption
    with page.expect_download() as info:
        page.click('.corpus-export[data-what="sentences"][data-format="csv"]')
        answered(page)
    rows = list(csv.DictReader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    refs, hyps = lines("ted.ref.detok.eng"), lines("ted.sys1.detok.eng")
    oracle = [sentence_bleu(h, [r]).score / 100 for h, r in zip(hyps, refs)]
    assert [float(r["score"]) for r in rows] == pytest.approx(oracle, abs=1e-12)
    # worst first: no exact match ("Thank you." against "Thank you.") among the worst rows
    page.select_option("#corpus-sort", "worst")
    answered(page)
    page.wait_for_function("document.getElementById('corpus-page-label').textContent.startsWith('Lines 1–50')")
    shown = page.eval_on_selector_all(
        "#corpus-sentences-body tr", "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    assert all(cand != ref for _, _, cand, ref in shown)
    worst = sorted(range(len(oracle)), key=lambda i: (oracle[i], i))[:50]
    assert [int(row[0].replace(",", "")) - 1 for row in shown] == worst
    assert [row[1] for row in shown] == [f"{oracle[i]:.4f}" for i in worst]


def test_how_it_works_in_corpus_mode_explains_the_corpus_numbers_and_names_the_smoothing_chosen(ted):
    from sacrebleu.metrics import BLEU

    page = ted
    assert page.is_hidden("#help") and page.is_visible("#corpus-help")
    steps = page.eval_on_selector_all("#corpus-help-steps li", "lis => lis.map(li => li.textContent)")
    oracle = BLEU().corpus_score(lines("ted.sys1.detok.eng"), [lines("ted.ref.detok.eng")])
    fractions = ", ".join(f"p{k} = {m:,}/{t:,}" for k, (m, t) in enumerate(zip(oracle.counts, oracle.totals), 1))
    assert steps[0].endswith(f"Here, for ted.sys1.detok.eng: {fractions}.")
    assert steps[2].startswith("Smoothing: exp, as chosen in the options")
    assert steps[3].endswith(f"c = {oracle.sys_len:,}, r = {oracle.ref_len:,}, BP = {oracle.bp:.4f}.")
    assert steps[4].endswith(f"BLEU-4 of ted.sys1.detok.eng = {oracle.score / 100:.4f}.")
    text = page.text_content("#corpus-help")
    assert "add-1" not in text and "0 tokens" not in text and "p1 = ," not in text
    page.click("#mode-sentence")
    answered(page)
    assert page.is_visible("#help") and page.is_hidden("#corpus-help")
    page.click("#mode-corpus")
    answered(page)


# --- a 360 px phone ------------------------------------------------------------------------------------

# Each value cell of a table and the label shown with it on a phone (its ::before, from data-label)
# beside its column's header: [[header, label shown, value], ...].
LABELS_JS = """id => {
  const table = document.getElementById(id);
  const head = [...table.querySelectorAll('thead th')].map(th => th.textContent);
  return [...table.querySelectorAll('tbody tr')].flatMap(tr => [...tr.children].map((cell, i) => [
    head[i], getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''), cell.textContent,
    getComputedStyle(cell).display]));
}"""


def labelled(page, table_id: str, first_labelled: bool) -> list:
    """Every shown value of ``table_id`` has its column's name beside it (the row's first cell
    too when ``first_labelled``); returns the rows checked."""
    cells = page.evaluate(LABELS_JS, table_id)
    shown = [c for c in cells if c[3] != "none" and c[2] != ""]
    assert shown, table_id
    for head, label, value, _ in shown:
        if head == cells[0][0] and not first_labelled:
            continue
        assert label == head, (table_id, head, label, value)
    return shown


@pytest.fixture(scope="module")
def phone(shared):
    """The module's page at 360x740: no file, the default options, the sentence view."""
    page, guard = shared
    page.set_viewport_size({"width": 360, "height": 740})
    page.mouse.move(0, 0)
    remove_files(page)
    page.select_option("#opt-preset", "defaults")
    page.click("#mode-sentence")
    answered(page)
    page.evaluate("window.scrollTo(0, 0)")
    return page, guard


def test_on_a_phone_the_peers_rows_are_stacked_and_the_breakdown_rows_do_not_wrap(phone):
    from browser_helpers import settled

    page, guard = phone
    enter(page, guard, "the cat sat on the mat today", "the cat sat on a mat")
    settled(page)
    page.wait_for_function("document.getElementById('peer-nltk-score').textContent !== ''")
    rows = page.eval_on_selector_all(
        "#peers-table tr",
        "rows => rows.map(r => ({h: r.getBoundingClientRect().height, display: getComputedStyle(r).display,"
        " diff: r.lastElementChild.getBoundingClientRect().width}))",
    )
    assert len(rows) == 6 and all(r["display"] == "grid" for r in rows), rows
    # was about 358 px a row; each value's column name (data-label) adds a short line per grid row
    assert all(r["h"] < 200 for r in rows), rows
    # "Differs from yours in": the row's width (was 99 px); rows[0] is the header row, kept for
    # screen readers only (each value shows its column's name)
    assert rows[1]["diff"] > 300, rows
    fit = page.evaluate(CLIPPED_JS, "peers-table")
    assert fit["clipped"] == [] and fit["page"] == 360, fit
    # every value keeps its column's name (BLEU, p1..p4, BP, c, r, "Differs from yours in")
    shown = labelled(page, "peers-table", first_labelled=False)
    assert {h for h, *_ in shown} >= {"BLEU", "p1", "p4", "BP", "c", "r"}
    cells = page.evaluate(LINES_JS, ".terms td")
    assert cells and all(n <= 1 for _, n in cells), cells  # BP's "exp(1 − r/c) = …" too
    assert page.evaluate("document.documentElement.scrollWidth") == 360


def test_on_a_phone_corpus_rows_are_stacked_and_nothing_is_wider_than_the_screen(phone):
    page, _ = phone
    page.click("#mode-corpus")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", [str(TED / "ted.sys1.detok.eng"), str(TED / "ted.sys2.detok.eng")])
    page.select_option("#corpus-test", "paired-bs")
    page.fill("#corpus-n", "20")
    page.dispatch_event("#corpus-n", "change")
    answered(page)
    wait_result(page, "|bs:20|")
    for table in ("corpus-table", "corpus-sentences"):
        fit = page.evaluate(CLIPPED_JS, table)
        assert fit["clipped"] == [] and fit["scroll"] <= fit["client"] and fit["page"] == 360, (table, fit)
        display = page.eval_on_selector_all(f"#{table} tbody tr", "rows => rows.map(r => getComputedStyle(r).display)")
        assert set(display) == {"grid"}, table
        labelled(page, table, first_labelled=table == "corpus-table")
        assert page.is_hidden(f"#{table} thead") or page.locator(f"#{table} thead").bounding_box()["height"] <= 1
    # a value never breaks inside (the mean ± 95% CI on one line), nor the note's flag at its hyphens
    lines = page.evaluate(LINES_JS, "#corpus-table-body td, #corpus-note .word")
    assert all(n == 1 for _, n in lines) and ["--paired-bs:", 1] in lines, lines
    expected = {"BLEU-2" if h == "BLEU-4" else h for h in HEAD_PAIRED} - {"p3", "p4"}  # the page's defaults
    assert {h for h, *_ in labelled(page, "corpus-table", True)} == expected
    wide = page.evaluate(
        "() => [...document.querySelectorAll('#corpus *')].filter(e => e.getBoundingClientRect().right > 360.5)"
        ".map(e => e.id || e.tagName)"
    )
    assert wide == []
