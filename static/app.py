"""Page glue (runs in Pyodide through PyScript): read the boxes and options, call bleu2, render.

What to show is decided by bleu2 (tested in CPython): :mod:`bleu2.compare` scores and ranks
the candidates, :mod:`bleu2.view` turns a candidate into display strings, :mod:`bleu2.explain`
says which n-grams matched, :mod:`bleu2.chart` describes the SVG chart, :mod:`bleu2.export`
and :mod:`bleu2.share` write exports, links and the tab's saved state, :mod:`bleu2.i18n`
holds every interface string. This file only copies their strings into the page with
``textContent`` (never as HTML); the bulky DOM building from plain data (highlight spans,
the SVG) is done by ``static/boot.js`` (``window.bleu2Paint``), also with ``textContent``.

Per keystroke: :func:`bleu2.compare.compare` (cached: only the edited box is re-tokenized),
the ranking table (rebuilt only when a shown value changed) and the selected candidate's
breakdown (each element written only when its text changed). Highlighting, the chart, the
screen-reader announcement and the tab's saved state follow 150 ms after the last edit.
"""

import importlib
import json
import os
import sys
import traceback

from pyodide.ffi import create_proxy
from js import document, window  # Pyodide's own FFI: no need to import the pyscript package

STORAGE_KEY = "bleu2-state"
SELECTED_KEY = "bleu2-selected"  # the selected candidate (0-based), kept next to the state
DEFERRED_MS = 150
HIGHLIGHT_MAX_ORDER = 2  # unigrams and bigrams are marked
FORMATS = {
    "json": ("export_json", "bleu2-comparison.json", "application/json"),
    "csv": ("export_csv", "bleu2-comparison.csv", "text/csv"),
    "markdown": ("export_markdown", "bleu2-comparison.md", "text/markdown"),
}


def _import_all_modules():
    """Import every module of bleu2 that the build recorded (static/bleu2-modules.json).

    A module missing from pyscript.toml's [files] (so absent from Python's file system)
    fails here, at start-up, with its file name, instead of failing later on some input.
    Returns the list of imported module names.
    """
    with open("bleu2-modules.json", encoding="utf-8") as f:
        names = json.load(f)
    files = {name: "bleu2/__init__.py" if name == "bleu2" else name.replace(".", "/") + ".py" for name in names}
    absent = [path for path in files.values() if not os.path.exists(path)]
    if absent:
        raise ImportError(
            "files of bleu2 missing from the page: " + ", ".join(absent)
            + " (list them in pyscript.toml [files] and rebuild)"
        )
    for name in names:
        importlib.import_module(name)
    return names


def _el(element_id):
    return document.getElementById(element_id)


def _none(value):
    """JavaScript null (Pyodide's ``jsnull``) or Python None."""
    return value is None or type(value).__name__ == "JsNull"


def box_id(kind, number):
    """Id of box ``number`` (1-based): ``reference``, ``reference-2``, ..."""
    return kind if number == 1 else f"{kind}-{number}"


class Box:
    """One text box (reference or candidate) and its token line."""

    def __init__(self, kind, number):
        self.kind, self.number = kind, number
        bid = box_id(kind, number)
        self.id = bid
        self.root = _el(f"{bid}-box")
        self.textarea = _el(bid)
        self.label = _el(f"{bid}-label")
        self.remove = _el(f"{bid}-remove")
        self.tokens = _el(f"{bid}-tokens")
        self.count = _el(f"{bid}-token-count")


def make_box_elements(kind, number):
    """Create the elements of box ``number`` (same structure as the first box in index.html)."""
    bid = box_id(kind, number)
    root = document.createElement("div")
    root.className = "field box"
    root.id = f"{bid}-box"
    head = document.createElement("div")
    head.className = "box-head"
    label = document.createElement("label")
    label.id = f"{bid}-label"
    label.htmlFor = bid
    remove = document.createElement("button")
    remove.type = "button"
    remove.className = "remove"
    remove.id = f"{bid}-remove"
    head.append(label, remove)
    area = document.createElement("textarea")
    area.id = bid
    area.rows = 4
    area.spellcheck = False
    area.setAttribute("autocomplete", "off")
    tokens_p = document.createElement("p")
    tokens_p.className = "tokens"
    title = document.createElement("span")
    title.className = "tokens-title"
    title.dataset.i18n = "tokens_heading"
    count = document.createElement("span")
    count.id = f"{bid}-token-count"
    tokens = document.createElement("span")
    tokens.id = f"{bid}-tokens"
    tokens.className = "token-list"
    tokens_p.append(title, " (", count, "): ", tokens)
    root.append(head, area, tokens_p)
    return root


class App:
    def __init__(self, modules):
        self.m = modules
        self.i18n = modules["i18n"]
        self.lang = "en"
        self.options = dict(modules["share"].DEFAULT_OPTIONS)
        self.valid_options = dict(self.options)  # the last options the engine accepted
        self.selected = 0
        self.comparison = None
        self.view = None
        self.shown = {}
        self.elements = {}
        self.boxes = {"reference": [Box("reference", 1)], "candidate": [Box("candidate", 1)]}
        self.proxies = []
        self.timer = None
        self.order_rows = None
        self.ranking_cells = []
        self.edited = False
        self.deferred_proxy = self._proxy(self.deferred)
        self.hl_input = None
        self.hl_data = None

    # --- small helpers -------------------------------------------------------------------

    def _proxy(self, fn):
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def t(self, key, **params):
        return self.i18n.t(self.lang, key, **params)

    def el(self, element_id):
        e = self.elements.get(element_id)
        if e is None:
            e = self.elements[element_id] = _el(element_id)
        return e

    def set_text(self, element_id, text):
        if self.shown.get(element_id) != text:
            self.el(element_id).textContent = text
            self.shown[element_id] = text

    def set_flag(self, element_id, css_class, on):
        key = (element_id, css_class)
        if self.shown.get(key) != on:
            self.el(element_id).classList.toggle(css_class, on)
            self.shown[key] = on

    # --- boxes ---------------------------------------------------------------------------

    def texts(self, kind):
        return [b.textarea.value for b in self.boxes[kind]]

    def wire_box(self, box):
        kind, number = box.kind, box.number
        box.textarea.addEventListener("input", self._proxy(lambda e: self.on_input(kind, number)))
        box.remove.addEventListener("click", self._proxy(lambda e: self.remove_box(kind, number)))

    def label_boxes(self):
        for kind, boxes in self.boxes.items():
            only = len(boxes) == 1
            for box in boxes:
                box.label.textContent = self.t(f"{kind}_label", number=box.number)
                box.remove.textContent = self.t("remove")
                box.remove.setAttribute("aria-label", self.t(f"remove_{kind}", number=box.number))
                box.remove.hidden = only
                box.root.querySelector(".tokens-title").textContent = self.t("tokens_heading")

    def add_box(self, kind, text="", focus=True):
        number = len(self.boxes[kind]) + 1
        self.el(f"{kind}s").appendChild(make_box_elements(kind, number))
        box = Box(kind, number)
        box.textarea.value = text
        self.boxes[kind].append(box)
        self.wire_box(box)
        self.label_boxes()
        if focus:
            box.textarea.focus()
        return box

    def set_box_count(self, kind, count):
        count = max(1, count)
        while len(self.boxes[kind]) < count:
            self.add_box(kind, focus=False)
        while len(self.boxes[kind]) > count:
            box = self.boxes[kind].pop()
            box.root.remove()
            for key in (box.tokens.id, box.count.id):
                self.shown.pop(key, None)
        self.label_boxes()

    def remove_box(self, kind, number):
        values = self.texts(kind)
        if len(values) <= 1:
            return
        del values[number - 1]
        self.set_box_count(kind, len(values))
        for box, value in zip(self.boxes[kind], values):
            box.textarea.value = value
        if kind == "candidate":
            if self.selected >= number - 1 and self.selected > 0:
                self.selected -= 1
            self.selected = min(self.selected, len(values) - 1)
        self.boxes[kind][min(number, len(values)) - 1].textarea.focus()
        self.edited = True
        self.render()

    def on_input(self, kind, number):
        if kind == "candidate":
            self.selected = number - 1
        self.edited = True
        self.render()

    # --- options -------------------------------------------------------------------------

    def build_option_controls(self):
        share = self.m["share"]
        smoothing = self.m["smoothing"]
        tokenizers = self.m["tokenizers"]
        default = share.DEFAULT_OPTIONS
        mark = self.t("default_marker")

        def fill(select_id, choices, default_value):
            select = self.el(select_id)
            current = select.value
            select.replaceChildren()
            for value, text in choices:
                option = document.createElement("option")
                option.value = value
                option.textContent = f"{text} {mark}" if value == default_value else text
                select.appendChild(option)
            if current:
                select.value = current

        fill("opt-max-order", [(str(n), str(n)) for n in share.MAX_ORDERS], str(default["max_order"]))
        fill("opt-smoothing", [(name, name) for name in smoothing.SMOOTHING_METHODS], default["smoothing"])
        fill("opt-tokenizer", [(name, name) for name in tokenizers.TOKENIZERS], default["tokenizer"])
        fill(
            "opt-lowercase",
            [("auto", self.t("lowercase_auto")), ("yes", self.t("lowercase_yes")), ("no", self.t("lowercase_no"))],
            "auto",
        )
        self.el("opt-lowercase").querySelector('option[value="auto"]').title = self.t("lowercase_auto_help")

    def write_options(self, opts):
        self.el("opt-max-order").value = str(opts["max_order"])
        self.el("opt-smoothing").value = opts["smoothing"]
        self.el("opt-tokenizer").value = opts["tokenizer"]
        lc = opts["lowercase"]
        self.el("opt-lowercase").value = "auto" if lc is None else ("yes" if lc else "no")
        sv = opts["smooth_value"]
        self.el("opt-smooth-value").value = "" if sv is None else self.i18n.format_number(sv, self.lang, 6).rstrip("0").rstrip(",.")
        self.el("opt-effective-order").checked = bool(opts["effective_order"])
        self.update_smooth_value_hint()

    def update_smooth_value_hint(self):
        params = self.m["smoothing"].SMOOTHING_PARAMETERS
        method = self.el("opt-smoothing").value
        box = self.el("opt-smooth-value")
        if method in params:
            name, value = params[method]
            box.disabled = False
            box.placeholder = f"{name} = {self.i18n.format_number(value, self.lang, 2)} {self.t('default_marker')}"
        else:
            box.disabled = True
            box.value = ""
            box.placeholder = "–"

    def read_options(self):
        lc = self.el("opt-lowercase").value
        typed = str(self.el("opt-smooth-value").value).strip()
        raw = typed.replace(",", ".")
        smooth_value = None
        if raw and not self.el("opt-smooth-value").disabled:
            try:
                smooth_value = float(raw)
            except ValueError:
                smooth_value = typed  # compare() refuses it; the message quotes what was typed
        return {
            "max_order": int(self.el("opt-max-order").value),
            "smoothing": self.el("opt-smoothing").value,
            "tokenizer": self.el("opt-tokenizer").value,
            "lowercase": None if lc == "auto" else lc == "yes",
            "smooth_value": smooth_value,
            "effective_order": bool(self.el("opt-effective-order").checked),
        }

    def on_options(self, *_):
        self.update_smooth_value_hint()
        self.options = self.read_options()
        self.edited = True
        self.render()

    def restore_defaults(self, *_):
        self.options = dict(self.m["share"].DEFAULT_OPTIONS)
        self.write_options(self.options)
        self.edited = True
        self.render()

    # --- language ------------------------------------------------------------------------

    def set_language(self, lang):
        self.lang = lang if lang in self.i18n.LANGUAGES else "en"
        document.documentElement.lang = self.lang
        self.el("lang-select").value = self.lang
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = self.t(node.dataset.i18n)
        document.title = self.t("app_title")
        for fmt, button in (("json", "export_json"), ("csv", "export_csv"), ("markdown", "export_markdown")):
            name = self.t(button)
            copy = self.el(f"copy-export-{fmt}")
            copy.textContent = self.t("copy")
            copy.setAttribute("aria-label", f"{self.t('copy')}: {name}")
            download = self.el(f"download-export-{fmt}")
            download.textContent = self.t("download")
            download.setAttribute("aria-label", f"{self.t('download')}: {name}")
        copy_json = self.el("copy-json")
        copy_json.dataset.copied = self.t("copied")
        copy_json.dataset.copyFailed = self.t("copy_failed")
        self.build_option_controls()
        self.update_smooth_value_hint()
        self.label_boxes()
        self.shown.clear()
        self.order_rows = None

    def on_language(self, *_):
        self.set_language(self.el("lang-select").value)
        self.edited = True
        self.render()

    # --- state: share links and the tab's storage ------------------------------------------

    def state(self):
        return {
            "references": self.texts("reference"),
            "candidates": self.texts("candidate"),
            "options": self.valid_options,  # while a bad value is typed: the options in use
            "lang": self.lang,
        }

    def apply_state(self, state):
        for kind, key in (("reference", "references"), ("candidate", "candidates")):
            values = state[key] or [""]
            self.set_box_count(kind, len(values))
            for box, value in zip(self.boxes[kind], values):
                box.textarea.value = value
        self.options = dict(state["options"])
        self.valid_options = dict(self.options)
        if state.get("lang"):
            self.set_language(state["lang"])
        self.write_options(self.options)
        self.selected = 0

    def save_state(self):
        """Keep the texts for this tab, always; with the last options the engine accepted
        (while the options panel holds a bad value, the texts are still kept)."""
        share = self.m["share"]
        state = self.state()
        try:
            share.normalize_options(state["options"])
        except ValueError:
            state["options"] = dict(share.DEFAULT_OPTIONS)
        try:
            window.sessionStorage.setItem(STORAGE_KEY, share.encode_state(state))
            window.sessionStorage.setItem(SELECTED_KEY, str(self.selected))
        except Exception:  # noqa: BLE001 - storage full or switched off: nothing to keep
            pass

    def restore(self):
        """The state to start from: a share link, else what this tab kept, else what was typed."""
        share = self.m["share"]
        fragment = str(window.location.hash or "")
        if fragment.startswith("#v1.") or fragment.startswith("#v"):
            try:
                self.apply_state(share.decode_state(fragment))
                return self.t("link_restored")
            except ValueError as error:
                self.set_text("share-status", self.t("share_invalid", error=str(error)))
        typed = any(v.strip() for v in self.texts("reference") + self.texts("candidate"))
        saved = None
        try:
            saved = window.sessionStorage.getItem(STORAGE_KEY)
        except Exception:  # noqa: BLE001
            saved = None
        if saved and not typed:
            try:
                self.apply_state(share.decode_state(str(saved)))
                self.restore_selected()
                return self.t("state_restored")
            except ValueError:
                window.sessionStorage.removeItem(STORAGE_KEY)
        elif saved:
            self.restore_selected()  # the browser put the texts back itself (a reload)
        return ""

    def restore_selected(self):
        """Select the candidate this tab had selected (kept by save_state), if it is there."""
        try:
            selected = int(str(window.sessionStorage.getItem(SELECTED_KEY)))
        except Exception:  # noqa: BLE001 - none kept, or not a number: keep the first one
            return
        if 0 <= selected < len(self.boxes["candidate"]):
            self.selected = selected

    def on_share(self, *_):
        share = self.m["share"]
        out = share.share_fragment(self.state())
        if out["too_long"]:
            self.el("share-url").value = ""
            self.set_text(
                "share-status",
                self.t(
                    "share_too_long",
                    length=self.i18n.format_integer(out["length"], self.lang),
                    limit=self.i18n.format_integer(share.MAX_CHARS, self.lang),
                ),
            )
            return
        loc = window.location
        url = f"{loc.origin}{loc.pathname}{loc.search}#{out['fragment']}"
        window.history.replaceState(None, "", "#" + out["fragment"])
        self.el("share-url").value = url
        self.shown.pop("share-status", None)
        window.bleu2Paint.copy(url, "share-status", self.t("share_copied"), self.t("copy_failed"))

    def on_clear(self, *_):
        for kind in ("reference", "candidate"):
            self.set_box_count(kind, 1)
            self.boxes[kind][0].textarea.value = ""
        self.selected = 0
        try:
            window.sessionStorage.removeItem(STORAGE_KEY)
            window.sessionStorage.removeItem(SELECTED_KEY)
        except Exception:  # noqa: BLE001
            pass
        self.drop_fragment()
        self.el("share-url").value = ""
        self.set_text("share-status", "")
        self.render()
        self.boxes["reference"][0].textarea.focus()

    def drop_fragment(self):
        loc = window.location
        if str(loc.hash or ""):
            window.history.replaceState(None, "", f"{loc.pathname}{loc.search}")

    # --- export --------------------------------------------------------------------------

    def on_export(self, event):
        button = event.target.closest("button[data-format]")
        if _none(button) or self.comparison is None:
            return
        fmt = button.dataset.format
        func, filename, mime = FORMATS[fmt]
        export = self.m["export"]
        text = export.export_markdown(self.comparison, self.lang) if fmt == "markdown" else getattr(export, func)(self.comparison)
        name = self.t({"json": "export_json", "csv": "export_csv", "markdown": "export_markdown"}[fmt])
        self.shown.pop("export-status", None)
        if button.classList.contains("export-copy"):
            window.bleu2Paint.copy(text, "export-status", self.t("export_copied", format=name), self.t("copy_failed"))
        else:
            window.bleu2Paint.download(filename, mime + ";charset=utf-8", text)
            self.set_text("export-status", self.t("export_downloaded", format=name))

    # --- rendering -----------------------------------------------------------------------

    def render(self, *_):
        compare = self.m["compare"]
        view = self.m["view"]
        candidates, references = self.texts("candidate"), self.texts("reference")
        try:
            comp = compare.compare(candidates, references, **self.options)
        except (ValueError, TypeError) as error:
            # Keep scoring (tokens, ranking, breakdown, saved texts) with the last valid
            # options, and say so.
            self.el("option-error").hidden = False
            self.set_text("option-error", view.option_error_text(self.options, str(error), self.lang))
            comp = compare.compare(candidates, references, **self.valid_options)
        else:
            self.valid_options = dict(self.options)
            if self.shown.get("option-error"):
                self.set_text("option-error", "")
                self.el("option-error").hidden = True
        self.comparison = comp
        self.selected = min(self.selected, len(comp["candidates"]) - 1)
        for kind, rows in (("reference", comp["references"]), ("candidate", comp["candidates"])):
            for box, row in zip(self.boxes[kind], rows):
                tv = view.token_view(row["tokens"], self.lang)
                self.set_text(box.tokens.id, tv["text"])
                self.set_text(box.count.id, tv["label"])
        self.render_ranking(comp)
        self.render_breakdown(comp)
        options_key = (repr(self.options), self.lang)
        if self.shown.get("options-key") != options_key:
            self.shown["options-key"] = options_key
            default = self.m["share"].options_are_default(self.options)
            self.set_text("options-state", self.t("options_default") if default else self.t("options_changed"))
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = window.setTimeout(self.deferred_proxy, DEFERRED_MS)

    def render_ranking(self, comp):
        view = self.m["view"]
        order = comp["options"]["max_order"]
        rows = view.ranking_rows(comp, self.lang)
        key = json.dumps([rows, self.selected, order, self.lang], ensure_ascii=False)
        if self.shown.get("ranking") == key:
            return
        self.shown["ranking"] = key
        head_key = (order, self.lang)
        if self.shown.get("ranking-head") != head_key:
            self.shown["ranking-head"] = head_key
            tr = document.createElement("tr")
            labels = [self.t("col_rank"), self.t("col_candidate"), self.t("col_score", order=order)]
            labels += [self.t("col_precision", n=n) for n in range(1, order + 1)]
            labels += [self.t("col_bp"), self.t("col_hyp_len"), self.t("col_ref_len")]
            for text in labels:
                th = document.createElement("th")
                th.scope = "col"
                th.textContent = text
                tr.appendChild(th)
            self.el("ranking-head").replaceChildren(tr)
        body = self.el("ranking-body")
        structure = (tuple(row["index"] for row in rows), self.selected, order, self.lang)
        if self.shown.get("ranking-structure") == structure:
            # Same rows in the same order: only numbers and excerpts change (typing).
            for row, cells in zip(rows, self.ranking_cells):
                for cell, text in zip(cells, self.ranking_texts(row)):
                    if cell[1] != text:
                        cell[0].textContent = text
                        cell[1] = text
            return
        self.shown["ranking-structure"] = structure
        body.replaceChildren()
        self.ranking_cells = []
        for row in rows:
            tr = document.createElement("tr")
            number = row["index"] + 1
            tr.id = f"rank-row-{number}"
            tr.dataset.index = str(row["index"])
            selected = row["index"] == self.selected
            if selected:
                tr.className = "selected"
            texts = self.ranking_texts(row)
            cells = []
            td = document.createElement("td")
            td.className = "num rank"
            tr.appendChild(td)
            cells.append(td)
            th = document.createElement("th")
            th.scope = "row"
            button = document.createElement("button")
            button.type = "button"
            button.className = "rank-select"
            button.dataset.index = str(row["index"])
            button.setAttribute("aria-pressed", "true" if selected else "false")
            button.textContent = self.t("candidate_label", number=row["number"])
            button.title = self.t("show_breakdown", number=row["number"])
            excerpt = document.createElement("span")
            excerpt.className = "excerpt"
            th.append(button, excerpt)
            tr.appendChild(th)
            cells.append(excerpt)
            for i in range(len(texts) - 2):
                td = document.createElement("td")
                td.className = "num score" if i == 0 else "num"
                tr.appendChild(td)
                cells.append(td)
            for cell, text in zip(cells, texts):
                cell.textContent = text
            self.ranking_cells.append([[cell, text] for cell, text in zip(cells, texts)])
            body.appendChild(tr)

    @staticmethod
    def ranking_texts(row):
        """Texts of a ranking row's cells: rank, excerpt, score, p1..pN, BP, c, r."""
        out = [row["rank"], row["text"], row["score"]]
        out += [v + (" *" if s else "") for v, s in zip(row["precisions"], row["smoothed"])]
        out += [row["bp"], row["hyp_len"], row["ref_len"]]
        return out

    def on_ranking_click(self, event):
        button = event.target.closest("button[data-index]")
        if _none(button):
            return
        self.selected = int(button.dataset.index)
        self.edited = True  # the selection is kept for the tab
        self.render()
        focus = self.el("ranking-body").querySelector(f'button[data-index="{self.selected}"]')
        if not _none(focus):
            focus.focus()

    def ensure_order_rows(self, precisions):
        key = (tuple(p["n"] for p in precisions), self.lang)
        if self.order_rows == key:
            return
        self.order_rows = key
        body = self.el("terms-body")
        for old in list(body.querySelectorAll("tr.order-row")):
            old.remove()
        anchor = self.el("ref-len-row")
        for p in precisions:
            n = p["n"]
            tr = document.createElement("tr")
            tr.id = f"p{n}-row"
            tr.className = "order-row"
            th = document.createElement("th")
            th.scope = "row"
            sub = document.createElement("sub")
            sub.textContent = str(n)
            name = document.createElement("span")
            name.className = "term-name"
            name.textContent = p["name"]
            th.append("p", sub, " ", name)
            tr.appendChild(th)
            for part, cls in (("fraction", "num"), ("value", "num"), ("note", "note")):
                td = document.createElement("td")
                td.id = f"p{n}-{part}"
                td.className = cls
                tr.appendChild(td)
            body.insertBefore(tr, anchor)
            for part in ("fraction", "value", "note"):
                self.elements.pop(f"p{n}-{part}", None)
                self.shown.pop(f"p{n}-{part}", None)
            self.shown.pop((f"p{n}-row", "smoothed"), None)
            self.elements.pop(f"p{n}-row", None)

    def render_breakdown(self, comp):
        view = self.m["view"]
        v = view.candidate_view(comp, self.selected, self.lang)
        self.view = v
        self.set_text("breakdown-heading", self.t("breakdown_heading", number=v["number"]))
        self.set_text("score-label", v["score"]["label"])
        self.set_text("score", v["score"]["value"])
        self.set_text("score-formula", v["score"]["formula"])
        self.set_text("signature", v["signature"])
        self.ensure_order_rows(v["precisions"])
        for p in v["precisions"]:
            n = p["n"]
            self.set_text(f"p{n}-fraction", p["fraction"])
            self.set_text(f"p{n}-value", p["value"])
            self.set_text(f"p{n}-note", p["note"])
            self.set_flag(f"p{n}-row", "smoothed", p["smoothed"])
        self.set_text("ref-len", v["ref_len"])
        self.set_text("ref-len-why", v["ref_len_text"])
        self.set_text("hyp-len", v["hyp_len"])
        self.set_text("bp-branch", v["brevity_penalty"]["branch"])
        self.set_text("bp-value", v["brevity_penalty"]["value"])
        self.set_flag("bp-row", "penalized", v["brevity_penalty"]["penalized"])
        self.set_text("result-json", v["json"])
        hints = tuple((h["kind"], h["text"]) for h in v["hints"])
        if self.shown.get("hints") != hints:
            hints_el = self.el("hints")
            hints_el.replaceChildren()
            for kind, text in hints:
                item = document.createElement("li")
                item.className = f"hint hint-{kind}"
                item.textContent = text
                hints_el.appendChild(item)
            self.shown["hints"] = hints

    # --- after the last edit: highlighting, chart, announcement, saved state ----------------

    def deferred(self, *_):
        self.timer = None
        comp, v = self.comparison, self.view
        if comp is None or v is None:
            return
        try:
            self.render_highlight(comp)
            self.render_chart(comp)
            self.set_text("score-announce", v["announce"])
            if self.edited:
                self.save_state()
                self.drop_fragment()
        except Exception as error:  # noqa: BLE001 - reported, never swallowed
            traceback.print_exc()
            window.console.error(f"bleu2 page: {type(error).__name__}: {error}")

    def render_highlight(self, comp):
        """Paint the selected candidate's n-gram marks (skipped when nothing they show
        changed; off, with a note, for very long texts: see bleu2.explain.MAX_TOKENS)."""
        explain = self.m["explain"]
        row = comp["candidates"][self.selected]
        used = comp["used_references"]
        refs = [comp["references"][i]["tokens"] for i in used]
        order = min(comp["options"]["max_order"], HIGHLIGHT_MAX_ORDER)
        key = (tuple(row["tokens"]), tuple(tuple(r) for r in refs), tuple(used), order, self.lang, self.selected)
        if self.shown.get("highlight") == key:
            return
        self.shown["highlight"] = key
        data = explain.highlight_sections(row["tokens"], refs, [i + 1 for i in used], order, self.lang)
        self.hl_input = (row["tokens"], refs, [i + 1 for i in used], order)
        self.hl_data = None  # bleu2.explain.highlight of hl_input, made on the first hover
        off = self.el("hl-off")
        off.hidden = data["off"] is None
        self.set_text("hl-off", data["off"] or "")
        # One JSON string each (JSON.parse in the page is far quicker than converting
        # nested Python objects to JavaScript).
        window.bleu2Paint.highlight("hl-candidate", json.dumps(data["candidate"], ensure_ascii=False))
        window.bleu2Paint.highlight("hl-references", json.dumps(data["references"], ensure_ascii=False))

    def highlight_label(self, section_id, n, index):
        """Hover/focus text of a highlighted token (called by static/boot.js)."""
        if self.hl_input is None:
            return ""
        tokens, refs, numbers, order = self.hl_input
        if self.hl_data is None:
            self.hl_data = self.m["explain"].highlight(tokens, refs, max_order=order)
        section_id = str(section_id)
        section = None if section_id == "hl-cand" else numbers.index(int(section_id.rsplit("-", 1)[1]))
        return self.m["explain"].label_at(self.hl_data, section, int(n), int(index), self.lang)

    def render_chart(self, comp):
        chart = self.m["chart"]
        row = comp["candidates"][self.selected]
        key = json.dumps([row["score"], row["brevity_penalty"], row["precisions"], self.lang])
        if self.shown.get("chart") == key:
            return
        self.shown["chart"] = key
        data = chart.bar_chart(row, self.lang, id_prefix="bleu2-chart")
        window.bleu2Paint.svg("chart", json.dumps(data, ensure_ascii=False))

    # --- start ---------------------------------------------------------------------------

    def start(self):
        for box in self.boxes["reference"] + self.boxes["candidate"]:
            self.wire_box(box)
        on = lambda element_id, event, fn: self.el(element_id).addEventListener(event, self._proxy(fn))  # noqa: E731
        on("add-reference", "click", lambda e: (self.add_box("reference"), self.render()))
        on("add-candidate", "click", lambda e: self.on_add_candidate())
        for control in ("opt-max-order", "opt-smoothing", "opt-tokenizer", "opt-lowercase", "opt-effective-order"):
            on(control, "change", self.on_options)
        on("opt-smooth-value", "input", self.on_options)
        on("restore-defaults", "click", self.restore_defaults)
        on("lang-select", "change", self.on_language)
        on("ranking-body", "click", self.on_ranking_click)
        on("export", "click", self.on_export)
        on("share-button", "click", self.on_share)
        on("clear", "click", self.on_clear)
        window.addEventListener("hashchange", self._proxy(self.on_hashchange))
        languages = [str(x) for x in (window.navigator.languages or [])] or [str(window.navigator.language or "en")]
        self.set_language(self.i18n.pick_language(languages))
        self.write_options(self.options)
        message = self.restore()
        self.render()
        return message

    def on_add_candidate(self):
        box = self.add_box("candidate")
        self.selected = box.number - 1
        self.render()

    def on_hashchange(self, *_):
        fragment = str(window.location.hash or "")
        if fragment.startswith("#v"):
            try:
                self.apply_state(self.m["share"].decode_state(fragment))
            except ValueError as error:
                self.set_text("share-status", self.t("share_invalid", error=str(error)))
                return
            self.shown.clear()
            self.order_rows = None
            self.edited = False
            self.render()


def _set_state(state, message):
    document.documentElement.dataset.state = state
    _el("status-text").textContent = message
    status = _el("status")
    status.classList.toggle("status-error", state == "error")
    status.classList.toggle("status-ready", state == "ready")


def main():
    try:
        modules = _import_all_modules()
        names = ("compare", "view", "explain", "chart", "export", "share", "i18n", "smoothing", "tokenizers")
        app = App({name: importlib.import_module(f"bleu2.{name}") for name in names})
        restored = app.start()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        _set_state("error", f"The calculator could not start: {type(error).__name__}: {error}")
        traceback.print_exc()
        window.console.error(f"bleu2 page failed to start: {type(error).__name__}: {error}")
        return
    document.documentElement.dataset.modules = " ".join(modules)
    python = f"Python {sys.version_info.major}.{sys.version_info.minor}"
    _set_state("ready", f"{app.t('ready')} ({python}). {restored}".strip())
    window.bleu2Render = app._proxy(app.render)  # lets the benchmark call a render directly
    window.bleu2App = app
    window.bleu2Label = app._proxy(app.highlight_label)


main()
