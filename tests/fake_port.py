"""The one fake browser of the page's CPython tests: both rooms' ports
(:class:`bleu2.page.sentence.port.SentencePort`, :class:`bleu2.page.corpus.port.CorpusPort`).

:class:`FakePage` keeps what a browser would: the text boxes' values, the elements' text,
properties, attributes and classes as written, what was painted, the form's controls, the
tab's storage (with a quota, or denied), the URL's fragment, timers on a clock the test
moves, copies and downloads. Nothing here decides: it only records and replays, so the
tests check the controllers' decisions; ``tests/page/test_protocol.py`` plays
``static/host.js`` over it.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from bleu2.page.options_form import FIELDS
from bleu2.page.ports import StorageReply
from bleu2.page.sentence import metric_form
from bleu2.page.sentence.port import Change, EventData

#: The form's controls as index.html has them before Python runs.
CONTROLS = {
    "opt-max-order": {"value": "2"},
    "opt-smoothing": {"value": "add-1"},
    "opt-smooth-value": {"value": "", "disabled": True},
    "opt-tokenizer": {"value": "default"},
    "opt-lowercase": {"value": "auto"},
    "opt-empty-references": {"value": "ignore"},
    "opt-effective-order": {"checked": False, "type": "checkbox"},
    "opt-ref-length": {"value": "closest"},
    "opt-rstrip": {"checked": False, "type": "checkbox"},
    "opt-preset": {"value": "defaults"},
    "opt-metric": {"value": "bleu"},
    "lang-select": {"value": "en"},
    "corpus-test": {"value": "none"},
    "corpus-n": {"value": "0"},
    "corpus-seed": {"value": "12345"},
    "corpus-baseline": {"value": ""},
    "corpus-sort": {"value": "worst"},
}

QUOTA = "QuotaExceededError Setting the value of 'bleu2-state' exceeded the quota."
DENIED = "SecurityError Failed to read the 'sessionStorage' property from 'Window': Access is denied"


def event(event_type: str, target: str = "", button: str = "", **data: str) -> EventData:
    """An :class:`~bleu2.page.sentence.port.EventData`."""
    return {"type": event_type, "target": target, "button": button, "data": dict(data)}


@dataclass
class Tab:
    """What survives a reload: the tab's storage (and the URL)."""

    items: dict[str, str] = field(default_factory=dict)
    room: int | None = None  # characters the browser keeps in all (None: no limit)
    denied: bool = False
    hash: str = ""


class FakePage:
    """:class:`bleu2.page.sentence.port.SentencePort` over an in-memory page."""

    def __init__(self, tab: Tab | None = None, boxes: dict[str, list[str]] | None = None) -> None:
        self.tab = tab or Tab()
        typed = boxes or {}
        self.values = {
            kind: list(typed.get(kind + "s", [""])) for kind in ("reference", "candidate")
        }  # the boxes' values, in order
        self.copies: dict[str, str] = {}  # what the controller last read of each box
        self.box_writes: list[tuple[str, list[str]]] = []  # the texts written into the boxes, by kind
        self.elements: dict[str, dict[str, Any]] = {}
        self.controls = {k: dict(v) for k, v in CONTROLS.items()}
        self.painted: dict[tuple[str, str], Any] = {}  # (painter, target) -> the last data
        self.paints: dict[str, list[Any]] = {}  # painter -> every data it got ([target, data] with a target)
        self.paint_log: list[tuple[str, str]] = []
        self.focused: list[str] = []
        self.lang = None
        self.logs: list[tuple[str, str]] = []
        self.clock = 0.0
        self.timers: dict[int, tuple[float, Any]] = {}
        self.next_timer = 1
        self.packing: list[tuple[str, str, Any, Any]] = []
        self.clipboard = True
        self.clipboard_text: list[str] = []
        self.shown_areas: dict[str, str] = {}
        self.downloads: list[tuple[str, str, str]] = []
        self.in_worker = True  # False: the page's Python on the page's thread (the one-file page)
        self.url = "http://127.0.0.1/some/sub/path/"

    # --- elements ------------------------------------------------------------------------

    def write(self, updates):
        for element_id, spec in json.loads(json.dumps(updates)).items():  # as JSON crosses to JavaScript
            element = self.elements.setdefault(element_id, {"attrs": {}, "props": {}, "classes": {}})
            if "text" in spec:
                element["text"] = spec["text"]
            if "chips" in spec:
                element["chips"] = spec["chips"]
            element["attrs"].update(spec.get("attrs", {}))
            element["props"].update(spec.get("props", {}))
            element["classes"].update(spec.get("classes", {}))
            if element_id in self.controls:
                self.controls[element_id].update(spec.get("props", {}))

    def text(self, element_id: str) -> str | None:
        return self.elements.get(element_id, {}).get("text")

    def prop(self, element_id: str, name: str) -> Any:
        return self.elements.get(element_id, {}).get("props", {}).get(name)

    def paint(self, painter, data_json, target=""):
        data = json.loads(data_json)
        if painter == "insert":  # the controls it builds join the form, as static/paint.js's do
            self._add_controls(data["elements"])
        self.painted[(painter, target)] = data
        self.paints.setdefault(painter, []).append([target, data] if target else data)
        self.paint_log.append((painter, target))

    def _add_controls(self, elements: list[Any]) -> None:
        for spec in elements:
            if not isinstance(spec, dict):
                continue
            attrs = spec.get("attrs", {})
            if spec.get("tag") == "input":
                kind = attrs.get("type", "text")
                self.controls[attrs["id"]] = {"type": kind, "checked": False} if kind == "checkbox" else {"value": ""}
            elif spec.get("tag") == "select":
                self.controls[attrs["id"]] = {"value": spec["children"][0]["attrs"]["value"]}
            self._add_controls(spec.get("children", []))

    def last(self, painter: str) -> Any:
        """What ``painter`` painted last."""
        return self.paints[painter][-1]

    def read_value(self, element_id):
        return str(self.controls.get(element_id, {}).get("value", ""))

    def set(self, element_id: str, value: str) -> None:
        """A person sets a control's (or a text area's) value."""
        self.controls.setdefault(element_id, {})["value"] = value

    def read_options(self, lang="en"):
        fields = self.read_form(FIELDS)
        return fields | {"metric_options": metric_form.read_options(self, str(fields["metric"]), None, lang)}

    def read_form(self, fields):
        out: dict[str, Any] = {}
        for name, element_id in fields.items():
            control = self.controls[element_id]
            out[name] = control["checked"] if control.get("type") == "checkbox" else control["value"]
            out[name + "_enabled"] = not control.get("disabled", False)
        return out

    def focus(self, selector):
        self.focused.append(selector)

    def set_language(self, lang):
        self.lang = lang

    def log(self, level, message):
        self.logs.append((level, message))

    # --- the text boxes ------------------------------------------------------------------

    def box_ids(self, kind: str) -> list[str]:
        return [kind if n == 1 else f"{kind}-{n}" for n in range(1, len(self.values[kind]) + 1)]

    def value(self, box_id: str) -> str:
        kind = box_id.split("-")[0]
        return self.values[kind][self.box_ids(kind).index(box_id)]

    def set_value(self, box_id: str, text: str) -> None:
        kind = box_id.split("-")[0]
        self.values[kind][self.box_ids(kind).index(box_id)] = text

    def read_box(self, box_id):
        """The change since the last read, as static/textdiff.mjs reports it (code points)."""
        new, old = self.value(box_id), self.copies.get(box_id, "")
        p = 0
        while p < min(len(new), len(old)) and new[p] == old[p]:
            p += 1
        s = 0
        while s < min(len(new), len(old)) - p and new[len(new) - 1 - s] == old[len(old) - 1 - s]:
            s += 1
        self.copies[box_id] = new
        return Change(p, s, new[p : len(new) - s], len(new))

    def set_boxes(self, kind, ids, values):
        if values is not None:
            self.box_writes.append((kind, list(values)))
        have = self.values[kind]
        self.values[kind] = (have + [""] * len(ids))[: len(ids)]
        for i, text in enumerate(values or []):
            self.values[kind][i] = text

    # --- timers and clock ------------------------------------------------------------------

    def set_timer(self, ms, callback):
        handle = self.next_timer
        self.next_timer += 1
        self.timers[handle] = (self.clock + ms, callback)
        return handle

    def clear_timer(self, handle):
        self.timers.pop(handle, None)

    def now(self):
        return self.clock

    @property
    def delays(self) -> list[float]:
        """The timers pending, by the milliseconds left."""
        return sorted(at - self.clock for at, _ in self.timers.values())

    def fire(self, ms: float) -> None:
        """Let the one timer ``ms`` milliseconds away fire now (the clock stays)."""
        handles = [h for h, (at, _) in self.timers.items() if at - self.clock == ms]
        assert len(handles) == 1, (ms, self.delays)
        self.timers.pop(handles[0])[1]()

    def advance(self, ms: float) -> None:
        """Let ``ms`` milliseconds pass, running the timers due, in order."""
        end = self.clock + ms
        while True:
            due = [(at, h) for h, (at, _) in self.timers.items() if at <= end]
            if not due:
                break
            at, handle = min(due)
            self.clock = max(self.clock, at)
            _, callback = self.timers.pop(handle)
            callback()
        self.clock = end

    # --- storage ---------------------------------------------------------------------------

    def _keep(self, key: str, text: str) -> str | None:
        if self.tab.denied:
            return DENIED
        others = sum(len(v) for k, v in self.tab.items.items() if k != key)
        if self.tab.room is not None and others + len(text) > self.tab.room:
            return QUOTA
        self.tab.items[key] = text
        return None

    def storage(self, method, key, value=""):
        if self.tab.denied:
            return StorageReply(None, DENIED)
        if method == "getItem":
            return StorageReply(self.tab.items.get(key), None)
        if method == "removeItem":
            self.tab.items.pop(key, None)
            return StorageReply(None, None)
        return StorageReply(None, self._keep(key, value))

    def _json(self, meta_json: str) -> str:
        data = {"r": list(self.values["reference"]), "c": list(self.values["candidate"]), **json.loads(meta_json)}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def save_plain(self, key, meta_json):
        return self._keep(key, "t1." + self._json(meta_json))

    def save_packed(self, key, meta_json, wanted, done):
        self.packing.append((key, self._json(meta_json), wanted, done))

    def finish_packing(self) -> None:
        """The browser ends the packed saves under way (each: kept only if still wanted)."""
        packing, self.packing = self.packing, []
        for key, text, wanted, done in packing:
            packed = "z1." + zlib.compress(text.encode("utf-8", "surrogatepass"), 1).decode("latin-1")
            done("superseded" if not wanted() else (self._keep(key, packed) or ""))

    # --- the URL -----------------------------------------------------------------------------

    def location_hash(self):
        return self.tab.hash

    def set_fragment(self, fragment):
        before = self.url + self.tab.hash  # location.href before the change
        self.tab.hash = "#" + fragment if fragment else ""
        return before

    # --- copies and downloads --------------------------------------------------------------------

    def copy(self, text, area_id, done):
        if self.clipboard:
            self.clipboard_text.append(text)
            self.shown_areas.pop(area_id, None)
        else:
            self.shown_areas[area_id] = text
        done(self.clipboard)

    def download(self, filename, mime, text):
        self.downloads.append((filename, mime, text))


def open_page(
    tab: Tab | None = None,
    boxes: dict[str, list[str]] | None = None,
    controls: dict[str, Any] | None = None,
    **context: Any,
):
    """A page started on ``tab`` (what survived a reload) with ``boxes`` typed and the form's
    ``controls`` ({element id: value}) changed while Python loaded: ``(port, controller)``."""
    from bleu2.page.ports import PageContext
    from bleu2.page.sentence.controller import SentencePage

    port = FakePage(tab, boxes)
    for element_id, value in (controls or {}).items():
        port.controls[element_id]["checked" if port.controls[element_id].get("type") == "checkbox" else "value"] = value
    page = SentencePage(port, PageContext(**context))
    page.start()
    page.ready("Python 3.11")
    return port, page


def type_in(port: FakePage, page: Any, box_id: str, text: str) -> None:
    """Set a box's text as a keystroke or paste does (one input event)."""
    port.set_value(box_id, text)
    page.on_box(event("input", box_id))


def set_control(port: FakePage, page: Any, element_id: str, value: Any, handler: str = "on_options") -> None:
    """Change an option's control as a person does (its change or input event, handled by
    the controller's ``handler``: the preset list's is ``on_preset``)."""
    key = "checked" if port.controls[element_id].get("type") == "checkbox" else "value"
    port.controls[element_id][key] = value
    getattr(page, handler)(event("input" if element_id == "opt-smooth-value" else "change", element_id))
