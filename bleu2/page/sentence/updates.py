"""Element updates: what the sentence view writes into the page, as data.

Messages are kept as data (:class:`StatusNote`, :class:`Status`) so that a language switch re-renders them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, TypedDict

from .. import i18n
from ..options_form import option_labels
from ..ports import Updates, signature_chips
from ..tables import ranking_header
from .boxes import box_id
from .breakdown import TOKEN_SEPARATOR, CandidateView, RankingRow, ranking_rows, token_view
from .candidates import Comparison
from .dropped import dropped_note

__all__ = [
    "COPY_AREAS",
    "Status",
    "StatusNote",
    "scoring_updates",
    "ranking_paint",
    "box_updates",
    "token_updates",
    "score_updates",
    "breakdown_updates",
    "summary_updates",
    "page_words",
    "language_updates",
    "status_line",
    "note_text",
    "notes_updates",
    "order_rows",
    "highlight_lines",
]


class Status(TypedDict, total=False):
    """The status line's data (:func:`status_line`); missing keys count as None."""

    state: str | None
    python: str | None
    restored: str | None
    link_error: str | None
    saved_error: str | None
    storage: str | None
    size: int
    error: str | None
    embed: bool
    quiet: bool


class StatusNote(TypedDict, total=False):
    """A message next to a button (:func:`note_text`)."""

    key: str
    params: dict[str, Any]
    numbers: dict[str, int]
    refused: bool


class RankingPaint(TypedDict):
    head: list[str]
    rows: list[RankingRow]
    selected: int
    structure: list[Any]


class PageWords(TypedDict):
    strings: dict[str, str]
    options: dict[str, dict[str, str]]
    title: str


#: Copy message id -> the read-only box that shows the text, selected, when the browser refuses to copy.
COPY_AREAS = {"export-status": "export-copy-area", "share-status": "share-copy-area", "copy-status": "json-copy-area"}


def scoring_updates(busy: bool, lang: str = "en") -> Updates:
    """ "scoring…" in the summary and ``aria-busy`` on the breakdown while long texts are scored."""
    return {
        "scoring": {"text": i18n.t(lang, "scoring"), "props": {"hidden": not busy}},
        "breakdown": {"attrs": {"aria-busy": "true" if busy else None}},
    }


def ranking_paint(comparison: Comparison, selected: int, lang: str = "en") -> RankingPaint:
    """The ranking's paint data; while ``structure`` (rows' order, selection, max order, language) stays, only cell
    texts change."""
    order = comparison["options"]["max_order"]
    rows = ranking_rows(comparison, lang)
    return {
        "head": ranking_header(order, lang),
        "rows": rows,
        "selected": selected,
        "structure": [[row["index"] for row in rows], selected, order, lang],
    }


def box_updates(kind: str, count: int, lang: str = "en") -> Updates:
    """Labels, placeholders and Remove buttons of ``count`` boxes of ``kind`` (no Remove for a single box)."""
    out: Updates = {}
    for number in range(1, count + 1):
        bid = box_id(kind, number)
        out[bid] = {"attrs": {"placeholder": i18n.t(lang, f"{kind}_placeholder")}}
        out[f"{bid}-label"] = {"text": i18n.t(lang, f"{kind}_label", number=number)}
        out[f"{bid}-remove"] = {
            "text": i18n.t(lang, "remove"),
            "props": {"hidden": count == 1},
            "attrs": {"aria-label": i18n.t(lang, f"remove_{kind}", number=number)},
        }
    return out


def text_direction(text: str, limit: int = 4096) -> str:
    """``"rtl"`` where the first strongly directional character of ``text`` (within ``limit``) is right-to-left
    (Arabic, Hebrew: Unicode bidi classes R and AL), else ``"ltr"`` (the rule of HTML's ``dir="auto"``)."""
    for ch in text[:limit]:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return "ltr"


def token_updates(comparison: Comparison, lang: str = "en") -> Updates:
    """Each box's token line (bidi-isolated chips, at most :data:`SHOWN_ITEMS`, in the text's direction) and count."""
    out: Updates = {}
    for kind, rows in (("reference", comparison["references"]), ("candidate", comparison["candidates"])):
        for number, row in enumerate(rows, start=1):
            tv = token_view(row["tokens"], lang, row["token_count"])
            bid = box_id(kind, number)
            out[f"{bid}-tokens"] = {
                "chips": {"items": tv["items"], "sep": TOKEN_SEPARATOR, "class": "tk"},
                "attrs": {"dir": text_direction(row["text"])},
            }
            note = dropped_note(row["text"], row["tokens"], len(row["tokens"]) == row["token_count"], lang)
            more = " · ".join(filter(None, (tv["more"], note)))  # after the chips: "and N more", what was dropped
            out[f"{bid}-tokens-more"] = {"text": more, "props": {"hidden": not more}}
            out[f"{bid}-token-count"] = {"text": tv["label"]}
    return out


def score_updates(number: int, label: str, value: str, formula: str, signature: str, lang: str = "en") -> Updates:
    """Every metric's heading, score, formula and signature, and the summary's candidate and score."""
    return {
        "breakdown-heading": {"text": i18n.t(lang, "breakdown_heading", number=number)},
        "score-label": {"text": label},
        "score": {"text": value},
        "score-formula": {"text": formula},
        "signature": {"chips": signature_chips(signature)},
        "summary-candidate": {"text": i18n.t(lang, "candidate_label", number=number)},
        "summary-label": {"text": label},
        "summary-score": {"text": value},
    }


def breakdown_updates(v: CandidateView, lang: str = "en") -> Updates:
    """The breakdown of ``v``: score, formula, signature, p1..pN rows, r, c, BP, JSON, summary."""
    score = v["score"]
    out = score_updates(v["number"], score["label"], score["value"], score["formula"], v["signature"], lang)
    out |= {
        "ref-len": {"text": v["ref_len"]},
        "ref-len-why": {"text": v["ref_len_text"]},
        "hyp-len": {"text": v["hyp_len"]},
        "bp-branch": {"text": v["brevity_penalty"]["branch"]},
        "bp-value": {"text": v["brevity_penalty"]["value"]},
        "bp-row": {"classes": {"penalized": v["brevity_penalty"]["penalized"]}},
        "result-json": {"text": v["json"]},
    }
    for p in v["precisions"]:
        for part, text in (("fraction", p["fraction"]), ("value", p["value"]), ("note", p["note"])):
            out[f"p{p['n']}-{part}"] = {"text": text}
        out[f"p{p['n']}-row"] = {"classes": {"smoothed": p["smoothed"], "left-out": not p["used"]}}
    out.update(summary_updates(v, lang))
    return out


def summary_updates(v: CandidateView, lang: str = "en") -> Updates:
    """The sticky summary at the top: which candidate, its score, p1..pN and BP."""
    terms = [f"{p['label']} {p['value']}" for p in v["precisions"]]
    if not v["result"].hyp_len and v["result"].ref_len:  # no words to match (blank.empty_candidate_view)
        terms = [i18n.t(lang, "no_words_to_match")]
    terms.append(f"{i18n.t(lang, 'col_bp')} {v['brevity_penalty']['value']}")
    return {
        "summary-candidate": {"text": i18n.t(lang, "candidate_label", number=v["number"])},
        "summary-label": {"text": v["score"]["label"]},
        "summary-score": {"text": v["score"]["value"]},
        "summary-terms": {"text": " · ".join(terms)},
    }


def page_words(lang: str = "en") -> PageWords:
    """The page's fixed words in ``lang``: catalog strings, option labels and the document title."""
    strings = {k: v for k, v in i18n.CATALOGS[i18n.language(lang)].items() if isinstance(v, str)}
    return {"strings": strings, "options": option_labels(lang), "title": i18n.t(lang, "app_title")}


def language_updates(lang: str = "en") -> Updates:
    """The words of ``lang`` carried by attributes (export buttons, language switch, summary, copy boxes)."""
    out: Updates = {
        "lang-select": {"props": {"value": i18n.language(lang)}},
        "opt-lowercase-auto": {"attrs": {"title": i18n.t(lang, "lowercase_auto_help")}},
        "summary": {"attrs": {"aria-label": i18n.t(lang, "summary_heading")}},
    }
    for area in COPY_AREAS.values():
        out[area] = {"attrs": {"aria-label": i18n.t(lang, "copy_area_label")}}
    for fmt in ("json", "csv", "markdown"):
        name = i18n.t(lang, f"export_{fmt}")
        for action in ("copy", "download"):
            word = i18n.t(lang, action)
            out[f"{action}-export-{fmt}"] = {"text": word, "attrs": {"aria-label": f"{word}: {name}"}}
    return out


def status_line(status: Status, lang: str = "en") -> Updates:
    """The status area for ``status`` in ``lang``: ``status-ready`` only when nothing needs attention,
    ``status-warning`` (a link or the tab's storage failed), ``status-note`` (an embed's storage), ``status-error``;
    ``status-quiet`` (empty) in an embed once its "Ready" has been said (``quiet``) and nothing else is to say."""
    if status.get("state") == "error":
        text, look = i18n.t(lang, "start_failed", error=status.get("error") or ""), "error"
    else:
        quiet = bool(status.get("embed") and status.get("quiet"))
        parts = [] if quiet else [i18n.t(lang, "status_ready", python=status.get("python") or "Python")]
        if (restored := status.get("restored")) and not quiet:
            parts.append(i18n.t(lang, restored))
        if status.get("link_error"):
            parts.append(i18n.t(lang, "share_invalid", error=status["link_error"]))
        if status.get("saved_error"):
            parts.append(i18n.t(lang, "saved_unreadable", error=status["saved_error"]))
        if status.get("embed") and status.get("storage"):
            parts.append(i18n.t(lang, "storage_embed_" + str(status["storage"])))
        elif status.get("storage") == "full":
            parts.append(i18n.t(lang, "storage_full", size=i18n.format_integer(status.get("size") or 0, lang)))
        elif status.get("storage") == "denied":
            parts.append(i18n.t(lang, "storage_denied"))
        text = " ".join(parts)
        look = "warning" if any(status.get(k) for k in ("link_error", "saved_error", "storage")) else "ready"
        if look == "warning" and status.get("embed") and not (status.get("link_error") or status.get("saved_error")):
            look = "note"
        if not parts:
            look = "quiet"
    return {
        "status-text": {"text": text},
        "status": {"classes": {f"status-{name}": name == look for name in "ready note warning error quiet".split()}},
    }


def note_text(note: StatusNote, lang: str = "en", refused: bool = False) -> str:
    """A message next to a button (copied, downloaded, link too long...) in ``lang``; ``refused``: the copy failed."""
    if refused:
        return i18n.t(lang, "copy_failed")
    numbers = {k: i18n.format_integer(v, lang) for k, v in (note.get("numbers") or {}).items()}
    return i18n.t(lang, note["key"], **(note.get("params") or {}), **numbers)


def notes_updates(notes: Mapping[str, StatusNote], refused: set[str], lang: str = "en") -> Updates:
    """Every message of ``notes`` (id -> note) in ``lang``; ``refused``: the ids whose copy the browser refused."""
    return {element_id: {"text": note_text(note, lang, element_id in refused)} for element_id, note in notes.items()}


def order_rows(precisions: list[dict[str, Any]]) -> dict[str, Any]:
    """The terms table's p1..pN rows (``[{n, name}]``), described for static/paint.js's
    ``insert`` into ``#terms-body``: in place of the last ones, before the r row."""
    rows = []
    for p in precisions:
        n, name = p["n"], p["name"]
        sub, term = {"tag": "sub", "text": str(n)}, {"tag": "span", "attrs": {"class": "term-name"}, "text": name}
        head = {"tag": "th", "attrs": {"scope": "row"}, "children": ["p", sub, " ", term]}
        cells = [
            {"tag": "td", "attrs": {"id": f"p{n}-{part}", "class": part if part == "note" else "num"}}
            for part in ("fraction", "value", "note")
        ]
        rows.append({"tag": "tr", "attrs": {"id": f"p{n}-row", "class": "order-row"}, "children": [head, *cells]})
    return {"remove": "tr.order-row", "before": "ref-len-row", "elements": rows}


def highlight_lines(sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The highlight's sections as static/paint.js's ``highlight`` applies them: each order's
    heading (its title, its summary in parentheses), its line's attributes, and each token's
    full class (``tok``, the mark, ``gram`` above unigrams)."""
    out = []
    for section in sections:
        orders = []
        for order in section["orders"]:
            n, title, summary = order["n"], order["title"], order["summary"]
            gram = " gram" if n > 1 else ""
            orders.append({
                "n": n,
                "heading": f"{title} ({summary})" if summary else title,
                "line": {"class": f"hl-line hl-order-{n}", "data-order": str(n)},
                "items": [[text, f"tok {cls}{gram}"] for text, cls in order["items"]],
                "more": order["more"],
            })  # fmt: skip
        out.append({"title": section["title"], "id": section["id"], "orders": orders})
    return out
