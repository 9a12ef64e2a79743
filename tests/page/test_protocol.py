"""bleu2.page.protocol: both controllers driven by messages, as static/host.js drives them (CPython).

:class:`Browser` plays static/host.js over :class:`fake_port.FakePage` (the page in memory):
each event carries the boxes' changes (as static/textdiff.mjs reports them), the form, the
URL and the clock; each batch's commands are applied to the fake page in order; timers,
copies, packed saves and refused writes come back as events. Oracle: the same steps on the
same fake page driving :class:`bleu2.page.sentence.controller.SentencePage` directly (the
protocol changes nothing the page shows or keeps), and the engine's numbers.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import bleu2
from bleu2.page import i18n, protocol
from bleu2.page.protocol import PageHost
from bleu2.page.sentence import live
from fake_port import DENIED, FakePage, Tab, event, open_page, type_in


class Browser:
    """static/host.js over a :class:`FakePage`: the page's Python behind the message protocol."""

    def __init__(self, tab: Tab | None = None, in_worker: bool = True, **context: Any) -> None:
        self.dom = FakePage(tab)
        self.timers: dict[int, float] = {}
        self.queue: list[tuple[dict, Any]] = []
        self.corpus_painted: list[tuple[str, Any, str]] = []
        self.root: dict[str, str] = {}
        self.sent: list[dict] = []
        start = {
            "context": context,
            "storage": {} if self.dom.tab.denied else dict(self.dom.tab.items),
            "denied": DENIED if self.dom.tab.denied else None,
            "offline": not in_worker,
            **self.seen(),
        }
        self.host = PageHost(json.dumps(start), in_worker)
        batch = json.loads(self.host.start())
        self.reply = batch["reply"]
        self.apply(batch)
        self.drain()

    def seen(self) -> dict[str, Any]:
        boxes = {}
        for kind in ("reference", "candidate"):
            entries = []
            for box_id in self.dom.box_ids(kind):
                if box_id in self.dom.copies and self.dom.copies[box_id] == self.dom.value(box_id):
                    entries.append([box_id])  # unchanged since the page's Python had it
                else:  # the reader's copy is kept, as textdiff.mjs's
                    entries.append([box_id, *self.dom.read_box(box_id)])
            boxes[kind] = entries
        form = {
            element_id: {
                "value": c.get("value", ""),
                "checked": bool(c.get("checked")),
                "disabled": bool(c.get("disabled")),
                "type": c.get("type", "text"),
            }
            for element_id, c in self.dom.controls.items()
        }
        href = self.dom.url + self.dom.tab.hash
        return {"boxes": boxes, "form": form, "hash": self.dom.tab.hash, "href": href, "now": self.dom.clock}

    def send(self, message: dict, data: Any = None) -> Any:
        """An event, now (and what it set off, after it); its batch's reply."""
        message = {**message, **self.seen()}
        self.sent.append(message)
        batch = json.loads(self.host.event(json.dumps(message), data))
        self.apply(batch)
        self.drain()
        return batch["reply"]

    def later(self, message: dict) -> None:
        self.queue.append((message, None))

    def drain(self) -> None:
        while self.queue:
            message, data = self.queue.pop(0)
            self.send(message, data)

    def apply(self, batch: dict) -> None:
        dom = self.dom
        for name, *args in batch["commands"]:
            assert name in protocol.COMMANDS
            if name == "write":
                dom.write(args[0])
            elif name == "paint":
                dom.paint(*args)
            elif name == "corpusPaint":
                self.corpus_painted.append((args[0], json.loads(args[1]), args[2]))
            elif name == "timer":
                self.timers[args[0]] = dom.clock + args[1]
            elif name == "clearTimer":
                self.timers.pop(args[0], None)
            elif name == "boxes":
                kind, ids, values = args
                dom.set_boxes(kind, ids, values)
                for box_id in ids[: len(values or [])]:
                    dom.read_box(box_id)  # Python has these texts already
            elif name == "focus":
                dom.focus(args[0])
            elif name == "lang":
                dom.set_language(args[0])
            elif name == "log":
                dom.log(*args)
            elif name == "store":
                method, key, value = args
                reply = dom.storage(method, key, value)
                if reply.error and method == "setItem":
                    self.later({"refused": key, "error": reply.error, "size": len(value)})
            elif name == "save":
                key, meta, size = args
                error = dom.save_plain(key, meta)
                if error:
                    self.later({"refused": key, "error": error, "size": size})
            elif name == "savePacked":
                key, meta, wanted, done = args
                dom.save_packed(
                    key,
                    meta,
                    lambda wanted=wanted: self.send({"call": wanted}),
                    lambda error, done=done: self.later({"call": done, "args": [error]}),
                )
            elif name == "fragment":
                dom.set_fragment(args[0])
            elif name == "copy":
                text, area, done = args
                dom.copy(text, area, lambda ok, done=done: self.later({"call": done, "args": [ok]}))
            elif name == "download":
                dom.download(*args)
            elif name == "root":
                self.root.update(args[0])
        self.idle = batch["idle"]

    def advance(self, ms: float) -> None:
        """Let ``ms`` milliseconds pass: the timers due fire, in order, each an event."""
        end = self.dom.clock + ms
        while True:
            due = sorted((at, n) for n, at in self.timers.items() if at <= end)
            if not due:
                break
            at, n = due[0]
            del self.timers[n]
            self.dom.clock = max(self.dom.clock, at)
            self.send({"timer": n})
        self.dom.clock = end

    def type_in(self, box_id: str, text: str) -> None:
        self.dom.set_value(box_id, text)
        self.send({"sentence": "on_box", "event": event("input", box_id)})

    def on(self, method: str, **kwargs: Any) -> None:
        self.send({"sentence": method, "event": event(**kwargs)})


def same_page(a: FakePage, b: FakePage) -> None:
    assert a.elements == b.elements
    assert a.painted == b.painted
    assert a.tab.items == b.tab.items
    assert a.values == b.values
    assert a.lang == b.lang
    assert [x for x in a.logs if x[0] == "error"] == [] == [x for x in b.logs if x[0] == "error"]


def test_start_replies_ready_with_the_events_to_wire():
    browser = Browser()
    assert browser.reply["ok"] and browser.reply["python"].startswith("Python 3.")
    assert ["references", "input", "on_box"] in browser.reply["events"]
    assert set(browser.reply) == {"ok", "python", "events"}
    assert browser.dom.text("status-text").startswith("Ready")
    painted = [(name, data) for name, data, _ in browser.corpus_painted]  # corpus mode started too
    assert painted[:2] == [("root", {"data-corpus-backend": "worker"}), ("mode", "sentence")]


def test_typing_shows_what_the_controller_driven_directly_shows():
    """The same keystrokes, pause, option change and click: the same page, the same storage."""
    direct, page = open_page()
    browser = Browser()
    for typing in (lambda b, t: type_in(direct, page, b, t), browser.type_in):
        typing("reference", "the cat is on the mat")
        typing("candidate", "the cat sat on the mat")
    direct.advance(200)
    browser.advance(200)
    same_page(direct, browser.dom)
    score = bleu2.sentence_bleu("the cat sat on the mat", "the cat is on the mat").score
    assert browser.dom.text("score") == f"{score:.4f}"
    assert browser.idle  # the work after a pause ran
    direct.controls["opt-max-order"]["value"] = browser.dom.controls["opt-max-order"]["value"] = "1"
    page.on_options(event("change", "opt-max-order"))
    browser.on("on_options", event_type="change", target="opt-max-order")
    page.on_add(event("click", "add-candidate"))
    browser.on("on_add", event_type="click", target="add-candidate")
    direct.advance(200)
    browser.advance(200)
    same_page(direct, browser.dom)
    assert browser.dom.focused == ["#candidate-2"]


def test_a_box_emptied_is_a_change_too():
    browser = Browser()
    browser.type_in("reference", "the cat")
    browser.type_in("candidate", "the cat")
    assert browser.dom.text("score") == "1.0000"
    browser.type_in("reference", "")
    assert browser.host.page.read_texts["reference"] == ""
    assert browser.dom.text("score") == "0.0000"  # no reference left to match


def test_what_the_tab_kept_comes_back_after_a_reload():
    tab = Tab()
    browser = Browser(tab)
    browser.type_in("reference", "a b c d")
    browser.type_in("candidate", "a b c e")
    assert tab.items  # kept at once (short texts), by the page from its boxes
    again = Browser(tab)
    assert again.dom.values == {"reference": ["a b c d"], "candidate": ["a b c e"]}
    assert again.dom.text("score") == browser.dom.text("score")


def test_denied_storage_is_said_as_the_controller_says_it():
    direct, page = open_page(Tab(denied=True))
    browser = Browser(Tab(denied=True))
    type_in(direct, page, "reference", "a b")
    browser.type_in("reference", "a b")
    assert browser.host.page.status.get("storage") == page.status.get("storage") is not None
    assert browser.dom.text("status-text") == direct.text("status-text")


def test_a_write_the_browser_refuses_later_is_packed_and_then_kept():
    """The plain form did not fit (reported after the batch): the texts are packed by the
    page, kept once the controller still wants them, and the next plain save of as much is
    known to fail before it is tried."""
    tab = Tab(room=3000)
    browser = Browser(tab)
    text = " ".join(f"w{i % 97}" for i in range(700))  # about 3,400 characters: too large plain
    browser.type_in("reference", text)
    browser.type_in("candidate", text)
    browser.advance(200)
    assert browser.host.tab.limit is not None  # learned from the refusal
    assert browser.dom.packing  # the packed form is being made
    browser.dom.finish_packing()
    browser.drain()
    assert tab.items["bleu2-state"].startswith("z1.")
    assert browser.host.page.unsaved is False
    meta = json.dumps({"s": "x" * 100})  # the same texts, as much or more
    assert browser.host.port.save_plain("bleu2-state", meta) is not None  # predicted: too large


def test_share_link_and_hashchange():
    browser = Browser()
    browser.type_in("reference", "one two three")
    browser.type_in("candidate", "one two four")
    browser.on("on_share", event_type="click", target="share-button")
    url = browser.dom.prop("share-url", "value")
    assert url.startswith("http://127.0.0.1/some/sub/path/#v1.")
    assert browser.dom.clipboard_text == [url]
    assert "copied" in (browser.dom.text("share-status") or "").lower()
    other = Browser()
    other.dom.tab.hash = "#" + url.split("#", 1)[1]
    other.on("on_hashchange", event_type="hashchange")
    assert other.dom.values == {"reference": ["one two three"], "candidate": ["one two four"]}


def test_long_texts_are_measured_in_the_worker_after_the_batch_that_says_scoring():
    browser = Browser()
    long_text = "the cat sat on the mat " * (live.LIVE_CHARACTERS // 20)
    browser.dom.set_value("reference", long_text)
    browser.dom.set_value("candidate", long_text + "again")
    browser.queue.append(({"sentence": "on_box", "event": event("input", "candidate")}, None))
    message = {**browser.queue.pop()[0], **browser.seen()}
    batch = json.loads(browser.host.event(json.dumps(message)))
    browser.apply(batch)
    assert browser.dom.prop("scoring", "hidden") is False  # "scoring…", before the number
    browser.advance(0)  # the measuring, an event of its own
    expected = bleu2.sentence_bleu(long_text + "again", long_text).score
    assert browser.dom.text("score") == f"{expected:.4f}"


def test_on_the_pages_thread_long_texts_are_measured_after_a_pause():
    browser = Browser(in_worker=False)
    long_text = "a b c d e " * (live.LIVE_CHARACTERS // 8)
    browser.type_in("reference", long_text)
    browser.type_in("candidate", long_text)
    browser.advance(0)
    assert browser.dom.prop("scoring", "hidden") is False  # not measured at once
    browser.advance(500)
    assert browser.dom.text("score") == "1.0000" and browser.dom.logs == []


def test_a_copy_refused_shows_the_text_to_copy_by_hand():
    browser = Browser()
    browser.dom.clipboard = False
    browser.type_in("reference", "x y")
    browser.type_in("candidate", "x y")
    browser.advance(200)
    browser.on("on_copy_json", event_type="click", target="copy-json")
    assert browser.dom.shown_areas["json-copy-area"].startswith("{")


def test_a_tokens_label_is_asked_for_and_answered():
    browser = Browser()
    browser.type_in("reference", "the cat")
    browser.type_in("candidate", "the cat")
    browser.advance(200)
    label = browser.send({"label": ["hl-cand", 1, 0]})
    assert "the" in label and "1×" in label
    assert browser.send({"label": ["hl-ref-1", 1, 1]})


@pytest.mark.parametrize("in_worker", [True, False])
def test_corpus_mode_scores_files_in_the_worker_or_on_the_pages_thread(in_worker):
    browser = Browser(in_worker=in_worker)
    ref, sys1 = b"the cat sat on the mat\na dog ran\n", b"the cat sat on a mat\na dog ran\n"
    browser.send({"corpus": "show_mode", "args": ["corpus"]})
    browser.send({"corpus": "files_chosen", "args": ["reference", 1]})
    browser.send({"corpus": "file_read", "args": ["reference", "ref.txt"]}, ref)
    browser.send({"corpus": "files_chosen", "args": ["system", 1]})
    browser.send({"corpus": "file_read", "args": ["system", "sys.txt"]}, sys1)
    browser.advance(60_000)
    backend = "worker" if in_worker else "page"
    assert {"data-corpus-backend": backend} in [data for name, data, _ in browser.corpus_painted if name == "root"]
    results = [data for name, data, _ in browser.corpus_painted if name == "results"]
    assert results, browser.dom.text("corpus-status")
    assert browser.dom.logs == [] or all(level != "error" for level, _ in browser.dom.logs)


def test_a_corpus_line_opens_in_the_sentence_view():
    browser = Browser()
    browser.send({"corpus": "show_mode", "args": ["corpus"]})
    for role, name, text in (("reference", "r.txt", b"a b c\n"), ("system", "s.txt", b"a b d\n")):
        browser.send({"corpus": "files_chosen", "args": [role, 1]})
        browser.send({"corpus": "file_read", "args": [role, name]}, text)
    browser.advance(60_000)
    browser.send({"corpus": "open_line", "args": [0]})
    browser.advance(0)
    assert browser.dom.values == {"reference": ["a b c"], "candidate": ["a b d"]}


def test_the_sentence_views_hint_hands_the_texts_to_corpus_mode():
    browser = Browser()
    browser.type_in("reference", "a\nb\nc")
    browser.type_in("candidate", "a\nb\nd")
    browser.on("on_hint", event_type="click", target="hint-corpus")
    files = [data for name, data, _ in browser.corpus_painted if name == "files"][-1]
    assert ("mode", "corpus", "") in browser.corpus_painted
    assert [row["name"] for row in files["references"] + files["systems"]] == ["pasted reference 1", "pasted system 1"]


def test_a_language_chosen_in_the_sentence_view_is_corpus_modes_too():
    browser = Browser()
    browser.send({"corpus": "show_mode", "args": ["corpus"]})
    browser.send({"corpus": "add_pasted", "args": ["reference"]})  # an empty box: says so
    assert browser.dom.text("corpus-message") == i18n.t("en", "corpus_paste_empty_reference")
    browser.dom.controls["lang-select"]["value"] = "pt"
    browser.on("on_language", event_type="change", target="lang-select")
    assert browser.dom.lang == "pt"
    assert browser.dom.text("corpus-message") == i18n.t("pt", "corpus_paste_empty_reference")


def test_an_unknown_event_is_logged_as_an_error_and_the_page_goes_on():
    browser = Browser()
    browser.send({"sentence": "no_such_method", "event": event("click")})
    assert browser.dom.logs[-1][0] == "error" and "no_such_method" in browser.dom.logs[-1][1]
    browser.type_in("reference", "a b")
    browser.type_in("candidate", "a b")
    assert browser.dom.text("score") == "1.0000"


def test_every_event_the_page_wires_reaches_its_method_of_the_sentence_view():
    """Each (element, type, method) the start names, sent as static/host.js sends it, runs
    that method of the controller with the event's data."""
    browser = Browser()
    for _, _, method in browser.reply["events"]:
        ran: list[Any] = []
        setattr(browser.host.page, method, ran.append)  # (the instance's, over the class's)
        event = {"type": "click", "target": "x", "button": "", "data": {}}
        browser.send({"sentence": method, "event": event})
        assert ran == [event], method


def test_every_batch_says_what_to_keep_if_the_page_is_hidden_before_the_next_answer():
    tab = Tab()
    browser = Browser(tab)
    long_text = "word " * 60_000  # over SAVE_AT_ONCE_CHARS: kept after a pause, or when hidden
    browser.dom.set_value("reference", long_text)
    message = {"sentence": "on_box", "event": event("input", "reference"), **browser.seen()}
    batch = json.loads(browser.host.event(json.dumps(message)))
    key, meta, unsaved = batch["hide"]
    assert (key, unsaved) == ("bleu2-state", True)
    assert browser.dom.save_plain(key, meta) is None  # what static/host.js does on pagehide
    assert tab.items["bleu2-state"].startswith('t1.{"r":["word word')
    assert Browser(Tab(denied=True)).host.hide() is None


def test_the_metric_through_the_protocol_shows_what_the_controller_shows():
    """chrF chosen through messages: the same page as the controller driven directly, and
    sacreBLEU's chrF++ shown (the metric's table painted by ``table``)."""
    import sacrebleu

    direct, page = open_page()
    browser = Browser()
    for typing in (lambda b, t: type_in(direct, page, b, t), browser.type_in):
        typing("reference", "the cat is on the mat")
        typing("candidate", "the cat sat on the mat")
    direct.controls["opt-metric"]["value"] = browser.dom.controls["opt-metric"]["value"] = "chrf++"
    page.on_options(event("change", "opt-metric"))
    browser.on("on_options", event_type="change", target="opt-metric")
    direct.advance(200)
    browser.advance(200)
    same_page(direct, browser.dom)
    score = sacrebleu.sentence_chrf("the cat sat on the mat", ["the cat is on the mat"], word_order=2).score / 100
    assert browser.dom.text("score") == f"{score:.4f}"
    assert browser.dom.painted[("table", "metric-table")]["head"][0] == "n-grams"
