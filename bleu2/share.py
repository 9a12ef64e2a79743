"""Share links: the page's texts and options packed into the URL fragment (after ``#``).

Browsers never send the fragment to a server, so a shared link carries the texts without
them leaving the machines that open it. Format::

    v1.<base64url(zlib(JSON))>       (no padding; only A-Z a-z 0-9 - _ after "v1.")

where the JSON is compact: ``{"r": [references], "c": [candidates], "o": {options that
differ from DEFAULT_OPTIONS}, "l": lang}`` (``"o"`` and ``"l"`` may be absent).

:func:`decode_state` never trusts its input: it checks the prefix, the alphabet, the
decompressed size (a cap against zip bombs), the JSON and every field's type and value,
and raises ``ValueError`` with a plain message for anything else. The same functions can
keep the page's state in ``sessionStorage``.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from typing import Any, Mapping

from .i18n import LANGUAGES
from .scoring import BleuConfig
from .smoothing import SMOOTHING_METHODS
from .tokenizers import TOKENIZERS

__all__ = [
    "VERSION_PREFIX",
    "MAX_CHARS",
    "MAX_ORDERS",
    "DEFAULT_OPTIONS",
    "normalize_options",
    "options_are_default",
    "validate_state",
    "encode_state",
    "decode_state",
    "share_fragment",
]

VERSION_PREFIX = "v1."

#: Longest fragment offered as a link (characters after ``#``); the issue's "about 8,000".
MAX_CHARS = 8000

#: Max orders the page offers.
MAX_ORDERS = (1, 2, 3, 4)

#: The seed calculator's options (BLEU-2, add-1, the default tokenizer, its lower-casing).
DEFAULT_OPTIONS: dict[str, Any] = {
    "max_order": 2,
    "smoothing": "add-1",
    "tokenizer": "default",
    "lowercase": None,
    "smooth_value": None,
    "effective_order": False,
}

#: Decompressed JSON larger than this is refused (bytes).
MAX_DECODED_BYTES = 4 * 1024 * 1024
#: Fragments longer than this are refused before decoding (characters).
MAX_FRAGMENT_CHARS = 1024 * 1024
#: At most this many boxes of each kind.
MAX_BOXES = 100

_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def normalize_options(options: Mapping[str, Any] | None) -> dict:
    """``options`` completed with :data:`DEFAULT_OPTIONS` and checked.

    Returns:
        a dict with exactly the keys of :data:`DEFAULT_OPTIONS`.
    Raises:
        ValueError: an unknown key, a value of the wrong type or out of range
            (max_order not in 1..4, unknown smoothing or tokenizer, a smooth_value that is
            not a finite number), or a combination the engine refuses.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be an object, not {type(options).__name__}")
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    mo = out["max_order"]
    if isinstance(mo, bool) or not isinstance(mo, int) or mo not in MAX_ORDERS:
        raise ValueError(f"max_order must be one of {', '.join(map(str, MAX_ORDERS))}, got {mo!r}")
    if not isinstance(out["smoothing"], str) or out["smoothing"] not in SMOOTHING_METHODS:
        raise ValueError(f"unknown smoothing {out['smoothing']!r}; valid: {', '.join(SMOOTHING_METHODS)}")
    if not isinstance(out["tokenizer"], str) or out["tokenizer"] not in TOKENIZERS:
        raise ValueError(f"unknown tokenizer {out['tokenizer']!r}; valid: {', '.join(TOKENIZERS)}")
    if out["lowercase"] is not None and not isinstance(out["lowercase"], bool):
        raise ValueError(f"lowercase must be true, false or null, got {out['lowercase']!r}")
    sv = out["smooth_value"]
    if sv is not None:
        if isinstance(sv, bool) or not isinstance(sv, (int, float)) or not math.isfinite(sv):
            raise ValueError(f"smooth_value must be a finite number or null, got {sv!r}")
    if not isinstance(out["effective_order"], bool):
        raise ValueError(f"effective_order must be true or false, got {out['effective_order']!r}")
    try:
        BleuConfig.make(**out)
    except (ValueError, TypeError) as e:
        raise ValueError(str(e)) from None
    return out


def options_are_default(options: Mapping[str, Any] | None) -> bool:
    """Whether ``options`` are the seed defaults (:data:`DEFAULT_OPTIONS`).

    Missing keys count as default, and ``lowercase`` counts by its effect: with the
    default tokenizer, ``True`` and ``None`` (the tokenizer's default) are the same.
    Invalid options are not default (returns False, never raises).
    """
    try:
        opts = normalize_options(options)
    except ValueError:
        return False
    lc = opts["lowercase"]
    if lc is True and opts["tokenizer"] == "default":
        opts["lowercase"] = None
    return opts == DEFAULT_OPTIONS


def _text_list(value, name: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of texts, not {type(value).__name__}")
    if len(value) > MAX_BOXES:
        raise ValueError(f"{name}: at most {MAX_BOXES} texts, got {len(value)}")
    for i, x in enumerate(value):
        if not isinstance(x, str):
            raise ValueError(f"{name}[{i}] must be a text, not {type(x).__name__}")
    return list(value)


def validate_state(state: Mapping[str, Any]) -> dict:
    """Check a page state and return it completed.

    Args:
        state: ``{"references": [str], "candidates": [str], "options": {...}?, "lang": str?}``.
    Returns:
        ``{"references": [str], "candidates": [str], "options": normalize_options(...),
        "lang": str | None}``.
    Raises:
        ValueError: a missing or unknown key, or a wrong type or value.
    """
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
        "references": _text_list(state["references"], "references"),
        "candidates": _text_list(state["candidates"], "candidates"),
        "options": normalize_options(state.get("options")),
        "lang": lang,
    }


def encode_state(state: Mapping[str, Any]) -> str:
    """Pack a page state into a URL fragment (without the ``#``).

    Args:
        state: see :func:`validate_state`.
    Returns:
        ``"v1." + base64url(zlib(compact JSON))``: only ASCII letters, digits, ``.``,
        ``-`` and ``_``, safe in a fragment without escaping.
    Raises:
        ValueError: an invalid state (:func:`validate_state`).
    """
    s = validate_state(state)
    packed: dict[str, Any] = {"r": s["references"], "c": s["candidates"]}
    opts = {k: v for k, v in s["options"].items() if v != DEFAULT_OPTIONS[k] or type(v) is not type(DEFAULT_OPTIONS[k])}
    if opts:
        packed["o"] = opts
    if s["lang"] is not None:
        packed["l"] = s["lang"]
    raw = json.dumps(packed, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    body = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    return VERSION_PREFIX + body


def decode_state(fragment: str) -> dict:
    """Unpack a fragment made by :func:`encode_state`.

    Args:
        fragment: the text after ``#`` (a leading ``#`` is accepted).
    Returns:
        the state as :func:`validate_state` returns it.
    Raises:
        ValueError: anything that is not a valid share fragment; the message says what
            is wrong (version, characters, data, fields). Never another exception.
    """
    if not isinstance(fragment, str):
        raise ValueError(f"a share link fragment is a text, not {type(fragment).__name__}")
    frag = fragment.strip()
    if frag.startswith("#"):
        frag = frag[1:]
    if not frag:
        raise ValueError("the link has no data after #")
    if len(frag) > MAX_FRAGMENT_CHARS:
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
    d = zlib.decompressobj()
    try:
        raw = d.decompress(compressed, MAX_DECODED_BYTES)
        if d.unconsumed_tail:
            raise ValueError("the link's data is too large once unpacked")
        raw += d.flush()
    except zlib.error:
        raise ValueError("the link's data is cut off or altered (cannot be unpacked)") from None
    if not d.eof:
        raise ValueError("the link's data is cut off (incomplete)")
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
    state = {"references": packed["r"], "candidates": packed["c"], "options": packed.get("o", {})}
    if "l" in packed:
        state["lang"] = packed["l"]
    try:
        return validate_state(state)
    except ValueError as e:
        raise ValueError(f"the link's data is not valid: {e}") from None


def share_fragment(state: Mapping[str, Any], max_chars: int = MAX_CHARS) -> dict:
    """The fragment for a share link, or why there is none.

    Args:
        state: see :func:`validate_state`.
        max_chars: longest fragment offered (characters, without the ``#``).
    Returns:
        ``{"fragment": str | None, "too_long": bool, "length": int}``: ``fragment`` is
        None when ``length`` (the encoded length) exceeds ``max_chars``; the page then
        says "Link is too long to share" (``i18n`` key ``share_too_long``) instead of
        making a broken link.
    Raises:
        ValueError: an invalid state.
    """
    fragment = encode_state(state)
    too_long = len(fragment) > max_chars
    return {"fragment": None if too_long else fragment, "too_long": too_long, "length": len(fragment)}
