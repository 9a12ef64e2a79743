"""``PageHost``: both rooms' controllers driven by events in, command batches out.

In the page's worker, or on its thread offline; the messages: docs/architecture-page.md.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from .corpus.controller import PAGE, WORKER, CorpusControl
from .corpus.session import Session
from .options_form import FIELDS
from .ports import PageContext, StorageReply, Updates
from .sentence import metric_form
from .sentence.boxes import apply_read
from .sentence.controller import EVENTS, SentencePage
from .sentence.port import Change
from .tab_storage import storage_problem, tab_meta

__all__ = ["COMMANDS", "CorpusSide", "Mirror", "Outbox", "PageHost", "SentenceSide", "TabMirror"]

#: The commands of a batch, each ``[name, *args]``, applied in order by ``static/host.js``.
COMMANDS = (
    "write", "paint", "corpusPaint", "timer", "clearTimer", "boxes", "focus", "lang", "log", "store", "save",
    "savePacked", "fragment", "copy", "download", "root",
)  # fmt: skip


class Outbox:
    """The next batch's commands (:data:`COMMANDS`) and the callbacks they name by id."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []
        self.callbacks: dict[int, Callable[..., Any]] = {}
        self.next_id = 1

    def send(self, *command: Any) -> None:
        self.commands.append(list(command))

    def callback(self, fn: Callable[..., Any]) -> int:
        """An id for ``fn``, run once by :meth:`run`."""
        n, self.next_id = self.next_id, self.next_id + 1
        self.callbacks[n] = fn
        return n

    def run(self, n: int, *args: Any) -> Any:
        """Callback ``n`` with ``args`` (nothing when it ran or was dropped)."""
        fn = self.callbacks.pop(n, None)
        return None if fn is None else fn(*args)

    def batch(self, reply: Any = None, idle: bool = True, hide: list[Any] | None = None) -> str:
        """The commands so far as a batch (and none kept)."""
        commands, self.commands = self.commands, []
        return json.dumps({"commands": commands, "reply": reply, "idle": idle, "hide": hide}, ensure_ascii=False)


class Mirror:
    """What the events carried: the boxes' texts, the form's controls, the URL, the clock."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}  # box id -> its text, as the page reported it
        self.fresh: set[str] = set()  # boxes changed since the controller read them
        self.ids: dict[str, list[str]] = {"reference": ["reference"], "candidate": ["candidate"]}
        self.form: dict[str, dict[str, Any]] = {}  # control id -> {value, checked, disabled, type}
        self.hash, self.href, self.clock = "", "", 0.0

    def see(self, seen: Mapping[str, Any]) -> None:
        """Take in what the page reports with an event."""
        for kind, boxes in (seen.get("boxes") or {}).items():
            self.ids[kind] = [box[0] for box in boxes]
            for box in boxes:
                if len(box) > 1:
                    self.texts[box[0]] = apply_read(self.texts.get(box[0], ""), *box[1:])
                    self.fresh.add(box[0])
        for element_id, control in (seen.get("form") or {}).items():
            self.form[element_id] = dict(control)
        self.hash = str(seen.get("hash", self.hash))
        self.href = str(seen.get("href", self.href))
        self.clock = float(seen.get("now", self.clock))

    def boxes(self, kind: str) -> list[str]:
        """The texts of ``kind``'s boxes, in order."""
        return [self.texts.get(i, "") for i in self.ids[kind]]

    def wrote(self, updates: Updates) -> None:
        """What the controller reads back of a control is what it wrote."""
        for element_id, spec in updates.items():
            if element_id in self.form:
                props = spec.get("props", {})
                self.form[element_id].update({k: props[k] for k in ("value", "checked", "disabled") if k in props})

    def read_value(self, element_id: str) -> str:
        return str(self.form.get(element_id, {}).get("value", ""))

    def read_form(self, fields: Mapping[str, str]) -> dict[str, str | bool]:
        out: dict[str, str | bool] = {}
        for name, element_id in fields.items():
            control = self.form.get(element_id, {})
            checkbox = control.get("type") == "checkbox"
            out[name] = bool(control.get("checked")) if checkbox else str(control.get("value", ""))
            out[name + "_enabled"] = not control.get("disabled", False)
        return out


class TabMirror:
    """The tab's ``sessionStorage`` as this side wrote it, and the browser's answer predicted."""

    def __init__(self, start: Mapping[str, Any], outbox: Outbox) -> None:
        self.outbox = outbox
        self.items: dict[str, str] = dict(start.get("storage") or {})
        self.sizes = {k: len(v) for k, v in self.items.items()}  # its lengths (a plain save's text is the page's)
        self.denied: str | None = start.get("denied")  # sessionStorage refused at start: why
        self.limit: int | None = None  # characters the browser refused to keep (learned)

    def _size(self, key: str, value_chars: int) -> int:
        return value_chars + len(key) + sum(len(k) + n for k, n in self.sizes.items() if k != key)

    def predict(self, key: str, value_chars: int) -> str | None:
        """The browser's answer to a write of ``value_chars``, as far as this side can tell."""
        if self.denied is not None:
            return self.denied
        if self.limit is not None and self._size(key, value_chars) >= self.limit:
            return "QuotaExceededError (the tab's storage refused as much before)"
        return None

    def storage(self, method: Any, key: str, value: str = "") -> StorageReply:
        if self.denied is not None:
            return StorageReply(None, self.denied)
        if method == "getItem":
            return StorageReply(self.items.get(key), None)
        if method == "removeItem":
            self.items.pop(key, None)
            self.sizes.pop(key, None)
            self.outbox.send("store", "removeItem", key, "")
            return StorageReply(None, None)
        error = self.predict(key, len(value))
        if error is None:
            self.items[key], self.sizes[key] = value, len(value)
            self.outbox.send("store", "setItem", key, value)
        return StorageReply(None, error)

    def save_plain(self, key: str, meta_json: str, size: int) -> str | None:
        """The plain form (``size`` characters), written by the page from its boxes."""
        error = self.predict(key, size)
        if error is None:
            self.items.pop(key, None)  # the page holds the text; only its length counts here
            self.sizes[key] = size
            self.outbox.send("save", key, meta_json, size)
        return error

    def refused(self, key: str, error: str, size: int) -> None:
        """The browser refused a write (``size`` characters) this side thought it kept."""
        if storage_problem(error) == "full":
            total = self._size(key, size)
            self.limit = total if self.limit is None else min(self.limit, total)
        self.items.pop(key, None)
        self.sizes.pop(key, None)


class SentenceSide:
    """The sentence view's port (:class:`bleu2.page.sentence.port.SentencePort`) of commands."""

    def __init__(self, outbox: Outbox, mirror: Mirror, tab: TabMirror, in_worker: bool) -> None:
        self.outbox, self.mirror, self.tab, self.in_worker = outbox, mirror, tab, in_worker
        self.read_value, self.read_form = mirror.read_value, mirror.read_form
        self.storage, self.refused = tab.storage, tab.refused
        self.focus, self.set_language = partial(outbox.send, "focus"), partial(outbox.send, "lang")
        self.log, self.download = partial(outbox.send, "log"), partial(outbox.send, "download")

    def write(self, updates: Updates) -> None:
        self.mirror.wrote(updates)
        self.outbox.send("write", updates)

    def paint(self, painter: str, data_json: str, target: str = "") -> None:
        self.outbox.send("paint", painter, data_json, target)

    def read_box(self, box_id: str) -> Change:
        text = self.mirror.texts.get(box_id, "")
        if box_id in self.mirror.fresh:  # the whole text, no copy made: this thread holds it already
            self.mirror.fresh.discard(box_id)
            return Change(0, 0, text, len(text))
        return Change(len(text), 0, "", len(text))

    def set_boxes(self, kind: str, ids: list[str], values: list[str] | None) -> None:
        self.mirror.ids[kind] = list(ids)
        for box_id, value in zip(ids, values or [], strict=False):
            self.mirror.texts[box_id] = value
            self.mirror.fresh.add(box_id)
        self.outbox.send("boxes", kind, ids, values)

    def box_ids(self, kind: str) -> list[str]:
        return list(self.mirror.ids[kind])

    def set_timer(self, ms: float, callback: Callable[[], None]) -> int:
        n = self.outbox.callback(callback)
        self.outbox.send("timer", n, ms)
        return n

    def clear_timer(self, handle: Any) -> None:
        if self.outbox.callbacks.pop(handle, None) is not None:
            self.outbox.send("clearTimer", handle)

    def now(self) -> float:
        return self.mirror.clock

    def save_plain(self, key: str, meta_json: str) -> str | None:
        # the plain form's length ("t1." + {r, c, ...meta}), close to the page's count
        texts = self.mirror.boxes("reference") + self.mirror.boxes("candidate")
        return self.tab.save_plain(key, meta_json, 12 + len(meta_json) + sum(len(t) + 3 for t in texts))

    def save_packed(self, key: str, meta_json: str, wanted: Callable[[], bool], done: Callable[[str], None]) -> None:
        self.outbox.send("savePacked", key, meta_json, self.outbox.callback(wanted), self.outbox.callback(done))

    def location_hash(self) -> str:
        return self.mirror.hash

    def set_fragment(self, fragment: str) -> str:
        before = self.mirror.href
        self.mirror.hash = "#" + fragment if fragment else ""
        self.mirror.href = before.split("#", 1)[0] + self.mirror.hash
        self.outbox.send("fragment", fragment)
        return before

    def copy(self, text: str, area_id: str, done: Callable[[bool], None]) -> None:
        self.outbox.send("copy", text, area_id, self.outbox.callback(done))


class CorpusSide(SentenceSide):
    """Corpus mode's port (:class:`bleu2.page.corpus.port.CorpusPort`) over the same outbox and mirror."""

    def paint(self, painter: str, data_json: str, target: str = "") -> None:
        self.outbox.send("corpusPaint", painter, data_json, target)

    def read_options(self, lang: str = "en") -> dict[str, Any]:
        fields = self.mirror.read_form(FIELDS)
        return fields | {"metric_options": metric_form.read_options(self, str(fields["metric"]), None, lang)}


class PageHost:
    """Both controllers of one page; ``start_json``: ``context``, ``storage``, ``denied`` and
    what an event carries; ``in_worker``: in the page's worker (long steps of work)."""

    def __init__(self, start_json: str, in_worker: bool, session: Session | None = None) -> None:
        start = json.loads(start_json)
        self.outbox, self.mirror = Outbox(), Mirror()
        self.mirror.see(start)
        self.tab = TabMirror(start, self.outbox)
        self.port = SentenceSide(self.outbox, self.mirror, self.tab, in_worker)
        self.page = SentencePage(self.port, PageContext(**start.get("context", {})))
        self.corpus_side = CorpusSide(self.outbox, self.mirror, self.tab, in_worker)
        self.session, self.budget = session, WORKER if in_worker else PAGE
        self.corpus: CorpusControl | None = None
        self.failed: str | None = None

    def start(self) -> str:
        """Start both controllers: the first batch (``reply``: {"ok", "error", "python", "events"})."""
        try:
            self.page.start()
        except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
            self.failed = f"{type(error).__name__}: {error}"
            self.page.failed(self.failed)
            traceback.print_exc()
            self.port.log("error", f"bleu2 page failed to start: {self.failed}")
            return self.outbox.batch({"ok": False, "error": self.failed})
        python = f"Python {sys.version_info.major}.{sys.version_info.minor}"
        self.page.ready(python)
        self.corpus = CorpusControl(
            self.corpus_side, self.session, self.budget, self.page.lang, self.page.tab, self.page.open_texts
        )
        self.page.to_corpus = self.corpus.take
        self.corpus.start()
        reply = {"ok": True, "python": python, "events": [list(e) for e in EVENTS]}
        return self.outbox.batch(reply, self.idle(), self.hide())

    def idle(self) -> bool:
        """No work after a pause is pending (the sentence view's deferred work has run)."""
        return self.page.timer is None

    def event(self, event_json: str, data: Any = None) -> str:
        """One event from the page (:data:`Seen` plus what it is); its batch."""
        event = json.loads(event_json)
        self.mirror.see(event)
        reply: Any = None
        try:
            reply = self._dispatch(event, data)
            if self.corpus is not None and self.corpus.lang != self.page.lang:  # the language switch
                self.corpus.language(self.page.lang)
        except Exception as error:  # noqa: BLE001 - a bug: reported to the console, the tests fail on it
            self.port.log("error", f"bleu2 page: {type(error).__name__}: {error}\n{traceback.format_exc()}")
        return self.outbox.batch(reply, self.idle(), self.hide())

    def hide(self) -> list[Any] | None:
        """The plain save the page makes itself when hidden: [key, meta JSON, unsaved] or None."""
        page = self.page
        if self.tab.denied is not None:
            return None
        return [page.tab.keys["state"], json.dumps(tab_meta(page.page_state()), ensure_ascii=False), page.unsaved]

    def _dispatch(self, event: dict[str, Any], data: Any) -> Any:
        if "sentence" in event:
            method = str(event["sentence"])
            if method not in {m for _, _, m in EVENTS}:
                raise ValueError(f"unknown sentence event {method!r}")
            getattr(self.page, method)(event.get("event"))
        elif "corpus" in event:
            assert self.corpus is not None
            self.corpus.on(str(event["corpus"]), *event.get("args", []), *([] if data is None else [data]))
        elif "timer" in event or "call" in event:
            return self.outbox.run(int(event.get("timer", event.get("call", 0))), *event.get("args", []))
        elif "refused" in event:
            self._refused(str(event["refused"]), str(event.get("error", "")), int(event.get("size", 0)))
        elif "label" in event:
            section, n, index = event["label"]
            return self.page.highlight_label(str(section), int(n), int(index))
        return None

    def _refused(self, key: str, error: str, size: int) -> None:
        """A write the browser refused after all: the texts are unsaved again, and saved again."""
        self.tab.refused(key, error, size)
        page = self.page
        if key == page.tab.keys["state"]:
            page.saved({"problem": storage_problem(error), "unsaved": True}, page.page_state())
            if storage_problem(error) == "full":
                page.save_state(later=True)
