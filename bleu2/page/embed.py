"""Embed mode (``?embed``): the compact calculator for documentation pages.

``static/embed.js`` marks the page ``<html data-embed>`` before it shows (the stylesheet
then hides everything but the two texts, the score and the terms table: p1…pN, BP, c and
r), and tells the parent page its height (``{"type": "bleu2:height", "height": <px>}``, a
number only). Here: the "open in full" link, which opens the full page with the texts and
options in its fragment, as share links carry them (:func:`bleu2.page.share.encode_state`;
browsers never send the fragment to a server).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import i18n, share
from .port import Updates

__all__ = ["HEIGHT_MESSAGE", "full_link", "link_updates"]

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


def link_updates(page_state: Mapping[str, Any], pathname: str, lang: str = "en") -> Updates:
    """The element update of the "open in full" link (``#embed-full``) for static/paint.js."""
    return {
        "embed-full": {
            "attrs": {"href": full_link(page_state, pathname), "title": i18n.t(lang, "embed_open_full_title")}
        }
    }
