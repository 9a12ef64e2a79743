"""Embed mode (``?embed``): the compact calculator for documentation pages.

``static/embed.js`` marks the page ``<html data-embed>`` before it shows (the stylesheet
then hides everything but the two texts, the score and the terms table: p1…pN, BP, c and
r), and tells the parent page its height (``{"type": "bleu2:height", "height": <px>}``, a
number only) once the page has started and whenever it changes. It also takes the theme
(:data:`THEMES`) from ``?theme=`` and from the parent's ``{"type": "bleu2:theme", "theme":
…}`` messages, which the host script (``_site/embed.js``, built from tools/embed_host.js
with :data:`HOST_THEMES`) sends when the documentation switches its theme.

Here: the "open in full" link, which opens the full page with the texts and options in its
fragment, as share links carry them (:func:`bleu2.page.share.encode_state`; browsers never
send the fragment to a server); what the compact calculator shows beyond one score
(:func:`layout_updates`); the themes and how the host script reads a documentation theme.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import i18n, share
from .options_form import options_are_default
from .ports import Updates

__all__ = [
    "HEIGHT_MESSAGE",
    "FRAME_SCHEMES",
    "HOST_THEMES",
    "THEMES",
    "THEME_MESSAGE",
    "docs_theme",
    "full_link",
    "host_script",
    "layout_updates",
    "link_updates",
    "theme_of",
]

#: The ``type`` of the message an embedded page posts to its parent (static/embed.js).
HEIGHT_MESSAGE = "bleu2:height"
#: The ``type`` of the message the host script posts to a frame: ``{"type": THEME_MESSAGE,
#: "theme": one of THEMES}``.
THEME_MESSAGE = "bleu2:theme"
#: The page's themes (``?theme=`` and the theme message; static/embed.js lists the same):
#: "auto" follows the frame's ``prefers-color-scheme`` (the operating system's, or the
#: ``color-scheme`` the parent gives the iframe element).
THEMES = ("light", "dark", "auto")
#: How the host script reads the documentation's theme, first match wins: (element,
#: attribute, {attribute value: theme}). MkDocs Material writes its palette's scheme on
#: ``<body data-md-color-scheme>`` ("default" or "slate", or a custom scheme: unknown
#: values are not read); furo writes ``data-theme`` ("light", "dark", "auto") on ``<body>``;
#: other Sphinx themes (pydata-sphinx-theme, sphinx-book-theme) on ``<html>``.
HOST_THEMES: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("body", "data-md-color-scheme", {"default": "light", "slate": "dark"}),
    ("body", "data-theme", {"light": "light", "dark": "dark", "auto": "auto"}),
    ("html", "data-theme", {"light": "light", "dark": "dark", "auto": "auto"}),
)
#: Where no documentation theme is found, the theme of the iframe element's computed
#: ``color-scheme`` (Chromium does not pass it on to ``prefers-color-scheme`` inside a
#: frame, so the host script does); "light dark" and "normal" are not read.
FRAME_SCHEMES = {"light": "light", "dark": "dark", "only light": "light", "only dark": "dark"}
#: Where tools/embed_host.js takes :data:`HOST_THEMES` and :data:`FRAME_SCHEMES` (a JSON object).
HOST_THEMES_PLACEHOLDER = "/* HOST_THEMES */{}"


def theme_of(value: object) -> str | None:
    """The theme ``value`` names (one of :data:`THEMES`), or None for anything else.

    >>> theme_of("dark"), theme_of("Dark"), theme_of(None)
    ('dark', None, None)
    """
    return value if isinstance(value, str) and value in THEMES else None


def docs_theme(attributes: Mapping[tuple[str, str], str | None], frame_scheme: str = "") -> str | None:
    """The theme the host script sends a frame: the first of :data:`HOST_THEMES` whose
    attribute holds a known value, else the iframe's ``color-scheme`` (:data:`FRAME_SCHEMES`).

    Args:
        attributes: ``{(element, attribute): value or None}``, element "html" or "body".
        frame_scheme: the iframe element's computed ``color-scheme``.
    Returns:
        One of :data:`THEMES`, or None when neither says (the host script then sends
        nothing and the frame keeps ``?theme=`` or "auto").

    >>> docs_theme({("body", "data-md-color-scheme"): "slate"}), docs_theme({}, "only dark")
    ('dark', 'dark')
    """
    for element, attribute, values in HOST_THEMES:
        value = attributes.get((element, attribute))
        if value in values:
            return values[value]
    return FRAME_SCHEMES.get(frame_scheme)


def host_script(template: str) -> str:
    """``_site/embed.js`` from tools/embed_host.js: :data:`HOST_THEMES` and
    :data:`FRAME_SCHEMES` written in.

    Raises:
        ValueError: the template does not hold :data:`HOST_THEMES_PLACEHOLDER` exactly once.
    """
    if template.count(HOST_THEMES_PLACEHOLDER) != 1:
        raise ValueError(f"the host script's template must hold {HOST_THEMES_PLACEHOLDER!r} once")
    attributes = [[element, attribute, values] for element, attribute, values in HOST_THEMES]
    data = json.dumps({"attributes": attributes, "schemes": FRAME_SCHEMES})
    return template.replace(HOST_THEMES_PLACEHOLDER, data)


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
