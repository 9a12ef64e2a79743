"""bleu2.page.corpus.controller: corpus mode's decisions, driven through the fake page (CPython).

The controller holds a real :class:`bleu2.page.corpus.session.Session` (the page's own) and
runs on :class:`fake_port.FakePage`, which keeps what it writes and paints and the timers it
sets (each step of a job is one). Oracles: the command line's --json output on the same
files, the spec for messages, budgets and the pause.
"""

from __future__ import annotations

import json

import pytest

from bleu2 import cli
from bleu2.page import i18n
from bleu2.page.corpus.controller import DEBOUNCE_MS, PAGE, WORKER, job_request
from bleu2.page.tab_storage import TabStore
from corpus_page import REF, REF2, SYS1, SYS2, Page, ready
from fake_port import QUOTA, FakePage, Tab
from shared_data import TED

# --- how jobs are stepped -------------------------------------------------------------------------


@pytest.mark.parametrize(("budget", "ms", "chunk"), [(WORKER, 250, 256), (PAGE, 30, 32)])
def test_jobs_run_in_steps_of_the_budget_each_step_a_timer_of_its_own(budget, ms, chunk):
    page = Page(budget=budget)
    assert page.port.last("root") == {"data-corpus-backend": budget.name}
    ready(page)
    starts, steps = page.spy("start"), page.spy("step")
    page.fire(DEBOUNCE_MS)
    assert [r[0]["chunk"] for r in starts] == [chunk] and steps == [] and page.port.delays == [0]
    page.work()
    assert steps and {budget_ms for _, budget_ms in steps} == {ms} and (budget.ms, budget.chunk) == (ms, chunk)
    assert json.loads(page.port.text("corpus-json"))["signature"].startswith("nrefs:1|")


# --- the pause and the read gate ----------------------------------------------------------------


def test_a_job_starts_after_a_pause_and_each_change_restarts_it():
    page = Page()
    ready(page)
    starts = page.spy("start")
    assert page.port.delays == [DEBOUNCE_MS] and DEBOUNCE_MS == 300
    page.on("inputs_changed")
    assert page.port.delays == [300] and starts == []
    page.fire(300)
    assert len(starts) == 1 and page.control.job is not None


def test_the_score_button_scores_at_once():
    page = Page()
    ready(page)
    page.on("score")
    assert 300 not in page.port.delays and page.control.job is not None


def test_no_job_starts_before_every_file_given_is_read():
    """Two references given at once and a system: the second reference is read last; no
    job may score what was read first (one reference)."""
    page = Page()
    page.on("files_chosen", "reference", 2)
    page.on("file_read", "reference", "ref1.txt", REF)
    page.load("system", ("sys1.txt", SYS1))
    assert page.port.delays == [] and not page.port.prop("corpus-score", "disabled")  # ready, but one is unread
    page.on("file_read", "reference", "ref2.txt", REF2)
    assert page.port.delays == [300]
    starts = page.spy("start")
    assert page.scored()["signature"].startswith("nrefs:2|")
    assert len(starts) == 1 and page.control.job is None and page.session.jobs == {}  # one job, done


def test_a_file_that_cannot_be_read_says_so_and_does_not_hold_the_jobs_back():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.on("files_chosen", "system", 2)
    page.on("file_read", "system", "sys1.txt", SYS1)
    page.on("file_failed", "system", "gone.txt", "NotFoundError: the file is gone")
    assert (
        page.port.text("corpus-message")
        == "gone.txt could not be read (NotFoundError: the file is gone): it was not loaded."
    )
    assert page.port.delays == [300]


def test_a_refused_file_says_why_and_the_next_good_one_clears_the_message():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("bad.txt", b"fine\n\xff oops\n"))
    assert page.port.text("corpus-message").startswith("Not loaded: bad.txt: line 2 is not valid UTF-8")
    assert page.port.text("corpus-status") == "Load at least one system file."
    assert page.port.prop("corpus-score", "disabled") is True and page.port.delays == []
    page.load("system", ("sys1.txt", SYS1))
    assert page.port.text("corpus-message") == "" and page.port.text("corpus-status") == ""
    assert page.port.prop("corpus-score", "disabled") is False


# --- jobs: replaced, cancelled, failed ------------------------------------------------------------


def started(page: Page) -> int:
    """Start a job (its steps wait for their timers): the running job's id."""
    page.on("score")
    assert page.control.job is not None
    return page.control.job


def test_a_new_job_replaces_the_running_one():
    page = Page()
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    first = started(page)
    page.port.set("corpus-baseline", "3")  # the second system (file ids 1, 2, 3)
    cancels, starts = page.spy("cancel"), page.spy("start")
    page.on("score")
    assert first not in page.session.jobs and page.port.delays == [0]  # stopped, the new one's step next
    shown = page.scored() if 300 in page.port.delays else (page.work(), json.loads(page.port.text("corpus-json")))[1]
    assert page.control.result != first
    assert [s["system"] for s in shown] == ["sys2.txt", "sys1.txt"]  # the second job's baseline first
    assert cancels == [(first,)] and len(starts) == 1 and page.session.jobs == {}  # stopped; the new one done


def test_cancel_stops_the_job_and_keeps_the_last_result():
    page = Page()
    ready(page)
    before = page.scored()
    job = started(page)
    assert page.port.prop("corpus-cancel", "disabled") is False and page.port.prop("corpus-progress", "hidden") is False
    cancels = page.spy("cancel")
    page.on("cancel")
    assert page.port.text("corpus-status") == "Cancelled; the last result is still shown."
    assert page.port.prop("corpus-cancel", "disabled") is True and page.port.prop("corpus-progress", "hidden") is True
    assert job not in page.session.jobs and page.port.delays == []  # no step left
    assert json.loads(page.port.text("corpus-json")) == before
    assert cancels == [(job,)]


def test_removing_a_file_stops_the_job_that_used_it():
    page = Page()
    ready(page)
    started(page)
    page.on("remove", 1)
    assert page.control.job is None and page.session.jobs == {} and page.port.delays == []
    assert page.port.text("corpus-status") == "Load at least one reference file."
    assert page.port.prop("corpus-progress", "hidden") is True and page.port.prop("corpus-cancel", "disabled") is True
    assert page.port.text("corpus-json") is None  # nothing was ever shown


def test_progress_is_shown_while_a_job_runs_then_the_result():
    page = Page()
    ready(page)
    job = started(page)
    steps = page.spy("step")
    page.session.step = lambda job, ms: (
        steps.append((job, ms)) or {"done": False, "fraction": 0.125, "stage": "scoring"}
    )
    page.fire(0)
    assert page.port.text("corpus-status") == "Scoring: 12 %"
    assert page.port.prop("corpus-progress", "value") == 0.125 and page.port.delays == [0]  # the next step
    del page.session.step  # the real one again
    page.work()
    assert steps == [(job, 250)]
    assert page.port.text("corpus-status") == "" and page.port.prop("corpus-progress", "hidden") is True
    assert page.port.prop("corpus-results", "hidden") is False and page.control.result == job


def test_a_job_the_session_refuses_says_why():
    page = Page()
    ready(page)
    page.port.set("corpus-test", "paired-bs")
    page.on("score")
    assert page.port.text("corpus-status") == i18n.t("en", "corpus_need_two_systems")
    assert page.control.job is None and page.session.jobs == {}


def test_a_step_that_fails_stops_the_job_and_says_why():
    page = Page()
    ready(page)
    started(page)

    def broken(job: int, ms: float) -> dict:
        raise RuntimeError("a bug")

    page.session.step = broken
    page.fire(0)
    assert page.control.job is None and page.port.prop("corpus-progress", "hidden") is True
    assert page.port.text("corpus-status") == "Scoring failed (RuntimeError: a bug); the last result is still shown."
    assert page.port.delays == []  # no step left


# --- what a job is asked ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"test": "none", "n": "0", "seed": "12345", "baseline": ""}, {"n": 0, "seed": 12345, "baseline": None}),
        ({"test": "confidence", "n": "", "seed": "", "baseline": "4"}, {"n": 0, "seed": None, "baseline": 4}),
        ({"test": "paired-ar", "n": "1e400", "seed": "nan", "baseline": "2"}, {"n": 0, "seed": None, "baseline": 2}),
        ({"test": "", "n": "200", "seed": "-1", "baseline": ""}, {"n": 200, "seed": -1, "baseline": None}),
        ({"test": "paired-bs", "n": "1.5", "seed": "1.5", "baseline": ""}, {"n": 1.5, "seed": 1.5, "baseline": None}),
    ],
)
def test_the_request_holds_the_boxes_values_as_the_session_reads_them(fields, expected):
    form = {"max_order": "4", "smoothing": "exp"}
    request = job_request(fields, form, "pt", 32)
    assert request == dict(expected, form=form, lang="pt", test=fields["test"] or "none", chunk=32)


def test_the_job_gets_the_options_form_and_the_language():
    page = Page(lang="es")
    ready(page)
    starts = page.spy("start")
    page.port.set("opt-max-order", "4")
    page.port.set("opt-tokenizer", "13a")
    for name, value in (("test", "confidence"), ("n", "50"), ("seed", "7")):
        page.port.set(f"corpus-{name}", value)
    page.on("score")
    (request,) = starts[0]
    assert request["form"]["max_order"] == "4" and request["form"]["tokenizer"] == "13a"
    assert {k: v for k, v in request.items() if k != "form"} == {
        "lang": "es",
        "test": "confidence",
        "n": 50,
        "seed": 7,
        "baseline": None,
        "chunk": 256,
    }
    page.work()
    assert "|bs:50|seed:7|" in json.loads(page.port.text("corpus-json"))["signature"]


def test_option_changes_score_again_only_a_result_shown_or_a_job_running():
    page = Page()
    ready(page)
    page.port.timers.clear()
    page.on("options_changed")
    assert page.port.delays == []  # nothing shown yet
    page.on("score")
    page.on("options_changed")
    assert page.port.delays == [0, 300]  # a job running (its next step)
    page.work()
    page.fire(300)
    page.work()
    page.on("options_changed")
    assert page.port.delays == [300]


def test_changes_while_corpus_mode_is_hidden_are_scored_when_it_is_shown():
    page = Page()
    ready(page)
    page.scored()
    page.on("show_mode", "sentence")
    page.on("options_changed")
    assert page.port.delays == []
    page.on("show_mode", "corpus")
    assert page.port.delays == [300]
    page.on("show_mode", "sentence")
    page.on("show_mode", "corpus")
    page.port.timers.clear()
    page.on("show_mode", "corpus")
    assert page.port.delays == []  # scored once only


# --- the result ---------------------------------------------------------------------------------------


def test_the_result_shown_equals_the_cli_json(capsys, monkeypatch):
    page = Page()
    files = [TED / name for name in ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")]
    page.load("reference", (files[0].name, files[0].read_bytes()))
    page.load("system", *((f.name, f.read_bytes()) for f in files[1:]))
    page.scored()
    monkeypatch.chdir(TED)
    assert cli.main(["--json", "-r", files[0].name, files[1].name, files[2].name]) == 0
    assert page.port.text("corpus-json") == capsys.readouterr().out
    results = page.port.last("results")
    assert [row[1] for row in results["table"]["rows"]] == ["ted.sys2.detok.eng", "ted.sys1.detok.eng"]
    assert results["systems"] == ["ted.sys1.detok.eng", "ted.sys2.detok.eng"] and results["system"] == 0
    assert page.port.text("corpus-page-label") == "Lines 1–50 of 2,445"
    assert page.port.prop("corpus-prev", "disabled") is True and page.port.prop("corpus-next", "disabled") is False
    assert (
        results["sentences"]["rows"][0]["open"]
        == f"Open line {results['sentences']['rows'][0]['cells'][0]} in the sentence view"
    )


def test_paging_sorting_and_the_system_shown_paint_their_view():
    page = Page()
    lines = b"".join(b"word %d here\n" % i for i in range(120))
    page.load("reference", ("ref.txt", lines))
    page.load("system", ("sys1.txt", lines), ("sys2.txt", lines))
    page.scored()
    views = page.spy("view")
    page.on("page_step", 1)
    page.on("page_step", 1)
    assert [v[1]["page"] for v in views] == [1, 2]
    assert page.port.text("corpus-page-label") == "Lines 101–120 of 120"
    page.on("page_step", 1)  # past the last page: the session's page is kept
    assert page.control.page == 2 and page.port.prop("corpus-next", "disabled") is True
    page.port.set("corpus-sort", "line")
    page.on("sort_changed")
    assert views[-1][1] == {"lang": "en", "system": 0, "sort": "line", "page": 0}
    page.on("show_system", 1)
    assert page.port.last("results")["system"] == 1
    assert page.port.last("results")["sentences"]["head"][2] == "sys2.txt"


def test_the_note_is_a_word_a_span_and_the_signature_a_part_a_span_so_neither_breaks_inside():
    page = Page()
    page.port.set("corpus-test", "paired-bs")
    page.port.set("corpus-n", "10")
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    page.scored()
    chips = page.port.elements["corpus-note"]["chips"]
    note = i18n.t("en", "corpus_note_paired_bs", n="10", seed="12345")
    assert chips["sep"] == " " and chips["class"] == "word"  # static/style.css: .word never breaks inside
    assert " ".join(chips["items"]) == note and "--paired-bs:" in chips["items"]
    # the signature: a chip a part, each ending at its "|" and followed by a <wbr>, the only places it breaks
    signature = json.loads(page.port.text("corpus-json"))[0]["signature"]  # one per system, the same
    chips = page.port.elements["corpus-signature"]["chips"]
    assert chips["class"] == "sig-part" and chips["break"] and chips["sep"] == ""
    assert "".join(chips["items"]) == signature and len(chips["items"]) == signature.count("|") + 1
    assert all(part.endswith("|") and part.count("|") == 1 for part in chips["items"][:-1])


def test_a_line_opens_in_the_sentence_view_with_its_texts_and_options():
    page = Page()
    ready(page)
    page.port.set("opt-max-order", "4")
    page.scored()
    page.on("open_line", 1)
    assert page.port.last("mode") == "sentence" and page.control.mode == "sentence"
    texts = page.opened[-1]
    assert texts["references"] == ["a dog ran in the park"] and texts["candidates"] == ["a dog ran in the park"]
    assert texts["options"]["max_order"] == 4


def test_exports_are_downloaded_and_nothing_is_before_a_result():
    page = Page()
    ready(page)
    page.on("export", "systems", "json")
    assert page.port.downloads == []
    shown = page.scored()
    page.on("export", "systems", "json")
    filename, _mime, text = page.port.downloads[-1]
    assert filename == "bleu2-corpus-systems.json" and json.loads(text) == shown


def test_the_baseline_chosen_is_kept_while_it_is_loaded_else_the_first_system():
    page = Page()
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    files = page.port.last("files")
    assert [r["name"] for r in files["systems"]] == ["sys1.txt", "sys2.txt"] and files["baseline"] == "2"
    page.port.set("corpus-baseline", "3")
    page.load("system", ("sys3.txt", SYS1))
    assert page.port.last("files")["baseline"] == "3"
    page.on("remove", 3)
    assert page.port.last("files")["baseline"] == "2"


# --- pasted texts and the sentence view's boxes --------------------------------------------------------


def test_a_pasted_text_becomes_a_file_and_its_box_is_emptied():
    page = Page()
    loads = page.spy("load")
    page.on("add_pasted", "reference")  # an empty box: says so, nothing is read
    assert loads == [] and page.control.reading == 0
    assert page.port.text("corpus-message") == i18n.t("en", "corpus_paste_empty_reference")
    page.port.set("corpus-references-paste", " \n ")
    page.on("add_pasted", "reference")
    assert loads == [] and page.port.text("corpus-message").startswith("The reference box is empty")
    page.port.set("corpus-references-paste", REF.decode())
    page.on("add_pasted", "reference")
    assert page.port.last("files")["references"][0]["name"] == "pasted reference 1"
    assert page.port.read_value("corpus-references-paste") == ""
    page.port.set("corpus-systems-paste", "one\x00two")
    page.on("add_pasted", "system")
    assert page.port.text("corpus-message") == (
        "Not loaded: pasted system 1: line 1 holds a NUL byte: this looks like a binary file, not text."
        " What was already loaded is kept."
    )
    assert page.port.read_value("corpus-systems-paste") == "one\x00two"  # kept: nothing typed is lost


def test_the_sentence_views_boxes_go_to_corpus_mode_line_by_line():
    page = Page("pt", show=False)
    texts = page.spy("load_text")
    page.control.take({"references": [REF.decode(), "  "], "candidates": [SYS1.decode(), SYS2.decode()]})
    assert page.port.last("mode") == "corpus"
    assert [args[:2] for args in texts] == [
        ("reference", "referência colado 1"),
        ("system", "sistema colado 1"),
        ("system", "sistema colado 2"),
    ]
    assert page.port.delays == [300]  # read: scored after the pause


# --- the language -----------------------------------------------------------------------------------------


def test_a_language_switch_writes_the_messages_file_lists_and_result_again_without_scoring():
    page = Page()
    ready(page)
    page.scored()
    started(page)
    page.on("cancel")
    results_before = len(page.session.results)
    files, views = page.spy("files_view"), page.spy("view")
    page.control.language("es")
    assert page.port.text("corpus-status") == i18n.t("es", "corpus_cancelled")
    assert files == [("es",)] and views[0][1]["lang"] == "es"
    assert page.port.last("files")["systems"][0]["lines"] == "2 líneas"
    assert page.port.last("results")["table"]["head"][0] == i18n.t("es", "col_rank")
    assert page.port.delays == [] and len(page.session.results) == results_before  # nothing scored again
    page.control.language("es")
    assert len(files) == 1


def test_a_language_switch_writes_the_problem_again():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    assert page.port.text("corpus-status") == "Load at least one system file."
    page.control.language("pt")
    assert page.port.text("corpus-status") == i18n.t("pt", "corpus_need_system")


# --- the events' side -----------------------------------------------------------------------------------------


def test_only_the_marked_methods_are_events():
    control = Page().control
    for name in ("_step", "start", "restore", "take", "language", "schedule"):
        with pytest.raises(ValueError, match="unknown corpus event"):
            control.on(name)
    with pytest.raises(ValueError, match="mode must be one of"):
        control.on("show_mode", "both")


# --- refused files, stale results, refused values -----------------------------------------------


def test_a_file_with_another_line_count_is_not_listed_and_the_files_loaded_can_still_be_scored():
    page = Page()
    ready(page)
    page.scored()
    page.load("system", ("short100.txt", b"x\n" * 100))
    page.work()
    assert not stale(page)  # the inputs did not change: the result still matches them
    assert page.port.text("corpus-message") == (
        "Not loaded: short100.txt has 100 lines, the files loaded have 2 lines (line i of every file belongs to"
        " sentence i). What was already loaded is kept."
    )
    assert [row["name"] for row in page.port.last("files")["systems"]] == ["sys1.txt"]
    assert page.port.prop("corpus-score", "disabled") is False and page.port.text("corpus-status") == ""
    page.control.language("es")  # the message is data: written again in the new language
    assert page.port.text("corpus-message").startswith("No se cargó: short100.txt tiene 100 líneas")
    page.control.language("pt")
    assert page.port.text("corpus-message").startswith("Não carregado: short100.txt tem 100 linhas")


def test_an_engine_error_follows_a_language_switch():
    page = Page("es")
    page.load("reference", ("latin1.txt", b"caf\xe9\n"))
    page.work()
    assert page.port.text("corpus-message") == (
        "No se cargó: latin1.txt: la línea 1 no es UTF-8 válido (byte 0xe9 en el byte 4 de la línea)."
        " Lo ya cargado se conserva."
    )
    page.control.language("en")
    assert page.port.text("corpus-message") == (
        "Not loaded: latin1.txt: line 1 is not valid UTF-8 (byte 0xe9 at byte 4 of the line)."
        " What was already loaded is kept."
    )


def stale(page: Page) -> bool:
    shown = page.port.elements.get("corpus-results", {}).get("classes", {}).get("stale", False)
    note = page.port.text("corpus-stale")
    assert (note == i18n.t(page.control.lang, "corpus_stale")) is shown
    assert page.port.prop("corpus-stale", "hidden") is (not shown)
    return bool(shown)


def test_a_result_that_no_longer_matches_the_inputs_is_marked_stale_until_scored_again():
    page = Page()
    ready(page)
    first = page.scored()
    assert not stale(page)
    page.load("system", ("sys2.txt", SYS2))
    page.work()
    assert stale(page) and json.loads(page.port.text("corpus-json")) == first  # the old result, marked
    page.fire(DEBOUNCE_MS)
    page.work()
    assert not stale(page) and len(json.loads(page.port.text("corpus-json"))) == 2
    for event in (("inputs_changed",), ("options_changed",)):
        page.on(*event)
        assert stale(page)
        page.fire(DEBOUNCE_MS)
        page.work()
        assert not stale(page)
    page.control.language("pt")
    page.port.set("corpus-seed", "-1")
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert stale(page)  # in Portuguese, and it stays: nothing ran


def test_removing_a_file_marks_the_result_stale():
    page = Page()
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    page.scored()
    page.on("remove", page.port.last("files")["systems"][1]["id"])
    page.work()
    assert stale(page)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("corpus-seed", "-1", "Not scored: the seed must be a whole number, 0 or more (not -1)"),
        ("corpus-seed", "1.5", "Not scored: the seed must be a whole number, 0 or more (not 1.5)"),
        ("corpus-n", "1.5", "Not scored: resamples must be a whole number, 0 (the test's default) or more (not 1.5)."),
        ("corpus-n", "-2", "Not scored: resamples must be a whole number, 0 (the test's default) or more (not -2)."),
    ],
)
def test_a_refused_seed_or_number_of_resamples_says_so_and_nothing_runs(field, value, message):
    page = Page()
    ready(page)
    page.port.set("corpus-test", "confidence")
    page.scored()
    results = len(page.session.results)
    page.port.set(field, value)
    page.on("inputs_changed")
    starts = page.spy("start")
    page.fire(DEBOUNCE_MS)
    assert starts == [] and page.control.job is None  # no start asked
    assert page.port.text("corpus-status").startswith(message) and stale(page)
    page.on("score")  # the button too
    assert starts == [] and page.port.text("corpus-status").startswith(message)
    page.work()
    assert len(page.session.results) == results
    page.port.set(field, "7")
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert page.port.text("corpus-status") == "" and not stale(page) and len(page.session.results) == results + 1


def test_a_running_job_stops_when_a_refused_value_is_given():
    page = Page()
    ready(page)
    job = started(page)
    page.port.set("corpus-seed", "-1")
    page.on("score")
    assert page.control.job is None and job not in page.session.jobs


# --- a reload ---------------------------------------------------------------------------------------------


KEYS = {"state": "bleu2-state", "selected": "bleu2-selected"}


def reloaded(tab: Tab, lang: str = "en", keys: dict | None = None) -> Page:
    """A page opened (again) in the tab (``page.loaded``: the pasted texts it loaded again)."""
    port = FakePage(tab)
    page = Page(lang, tab=TabStore(port, keys or KEYS), show=False, port=port)
    page.loaded = page.spy("load_text")
    page.control.start()
    return page


def test_a_reload_gives_back_the_mode_the_settings_the_pasted_texts_and_names_the_files_to_give_again():
    tab = Tab()
    page = reloaded(tab)
    assert tab.items == {}  # nothing kept
    page.on("show_mode", "corpus")
    page.load("reference", ("ref.txt", REF))
    page.port.set("corpus-systems-paste", SYS1.decode())
    page.on("add_pasted", "system")
    page.port.set("corpus-systems-paste", "still typing")
    page.on("paste_changed", "system")
    for name, value in (("test", "paired-bs"), ("n", "50"), ("seed", "7")):
        page.port.set(f"corpus-{name}", value)
    page.on("inputs_changed")
    page.work()
    assert list(tab.items) == ["bleu2-state.corpus"]  # the page's key, with .corpus after it

    again = reloaded(tab, "es")
    assert again.port.last("mode") == "corpus"
    values = {k: again.port.prop(k, "value") for k in ("corpus-test", "corpus-n", "corpus-seed")}
    assert values == {"corpus-test": "paired-bs", "corpus-n": "50", "corpus-seed": "7"}
    assert again.port.prop("corpus-systems-paste", "value") == "still typing"
    assert again.port.prop("corpus-references-paste", "value") == ""
    assert again.loaded == [("system", "pasted system 1", SYS1.decode())]  # under its name
    assert again.port.text("corpus-restored") == (
        "Restaurado de esta pestaña: el modo, los ajustes y los textos pegados."
        " Los archivos no se conservan al recargar: vuelva a dar este archivo: ref.txt."
    )
    again.work()
    again.load("reference", ("ref.txt", REF))
    again.work()
    assert (
        again.port.text("corpus-restored") == "Restaurado de esta pestaña: el modo, los ajustes y los textos pegados."
    )
    again.control.language("en")
    assert again.port.text("corpus-restored") == "Restored from this tab: the mode, the settings and the pasted texts."
    names = [row["name"] for role in ("references", "systems") for row in again.port.last("files")[role]]
    assert names == ["ref.txt", "pasted system 1"]
    again.port.set("corpus-systems-paste", SYS2.decode())
    again.on("add_pasted", "system")
    again.work()
    assert again.port.last("files")["systems"][-1]["name"] == "pasted system 2"  # the numbering goes on

    third = reloaded(tab)
    assert [args[1] for args in third.loaded] == ["pasted system 1", "pasted system 2"]
    assert third.port.text("corpus-restored").endswith("give this file again: ref.txt.")  # after every reload


def test_the_kept_state_follows_the_pages_key_and_a_file_given_again_is_named_until_given():
    tab = Tab()
    embed_keys = {"state": "bleu2-state:frame-a", "selected": "bleu2-selected:frame-a"}
    page = reloaded(tab, keys=embed_keys)
    page.on("show_mode", "corpus")
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    page.work()
    assert list(tab.items) == ["bleu2-state:frame-a.corpus"]
    assert reloaded(tab).port.last("mode") == "sentence"  # another page of the tab: its own key
    again = reloaded(tab, keys=embed_keys)
    assert again.port.text("corpus-restored").endswith("give these 3 files again: ref.txt, sys1.txt, sys2.txt.")
    again.on("remove", 999)  # the kept names stay until each file is given
    again.work()
    assert again.port.text("corpus-restored").endswith("give these 3 files again: ref.txt, sys1.txt, sys2.txt.")


def test_a_save_the_browser_refuses_is_said_once_and_nothing_else_changes():
    tab = Tab(room=0)
    page = reloaded(tab)
    page.on("show_mode", "corpus")
    assert page.port.text("corpus-restored") == (
        f"Corpus mode's pasted texts could not be kept for a reload in this tab ({QUOTA})."
    )
    assert page.port.prop("corpus-restored", "hidden") is False


def test_what_the_tab_keeps_that_is_not_corpus_modes_shape_is_ignored():
    for text in ("not json", '{"v": 2, "mode": "corpus"}', '{"v": 1, "mode": "both"}', "[]"):
        tab = Tab()
        tab.items["bleu2-state.corpus"] = text
        page = reloaded(tab)
        assert page.port.last("mode") == "sentence" and page.loaded == []
        assert "corpus-restored" not in page.port.elements
