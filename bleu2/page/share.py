"""Share links: the page's texts and options packed into the URL fragment (after ``#``).

``v1.<base64url(zlib(JSON))>`` without padding, the JSON ``{"r": [references], "c": [candidates], "o": {options
that differ from the defaults}, "l": lang}`` (``"o"``, ``"l"`` optional). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any, TypedDict

from .i18n import LANGUAGES
from .options_form import DEFAULT_OPTIONS, normalize_options

__all__ = [
    "VERSION_PREFIX",
    "MAX_CHARS",
    "MAX_BOXES",
    "PageState",
    "validate_state",
    "meta_fields",
    "unpack_json",
    "inflate",
    "encode_state",
    "decode_state",
    "share_fragment",
    "share_url",
]


class PageState(TypedDict):
    """The page's state: the boxes' texts in order, every option (checked), the language or None."""

    references: list[str]
    candidates: list[str]
    options: dict[str, Any]
    lang: str | None


class ShareLink(TypedDict):
    """:func:`share_fragment`'s answer: the fragment (None when too long), whether too long, its length."""

    fragment: str | None
    too_long: bool
    length: int


VERSION_PREFIX = "v1."

#: Longest fragment offered as a link (characters after ``#``).
MAX_CHARS = 8000

#: Decompressed JSON larger than this is refused (bytes).
MAX_DECODED_BYTES = 4 * 1024 * 1024

#: Fragments longer than this are refused before decoding (characters).
MAX_FRAGMENT_CHARS = 1024 * 1024

#: At most this many boxes of each kind in a link.
MAX_BOXES = 100

_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def _text_list(value: Any, name: str, max_boxes: int | None = MAX_BOXES) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of texts, not {type(value).__name__}")
    if max_boxes is not None and len(value) > max_boxes:
        raise ValueError(f"{name}: at most {MAX_BOXES} texts, got {len(value)}")
    for i, x in enumerate(value):
        if not isinstance(x, str):
            raise ValueError(f"{name}[{i}] must be a text, not {type(x).__name__}")
    return list(value)


def validate_state(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> PageState:
    """``state`` checked and completed (options normalized); ``max_boxes``: None for any number (the tab's storage).
    Raises ValueError: a missing or unknown key, or a wrong type or value."""
    if not isinstance(state, Mapping):
        raise ValueError(f"the state must be an object, not {type(state).__name__}")
    unknown = sorted(str(k) for k in state if k not in ("references", "candidates", "options", "lang"))
    if unknown:
        raise ValueError(f"unknown field(s): {', '.join(unknown)}")
    for key in ("references", "candidates"):
        if key not in state:
            raise ValueError(f"missing field: {key}")
    lang = state.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; valid: {', '.join(LANGUAGES)}")
    return {
        "references": _text_list(state["references"], "references", max_boxes),
        "candidates": _text_list(state["candidates"], "candidates", max_boxes),
        "options": normalize_options(state.get("options")),
        "lang": lang,
    }


def meta_fields(s: PageState) -> dict[str, Any]:
    """A checked state's ``"o"`` (options that differ from the defaults) and ``"l"``, each only if there is one."""
    out: dict[str, Any] = {}
    opts = {k: v for k, v in s["options"].items() if v != DEFAULT_OPTIONS[k] or type(v) is not type(DEFAULT_OPTIONS[k])}
    if opts:
        out["o"] = opts
    if s["lang"] is not None:
        out["l"] = s["lang"]
    return out


def pack_json(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> str:
    """The compact JSON of a state, as every form carries it: ``{"r", "c", "o"?, "l"?}``."""
    s = validate_state(state, max_boxes)
    return json.dumps(
        {"r": s["references"], "c": s["candidates"], **meta_fields(s)}, ensure_ascii=False, separators=(",", ":")
    )


def utf8(text: str) -> bytes:
    """UTF-8 bytes of a text that may hold lone surrogates (a box can)."""
    return text.encode("utf-8", "surrogatepass")


def encode_state(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> str:
    """``"v1." + base64url(zlib(compact JSON))`` of ``state`` (safe in a fragment without escaping).
    Raises ValueError: an invalid state (:func:`validate_state`)."""
    body = base64.urlsafe_b64encode(zlib.compress(utf8(pack_json(state, max_boxes)), 9)).rstrip(b"=").decode("ascii")
    return VERSION_PREFIX + body


def unpack_json(raw: bytes, max_boxes: int | None) -> PageState:
    """A state from the compact JSON of :func:`pack_json`, checked.
    Raises ValueError: not that JSON, or a field of the wrong type or value."""
    try:
        packed = json.loads(raw.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError("the link's data is not valid (not JSON text)") from None
    if not isinstance(packed, dict):
        raise ValueError("the link's data is not valid (not an object)")
    unknown = sorted(str(k) for k in packed if k not in ("r", "c", "o", "l"))
    if unknown:
        raise ValueError(f"the link's data has unknown field(s): {', '.join(unknown)}")
    if "r" not in packed or "c" not in packed:
        raise ValueError("the link's data has no references or no candidates")
    state: dict[str, Any] = {"references": packed["r"], "candidates": packed["c"], "options": packed.get("o", {})}
    if "l" in packed:
        state["lang"] = packed["l"]
    try:
        return validate_state(state, max_boxes)
    except ValueError as e:
        raise ValueError(f"the link's data is not valid: {e}") from None


def inflate(compressed: bytes, limit: int | None) -> bytes:
    """The zlib stream ``compressed`` unpacked, at most ``limit`` bytes (None: any).
    Raises ValueError: cut off, altered, or larger than ``limit``."""
    d = zlib.decompressobj()
    try:
        raw = d.decompress(compressed, limit or 0)
        if d.unconsumed_tail:
            raise ValueError("the link's data is too large once unpacked")
        raw += d.flush()
    except zlib.error:
        raise ValueError("the link's data is cut off or altered (cannot be unpacked)") from None
    if not d.eof:
        raise ValueError("the link's data is cut off (incomplete)")
    return raw


def decode_state(fragment: str, limit: int | None = MAX_DECODED_BYTES) -> PageState:
    """Unpack a fragment of :func:`encode_state` (a leading ``#`` accepted); ``limit``: the largest unpacked size in
    bytes and at most :data:`MAX_BOXES` boxes (None: the tab's own storage).
    Raises ValueError: anything not a valid share fragment, saying what is wrong; never another exception."""
    if not isinstance(fragment, str):
        raise ValueError(f"a share link fragment is a text, not {type(fragment).__name__}")
    max_boxes = MAX_BOXES if limit is not None else None
    frag = fragment.strip()
    if frag.startswith("#"):
        frag = frag[1:]
    if not frag:
        raise ValueError("the link has no data after #")
    if limit is not None and len(frag) > MAX_FRAGMENT_CHARS:
        raise ValueError(f"the link is too long to be a share link ({len(frag)} characters)")
    if not frag.startswith(VERSION_PREFIX):
        m = re.match(r"v(\d+)\.", frag)
        if m:
            raise ValueError(f"this link was made by a newer version of the page (format v{m.group(1)})")
        raise ValueError("this is not a bleu2 share link (it does not start with v1.)")
    body = frag[len(VERSION_PREFIX) :]
    if not _B64URL.fullmatch(body):
        raise ValueError("the link contains characters a share link never has (it may be cut or altered)")
    if len(body) % 4 == 1:
        raise ValueError("the link's data is cut off or altered (bad length)")
    try:
        compressed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("the link's data is cut off or altered (not base64url)") from None
    return unpack_json(inflate(compressed, limit), max_boxes)


def share_fragment(state: Mapping[str, Any], max_chars: int = MAX_CHARS) -> ShareLink:
    """The fragment for a share link; None when longer than ``max_chars`` (the page says "Link is too long").
    Raises ValueError: an invalid state."""
    fragment = encode_state(state, None)
    boxes = max(len(state["references"]), len(state["candidates"]))
    too_long = len(fragment) > max_chars or boxes > MAX_BOXES
    return {"fragment": None if too_long else fragment, "too_long": too_long, "length": len(fragment)}


def share_url(href: str, fragment: str | None) -> str:
    """``href`` (``location.href``: Firefox's ``location.origin`` is "null" for ``file:``) with its fragment replaced
    by ``fragment`` (None or "": none)."""
    base = href.split("#", 1)[0]
    return f"{base}#{fragment}" if fragment else base
