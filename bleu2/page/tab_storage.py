"""The tab's storage (``sessionStorage``): what the page keeps so that a reload loses nothing.

Not a share link (:mod:`bleu2.page.share`) and no length limit. It is written on edits
(:func:`save_now`), so it uses forms that are quick to make (:func:`keep_for_tab`)::

    t1.<compact JSON>                  (the same JSON as a link, uncompressed: nothing to
                                        compute)
    z1.<latin-1 text of zlib(JSON)>    (level 1, one character per byte: when the browser
                                        refuses the plain form for its size; Chromium keeps
                                        about 5.2 million characters per tab and origin)

Both are written by the page, from its text boxes, in one place (``static/storage.js``:
megabytes of text are never copied out of Python); this module decides when and which,
and reads them back (:func:`decode_tab_state`).

Packed saves end after their task; :class:`Writes` drops one that a newer write to its
key superseded. :class:`TabStore` writes through the controller's port.

Every ``?embed`` frame keeps its texts under its own keys (:func:`storage_keys`,
:func:`embed_identity`): the full page's keys are never read or written by an embed, and
two embeds on one host page never share theirs. Standard library only (runs in Pyodide).
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
    "StorageKeys",
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

#: The tab's storage forms; never accepted from a link.
TAB_PREFIX = "t1."
TAB_PACKED_PREFIX = "z1."

#: The tab's sessionStorage keys: the texts and options (:func:`keep_for_tab`), and the
#: selected candidate (0-based, as text) kept next to them.
STORAGE_KEY = "bleu2-state"
SELECTED_KEY = "bleu2-selected"

#: An embed's keys: ``EMBED_PREFIX + <its identity, 16 hex digits> + "-state"`` (and
#: ``"-selected"``), :func:`storage_keys`.
EMBED_PREFIX = "bleu2-embed."


class StorageKeys(TypedDict):
    """The keys one page keeps its texts (``state``) and selection (``selected``) under."""

    state: str
    selected: str


class SaveOutcome(TypedDict):
    """What a save ended in: the problem (None, ``"full"``, ``"denied"``) and whether the
    texts still need keeping."""

    problem: str | None
    unsaved: bool


def embed_identity(context: PageContext) -> str:
    """What tells one embed from another in a tab, as 16 hex digits (zlib's CRC-32 and
    Adler-32 of the facts, UTF-8): the host page (``context.host``: the frame's
    ``document.referrer`` without its fragment; browsers may send only its origin), the
    frame (its ``name`` when it has one, else its index among the host page's frames) and
    its prefill (the share link's fragment it was opened with, ``context.prefill``).

    >>> a = embed_identity(PageContext(embed=True, host="https://docs.example/a", frame_index=0))
    >>> b = embed_identity(PageContext(embed=True, host="https://docs.example/a", frame_index=1))
    >>> len(a), a == b
    (16, False)
    """
    frame = f"name:{context.frame}" if context.frame else f"index:{context.frame_index}"
    facts = json.dumps([context.host.split("#")[0], frame, context.prefill], ensure_ascii=False).encode("utf-8")
    return f"{zlib.crc32(facts):08x}{zlib.adler32(facts):08x}"


def storage_keys(context: PageContext) -> StorageKeys:
    """The keys this page keeps its texts under: the full page's (:data:`STORAGE_KEY`,
    :data:`SELECTED_KEY`), or, in an embed, its own (:data:`EMBED_PREFIX` + its
    :func:`embed_identity` + ``"-state"`` / ``"-selected"``).

    >>> storage_keys(PageContext())["state"], storage_keys(PageContext(embed=True, frame="f"))["state"][:12]
    ('bleu2-state', 'bleu2-embed.')
    """
    if not context.embed:
        return {"state": STORAGE_KEY, "selected": SELECTED_KEY}
    prefix = EMBED_PREFIX + embed_identity(context) + "-"
    return {"state": prefix + "state", "selected": prefix + "selected"}


def start_fragment(context: PageContext, fragment: str, saved: str | None) -> str:
    """The fragment the start-up plan reads (:func:`bleu2.page.sentence.startup.restore_plan`): in
    an embed that kept texts under its keys (which name its prefill), "" (what was typed
    into it wins over the prefill it was opened with, which stays in its URL); else
    ``fragment`` (a share link wins).

    >>> start_fragment(PageContext(embed=True), "#v1.x", "t1.{}"), start_fragment(PageContext(), "#v1.x", "t1.{}")
    ('', '#v1.x')
    """
    return "" if context.embed and saved else fragment


def storage_notice(problem: str | None, embed: bool, typed: bool) -> str | None:
    """What the status line says of a refused save (:func:`storage_problem`): on the full
    page, ``problem``; in an embed, nothing until something was typed into it (its texts
    are the host page's), then ``problem`` (said briefly: ``bleu2.page.sentence.updates.status_line``).

    >>> storage_notice("denied", False, False), storage_notice("denied", True, False), storage_notice("denied", True, True)
    ('denied', None, 'denied')
    """
    return problem if typed or not embed else None


class Writes:
    """Writes per storage key, so that a save that ends after its task (a packed save)
    knows whether a newer write to its key came meanwhile (that newer state stays).

    >>> w = Writes(); mine = w.wrote("k"); w.latest("k", mine)
    True
    >>> _ = w.wrote("k"); w.latest("k", mine)
    False
    """

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def wrote(self, key: str) -> int:
        """Count a write to ``key``; returns its number."""
        self.count[key] = self.count.get(key, 0) + 1
        return self.count[key]

    def latest(self, key: str, number: int) -> bool:
        """Whether write ``number`` is still the last one to ``key``."""
        return self.count.get(key, 0) == number


#: When edits are kept for the tab (:func:`save_now`): at once (on the input event) while
#: all texts together are at most SAVE_AT_ONCE_CHARS characters, after each pause in typing
#: up to SAVE_AFTER_PAUSE_CHARS, longer ones after a pause at most every SLOW_SAVE_EVERY_MS
#: (packing them takes a second or more), and always when the page is hidden or left (``pagehide``,
#: ``visibilitychange``).
SAVE_AT_ONCE_CHARS = 256 * 1024

SAVE_AFTER_PAUSE_CHARS = 4 * 1024 * 1024

SLOW_SAVE_EVERY_MS = 30_000


def tab_meta(state: Mapping[str, Any]) -> dict[str, Any]:
    """Everything of a state but its texts, as its compact JSON carries it: ``{"o":
    options that differ from the defaults, "l": lang}`` (either may be absent)."""
    return meta_fields(validate_state(dict(state, references=[], candidates=[]), None))


def decode_tab_state(text: str) -> PageState:
    """What the tab's storage holds, unpacked: either form above (or a share link's form,
    without a link's limits).

    Raises:
        ValueError: the text is not one of these forms, or its data is not valid.
    """
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
    """Characters of all the boxes' texts together."""
    return sum(len(t) for key in ("references", "candidates") for t in state[key])


def keep_for_tab(
    state: Mapping[str, Any],
    store_plain: Callable[[str], str | None],
    store_packed: Callable[[str], None],
    pack_long: bool = False,
) -> str | None:
    """Keep ``state`` in the tab's storage: the plain form, else (refused as too large) the
    packed form, made by the page off this task. With ``pack_long``, texts over
    :data:`SAVE_AT_ONCE_CHARS` go straight to the packed form: writing megabytes of plain
    form is itself one task of tens of milliseconds per million characters
    (``JSON.stringify`` and ``setItem``, measured in Chromium), and the packed form is
    about a third as long.

    Args:
        state: the page state (:func:`validate_state`).
        store_plain: ``store_plain(meta_json)`` writes the plain form of the page's boxes
            with the JSON of :func:`tab_meta`; None when the browser kept it, else its error.
        store_packed: ``store_packed(meta_json)`` packs and writes the packed form off
            this task (``static/storage.js`` ``savePacked``), and reports by itself.
    Returns:
        None when the plain form was kept, ``"later"`` when ``store_packed`` was called,
        else ``"denied"`` (:func:`storage_problem`: no form helps).
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
    size = _texts_size(state)
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


class TabStore:
    """The tab's storage through a port (:class:`bleu2.page.ports.Storage`) under one page's
    keys, every write counted (:class:`Writes`): a packed save that ends after a newer write
    to its key is not kept (``"superseded"``: the newer state stays)."""

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
        """The plain form, written by the port from the boxes (a counted write)."""
        self.writes.wrote(key)
        return self.port.save_plain(key, meta_json)

    def save_packed(self, key: str, meta_json: str, done: Callable[[str], None]) -> None:
        """The packed form, made by the port off this task and kept only if no write to
        ``key`` came meanwhile; ``done("")``, ``done("superseded")`` or ``done(error)``."""
        mine = self.writes.wrote(key)
        self.port.save_packed(key, meta_json, lambda: self.writes.latest(key, mine), done)

    def keep(self, state: Mapping[str, Any], selected: int, later: bool, ended: Callable[[str], None]) -> str | None:
        """Keep ``state`` and the selected candidate: :func:`keep_for_tab`'s answer
        (``later``: long texts go straight to the packed form); a packed save reports to
        ``ended(error)``."""
        key = self.keys["state"]
        problem = keep_for_tab(
            state,
            lambda meta: self.save_plain(key, meta),
            lambda meta: self.save_packed(key, meta, ended),
            later,
        )
        self.call("setItem", self.keys["selected"], str(selected))
        return problem
