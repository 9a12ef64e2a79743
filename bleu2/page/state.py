"""The page's state: share links, the tab's saved texts, the options form, the start-up choice.

Share links: the page's texts and options packed into the URL fragment (after ``#``).

Browsers never send the fragment to a server, so a shared link carries the texts without
them leaving the machines that open it. Format::

    v1.<base64url(zlib(JSON))>       (no padding; only A-Z a-z 0-9 - _ after "v1.")

where the JSON is compact: ``{"r": [references], "c": [candidates], "o": {options that
differ from DEFAULT_OPTIONS}, "l": lang}`` (``"o"`` and ``"l"`` may be absent).

:func:`decode_state` never trusts its input: it checks the prefix, the alphabet, the
decompressed size (a cap against zip bombs), the JSON and every field's type and value,
and raises ``ValueError`` with a plain message for anything else.

The tab's own storage (``sessionStorage``) is not a share link and has no length limit
(:func:`decode_state` with ``limit=None``). It is written on edits (:func:`save_now`),
so it uses forms that are quick to make (:func:`keep_for_tab`)::

    t1.<compact JSON>                  (the same JSON, uncompressed: nothing to compute;
                                        :func:`encode_tab_state`)
    z1.<latin-1 text of zlib(JSON)>    (level 1, one character per byte: when the browser
                                        refuses the plain form for its size; Chromium keeps
                                        about 5.2 million characters per tab and origin;
                                        :func:`pack_tab_state`)

The options form (:func:`options_from_form`, :func:`form_from_options`) and which state
the page starts from (:func:`startup_choice`) are decided here too, so that
``static/app.py`` only reads and writes the page.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from collections.abc import Mapping
from typing import Any

from ..options import DEFAULTS, EMPTY_REFERENCES, SACREBLEU_OPTIONS, BleuConfig
from ..smoothing import SMOOTHING_METHODS
from ..tokenizers import TOKENIZERS
from . import i18n
from .i18n import LANGUAGES

__all__ = [
    "STORAGE_KEY",
    "SELECTED_KEY",
    "kept_selection",
    "apply_read",
    "VERSION_PREFIX",
    "MAX_CHARS",
    "MAX_ORDERS",
    "DEFAULT_OPTIONS",
    "SACREBLEU_PAGE_OPTIONS",
    "normalize_options",
    "options_are_default",
    "validate_state",
    "encode_state",
    "decode_state",
    "tab_meta",
    "encode_tab_state",
    "pack_tab_state",
    "keep_for_tab",
    "save_now",
    "save_ended",
    "storage_problem",
    "share_fragment",
    "options_from_form",
    "form_from_options",
    "startup_choice",
    "restore_plan",
    "selection_after_removal",
]

VERSION_PREFIX = "v1."
#: The tab's storage forms (:func:`tab_state_forms`); never accepted from a link.
TAB_PREFIX = "t1."
TAB_PACKED_PREFIX = "z1."

#: When edits are kept for the tab (:func:`save_now`): at once (on the input event) while
#: all texts together are at most SAVE_AT_ONCE_CHARS characters, after each pause in typing
#: up to SAVE_AFTER_PAUSE_CHARS, longer ones after a pause at most every SLOW_SAVE_EVERY_MS
#: (packing them takes a second or more), and always when the page is hidden or left (``pagehide``,
#: ``visibilitychange``).
SAVE_AT_ONCE_CHARS = 256 * 1024
SAVE_AFTER_PAUSE_CHARS = 4 * 1024 * 1024
SLOW_SAVE_EVERY_MS = 30_000

#: Longest fragment offered as a link (characters after ``#``); the issue's "about 8,000".
MAX_CHARS = 8000

#: Max orders the page offers.
MAX_ORDERS = (1, 2, 3, 4)

#: The options the page offers (every option but ``weights``) with their defaults, the
#: classic BLEU-2 calculator's (:data:`bleu2.options.DEFAULTS`).
#: (``ref_length`` and ``rstrip`` are not offered yet: they come with the page's presets.)
DEFAULT_OPTIONS: dict[str, Any] = {k: v for k, v in DEFAULTS.items() if k not in ("weights", "ref_length", "rstrip")}

#: The page's options under which it gives sacreBLEU's numbers (its "sacreBLEU defaults"
#: button): :data:`bleu2.options.SACREBLEU_OPTIONS` on top of :data:`DEFAULT_OPTIONS`.
SACREBLEU_PAGE_OPTIONS: dict[str, Any] = {
    **DEFAULT_OPTIONS,
    **{k: v for k, v in SACREBLEU_OPTIONS.items() if k in DEFAULT_OPTIONS},
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
    if sv is not None and (isinstance(sv, bool) or not isinstance(sv, (int, float)) or not math.isfinite(sv)):
        raise ValueError(f"smooth_value must be a finite number or null, got {sv!r}")
    if not isinstance(out["effective_order"], bool):
        raise ValueError(f"effective_order must be true or false, got {out['effective_order']!r}")
    if out["empty_references"] not in EMPTY_REFERENCES:
        raise ValueError(
            f"empty_references must be one of {', '.join(EMPTY_REFERENCES)}, got {out['empty_references']!r}"
        )
    try:
        BleuConfig.make(**out)
    except (ValueError, TypeError) as e:
        raise ValueError(str(e)) from None
    return out


def options_are_default(options: Mapping[str, Any] | None) -> bool:
    """Whether ``options`` are the defaults (:data:`DEFAULT_OPTIONS`).

    Missing keys count as default, and every option counts by its effect: with the
    default tokenizer, ``lowercase`` ``True`` and ``None`` (the tokenizer's default) are
    the same, and so are a smoothing parameter and its default value.
    Invalid options are not default (returns False, never raises).
    """
    try:
        opts = normalize_options(options)
    except ValueError:
        return False
    return BleuConfig.make(**opts) == BleuConfig.make(**DEFAULT_OPTIONS)


def _text_list(value, name: str, max_boxes: int | None = MAX_BOXES) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of texts, not {type(value).__name__}")
    if max_boxes is not None and len(value) > max_boxes:
        raise ValueError(f"{name}: at most {MAX_BOXES} texts, got {len(value)}")
    for i, x in enumerate(value):
        if not isinstance(x, str):
            raise ValueError(f"{name}[{i}] must be a text, not {type(x).__name__}")
    return list(value)


def validate_state(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> dict:
    """Check a page state and return it completed.

    Args:
        state: ``{"references": [str], "candidates": [str], "options": {...}?, "lang": str?}``.
        max_boxes: at most this many boxes of each kind (None: any number, for the tab's
            own storage: the page lets a person add as many as they like).
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
        "references": _text_list(state["references"], "references", max_boxes),
        "candidates": _text_list(state["candidates"], "candidates", max_boxes),
        "options": normalize_options(state.get("options")),
        "lang": lang,
    }


def _meta(s: Mapping[str, Any]) -> dict:
    """The fields of a checked state's compact JSON after its texts: ``"o"`` (the options
    that differ from the defaults) and ``"l"`` (the language), each only when there is one."""
    out: dict[str, Any] = {}
    opts = {k: v for k, v in s["options"].items() if v != DEFAULT_OPTIONS[k] or type(v) is not type(DEFAULT_OPTIONS[k])}
    if opts:
        out["o"] = opts
    if s["lang"] is not None:
        out["l"] = s["lang"]
    return out


def _pack(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> str:
    """The compact JSON of a state, as every form carries it: ``{"r", "c", "o"?, "l"?}``."""
    s = validate_state(state, max_boxes)
    return json.dumps(
        {"r": s["references"], "c": s["candidates"], **_meta(s)}, ensure_ascii=False, separators=(",", ":")
    )


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def encode_state(state: Mapping[str, Any], max_boxes: int | None = MAX_BOXES) -> str:
    """Pack a page state into a URL fragment (without the ``#``).

    Args:
        state: see :func:`validate_state`.
        max_boxes: as :func:`validate_state` (a link that :func:`decode_state` reads
            back has at most :data:`MAX_BOXES` of each kind).
    Returns:
        ``"v1." + base64url(zlib(compact JSON))``: only ASCII letters, digits, ``.``,
        ``-`` and ``_``, safe in a fragment without escaping.
    Raises:
        ValueError: an invalid state (:func:`validate_state`).
    """
    body = base64.urlsafe_b64encode(zlib.compress(_utf8(_pack(state, max_boxes)), 9)).rstrip(b"=").decode("ascii")
    return VERSION_PREFIX + body


def tab_meta(state: Mapping[str, Any]) -> dict:
    """Everything of a state but its texts, as its compact JSON carries it: ``{"o":
    options that differ from the defaults, "l": lang}`` (either may be absent)."""
    return _meta(validate_state(dict(state, references=[], candidates=[]), None))


def encode_tab_state(state: Mapping[str, Any]) -> str:
    """The tab's plain form of a state: ``"t1." + compact JSON`` (no compression, so it
    costs next to nothing on every edit). Read back by :func:`decode_state` with
    ``limit=None`` only.

    The page writes this form itself from its text boxes (``static/paint.js``
    ``bleu2Paint.save``: ``"t1." + JSON.stringify({r, c, ...tab_meta})``, the same text for
    the same state), so that megabytes of text are not copied from Python to JavaScript.

    Raises:
        ValueError: an invalid state (:func:`validate_state`, any number of boxes).
    """
    return TAB_PREFIX + _pack(state, None)


def pack_tab_state(state: Mapping[str, Any]) -> str:
    """The tab's packed form: ``"z1."`` + the zlib-compressed JSON (level 1: quick) as
    latin-1 text, one character per byte, for when the browser refuses the plain form as
    too large (about 2.5 times smaller for prose).

    Raises:
        ValueError: an invalid state.
    """
    return TAB_PACKED_PREFIX + zlib.compress(_utf8(_pack(state, None)), 1).decode("latin-1")


def keep_for_tab(state: Mapping[str, Any], store_plain, store, store_packed_later=None) -> str | None:
    """Keep ``state`` in the tab's storage: the plain form, else (refused as too large) the
    packed form.

    Args:
        state: the page state (:func:`validate_state`).
        store_plain: ``store_plain(meta_json)`` writes the plain form
            (:func:`encode_tab_state`) of the page's boxes with the JSON of
            :func:`tab_meta`; store: ``store(text)`` writes ``text``. Each returns None
            when the browser kept it, else the browser's error text.
        store_packed_later: ``store_packed_later(meta_json)``, when given, packs and writes
            the packed form itself, off the current task (``static/paint.js``
            ``savePacked``: the same zlib stream, compressed by the browser in small steps,
            so megabytes do not hold the page), and reports by itself.
    Returns:
        None when a form was kept, ``"later"`` when ``store_packed_later`` was called, else
        :func:`storage_problem` of the refusal: ``"full"`` (both forms too large) or
        ``"denied"`` (not retried: no form helps).
    """
    meta = json.dumps(tab_meta(state), ensure_ascii=False)
    problem = storage_problem(store_plain(meta))
    if problem == "full" and store_packed_later is not None:
        store_packed_later(meta)
        return "later"
    if problem == "full":
        problem = storage_problem(store(pack_tab_state(state)))
    return problem


def save_ended(error: str | None, edits_at_start: int, edits_now: int) -> dict | None:
    """What a save that ended after its task (``static/paint.js`` ``savePacked``) means:
    None when a newer save superseded it (that one decides), else ``{"problem":
    :func:`storage_problem` of ``error``, "unsaved": whether the texts still need keeping}``
    (refused, or edited since the save started).

    >>> save_ended("", 3, 3), save_ended("", 3, 4)
    ({'problem': None, 'unsaved': False}, {'problem': None, 'unsaved': True})
    >>> save_ended("superseded", 3, 3) is None, save_ended("QuotaExceededError x", 3, 3)["problem"]
    (True, 'full')
    """
    if error == "superseded":
        return None
    problem = storage_problem(error or None)
    return {"problem": problem, "unsaved": problem is not None or edits_now != edits_at_start}


def save_now(state: Mapping[str, Any], moment: str, waited_ms: float = float("inf")) -> bool:
    """Whether to keep the texts for the tab now, by the size of all texts together.

    Args:
        state: the page state.
        moment: ``"input"`` (an input event: at once up to :data:`SAVE_AT_ONCE_CHARS`),
            ``"pause"`` (a pause in typing: up to :data:`SAVE_AFTER_PAUSE_CHARS` every time,
            longer texts, whose packing takes seconds, at most every
            :data:`SLOW_SAVE_EVERY_MS`) or ``"hide"`` (the page is hidden or left: always).
        waited_ms: milliseconds since the texts were last kept.
    """
    if moment == "hide":
        return True
    size = sum(len(t) for key in ("references", "candidates") for t in state[key])
    if moment == "input":
        return size <= SAVE_AT_ONCE_CHARS
    return size <= SAVE_AFTER_PAUSE_CHARS or waited_ms >= SLOW_SAVE_EVERY_MS


def storage_problem(error: str | None) -> str | None:
    """What a refused ``sessionStorage.setItem`` means, from the error's text: ``"full"``
    (``QuotaExceededError``: the texts are too large for the browser's share), ``"denied"``
    (any other refusal: storage switched off or blocked, as in a cross-site frame), or
    None when nothing was refused."""
    if error is None:
        return None
    return "full" if "quota" in error.lower() else "denied"


def _unpack(raw: bytes, max_boxes: int | None) -> dict:
    """A state from the compact JSON of :func:`_pack`, checked."""
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
        return validate_state(state, max_boxes)
    except ValueError as e:
        raise ValueError(f"the link's data is not valid: {e}") from None


def _inflate(compressed: bytes, limit: int | None) -> bytes:
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


def decode_state(fragment: str, limit: int | None = MAX_DECODED_BYTES) -> dict:
    """Unpack a fragment made by :func:`encode_state` (or, with ``limit=None``, what the
    tab's storage holds: :func:`tab_state_forms` too).

    Args:
        fragment: the text after ``#`` (a leading ``#`` is accepted).
        limit: the largest unpacked size accepted, in bytes (a guard against zip bombs
            in links), and links are limited to :data:`MAX_BOXES` boxes of each kind;
            None for the tab's own storage, which only this page writes.
    Returns:
        the state as :func:`validate_state` returns it.
    Raises:
        ValueError: anything that is not a valid share fragment; the message says what
            is wrong (version, characters, data, fields). Never another exception.
    """
    if not isinstance(fragment, str):
        raise ValueError(f"a share link fragment is a text, not {type(fragment).__name__}")
    max_boxes = MAX_BOXES if limit is not None else None
    if limit is None and fragment.startswith(TAB_PREFIX):
        return _unpack(fragment[len(TAB_PREFIX) :].encode("utf-8", "surrogatepass"), None)
    if limit is None and fragment.startswith(TAB_PACKED_PREFIX):
        try:
            compressed = fragment[len(TAB_PACKED_PREFIX) :].encode("latin-1")
        except UnicodeEncodeError:
            raise ValueError("the saved data is altered (not one byte per character)") from None
        return _unpack(_inflate(compressed, None), None)
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
    return _unpack(_inflate(compressed, limit), max_boxes)


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
    fragment = encode_state(state, None)
    boxes = max(len(state["references"]), len(state["candidates"]))
    too_long = len(fragment) > max_chars or boxes > MAX_BOXES
    return {"fragment": None if too_long else fragment, "too_long": too_long, "length": len(fragment)}


# --------------------------------------------------------------------------- the options form

#: The choices of the lowercase field: the tokenizer's default, yes, no.
LOWERCASE_CHOICES = ("auto", "yes", "no")

# ASCII digits only (\d would also take "١" or "１", which float() reads)
_PLAIN_DECIMAL = {
    ".": re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"),
    ",": re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"),
}


def parse_decimal(text: str, lang: str = "en") -> float | None:
    """A number typed in a form field, or None when ``text`` is not a plain decimal.

    Plain decimals only: ASCII digits with one decimal point (``0.5``, ``.5``, ``5``), or,
    in a language that writes a decimal comma (Spanish, Portuguese), a comma instead
    (``0,5``); no exponent, no ``_``, no ``inf``/``nan``, no grouping, no other digits
    (``١``, ``１``).

    Example:
        >>> parse_decimal("0,25", "es"), parse_decimal("1e400"), parse_decimal("1_0")
        (0.25, None, None)
    """
    text = text.strip()
    if not _PLAIN_DECIMAL[i18n.decimal_separator(lang)].fullmatch(text):
        return None
    return float(text.replace(",", "."))


def format_decimal(value: float, lang: str = "en") -> str:
    """A number for a form field, as :func:`parse_decimal` reads it back (``0,1`` in es/pt)."""
    text = repr(float(value))
    if "e" in text or "E" in text:
        text = f"{value:.15f}".rstrip("0").rstrip(".")
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", i18n.decimal_separator(lang))


def options_from_form(fields: Mapping[str, Any], lang: str = "en") -> dict:
    """The options typed in the page's form.

    Args:
        fields: the form's values as the page reads them: ``max_order`` (text),
            ``smoothing``, ``tokenizer``, ``lowercase`` (one of :data:`LOWERCASE_CHOICES`),
            ``smooth_value`` (the text typed; ignored when ``smooth_value_enabled`` is
            false), ``effective_order`` (bool), ``empty_references``.
        lang: the page's language (its decimal separator).
    Returns:
        options for :func:`normalize_options` / ``bleu2.BLEU``. A smoothing parameter
        that is not a plain decimal is passed on as the text typed, so that the engine
        refuses it and the message quotes what was typed.
    """
    typed = str(fields.get("smooth_value") or "").strip()
    smooth_value: Any = None
    if typed and fields.get("smooth_value_enabled", True):
        number = parse_decimal(typed, lang)
        smooth_value = typed if number is None else number
    lc = fields.get("lowercase", "auto")
    try:
        max_order = int(str(fields.get("max_order", DEFAULT_OPTIONS["max_order"])))
    except ValueError:
        max_order = DEFAULT_OPTIONS["max_order"]
    return {
        "max_order": max_order,
        "smoothing": str(fields.get("smoothing", DEFAULT_OPTIONS["smoothing"])),
        "tokenizer": str(fields.get("tokenizer", DEFAULT_OPTIONS["tokenizer"])),
        "lowercase": None if lc == "auto" else lc == "yes",
        "smooth_value": smooth_value,
        "effective_order": bool(fields.get("effective_order", False)),
        "empty_references": str(fields.get("empty_references", DEFAULT_OPTIONS["empty_references"])),
    }


def form_from_options(options: Mapping[str, Any], lang: str = "en") -> dict:
    """The form's field values for ``options`` (the inverse of :func:`options_from_form`):
    strings for the selects and the parameter box, a bool for the check box."""
    o = {**DEFAULT_OPTIONS, **options}
    lc = o["lowercase"]
    sv = o["smooth_value"]
    return {
        "max_order": str(o["max_order"]),
        "smoothing": o["smoothing"],
        "tokenizer": o["tokenizer"],
        "lowercase": "auto" if lc is None else ("yes" if lc else "no"),
        "smooth_value": "" if sv is None else (sv if isinstance(sv, str) else format_decimal(sv, lang)),
        "effective_order": bool(o["effective_order"]),
        "empty_references": o["empty_references"],
    }


# --------------------------------------------------------------------------- start-up


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


def restore_plan(fragment: str, saved: str | None, typed: bool) -> dict:
    """What the page starts from, decoded (:func:`startup_choice`, then the data).

    Args:
        fragment, saved, typed: as :func:`startup_choice`.
    Returns:
        ``{"state": a state to apply or None, "message": catalog key of the status
        message or None ("link_restored", "state_restored"), "link_error": why the share
        link could not be read or None, "saved_error": why the tab's saved state could
        not be read or None, "forget_saved": bool (the tab's state is unreadable: drop
        it), "keep_selection": bool (apply the tab's saved selection), "save": bool (save
        the boxes for the tab at once: text typed while Python loaded)}``.
        A broken share link falls back to the tab's state or the typed text, and says why.
    """
    plan = {
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
            return dict(plan, state=decode_state(fragment), message="link_restored")
        except ValueError as error:
            plan["link_error"] = str(error)
            choice = startup_choice("", saved, typed)
    if choice == "tab":
        try:
            return dict(plan, state=decode_state(saved, limit=None), message="state_restored", keep_selection=True)
        except ValueError as error:
            return dict(plan, forget_saved=True, saved_error=str(error))
    plan["keep_selection"] = bool(saved)  # the browser put the texts back itself (a reload)
    plan["save"] = choice == "typed"
    return plan


def selection_after_removal(selected: int, removed: int, remaining: int) -> int:
    """The selected candidate (0-based) after candidate ``removed`` (0-based) is removed,
    ``remaining`` candidates being left: the same candidate where it still exists (indices
    after the removed one move up by one), else the one before."""
    if selected >= removed and selected > 0:
        selected -= 1
    return min(selected, max(remaining - 1, 0))


def kept_selection(plan: dict, saved: str | None, count: int) -> int:
    """The candidate to select at start-up (0-based): the one the tab kept (``saved``, its
    text in sessionStorage) when ``plan`` (:func:`restore_plan`) keeps it and there are
    still that many candidates (``count``); else the first.

    >>> kept_selection({"keep_selection": True}, "2", 3), kept_selection({"keep_selection": True}, "3", 3)
    (2, 0)
    """
    ok = plan["keep_selection"] and saved is not None and str(saved).isdigit() and int(saved) < count
    return int(saved) if ok else 0


#: The tab's sessionStorage keys: the texts and options (:func:`keep_for_tab`), and the
#: selected candidate (0-based, as text) kept next to them.
STORAGE_KEY = "bleu2-state"
SELECTED_KEY = "bleu2-selected"


def apply_read(old: str, prefix: int, suffix: int, middle: str, length: int | None = None) -> str:
    """A text box's new text from the one last read and the change the page reports
    (``static/paint.js``, ``read`` and ``changes``): ``prefix`` and ``suffix`` code points
    of ``old`` kept, ``middle`` between them (all of the text when nothing was read
    before); ``length``, when given, the new text's length in code points as the page
    counted it.

    Raises:
        ValueError: the change does not fit ``old`` (``length`` differs): the reader's copy
            is not the one the page changed.

    >>> apply_read("the cat sat", 4, 3, "dog ", 11)
    'the dog sat'
    >>> apply_read("", 0, 0, "new"), apply_read("same", 4, 0, "")
    ('new', 'same')
    """
    new = old[:prefix] + str(middle) + old[len(old) - suffix :]
    if length is not None and (len(new) != length or prefix + suffix > len(old)):
        raise ValueError(f"the change does not fit the copy ({len(old)} code points)")
    return new
