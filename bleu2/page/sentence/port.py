"""The port: everything a page controller asks of the browser, as a ``typing.Protocol``.

A controller (:mod:`bleu2.page.controller` for the sentence view; corpus mode's controller
reuses the same pieces) decides; the port only reads the page and writes it. In the page
``static/app.py`` binds it to the real DOM (through ``static/paint.js``); in CPython the
tests bind it to a fake (``tests/fake_port.py``).

Conventions, shared by every controller:

- **Never blocking, callbacks for what comes later.** A port call returns at once. What
  ends later (a timer, the worker's answer, a packed save, a copy) is reported by calling
  the Python callable the controller passed, once.
- **Element updates are data** (:class:`ElementUpdate`): ``{element id: {"text", "chips",
  "attrs", "props", "classes"}}``, written with ``textContent``/``setAttribute`` only; ids
  not on the page are skipped.
- **Texts by change**: a text box is read as the change since it was last read
  (:class:`Change`, code points), so a keystroke in megabytes copies a few characters.
- **Times** in milliseconds (floats, ``performance.now()``'s clock).
- **Storage** replies are ``(value, error)`` pairs (:class:`StorageReply`): the browser may
  refuse (full, switched off, denied in a cross-site frame), and the error text says why.

The pieces are small protocols (:class:`Elements`, :class:`Timers`, :class:`Storage`, ...);
a controller's port is the union of the pieces it uses (:class:`SentencePort`).
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol, TypedDict

__all__ = [
    "Chips",
    "ElementUpdate",
    "Updates",
    "Change",
    "StorageReply",
    "EventData",
    "Painter",
    "PageContext",
    "Elements",
    "TextBoxes",
    "Timers",
    "Storage",
    "Location",
    "Clipboard",
    "LiveWorker",
    "SentencePort",
]


#: Items shown as one span each (bidi-isolated), ``sep`` between them, each with CSS class
#: ``class``; ``break``: a ``<wbr>`` after each item (the only places a line may break).
#: (The functional form: "class" and "break" are Python keywords.)
Chips = TypedDict("Chips", {"items": list[str], "sep": str, "class": str, "break": bool}, total=False)


class ElementUpdate(TypedDict, total=False):
    """What to write into one element: ``text`` (``textContent``), ``chips``, ``attrs``
    (``None`` removes the attribute), ``props`` (DOM properties: ``hidden``, ``value``,
    ``disabled``, ...), ``classes`` (toggled on or off)."""

    text: str
    chips: Chips
    attrs: dict[str, str | None]
    props: dict[str, Any]
    classes: dict[str, bool]


#: Element updates by element id (``static/paint.js`` ``bleu2Paint.set``).
Updates = dict[str, ElementUpdate]


class Change(NamedTuple):
    """A text box's text as the change since its reader last had it (``static/textdiff.mjs``):
    ``prefix`` and ``suffix`` code points of the old text kept, ``middle`` between them, the
    new text ``length`` code points long (:func:`bleu2.page.boxes.apply_read` applies it)."""

    prefix: int
    suffix: int
    middle: str
    length: int


class StorageReply(NamedTuple):
    """``sessionStorage``'s answer: ``value`` (``getItem``'s text, else None) and ``error``
    (None, or the browser's error name and message when it refused)."""

    value: str | None
    error: str | None


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
Painter = Literal["items", "ranking", "orderRows", "highlight", "svg", "help", "translate"]


@dataclass(frozen=True)
class PageContext:
    """What the page is when the controller starts, read once by the glue.

    ``languages``: the browser's (``navigator.languages``); ``chosen_language``: the one
    picked with the switch while Python loaded (``html[data-lang-chosen]``) or None;
    ``embed``: ``?embed`` (``html[data-embed]``); ``pathname``: ``location.pathname``;
    in an embed, what tells it from other embeds (:func:`bleu2.page.tab_storage.storage_keys`):
    ``frame``: its frame's name ("" when it has none), ``frame_index``: its index among
    the host page's frames (-1: unknown), ``host``: ``document.referrer`` (the host page),
    ``prefill``: ``location.hash`` it was opened with.
    """

    languages: Sequence[str] = ("en",)
    chosen_language: str | None = None
    embed: bool = False
    pathname: str = "/"
    frame: str = ""
    frame_index: int = -1
    host: str = ""
    prefill: str = ""


class Elements(Protocol):
    """Reading and writing elements (every controller)."""

    def write(self, updates: Updates) -> None:
        """Write element updates (one call per render)."""

    def paint(self, painter: Painter, data_json: str, target: str = "") -> None:
        """Build DOM from data: ``bleu2Paint[painter](target, data_json)`` (``target``: the
        container's id, for the painters that take one)."""

    def read_value(self, element_id: str) -> str:
        """The ``value`` of an input or select ("" when there is no such element)."""

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


class TextBoxes(Protocol):
    """The sentence view's text boxes."""

    def read_box(self, box_id: str) -> Change:
        """The box's text as the change since the controller last read it."""

    def set_boxes(self, kind: str, ids: list[str], values: list[str] | None) -> None:
        """Exactly these boxes of ``kind`` ("reference", "candidate"; added or removed at
        the end), with ``values`` written in order (None: keep the texts)."""

    def to_corpus(self, boxes: Mapping[str, list[str]]) -> None:
        """Hand the texts to corpus mode (``{"references": [...], "candidates": [...]}``)."""


class Timers(Protocol):
    """Timers and the clock (every controller)."""

    def set_timer(self, ms: float, callback: Callable[[], None]) -> Any:
        """Call ``callback`` once after ``ms`` milliseconds; returns a handle."""

    def clear_timer(self, handle: Any) -> None:
        """Cancel a timer (nothing when it has run)."""

    def now(self) -> float:
        """Milliseconds on a monotonic clock."""


class Storage(Protocol):
    """The tab's storage (``sessionStorage``)."""

    can_pack_later: bool  #: whether :meth:`save_packed` can run (CompressionStream)

    def storage(self, method: Literal["getItem", "setItem", "removeItem"], key: str, value: str = "") -> StorageReply:
        """``sessionStorage.<method>(key[, value])``."""

    def save_plain(self, key: str, meta_json: str) -> str | None:
        """Keep the plain form (``"t1." + {r, c, ...meta}``) written from the boxes'
        texts (not copied out of Python); the browser's error, or None when kept."""

    def save_packed(self, key: str, meta_json: str, wanted: Callable[[], bool], done: Callable[[str], None]) -> None:
        """Pack the same JSON (``"z1."`` + zlib, by the browser in small steps), then, if
        ``wanted()`` still says so, keep it; ``done("")`` when kept, ``done("superseded")``
        when not wanted any more, else ``done(the browser's error)``."""


class Location(Protocol):
    """The page's URL."""

    def location_hash(self) -> str:
        """``location.hash`` (with its ``#``, or "")."""

    def set_fragment(self, fragment: str) -> str:
        """Replace the URL's fragment ("" drops it; no new history entry); returns the full
        location before (``location.href``; the link is :func:`bleu2.page.share.share_url`)."""


class Clipboard(Protocol):
    """Copy and download."""

    def copy(self, text: str, area_id: str, done: Callable[[bool], None]) -> None:
        """Copy ``text``; where the browser refuses, show it selected in the read-only box
        ``area_id``; ``done(copied)``."""

    def download(self, filename: str, mime: str, text: str) -> None:
        """Offer ``text`` as a file."""


class LiveWorker(Protocol):
    """The page's worker, for long texts (:mod:`bleu2.page.live`)."""

    def measure(self, options: Mapping[str, Any], done: Callable[[str], None], failed: Callable[[str], None]) -> None:
        """Send the boxes' changes and ``options`` to the worker; ``done(answer JSON)``,
        or ``failed(why)`` when no worker can start."""


class SentencePort(Elements, TextBoxes, Timers, Storage, Location, Clipboard, LiveWorker, Protocol):
    """Everything the sentence view's controller (:class:`bleu2.page.controller.SentencePage`) uses."""
