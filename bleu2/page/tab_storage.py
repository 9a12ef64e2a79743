"""The tab's storage (``sessionStorage``): what the page keeps so that a reload loses nothing.

Forms (``t1.<JSON>``, ``z1.<latin-1 of zlib(JSON)>``), when they are written and embeds' keys:
docs/architecture-page.md, "The tab's storage". Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from .ports import PageContext, Storage, StorageReply
from .share import PageState, decode_state, inflate, meta_fields, unpack_json, validate_state

__all__ = [
    "STORAGE_KEY",
    "SELECTED_KEY",
    "TAB_PREFIX",
    "TAB_PACKED_PREFIX",
    "SAVE_AT_ONCE_CHARS",
    "SAVE_AFTER_PAUSE_CHARS",
    "SLOW_SAVE_EVERY_MS",
    "EMBED_PREFIX",
    "SaveOutcome",
    "Writes",
    "TabStore",
    "storage_keys",
    "embed_identity",
    "start_fragment",
    "storage_notice",
    "tab_meta",
    "decode_tab_state",
    "keep_for_tab",
    "save_ended",
    "save_now",
    "storage_problem",
]

#: The tab's storage forms (never accepted from a link).
TAB_PREFIX = "t1."
TAB_PACKED_PREFIX = "z1."

#: The full page's sessionStorage keys: the texts and options, and the selected candidate (0-based, as text).
STORAGE_KEY = "bleu2-state"
SELECTED_KEY = "bleu2-selected"

#: An embed's keys: ``EMBED_PREFIX + <its 16 hex digits> + "-state"`` (and ``"-selected"``).
EMBED_PREFIX = "bleu2-embed."


class StorageKeys(TypedDict):
    state: str
    selected: str


class SaveOutcome(TypedDict):
    """What a save ended in: the problem (None, ``"full"``, ``"denied"``) and whether the texts still need keeping."""

    problem: str | None
    unsaved: bool


def embed_identity(context: PageContext) -> str:
    """An embed's identity in a tab, 16 hex digits (CRC-32 and Adler-32 of its host page, frame and prefill)."""
    frame = f"name:{context.frame}" if context.frame else f"index:{context.frame_index}"
    facts = json.dumps([context.host.split("#")[0], frame, context.prefill], ensure_ascii=False).encode("utf-8")
    return f"{zlib.crc32(facts):08x}{zlib.adler32(facts):08x}"


def storage_keys(context: PageContext) -> StorageKeys:
    """The keys this page keeps its texts under: the full page's, or an embed's own (:func:`embed_identity`)."""
    if not context.embed:
        return {"state": STORAGE_KEY, "selected": SELECTED_KEY}
    prefix = EMBED_PREFIX + embed_identity(context) + "-"
    return {"state": prefix + "state", "selected": prefix + "selected"}


def start_fragment(context: PageContext, fragment: str, saved: str | None) -> str:
    """The fragment start-up reads: "" in an embed that kept texts (they win over its prefill), else ``fragment``."""
    return "" if context.embed and saved else fragment


def storage_notice(problem: str | None, embed: bool, typed: bool) -> str | None:
    """A refused save's problem for the status line; in an embed None until something was typed into it."""
    return problem if typed or not embed else None


class Writes:
    """Writes counted per storage key, so a save ending after its task knows whether a newer one came."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def wrote(self, key: str) -> int:
        """Count a write to ``key``; returns its number."""
        self.count[key] = self.count.get(key, 0) + 1
        return self.count[key]

    def latest(self, key: str, number: int) -> bool:
        """Whether write ``number`` is still the last one to ``key``."""
        return self.count.get(key, 0) == number


#: When edits are kept (:func:`save_now`), by the characters of all texts together.
SAVE_AT_ONCE_CHARS = 256 * 1024
SAVE_AFTER_PAUSE_CHARS = 4 * 1024 * 1024
SLOW_SAVE_EVERY_MS = 30_000


def tab_meta(state: Mapping[str, Any]) -> dict[str, Any]:
    """A state's JSON but its texts: ``{"o": options that differ from the defaults, "l": lang}`` (either optional)."""
    return meta_fields(validate_state(dict(state, references=[], candidates=[]), None))


def decode_tab_state(text: str) -> PageState:
    """What the tab's storage holds, unpacked (either form, or a share link's without a link's limits).
    Raises ValueError: not one of these forms, or its data is not valid."""
    if text.startswith(TAB_PREFIX):
        return unpack_json(text[len(TAB_PREFIX) :].encode("utf-8", "surrogatepass"), None)
    if text.startswith(TAB_PACKED_PREFIX):
        try:
            compressed = text[len(TAB_PACKED_PREFIX) :].encode("latin-1")
        except UnicodeEncodeError:
            raise ValueError("the saved data is altered (not one byte per character)") from None
        return unpack_json(inflate(compressed, None), None)
    return decode_state(text, limit=None)


def _texts_size(state: Mapping[str, Any]) -> int:
    return sum(len(t) for key in ("references", "candidates") for t in state[key])


def keep_for_tab(
    state: Mapping[str, Any],
    store_plain: Callable[[str], str | None],
    store_packed: Callable[[str], None],
    pack_long: bool = False,
) -> str | None:
    """Keep ``state``: the plain form, else (refused, or with ``pack_long`` texts over :data:`SAVE_AT_ONCE_CHARS`)
    the packed form, made by the page off this task.

    Returns:
        None when the plain form was kept, ``"later"`` when ``store_packed`` was called, else ``"denied"``.
    """
    meta = json.dumps(tab_meta(state), ensure_ascii=False)
    if pack_long and _texts_size(state) > SAVE_AT_ONCE_CHARS:
        store_packed(meta)
        return "later"
    problem = storage_problem(store_plain(meta))
    if problem == "full":
        store_packed(meta)
        return "later"
    return problem


def save_ended(error: str | None, edits_at_start: int, edits_now: int) -> SaveOutcome | None:
    """What a save ended after its task means: None if a newer save superseded it, else the problem and whether
    the texts still need keeping (refused, or ``edits_now`` != ``edits_at_start``)."""
    if error == "superseded":
        return None
    problem = storage_problem(error or None)
    return {"problem": problem, "unsaved": problem is not None or edits_now != edits_at_start}


def save_now(state: Mapping[str, Any], moment: str, waited_ms: float = float("inf")) -> bool:
    """Whether to keep the texts now at ``moment`` ("input", "pause", "hide"), ``waited_ms`` after the last save."""
    if moment == "hide":
        return True
    size = _texts_size(state)
    if moment == "input":
        return size <= SAVE_AT_ONCE_CHARS
    return size <= SAVE_AFTER_PAUSE_CHARS or waited_ms >= SLOW_SAVE_EVERY_MS


def storage_problem(error: str | None) -> str | None:
    """A refused ``setItem``'s error text as ``"full"`` (``QuotaExceededError``), ``"denied"``, or None."""
    if error is None:
        return None
    return "full" if "quota" in error.lower() else "denied"


class TabStore:
    """The tab's storage through a port under one page's keys, every write counted (:class:`Writes`)."""

    def __init__(self, port: Storage, keys: StorageKeys) -> None:
        self.port, self.keys, self.writes = port, keys, Writes()

    def call(self, method: Any, key: str, value: str = "") -> StorageReply:
        """``sessionStorage.<method>`` through the port; a write is counted."""
        if method != "getItem":
            self.writes.wrote(key)
        return self.port.storage(method, key, value)

    def get(self, name: str) -> str | None:
        """What the tab keeps under this page's key ``name`` (``"state"``, ``"selected"``)."""
        return self.call("getItem", self.keys[name]).value  # type: ignore[literal-required]

    def remove(self, name: str) -> None:
        self.call("removeItem", self.keys[name])  # type: ignore[literal-required]

    def save_plain(self, key: str, meta_json: str) -> str | None:
        self.writes.wrote(key)
        return self.port.save_plain(key, meta_json)

    def save_packed(self, key: str, meta_json: str, done: Callable[[str], None]) -> None:
        """Packed form, kept only if no write to ``key`` came meanwhile, then ``done("" | "superseded" | error)``."""
        mine = self.writes.wrote(key)
        self.port.save_packed(key, meta_json, lambda: self.writes.latest(key, mine), done)

    def keep(self, state: Mapping[str, Any], selected: int, later: bool, ended: Callable[[str], None]) -> str | None:
        """Keep ``state`` and the selected candidate (:func:`keep_for_tab`); a packed save reports to ``ended``."""
        key = self.keys["state"]
        problem = keep_for_tab(
            state, lambda meta: self.save_plain(key, meta), lambda meta: self.save_packed(key, meta, ended), later
        )
        self.call("setItem", self.keys["selected"], str(selected))
        return problem
