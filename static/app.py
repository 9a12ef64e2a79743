"""Page glue (runs in Pyodide through PyScript): read the two texts, call bleu2, render.

All decisions about what to show live in :mod:`bleu2.view` (tested in CPython); this file
only copies its strings into the page with ``textContent`` (never as HTML) and re-renders
on every ``input`` event. Whatever was typed while Python was loading is scored as soon as
this runs.
"""

import importlib
import json
import os
import sys
import traceback

from pyodide.ffi import create_proxy
from js import document, window  # Pyodide's own FFI: no need to import the pyscript package


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


class Renderer:
    """Writes a :func:`bleu2.view.breakdown` into the page, touching only what changed."""

    TEXT_FIELDS = {
        "score": lambda b: b["score"]["value"],
        "score-formula": lambda b: b["score"]["formula"],
        "p1-fraction": lambda b: b["precisions"][0]["fraction"],
        "p1-value": lambda b: b["precisions"][0]["value"],
        "p1-note": lambda b: b["precisions"][0]["note"],
        "p2-fraction": lambda b: b["precisions"][1]["fraction"],
        "p2-value": lambda b: b["precisions"][1]["value"],
        "p2-note": lambda b: b["precisions"][1]["note"],
        "ref-len": lambda b: b["ref_len"],
        "hyp-len": lambda b: b["hyp_len"],
        "bp-branch": lambda b: b["brevity_penalty"]["branch"],
        "bp-value": lambda b: b["brevity_penalty"]["value"],
        "reference-tokens": lambda b: b["tokens"]["reference"]["text"],
        "reference-token-count": lambda b: b["tokens"]["reference"]["label"],
        "candidate-tokens": lambda b: b["tokens"]["candidate"]["text"],
        "candidate-token-count": lambda b: b["tokens"]["candidate"]["label"],
        "result-json": lambda b: b["json"],
    }

    def __init__(self, view):
        self.view = view
        self.elements = {name: _el(name) for name in self.TEXT_FIELDS}
        self.shown = {}
        self.hints_el = _el("hints")
        self.reference = _el("reference")
        self.candidate = _el("candidate")
        self.rows = {"p1-row": _el("p1-row"), "p2-row": _el("p2-row"), "bp-row": _el("bp-row")}

    def _set_text(self, name, text):
        if self.shown.get(name) != text:
            self.elements[name].textContent = text
            self.shown[name] = text

    def _set_flag(self, name, row_id, css_class, on):
        key = (row_id, css_class)
        if self.shown.get(key) != on:
            self.rows[row_id].classList.toggle(css_class, on)
            self.shown[key] = on

    def render(self, *_event):
        b = self.view.breakdown(self.reference.value, self.candidate.value)
        for name, get in self.TEXT_FIELDS.items():
            self._set_text(name, get(b))
        self._set_flag("p1", "p1-row", "smoothed", b["precisions"][0]["smoothed"])
        self._set_flag("p2", "p2-row", "smoothed", b["precisions"][1]["smoothed"])
        self._set_flag("bp", "bp-row", "penalized", b["brevity_penalty"]["penalized"])
        hints = tuple((h["kind"], h["text"]) for h in b["hints"])
        if self.shown.get("hints") != hints:
            self.hints_el.replaceChildren()
            for kind, text in hints:
                item = document.createElement("li")
                item.className = f"hint hint-{kind}"
                item.textContent = text
                self.hints_el.appendChild(item)
            self.shown["hints"] = hints


def _set_state(state, message):
    document.documentElement.dataset.state = state
    _el("status-text").textContent = message
    status = _el("status")
    status.classList.toggle("status-error", state == "error")
    status.classList.toggle("status-ready", state == "ready")


def main():
    try:
        modules = _import_all_modules()
        view = importlib.import_module("bleu2.view")
        renderer = Renderer(view)
        handler = create_proxy(renderer.render)
        renderer.reference.addEventListener("input", handler)
        renderer.candidate.addEventListener("input", handler)
        # Score what was typed while Python was loading.
        renderer.render()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        _set_state("error", f"The calculator could not start: {type(error).__name__}: {error}")
        traceback.print_exc()
        window.console.error(f"bleu2 page failed to start: {type(error).__name__}: {error}")
        return
    document.documentElement.dataset.modules = " ".join(modules)
    python = f"Python {sys.version_info.major}.{sys.version_info.minor}"
    _set_state("ready", f"Ready ({python} in this tab). Scores update as you type.")
    window.bleu2Render = handler  # lets the benchmark call a render directly


main()
