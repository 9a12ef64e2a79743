"""The small port protocols both rooms' ports compose, and the data they carry.

Their conventions (never blocking, updates as data, milliseconds, storage may refuse): docs/architecture-page.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol, TypedDict, TypeVar

__all__ = [
    "Chips",
    "Updates",
    "StorageReply",
    "PageContext",
    "Elements",
    "Painting",
    "Timers",
    "Downloads",
    "Storage",
    "signature_chips",
]


#: Items shown as one span each (bidi-isolated), ``sep`` between them, CSS class ``class``; ``break``: a ``<wbr>``
#: after each item (functional form: "class" and "break" are keywords).
Chips = TypedDict("Chips", {"items": list[str], "sep": str, "class": str, "break": bool}, total=False)


def signature_chips(signature: str) -> Chips:
    """``signature`` cut after each ``|``, one chip a part: a narrow screen breaks it only there, never in a part."""
    parts = signature.split("|")
    return {"items": [part + "|" for part in parts[:-1]] + parts[-1:], "sep": "", "class": "sig-part", "break": True}


class ElementUpdate(TypedDict, total=False):
    """What to write into one element: ``text``, ``chips``, ``attrs`` (None removes), ``props``, ``classes``."""

    text: str
    chips: Chips
    attrs: dict[str, str | None]
    props: dict[str, Any]
    classes: dict[str, bool]


#: Element updates by element id (``static/paint.js`` ``paint.set``).
Updates = dict[str, ElementUpdate]


class StorageReply(NamedTuple):
    """``sessionStorage``'s answer: ``value`` (``getItem``'s text or None) and ``error`` (None, or why it refused)."""

    value: str | None
    error: str | None


@dataclass(frozen=True)
class PageContext:
    """What the page is when the controller starts, read once by the glue.

    ``frame`` (its name or ""), ``frame_index`` (-1: unknown), ``host`` (``document.referrer``) and ``prefill``
    (``location.hash`` at opening) tell one embed from another. ``texts_shown``: the glue put the tab's texts in the
    boxes before Python ran (static/keep.mjs), so what the boxes hold now is what the person sees and typed.
    ``example``: the page offers the seed's example on a first visit (the full page; :mod:`bleu2.page.sentence.example`).
    """

    languages: Sequence[str] = ("en",)
    chosen_language: str | None = None
    embed: bool = False
    pathname: str = "/"
    frame: str = ""
    frame_index: int = -1
    host: str = ""
    prefill: str = ""
    texts_shown: bool = False
    example: bool = False


class Elements(Protocol):
    """Reading and writing elements (every port)."""

    def write(self, updates: Updates) -> None:
        """Write element updates (one call per render)."""

    def read_value(self, element_id: str) -> str:
        """The ``value`` of an input, select or text box ("" when there is no such element)."""


#: A port's painter names (a ``Literal`` of them: each room has its own).
P = TypeVar("P", contravariant=True)


class Painting(Protocol[P]):
    """Building DOM from data, by painters of names ``P`` (every port)."""

    def paint(self, painter: P, data_json: str, target: str = "") -> None:
        """Build DOM: ``painter`` with ``data_json`` (``target``: the container's id, for painters that take one)."""


class Timers(Protocol):
    def set_timer(self, ms: float, callback: Callable[[], None]) -> Any:
        """Call ``callback`` once after ``ms`` milliseconds; returns a handle."""

    def clear_timer(self, handle: Any) -> None:
        """Cancel a timer (nothing when it has run)."""


class Downloads(Protocol):
    def download(self, filename: str, mime: str, text: str) -> None:
        """Offer ``text`` as a file."""


class Storage(Protocol):
    """The tab's storage (``sessionStorage``), for :class:`bleu2.page.tab_storage.TabStore`."""

    def storage(self, method: Literal["getItem", "setItem", "removeItem"], key: str, value: str = "") -> StorageReply:
        """``sessionStorage.<method>(key[, value])``."""

    def save_plain(self, key: str, meta_json: str) -> str | None:
        """Keep the plain form written from the boxes' texts; the browser's error, or None when kept."""

    def save_packed(self, key: str, meta_json: str, wanted: Callable[[], bool], done: Callable[[str], None]) -> None:
        """Pack the same JSON (``"z1."``), keep it if ``wanted()``; then ``done("" | "superseded" | error)``."""
