"""The page as messages: both rooms' controllers driven by events in, command batches out.

The page's Python (the sentence view's :class:`bleu2.page.sentence.controller.SentencePage`
and corpus mode's :class:`bleu2.page.corpus.controller.CorpusControl`) runs wherever a
:class:`PageHost` is: in the page's PyScript worker when the page is served, or on the
page's thread in the one-file offline page. Either way the page's JavaScript
(``static/host.js``) talks to it the same way, asynchronously only (no
``SharedArrayBuffer``: hosts like GitHub Pages send no cross-origin-isolation headers):

- **start** (:meth:`PageHost.start`): the page as it is (:data:`Start`: the context, the
  tab's storage as a mirror, the form, the boxes), answered by the first batch;
- **events** (:meth:`PageHost.event`): JSON objects, each carrying what the controllers
  read (:data:`Seen`: the boxes' changes since the last event, ``static/textdiff.mjs``'s;
  the form's values; ``location``'s hash and href; ``now``), and one of
  ``{"sentence": method, "event": EventData}``, ``{"corpus": name, "args": [...]}`` (a
  file's bytes beside the JSON), ``{"timer": id}``, ``{"call": id, "args": [...]}`` (an
  async completion: a copy, a packed save, naming the callback's id) or
  ``{"refused": key, "error", "size"}`` (a storage write the browser refused);
- **batches**: ``{"commands": [[name, ...args], ...], "reply": value, "idle": bool,
  "hide": [key, meta JSON, unsaved] or null}``, applied in order by ``static/host.js``
  (:data:`COMMANDS`); ``idle``: the work after a pause has run; ``hide``: the plain save
  the page makes itself, at once, when it is hidden or left while the texts are not kept
  (``unsaved``) or an event is unanswered (the worker's answer would come too late). Text is painted with ``textContent`` only.

:class:`Recorder` is both rooms' port (:class:`bleu2.page.sentence.port.SentencePort`, and
:class:`bleu2.page.corpus.port.CorpusPort` through :class:`CorpusSide`): reads are served
from what the last event carried, writes become commands, callbacks get ids. Standard
library only; tested in CPython (``tests/page/test_protocol.py``).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from .ports import PageContext, StorageReply, Updates
from .tab_storage import storage_problem, tab_meta

__all__ = ["COMMANDS", "CorpusSide", "PageHost", "Recorder"]

#: The commands of a batch, each ``[name, *args]``: element updates; a sentence painter
#: (``static/paint.js``) or a corpus one (``static/corpus.js``) with its JSON text and
#: target; timers set and cleared by id (``soon``: a 0 ms one that continues this answer); the boxes of a kind; focus; ``<html lang>``; the
#: console; ``sessionStorage`` writes (``store``: setItem/removeItem; ``save``: the plain
#: form from the boxes; ``savePacked``: the packed one, asking callback ``wanted`` before it
#: keeps it and reporting to ``done``); the URL's fragment; a copy (reported to ``done``); a
#: download; ``<html>`` attributes (``root``).
COMMANDS = (
    "write", "paint", "corpusPaint", "timer", "soon", "clearTimer", "boxes", "focus", "lang", "log", "store", "save",
    "savePacked", "fragment", "copy", "download", "root",
)  # fmt: skip


class Recorder:
    """The sentence view's port, as commands (:data:`COMMANDS`) and a mirror of the page.

    ``in_worker``: the host runs in the page's worker, so long texts are measured here
    (after the batch that says "scoring…") and corpus mode's session is this thread's;
    on the page's thread there is no worker (long texts are measured after a pause)."""

    def __init__(self, start: Mapping[str, Any], in_worker: bool) -> None:
        self.in_worker = in_worker
        self.commands: list[list[Any]] = []
        self.callbacks: dict[int, Callable[..., Any]] = {}
        self.timers: dict[int, Callable[[], None]] = {}
        self.next_id = 1
        self.items: dict[str, str] = dict(start.get("storage") or {})  # sessionStorage, as this page wrote it
        self.sizes = {k: len(v) for k, v in self.items.items()}  # its lengths (a plain save's text is the page's)
        self.denied: str | None = start.get("denied")  # sessionStorage refused at start: why
        self.limit: int | None = None  # characters the browser refused to keep (learned)
        self.can_pack_later = bool(start.get("can_pack_later", True))
        self.texts: dict[str, str] = {}  # box id -> its text, as the page reported it
        self.fresh: set[str] = set()  # boxes changed since the controller read them
        self.ids: dict[str, list[str]] = {"reference": ["reference"], "candidate": ["candidate"]}
        self.form: dict[str, dict[str, Any]] = {}  # control id -> {value, checked, disabled, type}
        self.hash, self.href, self.clock = "", "", 0.0
        self.take: Callable[[Mapping[str, list[str]]], None] | None = None  # corpus mode's "take"
        self.see(start)

    # --- what an event carries --------------------------------------------------------------

    def see(self, seen: Mapping[str, Any]) -> None:
        """Take in what the page reports with an event (:data:`Seen`)."""
        for kind, boxes in (seen.get("boxes") or {}).items():
            self.ids[kind] = [box[0] for box in boxes]
            for box in boxes:
                if len(box) > 1:
                    from .sentence.boxes import apply_read

                    self.texts[box[0]] = apply_read(self.texts.get(box[0], ""), *box[1:])
                    self.fresh.add(box[0])
        for element_id, control in (seen.get("form") or {}).items():
            self.form[element_id] = dict(control)
        self.hash = str(seen.get("hash", self.hash))
        self.href = str(seen.get("href", self.href))
        self.clock = float(seen.get("now", self.clock))

    def _send(self, *command: Any) -> None:
        self.commands.append(list(command))

    def _id(self, fn: Callable[..., Any]) -> int:
        n, self.next_id = self.next_id, self.next_id + 1
        self.callbacks[n] = fn
        return n

    def soon(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` in an event of its own, after this batch is applied: the rest of this
        answer (a 0 ms timer the page counts as part of it)."""
        n, self.next_id = self.next_id, self.next_id + 1
        self.timers[n] = fn
        self._send("soon", n)

    def batch(self, reply: Any = None, idle: bool = True, hide: list[Any] | None = None) -> str:
        """The commands so far as a batch (and none kept)."""
        commands, self.commands = self.commands, []
        return json.dumps({"commands": commands, "reply": reply, "idle": idle, "hide": hide}, ensure_ascii=False)

    # --- elements and document ----------------------------------------------------------------

    def write(self, updates: Updates) -> None:
        for element_id, spec in updates.items():
            if element_id in self.form:  # what the controller reads back is what it wrote
                props = spec.get("props", {})
                self.form[element_id].update({k: props[k] for k in ("value", "checked", "disabled") if k in props})
        self._send("write", updates)

    def paint(self, painter: str, data_json: str, target: str = "") -> None:
        self._send("paint", painter, data_json, target)

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

    def focus(self, selector: str) -> None:
        self._send("focus", selector)

    def set_language(self, lang: str) -> None:
        self._send("lang", lang)

    def log(self, level: str, message: str) -> None:
        self._send("log", level, message)

    # --- the boxes ----------------------------------------------------------------------------

    def read_box(self, box_id: str) -> Any:
        from .sentence.port import Change

        text = self.texts.get(box_id, "")
        if box_id in self.fresh:  # the whole text, no copy made: this thread holds it already
            self.fresh.discard(box_id)
            return Change(0, 0, text, len(text))
        return Change(len(text), 0, "", len(text))

    def set_boxes(self, kind: str, ids: list[str], values: list[str] | None) -> None:
        self.ids[kind] = list(ids)
        for box_id, value in zip(ids, values or [], strict=False):
            self.texts[box_id] = value
            self.fresh.add(box_id)
        self._send("boxes", kind, ids, values)

    def to_corpus(self, boxes: Mapping[str, list[str]]) -> None:
        take = self.take
        if take is not None:
            self.soon(lambda: take(boxes))

    # --- timers and clock ---------------------------------------------------------------------

    def set_timer(self, ms: float, callback: Callable[[], None]) -> int:
        n, self.next_id = self.next_id, self.next_id + 1
        self.timers[n] = callback
        self._send("timer", n, ms)
        return n

    def clear_timer(self, handle: Any) -> None:
        if self.timers.pop(handle, None) is not None:
            self._send("clearTimer", handle)

    def now(self) -> float:
        return self.clock

    # --- the tab's storage: a mirror, written by commands ---------------------------------------

    def _size(self, key: str, value_chars: int) -> int:
        return value_chars + len(key) + sum(len(k) + n for k, n in self.sizes.items() if k != key)

    def _predict(self, key: str, value_chars: int) -> str | None:
        """The browser's answer to a write, as far as this side can tell: denied at start,
        or at least as large as a write it refused (``QuotaExceededError``)."""
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
            self._send("store", "removeItem", key, "")
            return StorageReply(None, None)
        error = self._predict(key, len(value))
        if error is None:
            self.items[key], self.sizes[key] = value, len(value)
            self._send("store", "setItem", key, value)
        return StorageReply(None, error)

    def plain_size(self, meta_json: str) -> int:
        """The plain form's length (``"t1." + {r, c, ...meta}``), close to the page's count."""
        texts = [self.texts.get(i, "") for kind in ("reference", "candidate") for i in self.ids[kind]]
        return 12 + len(meta_json) + sum(len(t) + 3 for t in texts)

    def save_plain(self, key: str, meta_json: str) -> str | None:
        size = self.plain_size(meta_json)
        error = self._predict(key, size)
        if error is None:
            self.items.pop(key, None)  # the page holds the text; only its length counts here
            self.sizes[key] = size
            self._send("save", key, meta_json, size)
        return error

    def save_packed(self, key: str, meta_json: str, wanted: Callable[[], bool], done: Callable[[str], None]) -> None:
        self._send("savePacked", key, meta_json, self._id(wanted), self._id(done))

    def refused(self, key: str, error: str, size: int) -> None:
        """The page's browser refused a write (``size`` characters) this side thought it kept."""
        if storage_problem(error) == "full":
            total = self._size(key, size)
            self.limit = total if self.limit is None else min(self.limit, total)
        self.items.pop(key, None)
        self.sizes.pop(key, None)

    # --- URL, copies, downloads, worker ----------------------------------------------------------

    def location_hash(self) -> str:
        return self.hash

    def set_fragment(self, fragment: str) -> str:
        before = self.href
        base = before.split("#", 1)[0]
        self.hash = "#" + fragment if fragment else ""
        self.href = base + self.hash
        self._send("fragment", fragment)
        return before

    def copy(self, text: str, area_id: str, done: Callable[[bool], None]) -> None:
        self._send("copy", text, area_id, self._id(done))

    def download(self, filename: str, mime: str, text: str) -> None:
        self._send("download", filename, mime, text)

    def measure(self, options: Mapping[str, Any], done: Callable[[str], None], failed: Callable[[str], None]) -> None:
        if not self.in_worker:
            self.soon(lambda: failed("no worker: the page runs on its own thread"))
            return
        boxes = {kind: [self.texts.get(i, "") for i in self.ids[kind]] for kind in ("reference", "candidate")}

        def run() -> None:
            from .sentence import compare, live

            done(live.pack(compare.measure(boxes["candidate"], boxes["reference"], **dict(options))))

        self.set_timer(0, run)  # a timer, not part of the answer: the page shows "scoring…" meanwhile


class CorpusSide:
    """Corpus mode's port (:class:`bleu2.page.corpus.port.CorpusPort`) over the same
    :class:`Recorder`: its painters are ``static/corpus.js``'s, its session this thread's."""

    def __init__(self, recorder: Recorder, open_texts: Callable[[str], None], session: Any = None) -> None:
        self.recorder, self.open_texts = recorder, open_texts
        self.session: Any = session  # the session of this thread (made when first asked for)

    def write(self, updates: Updates) -> None:
        self.recorder.write(updates)

    def paint(self, painter: str, data_json: str, target: str = "") -> None:
        self.recorder._send("corpusPaint", painter, data_json, target)

    def read_value(self, element_id: str) -> str:
        return self.recorder.read_value(element_id)

    def read_options(self) -> dict[str, Any]:
        from .options_form import FIELDS

        return self.recorder.read_form(FIELDS)

    def set_timer(self, ms: float, callback: Callable[[], None]) -> int:
        return self.recorder.set_timer(ms, callback)

    def clear_timer(self, handle: Any) -> None:
        self.recorder.clear_timer(handle)

    def download(self, filename: str, mime: str, text: str) -> None:
        self.recorder.download(filename, mime, text)

    def start_worker(self, ready: Callable[[], None], failed: Callable[[str], None]) -> None:
        if not self.recorder.in_worker:
            self.recorder.soon(lambda: failed("no worker: the page runs on its own thread"))
            return
        if self.session is None:
            from .corpus.session import Session

            self.session = Session()  # this thread is the worker
        self.recorder.soon(ready)

    def session_call(
        self, method: str, args_json: str, data: Any, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        from .corpus.backend import call_here

        self.recorder.soon(lambda: call_here(self.session, method, args_json, data, done, failed))

    def to_sentence_view(self, texts_json: str) -> None:
        self.recorder.soon(lambda: self.open_texts(texts_json))


class PageHost:
    """Both controllers of one page, driven by events (:meth:`event`) into batches.

    Args:
        start_json: the page at start (:data:`Start`): ``context`` (the fields of
            :class:`bleu2.page.ports.PageContext`), ``storage`` ({key: value} of
            ``sessionStorage``) and ``denied`` (why it is refused, or null),
            ``can_pack_later``, ``offline``, plus what an event carries (:data:`Seen`).
        in_worker: the host runs in the page's worker (else on the page's thread).
        session: corpus mode's session in the worker (made when first asked for when None).
    """

    def __init__(self, start_json: str, in_worker: bool, session: Any = None) -> None:
        from .corpus import controller as corpus_control
        from .sentence.controller import SentencePage

        start = json.loads(start_json)
        self.recorder = Recorder(start, in_worker)
        self.page = SentencePage(self.recorder, PageContext(**start.get("context", {})))
        self.corpus_side = CorpusSide(self.recorder, self.page.open_texts, session)
        self.offline = bool(start.get("offline")) or not in_worker
        self.corpus: Any = None
        self._corpus_start = corpus_control.start
        self.failed: str | None = None

    def start(self) -> str:
        """Start both controllers: the first batch (``reply``: {"ok", "error", "python",
        "events"}: the events the page wires, ``SentencePage``'s :data:`EVENTS`)."""
        from .sentence.controller import EVENTS

        try:
            self.page.start()
        except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
            self.failed = f"{type(error).__name__}: {error}"
            self.page.failed(self.failed)
            traceback.print_exc()
            self.recorder.log("error", f"bleu2 page failed to start: {self.failed}")
            return self.recorder.batch({"ok": False, "error": self.failed})
        python = f"Python {sys.version_info.major}.{sys.version_info.minor}"
        self.page.ready(python)
        lang = self.page.lang
        self.corpus = self._corpus_start(self.corpus_side, lang, self.offline, self.page.tab)
        self.recorder.take = lambda boxes: self.corpus.on("take", json.dumps(boxes))
        reply = {"ok": True, "python": python, "events": [list(e) for e in EVENTS]}
        return self.recorder.batch(reply, self.idle(), self.hide())

    def idle(self) -> bool:
        """No work after a pause is pending (the sentence view's deferred work has run)."""
        return self.page.timer is None

    def event(self, event_json: str, data: Any = None) -> str:
        """One event from the page (:data:`Seen` plus what it is); its batch."""
        event = json.loads(event_json)
        self.recorder.see(event)
        reply: Any = None
        try:
            reply = self._dispatch(event, data)
        except Exception as error:  # noqa: BLE001 - a bug: reported to the console, the tests fail on it
            self.recorder.log("error", f"bleu2 page: {type(error).__name__}: {error}\n{traceback.format_exc()}")
        return self.recorder.batch(reply, self.idle(), self.hide())

    def hide(self) -> list[Any] | None:
        """The plain save (key, meta JSON, whether the texts are not kept yet) the page makes
        at once when it is hidden or left while they are not, or while an event is still
        unanswered (``on_hide``'s, made before its answer); None where storage is denied."""
        page = self.page
        if self.recorder.denied is not None:
            return None
        return [page.tab.keys["state"], json.dumps(tab_meta(page.page_state()), ensure_ascii=False), page.unsaved]

    def _dispatch(self, event: dict[str, Any], data: Any) -> Any:
        rec = self.recorder
        if "sentence" in event:
            from .sentence.controller import EVENTS

            method = str(event["sentence"])
            if method not in {m for _, _, m in EVENTS} | {"open_texts"}:
                raise ValueError(f"unknown sentence event {method!r}")
            getattr(self.page, method)(event.get("event"))
        elif "corpus" in event:
            args = list(event.get("args", []))
            if data is not None:
                args.append(data)
            self.corpus.on(str(event["corpus"]), *args)
        elif "timer" in event:
            callback = rec.timers.pop(int(event["timer"]), None)
            if callback is not None:
                callback()
        elif "call" in event:
            fn = rec.callbacks.pop(int(event["call"]), None)
            if fn is not None:
                return fn(*event.get("args", []))
        elif "refused" in event:
            self._refused(str(event["refused"]), str(event.get("error", "")), int(event.get("size", 0)))
        elif "label" in event:
            section, n, index = event["label"]
            return self.page.highlight_label(str(section), int(n), int(index))
        return None

    def _refused(self, key: str, error: str, size: int) -> None:
        """A write the browser refused after this side took it as kept: the texts are
        unsaved again, the page says so, and the next save packs them (too large) or not."""
        self.recorder.refused(key, error, size)
        page = self.page
        if key == page.tab.keys["state"]:
            page.saved({"problem": storage_problem(error), "unsaved": True}, page.page_state())
            if storage_problem(error) == "full":
                page.save_state(later=True)
