"""``SentencePort``: everything the sentence view's controller asks of the browser.

The pieces both rooms use are in :mod:`bleu2.page.ports`; here the sentence view's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, NamedTuple, Protocol, TypedDict

from ..ports import Downloads, Elements, Painting, Storage, Timers

__all__ = [
    "Change",
    "EventData",
    "Painter",
    "Document",
    "Clock",
    "TextBoxes",
    "Location",
    "Clipboard",
    "LiveWorker",
    "SentencePort",
]


class Change(NamedTuple):
    """A box's text as the change since last read (code points, ``static/textdiff.mjs``): ``prefix`` and ``suffix``
    kept, ``middle`` between them, the new text ``length`` long."""

    prefix: int
    suffix: int
    middle: str
    length: int


class EventData(TypedDict):
    """A DOM event: ``type``, the target's id, the closest button's id and ``data-*`` ("" when none)."""

    type: str
    target: str
    button: str
    data: dict[str, str]


#: The painters of ``static/paint.js`` that build DOM from JSON data (once per change).
Painter = Literal["items", "ranking", "insert", "highlight", "svg", "help", "translate", "table"]


class Document(Protocol):
    """The options form, focus, the document's language and the console."""

    def read_form(self, fields: Mapping[str, str]) -> dict[str, str | bool]:
        """The form's values by name (``fields``: name -> id), plus ``"<name>_enabled"`` for each."""

    def focus(self, selector: str) -> None:
        """Focus the first element matching a CSS selector (nothing when none does)."""

    def set_language(self, lang: str) -> None:
        """The document's language (``<html lang>``)."""

    def log(self, level: Literal["warn", "error"], message: str) -> None:
        """A message for developers (the console); ``"error"``: a bug (the browser tests fail on it)."""


class Clock(Protocol):
    def now(self) -> float:
        """Milliseconds on a monotonic clock."""


class TextBoxes(Protocol):
    def read_box(self, box_id: str) -> Change:
        """The box's text as the change since the controller last read it."""

    def set_boxes(self, kind: str, ids: list[str], values: list[str] | None) -> None:
        """Exactly these boxes of ``kind`` (added or removed at the end), ``values`` written in order (None: kept)."""

    def box_ids(self, kind: str) -> list[str]:
        """The ids of the boxes of ``kind`` the page has, in order (the glue may add some before Python runs)."""


class Location(Protocol):
    def location_hash(self) -> str:
        """``location.hash`` (with its ``#``, or "")."""

    def set_fragment(self, fragment: str) -> str:
        """Replace the URL's fragment ("" drops it; no history entry); returns ``location.href`` before."""


class Clipboard(Protocol):
    def copy(self, text: str, area_id: str, done: Callable[[bool], None]) -> None:
        """Copy ``text``; where refused, show it selected in ``area_id``; ``done(copied)``."""


class LiveWorker(Protocol):
    """Where the page's Python runs, for long texts (:mod:`bleu2.page.sentence.live`)."""

    #: in the page's worker: long texts are measured at once, in a timer of their own;
    #: else on the page's thread, after a pause
    in_worker: bool


class SentencePort(
    Elements,
    Painting[Painter],
    Document,
    Timers,
    Clock,
    Downloads,
    Storage,
    TextBoxes,
    Location,
    Clipboard,
    LiveWorker,
    Protocol,
):
    """Everything the sentence view's controller uses."""
