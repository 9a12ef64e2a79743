"""Corpus mode's Compare view in headless Chromium: two TED systems and their reference
given to the served page's file inputs; compare-mt's analyses run in the page's worker.

Oracles: the command line (``bleu2 compare --json``, ``--html FILE``, ``--latex`` on the same
files: the page's #compare-json must be that text), and, for the clicks, the sentences
found here from the files themselves (compare-mt's words: ``line.strip().split(" ")``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from bleu2 import cli
from browser_helpers import ROOT, answered, run_axe
from conftest import open_page, wait_started

TED = ROOT.parent / "shared" / "data" / "ted"
REF, SYS1, SYS2 = "ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng"
# The analyses done and shown: a #compare-json other than the one before, its progress bar
# hidden, nothing of the page's on its way (the test build's bleu2Test.still).
DONE_JS = """prev => { const t = document.getElementById('compare-json').textContent;
  return t !== '' && t !== prev && document.getElementById('compare-progress').hidden && window.bleu2Test.still(); }"""


def cli_compare(*argv: str) -> str:
    """``bleu2 compare ARGV`` run in the TED folder (file names as the page names them): its stdout."""
    out, here = io.StringIO(), Path.cwd()
    os.chdir(TED)
    try:
        with contextlib.redirect_stdout(out):
            assert cli.main(["compare", *argv]) == 0
    finally:
        os.chdir(here)
    return out.getvalue()


def same_json(shown: str, expected: str) -> None:
    """The page's text is the CLI's: byte-equal, or the same JSON with floats allowed to differ
    in the last bits (Pyodide's C library computes exp and log, not glibc's)."""
    if shown == expected:
        return

    def close(a, b):
        if isinstance(a, float) and isinstance(b, float):
            return a == pytest.approx(b, rel=1e-14, abs=1e-300)
        if isinstance(a, dict) and isinstance(b, dict):
            return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
        return a == b and type(a) is type(b)

    assert close(json.loads(shown), json.loads(expected))


def words(name: str) -> list[list[str]]:
    return [line.strip().split(" ") for line in (TED / name).read_text(encoding="utf-8").split("\n")[:-1]]


def load(page, *systems: str, rules: str = "compare-mt") -> None:
    """The TED files given, the Compare view's rules set first (compare-mt's: these tests
    compare with ``bleu2 compare --preset compare-mt``; the page's default is its options)."""
    page.evaluate("r => { document.getElementById('compare-rules').value = r; }", rules)
    page.set_input_files("#corpus-references", str(TED / REF))
    page.set_input_files("#corpus-systems", [str(TED / s) for s in systems])
    answered(page)


def wait_compare(page, previous: str = "", timeout=300_000) -> str:
    """The Compare view's JSON once the analyses are done and shown, other than ``previous``."""
    page.wait_for_function(DONE_JS, arg=previous, timeout=timeout)
    return page.text_content("#compare-json")


@pytest.fixture(scope="module")
def page(new_context, site_url):
    context, guard = new_context(accept_downloads=True)
    page = open_page(context, guard, site_url + "index.html")
    page.click("#mode-corpus")
    answered(page)
    load(page, SYS1, SYS2)
    wait_compare(page)
    return page


def test_compare_json_is_the_clis_output_and_the_view_shows_its_numbers(page):
    expected = cli_compare("--preset", "compare-mt", "--json", "-r", REF, SYS1, SYS2)
    shown = page.text_content("#compare-json")
    same_json(shown, expected)
    assert page.get_attribute("html", "data-corpus-backend") == "worker"
    assert page.is_visible("#compare")
    oracle = json.loads(expected)
    rows = page.eval_on_selector_all(
        "#compare-scores tbody tr", "rows => rows.map(r => Array.from(r.children, c => c.textContent))"
    )
    assert [r[:2] for r in rows] == [[s["system"], f"{s['bleu']:.4f}"] for s in oracle["scores"]]
    assert [r[3:] for r in rows] == [[f"{s['hyp_len']:,}", f"{s['ref_len']:,}"] for s in oracle["scores"]]
    # four charts (SVG elements, not markup), one bar per system and bucket
    bars = page.eval_on_selector_all(".compare-chart", "svgs => svgs.map(s => s.querySelectorAll('rect.bar').length)")
    n_buckets = [
        len(oracle[k]["buckets"])
        for k in ("word_accuracy", "length_buckets", "length_difference", "sentence_bleu_buckets")
    ]
    assert bars == [2 + 2 * n for n in n_buckets]  # the legend's two swatches, then the bars
    # the n-grams and the examples, in the CLI's order
    left = page.eval_on_selector_all("#compare-ngrams-left tbody th", "cells => cells.map(c => c.textContent)")
    assert left == [r["ngram"] for r in oracle["ngrams"]["left_better"]]
    lines = page.eval_on_selector_all(
        "#compare-examples-left .compare-item", "items => items.map(i => Number(i.dataset.line))"
    )
    assert lines == [e["line"] for e in oracle["examples"]["left_better"]]
    assert page.text_content("#compare-signature") == (
        "nrefs:1|case:mixed|tok:compare-mt|bleu:compare-mt-0.2.10|sent:nltk-method2|version:bleu2-0.1.0"
    )


def test_a_click_on_a_bucket_lists_its_sentences(page):
    ref, sys2 = words(REF), words(SYS2)
    expected = [i + 1 for i, (r, c) in enumerate(zip(ref, sys2)) if len(c) - len(r) < -20]
    assert expected  # TED has such sentences
    # the length-difference table's first bucket ("<-20"), the second system's count (a row per system)
    button = page.locator("#compare-length-difference tbody button[data-system='1'][data-bucket='0']")
    assert button.text_content() == str(len(expected))
    button.click()
    page.wait_for_selector("#compare-lines:not([hidden]) .compare-item")
    shown = page.eval_on_selector_all(
        "#compare-lines-body .compare-item", "items => items.map(i => Number(i.dataset.line))"
    )
    assert shown == expected
    assert page.evaluate("document.activeElement.id") == "compare-lines-caption"
    # each sentence: the reference, then both outputs, every word a text node
    first = page.eval_on_selector_all(
        "#compare-lines-body .compare-item:first-of-type dd",
        "dds => dds.map(d => Array.from(d.children, s => s.textContent))",
    )
    i = expected[0] - 1
    assert first == [ref[i], words(SYS1)[i], sys2[i]]


def test_a_click_on_a_word_frequency_lists_the_sentences_with_such_words(page):
    ref, sys1 = words(REF), words(SYS1)
    vocabulary = {w for line in ref for w in line}
    expected = [i + 1 for i, line in enumerate(sys1) if any(w not in vocabulary for w in line)]
    # the word-accuracy table's first bucket ("<1": words the reference never has), sys1's F
    page.locator("#compare-words tbody button[data-system='0'][data-bucket='0']").click()
    answered(page)
    page.wait_for_function(
        "n => document.querySelectorAll('#compare-lines-body .compare-item').length === n", arg=min(len(expected), 50)
    )
    shown = page.eval_on_selector_all(
        "#compare-lines-body .compare-item", "items => items.map(i => Number(i.dataset.line))"
    )
    assert shown == expected[:50]
    marked = page.eval_on_selector_all("#compare-lines-body .hl-word", "spans => spans.map(s => s.textContent)")
    assert marked and all(w not in vocabulary for w in marked)


def test_a_click_on_an_ngram_lists_its_sentences_with_the_ngram_marked(page):
    oracle = json.loads(page.text_content("#compare-json"))
    gram = oracle["ngrams"]["left_better"][0]["ngram"]
    assert " " not in gram  # a word: the lines found here by its tokens
    sys1, sys2, ref = words(SYS1), words(SYS2), words(REF)
    expected = [i + 1 for i in range(len(ref)) if gram in sys1[i] or gram in sys2[i]]
    page.locator("#compare-ngrams-left tbody th button").first.click()
    answered(page)
    page.wait_for_function(
        "n => document.querySelectorAll('#compare-lines-body .compare-item').length === n", arg=min(len(expected), 50)
    )
    shown = page.eval_on_selector_all(
        "#compare-lines-body .compare-item", "items => items.map(i => Number(i.dataset.line))"
    )
    assert shown == expected[:50]
    marked = page.eval_on_selector_all(
        "#compare-lines-body .compare-item",
        "items => items.map(i => Array.from(i.querySelectorAll('dd'), d => d.querySelectorAll('.hl-ngram').length))",
    )
    for line, counts in zip(shown, marked):
        i = line - 1
        assert counts == [ref[i].count(gram), sys1[i].count(gram), sys2[i].count(gram)]
    texts = page.eval_on_selector_all("#compare-lines-body .hl-ngram", "spans => spans.map(s => s.textContent)")
    assert set(texts) == {gram}


def test_the_exports_are_the_clis_files(page, tmp_path):
    for fmt, argv in (("json", ["--json"]), ("latex", ["--latex"]), ("html", ["--html", "-"])):
        with page.expect_download() as info:
            page.click(f".compare-export[data-format='{fmt}']")
            answered(page)
        text = Path(info.value.path()).read_text(encoding="utf-8")
        expected = cli_compare("--preset", "compare-mt", *argv, "-r", REF, SYS1, SYS2)
        if fmt == "json":
            same_json(text, expected)
        else:
            assert text == expected  # printed rounded: byte-equal
        assert info.value.suggested_filename == {"json": "bleu2-compare.json", "latex": "bleu2-compare.tex"}.get(
            fmt, "bleu2-compare.html"
        )


def test_other_rules_a_language_and_a_change_that_cancels(page):
    page.select_option("#lang-select", "es")
    answered(page)
    page.wait_for_function("document.querySelector('#compare-scores h4').textContent === 'Puntuaciones'")
    oracle = json.loads(page.text_content("#compare-json"))
    cell = page.text_content("#compare-scores tbody tr td")
    assert cell == f"{oracle['scores'][0]['bleu']:.4f}".replace(".", ",")
    page.select_option("#lang-select", "en")
    answered(page)
    # another preset, changed again at once: the first run is cancelled, the second one shown
    before = page.text_content("#compare-json")
    page.select_option("#compare-rules", "nltk")
    page.select_option("#compare-rules", "sacrebleu")
    answered(page)
    shown = wait_compare(page, before)
    same_json(shown, cli_compare("--preset", "sacrebleu", "--json", "-r", REF, SYS1, SYS2))
    page.select_option("#compare-rules", "compare-mt")
    answered(page)
    wait_compare(page, shown)


def test_three_systems_compare_with_the_baseline_chosen(page):
    page.evaluate("""() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())""")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    before = page.text_content("#compare-json")
    load(page, SYS1, SYS2, "ted.sys1.eng")
    before = wait_compare(page, before)
    page.select_option("#corpus-baseline", label=SYS2)
    answered(page)
    shown = wait_compare(page, before)
    expected = cli_compare("--preset", "compare-mt", "--json", "--baseline", "2", "-r", REF, SYS1, SYS2, "ted.sys1.eng")
    same_json(shown, expected)
    assert page.is_visible("#compare-pair")
    options = page.eval_on_selector_all("#compare-pair option", "os => os.map(o => o.textContent)")
    assert options == [SYS1, "ted.sys1.eng"]
    page.select_option("#compare-pair", "1")
    answered(page)
    page.wait_for_function(
        "n => document.querySelector('#compare-ngrams-left thead th:nth-child(3)').textContent === n",
        arg="ted.sys1.eng",
    )
    left = page.eval_on_selector_all("#compare-ngrams-left tbody th", "cells => cells.map(c => c.textContent)")
    assert left == [r["ngram"] for r in json.loads(expected)["pairs"][1]["ngrams"]["left_better"]]


def test_compare_view_in_an_embed(new_context, site_url):
    """``?embed`` hides corpus mode (the compact calculator); its machinery still runs there:
    corpus mode shown by its event, the Compare view's JSON is the CLI's."""
    context, guard = new_context()
    page = open_page(context, guard, site_url + "index.html?embed", wait_ready=False)
    wait_started(page)
    assert page.get_attribute("html", "data-embed") == ""
    page.evaluate("() => window.bleu2Test.corpus.send('show_mode', 'corpus')")
    load(page, SYS1, SYS2)
    shown = wait_compare(page)
    same_json(shown, cli_compare("--preset", "compare-mt", "--json", "-r", REF, SYS1, SYS2))
    assert not page.is_visible("#compare")


def test_compare_view_in_the_offline_file(one_file_tab):
    """From ``file://`` no worker starts: the session, and the analyses, run on the page's
    thread in short steps; the JSON is the CLI's. (The session's one-file page: its files
    removed first.)"""
    page = one_file_tab[0]
    page.click("#mode-corpus")
    answered(page)
    page.evaluate("""() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())""")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    before = page.text_content("#compare-json")
    load(page, SYS1, SYS2)
    shown = wait_compare(page, before, timeout=600_000)
    assert page.get_attribute("html", "data-corpus-backend") == "page"
    same_json(shown, cli_compare("--preset", "compare-mt", "--json", "-r", REF, SYS1, SYS2))
    assert page.locator("#compare-length-difference tbody button").count() > 0


@pytest.fixture(scope="module")
def narrow(page):
    """The module's page at 360 px, the two systems given again, a bucket's and an n-gram's
    sentences listed, the JSON open; each test shows it in its own system theme (CSS only:
    ``emulate_media``)."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("""() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())""")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    before = page.text_content("#compare-json")
    load(page, SYS1, SYS2)
    wait_compare(page, before)
    page.locator("#compare-length tbody button").first.click()
    answered(page)
    page.wait_for_selector("#compare-lines:not([hidden]) .compare-item")
    page.locator("#compare-ngrams-right tbody th button").first.click()
    answered(page)
    page.wait_for_selector("#compare-lines-body .hl-ngram")
    page.click("#compare-json-section summary")
    answered(page)
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_compare_view_is_axe_clean_and_fits_360_px(narrow, scheme):
    page = narrow
    page.emulate_media(color_scheme=scheme)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    violations = run_axe(page)
    assert violations == [], violations
    # it opens with the verdict, painted first, and every value of its tables keeps its label
    first = page.evaluate("document.getElementById('compare-body').firstElementChild.id")
    assert first == "compare-verdict"
    assert page.text_content("#compare-verdict-headline") == (
        "ted.sys2.detok.eng scores higher: BLEU 0.1777 against 0.1563 for ted.sys1.detok.eng."
    )
    assert page.text_content("#compare-rules-line").startswith("These analyses score by compare-mt 0.2.10's rules")
    assert page.text_content("#compare-warning").startswith("These texts look detokenized:")
    labels = page.eval_on_selector_all(
        ".compare-table",
        """tables => tables.flatMap(t => {
          const head = [...t.querySelectorAll('thead th')].map(th => th.textContent);
          return [...t.querySelectorAll('tbody td')].map(td => [head[td.cellIndex],
            getComputedStyle(td, '::before').content.replace(/^"|"$/g, '')]);
        })""",
    )
    assert labels and all(head == label for head, label in labels), [x for x in labels if x[0] != x[1]][:5]
    clipped = page.evaluate(
        "() => [...document.querySelectorAll('.compare-table td, .compare-table th')]"
        ".filter(c => c.getClientRects().length && c.getBoundingClientRect().right > 360.5).map(c => c.textContent)"
    )
    assert clipped == []
    # no sideways scrolling of the page: the charts keep their size and scroll in their box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    sizes = page.eval_on_selector_all(
        ".compare-chart", "svgs => svgs.map(s => [s.getBoundingClientRect().width, Number(s.getAttribute('width'))])"
    )
    assert len(sizes) == 4 and all(abs(shown - natural) < 1 for shown, natural in sizes)
    font = page.evaluate("getComputedStyle(document.querySelector('.compare-chart text')).fontSize")
    assert font == "11px"
