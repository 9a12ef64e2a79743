"""Corpus mode in headless Chromium: files given to the page's file inputs (Playwright's
set_input_files), scored in the page's worker; the numbers equal the command line's and
sacreBLEU's; bad files say why and keep what was loaded; the main thread stays free
(its timers run while the worker scores).

Oracles: the CLI's --json output on the same files (the page's #corpus-json must be that
text exactly), sacreBLEU 2.6.0 (its BLEU and PairedTest on the same lines).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bleu2 import cli
from browser_helpers import ROOT, answered, still

DATA = ROOT.parent / "shared" / "data"
TED = DATA / "ted"
JA = DATA / "multited-ja"

# A main-thread timer ticking every 10 ms: while the worker scores, the page's thread stays
# free to run it. (How long the page's tasks take is measured by `make bench-corpus`, not
# asserted here: machines are noisy.) The job runs while its Cancel button is enabled.
TICKS_JS = """() => {
  window.__ticks = [];
  window.__ticker = setInterval(() => window.__ticks.push(performance.now()), 10);
  const cancel = document.getElementById('corpus-cancel');
  window.__scoring = [];
  window.__watch = new MutationObserver(() => window.__scoring.push([performance.now(), cancel.disabled]));
  window.__watch.observe(cancel, {attributes: true, attributeFilter: ['disabled']});
}"""
# The ticks while the last job was scoring (from its Cancel button enabled to disabled again).
SCORING_TICKS_JS = """() => {
  clearInterval(window.__ticker);
  window.__watch.disconnect();
  const start = window.__scoring.filter(([, off]) => !off).pop()[0];
  const end = window.__scoring.filter(([t, off]) => off && t > start)[0][0];
  return window.__ticks.filter(t => t > start && t < end).length;
}"""
# No job runs (its Cancel button is enabled only while one does).
NO_JOB = "document.getElementById('corpus-cancel').disabled"


@pytest.fixture(scope="module")
def page(new_context, site_url):
    context, guard = new_context(accept_downloads=True)
    from conftest import open_page

    page = open_page(context, guard, site_url + "index.html")
    page.click("#mode-corpus")
    answered(page)
    return page


def cli_json(capsys, monkeypatch, folder, *argv):
    monkeypatch.chdir(folder)
    assert cli.main(["--json", *map(str, argv)]) == 0
    return capsys.readouterr().out


def same_output(shown: str, expected: str) -> None:
    """The page's text is the CLI's: the same JSON (or JSON Lines) text, floats allowed to
    differ in the last bit only (Pyodide's C library computes exp and log, not glibc's)."""
    if shown == expected:
        return

    def close(a, b):
        if isinstance(a, float) and isinstance(b, float):
            return a == pytest.approx(b, rel=1e-15, abs=1e-300)
        if isinstance(a, dict) and isinstance(b, dict):
            return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
        return a == b and type(a) is type(b)

    a_lines, b_lines = shown.splitlines(), expected.splitlines()
    assert len(a_lines) == len(b_lines)
    if expected.lstrip().startswith("{\n") or expected.lstrip().startswith("["):
        assert close(json.loads(shown), json.loads(expected)), (shown[:300], expected[:300])
    else:
        for x, y in zip(a_lines, b_lines):
            assert close(json.loads(x), json.loads(y)), (x, y)


def clear_files(page):
    page.evaluate("""() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())""")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")


def wait_result(page, previous=""):
    page.wait_for_function(
        "prev => { const t = document.getElementById('corpus-json').textContent;"
        f" return t.length > 10 && t !== prev && {NO_JOB}; }}",
        arg=previous,
        timeout=180_000,
    )
    return page.text_content("#corpus-json")


def settled(page):
    """Until the page has answered every event, its work after a pause has run and no job runs:
    nothing of it is still on its way."""
    still(page)
    page.wait_for_function(NO_JOB)


def test_mode_switch_is_labelled_and_keyboard_accessible(page):
    assert page.get_attribute("html", "data-mode") == "corpus"
    assert page.is_visible("#corpus") and not page.is_visible("#breakdown")
    page.focus("#mode-corpus")
    page.keyboard.press("ArrowLeft")  # radio buttons: arrows move between them
    answered(page)
    assert page.get_attribute("html", "data-mode") == "sentence"
    assert page.is_visible("#breakdown") and not page.is_visible("#corpus")
    page.keyboard.press("ArrowRight")
    answered(page)
    assert page.get_attribute("html", "data-mode") == "corpus"
    assert page.get_attribute("#corpus-references", "multiple") is not None
    assert page.get_attribute("#corpus-systems", "multiple") is not None


def test_ted_scores_equal_the_cli_and_sacrebleu(page, capsys, monkeypatch):
    from sacrebleu.metrics import BLEU

    clear_files(page)
    page.evaluate(TICKS_JS)
    previous = page.text_content("#corpus-json")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", [str(TED / "ted.sys1.detok.eng"), str(TED / "ted.sys2.detok.eng")])
    answered(page)
    shown = wait_result(page, previous)
    expected = cli_json(capsys, monkeypatch, TED, "-r", "ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")
    same_output(shown, expected)  # the CLI's --json
    assert page.get_attribute("html", "data-corpus-backend") == "worker"
    assert page.evaluate(SCORING_TICKS_JS) > 0  # the worker scores; the page's thread stays free
    # the table ranks ted.sys2 first (0.3746) and ted.sys1 second (0.3733, the CLI's 37.33)
    rows = page.eval_on_selector_all("#corpus-table-body tr", "rows => rows.map(r => r.children[1].textContent)")
    assert rows == ["ted.sys2.detok.eng", "ted.sys1.detok.eng"]
    # sacreBLEU's options: its numbers (1e-9)
    page.select_option("#opt-preset", "sacrebleu")
    answered(page)
    shown = wait_result(page, shown)
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()
    for obj, name in zip(json.loads(shown), ("ted.sys1.detok.eng", "ted.sys2.detok.eng")):
        hyps = (TED / name).read_text(encoding="utf-8").splitlines()
        oracle = BLEU().corpus_score(hyps, [refs])
        assert obj["score"] == pytest.approx(oracle.score / 100, abs=1e-9)
        assert [p["matches"] for p in obj["precisions"]] == oracle.counts
    page.click("#restore-defaults")
    answered(page)
    wait_result(page, shown)


def test_files_given_while_python_loads_are_scored_once_it_runs(new_context, site_url, capsys, monkeypatch):
    """Corpus mode chosen and files given before Python runs (its runtime held back): the
    page's events wait for the controller, then the files are read and scored."""
    from conftest import open_held, wait_ready_state

    context, guard = new_context()
    held, release = open_held(context, guard, site_url + "index.html")
    held.click("#mode-corpus")
    held.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    held.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
    answered(held)
    release()
    wait_ready_state(held)
    shown = wait_result(held)
    assert held.get_attribute("html", "data-mode") == "corpus"
    same_output(shown, cli_json(capsys, monkeypatch, TED, "-r", "ted.ref.detok.eng", "ted.sys1.detok.eng"))
    context.close()


def test_no_job_starts_before_every_file_given_is_read(page):
    """Two references picked at once and a system: the second reference is held back while
    the rest is read; no job may score what was read first (one reference)."""
    clear_files(page)
    previous = page.text_content("#corpus-json")
    page.evaluate("""() => {
        window.__shown = [];
        window.__observer = new MutationObserver(() => window.__shown.push(document.getElementById('corpus-json').textContent));
        window.__observer.observe(document.getElementById('corpus-json'), {childList: true, characterData: true, subtree: true});
        window.__arrayBuffer = File.prototype.arrayBuffer;
        File.prototype.arrayBuffer = function () {  // the second reference: read 2 s late
          const read = window.__arrayBuffer.call(this);
          return this.name === 'ted.ref.eng' ? read.then(b => new Promise(ok => setTimeout(() => ok(b), 2000))) : read;
        };
    }""")
    try:
        page.set_input_files("#corpus-references", [str(TED / "ted.ref.detok.eng"), str(TED / "ted.ref.eng")])
        page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
        answered(page)
        shown = wait_result(page, previous)
    finally:
        page.evaluate("() => { File.prototype.arrayBuffer = window.__arrayBuffer; window.__observer.disconnect(); }")
    assert json.loads(shown)["signature"].startswith("nrefs:2|")
    assert [json.loads(text)["signature"][:8] for text in page.evaluate("window.__shown")] == ["nrefs:2|"]


def test_multited_ja_two_references_equal_the_cli(page, capsys, monkeypatch):
    clear_files(page)
    previous = page.text_content("#corpus-json")
    page.set_input_files("#corpus-references", [str(JA / "multited.ref.jpn"), str(JA / "multited.sys2.jpn")])
    page.set_input_files("#corpus-systems", str(JA / "multited.sys1.jpn"))
    answered(page)
    shown = wait_result(page, previous)
    expected = cli_json(
        capsys, monkeypatch, JA, "-r", "multited.ref.jpn", "-r", "multited.sys2.jpn", "multited.sys1.jpn"
    )
    same_output(shown, expected)
    assert json.loads(shown)["signature"].startswith("nrefs:2|")


def test_paired_bootstrap_equals_sacrebleu(page):
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    clear_files(page)
    page.select_option("#corpus-test", "paired-bs")
    page.fill("#corpus-n", "200")
    answered(page)
    previous = page.text_content("#corpus-json")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", [str(TED / "ted.sys1.detok.eng"), str(TED / "ted.sys2.detok.eng")])
    page.select_option("#opt-preset", "sacrebleu")
    page.dispatch_event("#corpus-n", "change")
    answered(page)
    shown = json.loads(wait_result(page, previous))
    if "|bs:200|" not in shown[0]["signature"]:  # an earlier job finished first: wait for this one
        shown = json.loads(wait_result(page, json.dumps(shown, indent=2) + "\n"))
    refs = [(TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()]
    named = [
        (n, (TED / n).read_text(encoding="utf-8").splitlines()) for n in ("ted.sys1.detok.eng", "ted.sys2.detok.eng")
    ]
    _, scores = PairedTest(named, {"BLEU": BLEU()}, refs, test_type="bs", n_samples=200)()
    for obj, res in zip(shown, scores["BLEU"]):
        assert obj["mean"] == pytest.approx(res.mean / 100, abs=1e-9)
        assert obj["ci"] == pytest.approx(res.ci / 100, abs=1e-9)
    assert shown[0]["p_value"] is None
    assert shown[1]["p_value"] == pytest.approx(scores["BLEU"][1].p_value, abs=1e-12)
    assert "|bs:200|seed:12345|" in shown[0]["signature"]
    table = page.text_content("#corpus-table")
    assert "±" in table and "baseline" in table
    page.select_option("#corpus-test", "none")
    page.click("#restore-defaults")
    answered(page)
    wait_result(page, page.text_content("#corpus-json"))  # no job left running for the next test


def test_bad_files_say_why_and_keep_what_was_loaded(page, tmp_path):
    clear_files(page)
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    answered(page)
    page.wait_for_function("document.querySelectorAll('#corpus-references-list li').length === 1")
    cases = [
        (
            "bad-utf8.txt",
            b"fine\n\xff oops\n",
            "bad-utf8.txt: line 2 is not valid UTF-8 (byte 0xff at byte 1 of the line)",
        ),
        ("image.bin", b"\x89PNG\r\n\x1a\n\x00\x00\x00", "image.bin: line 3 holds a NUL byte"),
        ("empty.txt", b"", "empty.txt is empty"),
    ]
    for name, data, message in cases:
        path = tmp_path / name
        path.write_bytes(data)
        page.set_input_files("#corpus-systems", str(path))
        answered(page)
        page.wait_for_function("m => document.getElementById('corpus-message').textContent.includes(m)", arg=message)
        assert page.eval_on_selector_all("#corpus-references-list li", "l => l.length") == 1
        assert page.eval_on_selector_all("#corpus-systems-list li", "l => l.length") == 0
    short = tmp_path / "short.txt"
    short.write_bytes(b"\xef\xbb\xbfone line\r\n")  # BOM and CRLF read as the CLI reads them: 1 line
    page.set_input_files("#corpus-systems", str(short))
    answered(page)
    message = "Not loaded: short.txt has 1 line, the files loaded have 2,445 lines"
    try:
        page.wait_for_function("m => document.getElementById('corpus-message').textContent.startsWith(m)", arg=message)
    except PlaywrightTimeoutError as error:
        raise AssertionError(
            [
                page.text_content(i)
                for i in ("#corpus-status", "#corpus-message", "#corpus-systems-list", "#corpus-references-list")
            ]
        ) from error
    assert page.eval_on_selector_all("#corpus-systems-list li", "l => l.length") == 0  # refused: not listed


def test_removing_a_file_stops_the_job_that_used_it(page):
    clear_files(page)
    previous = page.text_content("#corpus-json")
    page.select_option("#corpus-test", "paired-ar")
    page.fill("#corpus-n", "100000")  # a job long enough to be running when the file goes
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", [str(TED / "ted.sys1.detok.eng"), str(TED / "ted.sys2.detok.eng")])
    answered(page)
    page.wait_for_function(f"!({NO_JOB})")
    page.click("#corpus-references-list button.corpus-remove")
    answered(page)
    page.wait_for_function(NO_JOB)
    page.wait_for_function(
        "document.getElementById('corpus-status').textContent === 'Load at least one reference file.'"
    )
    assert page.is_hidden("#corpus-progress") and page.is_disabled("#corpus-cancel")
    assert page.text_content("#corpus-json") == previous  # the stopped job showed nothing
    page.select_option("#corpus-test", "none")
    page.fill("#corpus-n", "0")
    answered(page)


def test_sentence_table_opens_a_line_in_the_sentence_view(page):
    clear_files(page)
    previous = page.text_content("#corpus-json")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
    answered(page)
    wait_result(page, previous)
    assert page.text_content("#corpus-page-label") == "Lines 1–50 of 2,445"
    assert page.eval_on_selector_all("#corpus-sentences-body tr", "r => r.length") == 50
    first = page.eval_on_selector(
        "#corpus-sentences-body tr", "r => [r.children[0].textContent, r.children[1].textContent]"
    )
    page.click("#corpus-next")
    answered(page)
    page.wait_for_function("document.getElementById('corpus-page-label').textContent.startsWith('Lines 51')")
    page.click("#corpus-prev")
    answered(page)
    page.wait_for_function("document.getElementById('corpus-page-label').textContent.startsWith('Lines 1–')")
    line = int(first[0])
    page.click("#corpus-sentences-body button.corpus-open")
    answered(page)
    page.wait_for_function("document.documentElement.getAttribute('data-mode') === 'sentence'")
    refs = (TED / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()
    hyps = (TED / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()
    page.wait_for_function("t => document.getElementById('candidate').value === t", arg=hyps[line - 1])
    assert page.input_value("#reference") == refs[line - 1]
    page.wait_for_function("s => document.getElementById('score').textContent === s", arg=first[1])
    assert page.is_visible("#corpus-histogram svg") is False  # hidden with corpus mode
    page.click("#mode-corpus")
    answered(page)
    assert page.is_visible("#corpus-histogram svg")


def test_exports_download_the_cli_shapes(page, capsys, monkeypatch):
    with page.expect_download() as info:
        page.click('.corpus-export[data-what="systems"][data-format="json"]')
        answered(page)
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert text == page.text_content("#corpus-json")
    with page.expect_download() as info:
        page.click('.corpus-export[data-what="sentences"][data-format="json"]')
        answered(page)
    monkeypatch.chdir(TED)
    assert cli.main(["--sentence", "-r", "ted.ref.detok.eng", "ted.sys1.detok.eng"]) == 0
    same_output(Path(info.value.path()).read_text(encoding="utf-8"), capsys.readouterr().out)
    assert info.value.suggested_filename == "bleu2-corpus-sentences.jsonl"


# --- refused files, stale results, refused values, messages in the page's language ---------------


def is_stale(page) -> bool:
    return page.eval_on_selector("#corpus-results", "e => e.classList.contains('stale')") and page.is_visible(
        "#corpus-stale"
    )


def test_a_refused_file_is_not_listed_and_a_result_that_no_longer_matches_is_marked_stale(page, tmp_path):
    clear_files(page)
    previous = page.text_content("#corpus-json")
    page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", str(TED / "ted.sys2.detok.eng"))
    answered(page)
    first = wait_result(page, previous)
    assert not is_stale(page)
    short = tmp_path / "short100.txt"
    short.write_text("a line\n" * 100, encoding="utf-8")
    page.set_input_files("#corpus-systems", str(short))
    answered(page)
    page.wait_for_function("document.getElementById('corpus-message').textContent.includes('short100.txt has 100')")
    assert page.eval_on_selector_all("#corpus-systems-list .corpus-file-name", "l => l.map(e => e.textContent)") == [
        "ted.sys2.detok.eng"
    ]
    assert not page.is_disabled("#corpus-score") and not is_stale(page)  # nothing changed
    page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
    answered(page)
    page.wait_for_function(  # class and text are written together; they stay until the new result
        "t => document.getElementById('corpus-results').classList.contains('stale')"
        " && document.getElementById('corpus-stale').textContent === t && !document.getElementById('corpus-stale').hidden",
        arg="This result is for the inputs before the last change: it no longer matches them.",
    )
    shown = wait_result(page, first)
    assert [d["system"] for d in json.loads(shown)] == ["ted.sys2.detok.eng", "ted.sys1.detok.eng"]
    assert not is_stale(page)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("#corpus-seed", "-1", "Not scored: the seed must be a whole number, 0 or more (not -1)"),
        ("#corpus-seed", "1.5", "Not scored: the seed must be a whole number, 0 or more (not 1.5)"),
        ("#corpus-n", "1.5", "Not scored: resamples must be a whole number, 0 (the test's default) or more (not 1.5)"),
    ],
)
def test_a_refused_seed_or_number_of_resamples_says_so_and_nothing_runs(page, field, value, message):
    if not page.eval_on_selector_all("#corpus-systems-list li", "l => l.length"):
        page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
        page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
        answered(page)
        wait_result(page, page.text_content("#corpus-json"))
    before = page.text_content("#corpus-json")
    kept = page.input_value(field)
    page.fill(field, value)
    page.dispatch_event(field, "change")
    answered(page)
    page.wait_for_function("m => document.getElementById('corpus-status').textContent.startsWith(m)", arg=message)
    still(page)  # past the pause: still nothing runs
    assert page.evaluate(NO_JOB) and is_stale(page)
    page.click("#corpus-score")
    still(page)
    assert page.text_content("#corpus-status").startswith(message)
    assert page.evaluate(NO_JOB) and page.text_content("#corpus-json") == before
    page.fill(field, kept)
    page.dispatch_event(field, "change")
    answered(page)
    wait_result(page, "")
    page.wait_for_function("!document.getElementById('corpus-results').classList.contains('stale')")
    assert page.text_content("#corpus-status") == ""


def test_add_as_a_file_with_an_empty_box_says_so(page):
    page.fill("#corpus-references-paste", "")
    page.click("#corpus-references-add")
    answered(page)
    page.wait_for_function(
        "document.getElementById('corpus-message').textContent.startsWith('The reference box is empty')"
    )
    page.fill("#corpus-systems-paste", "  \n")
    page.click("#corpus-systems-add")
    answered(page)
    page.wait_for_function(
        "document.getElementById('corpus-message').textContent.startsWith('The system box is empty')"
    )


# The corpus controller's paste_changed, counted in the page's Python: the length of the box's
# text it read at each call (``corpus.seen``), then the controller's own method.
COUNT_PASTE_READS = (
    "(lambda c, f: (c.__dict__.__setitem__('seen', []), c.__dict__.__setitem__('paste_changed',"
    " lambda role: (c.seen.append(len(c.port.read_value(f'corpus-{role}s-paste'))), f(role))[1]))[0])"
    "(corpus, corpus.paste_changed)"
)
# A burst of input events into the system paste box, a line at a time, as fast as they come;
# returns what the box said at the end of the burst.
PASTE_BURST_JS = """lines => {
  const box = document.getElementById('corpus-systems-paste');
  box.focus();
  box.value = '';
  for (const line of lines) {
    box.value += line + '\\n';
    box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: line}));
  }
  return {busy: box.getAttribute('aria-busy'), reading: box.closest('.corpus-drop').classList.contains('reading'),
          dir: box.getAttribute('dir'), length: box.value.length};
}"""


def test_a_paste_box_is_read_once_after_a_burst_of_input_and_says_it_is_reading(page):
    lines = ["שלום עולם", *(f"line {n} of a file typed in line by line" for n in range(1, 200))]
    clear_files(page)  # no reference of another length: the pasted system is taken as a file
    answered(page)
    assert page.evaluate("code => window.bleu2Test.probe(code)", COUNT_PASTE_READS) is None
    try:
        shown = page.evaluate(PASTE_BURST_JS, lines)
        # meanwhile: the box says it is reading; its direction from its first strong character
        assert shown["busy"] == "true" and shown["reading"]
        assert shown["dir"] == "rtl"
        assert page.get_attribute("#corpus-systems-paste", "dir") != "auto"
        page.wait_for_selector("#corpus-systems-paste:not([aria-busy])", state="attached")
        assert not page.evaluate("document.getElementById('corpus-systems-drop').classList.contains('reading')")
        answered(page)
        # 200 input events: the controller read the box once, whole, after the person paused
        assert page.evaluate("window.bleu2Test.probe('corpus.seen')") == [shown["length"]]
        # "Add as a file" right after more typing: the pending edit first, then the file
        page.evaluate(
            """() => { const box = document.getElementById('corpus-systems-paste');
            box.value += 'one more line';
            box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: 'x'}));
            document.getElementById('corpus-systems-add').click(); }"""
        )
        page.wait_for_function("document.getElementById('corpus-systems-paste').value === ''")
        page.wait_for_selector("#corpus-systems-paste:not([aria-busy])", state="attached")
        answered(page)
        assert page.evaluate("window.bleu2Test.probe('corpus.seen')") == [shown["length"], shown["length"] + 13]
        assert page.evaluate("document.querySelectorAll('#corpus-systems-list li').length") == 1
    finally:
        page.evaluate("window.bleu2Test.probe(\"corpus.__dict__.pop('paste_changed', None) and None\")")
        clear_files(page)
        answered(page)


def test_the_engines_messages_are_in_the_pages_language_and_follow_a_switch(page, tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("café\n".encode("latin-1"))
    page.select_option("#lang-select", "es")
    page.set_input_files("#corpus-systems", str(latin1))
    answered(page)
    spanish = (
        "No se cargó: latin1.txt: la línea 1 no es UTF-8 válido (byte 0xe9 en el byte 4 de la línea)."
        " Lo ya cargado se conserva."
    )
    page.wait_for_function("m => document.getElementById('corpus-message').textContent === m", arg=spanish)
    page.select_option("#lang-select", "en")
    answered(page)
    english = (
        "Not loaded: latin1.txt: line 1 is not valid UTF-8 (byte 0xe9 at byte 4 of the line)."
        " What was already loaded is kept."
    )
    page.wait_for_function("m => document.getElementById('corpus-message').textContent === m", arg=english)


# --- the histogram and a narrow screen ----------------------------------------------------------------


def histogram_colors(page) -> dict:
    return page.evaluate(
        """() => {
          const bar = document.querySelector('#corpus-histogram rect.bar-histogram');
          const root = getComputedStyle(document.documentElement);
          const probe = document.createElement('span');
          probe.style.color = root.getPropertyValue('--bar-p');
          document.body.append(probe);
          const expected = getComputedStyle(probe).color;
          probe.remove();
          return {fill: getComputedStyle(bar).fill, expected, background: getComputedStyle(document.documentElement).backgroundColor,
                  titles: [...document.querySelectorAll('#corpus-histogram .axis-title')].map(t => t.textContent)};
        }"""
    )


def test_the_histogram_is_styled_in_light_and_dark_and_its_axes_are_named(page):
    if not page.is_visible("#corpus-histogram svg"):
        page.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
        page.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
        answered(page)
        wait_result(page, "")
    page.emulate_media(color_scheme="light")
    light = histogram_colors(page)
    assert light["fill"] == light["expected"] == "rgb(58, 111, 196)"  # --bar-p, not the default black
    assert light["titles"] == ["Sentence BLEU", "Sentences"]
    page.emulate_media(color_scheme="dark")
    dark = histogram_colors(page)
    assert dark["fill"] == dark["expected"] == "rgb(127, 176, 255)" and dark["background"] == "rgb(21, 24, 28)"
    page.emulate_media(color_scheme="light")
    page.select_option("#lang-select", "pt")
    answered(page)
    page.wait_for_function(
        "[...document.querySelectorAll('#corpus-histogram .axis-title')].map(t => t.textContent).join('|')"
        " === 'BLEU por frase|Frases'"
    )
    page.select_option("#lang-select", "en")
    answered(page)


def test_corpus_mode_fits_a_360_px_screen_and_the_signature_wraps(new_context, site_url):
    from conftest import open_page

    context, guard = new_context(viewport={"width": 360, "height": 740})
    narrow = open_page(context, guard, site_url + "index.html")
    narrow.click("#mode-corpus")
    narrow.set_input_files("#corpus-references", str(TED / "ted.ref.detok.eng"))
    narrow.set_input_files("#corpus-systems", str(TED / "ted.sys1.detok.eng"))
    narrow.select_option("#corpus-test", "confidence")
    narrow.fill("#corpus-n", "20")
    narrow.dispatch_event("#corpus-n", "change")
    answered(narrow)
    wait_result(narrow, "")
    narrow.wait_for_function("document.getElementById('corpus-signature').textContent.includes('bs:20')")
    narrow.evaluate("document.getElementById('corpus-json-section').open = true")
    widths = narrow.evaluate(
        """() => {
          const sig = document.getElementById('corpus-signature');
          const box = sig.getBoundingClientRect();
          return {page: document.documentElement.scrollWidth, right: box.right, lines: box.height / parseFloat(
                  getComputedStyle(sig).lineHeight || 16), sigScroll: sig.scrollWidth, sigClient: sig.clientWidth,
                  wide: [...document.querySelectorAll('#corpus *')].filter(e => e.getBoundingClientRect().right > 360.5
                         && !e.closest('.scroll')).map(e => e.id || e.tagName)};
        }"""
    )
    assert widths["page"] == 360 and widths["wide"] == [], widths
    assert widths["right"] <= 360 and widths["sigScroll"] <= widths["sigClient"] + 1, widths
    assert "smooth:add-1|order:2|" in narrow.text_content("#corpus-signature")  # whole, on several lines
    assert widths["lines"] > 1.5, widths
    # it breaks only after a "|": each part on one line ("tok:13a|", never "tok:1" then "3a|")
    parts = narrow.eval_on_selector_all(
        "#corpus-signature .sig-part",
        "els => els.map(e => [e.textContent, new Set([...e.getClientRects()].map(r => r.top)).size])",
    )
    assert "".join(p for p, _ in parts) == narrow.text_content("#corpus-signature"), parts
    assert len(parts) > 3 and all(lines == 1 for _, lines in parts), parts


# --- a reload --------------------------------------------------------------------------------------------


def test_a_reload_keeps_the_mode_settings_and_pasted_texts_and_names_the_files_to_give_again(
    new_context, site_url, tmp_path, capsys, monkeypatch
):
    from conftest import open_page

    context, guard = new_context()
    tab = open_page(context, guard, site_url + "index.html")
    tab.click("#mode-corpus")
    answered(tab)
    ref = tmp_path / "ref3.txt"
    ref.write_text("the cat sat on the mat\na dog ran\nbirds sing\n", encoding="utf-8")
    tab.set_input_files("#corpus-references", str(ref))
    answered(tab)
    system = "the cat sat on a mat\na dog ran\nbirds sang\n"
    tab.fill("#corpus-systems-paste", system)
    tab.click("#corpus-systems-add")
    answered(tab)
    tab.wait_for_function("document.querySelectorAll('#corpus-systems-list li').length === 1")
    tab.fill("#corpus-systems-paste", "typed, not added")
    tab.wait_for_selector("#corpus-systems-paste:not([aria-busy])", state="attached")  # read once typing paused
    tab.fill("#corpus-seed", "7")
    tab.dispatch_event("#corpus-seed", "change")
    answered(tab)
    wait_result(tab, "")
    settled(tab)  # reloaded once the page has done all it had to (not while its worker answers)
    tab.reload()
    tab.wait_for_function("document.documentElement.dataset.state === 'ready'")
    tab.wait_for_function("document.querySelectorAll('#corpus-systems-list li').length === 1")
    assert tab.get_attribute("html", "data-mode") == "corpus" and tab.is_checked("#mode-corpus")
    assert tab.input_value("#corpus-systems-paste") == "typed, not added"
    assert tab.input_value("#corpus-seed") == "7"
    assert tab.text_content("#corpus-systems-list .corpus-file-name") == "pasted system 1"
    assert tab.text_content("#corpus-restored") == (
        "Restored from this tab: the mode, the settings and the pasted texts."
        " Files cannot be kept across a reload: give this file again: ref3.txt."
    )
    assert tab.eval_on_selector_all("#corpus-references-list li", "l => l.length") == 0
    tab.set_input_files("#corpus-references", str(ref))
    answered(tab)
    tab.wait_for_function("!document.getElementById('corpus-restored').textContent.includes('give this file')")
    (tmp_path / "sys.txt").write_text(system, encoding="utf-8")
    same_output(wait_result(tab, ""), cli_json(capsys, monkeypatch, tmp_path, "-r", "ref3.txt", "sys.txt"))
    settled(tab)  # what the reloaded page still does is checked with this test (guard_check)
