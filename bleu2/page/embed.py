"""Embed mode (``?embed``): the compact calculator for documentation pages.

Here: the "open in full" link, what the compact calculator shows beyond one score, and the themes (how they travel:
docs/embedding.md).
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
#: The ``type`` of the message the host script posts to a frame (``"theme"``: one of THEMES).
THEME_MESSAGE = "bleu2:theme"
#: The page's themes (``?theme=`` and the theme message); "auto" follows ``prefers-color-scheme``.
THEMES = ("light", "dark", "auto")
#: How the host script reads the documentation's theme, first match wins: (element, attribute, {value: theme})
#: (MkDocs Material, furo, other Sphinx themes).
HOST_THEMES: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("body", "data-md-color-scheme", {"default": "light", "slate": "dark"}),
    ("body", "data-theme", {"light": "light", "dark": "dark", "auto": "auto"}),
    ("html", "data-theme", {"light": "light", "dark": "dark", "auto": "auto"}),
)
#: Else the iframe's computed ``color-scheme`` (Chromium does not pass it on inside a frame).
FRAME_SCHEMES = {"light": "light", "dark": "dark", "only light": "light", "only dark": "dark"}
#: Where tools/embed_host.js takes :data:`HOST_THEMES` and :data:`FRAME_SCHEMES` (a JSON object).
HOST_THEMES_PLACEHOLDER = "/* HOST_THEMES */{}"


def theme_of(value: object) -> str | None:
    """The theme ``value`` names (one of :data:`THEMES`, case-sensitive), or None for anything else."""
    return value if isinstance(value, str) and value in THEMES else None


def docs_theme(attributes: Mapping[tuple[str, str], str | None], frame_scheme: str = "") -> str | None:
    """The theme the host script sends a frame: the first of :data:`HOST_THEMES` whose attribute holds a known value,
    else the iframe's ``frame_scheme``, else None (the frame keeps ``?theme=`` or "auto")."""
    for element, attribute, values in HOST_THEMES:
        value = attributes.get((element, attribute))
        if value in values:
            return values[value]
    return FRAME_SCHEMES.get(frame_scheme)


def host_script(template: str) -> str:
    """``_site/embed.js`` from tools/embed_host.js, :data:`HOST_THEMES` and :data:`FRAME_SCHEMES` written in.
    Raises ValueError: the template does not hold :data:`HOST_THEMES_PLACEHOLDER` exactly once."""
    if template.count(HOST_THEMES_PLACEHOLDER) != 1:
        raise ValueError(f"the host script's template must hold {HOST_THEMES_PLACEHOLDER!r} once")
    attributes = [[element, attribute, values] for element, attribute, values in HOST_THEMES]
    data = json.dumps({"attributes": attributes, "schemes": FRAME_SCHEMES})
    return template.replace(HOST_THEMES_PLACEHOLDER, data)


def full_link(page_state: Mapping[str, Any], pathname: str) -> str:
    """``pathname + "#v1.…"`` with ``page_state``; ``pathname`` alone if the state is invalid or the link too long."""
    try:
        out = share.share_fragment(page_state)
    except ValueError:
        return pathname
    return pathname if out["too_long"] else f"{pathname}#{out['fragment']}"


def layout_updates(page_state: Mapping[str, Any]) -> Updates:
    """With several candidates the ranking, with options other than the defaults the signature (``embed-shown``)."""
    several = len(page_state.get("candidates") or []) > 1
    options = not options_are_default(page_state.get("options"))
    return {
        "ranking-section": {"classes": {"embed-shown": several}},
        "breakdown-signature": {"classes": {"embed-shown": options}},
    }


def link_updates(page_state: Mapping[str, Any], pathname: str, lang: str = "en") -> Updates:
    """The "open in full" link (``#embed-full``) and :func:`layout_updates`."""
    return {
        "embed-full": {
            "attrs": {"href": full_link(page_state, pathname), "title": i18n.t(lang, "embed_open_full_title")}
        },
        **layout_updates(page_state),
    }
