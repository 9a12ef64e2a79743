"""``CorpusKeep``: what corpus mode keeps in the tab's storage, so a reload loses nothing it can keep.

Kept under the page's ``"state"`` key + ``.corpus`` as JSON ``{"v": 1, "mode", "fields", "paste", "pasted", "files":
[[role, name, text or null]]}``: a picked file's bytes cannot be kept, so its name is, and the page asks for it again.
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

from .. import i18n
from ..ports import Updates
from ..tab_storage import SAVE_AT_ONCE_CHARS, TabStore, storage_problem
from .port import CorpusPort
from .session import ROLES

__all__ = ["FIELDS", "CorpusKeep", "Restored"]

#: The significance boxes kept (``#corpus-<name>``).
FIELDS = ("test", "n", "seed")
#: Milliseconds without a change before a large state is written.
SAVE_PAUSE_MS = 1000
NOTE = "corpus-restored"

File = tuple[str, str, "str | None"]  # role, name, the text when it was pasted


class Restored(TypedDict):
    """What a reload gives back: the mode, the pasted texts to load again, how many of each role were pasted."""

    mode: str
    texts: list[tuple[str, str, str]]
    pasted_counts: dict[str, int]


class CorpusKeep:
    """Corpus mode's part of the tab's storage (nothing kept when ``tab`` is None)."""

    def __init__(self, port: CorpusPort, tab: TabStore | None) -> None:
        self.port, self.tab = port, tab
        self.state: dict[str, Any] = {"mode": "sentence", "fields": {}, "paste": dict.fromkeys(ROLES, "")}
        self.files: dict[int, File] = {}  # file id -> what it is
        self.pending: list[File] = []  # restored pasted texts not loaded again yet
        self.again: list[tuple[str, str]] = []  # files to give again after a reload
        self.pasted = dict.fromkeys(ROLES, 0)
        self.restored = False
        self.problem: str | None = None  # why the last save was refused
        self.timer: Any = None
        self.lang = "en"

    @property
    def key(self) -> str | None:
        return None if self.tab is None else self.tab.keys["state"] + ".corpus"

    # --- what changed ----------------------------------------------------------------------

    def mode(self, mode: str) -> None:
        if mode != self.state["mode"]:
            self.state["mode"] = mode
            self.save()

    def fields(self, values: dict[str, str]) -> None:
        self.state["fields"] = {k: str(values.get(k, "")) for k in FIELDS}
        self.save()

    def paste(self, text: str, role: str) -> None:
        if role in ROLES:
            self.state["paste"][role] = text
            self.save()

    def loaded(self, file_id: int, role: str, name: str, text: str | None) -> None:
        """A file or pasted text was listed (``text``: None for a file)."""
        self.files[file_id] = (role, name, text)
        if text is None and (role, name) in self.again:
            self.again.remove((role, name))
            self.note()
        if text is not None:
            self.settled(role, name)
            number = _pasted_number(name)
            self.pasted[role] = max(self.pasted[role], number)
        self.save()

    def settled(self, role: str, name: str) -> None:
        """A restored pasted text was read again (listed or refused): no longer pending."""
        self.pending = [f for f in self.pending if f[:2] != (role, name)]

    def removed(self, file_id: int) -> None:
        self.files.pop(file_id, None)
        self.save()

    # --- the tab's storage -----------------------------------------------------------------

    def data(self) -> dict[str, Any]:
        files = [list(f) for f in self.pending] + [list(f) for f in self.files.values()]
        files += [[role, name, None] for role, name in self.again]
        return {"v": 1, **self.state, "pasted": dict(self.pasted), "files": files}

    def save(self) -> None:
        """Write what is kept now, or after a pause when it is large."""
        if self.tab is None:
            return
        if self.timer is not None:
            self.port.clear_timer(self.timer)
            self.timer = None
        size = sum(len(t) for t in self.state["paste"].values()) + sum(len(f[2] or "") for f in self.files.values())
        if size <= SAVE_AT_ONCE_CHARS:
            self.write()
        else:
            self.timer = self.port.set_timer(SAVE_PAUSE_MS, self.write)

    def write(self) -> None:
        self.timer = None
        if self.tab is None or self.key is None:
            return
        error = self.tab.call("setItem", self.key, json.dumps(self.data(), ensure_ascii=False)).error
        problem = None if storage_problem(error) is None else str(error)
        if problem != self.problem:
            self.problem = problem
            self.note()

    def restore(self, lang: str) -> Restored | None:
        """Read what the tab kept and write the boxes back; None when nothing (valid) was kept."""
        self.lang = lang
        if self.tab is None or self.key is None:
            return None
        text = self.tab.call("getItem", self.key).value
        try:
            kept = _valid(json.loads(text)) if text else None
        except ValueError:
            kept = None
        if kept is None:
            return None
        self.state = {"mode": kept["mode"], "fields": kept["fields"], "paste": kept["paste"]}
        self.pasted = kept["pasted"]
        texts = [(r, n, t) for r, n, t in kept["files"] if t is not None]
        self.pending = list(texts)
        self.again = [(r, n) for r, n, t in kept["files"] if t is None]
        updates: Updates = {f"corpus-{k}": {"props": {"value": v}} for k, v in kept["fields"].items()}
        for role in ROLES:
            updates[f"corpus-{role}s-paste"] = {"props": {"value": kept["paste"][role]}}
        self.port.write(updates)
        self.restored = True
        self.note(lang)
        return {"mode": kept["mode"], "texts": texts, "pasted_counts": dict(kept["pasted"])}

    def note(self, lang: str | None = None) -> None:
        """Say what was restored, which files to give again, and a refused save (in ``lang``)."""
        if lang is not None:
            self.lang = lang
        parts = []
        if self.restored:
            parts.append(i18n.t(self.lang, "corpus_restored"))
        if self.again:
            names = ", ".join(name for _, name in self.again)
            parts.append(i18n.tn(self.lang, "corpus_give_again", len(self.again), names=names))
        if self.problem:
            parts.append(i18n.t(self.lang, "corpus_not_kept", error=self.problem))
        self.port.write({NOTE: {"text": " ".join(parts), "props": {"hidden": not parts}}})


def _pasted_number(name: str) -> int:
    """The number at the end of a pasted text's name ("pasted reference 2" -> 2; else 0)."""
    last = name.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _valid(data: Any) -> dict[str, Any] | None:
    """The kept JSON when it has the shape :class:`CorpusKeep` writes, else None."""
    if not isinstance(data, dict) or data.get("v") != 1 or data.get("mode") not in ("sentence", "corpus"):
        return None
    fields, paste, pasted = (data.get(k) or {} for k in ("fields", "paste", "pasted"))
    files = data.get("files") or []
    if not all(isinstance(x, dict) for x in (fields, paste, pasted)) or not isinstance(files, list):
        return None
    good_files = [
        (f[0], f[1], f[2])
        for f in files
        if isinstance(f, list)
        and len(f) == 3
        and f[0] in ROLES
        and isinstance(f[1], str)
        and (f[2] is None or isinstance(f[2], str))
    ]
    return {
        "mode": data["mode"],
        "fields": {k: str(fields[k]) for k in FIELDS if isinstance(fields.get(k), str)},
        "paste": {r: paste[r] if isinstance(paste.get(r), str) else "" for r in ROLES},
        "pasted": {r: pasted[r] if isinstance(pasted.get(r), int) else 0 for r in ROLES},
        "files": good_files,
    }
