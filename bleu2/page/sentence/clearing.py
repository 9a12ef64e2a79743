"""Clear and Undo, the sentence view's one rule for emptying the page.

Clear empties the texts and drops a share link; options and language stay. Until the next edit (a language switch is
none), Undo brings back the boxes and the selection.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..ports import Updates
from .boxes import KINDS
from .port import Document, Location

__all__ = ["ClearingPage", "Clearing"]

#: The element of Clear's message ("Texts cleared…", then "Texts brought back.").
STATUS = "clear-status"


@dataclass(frozen=True)
class Cleared:
    """What Clear emptied: each kind's texts, in order, and the selected candidate (0-based)."""

    texts: dict[str, list[str]]
    selected: int


class ClearingPort(Document, Location, Protocol): ...


class ClearingPage(Protocol):
    """What Clear and Undo use of the sentence view."""

    selected: int  #: the selected candidate (0-based)

    @property
    def port(self) -> ClearingPort: ...

    def texts(self, kind: str) -> list[str]: ...

    def set_box_count(self, kind: str, count: int, values: list[str] | None = None) -> None: ...

    def write(self, updates: Updates, force: bool = False) -> None: ...

    def note(self, element_id: str, key: str, **numbers: int) -> None: ...

    def drop_note(self, element_id: str) -> bool: ...

    def show_status(self, **changes: Any) -> None: ...

    def touch(self, render: bool = True, edit: bool = True) -> None: ...

    def save_state(self, later: bool = False) -> None: ...


def undo_updates(offered: bool) -> Updates:
    """The Undo button, shown while Clear can be undone."""
    return {"clear-undo": {"props": {"hidden": not offered}}}


class Clearing:
    """Clear and Undo on ``page``, and what Undo brings back (until the next edit)."""

    def __init__(self, page: ClearingPage) -> None:
        self.page = page
        self.cleared: Cleared | None = None

    def clear(self) -> None:
        """Empty the boxes, keep options and language for the tab, drop the link; offer Undo if text was cleared."""
        page = self.page
        texts, selected = {kind: page.texts(kind) for kind in KINDS}, page.selected
        had_text = any(t.strip() for kind in KINDS for t in texts[kind])
        self.forget()
        for kind in KINDS:
            page.set_box_count(kind, 1, [""])
        page.selected = 0
        page.port.set_fragment("")
        page.drop_note("share-status")
        page.write({"share-url": {"props": {"value": ""}}, "share-status": {"text": ""}}, force=True)
        page.show_status(restored=None, link_error=None, saved_error=None)
        page.touch()  # rendered: the empty page; kept for the tab with the options and language
        page.save_state()
        if had_text:
            self.cleared = Cleared(texts, selected)
            page.note(STATUS, "cleared")
            page.write(undo_updates(True), force=True)
        page.port.focus("#reference")

    def undo(self) -> None:
        """Bring back what Clear emptied (nothing once an edit came after it), kept for the tab."""
        cleared, page = self.cleared, self.page
        if cleared is None:
            return
        self.forget()
        for kind in KINDS:
            page.set_box_count(kind, len(cleared.texts[kind]), cleared.texts[kind])
        page.selected = cleared.selected
        page.touch()
        page.save_state()
        page.note(STATUS, "clear_undone")
        page.port.focus("#reference")

    def forget(self) -> None:
        """An edit came: Undo is no longer offered and Clear's message goes."""
        if not self.page.drop_note(STATUS) and self.cleared is None:
            return
        self.cleared = None
        self.page.write({STATUS: {"text": ""}, **undo_updates(False)}, force=True)
