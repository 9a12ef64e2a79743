"""``CorpusControl``: every decision of corpus mode, driven through its port.

The design: docs/corpus-mode-design.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..ports import ElementUpdate, signature_chips
from ..tab_storage import TabStore
from . import compare_control
from .keep import CorpusKeep
from .port import CorpusPort, Message, event, events_of, guarded, message_text, paint, progress
from .request import job_request, request_problem
from .session import ROLES, Session

__all__ = ["DEBOUNCE_MS", "EVENTS", "PAGE", "WORKER", "Budget", "CorpusControl", "job_request", "request_problem"]

#: Milliseconds without a new change before a job starts on its own.
DEBOUNCE_MS = 300
MODES = ("sentence", "corpus")


@dataclass(frozen=True)
class Budget:
    """How a job is stepped: ``name`` (the page's ``data-corpus-backend``), ``ms`` of work
    per step and ``chunk`` lines per piece of work (:meth:`Session.start`'s)."""

    name: str
    ms: float
    chunk: int


#: In the page's worker: long steps (the page's thread stays free).
WORKER = Budget("worker", 250.0, 256)
#: On the page's own thread (the one-file offline page): short steps.
PAGE = Budget("page", 30.0, 32)


class CorpusControl:
    """Corpus mode's state and decisions (one per page). ``tab``: the sentence view's
    storage, where :class:`CorpusKeep` keeps what a reload gets back (None: nothing);
    ``to_sentence``: shows one line's texts (:meth:`Session.line`'s) in the sentence view."""

    def __init__(
        self,
        port: CorpusPort,
        session: Session | None = None,
        budget: Budget = WORKER,
        lang: str = "en",
        tab: TabStore | None = None,
        to_sentence: Callable[[Mapping[str, Any]], None] = lambda texts: None,
    ) -> None:
        self.port, self.lang, self.budget = port, i18n.language(lang), budget
        self.session = Session() if session is None else session
        self.to_sentence = to_sentence
        self.mode = "sentence"
        self.timers: dict[str, Any] = {}  # "debounce", "step" -> the port's handle
        self.reading = 0  # files and pasted texts given but not read into the session yet
        self.dirty = False  # an input changed while corpus mode was hidden
        self.job: int | None = None  # the running job
        self.result: int | None = None  # the result shown
        self.system = self.page = 0  # the per-sentence table's system and page
        self.pasted = dict.fromkeys(ROLES, 0)
        self.status: Message | None = None  # #corpus-status: progress, cancelled, why nothing runs
        self.message: Message | None = None  # #corpus-message: what reading a file ended in
        self.stale = False  # the result shown is for inputs that changed since
        self.listed: list[int] = []  # the ids of the files listed
        self.keep = CorpusKeep(port, tab)  # what a reload gets back
        self.compare = compare_control.CompareControl(port, self.session, budget.ms, lambda: self.lang)
        paint(self.port, "root", {"data-corpus-backend": budget.name})

    def on(self, name: str, *args: Any) -> None:
        """One event from the glue, by name (:data:`EVENTS`), with its arguments."""
        if name not in EVENTS:
            raise ValueError(f"unknown corpus event {name!r}")
        getattr(self.compare if name in compare_control.EVENTS else self, name)(*args)

    # --- the page ------------------------------------------------------------------------------

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
        self.port.write({"corpus-cancel": {"props": {"disabled": fraction is None}}, **progress("corpus", fraction)})

    def _mark_stale(self, stale: bool) -> None:
        """Mark the result shown as no longer matching the inputs (or as matching them)."""
        stale = self.stale = stale and self.result is not None
        text = i18n.t(self.lang, "corpus_stale") if stale else ""
        line: ElementUpdate = {"text": text, "props": {"hidden": not stale}}
        self.port.write({"corpus-results": {"classes": {"stale": stale}}, "corpus-stale": line})

    def _call_failed(self, why: str) -> None:
        self.job = None
        self._running(None)
        self._show({"key": "corpus_call_failed", "params": {"error": why}})

    @event
    def show_mode(self, mode: str) -> None:
        """Show ``mode``; a change made while corpus mode was hidden is scheduled once shown."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        paint(self.port, "mode", mode)
        self.mode = mode
        self.keep.mode(mode)
        if mode == "corpus" and self.dirty:
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
        self._refresh(changed=False)
        self._render()
        self.compare.render()

    # --- files ---------------------------------------------------------------------------------

    @event
    def files_chosen(self, role: str, count: int) -> None:
        """``count`` files were given for ``role``: no job starts until they are read."""
        self.reading += int(count)
        self._clear("debounce")
        self._say(None)

    @event
    def file_read(self, role: str, name: str, data: Any) -> None:
        """A file's bytes (or a JavaScript ``Uint8Array``), read into the session."""
        raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
        self._load(str(role), str(name), lambda: self.session.load(str(role), str(name), raw))

    @event
    def file_failed(self, role: str, name: str, why: str) -> None:
        """A file of :meth:`files_chosen` could not be read (the browser's error)."""
        self._unread(name, why)

    def _unread(self, name: str, why: str) -> None:
        self.reading -= 1
        self._say({"key": "corpus_read_failed", "params": {"name": str(name), "error": str(why)}})
        self._refresh()

    def _load(self, role: str, name: str, load: Callable[[], Any], text: str | None = None, area: str = "") -> None:
        """Read a file or pasted ``text`` (from box ``area``) into the session: listed and kept, or refused."""
        out = guarded(lambda why: self._unread(name, why), load)
        if out is None:
            return
        self.reading -= 1
        if not out["ok"]:
            self._say(out["message"])
            self.keep.settled(role, name)
        else:
            self.keep.loaded(out["file"]["id"], role, name, text)
            if area:  # emptied, unless more was typed meanwhile (kept)
                now = self.port.read_value(area)
                if now == text:
                    self.port.write({area: {"props": {"value": ""}}})
                self.keep.paste("" if now == text else now, role)
        self._refresh()

    def _load_text(self, role: str, text: str, area: str = "", name: str | None = None) -> None:
        if name is None:
            self.pasted[role] += 1
            kind = i18n.t(self.lang, f"corpus_kind_{role}")
            name = i18n.t(self.lang, "corpus_pasted_name", kind=kind, number=self.pasted[role])
        self.files_chosen(role, 1)
        self._load(role, name, lambda: self.session.load_text(role, str(name), text), text, area)

    @event
    def add_pasted(self, role: str) -> None:
        """The "Add as a file" button of ``role``: its box's text becomes a file."""
        area = f"corpus-{role}s-paste"
        text = self.port.read_value(area)
        if text.strip():
            self._load_text(role, text, area)
        else:
            self._say({"key": f"corpus_paste_empty_{role}"})

    @event
    def paste_changed(self, role: str) -> None:
        """A pasted-text box was edited: kept for a reload."""
        self.keep.paste(self.port.read_value(f"corpus-{role}s-paste"), str(role))

    def take(self, boxes: Mapping[str, list[str]]) -> None:
        """The sentence view's ``{"references", "candidates"}`` texts as files (blank ones left out)."""
        self.show_mode("corpus")
        for role, kind in (("reference", "references"), ("system", "candidates")):
            for text in boxes.get(kind, []):
                if text.strip():
                    self._load_text(role, text)

    @event
    def remove(self, file_id: int) -> None:
        """A file's Remove button: a job running on the files stops at once."""
        self.cancel()
        self.keep.removed(int(file_id))
        self.session.remove(int(file_id))
        self._refresh()

    def _refresh(self, changed: bool = True) -> None:
        """Paint the file lists; ``changed``: the files changed (stop or schedule a job)."""
        kept = self.port.read_value("corpus-baseline")
        view = self.session.files_view(self.lang)
        ids = [str(row["id"]) for row in view["systems"]]
        baseline = kept if kept in ids else (ids[0] if ids else "")
        paint(self.port, "files", {"references": view["references"], "systems": view["systems"], "baseline": baseline})
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

    # --- jobs ----------------------------------------------------------------------------------

    def schedule(self) -> None:
        """An input changed: score after :data:`DEBOUNCE_MS` once every file is read and the mode shown."""
        self.compare.cancel()
        if self.mode != "corpus":
            self.dirty = True
            return
        self._clear("debounce")
        if not self.reading:
            self._after("debounce", DEBOUNCE_MS, self.score)

    @event
    def inputs_changed(self) -> None:
        """The test, resamples, seed or baseline changed: the result shown is stale."""
        self.keep.fields({name: self.port.read_value(f"corpus-{name}") for name in ("test", "n", "seed")})
        self._mark_stale(True)
        self.schedule()

    @event
    def options_changed(self) -> None:
        """The options form changed: a result shown or a job running is scored again."""
        if self.result is not None or self.job is not None:
            self._mark_stale(True)
            self.schedule()

    @event
    def score(self) -> None:
        """Score now (the Score button, or after the pause): a running job is replaced."""
        self._clear("debounce")
        self.cancel()
        self._show(None)
        fields = {name: self.port.read_value(f"corpus-{name}") for name in ("test", "n", "seed", "baseline")}
        request = job_request(fields, self.port.read_options(self.lang), self.lang, self.budget.chunk)
        problem = request_problem(request, fields)
        if problem is not None:  # nothing runs on a refused value; the result shown is not for it
            self._mark_stale(True)
            self._show(problem)
            return
        out = guarded(self._call_failed, lambda: self.session.start(request))
        if out is None:
            return
        if not out["ok"]:
            self._show(out["message"])
            return
        job = self.job = out["job"]
        self._running(0.0)
        self._after("step", 0, lambda: self._step(job))

    def _step(self, job: int) -> None:
        out = guarded(self._call_failed, lambda: self.session.step(job, self.budget.ms))
        if out is None:
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
        self.compare.start(self.result)  # two systems or more: the Compare view

    @event
    def cancel(self) -> None:
        """Stop the running job (the Cancel button; or its files changed); the last result stays."""
        job, self.job = self.job, None
        self._clear("step")
        self._running(None)
        self.compare.cancel()
        if job is not None:
            self.session.cancel(job)
            self._show({"key": "corpus_cancelled"})

    # --- the result ----------------------------------------------------------------------------

    @event
    def show_system(self, index: int) -> None:
        self.system, self.page = int(index), 0
        self._render()

    @event
    def sort_changed(self) -> None:
        self.page = 0
        self._render()

    @event
    def page_step(self, delta: int) -> None:
        self.page += int(delta)
        self._render()

    def _render(self) -> None:
        """Paint the result's view (system, order, page)."""
        if self.result is None:
            return
        sort = self.port.read_value("corpus-sort")
        view = self.session.view(
            self.result, {"lang": self.lang, "system": self.system, "sort": sort, "page": self.page}
        )
        page = view["sentences"]
        self.page = page["page"]
        self.port.write(
            {
                "corpus-results": {"props": {"hidden": False}},
                # a word a span, so that a flag ("--paired-bs") never breaks at its hyphens (static/style.css)
                "corpus-note": {"chips": {"items": view["table"]["note"].split(" "), "sep": " ", "class": "word"}},
                "corpus-signature": {"chips": signature_chips(view["signature"])},  # breaks only after a "|"
                "corpus-json": {"text": view["json"]},
                "corpus-page-label": {"text": page["label"]},
                "corpus-sentences-caption": {"text": page["caption"]},
                "corpus-prev": {"props": {"disabled": page["page"] <= 0}},
                "corpus-next": {"props": {"disabled": page["page"] >= page["pages"] - 1}},
            }
        )
        results = {"table": view["table"], "systems": view["system_names"], "system": self.system}
        paint(self.port, "results", dict(results, sentences=page))
        paint(self.port, "svg", view["histogram"], "corpus-histogram")
        paint(self.port, "help", view["help"])

    @event
    def open_line(self, line: int) -> None:
        """A line of the per-sentence table, in the sentence view."""
        if self.result is not None:
            texts = self.session.line(self.result, self.system, int(line))
            self.show_mode("sentence")
            self.to_sentence(texts)

    @event
    def export(self, what: str, fmt: str) -> None:
        """An export of the result shown, downloaded (nothing before a result)."""
        if self.result is not None:
            out = self.session.export(self.result, str(what), str(fmt), self.lang)
            self.port.download(out["filename"], out["mime"], out["text"])

    # --- start and a reload --------------------------------------------------------------------

    def start(self) -> None:
        """Show sentence mode, or what the tab kept from before a reload (:class:`CorpusKeep`)."""
        self.show_mode("sentence")
        kept = self.keep.restore(self.lang)
        if kept is None:
            return
        for role, count in kept["pasted_counts"].items():
            self.pasted[role] = max(self.pasted.get(role, 0), count)
        for role, name, text in kept["texts"]:
            self._load_text(role, text, name=name)
        self.show_mode(kept["mode"])


#: The events the glue reports (:meth:`CorpusControl.on`), with the Compare view's.
EVENTS = events_of(CorpusControl) | compare_control.EVENTS
