"""``SentencePage``: every decision of the sentence view, driven through its port.

:class:`SentencePage` owns the page's state (texts as last read, options, language,
selection, what is saved for the tab, what is shown) and decides what happens on each
event: which candidate is selected, when a render scores on the page or in the worker
(:class:`bleu2.page.sentence.live.Live`), every view of a result in one batch, what a pause does
(the spoken score, a long text's peers table, saving, dropping a share link from the URL), Clear and Undo (:mod:`bleu2.page.sentence.clearing`), what a
``hashchange`` or a hidden page means, what the page starts from. It reads and writes the
page only through its port (:class:`bleu2.page.sentence.port.SentencePort`): in the page
:mod:`bleu2.page.protocol` makes it of messages (``static/host.js`` applies them), the tests bind a fake (``tests/page/test_controller*.py``). Design:
``docs/architecture-page.md``.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Mapping
from typing import Any, cast

from .. import embed, i18n, options_form, tab_storage
from ..options_form import FIELDS, PRESET_FIELD
from ..ports import PageContext
from ..share import MAX_CHARS, PageState, share_fragment, share_url
from ..tab_storage import SaveOutcome
from . import example, explain, export, live, metric_form, startup, updates
from .boxes import KINDS, apply_read, box_id, box_ids, box_of, selection_after_removal
from .breakdown import CandidateView
from .candidates import Comparison
from .clearing import Clearing
from .metric_types import MetricView
from .peers_view import PeersPanel
from .port import EventData, SentencePort
from .rendering import DEFERRED_MS, Rendering
from .screen import Screen
from .startup import RestorePlan
from .updates import Status, StatusNote

__all__ = ["DEFERRED_MS", "EMBED_READY_SHOWN_MS", "EVENTS", "SentencePage"]

#: An embed's "Ready (Python …)." is shown (and announced) this long, then the status line empties.
EMBED_READY_SHOWN_MS = 3000

#: The events the glue wires: ``(element id, event type, method of SentencePage)``;
#: ``"window"`` and ``"document"`` name those objects. Each method takes an
#: :class:`~bleu2.page.sentence.port.EventData`.
EVENTS: tuple[tuple[str, str, str], ...] = (
    ("references", "input", "on_box"),
    ("references", "click", "on_box"),
    ("candidates", "input", "on_box"),
    ("candidates", "click", "on_box"),
    ("add-reference", "click", "on_add"),
    ("add-candidate", "click", "on_add"),
    *((element_id, event, "on_options") for element_id, event in options_form.CONTROLS.items()),
    *((button, "click", "on_preset") for button in options_form.PRESETS),
    (PRESET_FIELD, "change", "on_preset"),
    (metric_form.FORM_ID, "input", "on_metric_options"),
    ("lang-select", "change", "on_language"),
    ("ranking-body", "click", "on_ranking_click"),
    ("export", "click", "on_export"),
    ("share-button", "click", "on_share"),
    ("clear", "click", "on_clear"),
    ("clear-undo", "click", "on_undo"),
    ("clear-example", "click", "on_clear_example"),
    ("hints", "click", "on_hint"),
    ("copy-json", "click", "on_copy_json"),
    ("window", "hashchange", "on_hashchange"),
    ("window", "pagehide", "on_hide"),
    ("document", "visibilitychange", "on_hide"),
)


class SentencePage(Rendering):
    """The sentence view, driven through ``port``; ``context``: what the page is at start (its painting:
    :class:`~bleu2.page.sentence.rendering.Rendering`)."""

    def __init__(self, port: SentencePort, context: PageContext | None = None) -> None:
        self.port = port
        self.context = context or PageContext()
        self.tab = tab_storage.TabStore(port, tab_storage.storage_keys(self.context))  # what the tab keeps
        self.lang = i18n.DEFAULT_LANGUAGE
        self.options: dict[str, Any] = dict(options_form.DEFAULT_OPTIONS)  # as read from the form (may be refused)
        self.valid_options: dict[str, Any] = dict(self.options)  # the last options the engine accepted
        self.selected = 0
        self.comparison: Comparison | None = None
        self.view: CandidateView | None = None
        self.metric_view: MetricView | None = None  # the selected candidate under chrF or TER (None: BLEU)
        self.labels: explain.Labels | None = None  # the labels of the marks shown
        self.screen = Screen()  # what was last painted, so only changes are painted again
        self.metric_values_due = True  # the metric's options form is to show self.options
        self.counts = {"reference": 1, "candidate": 1}
        self.timer: Any = None  # the pending deferred work (None: it ran)
        self.edited = False  # changed since the page started (then a share link in the URL is dropped)
        self.unsaved, self.saved_at = False, float("-inf")  # not kept for the tab since (when) it last was
        self.edits = 0  # edits so far (a packed save that ends after an edit leaves the texts unsaved)
        self.status: Status = {"embed": self.context.embed}  # the status line, as data
        self.notes: dict[str, StatusNote] = {}  # element id -> the message shown there, as data
        self.boxes: dict[str, list[str]] = {"references": [], "candidates": []}  # the texts of the last render
        self.read_texts: dict[str, str] = {}  # box id -> its text when last read
        self.live = live.Live()  # long texts: measured in the worker, one request at a time
        self.peers = PeersPanel()  # the candidate shown under every preset
        self.clearing = Clearing(self)  # Clear and Undo, and what Undo brings back (until the next edit)
        self.example = False  # the boxes hold the seed's example (never kept for the tab until edited)
        #: hands the boxes' texts to corpus mode (the many-lines hint's button; set by the page's host)
        self.to_corpus: Callable[[Mapping[str, list[str]]], None] = lambda boxes: None

    def show_status(self, **changes: Any) -> None:
        """Change the status line's data and show it (once the page has started)."""
        self.status.update(cast(Status, changes))
        if self.status.get("state"):
            self.write(updates.status_line(self.status, self.lang))

    def note(self, element_id: str, key: str, **numbers: int) -> None:
        """A message next to a button, kept as data so a language switch re-renders it."""
        note = self.notes[element_id] = {"key": key, "numbers": numbers}
        self.write({element_id: {"text": updates.note_text(note, self.lang)}}, force=True)

    def drop_note(self, element_id: str) -> bool:
        """Forget the message kept for ``element_id`` (its element is left as it is); whether there was one."""
        return self.notes.pop(element_id, None) is not None

    def copy(self, text: str, element_id: str, key: str) -> None:
        """Copy ``text`` and say so next to the button; where the browser refuses, the port
        shows the text selected in a box, and the message says to copy it by hand."""
        note: StatusNote = {"key": key}
        self.notes[element_id] = note

        def done(copied: bool) -> None:
            note["refused"] = not copied
            if self.notes.get(element_id) is note:
                self.write({element_id: {"text": updates.note_text(note, self.lang, not copied)}}, force=True)

        self.port.copy(text, updates.COPY_AREAS[element_id], done)

    def touch(self, render: bool = True, edit: bool = True) -> None:
        """The texts, options or selection changed (``edit``: Clear's Undo goes; else the
        language), or Clear ran: render (kept for the tab, a share link dropped)."""
        self.edited = self.unsaved = True
        self.edits += 1
        if edit:
            self.clearing.forget()
        if render:
            self.render()

    # --- boxes ---------------------------------------------------------------------------

    def texts(self, kind: str) -> list[str]:
        """The boxes' texts: each the text last read, changed as the port reports."""
        ids = box_ids(kind, self.counts[kind])
        for bid in ids:
            self.read_texts[bid] = apply_read(self.read_texts.get(bid, ""), *self.port.read_box(bid))
        return [self.read_texts[bid] for bid in ids]

    def set_box_count(self, kind: str, count: int, values: list[str] | None = None) -> None:
        self.counts[kind] = count = max(1, count)
        self.port.set_boxes(kind, box_ids(kind, count), values)
        self.write(updates.box_updates(kind, count, self.lang))

    def add_box(self, kind: str) -> None:
        """Add a box of ``kind``; a new candidate is selected."""
        self.drop_example()
        self.set_box_count(kind, self.counts[kind] + 1)
        if kind == "candidate":
            self.selected = self.counts[kind] - 1
        self.port.focus("#" + box_id(kind, self.counts[kind]))
        self.touch()

    def remove_box(self, kind: str, number: int) -> None:
        """Remove box ``number`` (1-based; never the last one); the selection stays on its candidate."""
        values = self.texts(kind)
        if len(values) <= 1:
            return
        del values[number - 1]
        self.drop_example()
        self.set_box_count(kind, len(values), values)
        if kind == "candidate":
            self.selected = selection_after_removal(self.selected, number - 1, len(values))
        self.port.focus("#" + box_id(kind, min(number, len(values))))
        self.touch()

    def on_box(self, event: EventData) -> None:
        """Typing in a box selects its candidate (and saves at once while the texts are
        short); a click on a box's Remove button removes it."""
        box = box_of(event["target"], event["type"])
        if box is None:
            return
        kind, number, part = box
        if part == "remove":
            return self.remove_box(kind, number)
        if kind == "candidate":
            self.selected = number - 1
        self.drop_example()  # typed into: the texts are the person's
        self.touch()
        if tab_storage.save_now(self.boxes, "input"):
            self.save_state()

    def on_add(self, event: EventData) -> None:
        self.add_box((event["button"] or event["target"]).removeprefix("add-"))

    # --- options and language ------------------------------------------------------------

    def on_options(self, event: EventData | None = None) -> None:
        """A control of the options form: another metric starts from its own defaults."""
        self.write(options_form.smooth_field_updates(self.port.read_value(FIELDS["smoothing"]), self.lang), force=True)
        options = options_form.options_from_form(self.port.read_form(FIELDS), self.lang)
        if options["metric"] == self.options["metric"]:
            options["metric_options"] = self.options.get("metric_options") or {}
        self.options, self.metric_values_due = options, True
        self.touch()

    def on_metric_options(self, event: EventData) -> None:
        """A control of the metric's own form (:mod:`bleu2.page.metric_form`): its preset list, or a setting."""
        metric, own = self.options["metric"], self.options.get("metric_options") or {}
        if event["target"] == metric_form.PRESET_ID:
            preset = metric_form.preset_options(metric, self.port.read_value(metric_form.PRESET_ID))
            if preset is None:  # "custom": the list shows the options' preset again
                return self.write(metric_form.preset_updates(metric, own), force=True)
            return self.set_options({**self.options, "metric": preset.metric, "metric_options": dict(preset.options)})
        self.options = {**self.options, "metric_options": metric_form.read_options(self.port, metric, own, self.lang)}
        self.touch()

    def on_preset(self, event: EventData) -> None:
        """A button of options or the preset list ("custom": the list shows the options' preset again)."""
        options = options_form.preset_options(event["button"] or event["target"], self.port.read_value(PRESET_FIELD))
        if options is None:
            return self.write(options_form.options_state_updates(self.options, self.lang), force=True)
        self.set_options(options)

    def set_options(self, options: dict[str, Any]) -> None:
        self.options, self.metric_values_due = options_form.normalize_options(options), True
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        self.touch()

    def set_language(self, lang: str) -> None:
        """Every word of the page in ``lang``: fixed words, attributes, boxes, and the
        status line and messages re-rendered from their data (never left in the old one)."""
        self.lang = i18n.language(lang)
        self.port.set_language(self.lang)
        self.screen.clear()
        self.port.paint("translate", json.dumps(updates.page_words(self.lang), ensure_ascii=False))
        self.write(
            {
                **updates.language_updates(self.lang),
                **options_form.smooth_field_updates(self.port.read_value(FIELDS["smoothing"]), self.lang),
                **updates.box_updates("reference", self.counts["reference"], self.lang),
                **updates.box_updates("candidate", self.counts["candidate"], self.lang),
            }
        )
        self.show_status()
        self.write(example.example_updates(self.example, self.lang))
        refused = {element_id for element_id, note in self.notes.items() if note.get("refused")}
        self.write(updates.notes_updates(self.notes, refused, self.lang))

    def on_language(self, event: EventData | None = None) -> None:
        self.set_language(self.port.read_value("lang-select"))
        self.touch(edit=False)

    # --- the page's state: share links, the tab's storage, start-up ------------------------

    def page_state(self) -> PageState:
        """The texts of the last render (every change renders at once), the last options the
        engine accepted (while a bad value is typed: the options in use) and the language."""
        refs, cands = self.boxes["references"], self.boxes["candidates"]
        return {"references": refs, "candidates": cands, "options": self.valid_options, "lang": self.lang}

    def apply_state(self, saved: PageState, write_texts: bool = True) -> None:
        """Show ``saved``: its texts (unless ``write_texts`` is False: the boxes hold them already), options, language."""
        for kind in KINDS:
            texts = saved["references"] if kind == "reference" else saved["candidates"]
            self.set_box_count(kind, len(texts), (texts or [""]) if write_texts else None)
        if saved.get("lang"):
            self.set_language(str(saved["lang"]))
        self.options = dict(saved["options"])
        self.valid_options, self.metric_values_due = dict(self.options), True
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        self.selected = 0

    def save_state(self, later: bool = False) -> None:
        """Keep the texts for this tab with the last options the engine accepted, plain, or
        packed (``later``: by the port off this task, reported to :meth:`packed`); say when refused."""
        if self.example:  # the seed's example is not the person's text
            self.unsaved = False
            return
        current, edits = self.page_state(), self.edits
        problem = self.tab.keep(current, self.selected, later, lambda error: self.packed(edits, current, str(error)))
        self.saved_at = self.port.now()
        if problem != "later":
            self.saved({"problem": problem, "unsaved": problem is not None}, current)

    def packed(self, edits: int, saved: PageState, error: str) -> None:
        """A packed save ended: kept, refused, or superseded by a newer save (which decides)."""
        outcome = tab_storage.save_ended(error, edits, self.edits)
        if outcome is not None:
            self.saved(outcome, saved)

    def saved(self, outcome: SaveOutcome, saved: PageState) -> None:
        self.unsaved = outcome["unsaved"]
        problem = tab_storage.storage_notice(outcome["problem"], self.context.embed, self.edited)
        if problem != self.status.get("storage"):
            size = sum(map(len, saved["references"] + saved["candidates"]))
            self.show_status(storage=problem, size=size)

    def restore(self) -> RestorePlan:
        """Start from a share link, else what this tab kept, else what was typed (in an embed, typed text wins)."""
        saved = self.tab.get("state")
        shown = None
        if self.context.texts_shown:  # the glue showed the tab's texts (in as many boxes): they are adopted
            for kind in KINDS:
                self.counts[kind] = max(1, len(self.port.box_ids(kind)))
            shown = {kind: self.texts(kind) for kind in KINDS}
        typed = any(v.strip() for kind in KINDS for v in self.texts(kind))
        fragment = tab_storage.start_fragment(self.context, self.port.location_hash(), saved)  # an embed's own first
        plan = startup.restore_plan(fragment, saved, typed, shown)
        self.status.update(
            {"restored": plan["message"], "link_error": plan["link_error"], "saved_error": plan["saved_error"]}
        )
        if plan["forget_saved"]:
            self.tab.remove("state")
        adopt = shown is not None and plan["message"] != "link_restored"
        if plan["state"] and typed and self.context.embed and not adopt:  # typed after the reader touched it: kept
            plan["state"] = startup.with_typed(plan["state"], {kind: self.texts(kind) for kind in KINDS})
            plan["save"] = True
        if plan["state"]:
            self.apply_state(plan["state"], write_texts=not adopt)
        self.selected = startup.kept_selection(plan, self.tab.get("selected"), self.counts["candidate"])
        return plan

    def on_share(self, event: EventData | None = None) -> None:
        out = share_fragment(self.page_state())
        if out["too_long"]:
            self.write({"share-url": {"props": {"value": ""}}}, force=True)
            self.note("share-status", "share_too_long", length=out["length"], limit=MAX_CHARS)
            return
        url = share_url(self.port.set_fragment(out["fragment"] or ""), out["fragment"])
        self.write({"share-url": {"props": {"value": url}}}, force=True)
        self.copy(url, "share-status", "share_copied")

    def on_clear(self, event: EventData | None = None) -> None:
        self.drop_example()
        self.clearing.clear()  # texts emptied; options and language kept; Undo offered

    def on_undo(self, event: EventData | None = None) -> None:
        self.clearing.undo()

    def on_clear_example(self, event: EventData | None = None) -> None:
        example.clear(self)  # both boxes emptied (kept so for the tab)

    def drop_example(self) -> None:
        """The boxes no longer hold the example as such (edited or cleared): its line goes."""
        example.drop(self)

    def open_texts(self, texts: Mapping[str, Any]) -> None:
        """Show one corpus line in the sentence view (corpus mode's "open" button:
        :meth:`bleu2.page.corpus.session.Session.line`'s texts and options)."""
        self.apply_state(cast(PageState, dict(texts)))
        self.touch()

    def on_hashchange(self, event: EventData | None = None) -> None:
        """A share link pasted into the address bar: its texts are shown, not yet kept for
        the tab (unsaved) and not an edit (the link stays in the URL)."""
        plan = startup.restore_plan(self.port.location_hash(), None, False)
        self.show_status(restored=plan["message"], link_error=plan["link_error"])
        if plan["state"]:
            self.clearing.forget()
            self.apply_state(plan["state"])
            self.edited, self.unsaved = False, True
            self.render()

    def on_hide(self, event: EventData | None = None) -> None:
        """The page is hidden or left (reload, tab closed): keep what is not kept yet."""
        if self.unsaved:
            self.save_state()

    # --- export and copies -----------------------------------------------------------------

    def on_export(self, event: EventData) -> None:
        fmt = event["data"].get("format")
        if not fmt or self.comparison is None:
            return
        out = export.export_text(self.comparison, fmt, self.lang)
        if event["button"].startswith("copy-"):
            self.copy(out["text"], "export-status", out["copied"])
        else:
            self.port.download(out["filename"], out["mime"], out["text"])
            self.note("export-status", out["downloaded"])

    def on_copy_json(self, event: EventData | None = None) -> None:
        if self.metric_view is not None:
            self.copy(self.metric_view["json"], "copy-status", "copied")
        elif self.view is not None:
            self.copy(self.view["json"], "copy-status", "copied")

    def on_hint(self, event: EventData) -> None:
        if event["target"] == "hint-corpus":  # the many-lines hint's button
            self.to_corpus(self.boxes)

    def on_ranking_click(self, event: EventData) -> None:
        index = event["data"].get("index")
        if index is None or not index.isdigit():
            return
        self.selected = int(index)
        self.touch()  # the selection is kept for the tab
        self.port.focus(f'#ranking-body button[data-index="{self.selected}"]')

    # --- after a pause: the spoken score, a long text's peers table, saved state ---------------

    def deferred(self) -> None:
        """The work after the last edit: the spoken score, the peers table of long texts
        (:meth:`paint_peers`), an embed's link; a pause also keeps the texts for the tab (at
        most every so often when they are long) and drops a share link from the URL after an edit."""
        self.timer = None
        if self.comparison is None or self.view is None:
            return
        try:
            comp, v, mv = self.comparison, self.view, self.metric_view
            if mv is not None:
                self.write({"score-announce": {"text": mv["announce"]}})
            else:
                self.paint_peers(comp, now=True)
                self.write({"score-announce": {"text": v["announce"]}})
            if self.context.embed:  # ?embed: its "open in full" link
                self.write(embed.link_updates(self.page_state(), self.context.pathname, self.lang))
            waited = self.port.now() - self.saved_at
            if self.unsaved and tab_storage.save_now(self.boxes, "pause", waited):
                self.save_state(later=True)
            if self.edited and not self.context.embed:  # an embed keeps its prefill (its storage keys name it)
                self.port.set_fragment("")
        except Exception as error:  # noqa: BLE001 - reported, never swallowed
            self.port.log("error", f"bleu2 page: {type(error).__name__}: {error}\n{traceback.format_exc()}")

    # --- start ---------------------------------------------------------------------------

    def start(self) -> None:
        """The language (picked while Python loaded, else the browser's), the texts
        (:meth:`restore`), the form; options changed while Python loaded win over the tab's
        (not a link's), and they and text typed meanwhile are kept for the tab at once."""
        self.set_language(startup.start_language(self.context))
        chosen = startup.chosen_options(self.port.read_form(FIELDS), self.lang)
        plan = self.restore()
        example.offer(self, plan)
        if chosen is not None and plan["message"] != "link_restored":
            self.options = chosen
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        self.render()
        if plan["save"] or (chosen is not None and self.options is chosen):
            self.touch(render=False)
            self.save_state()

    def ready(self, python: str) -> None:
        """The page runs: the status line says so (with what it restored, or why not); in an embed only for
        :data:`EMBED_READY_SHOWN_MS`, then it says nothing but a warning or note (docs/embedding.md)."""
        self.show_status(state="ready", python=python)
        if self.context.embed:
            self.port.set_timer(EMBED_READY_SHOWN_MS, lambda: self.show_status(quiet=True))

    def failed(self, error: str) -> None:
        """The page could not start: the status line says why."""
        self.show_status(state="error", error=error)
