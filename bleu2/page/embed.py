"""Embed mode (``?embed``): the compact calculator for documentation pages.

``static/embed.js`` marks the page ``<html data-embed>`` before it shows (the stylesheet
then hides everything but the two texts, the score and the terms table: p1…pN, BP, c and
r), and tells the parent page its height (``{"type": "bleu2:height", "height": <px>}``, a
number only). Here: the "open in full" link, which opens the full page with the texts and
options in its fragment, as share links carry them (:func:`bleu2.page.share.encode_state`;
browsers never send the fragment to a server); what the compact calculator shows beyond one
score (:func:`layout_updates`).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import i18n, share
from .options_form import options_are_default
from .port import Updates

__all__ = ["HEIGHT_MESSAGE", "full_link", "layout_updates", "link_updates"]

#: The ``type`` of the message an embedded page posts to its parent (static/embed.js).
HEIGHT_MESSAGE = "bleu2:height"


def full_link(page_state: Mapping[str, Any], pathname: str) -> str:
    """The full page's URL (same origin: a path) with ``page_state`` in the fragment.

    Args:
        page_state: the page's state (see :func:`bleu2.page.share.validate_state`).
        pathname: ``location.pathname`` of the embedded page (its ``?embed`` is dropped).
    Returns:
        ``pathname + "#v1.…"``, or ``pathname`` alone when the fragment would be longer
        than a share link may be (:data:`bleu2.page.share.MAX_CHARS`) or the state is not
        valid.

    Example:
        >>> full_link({"references": ["a b"], "candidates": ["a"], "options": {}}, "/docs/bleu2/")
        '/docs/bleu2/#v1.eNqrVipSsopWSlRIUorVUUoGs5ViawFJsAYy'
    """
    try:
        out = share.share_fragment(page_state)
    except ValueError:
        return pathname
    return pathname if out["too_long"] else f"{pathname}#{out['fragment']}"


def layout_updates(page_state: Mapping[str, Any]) -> Updates:
    """What the compact calculator shows beyond the selected candidate's score: with
    several candidates, the ranking (each candidate's score); with options other than the
    defaults, the signature. Classes ``embed-shown`` on ``#ranking-section`` and
    ``#breakdown-signature`` (static/style.css shows them in ``?embed``)."""
    several = len(page_state.get("candidates") or []) > 1
    options = not options_are_default(page_state.get("options"))
    return {
        "ranking-section": {"classes": {"embed-shown": several}},
        "breakdown-signature": {"classes": {"embed-shown": options}},
    }


def link_updates(page_state: Mapping[str, Any], pathname: str, lang: str = "en") -> Updates:
    """The element updates of an embed (static/paint.js): the "open in full" link
    (``#embed-full``) and :func:`layout_updates`."""
    return {
        "embed-full": {
            "attrs": {"href": full_link(page_state, pathname), "title": i18n.t(lang, "embed_open_full_title")}
        },
        **layout_updates(page_state),
    }
