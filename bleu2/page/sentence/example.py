"""The seed's example on a first visit: a scored pair instead of an empty form.

Shown only where nothing else is (no share link, nothing kept for the tab, nothing typed,
not an embed); marked as an example that one action (its Clear button) empties; never kept
for the tab until the person edits a box (then the texts are theirs).
"""

from __future__ import annotations

from typing import Protocol

from .. import i18n
from ..ports import PageContext, Updates
from ..tab_storage import TabStore
from .boxes import KINDS
from .port import Document
from .startup import RestorePlan

__all__ = ["EXAMPLE", "ExamplePage", "offered", "example_updates", "offer", "drop", "clear"]

#: The example's texts by kind: the seed's pair (BLEU-2 0.7071: p1 5/6, p2 3/5, BP 1).
EXAMPLE = {"reference": ["the cat is on the mat"], "candidate": ["the cat sat on the mat"]}


def offered(embed: bool, shown: bool, started_from: object, typed: bool, saved: str | None, link_error: object) -> bool:
    """Whether the page opens on the example: the full page (not an embed, ``shown``: it offers one), with no state
    to start from, nothing typed, nothing kept for the tab and no broken link to explain."""
    return shown and not embed and started_from is None and not typed and saved is None and not link_error


def example_updates(shown: bool, lang: str = "en") -> Updates:
    """The line that marks the boxes' texts as an example, with its Clear button (hidden once they are not)."""
    return {
        "example-line": {"props": {"hidden": not shown}},
        "clear-note": {"props": {"hidden": shown}},
        "example-note": {"text": i18n.t(lang, "example_note") if shown else ""},
    }


class ExamplePage(Protocol):
    """What the example uses of the sentence view."""

    example: bool  #: the boxes hold the example
    lang: str
    context: PageContext

    @property
    def port(self) -> ExamplePort: ...

    @property
    def tab(self) -> TabStore: ...

    def texts(self, kind: str) -> list[str]: ...

    def set_box_count(self, kind: str, count: int, values: list[str] | None = None) -> None: ...

    def write(self, updates: Updates, force: bool = False) -> None: ...

    def touch(self, render: bool = True, edit: bool = True) -> None: ...

    def save_state(self, later: bool = False) -> None: ...


class ExamplePort(Document, Protocol): ...


def offer(page: ExamplePage, plan: RestorePlan) -> None:
    """At start (after :meth:`restore`): put the example in the boxes where :func:`offered` says so."""
    typed = any(t.strip() for kind in KINDS for t in page.texts(kind))
    context = page.context
    if offered(context.embed, context.example, plan["state"], typed, page.tab.get("state"), plan["link_error"]):
        page.example = True
        for kind in KINDS:
            page.set_box_count(kind, 1, list(EXAMPLE[kind]))
        page.write(example_updates(True, page.lang))


def drop(page: ExamplePage) -> None:
    """The boxes' texts are no longer the example (edited, cleared): its line goes."""
    if page.example:
        page.example = False
        page.write(example_updates(False, page.lang))


def clear(page: ExamplePage) -> None:
    """The example's Clear: both boxes emptied (kept so for the tab), the reference box focused."""
    drop(page)
    for kind in KINDS:
        page.set_box_count(kind, 1, [""])
    page.touch()
    page.save_state()
    page.port.focus("#reference")
