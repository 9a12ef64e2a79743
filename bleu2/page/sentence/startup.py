"""The start-up plan: which texts, options, language and selection the page starts with.

A share link in the URL wins, then what this tab kept, then what is in the boxes (typed
while Python loaded, or put back by the browser on a reload); the language picked while
Python loaded wins over the browser's, and options changed while Python loaded win over
the tab's (:func:`chosen_options`). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .. import i18n
from ..options_form import form_from_options, options_from_form
from ..ports import PageContext
from ..share import PageState, decode_state
from ..tab_storage import decode_tab_state

__all__ = ["RestorePlan", "start_language", "chosen_options", "startup_choice", "restore_plan", "kept_selection"]


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
    """The page's language at start-up: the one picked with the switch while Python loaded,
    else the first of the browser's languages the page has (:func:`bleu2.page.i18n.pick_language`).

    >>> start_language(PageContext(languages=["pt-BR", "en"])), start_language(PageContext(["pt"], "es"))
    ('pt', 'es')
    """
    if context.chosen_language:
        return i18n.language(context.chosen_language)
    return i18n.pick_language(list(context.languages) or ["en"])


def chosen_options(fields: Mapping[str, Any], lang: str = "en") -> dict[str, Any] | None:
    """The options the form holds at start-up when they are not the defaults ``index.html``
    shows (changed while Python loaded, or put back by the browser on a reload), else None.

    Args:
        fields: the form as read (:meth:`bleu2.page.sentence.port.Document.read_form`).
        lang: the page's language (its decimal separator).
    Returns:
        options as :func:`bleu2.page.options_form.options_from_form` reads them (maybe
        refused by the engine: the page then says so), or None.

    >>> chosen_options({"max_order": "4"})["max_order"], chosen_options({"max_order": "2"})
    (4, None)
    """
    options = options_from_form(fields, lang)
    return None if form_from_options(options, lang) == form_from_options({}, lang) else options


def startup_choice(fragment: str, saved: str | None, typed: bool) -> str:
    """Which state the page starts from.

    Args:
        fragment: ``location.hash`` (with its ``#``, or "").
        saved: what the tab's storage holds (None when nothing).
        typed: whether the boxes already hold text (typed while Python loaded, or put
            back by the browser on a reload).
    Returns:
        ``"link"`` (a share link: it wins), ``"tab"`` (the tab's saved state, when nothing
        was typed), ``"typed"`` (keep what is in the boxes; the tab's selection still
        applies when something was saved) or ``"none"``.
    """
    if fragment.startswith("#v"):
        return "link"
    if saved and not typed:
        return "tab"
    if typed:
        return "typed"
    return "none"


def restore_plan(fragment: str, saved: str | None, typed: bool) -> RestorePlan:
    """What the page starts from, decoded (:func:`startup_choice`, then the data).

    Args:
        fragment, saved, typed: as :func:`startup_choice`.
    Returns:
        :class:`RestorePlan`: ``state`` (a state to apply or None), ``message`` (catalog
        key of the status message or None: "link_restored", "state_restored"),
        ``link_error`` (why the share link could not be read or None), ``saved_error``
        (why the tab's saved state could not be read or None), ``forget_saved`` (the
        tab's state is unreadable: drop it), ``keep_selection`` (apply the tab's saved
        selection), ``save`` (save the boxes for the tab at once: text typed while
        Python loaded).
        A broken share link falls back to the tab's state or the typed text, and says why.
    """
    plan: RestorePlan = {
        "state": None,
        "message": None,
        "link_error": None,
        "saved_error": None,
        "forget_saved": False,
        "keep_selection": False,
        "save": False,
    }
    choice = startup_choice(fragment, saved, typed)
    if choice == "link":
        try:
            return {**plan, "state": decode_state(fragment), "message": "link_restored"}
        except ValueError as error:
            plan["link_error"] = str(error)
            choice = startup_choice("", saved, typed)
    if choice == "tab" and saved is not None:
        try:
            state = decode_tab_state(saved)
            texts = any(t.strip() for t in state["references"] + state["candidates"])  # none after Clear
            return {**plan, "state": state, "message": "state_restored" if texts else None, "keep_selection": True}
        except ValueError as error:
            return {**plan, "forget_saved": True, "saved_error": str(error)}
    plan["keep_selection"] = bool(saved)  # the browser put the texts back itself (a reload)
    plan["save"] = choice == "typed"
    return plan


def kept_selection(plan: RestorePlan, saved: str | None, count: int) -> int:
    """The candidate to select at start-up (0-based): the one the tab kept (``saved``, its
    text in sessionStorage) when ``plan`` (:func:`restore_plan`) keeps it and there are
    still that many candidates (``count``); else the first.

    >>> plan = restore_plan("", "t1.{}", True)  # typed, with something kept: the selection applies
    >>> kept_selection(plan, "2", 3), kept_selection(plan, "3", 3)
    (2, 0)
    """
    if not plan["keep_selection"] or saved is None or not str(saved).isdigit() or int(saved) >= count:
        return 0
    return int(saved)
