"""The small port protocols both rooms' ports compose, and the data they carry.

A controller (the sentence view's, :class:`bleu2.page.sentence.controller.SentencePage`;
corpus mode's, :class:`bleu2.page.corpus.controller.CorpusControl`) decides; its port only
reads the page and writes it. Each room's port (:class:`bleu2.page.sentence.port.SentencePort`,
:class:`bleu2.page.corpus.port.CorpusPort`) is the union of the pieces it uses: the ones
here (:class:`Elements`, :class:`Painting`, :class:`Timers`, :class:`Downloads`,
:class:`Storage`) and its own. In the page :mod:`bleu2.page.protocol` makes both of
messages (``static/host.js`` applies them to the DOM); in CPython the tests bind
fakes (``tests/fake_port.py``, ``tests/page/test_corpus_control.py``).

Conventions, shared by every port:

- **Never blocking, callbacks for what comes later.** A port call returns at once. What
  ends later (a timer, the worker's answer, a packed save, a copy) is reported by calling
  the Python callable the controller passed, once.
- **Element updates are data** (:class:`ElementUpdate`): ``{element id: {"text", "chips",
  "attrs", "props", "classes"}}``, written with ``textContent``/``setAttribute`` only; ids
  not on the page are skipped.
- **Painters get JSON text** (:class:`Painting`), once per change.
- **Times** in milliseconds (floats, ``performance.now()``'s clock).
- **Storage** replies are ``(value, error)`` pairs (:class:`StorageReply`): the browser may
  refuse (full, switched off, denied in a cross-site frame), and the error text says why.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol, TypedDict, TypeVar

__all__ = [
    "Chips",
    "ElementUpdate",
    "Updates",
    "StorageReply",
    "PageContext",
    "Elements",
    "Painting",
    "Timers",
    "Downloads",
    "Storage",
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


class StorageReply(NamedTuple):
    """``sessionStorage``'s answer: ``value`` (``getItem``'s text, else None) and ``error``
    (None, or the browser's error name and message when it refused)."""

    value: str | None
    error: str | None


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
    """Reading and writing elements (every port)."""

    def write(self, updates: Updates) -> None:
        """Write element updates (``static/paint.js`` ``bleu2Paint.set``; one call per render)."""

    def read_value(self, element_id: str) -> str:
        """The ``value`` of an input, select or text box ("" when there is no such element)."""


#: A port's painter names (a ``Literal`` of them: each room has its own).
P = TypeVar("P", contravariant=True)


class Painting(Protocol[P]):
    """Building DOM from data, by painters of names ``P`` (every port)."""

    def paint(self, painter: P, data_json: str, target: str = "") -> None:
        """Build DOM from data: ``painter`` with ``data_json`` (``target``: the container's
        id, for the painters that take one)."""


class Timers(Protocol):
    """Timers (every port)."""

    def set_timer(self, ms: float, callback: Callable[[], None]) -> Any:
        """Call ``callback`` once after ``ms`` milliseconds; returns a handle."""

    def clear_timer(self, handle: Any) -> None:
        """Cancel a timer (nothing when it has run)."""


class Downloads(Protocol):
    """Files offered (every port)."""

    def download(self, filename: str, mime: str, text: str) -> None:
        """Offer ``text`` as a file."""


class Storage(Protocol):
    """The tab's storage (``sessionStorage``), for :class:`bleu2.page.tab_storage.TabStore`
    (the sentence view's port gives it; corpus mode keeps its part through that store)."""

    def storage(self, method: Literal["getItem", "setItem", "removeItem"], key: str, value: str = "") -> StorageReply:
        """``sessionStorage.<method>(key[, value])``."""

    def save_plain(self, key: str, meta_json: str) -> str | None:
        """Keep the plain form (``"t1." + {r, c, ...meta}``) written from the boxes'
        texts (not copied out of Python); the browser's error, or None when kept."""

    def save_packed(self, key: str, meta_json: str, wanted: Callable[[], bool], done: Callable[[str], None]) -> None:
        """Pack the same JSON (``"z1."`` + zlib, by the browser in small steps, or at once
        where it has no ``CompressionStream``), then, if
        ``wanted()`` still says so, keep it; ``done("")`` when kept, ``done("superseded")``
        when not wanted any more, else ``done(the browser's error)``."""
