"""Corpus mode's controller: every decision of corpus mode, driven through a small port.

The controller runs with the sentence view's, in the page's worker (or, in the one-file
page, on the page's thread): :class:`bleu2.page.protocol.PageHost` makes it, its port
(:class:`bleu2.page.corpus.port.CorpusPort`) is made of messages that ``static/host.js`` and
``static/corpus.js`` apply to the DOM. It decides when a
job starts (after a pause, once every file given is read), what replaces or cancels a
running job, what each request holds, what is shown while a job runs, when it fails and
after a language switch; where the session runs is :mod:`bleu2.page.corpus.backend`'s. The
glue reports the page's events (:meth:`CorpusControl.on`: clicks, a file's bytes); what
ends later (timers, the session's answers) comes back through callbacks. Tested in
CPython with a fake port (``tests/page/test_corpus_control.py``); the design is in
``docs/corpus-mode-design.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from .. import i18n
from ..tab_storage import TabStore
from . import compare_control
from .backend import SessionLink
from .keep import CorpusKeep
from .port import CorpusPort, Message, message_text
from .request import job_request, request_problem
from .session import ROLES, Session

__all__ = ["DEBOUNCE_MS", "EVENTS", "CorpusControl", "job_request", "request_problem", "start"]

#: Milliseconds without a new change before a job starts on its own.
DEBOUNCE_MS = 300
MODES = ("sentence", "corpus")
#: The message that stays while files come and go (the others say what a reading ended in).
WORKER_NOTE = "corpus_worker_failed"


#: The events the glue reports (:meth:`CorpusControl.on`), each a method of the controller.
EVENTS = frozenset(
    {
        "show_mode", "files_chosen", "file_read", "file_failed", "add_pasted", "take", "remove", "score", "cancel",
        "inputs_changed", "options_changed", "show_system", "sort_changed", "page_step", "open_line", "export",
        "language", "paste_changed",
    }
) | compare_control.EVENTS  # fmt: skip


class CorpusControl:
    """Corpus mode's state and decisions (one per page).

    Args:
        port: the page (:class:`bleu2.page.corpus.port.CorpusPort`).
        lang: the page's language.
        offline: the one-file offline page, where no worker can start.
        session: makes the session for the page's thread (the tests give their own).
        tab: the tab's storage of the page (the sentence view's :class:`TabStore`), where
            the mode, the settings and the pasted texts are kept for a reload
            (:class:`bleu2.page.corpus.keep.CorpusKeep`); None keeps nothing.
    """

    def __init__(
        self,
        port: CorpusPort,
        lang: str = "en",
        offline: bool = False,
        session: Callable[[], Session] = Session,
        tab: TabStore | None = None,
    ) -> None:
        self.port, self.lang = port, i18n.language(lang)
        self.link = SessionLink(port, offline, session, self._fell_back, self._call_failed)
        self.mode = "sentence"
        self.timers: dict[str, Any] = {}  # "debounce", "step" -> the port's handle
        self.reading = 0  # files and pasted texts given but not read into the session yet
        self.dirty = False  # an input changed while corpus mode was hidden
        self.runs = 0  # jobs asked for: a start answered for an older one is cancelled
        self.job: int | None = None  # the running job
        self.result: int | None = None  # the result shown
        self.system = self.page = 0  # the per-sentence table's system and page
        self.views = 0  # views asked for: only the latest is painted
        self.pasted = dict.fromkeys(ROLES, 0)
        self.status: Message | None = None  # #corpus-status: progress, cancelled, why nothing runs
        self.message: Message | None = None  # #corpus-message: what reading a file ended in
        self.stale = False  # the result shown is for inputs that changed since
        self.listed: list[int] = []  # the ids of the files listed
        self.keep = CorpusKeep(port, tab)  # what a reload gets back
        self.compare = compare_control.CompareControl(port, self.link, lambda: self.lang)  # the Compare view

    def on(self, event: str, *args: Any) -> None:
        """One event from the glue, by name (:data:`EVENTS`), with its arguments."""
        if event not in EVENTS:
            raise ValueError(f"unknown corpus event {event!r}")
        getattr(self.compare if event in compare_control.EVENTS else self, event)(*args)

    # --- the page ------------------------------------------------------------------------------

    def _paint(self, painter: Any, data: Any, target: str = "") -> None:
        self.port.paint(painter, json.dumps(data, ensure_ascii=False), target)

    def _after(self, name: str, ms: float, fn: Callable[[], None]) -> None:
        self._clear(name)

        def fire() -> None:
            self.timers.pop(name, None)
            fn()

        self.timers[name] = self.port.set_timer(ms, fire)

    def _clear(self, name: str) -> None:
        if name in self.timers:
            self.port.clear_timer(self.timers.pop(name))

    def _show(self, status: Message | None) -> None:
        self.status = status
        self.port.write({"corpus-status": {"text": message_text(status, self.lang)}})

    def _say(self, message: Message | None) -> None:
        self.message = message
        self.port.write({"corpus-message": {"text": message_text(message, self.lang)}})

    def _running(self, fraction: float | None) -> None:
        """The Cancel button and the progress bar: a job running (``fraction`` done) or none (None)."""
        props: dict[str, Any] = {"hidden": fraction is None}
        if fraction is not None:
            props["value"] = fraction
        self.port.write(
            {"corpus-cancel": {"props": {"disabled": fraction is None}}, "corpus-progress": {"props": props}}
        )

    def _mark_stale(self, stale: bool) -> None:
        """Mark the result shown as no longer matching the inputs (or as matching them)."""
        stale = stale and self.result is not None
        self.stale = stale
        text = i18n.t(self.lang, "corpus_stale") if stale else ""
        self.port.write(
            {
                "corpus-results": {"classes": {"stale": stale}},
                "corpus-stale": {"text": text, "props": {"hidden": not stale}},
            }
        )

    def _fell_back(self, why: str) -> None:
        self._say({"key": WORKER_NOTE, "params": {"error": why}})

    def _call_failed(self, why: str) -> None:
        self._show({"key": "corpus_call_failed", "params": {"error": why}})

    def show_mode(self, mode: str) -> None:
        """Show ``mode`` ("sentence" or "corpus"); the first time corpus mode is shown the
        session is made ready, and a change made meanwhile is scored."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        self._paint("mode", mode)
        self.mode = mode
        self.keep.mode(mode)
        if mode == "corpus":
            self.link.when_ready(lambda backend: None)
            if self.dirty:
                self.dirty = False
                self.schedule()

    def language(self, lang: str) -> None:
        """Write every message, the file lists and the result again in ``lang``."""
        lang = i18n.language(str(lang))
        if lang == self.lang:
            return
        self.lang = lang
        self._show(self.status)
        self._say(self.message)
        self._mark_stale(self.stale)
        self.keep.note(lang)
        if self.link.backend is not None:
            self._refresh(changed=False)
        self._render()
        self.compare.render()

    # --- files ---------------------------------------------------------------------------------

    def _reading(self, count: int) -> None:
        """``count`` more files are being read: no job starts until they are; what the last
        files' reading ended in is no longer said (the worker's note stays)."""
        self.reading += count
        self._clear("debounce")
        if self.message is not None and self.message.get("key") != WORKER_NOTE:
            self._say(None)

    def files_chosen(self, role: str, count: int) -> None:
        """``count`` files were given for ``role``; their bytes follow (:meth:`file_read`)."""
        self._reading(int(count))

    def file_read(self, role: str, name: str, data: Any) -> None:
        """A file's bytes (of :meth:`files_chosen`), read into the session."""
        self.link.call(
            "load",
            [str(role), str(name), self.lang],
            lambda out: self._loaded(out, given=(str(role), str(name), None)),
            data,
            lambda why: self._unread(name, why),
        )

    def file_failed(self, role: str, name: str, why: str) -> None:
        """A file of :meth:`files_chosen` could not be read (the browser's error)."""
        self._unread(name, why)

    def _unread(self, name: str, why: str) -> None:
        self.reading -= 1
        self._say({"key": "corpus_read_failed", "params": {"name": str(name), "error": str(why)}})
        self._refresh()

    def _loaded(
        self, out: dict[str, Any], given: tuple[str, str, str | None], area: str | None = None, refresh: bool = True
    ) -> None:
        """A file or pasted text (``given``: its role, name and, when pasted, text) was
        read: listed and kept (``out["ok"]``), else refused, saying why."""
        self.reading -= 1
        if not out["ok"]:
            self._say(out["message"])
            self.keep.settled(given[0], given[1])
        else:
            self.keep.loaded(out["file"]["id"], *given)
            if area:  # emptied, unless more was typed meanwhile (kept)
                now = self.port.read_value(area)
                if now == given[2]:
                    self.port.write({area: {"props": {"value": ""}}})
                self.keep.paste("" if now == given[2] else now, given[0])
        if refresh:
            self._refresh()

    def _load_text(self, role: str, text: str, area: str | None = None, name: str | None = None) -> None:
        if name is None:
            self.pasted[role] += 1
            kind = i18n.t(self.lang, f"corpus_kind_{role}")
            name = i18n.t(self.lang, "corpus_pasted_name", kind=kind, number=self.pasted[role])
        self._reading(1)
        given = (role, name, text)
        self.link.call(
            "load_text",
            [role, name, text, self.lang],
            lambda out: self._loaded(out, given, area),
            failed=lambda why: self._unread(given[1], why),
        )

    def add_pasted(self, role: str) -> None:
        """The "Add as a file" button of ``role``: its box's text becomes a file (the box is
        emptied once it is loaded); an empty box says so."""
        area = f"corpus-{role}s-paste"
        text = self.port.read_value(area)
        if text.strip():
            self._load_text(role, text, area)
        else:
            self._say({"key": f"corpus_paste_empty_{role}"})

    def paste_changed(self, role: str) -> None:
        """A pasted-text box was edited: kept for a reload."""
        self.keep.paste(self.port.read_value(f"corpus-{role}s-paste"), str(role))

    def take(self, boxes_json: str) -> None:
        """The sentence view's texts to corpus mode (``{"references": [str], "candidates":
        [str]}``): each non-blank reference box a reference, each candidate box a system."""
        boxes = json.loads(str(boxes_json))
        self.show_mode("corpus")
        for role, kind in (("reference", "references"), ("system", "candidates")):
            for text in boxes.get(kind, []):
                if text.strip():
                    self._load_text(role, text)

    def remove(self, file_id: int) -> None:
        """A file's Remove button: a job running on the files stops at once."""
        self.cancel()
        self.keep.removed(int(file_id))
        self.link.call("remove", [int(file_id)], lambda out: self._refresh())

    def _refresh(self, changed: bool = True) -> None:
        """Paint the file lists; ``changed``: the files changed, so a job that can no longer
        run stops and one that can is scheduled."""
        kept = self.port.read_value("corpus-baseline")

        def show(view: dict[str, Any]) -> None:
            ids = [str(row["id"]) for row in view["systems"]]
            baseline = kept if kept in ids else (ids[0] if ids else "")
            self._paint("files", {"references": view["references"], "systems": view["systems"], "baseline": baseline})
            self.port.write({"corpus-score": {"props": {"disabled": not view["ready"]}}})
            listed = [row["id"] for role in ("references", "systems") for row in view[role]]
            if changed and listed != self.listed:  # a refused file changes nothing
                self._mark_stale(True)
            self.listed = listed
            if view["ready"]:
                if changed:
                    self._show(None)
                    self.schedule()
                return
            if changed:
                self._clear("debounce")
                self.cancel()
            self._show(view["problem"] if view["references"] or view["systems"] else None)

        self.link.call("files_view", [self.lang], show)

    # --- jobs ----------------------------------------------------------------------------------

    def schedule(self) -> None:
        """An input changed: score again after a pause (:data:`DEBOUNCE_MS`), once every file
        given is read; once corpus mode is shown if it is hidden."""
        self.compare.cancel()
        if self.mode != "corpus":
            self.dirty = True
            return
        self._clear("debounce")
        if not self.reading:
            self._after("debounce", DEBOUNCE_MS, self.score)

    def inputs_changed(self) -> None:
        """The test, resamples, seed or baseline changed: the result shown is stale."""
        self.keep.fields({name: self.port.read_value(f"corpus-{name}") for name in ("test", "n", "seed")})
        self._mark_stale(True)
        self.schedule()

    def options_changed(self) -> None:
        """The options form changed: a result shown or a job running is scored again."""
        if self.result is not None or self.job is not None:
            self._mark_stale(True)
            self.schedule()

    def score(self) -> None:
        """Score now (the Score button, or after the pause): a running job is replaced."""
        self._clear("debounce")
        self.cancel()
        self._show(None)
        fields = {name: self.port.read_value(f"corpus-{name}") for name in ("test", "n", "seed", "baseline")}
        form, lang = self.port.read_options(), self.lang
        problem = request_problem(job_request(fields, form, lang, 1), fields)
        if problem is not None:  # nothing runs on a refused value; the result shown is not for it
            self._mark_stale(True)
            self._show(problem)
            return
        self.runs += 1
        run = self.runs

        def started(out: dict[str, Any]) -> None:
            if run != self.runs:  # cancelled or replaced while it started
                if out.get("ok"):
                    self.link.call("cancel", [out["job"]])
                return
            if not out["ok"]:
                self._show(out["message"])
                return
            self.job = out["job"]
            self._running(0.0)
            self._step(self.job)

        def failed(why: str) -> None:
            if run == self.runs:
                self._call_failed(why)

        self.link.when_ready(
            lambda backend: self.link.call(
                "start", [job_request(fields, form, lang, backend.chunk)], started, failed=failed
            )
        )

    def _step(self, job: int) -> None:
        assert self.link.backend is not None

        def stepped(out: dict[str, Any]) -> None:
            if self.job != job:  # cancelled, or replaced by a newer job
                return
            if not out["done"]:
                self._running(out["fraction"])
                percent = math.floor(out["fraction"] * 100)
                self._show({"key": f"corpus_progress_{out['stage']}", "numbers": {"percent": percent}})
                self._after("step", 0, lambda: self._step(job))  # the page gets a turn between two steps
                return
            self.job = None
            self._running(None)
            if "error" in out:
                self._show(out["error"])
                return
            self.result, self.page = out["result"], 0
            self._show(None)
            self._mark_stale(False)
            self._render()
            self.compare.start()  # two systems or more: the Compare view

        def failed(why: str) -> None:
            if self.job == job:
                self.job = None
                self._running(None)
                self._call_failed(why)

        self.link.call("step", [job, self.link.backend.budget_ms], stepped, failed=failed)

    def cancel(self) -> None:
        """Stop the running job (the Cancel button; or its files changed); the last result stays."""
        job, self.job = self.job, None
        self.runs += 1  # a job still starting is cancelled once started
        self._clear("step")
        self._running(None)
        self.compare.cancel()
        if job is not None:
            self.link.call("cancel", [job])
            self._show({"key": "corpus_cancelled"})

    # --- the result ----------------------------------------------------------------------------

    def show_system(self, index: int) -> None:
        self.system, self.page = int(index), 0
        self._render()

    def sort_changed(self) -> None:
        self.page = 0
        self._render()

    def page_step(self, delta: int) -> None:
        self.page += int(delta)
        self._render()

    def _render(self) -> None:
        """Ask for the result's view (system, order, page) and paint it, unless a newer one was asked."""
        if self.result is None:
            return
        self.views += 1
        asked = self.views
        sort = self.port.read_value("corpus-sort")
        request = {"lang": self.lang, "system": self.system, "sort": sort, "page": self.page}

        def show(view: dict[str, Any]) -> None:
            if asked != self.views:
                return
            page = view["sentences"]
            self.page = page["page"]
            self.port.write(
                {
                    "corpus-results": {"props": {"hidden": False}},
                    "corpus-note": {"text": view["table"]["note"]},
                    "corpus-signature": {"text": view["signature"]},
                    "corpus-json": {"text": view["json"]},
                    "corpus-page-label": {"text": page["label"]},
                    "corpus-sentences-caption": {"text": page["caption"]},
                    "corpus-prev": {"props": {"disabled": page["page"] <= 0}},
                    "corpus-next": {"props": {"disabled": page["page"] >= page["pages"] - 1}},
                }
            )
            results = {"table": view["table"], "systems": view["system_names"], "system": self.system}
            self._paint("results", dict(results, sentences=page))
            self._paint("svg", view["histogram"], "corpus-histogram")
            self._paint("help", view["help"])

        self.link.call("view", [self.result, request], show)

    def open_line(self, line: int) -> None:
        """A line of the per-sentence table, in the sentence view."""
        if self.result is None:
            return

        def opened(texts: dict[str, Any]) -> None:
            self.show_mode("sentence")
            self.port.to_sentence_view(json.dumps(texts, ensure_ascii=False))

        self.link.call("line", [self.result, self.system, int(line)], opened)

    def export(self, what: str, fmt: str) -> None:
        """An export of the result shown, downloaded (nothing before a result)."""
        if self.result is not None:
            self.link.call(
                "export",
                [self.result, str(what), str(fmt), self.lang],
                lambda out: self.port.download(out["filename"], out["mime"], out["text"]),
            )

    # --- a reload ----------------------------------------------------------------------------

    def restore(self) -> None:
        """Give back what the tab kept (:class:`bleu2.page.corpus.keep.CorpusKeep`): the
        settings, the pasted boxes, the pasted texts added as files (loaded again), the mode;
        the files that must be given again are named."""
        kept = self.keep.restore(self.lang)
        if kept is None:
            return
        for role, count in kept["pasted_counts"].items():
            self.pasted[role] = max(self.pasted.get(role, 0), count)
        for role, name, text in kept["texts"]:
            self._load_text(role, text, name=name)
        self.show_mode(kept["mode"])


def start(port: CorpusPort, lang: str, offline: bool, tab: TabStore | None = None) -> CorpusControl:
    """The controller of the page (``port``: :class:`bleu2.page.protocol.CorpusSide`;
    ``lang``: the page's language; ``offline``: no worker to ask for), showing sentence mode, or what the tab's storage ``tab`` kept from
    before a reload."""
    control = CorpusControl(port, lang=lang, offline=offline, tab=tab)
    control.show_mode("sentence")
    control.restore()
    return control
