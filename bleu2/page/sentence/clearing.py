"""Clear and Undo, the sentence view's one rule for emptying the page.

Clear empties the texts (one empty box of each kind, the first candidate selected) and
drops a share link from the URL; the options and the language stay, on the page at once
and for the tab (what a reload shows is what Clear showed). Until the next edit of the
texts, options or selection (a language switch is none), Undo brings back the boxes and
the selection as they were. Works on a :class:`bleu2.page.controller.SentencePage`
through its methods. Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ports import Updates
from .boxes import KINDS

if TYPE_CHECKING:  # the controller imports this module
    from .controller import SentencePage

__all__ = ["STATUS", "Cleared", "undo_updates", "clear", "undo", "forget"]

#: The element of Clear's message ("Texts cleared…", then "Texts brought back.").
STATUS = "clear-status"


@dataclass(frozen=True)
class Cleared:
    """What Clear emptied: the texts of each kind's boxes, in order, and the selected candidate (0-based)."""

    texts: dict[str, list[str]]
    selected: int


def undo_updates(offered: bool) -> Updates:
    """The Undo button, shown while Clear can be undone."""
    return {"clear-undo": {"props": {"hidden": not offered}}}


def clear(page: SentencePage) -> None:
    """Empty the boxes, keep the options and language for the tab, drop the share link;
    offer Undo when there was text to bring back."""
    texts, selected = {kind: page.texts(kind) for kind in KINDS}, page.selected
    had_text = any(t.strip() for kind in KINDS for t in texts[kind])
    forget(page)
    for kind in KINDS:
        page.set_box_count(kind, 1, [""])
    page.selected = 0
    page.port.set_fragment("")
    page.notes.pop("share-status", None)
    page.write({"share-url": {"props": {"value": ""}}, "share-status": {"text": ""}}, force=True)
    page.show_status(restored=None, link_error=None, saved_error=None)
    page.touch()  # rendered: the empty page; kept for the tab with the options and language
    page.save_state()
    if had_text:
        page.cleared = Cleared(texts, selected)
        page.note(STATUS, "cleared")
        page.write(undo_updates(True), force=True)
    page.port.focus("#reference")


def undo(page: SentencePage) -> None:
    """Bring back what Clear emptied (nothing once an edit came after it), kept for the tab."""
    cleared = page.cleared
    if cleared is None:
        return
    forget(page)
    for kind in KINDS:
        page.set_box_count(kind, len(cleared.texts[kind]), cleared.texts[kind])
    page.selected = cleared.selected
    page.touch()
    page.save_state()
    page.note(STATUS, "clear_undone")
    page.port.focus("#reference")


def forget(page: SentencePage) -> None:
    """An edit came: Undo is no longer offered and Clear's message goes."""
    if page.cleared is None and STATUS not in page.notes:
        return
    page.cleared = None
    page.notes.pop(STATUS, None)
    page.write({STATUS: {"text": ""}, **undo_updates(False)}, force=True)
