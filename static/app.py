"""Page glue (Pyodide, PyScript): binds :mod:`bleu2.page.sentence.port` to the DOM (static/paint.js, storage.js),
wires the events :mod:`bleu2.page.sentence.controller` names and starts it; every decision is the controller's."""

import json
import sys
import traceback

from corpus_glue import GluePort
from pyodide.ffi import create_once_callable, create_proxy

from bleu2.page.corpus import controller as corpus_control
from bleu2.page.options_form import FIELDS
from bleu2.page.ports import PageContext, StorageReply
from bleu2.page.sentence.controller import EVENTS, SentencePage
from bleu2.page.sentence.port import Change
from js import JSON, document, window  # Pyodide's own FFI: no need to import the pyscript package

PAINT, STORE = window.bleu2Paint, window.bleu2Storage
_proxies = {}  # Python callable -> its JavaScript function, made once (a timer's callback is reused)


def _none(value):  # JavaScript null (Pyodide's jsnull) or Python None
    return value is None or type(value).__name__ == "JsNull"


def proxy(fn):
    return _proxies[fn] if fn in _proxies else _proxies.setdefault(fn, create_proxy(fn))


class DomPort:  # bleu2.page.sentence.port.SentencePort on the page
    can_pack_later = bool(STORE.canPackLater)

    def write(self, updates):
        PAINT.set(json.dumps(updates, ensure_ascii=False))

    def paint(self, painter, data_json, target=""):
        fn = getattr(PAINT, painter)
        fn(target, data_json) if target else fn(data_json)

    def read_value(self, element_id):
        return "" if _none(element := document.getElementById(element_id)) else str(element.value)

    def read_form(self, fields):
        return json.loads(str(PAINT.optionForm(json.dumps(fields))))

    def focus(self, selector):
        if not _none(element := document.querySelector(selector)):
            element.focus()

    def set_language(self, lang):
        document.documentElement.lang = lang

    def log(self, level, message):
        getattr(window.console, level)(message)

    def read_box(self, box_id):
        return Change(*PAINT.read(box_id))

    def set_boxes(self, kind, ids, values):
        PAINT.boxes(kind, json.dumps(ids), None if values is None else json.dumps(values, ensure_ascii=False))

    def to_corpus(self, boxes):
        window.bleu2Corpus.take(JSON.parse(json.dumps(boxes)))

    def set_timer(self, ms, callback):
        return window.setTimeout(proxy(callback), ms)

    def clear_timer(self, handle):
        window.clearTimeout(handle)

    def now(self):
        return window.performance.now()

    def storage(self, method, key, value=""):
        return StorageReply(*json.loads(str(STORE.storage(method, key, value))))

    def save_plain(self, key, meta_json):
        return str(STORE.save(key, meta_json)) or None

    def save_packed(self, key, meta_json, wanted, done):
        STORE.savePacked(key, meta_json, create_once_callable(wanted)).then(create_once_callable(done))

    def location_hash(self):
        return str(window.location.hash or "")

    def set_fragment(self, fragment):
        return str(PAINT.fragment(fragment))

    def copy(self, text, area_id, done):
        PAINT.copy(text, area_id).then(create_once_callable(done))

    def download(self, filename, mime, text):
        PAINT.download(filename, mime, text)

    def measure(self, options, done, failed):
        window.bleu2Live(json.dumps(options)).then(proxy(done), proxy(failed))


def event_data(event):
    """:class:`bleu2.page.sentence.port.EventData` of a DOM event."""
    target = event.target
    button = target.closest("button") if hasattr(target, "closest") else None
    found = not _none(button)
    return {
        "type": str(event.type),
        "target": str(getattr(target, "id", "") or ""),
        "button": str(button.id or "") if found else "",
        "data": json.loads(str(JSON.stringify(button.dataset))) if found else {},
    }


def context():
    html, nav = document.documentElement, window.navigator
    chosen = html.getAttribute("data-lang-chosen")  # picked with the switch while Python loaded (boot.js)
    embedded = bool(html.hasAttribute("data-embed"))
    return PageContext(
        languages=[str(x) for x in (nav.languages or [])] or [str(nav.language or "en")],
        chosen_language=None if _none(chosen) else str(chosen),
        embed=embedded,
        pathname=str(window.location.pathname),
        **(json.loads(str(STORE.frame())) if embedded else {}),  # what tells this embed from others
    )


def main():
    html = document.documentElement
    PAINT.optionFields = JSON.parse(json.dumps(FIELDS))  # corpus mode reads the form by the same map
    page = SentencePage(DomPort(), context())
    try:
        for element_id, event, method in EVENTS:
            target = {"window": window, "document": document}.get(element_id) or document.getElementById(element_id)
            handler = getattr(page, method)
            target.addEventListener(event, create_proxy(lambda e, handler=handler: handler(event_data(e))))
        page.start()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        html.dataset.state = "error"
        page.failed(f"{type(error).__name__}: {error}")
        traceback.print_exc()
        window.console.error(f"bleu2 page failed to start: {type(error).__name__}: {error}")
        return
    # What the page runs (checked by the browser tests): bleu2's modules, and argparse if loaded.
    html.dataset.modules = " ".join(sorted(m for m in sys.modules if m.split(".")[0] in ("bleu2", "argparse")))
    html.dataset.state = "ready"
    page.ready(f"Python {sys.version_info.major}.{sys.version_info.minor}")
    window.bleu2App = page
    window.bleu2Label = create_proxy(page.highlight_label)
    glue = window.bleu2Corpus  # corpus.js binds its port
    port = GluePort(glue.port, create_once_callable)
    corpus_mode = corpus_control.start(port, str(glue.lang()), bool(glue.offline), page.tab)
    window.bleu2Corpus.attach(create_proxy(corpus_mode.on))


main()
