"""The peers table under the breakdown: the selected candidate under every preset.

The numbers and the rules that make them differ come from :func:`bleu2.metrics.bleu.peers.peer_table`; here, the page's words.
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...metrics.bleu.options import PRESETS
from ...metrics.bleu.peers import Difference, Note, PeerRow, PeerTable, peer_table
from .. import i18n
from ..options_form import DEFAULT_OPTIONS, bleu_options
from ..ports import Updates
from .candidates import Comparison
from .live import LIVE_CHARACTERS

__all__ = ["PEER_CHARACTERS", "PEER_ORDERS", "table_for", "value_text", "note_text", "peers_updates", "PeersPanel"]

#: Characters in the candidate and its references up to which the table follows the text.
PEER_CHARACTERS = LIVE_CHARACTERS

#: Characters up to which the table is made in the answer to a keystroke itself (about 17 ms
#: in CPython here, more in Pyodide); longer texts' table is said to be updating, made after a pause.
PEER_NOW_CHARACTERS = 2_000

#: The orders the table's p columns show (every preset is BLEU-4; index.html has p1..p4).
PEER_ORDERS = max(int(options["max_order"]) for options in PRESETS.values())


class PeerRowView(TypedDict):
    preset: str
    score: str
    precisions: list[str]
    bp: str
    hyp_len: str
    ref_len: str
    differs: str
    same: bool


def peer_inputs(comparison: Comparison, index: int) -> tuple[str, list[str], dict[str, Any]]:
    """Candidate ``index``'s text, the references its breakdown scores (``[""]`` if none has tokens), the options."""
    refs = comparison["references"]
    texts = [refs[i]["text"] for i in comparison["used_references"]] or [""]
    options = bleu_options({k: v for k, v in comparison["options"].items() if k in DEFAULT_OPTIONS})
    return comparison["candidates"][index]["text"], texts, options


def table_for(comparison: Comparison, index: int) -> PeerTable:
    """:func:`bleu2.metrics.bleu.peers.peer_table` of candidate ``index`` (:func:`peer_inputs`)."""
    candidate, references, options = peer_inputs(comparison, index)
    return peer_table(candidate, references, **options)


def value_text(option: str, value: Any, lang: str = "en") -> str:
    """One option's value in words, in ``lang`` (``"lower-cased"``, ``"exp"``, ``"BLEU-4"``...)."""
    if option in ("lowercase", "rstrip", "effective_order"):
        return i18n.t(lang, f"peers.value.{option}_{'yes' if value else 'no'}")
    if option == "empty_references":
        return i18n.t(lang, f"peers.value.empty_{value}")
    if option == "ref_length":
        return i18n.t(lang, f"peers.value.ref_{value}")
    if option == "smooth_value":
        return "" if value is None else f" [{i18n.format_g(value, lang)}]"
    return str(value)


def _phrase(rule: str, values: dict[str, Any], lang: str) -> str:
    if rule == "order":
        text = f"BLEU-{values['max_order']}"
        weights = values["weights"]
        return text if weights is None else f"{text} ({' '.join(i18n.format_g(w, lang) for w in weights)})"
    if rule == "smoothing":
        return str(values["smoothing"]) + value_text("smooth_value", values["smooth_value"], lang)
    ((option, value),) = values.items()
    return value_text(option, value, lang)


def difference_text(d: Difference, lang: str = "en", key: str = "") -> str:
    """A :class:`bleu2.metrics.bleu.peers.Difference` in words: ``"tokenizer 13a (yours: default)"`` (``key``: another wording)."""
    if d.rule == "combination":
        return i18n.t(lang, d.key)
    return i18n.t(lang, key or d.key, theirs=_phrase(d.rule, d.theirs, lang), ours=_phrase(d.rule, d.ours, lang))


def note_text(n: Note, lang: str = "en") -> str:
    """A :class:`bleu2.metrics.bleu.peers.Note` in words: why a row's denominators are not its totals, or why it scores otherwise."""
    if n.key == "peers.note.nltk-divisors":
        added = (f"p{k} + {i18n.format_integer(e, lang)}" for k, e in enumerate(n.values["added"], start=1) if e)
        return i18n.t(lang, n.key, added=", ".join(added))
    if n.key == "peers.note.same-counts":
        rules = ", ".join(difference_text(d, lang, f"peers.there.{d.rule}") for d in n.differences)
        return i18n.t(lang, n.key, preset=i18n.t(lang, f"preset_{n.values['preset']}"), rules=rules)
    return i18n.t(lang, n.key)


def row_view(row: PeerRow, lang: str = "en") -> PeerRowView:
    """One preset's row: score, BP, p_n as matches over the peer's denominator, c, r, differences, notes."""
    r = row.result
    words = [i18n.t(lang, "peers.same")] if row.same else [difference_text(d, lang) for d in row.differences]
    words += [note_text(n, lang) for n in row.notes]
    return {
        "preset": row.preset,
        "score": i18n.format_number(r.score, lang),
        "precisions": [f"{i18n.format_integer(m, lang)}/{i18n.format_integer(d, lang)}" for m, d in row.fractions()],
        "bp": i18n.format_number(r.brevity_penalty, lang),
        "hyp_len": i18n.format_integer(r.hyp_len, lang),
        "ref_len": i18n.format_integer(r.ref_len, lang),
        "differs": "; ".join(words),
        "same": row.same,
    }


def peers_updates(table: PeerTable | None, lang: str = "en") -> Updates:
    """The cells of ``#peers`` and ``peers-note``; ``table`` None: too long to follow, cells emptied."""
    out: Updates = {}
    rows = {row.preset: row_view(row, lang) for row in table.rows} if table is not None else {}
    # each cell's column name, shown beside the value on a phone (static/style.css: data-label)
    labels = [
        i18n.t(lang, "peers_col_score"),
        *(f"p{n}" for n in range(1, PEER_ORDERS + 1)),
        *(i18n.t(lang, k) for k in ("col_bp", "col_hyp_len", "col_ref_len", "peers_col_differs")),
    ]
    for name in PRESETS:
        v = rows.get(name)
        cells = [v["score"], *v["precisions"], v["bp"], v["hyp_len"], v["ref_len"], v["differs"]] if v else []
        ids = ["score", *(f"p{n}" for n in range(1, PEER_ORDERS + 1)), "bp", "c", "r", "diff"]
        for part, text, label in zip(ids, cells or [""] * len(ids), labels):
            out[f"peer-{name}-{part}"] = {"text": text, "attrs": {"data-label": label}}
        out[f"peer-{name}"] = {"classes": {"same": bool(v and v["same"])}}
    note = "" if table is not None else i18n.t(lang, "peers.too_long", limit=i18n.format_integer(PEER_CHARACTERS, lang))
    out["peers-note"] = {"text": note, "props": {"hidden": not note}}
    return out


class PeersPanel:
    """The peers table of the candidate shown, recomputed only when its candidate, references or options change."""

    def __init__(self) -> None:
        self.key: Any = None
        self.table: PeerTable | None = None

    def updates(self, comparison: Comparison, index: int, lang: str = "en") -> Updates:
        """:func:`peers_updates` for candidate ``index`` of ``comparison``."""
        candidate, references, options = peer_inputs(comparison, index)
        key = self._key(candidate, references, options)
        if key != self.key:
            self.key = key
            long = len(candidate) + sum(map(len, references)) > PEER_CHARACTERS
            self.table = None if long else peer_table(candidate, references, **options)
        return peers_updates(self.table, lang)

    @staticmethod
    def _key(candidate: str, references: list[str], options: dict[str, Any]) -> Any:
        return (candidate, tuple(references), tuple(sorted(options.items(), key=lambda kv: kv[0])))

    def costly(self, comparison: Comparison, index: int) -> bool:
        """Whether :meth:`updates` would score a new table of over :data:`PEER_NOW_CHARACTERS`."""
        candidate, references, options = peer_inputs(comparison, index)
        size = len(candidate) + sum(map(len, references))
        return PEER_NOW_CHARACTERS < size <= PEER_CHARACTERS and self._key(candidate, references, options) != self.key
