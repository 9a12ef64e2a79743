"""What the typing-through-a-boot tests (Chromium and Firefox ESR) share: the texts, the docs
page, and the moments of a boot at which keys are pressed.

A moment is a stage of the boot the page shows, never a time: after a reload, the test waits
until the page's document satisfies the stage's JavaScript condition (or, in Chromium, until
the page's worker has asked for or received one of Pyodide's files: the ``NETWORK_MILESTONES``),
then types. A condition stays true once its stage is passed, so a fast machine that runs past
a stage types at the first moment after it; a slow one waits for it.
"""

from __future__ import annotations

REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]
CANDIDATES = ["the cat sat on the mat", "a cat on the mat", "le chat est sur le tapis"]

_STATE = "document.documentElement?.getAttribute('data-state')"  # no root element yet early in a reload
_PROGRESS = "((document.getElementById('load-progress') || {}).value || 0)"

#: The page's stages (name, condition on its document), in the order a boot passes them. The
#: bar ``#load-progress`` is static/boot.js's: 1 once the page asks for its worker (static/host.js:
#: "Loading Pyodide"), 8 once the worker's Pyodide is up ("Loaded Pyodide"); static/keep.mjs
#: marks ``html[data-texts=tab]`` once it shows the tab's texts.
MILESTONES = (
    ("committed", "true"),
    (
        "the tab's texts shown",
        f"document.documentElement?.getAttribute('data-texts') === 'tab' || {_STATE} === 'ready'",
    ),
    ("the page loaded", "document.readyState === 'complete'"),
    ("the worker asked for", f"{_PROGRESS} >= 1 || {_STATE} === 'ready'"),
    ("Pyodide up in the worker", f"{_PROGRESS} >= 8 || {_STATE} === 'ready'"),
    ("Python ready", f"{_STATE} === 'ready'"),
)

#: Stages of the worker's boot between "the worker asked for" and "Pyodide up in the worker",
#: seen as the browser context's network events (Chromium: a worker's requests are the
#: context's): (name, event, the end of the file's URL).
NETWORK_MILESTONES = (
    ("Pyodide's runtime asked for", "request", "/pyodide.asm.wasm"),
    ("Pyodide's runtime received", "requestfinished", "/pyodide.asm.wasm"),
    ("the standard library received", "requestfinished", "/python_stdlib.zip"),
    ("the package asked for", "request", "/bleu2.zip"),
    ("the page's Python asked for", "request", "/static/worker.py"),
)


def milestones(*names: str) -> list[tuple[str, str]]:
    """The ``MILESTONES`` named, in their order."""
    chosen = [m for m in MILESTONES if m[0] in names]
    assert len(chosen) == len(names), names
    return chosen


def docs_html(src: str) -> str:
    """A docs page with two embeds (no names: told apart by their place)."""
    frames = "".join(
        f'<iframe id="{name}" src="{src}index.html?embed" style="width: 900px; height: 420px; border: 0" '
        'title="BLEU calculator"></iframe>'
        for name in ("first", "second")
    )
    return f'<!doctype html><meta charset="utf-8"><title>docs</title><link rel="icon" href="data:,">{frames}'
