"""The peers table under the breakdown: the selected candidate under every preset.

:func:`bleu2.peers.peer_table` scores the candidate shown, against the references its
breakdown scores, under the options in use and under every preset of
:data:`bleu2.options.PRESETS`, and names the rules that make each preset's numbers
differ (computed from the statistics, never guessed). This module turns that into the
page's words and numbers: one row per preset (:func:`row_view`: score, p1..pN as
matches over the denominator the peer divides by, BP, c, r with the page's number format, and the differences in plain
words, :func:`difference_text`), element updates for the static rows of ``#peers`` in
``index.html`` (:func:`peers_updates`), and :class:`PeersPanel`, which the controller asks
after a pause in typing and which recomputes only when the candidate, the references or
the options changed. Past :data:`PEER_CHARACTERS` characters the table is not computed
while typing (it says so). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from typing import Any, TypedDict

from ...options import PRESETS
from ...peers import Difference, Note, PeerRow, PeerTable, peer_table
from .. import i18n
from ..options_form import DEFAULT_OPTIONS, bleu_options
from ..ports import Updates
from .candidates import Comparison
from .live import LIVE_CHARACTERS

__all__ = [
    "PEER_CHARACTERS",
    "PEER_ORDERS",
    "PeerRowView",
    "peer_inputs",
    "table_for",
    "value_text",
    "difference_text",
    "note_text",
    "row_view",
    "peers_updates",
    "PeersPanel",
]

#: Characters in the candidate and its references up to which the table follows the text.
PEER_CHARACTERS = LIVE_CHARACTERS

#: Characters up to which the table is made in the answer to a keystroke itself (about 17 ms
#: in CPython here, more in Pyodide); longer texts' table is said to be updating, made after a pause.
PEER_NOW_CHARACTERS = 2_000

#: The orders the table's p columns show (every preset is BLEU-4; index.html has p1..p4).
PEER_ORDERS = max(int(options["max_order"]) for options in PRESETS.values())


class PeerRowView(TypedDict):
    """One preset's row as shown (:func:`row_view`)."""

    preset: str
    score: str
    precisions: list[str]
    bp: str
    hyp_len: str
    ref_len: str
    differs: str
    same: bool


def peer_inputs(comparison: Comparison, index: int) -> tuple[str, list[str], dict[str, Any]]:
    """What the table of candidate ``index`` scores: ``(candidate text, the references its
    breakdown scores (the used ones; ``[""]`` when none has tokens), the options in use)``."""
    refs = comparison["references"]
    texts = [refs[i]["text"] for i in comparison["used_references"]] or [""]
    options = bleu_options({k: v for k, v in comparison["options"].items() if k in DEFAULT_OPTIONS})
    return comparison["candidates"][index]["text"], texts, options


def table_for(comparison: Comparison, index: int) -> PeerTable:
    """:func:`bleu2.peers.peer_table` of candidate ``index`` (:func:`peer_inputs`)."""
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


def difference_text(d: Difference, lang: str = "en") -> str:
    """A :class:`bleu2.peers.Difference` in plain words: the preset's rule and yours, e.g.
    ``"tokenizer 13a (yours: default)"``; ``"the rules differ only together"``."""
    if d.rule == "combination":
        return i18n.t(lang, d.key)
    return i18n.t(lang, d.key, theirs=_phrase(d.rule, d.theirs, lang), ours=_phrase(d.rule, d.ours, lang))


def note_text(n: Note, lang: str = "en") -> str:
    """A :class:`bleu2.peers.Note` in plain words: why a row's denominators are not its
    totals (``"counts each sentence's n-gram total as at least 1 (p4 + 1: ...)"``), why it
    scores otherwise than an earlier row with the same fractions (``"the same fractions, c
    and r as sacreBLEU, ...: effective order on (there: off)"``)."""
    if n.key == "peers.note.nltk-divisors":
        added = ", ".join(
            f"p{k} + {i18n.format_integer(e, lang)}" for k, e in enumerate(n.values["added"], start=1) if e
        )
        return i18n.t(lang, n.key, added=added)
    if n.key == "peers.note.same-counts":
        rules = ", ".join(
            i18n.t(lang, d.key)
            if d.rule == "combination"
            else i18n.t(
                lang,
                f"peers.there.{d.rule}",
                theirs=_phrase(d.rule, d.theirs, lang),
                ours=_phrase(d.rule, d.ours, lang),
            )
            for d in n.differences
        )
        return i18n.t(lang, n.key, preset=i18n.t(lang, f"preset_{n.values['preset']}"), rules=rules)
    return i18n.t(lang, n.key)


def row_view(row: PeerRow, lang: str = "en") -> PeerRowView:
    """One preset's row: score and BP with four decimals, p_n as matches over the
    denominator the peer divides by (:meth:`bleu2.peers.PeerRow.fractions`), c and r, and
    what makes it differ from the options in use ("same numbers as yours" when nothing
    does), then its notes: so that the shown fractions give the shown score."""
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
    """The rows of ``#peers`` (ids ``peer-<preset>-score``, ``-p<n>``, ``-bp``, ``-c``,
    ``-r``, ``-diff``, each with its column's name as ``data-label``; the row ``peer-<preset>`` gets the class ``same``) and the note
    ``peers-note``; ``table`` None: the texts are too long (:data:`PEER_CHARACTERS`), the
    cells are emptied and the note says so."""
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
    """The peers table of the candidate shown, recomputed only when what it scores
    changed (the candidate, its references, the options); a language switch or a
    selection of an equal text only re-words it."""

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
