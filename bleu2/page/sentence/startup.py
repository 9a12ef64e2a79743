"""The start-up plan: which texts, options, language and selection the page starts with.

A share link wins, then the tab's texts, then what is in the boxes; where the glue showed the tab's texts in the boxes
before Python ran (static/keep.mjs), the boxes hold the tab's texts and what was typed since: they are adopted as they
are, never written over (:func:`adopted`). A language or options chosen while Python loaded
win over the browser's and the tab's. In an embed, what was typed while Python loaded wins over its prefill, per kind
of box (:func:`with_typed`): the reader typed it after touching the embed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .. import i18n
from ..options_form import form_from_options, options_from_form
from ..ports import PageContext
from ..share import PageState, decode_state
from ..tab_storage import decode_tab_state

__all__ = [
    "RestorePlan",
    "start_language",
    "chosen_options",
    "startup_choice",
    "restore_plan",
    "kept_selection",
    "with_typed",
    "adopted",
]


class RestorePlan(TypedDict):
    """What the page starts from (:func:`restore_plan`)."""

    state: PageState | None
    message: str | None
    link_error: str | None
    saved_error: str | None
    forget_saved: bool
    keep_selection: bool
    save: bool


def start_language(context: PageContext) -> str:
    """The language picked while Python loaded, else the first of the browser's the page has."""
    if context.chosen_language:
        return i18n.language(context.chosen_language)
    return i18n.pick_language(list(context.languages) or ["en"])


def chosen_options(fields: Mapping[str, Any], lang: str = "en") -> dict[str, Any] | None:
    """The form's options at start-up if they are not ``index.html``'s defaults (maybe refused), else None."""
    options = options_from_form(fields, lang)
    return None if form_from_options(options, lang) == form_from_options({}, lang) else options


def startup_choice(fragment: str, saved: str | None, typed: bool, shown: bool = False) -> str:
    """``"link"``, ``"tab"`` (nothing typed, or the boxes show the tab's texts: ``shown``), ``"typed"`` (the tab's
    selection still applies) or ``"none"``."""
    if fragment.startswith("#v"):
        return "link"
    if saved and (shown or not typed):
        return "tab"
    if typed:
        return "typed"
    return "none"


def restore_plan(
    fragment: str, saved: str | None, typed: bool, shown: Mapping[str, list[str]] | None = None
) -> RestorePlan:
    """What the page starts from, decoded; a broken link falls back to the tab or the typed text and says why.

    ``shown``: the boxes' texts by kind when the glue showed the tab's texts in them before Python ran: the page
    starts from the tab's options and language with these texts (:func:`adopted`; the boxes are not written), and
    keeps them if they differ from the tab's (typed before Python was ready)."""
    plan: RestorePlan = {
        "state": None,
        "message": None,
        "link_error": None,
        "saved_error": None,
        "forget_saved": False,
        "keep_selection": False,
        "save": False,
    }
    choice = startup_choice(fragment, saved, typed, shown is not None)
    if choice == "link":
        try:
            return {**plan, "state": decode_state(fragment), "message": "link_restored"}
        except ValueError as error:
            plan["link_error"] = str(error)
            choice = startup_choice("", saved, typed, shown is not None)
    if choice == "tab" and saved is not None:
        try:
            state = decode_tab_state(saved)
        except ValueError as error:
            return {**plan, "forget_saved": True, "saved_error": str(error), "save": typed}
        save = False
        if shown is not None:
            state, save = adopted(state, shown)
        texts = any(t.strip() for t in state["references"] + state["candidates"])  # none after Clear
        message = "state_restored" if texts else None
        return {**plan, "state": state, "message": message, "keep_selection": True, "save": save}
    plan["keep_selection"] = bool(saved)  # the browser put the texts back itself (a reload)
    plan["save"] = choice == "typed"
    return plan


def adopted(state: PageState, shown: Mapping[str, list[str]]) -> tuple[PageState, bool]:
    """``state`` (the tab's) with the texts the boxes hold (``shown["reference"]``, ``["candidate"]``), and whether
    they differ from the tab's (then they are to be kept)."""
    out = PageState(**state)
    out["references"] = list(shown.get("reference") or [""])
    out["candidates"] = list(shown.get("candidate") or [""])
    changed = (out["references"], out["candidates"]) != (list(state["references"]), list(state["candidates"]))
    return out, changed


def kept_selection(plan: RestorePlan, saved: str | None, count: int) -> int:
    """The candidate to select (0-based): the tab's (``saved``) if ``plan`` keeps it and it is below ``count``."""
    if not plan["keep_selection"] or saved is None or not str(saved).isdigit() or int(saved) >= count:
        return 0
    return int(saved)


def with_typed(state: PageState, typed: Mapping[str, list[str]]) -> PageState:
    """``state`` with the references (candidates) replaced by ``typed["reference"]`` (``["candidate"]``) where any of
    those holds more than blanks (an embed: what its reader typed while Python loaded beats its prefill)."""
    out = PageState(**state)
    if any(t.strip() for t in typed.get("reference", [])):
        out["references"] = list(typed["reference"])
    if any(t.strip() for t in typed.get("candidate", [])):
        out["candidates"] = list(typed["candidate"])
    return out
