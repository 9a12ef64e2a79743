"""Page glue (runs in Pyodide through PyScript): read the page, call bleu2, write the page.

Every decision is made in :mod:`bleu2.page` (pure functions, tested in CPython); this file
reads the DOM, wires events and hands their results to ``static/paint.js`` (``window.bleu2Paint``,
``textContent``/``setAttribute`` only). Long texts are measured in the worker (bleu2.page.live)."""

import json
import sys
import traceback

from js import document, window  # Pyodide's own FFI: no need to import the pyscript package
from pyodide.ffi import create_once_callable, create_proxy

from bleu2.page import boxes, breakdown, chart, compare, corpus_control, embed, explain, export, guide, i18n, live, options_form, share, startup, tab_storage, updates
from bleu2.page.screen import Screen

DEFERRED_MS = 150
KINDS = ("reference", "candidate")


def _el(element_id):
    return document.getElementById(element_id)


def _none(value):
    """JavaScript null (Pyodide's ``jsnull``) or Python None."""
    return value is None or type(value).__name__ == "JsNull"


def _storage(method, *args):
    """sessionStorage.<method>(*args): (value or None, None), or (None, why the browser refused)."""
    return tuple(json.loads(str(window.bleu2Paint.storage(method, *args))))


class App:
    def __init__(self):
        self.lang = i18n.DEFAULT_LANGUAGE
        self.options = dict(options_form.DEFAULT_OPTIONS)
        self.valid_options = dict(self.options)  # the last options the engine accepted
        self.selected = 0
        self.comparison = self.view = self.labels = None  # labels: bleu2.page.explain.Labels of the marks shown
        self.screen = Screen()  # what was last painted, so only changes are painted again
        self.counts = {"reference": 1, "candidate": 1}
        self.proxies, self.timer = [], None
        self.edited = False  # changed since the page started (then a share link in the URL is dropped)
        self.unsaved, self.saved_at = False, float("-inf")  # changed since the tab's storage last kept the texts (when)
        self.edits = 0  # edits so far (a packed save that ends after an edit leaves the texts unsaved)
        self.status = {}  # the status line, as data (bleu2.page.updates.status_line)
        self.notes = {}  # element id -> the message shown there, as data (updates.note_text)
        self.boxes = {"references": [], "candidates": []}  # the texts of the last render
        self.read_texts = {}  # box id -> its text when last read (paint.js's read sends the change)
        self.deferred_proxy = self._proxy(self.deferred)
        self.live = live.Live()  # long texts: measured in the worker, one request at a time
        self.answer_proxy, self.failed_proxy = self._proxy(self.on_answer), self._proxy(self.on_failed)

    # --- small helpers -------------------------------------------------------------------

    def _proxy(self, fn):
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def write(self, updates, force=False):
        """Hand the element updates that changed (all of them with ``force``) to paint.js."""
        changed = self.screen.updates(updates, force)
        if changed:
            window.bleu2Paint.set(json.dumps(changed, ensure_ascii=False))

    def paint_once(self, key, paint, data):
        """Hand ``data`` (as one JSON string) to a paint.js function when it changed."""
        text = self.screen.once(key, data)
        if text is not None:
            paint(text)

    def show_status(self, **changes):
        """Change the status line's data and show it (once the page has started)."""
        self.status.update(changes)
        if self.status.get("state"):
            self.write(updates.status_line(self.status, self.lang))

    def note(self, element_id, key, **numbers):
        """A message next to a button, kept as data so a language switch re-renders it."""
        self.notes[element_id] = {"key": key, "numbers": numbers}
        self.write(
            {element_id: {"text": updates.note_text(self.notes[element_id], self.lang), "attrs": {"data-refused": None}}},
            force=True,
        )

    def copy(self, text, element_id, key):
        """Copy ``text``; where the browser refuses, paint.js shows it selected in a box."""
        self.notes[element_id] = {"key": key}
        self.screen.forget(element_id)
        ok, refused = (updates.note_text({"key": key}, self.lang, r) for r in (False, True))
        window.bleu2Paint.copy(text, element_id, updates.COPY_AREAS[element_id], ok, refused)

    def touch(self, render=True):
        """The texts, options or selection changed: render them (kept for the tab, a share link dropped)."""
        self.edited = self.unsaved = True
        self.edits += 1
        if render:
            self.render()

    # --- boxes ---------------------------------------------------------------------------

    def textarea(self, kind, number):
        return _el(boxes.box_id(kind, number))

    def texts(self, kind):
        """The boxes' texts: each the text last read, changed as paint.js says (a keystroke copies a few characters)."""
        ids = [boxes.box_id(kind, n) for n in range(1, self.counts[kind] + 1)]
        for bid in ids:
            self.read_texts[bid] = boxes.apply_read(self.read_texts.get(bid, ""), *window.bleu2Paint.read(bid))
        return [self.read_texts[bid] for bid in ids]

    def set_box_count(self, kind, count, values=None):
        self.counts[kind] = count = max(1, count)
        ids = [boxes.box_id(kind, n) for n in range(1, count + 1)]
        window.bleu2Paint.boxes(
            kind, json.dumps(ids), None if values is None else json.dumps(values, ensure_ascii=False)
        )
        self.write(updates.box_updates(kind, count, self.lang))

    def add_box(self, kind):
        self.set_box_count(kind, self.counts[kind] + 1)
        if kind == "candidate":
            self.selected = self.counts[kind] - 1
        self.textarea(kind, self.counts[kind]).focus()
        self.touch()

    def remove_box(self, kind, number):
        values = self.texts(kind)
        if len(values) <= 1:
            return
        del values[number - 1]
        self.set_box_count(kind, len(values), values)
        if kind == "candidate":
            self.selected = boxes.selection_after_removal(self.selected, number - 1, len(values))
        self.textarea(kind, min(number, len(values))).focus()
        self.touch()

    def on_box(self, event):
        """An input event in a text box, or a click on a box's Remove button (delegated)."""
        box = boxes.box_of(str(event.target.id or ""), str(event.type))
        if box is None:
            return
        kind, number, part = box
        if part == "remove":
            return self.remove_box(kind, number)
        if kind == "candidate":
            self.selected = number - 1
        self.touch()
        if tab_storage.save_now(self.boxes, "input"):
            self.save_state()

    # --- options -------------------------------------------------------------------------

    def on_options(self, *_):
        self.write(options_form.smooth_field_updates(str(_el("opt-smoothing").value), self.lang), force=True)
        self.options = options_form.options_from_form(json.loads(str(window.bleu2Paint.optionForm())), self.lang)
        self.touch()

    def set_options(self, options):
        self.options = options_form.normalize_options(options)
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        self.touch()

    # --- language ------------------------------------------------------------------------

    def set_language(self, lang):
        """Every word of the page in ``lang``: fixed words, attributes, boxes, and the
        status line and messages re-rendered from their data (never left in the old one)."""
        self.lang = i18n.language(lang)
        document.documentElement.lang = self.lang
        self.screen.clear()
        window.bleu2Paint.translate(json.dumps(updates.page_words(self.lang), ensure_ascii=False))
        self.write(
            {
                **updates.language_updates(self.lang),
                **options_form.smooth_field_updates(str(_el("opt-smoothing").value), self.lang),
                **updates.box_updates("reference", self.counts["reference"], self.lang),
                **updates.box_updates("candidate", self.counts["candidate"], self.lang),
            }
        )
        self.show_status()
        refused = {element_id for element_id in self.notes if _el(element_id).hasAttribute("data-refused")}
        self.write(updates.notes_updates(self.notes, refused, self.lang))

    def on_language(self, *_):
        self.set_language(str(_el("lang-select").value))
        self.touch()

    # --- state: share links and the tab's storage ------------------------------------------

    def state(self):
        """The texts of the last render (every change renders at once), the last options the
        engine accepted (while a bad value is typed: the options in use) and the language."""
        return dict(self.boxes, options=self.valid_options, lang=self.lang)

    def apply_state(self, saved):
        for kind in KINDS:
            self.set_box_count(kind, len(saved[kind + "s"]), saved[kind + "s"] or [""])
        if saved.get("lang"):
            self.set_language(saved["lang"])
        self.options = dict(saved["options"])
        self.valid_options = dict(self.options)
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        self.selected = 0

    def save_state(self, *_, later=False):
        """Keep the texts for this tab with the last options the engine accepted, plain
        (written by paint.js from the boxes) or packed (tab_storage.keep_for_tab; ``later``: packed
        by the browser off this task, reported to :meth:`packed`); say when refused."""
        current = self.state()
        pack_later = None
        if later and window.bleu2Paint.canPackLater:
            edits = self.edits
            pack_later = lambda meta: window.bleu2Paint.savePacked(tab_storage.STORAGE_KEY, meta).then(  # noqa: E731
                create_once_callable(lambda error: self.packed(edits, current, str(error)))
            )
        problem = tab_storage.keep_for_tab(
            current,
            lambda meta: str(window.bleu2Paint.save(tab_storage.STORAGE_KEY, meta)) or None,
            lambda form: _storage("setItem", tab_storage.STORAGE_KEY, form)[1],
            pack_later,
        )
        _storage("setItem", tab_storage.SELECTED_KEY, str(self.selected))
        self.saved_at = window.performance.now()
        if problem != "later":
            self.saved({"problem": problem, "unsaved": problem is not None}, current)

    def packed(self, edits, saved, error):
        """A packed save (:meth:`save_state` ``later``) ended: kept, refused, or superseded by a newer save."""
        outcome = tab_storage.save_ended(error, edits, self.edits)
        if outcome is not None:
            self.saved(outcome, saved)

    def saved(self, outcome, saved):
        """What a save of ``saved`` ended in (:func:`bleu2.page.tab_storage.save_ended`'s shape)."""
        self.unsaved = outcome["unsaved"]
        if outcome["problem"] != self.status.get("storage"):
            self.show_status(storage=outcome["problem"], size=sum(map(len, saved["references"] + saved["candidates"])))

    def restore(self):
        """Start from a share link, else what this tab kept, else what was typed."""
        saved = _storage("getItem", tab_storage.STORAGE_KEY)[0]
        typed = any(v.strip() for kind in KINDS for v in self.texts(kind))
        plan = startup.restore_plan(str(window.location.hash or ""), None if saved is None else str(saved), typed)
        self.status.update(restored=plan["message"], link_error=plan["link_error"], saved_error=plan["saved_error"])
        if plan["forget_saved"]:
            _storage("removeItem", tab_storage.STORAGE_KEY)
        if plan["state"]:
            self.apply_state(plan["state"])
        self.selected = startup.kept_selection(plan, _storage("getItem", tab_storage.SELECTED_KEY)[0], self.counts["candidate"])
        return plan

    def on_share(self, *_):
        out = share.share_fragment(self.state())
        if out["too_long"]:
            _el("share-url").value = ""
            self.note("share-status", "share_too_long", length=out["length"], limit=share.MAX_CHARS)
            return
        _el("share-url").value = url = str(window.bleu2Paint.fragment(out["fragment"]))
        self.copy(url, "share-status", "share_copied")

    def on_clear(self, *_):
        for kind in KINDS:
            self.set_box_count(kind, 1, [""])
        self.selected = 0
        _storage("removeItem", tab_storage.STORAGE_KEY)
        _storage("removeItem", tab_storage.SELECTED_KEY)
        self.unsaved = False
        window.bleu2Paint.fragment("")
        _el("share-url").value = ""
        self.notes.pop("share-status", None)
        self.write({"share-status": {"text": ""}})
        self.show_status(restored=None, link_error=None, saved_error=None, storage=None)
        self.render()
        self.textarea("reference", 1).focus()

    def open_texts(self, texts_json):
        """Show one corpus line in the sentence view (called by static/corpus.js)."""
        self.apply_state(json.loads(str(texts_json)))
        self.touch()

    def on_hashchange(self, *_):
        plan = startup.restore_plan(str(window.location.hash or ""), None, False)
        self.show_status(restored=plan["message"], link_error=plan["link_error"])
        if plan["state"]:
            self.apply_state(plan["state"])
            self.edited, self.unsaved = False, True
            self.render()

    # --- export --------------------------------------------------------------------------

    def on_export(self, event):
        button = event.target.closest("button[data-format]")
        if _none(button) or self.comparison is None:
            return
        out = export.export_text(self.comparison, str(button.dataset.format), self.lang)
        if button.classList.contains("export-copy"):
            self.copy(out["text"], "export-status", out["copied"])
        else:
            window.bleu2Paint.download(out["filename"], out["mime"], out["text"])
            self.note("export-status", out["downloaded"])

    # --- rendering -----------------------------------------------------------------------

    def render(self, *_):
        """Score the boxes: here at once while short, else in the worker (bleu2.page.live)."""
        self.boxes = {"references": self.texts("reference"), "candidates": self.texts("candidate")}
        options, refused = options_form.usable_options(self.options, self.valid_options)  # bad ones: the last valid, said
        self.valid_options = dict(options)
        self.write(options_form.option_error_updates(self.options, refused, self.lang, str(_el("opt-smooth-value").value)))
        plan = self.live.plan(self.boxes, options)
        if plan == "page":
            self.show(compare.compare(self.boxes["candidates"], self.boxes["references"], **options))
        elif plan == "shown":  # a new selection or language
            self.show(self.comparison, self.live.busy)
        else:
            self.write(updates.scoring_updates(True, self.lang))
            if plan == "send":
                self.ask()

    def ask(self):
        request = self.live.send()
        if self.live.no_worker:  # the offline file: no worker can start; measured here after a pause
            return window.setTimeout(self.answer_proxy, DEFERRED_MS)
        window.bleu2Live(json.dumps(request[1])).then(self.answer_proxy, self.failed_proxy)  # corpus.js reads the texts

    def on_answer(self, answer=None):
        comp, again = self.live.answer(None if _none(answer) else str(answer), self.boxes)
        if again:
            self.ask()
        if comp is not None:
            self.show(comp, again)

    def on_failed(self, error):
        window.console.warn(f"bleu2 page: no worker ({error}); long texts are scored on the page")
        self.live.no_worker = True
        self.ask()

    def show(self, comp, busy=False):
        """Paint a comparison (``busy``: newer texts are being scored)."""
        self.comparison = comp
        self.selected = min(self.selected, len(comp["candidates"]) - 1)
        self.write(
            {
                **updates.scoring_updates(busy, self.lang),
                **options_form.options_state_updates(self.options, self.lang),
                **updates.token_updates(comp, self.lang),
            }
        )
        self.render_ranking(comp)
        v = self.view = breakdown.candidate_view(comp, self.selected, self.lang)
        self.ensure_order_rows(v["precisions"])
        self.write(updates.breakdown_updates(v, self.lang))
        self.paint_once(
            "hints",
            lambda text: window.bleu2Paint.items("hints", text),
            [[f"hint hint-{h['kind']}", h["text"], h["action"]] for h in v["hints"]],
        )
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = window.setTimeout(self.deferred_proxy, DEFERRED_MS)

    def render_ranking(self, comp):
        data = updates.ranking_paint(comp, self.selected, self.lang)
        data["rebuild"] = not self.screen.same("ranking-structure", data.pop("structure"))
        self.paint_once("ranking", window.bleu2Paint.ranking, data)

    def on_ranking_click(self, event):
        button = event.target.closest("button[data-index]")
        if _none(button):
            return
        self.selected = int(button.dataset.index)
        self.touch()  # the selection is kept for the tab
        focus = _el("ranking-body").querySelector(f'button[data-index="{self.selected}"]')
        if not _none(focus):
            focus.focus()

    def ensure_order_rows(self, precisions):
        if not self.screen.same("order-rows", (tuple(p["n"] for p in precisions), self.lang)):
            window.bleu2Paint.orderRows(json.dumps([{"n": p["n"], "name": p["name"]} for p in precisions]))
            self.screen.forget(
                *(f"p{p['n']}-{part}" for p in precisions for part in ("fraction", "value", "note", "row"))
            )

    # --- after the last edit: highlighting, chart, help, announcement, saved state ------------

    def deferred(self, *_):
        self.timer = None
        if self.comparison is None or self.view is None:
            return
        try:
            self.render_highlight(self.comparison)
            self.paint_once(
                "chart",
                lambda text: window.bleu2Paint.svg("chart", text),
                chart.bar_chart(self.comparison["candidates"][self.selected], self.lang, id_prefix="bleu2-chart"),
            )
            self.paint_once("help", window.bleu2Paint.help, guide.help_sections(self.view, self.lang))
            self.write({"score-announce": {"text": self.view["announce"]}})
            if document.documentElement.hasAttribute("data-embed"):  # ?embed: its "open in full" link
                self.write(embed.link_updates(self.state(), str(window.location.pathname), self.lang))
            if self.unsaved and tab_storage.save_now(self.boxes, "pause", window.performance.now() - self.saved_at):
                self.save_state(later=True)
            if self.edited:
                window.bleu2Paint.fragment("")
        except Exception as error:  # noqa: BLE001 - reported, never swallowed
            traceback.print_exc()
            window.console.error(f"bleu2 page: {type(error).__name__}: {error}")

    def render_highlight(self, comp):
        """The selected candidate's n-gram marks, when what they show changed (explain.MAX_TOKENS)."""
        if self.screen.same("highlight", explain.page_highlight_key(comp, self.selected, self.lang)):
            return
        data = explain.page_highlight(comp, self.selected, self.lang)
        self.labels = data["labels"]
        self.write({"hl-off": {"text": data["off"] or "", "props": {"hidden": data["off"] is None}}})
        window.bleu2Paint.highlight("hl-candidate", json.dumps(data["candidate"], ensure_ascii=False))
        window.bleu2Paint.highlight("hl-references", json.dumps(data["references"], ensure_ascii=False))

    def highlight_label(self, section_id, n, index):
        """Hover/focus text of a highlighted token (called by static/paint.js)."""
        return self.labels.label(str(section_id), n, index, self.lang) if self.labels else ""

    # --- start ---------------------------------------------------------------------------

    def start(self):
        def on(element_id, event, fn):
            _el(element_id).addEventListener(event, self._proxy(fn))

        for group in ("references", "candidates"):
            on(group, "input", self.on_box)
            on(group, "click", self.on_box)
        on("add-reference", "click", lambda e: self.add_box("reference"))
        on("add-candidate", "click", lambda e: self.add_box("candidate"))
        for control in tuple(options_form.OPTION_CHOICES) + ("opt-effective-order",):
            on(control, "change", self.on_options)
        on("opt-smooth-value", "input", self.on_options)
        on("restore-defaults", "click", lambda e: self.set_options(options_form.DEFAULT_OPTIONS))
        on("sacrebleu-defaults", "click", lambda e: self.set_options(options_form.SACREBLEU_PAGE_OPTIONS))
        on("lang-select", "change", self.on_language)
        on("ranking-body", "click", self.on_ranking_click)
        on("export", "click", self.on_export)
        on("share-button", "click", self.on_share)
        on("clear", "click", self.on_clear)
        on(
            "hints",
            "click",
            lambda e: (
                window.bleu2Corpus.take(window.JSON.parse(json.dumps(self.boxes)))
                if str(e.target.id) == "hint-corpus"
                else None
            ),
        )
        on("copy-json", "click", lambda e: self.copy(self.view["json"], "copy-status", "copied") if self.view else None)
        window.addEventListener("hashchange", self._proxy(self.on_hashchange))
        # the page is hidden or left (reload, tab closed): keep what is not kept yet
        on_hide = self._proxy(lambda e: self.save_state() if self.unsaved else None)
        window.addEventListener("pagehide", on_hide)
        document.addEventListener("visibilitychange", on_hide)
        # the language picked with the switch while Python loaded (static/boot.js), else the browser's
        chosen = document.documentElement.getAttribute("data-lang-chosen")
        languages = [str(x) for x in (window.navigator.languages or [])] or [str(window.navigator.language or "en")]
        self.set_language(str(chosen) if not _none(chosen) else i18n.pick_language(languages))
        self.write(options_form.form_updates(self.options, self.lang), force=True)
        plan = self.restore()
        self.render()
        if plan["save"]:  # typed while Python loaded: keep it for the tab now
            self.touch(render=False)
            self.save_state()


def main():
    app = App()
    try:
        app.start()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        document.documentElement.dataset.state = "error"
        app.show_status(state="error", error=f"{type(error).__name__}: {error}")
        traceback.print_exc()
        window.console.error(f"bleu2 page failed to start: {type(error).__name__}: {error}")
        return
    # What the page runs (checked by the browser tests): bleu2's modules, and argparse if loaded.
    document.documentElement.dataset.modules = " ".join(
        sorted(m for m in sys.modules if m.split(".")[0] in ("bleu2", "argparse"))
    )
    document.documentElement.dataset.state = "ready"
    app.show_status(state="ready", python=f"Python {sys.version_info.major}.{sys.version_info.minor}")
    window.bleu2App = app
    window.bleu2Label = app._proxy(app.highlight_label)
    corpus_mode = corpus_control.start(window.bleu2Corpus, create_once_callable)  # static/corpus.js binds its port
    window.bleu2Corpus.attach(app._proxy(corpus_mode.on))


main()
