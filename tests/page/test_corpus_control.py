"""bleu2.page.corpus.controller: corpus mode's decisions, driven through a fake page (CPython).

The fake port keeps what the controller writes and paints, the timers it sets and the calls
it makes to the worker; the fake worker answers those calls with a real
:class:`bleu2.page.corpus.session.Session` (the one the page's worker runs), in the order they
were made, when a test says so. Oracles: the command line's --json output on the same
files, the spec for messages, budgets and the pause.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bleu2 import cli
from bleu2.page import i18n
from bleu2.page.corpus.backend import PAGE, WORKER
from bleu2.page.corpus.controller import DEBOUNCE_MS, CorpusControl, job_request
from bleu2.page.corpus.session import Session
from bleu2.page.ports import StorageReply
from bleu2.page.tab_storage import TabStore
from shared_data import TED

REF = b"the cat sat on the mat\na dog ran in the park\n"
REF2 = b"the cat was on the mat\nthe dog ran in a park\n"
SYS1 = b"the cat sat on a mat\na dog ran in the park\n"
SYS2 = b"a cat on the mat\nthe dog is in the park\n"


@dataclass
class Call:
    method: str
    args: list
    data: Any
    done: Callable[[str], None]
    failed: Callable[[str], None]


class FakePort:
    """The page as the controller sees it (static/corpus.js's port)."""

    def __init__(self) -> None:
        self.values = {"corpus-test": "none", "corpus-n": "0", "corpus-seed": "12345", "corpus-baseline": ""}
        self.values["corpus-sort"] = "worst"
        self.form: dict = {}
        self.shown: dict[str, dict] = {}  # element id -> its text and props as written so far
        self.painted: dict[str, list] = {}  # painter -> every data it got, in order
        self.timers: dict[int, tuple[float, Callable[[], None]]] = {}  # handle -> (ms, callback)
        self.handles = 0
        self.calls: list[Call] = []
        self.workers: list[tuple[Callable[[], None], Callable[[str], None]]] = []  # start_worker's callbacks

    def write(self, updates: dict) -> None:
        for element_id, spec in json.loads(json.dumps(updates)).items():
            shown = self.shown.setdefault(element_id, {"props": {}})
            if "text" in spec:
                shown["text"] = spec["text"]
            shown["props"].update(spec.get("props", {}))
            shown.setdefault("classes", {}).update(spec.get("classes", {}))

    def paint(self, painter: str, data_json: str, target: str = "") -> None:
        data = json.loads(data_json)
        self.painted.setdefault(painter, []).append([target, data] if target else data)

    def read_value(self, element_id: str) -> str:
        return self.values.get(element_id, "")

    def read_options(self) -> dict:
        return dict(self.form)

    def set_timer(self, ms: float, callback: Callable[[], None]) -> int:
        self.handles += 1
        self.timers[self.handles] = (ms, callback)
        return self.handles

    def clear_timer(self, handle: int) -> None:
        self.timers.pop(handle, None)

    def download(self, filename: str, mime: str, text: str) -> None:
        self.painted.setdefault("download", []).append({"filename": filename, "mime": mime, "text": text})

    def start_worker(self, ready: Callable[[], None], failed: Callable[[str], None]) -> None:
        self.workers.append((ready, failed))

    def session_call(self, method: str, args_json: str, data: Any, done: Callable, failed: Callable) -> None:
        self.calls.append(Call(method, json.loads(args_json), data, done, failed))

    def to_sentence_view(self, texts_json: str) -> None:
        self.painted.setdefault("open", []).append(json.loads(texts_json))

    # what a test does and reads
    def worker_ready(self) -> None:
        self.workers[-1][0]()

    def worker_failed(self, why: str) -> None:
        self.workers[-1][1](why)

    @property
    def delays(self) -> list[float]:
        """The timers set, by their delay (ms)."""
        return sorted(ms for ms, _ in self.timers.values())

    def text(self, element_id: str) -> str:
        return self.shown.get(element_id, {}).get("text", "")

    def prop(self, element_id: str, name: str) -> Any:
        return self.shown.get(element_id, {"props": {}})["props"].get(name)

    def last(self, what: str) -> Any:
        return self.painted[what][-1]


class Page:
    """A controller on a fake page, with a fake worker running a real session."""

    def __init__(self, lang: str = "en", offline: bool = False, worker: bool = True) -> None:
        self.port = FakePort()
        self.sessions: list[Session] = []
        self.control = CorpusControl(self.port, lang, offline, session=self._local)
        self.worker = Session()
        self.answered: list[str] = []  # the session methods the worker ran, in order
        self.on("show_mode", "corpus")
        if worker and not offline:
            self.port.worker_ready()

    def _local(self) -> Session:
        self.sessions.append(Session())
        return self.sessions[-1]

    def on(self, *event: Any) -> None:
        self.control.on(*event)

    def answer(self, count: int | None = None) -> list[Call]:
        """Answer the worker calls made so far (``count`` of them), in order."""
        answered = []
        while self.port.calls and (count is None or len(answered) < count):
            call = self.port.calls.pop(0)
            out = self.worker.call(call.method, json.dumps(call.args), call.data)
            self.answered.append(call.method)
            answered.append(call)
            call.done(out)
        return answered

    def fire(self, ms: float) -> None:
        """Let the timer of delay ``ms`` fire."""
        handles = [h for h, (delay, _) in self.port.timers.items() if delay == ms]
        assert len(handles) == 1, (ms, self.port.delays)
        _, callback = self.port.timers.pop(handles[0])
        callback()

    def work(self) -> None:
        """Answer every call and run every step until nothing is left but a pause."""
        while self.port.calls or 0 in self.port.delays:
            self.answer()
            if 0 in self.port.delays:
                self.fire(0)

    def load(self, role: str, *files: tuple[str, bytes]) -> None:
        self.on("files_chosen", role, len(files))
        for name, data in files:
            self.on("file_read", role, name, data)

    def scored(self) -> dict | list:
        """Load nothing more: let the pause pass and the job run to its end; the JSON shown."""
        self.work()
        self.fire(DEBOUNCE_MS)
        self.work()
        return json.loads(self.port.text("corpus-json"))


def methods(calls: list[Call]) -> list[str]:
    return [c.method for c in calls]


def ready(page: Page, *systems: tuple[str, bytes]) -> None:
    page.load("reference", ("ref.txt", REF))
    page.load("system", *(systems or (("sys1.txt", SYS1),)))
    page.work()


# --- where the session runs ---------------------------------------------------------------------


def test_the_worker_starts_the_first_time_corpus_mode_is_shown_and_calls_wait_for_it():
    port = FakePort()
    control = CorpusControl(port, "en")
    control.on("show_mode", "sentence")
    assert port.workers == [] and port.last("mode") == "sentence"
    control.on("show_mode", "corpus")
    control.on("show_mode", "sentence")
    control.on("show_mode", "corpus")
    assert len(port.workers) == 1 and port.last("mode") == "corpus"
    control.on("files_chosen", "reference", 1)
    control.on("file_read", "reference", "ref.txt", REF)
    assert port.calls == [] and "root" not in port.painted  # held until the worker runs
    port.worker_ready()
    assert port.last("root") == {"data-corpus-backend": "worker"}
    assert [(c.method, c.args, c.data) for c in port.calls] == [("load", ["reference", "ref.txt", "en"], REF)]


def test_the_worker_gets_long_steps_and_big_chunks():
    page = Page()
    ready(page)
    page.fire(300)
    start = page.port.calls[0]
    assert start.method == "start" and start.args[0]["chunk"] == WORKER.chunk == 256
    page.answer(1)
    assert page.port.calls[0].method == "step" and page.port.calls[0].args[1] == WORKER.budget_ms == 250
    assert page.sessions == []  # nothing ran on the page's thread


def test_where_no_worker_starts_the_session_runs_on_the_page_in_short_steps_and_the_page_says_so():
    page = Page(worker=False)
    page.load("reference", ("ref.txt", REF))
    page.port.worker_failed("no worker can start from file://")
    assert page.port.last("root") == {"data-corpus-backend": "page"}
    assert page.port.text("corpus-message") == i18n.t(
        "en", "corpus_worker_failed", error="no worker can start from file://"
    )
    local = page.sessions[0]
    assert [f.name for f in local.files.values()] == ["ref.txt"]  # the call that waited ran here
    page.load("system", ("sys1.txt", SYS1))
    steps = []
    real_step = local.step
    local.step = lambda job, budget: steps.append(budget) or real_step(job, budget)  # type: ignore[method-assign]
    starts = []
    real_start = local.start
    local.start = lambda request: starts.append(request["chunk"]) or real_start(request)  # type: ignore[method-assign]
    shown = page.scored()
    assert page.port.calls == [] and starts == [PAGE.chunk] == [32]
    assert steps and set(steps) == {PAGE.budget_ms} == {30}
    assert shown["signature"].startswith("nrefs:1|")


def test_the_offline_page_never_asks_for_a_worker():
    page = Page(offline=True)
    ready(page)
    assert page.port.workers == [] and page.port.last("root") == {"data-corpus-backend": "page"}
    assert "corpus-message" not in page.port.shown  # nothing to apologize for
    assert page.scored()["signature"].startswith("nrefs:1|")


# --- the pause and the read gate ----------------------------------------------------------------


def test_a_job_starts_after_a_pause_and_each_change_restarts_it():
    page = Page()
    ready(page)
    assert page.port.delays == [DEBOUNCE_MS] and DEBOUNCE_MS == 300
    assert page.port.calls == []
    page.on("inputs_changed")
    assert page.port.delays == [300]
    page.fire(300)
    assert methods(page.port.calls) == ["start"]


def test_the_score_button_scores_at_once():
    page = Page()
    ready(page)
    page.on("score")
    assert 300 not in page.port.delays and methods(page.port.calls) == ["start"]


def test_no_job_starts_before_every_file_given_is_read():
    """Two references given at once and a system: the second reference is read last; no
    job may score what was read first (one reference)."""
    page = Page()
    page.on("files_chosen", "reference", 2)
    page.on("file_read", "reference", "ref1.txt", REF)
    page.load("system", ("sys1.txt", SYS1))
    page.work()
    assert page.port.delays == [] and not page.port.prop("corpus-score", "disabled")  # ready, but one is unread
    page.on("file_read", "reference", "ref2.txt", REF2)
    page.work()
    assert page.port.delays == [300]
    assert page.scored()["signature"].startswith("nrefs:2|")
    assert page.answered.count("start") == 1 and page.control.job is None  # one job, done


def test_a_file_that_cannot_be_read_says_so_and_does_not_hold_the_jobs_back():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.on("files_chosen", "system", 2)
    page.on("file_read", "system", "sys1.txt", SYS1)
    page.on("file_failed", "system", "gone.txt", "NotFoundError: the file is gone")
    page.work()
    assert (
        page.port.text("corpus-message")
        == "gone.txt could not be read (NotFoundError: the file is gone): it was not loaded."
    )
    assert page.port.delays == [300]


def test_a_refused_file_says_why_and_the_next_good_one_clears_the_message():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("bad.txt", b"fine\n\xff oops\n"))
    page.work()
    assert page.port.text("corpus-message").startswith("Not loaded: bad.txt: line 2 is not valid UTF-8")
    assert page.port.text("corpus-status") == "Load at least one system file."
    assert page.port.prop("corpus-score", "disabled") is True and page.port.delays == []
    page.load("system", ("sys1.txt", SYS1))
    page.work()
    assert page.port.text("corpus-message") == "" and page.port.text("corpus-status") == ""
    assert page.port.prop("corpus-score", "disabled") is False


# --- jobs: replaced, cancelled, failed ------------------------------------------------------------


def started(page: Page) -> int:
    """Start a job and answer its start: the running job's id."""
    page.on("score")
    page.answer(1)
    assert page.control.job is not None
    return page.control.job


def test_a_new_job_replaces_the_running_one():
    page = Page()
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    first = started(page)
    assert methods(page.port.calls) == ["step"]
    page.port.values["corpus-baseline"] = "3"  # the second system (file ids 1, 2, 3)
    page.on("score")  # a step of the first job is still in the worker
    assert methods(page.port.calls) == ["step", "cancel", "start"]
    page.work()
    assert first not in page.worker.jobs  # stopped in the worker too (or ended with the step in flight)
    assert page.control.result != first
    shown = page.scored() if 300 in page.port.delays else json.loads(page.port.text("corpus-json"))
    assert [s["system"] for s in shown] == ["sys2.txt", "sys1.txt"]  # the second job's baseline first
    assert page.answered.count("start") == 2 and page.control.job is None  # the second one done


def test_cancel_stops_the_job_and_keeps_the_last_result():
    page = Page()
    ready(page)
    before = page.scored()
    job = started(page)
    assert page.port.prop("corpus-cancel", "disabled") is False and page.port.prop("corpus-progress", "hidden") is False
    page.on("cancel")
    assert page.port.text("corpus-status") == "Cancelled; the last result is still shown."
    assert page.port.prop("corpus-cancel", "disabled") is True and page.port.prop("corpus-progress", "hidden") is True
    page.work()  # the step in flight is answered: nothing more happens
    assert job not in page.worker.jobs and page.port.delays == []
    assert json.loads(page.port.text("corpus-json")) == before
    assert page.port.last("job") == {"job": job, "event": "stop"}


def test_a_job_cancelled_while_it_starts_is_cancelled_in_the_worker_once_started():
    page = Page()
    ready(page)
    page.on("score")
    page.on("remove", 1)  # the reference goes while the start is in the worker
    page.work()
    assert page.worker.jobs == {} and page.control.job is None
    assert page.port.text("corpus-status") == "Load at least one reference file."
    assert "job" not in page.port.painted


def test_removing_a_file_stops_the_job_that_used_it():
    page = Page()
    ready(page)
    before = page.port.text("corpus-json")
    started(page)
    page.on("remove", 1)
    page.work()
    assert page.control.job is None and page.worker.jobs == {}
    assert page.port.text("corpus-status") == "Load at least one reference file."
    assert page.port.prop("corpus-progress", "hidden") is True and page.port.prop("corpus-cancel", "disabled") is True
    assert page.port.text("corpus-json") == before == ""


def test_progress_is_shown_while_a_job_runs_then_the_result():
    page = Page()
    ready(page)
    started(page)
    page.answer(1)  # the first step: 2 lines need less than a step, so it is done
    assert page.port.prop("corpus-progress", "hidden") is True and page.control.result is not None
    page = Page()
    ready(page)
    job = started(page)
    page.port.calls.pop(0).done(json.dumps({"done": False, "fraction": 0.125, "stage": "scoring"}))
    assert page.port.text("corpus-status") == "Scoring: 12 %"
    assert page.port.prop("corpus-progress", "value") == 0.125 and page.port.delays == [0]
    page.fire(0)
    assert page.port.calls[0].method == "step" and page.port.calls[0].args == [job, 250]
    page.work()
    assert page.port.text("corpus-status") == "" and page.port.prop("corpus-progress", "hidden") is True
    assert page.port.prop("corpus-results", "hidden") is False


def test_a_job_the_session_refuses_says_why():
    page = Page()
    ready(page)
    page.port.values["corpus-test"] = "paired-bs"
    page.on("score")
    page.work()
    assert page.port.text("corpus-status") == i18n.t("en", "corpus_need_two_systems")
    assert page.control.job is None and "job" not in page.port.painted


def test_a_worker_call_that_fails_stops_the_job_and_says_why():
    page = Page()
    ready(page)
    started(page)
    page.port.calls.pop(0).failed("RuntimeError: worker gone")
    assert page.control.job is None and page.port.prop("corpus-progress", "hidden") is True
    assert page.port.text("corpus-status") == (
        "Scoring failed (RuntimeError: worker gone); the last result is still shown."
    )


def test_a_load_that_fails_in_the_worker_does_not_hold_the_jobs_back():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("sys1.txt", SYS1))
    page.port.calls.pop().failed("DataCloneError")
    page.work()
    assert page.port.text("corpus-message") == "sys1.txt could not be read (DataCloneError): it was not loaded."
    assert page.control.reading == 0 and page.port.text("corpus-status") == "Load at least one system file."


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
    page.port.form = {"max_order": "4", "tokenizer": "13a"}
    page.port.values.update({"corpus-test": "confidence", "corpus-n": "50", "corpus-seed": "7"})
    page.on("score")
    assert page.port.calls[0].args == [
        {
            "form": {"max_order": "4", "tokenizer": "13a"},
            "lang": "es",
            "test": "confidence",
            "n": 50,
            "seed": 7,
            "baseline": None,
            "chunk": 256,
        }
    ]
    page.work()
    assert "|bs:50|seed:7|" in json.loads(page.port.text("corpus-json"))["signature"]


def test_option_changes_score_again_only_a_result_shown_or_a_job_running():
    page = Page()
    ready(page)
    page.port.timers.clear()
    page.on("options_changed")
    assert page.port.delays == []  # nothing shown yet
    page.on("score")
    page.answer(1)
    page.on("options_changed")
    assert page.port.delays == [300]  # a job running
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


def test_paging_sorting_and_the_system_shown_ask_for_their_view_and_only_the_latest_is_painted():
    page = Page()
    lines = b"".join(b"word %d here\n" % i for i in range(120))
    page.load("reference", ("ref.txt", lines))
    page.load("system", ("sys1.txt", lines), ("sys2.txt", lines))
    page.scored()
    painted = len(page.port.painted["results"])
    page.on("page_step", 1)
    page.on("page_step", 1)
    views = [c.args for c in page.port.calls]
    assert [v[1]["page"] for v in views] == [1, 2]
    page.answer()
    assert len(page.port.painted["results"]) == painted + 1  # the first answer was not painted
    assert page.port.text("corpus-page-label") == "Lines 101–120 of 120"
    page.on("page_step", 1)  # past the last page: the session's page is kept
    page.answer()
    assert page.control.page == 2 and page.port.prop("corpus-next", "disabled") is True
    page.port.values["corpus-sort"] = "line"
    page.on("sort_changed")
    assert page.port.calls[0].args[1] == {"lang": "en", "system": 0, "sort": "line", "page": 0}
    page.answer()
    page.on("show_system", 1)
    page.answer()
    assert page.port.last("results")["system"] == 1
    assert page.port.last("results")["sentences"]["head"][2] == "sys2.txt"


def test_a_line_opens_in_the_sentence_view_with_its_texts_and_options():
    page = Page()
    ready(page)
    page.port.form = {"max_order": "4"}
    page.scored()
    page.on("open_line", 1)
    page.answer()
    assert page.port.last("mode") == "sentence" and page.control.mode == "sentence"
    texts = page.port.last("open")
    assert texts["references"] == ["a dog ran in the park"] and texts["candidates"] == ["a dog ran in the park"]
    assert texts["options"]["max_order"] == 4


def test_exports_are_downloaded_and_nothing_is_before_a_result():
    page = Page()
    ready(page)
    page.on("export", "systems", "json")
    assert "download" not in page.port.painted and page.port.calls == []
    shown = page.scored()
    page.on("export", "systems", "json")
    page.answer()
    out = page.port.last("download")
    assert out["filename"] == "bleu2-corpus-systems.json" and json.loads(out["text"]) == shown


def test_the_baseline_chosen_is_kept_while_it_is_loaded_else_the_first_system():
    page = Page()
    ready(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    files = page.port.last("files")
    assert [r["name"] for r in files["systems"]] == ["sys1.txt", "sys2.txt"] and files["baseline"] == "2"
    page.port.values["corpus-baseline"] = "3"
    page.load("system", ("sys3.txt", SYS1))
    page.work()
    assert page.port.last("files")["baseline"] == "3"
    page.on("remove", 3)
    page.work()
    assert page.port.last("files")["baseline"] == "2"


# --- pasted texts and the sentence view's boxes --------------------------------------------------------


def test_a_pasted_text_becomes_a_file_and_its_box_is_emptied():
    page = Page()
    page.on("add_pasted", "reference")  # an empty box: says so, nothing is read
    assert page.port.calls == [] and page.control.reading == 0
    assert page.port.text("corpus-message") == i18n.t("en", "corpus_paste_empty_reference")
    page.port.values["corpus-references-paste"] = " \n "
    page.on("add_pasted", "reference")
    assert page.port.calls == [] and page.port.text("corpus-message").startswith("The reference box is empty")
    page.port.values["corpus-references-paste"] = REF.decode()
    page.on("add_pasted", "reference")
    page.work()
    assert page.port.last("files")["references"][0]["name"] == "pasted reference 1"
    assert page.port.prop("corpus-references-paste", "value") == ""
    page.port.values["corpus-systems-paste"] = "one\x00two"
    page.on("add_pasted", "system")
    page.work()
    assert page.port.text("corpus-message") == (
        "Not loaded: pasted system 1: line 1 holds a NUL byte: this looks like a binary file, not text."
        " What was already loaded is kept."
    )
    assert page.port.prop("corpus-systems-paste", "value") is None  # kept: nothing typed is lost


def test_the_sentence_views_boxes_go_to_corpus_mode_line_by_line():
    port = FakePort()
    control = CorpusControl(port, "pt")
    boxes = {"references": [REF.decode(), "  "], "candidates": [SYS1.decode(), SYS2.decode()]}
    control.on("take", json.dumps(boxes))
    assert port.last("mode") == "corpus"
    port.worker_ready()
    assert [(c.method, c.args[:2]) for c in port.calls] == [
        ("load_text", ["reference", "referência colado 1"]),
        ("load_text", ["system", "sistema colado 1"]),
        ("load_text", ["system", "sistema colado 2"]),
    ]
    assert port.delays == []  # the texts are being read


# --- the language -----------------------------------------------------------------------------------------


def test_a_language_switch_writes_the_messages_file_lists_and_result_again_without_scoring():
    page = Page()
    ready(page)
    page.scored()
    started(page)
    page.on("cancel")
    page.work()
    calls_before = len(page.worker.results)
    page.on("language", "es")
    assert page.port.text("corpus-status") == i18n.t("es", "corpus_cancelled")
    assert methods(page.port.calls) == ["files_view", "view"]
    assert page.port.calls[0].args == ["es"] and page.port.calls[1].args[1]["lang"] == "es"
    page.work()
    assert page.port.last("files")["systems"][0]["lines"] == "2 líneas"
    assert page.port.last("results")["table"]["head"][0] == i18n.t("es", "col_rank")
    assert page.port.delays == [] and len(page.worker.results) == calls_before  # nothing scored again
    page.on("language", "es")
    assert page.port.calls == []


def test_a_language_switch_writes_the_worker_message_and_the_problem_again():
    page = Page(worker=False)
    page.port.worker_failed("boom")
    page.load("reference", ("ref.txt", REF))
    assert page.port.text("corpus-status") == "Load at least one system file."
    page.on("language", "pt")
    assert page.port.text("corpus-message") == i18n.t("pt", "corpus_worker_failed", error="boom")
    assert page.port.text("corpus-status") == i18n.t("pt", "corpus_need_system")


# --- the events' side -----------------------------------------------------------------------------------------


def test_unknown_events_are_refused():
    control = CorpusControl(FakePort())
    with pytest.raises(ValueError, match="unknown corpus event"):
        control.on("_call", "step", [])
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
    page.on("language", "es")  # the message is data: written again in the new language
    assert page.port.text("corpus-message").startswith("No se cargó: short100.txt tiene 100 líneas")
    page.on("language", "pt")
    assert page.port.text("corpus-message").startswith("Não carregado: short100.txt tem 100 linhas")


def test_an_engine_error_follows_a_language_switch():
    page = Page("es")
    page.load("reference", ("latin1.txt", b"caf\xe9\n"))
    page.work()
    assert page.port.text("corpus-message") == (
        "No se cargó: latin1.txt: la línea 1 no es UTF-8 válido (byte 0xe9 en el byte 4 de la línea)."
        " Lo ya cargado se conserva."
    )
    page.on("language", "en")
    assert page.port.text("corpus-message") == (
        "Not loaded: latin1.txt: line 1 is not valid UTF-8 (byte 0xe9 at byte 4 of the line)."
        " What was already loaded is kept."
    )


def stale(page: Page) -> bool:
    shown = page.port.shown.get("corpus-results", {}).get("classes", {}).get("stale", False)
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
    page.on("language", "pt")
    page.port.values["corpus-seed"] = "-1"
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
    page.port.values["corpus-test"] = "confidence"
    page.scored()
    results = len(page.worker.results)
    page.port.values[field] = value
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    assert page.port.calls == [] and page.control.job is None  # no start asked
    assert page.port.text("corpus-status").startswith(message) and stale(page)
    page.on("score")  # the button too
    assert page.port.calls == [] and page.port.text("corpus-status").startswith(message)
    page.work()
    assert len(page.worker.results) == results
    page.port.values[field] = "7"
    page.on("inputs_changed")
    page.fire(DEBOUNCE_MS)
    page.work()
    assert page.port.text("corpus-status") == "" and not stale(page) and len(page.worker.results) == results + 1


def test_a_running_job_stops_when_a_refused_value_is_given():
    page = Page()
    ready(page)
    started(page)
    page.port.values["corpus-seed"] = "-1"
    page.on("score")
    assert page.control.job is None and methods(page.port.calls)[-1] == "cancel"


# --- a reload ---------------------------------------------------------------------------------------------


class Tab:
    """The tab's sessionStorage (shared by the pages opened in it), as the port reaches it."""

    can_pack_later = False

    def __init__(self, refuse: str | None = None) -> None:
        self.items: dict[str, str] = {}
        self.refuse = refuse

    def storage(self, method: str, key: str, value: str = "") -> StorageReply:
        if method == "getItem":
            return StorageReply(self.items.get(key), None)
        if self.refuse:
            return StorageReply(None, self.refuse)
        if method == "setItem":
            self.items[key] = value
        else:
            self.items.pop(key, None)
        return StorageReply(None, None)

    def save_plain(self, key: str, meta_json: str) -> str | None:
        raise AssertionError("corpus mode writes its own JSON")

    def save_packed(self, key, meta_json, wanted, done) -> None:
        raise AssertionError("corpus mode writes its own JSON")


KEYS = {"state": "bleu2-state", "selected": "bleu2-selected"}


def reloaded(tab: Tab, lang: str = "en", keys: dict | None = None) -> Page:
    """A page opened (again) in the tab: the controller made as static/app.py makes it."""
    page = Page.__new__(Page)
    page.port, page.sessions, page.worker, page.answered = FakePort(), [], Session(), []
    page.control = CorpusControl(page.port, lang, session=page._local, tab=TabStore(tab, keys or KEYS))
    page.control.on("show_mode", "sentence")
    page.control.restore()
    if page.port.workers:
        page.port.worker_ready()
    return page


def test_a_reload_gives_back_the_mode_the_settings_the_pasted_texts_and_names_the_files_to_give_again():
    tab = Tab()
    page = reloaded(tab)
    assert tab.items == {} and page.port.workers == []  # nothing kept, nothing asked
    page.on("show_mode", "corpus")
    page.port.worker_ready()
    page.load("reference", ("ref.txt", REF))
    page.port.values["corpus-systems-paste"] = SYS1.decode()
    page.on("add_pasted", "system")
    page.port.values["corpus-systems-paste"] = "still typing"
    page.on("paste_changed", "system")
    page.port.values.update({"corpus-test": "paired-bs", "corpus-n": "50", "corpus-seed": "7"})
    page.on("inputs_changed")
    page.work()
    assert list(tab.items) == ["bleu2-state.corpus"]  # the page's key, with .corpus after it

    again = reloaded(tab, "es")
    assert again.port.last("mode") == "corpus"
    values = {k: again.port.prop(k, "value") for k in ("corpus-test", "corpus-n", "corpus-seed")}
    assert values == {"corpus-test": "paired-bs", "corpus-n": "50", "corpus-seed": "7"}
    assert again.port.prop("corpus-systems-paste", "value") == "still typing"
    assert again.port.prop("corpus-references-paste", "value") == ""
    assert [(c.method, c.args[:3]) for c in again.port.calls] == [
        ("load_text", ["system", "pasted system 1", SYS1.decode()])  # under its name, in the worker
    ]
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
    again.on("language", "en")
    assert again.port.text("corpus-restored") == "Restored from this tab: the mode, the settings and the pasted texts."
    names = [row["name"] for role in ("references", "systems") for row in again.port.last("files")[role]]
    assert names == ["ref.txt", "pasted system 1"]
    again.port.values["corpus-systems-paste"] = SYS2.decode()
    again.on("add_pasted", "system")
    again.work()
    assert again.port.last("files")["systems"][-1]["name"] == "pasted system 2"  # the numbering goes on

    third = reloaded(tab)
    assert [c.args[1] for c in third.port.calls] == ["pasted system 1", "pasted system 2"]
    assert third.port.text("corpus-restored").endswith("give this file again: ref.txt.")  # after every reload


def test_the_kept_state_follows_the_pages_key_and_a_file_given_again_is_named_until_given():
    tab = Tab()
    embed_keys = {"state": "bleu2-state:frame-a", "selected": "bleu2-selected:frame-a"}
    page = reloaded(tab, keys=embed_keys)
    page.on("show_mode", "corpus")
    page.port.worker_ready()
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
    tab = Tab(refuse="QuotaExceededError Setting the value exceeded the quota.")
    page = reloaded(tab)
    page.on("show_mode", "corpus")
    page.port.worker_ready()
    assert page.port.text("corpus-restored") == (
        "Corpus mode's pasted texts could not be kept for a reload in this tab"
        " (QuotaExceededError Setting the value exceeded the quota.)."
    )
    assert page.port.prop("corpus-restored", "hidden") is False


def test_what_the_tab_keeps_that_is_not_corpus_modes_shape_is_ignored():
    for text in ("not json", '{"v": 2, "mode": "corpus"}', '{"v": 1, "mode": "both"}', "[]"):
        tab = Tab()
        tab.items["bleu2-state.corpus"] = text
        page = reloaded(tab)
        assert page.port.last("mode") == "sentence" and page.port.calls == []
        assert "corpus-restored" not in page.port.shown
