"""``SentencePort``: everything the sentence view's controller asks of the browser.

The controller (:class:`bleu2.page.sentence.controller.SentencePage`) decides; the port only
reads the page and writes it. In the page :class:`bleu2.page.protocol.SentenceSide` makes it of
messages (``static/host.js`` applies them to the DOM through ``static/paint.js``); in CPython the tests bind it to a fake
(``tests/fake_port.py``). The conventions are every port's (:mod:`bleu2.page.ports`), and
so are the pieces both rooms use (elements, painting, timers, downloads, storage); here
are the sentence view's own:

- **Texts by change**: a text box is read as the change since it was last read
  (:class:`Change`, code points), so a keystroke in megabytes copies a few characters.

:class:`SentencePort` is the union of the pieces the controller uses. Standard library only.
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
    """A text box's text as the change since its reader last had it (``static/textdiff.mjs``):
    ``prefix`` and ``suffix`` code points of the old text kept, ``middle`` between them, the
    new text ``length`` code points long (:func:`bleu2.page.sentence.boxes.apply_read` applies it)."""

    prefix: int
    suffix: int
    middle: str
    length: int


class EventData(TypedDict):
    """A DOM event as the controller sees it: its ``type``, the ``target`` element's id
    ("" when it has none), and the closest enclosing button's id (``button``, "" when the
    event is not inside one) and ``data-*`` attributes (``data``)."""

    type: str
    target: str
    button: str
    data: dict[str, str]


#: The painters of ``static/paint.js`` that build DOM from JSON data (the controller hands
#: them JSON text, once per change): a list's items, the ranking table, the rows of the
#: terms table, highlight spans, an SVG chart, "How it works", the page's fixed words.
Painter = Literal["items", "ranking", "orderRows", "highlight", "svg", "help", "translate", "table"]


class Document(Protocol):
    """The sentence view's document beyond its elements' values: the options form, focus,
    the document's language and the console."""

    def read_form(self, fields: Mapping[str, str]) -> dict[str, str | bool]:
        """The form's values by name, from ``fields`` (name -> element id): a check box's
        state, any other control's value; plus ``"<name>_enabled"`` (bool) for each."""

    def focus(self, selector: str) -> None:
        """Focus the first element matching a CSS selector (nothing when none does)."""

    def set_language(self, lang: str) -> None:
        """The document's language (``<html lang>``)."""

    def log(self, level: Literal["warn", "error"], message: str) -> None:
        """A message for developers (the console), never shown on the page; ``"error"``
        is for what must not happen (a bug: the browser tests fail on it)."""


class Clock(Protocol):
    """The clock."""

    def now(self) -> float:
        """Milliseconds on a monotonic clock."""


class TextBoxes(Protocol):
    """The sentence view's text boxes."""

    def read_box(self, box_id: str) -> Change:
        """The box's text as the change since the controller last read it."""

    def set_boxes(self, kind: str, ids: list[str], values: list[str] | None) -> None:
        """Exactly these boxes of ``kind`` ("reference", "candidate"; added or removed at
        the end), with ``values`` written in order (None: keep the texts)."""


class Location(Protocol):
    """The page's URL."""

    def location_hash(self) -> str:
        """``location.hash`` (with its ``#``, or "")."""

    def set_fragment(self, fragment: str) -> str:
        """Replace the URL's fragment ("" drops it; no new history entry); returns the full
        location before (``location.href``; the link is :func:`bleu2.page.share.share_url`)."""


class Clipboard(Protocol):
    """Copies."""

    def copy(self, text: str, area_id: str, done: Callable[[bool], None]) -> None:
        """Copy ``text``; where the browser refuses, show it selected in the read-only box
        ``area_id``; ``done(copied)``."""


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
    """Everything the sentence view's controller (:class:`bleu2.page.sentence.controller.SentencePage`) uses."""
