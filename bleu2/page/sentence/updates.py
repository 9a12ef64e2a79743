"""Element updates: what the sentence view writes into the page, as data.

Each ``*_updates`` function returns :data:`bleu2.page.ports.Updates` (``{element id:
{"text", "chips", "attrs", "props", "classes"}}``), what the glue writes in one call
(``static/paint.js`` ``bleu2Paint.set``); the others return the data of one painter
(:data:`bleu2.page.sentence.port.Painter`). Messages are kept as data (:class:`StatusNote`, the status
line's :class:`Status`) so that a language switch re-renders them. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .. import i18n
from ..options_form import option_labels
from ..ports import Updates
from ..tables import ranking_header
from .boxes import box_id
from .breakdown import TOKEN_SEPARATOR, CandidateView, RankingRow, ranking_rows, token_view
from .candidates import Comparison

__all__ = [
    "COPY_AREAS",
    "Status",
    "StatusNote",
    "RankingPaint",
    "PageWords",
    "ExportLabels",
    "scoring_updates",
    "ranking_paint",
    "box_updates",
    "token_updates",
    "signature_parts",
    "breakdown_updates",
    "summary_updates",
    "page_words",
    "export_labels",
    "language_updates",
    "status_line",
    "note_text",
    "notes_updates",
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


class StatusNote(TypedDict, total=False):
    """A message next to a button (:func:`note_text`)."""

    key: str
    params: dict[str, Any]
    numbers: dict[str, int]
    refused: bool


class RankingPaint(TypedDict):
    """What ``bleu2Paint.ranking`` paints (:func:`ranking_paint`)."""

    head: list[str]
    rows: list[RankingRow]
    selected: int
    structure: list[Any]


class PageWords(TypedDict):
    """The page's fixed words (:func:`page_words`)."""

    strings: dict[str, str]
    options: dict[str, dict[str, str]]
    title: str


class ExportLabels(TypedDict):
    """The Copy and Download buttons of one export format (:func:`export_labels`)."""

    copy: str
    copy_label: str
    download: str
    download_label: str


#: Each copy message's element -> the read-only box where the text is shown, selected,
#: when the browser refuses to copy (a cross-origin frame without clipboard permission).
COPY_AREAS = {"export-status": "export-copy-area", "share-status": "share-copy-area", "copy-status": "json-copy-area"}


def scoring_updates(busy: bool, lang: str = "en") -> Updates:
    """While the worker scores long texts (:mod:`bleu2.page.sentence.live`): "scoring…" in the
    summary and ``aria-busy`` on the breakdown, which keeps the last result meanwhile."""
    return {
        "scoring": {"text": i18n.t(lang, "scoring"), "props": {"hidden": not busy}},
        "breakdown": {"attrs": {"aria-busy": "true" if busy else None}},
    }


def ranking_paint(comparison: Comparison, selected: int, lang: str = "en") -> RankingPaint:
    """What ``bleu2Paint.ranking`` paints: ``{"head": ranking_header, "rows":
    ranking_rows, "selected": int, "structure": [...]}``; while ``structure`` (the order of
    the rows, the selection, the max order, the language) stays the same, only cell texts
    change and the table is not rebuilt."""
    order = comparison["options"]["max_order"]
    rows = ranking_rows(comparison, lang)
    return {
        "head": ranking_header(order, lang),
        "rows": rows,
        "selected": selected,
        "structure": [[row["index"] for row in rows], selected, order, lang],
    }


def box_updates(kind: str, count: int, lang: str = "en") -> Updates:
    """The labels, placeholders (what to type) and Remove buttons of ``count`` boxes of
    ``kind`` (Remove is hidden when there is only one box)."""
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


def token_updates(comparison: Comparison, lang: str = "en") -> Updates:
    """Each box's token line (at most :data:`SHOWN_ITEMS` tokens, each a bidi-isolated
    chip: ``{"chips": {"items", "sep", "class"}}``; then "and 41,210 more") and count."""
    out: Updates = {}
    for kind, rows in (("reference", comparison["references"]), ("candidate", comparison["candidates"])):
        for number, row in enumerate(rows, start=1):
            tv = token_view(row["tokens"], lang, row["token_count"])
            bid = box_id(kind, number)
            out[f"{bid}-tokens"] = {"chips": {"items": tv["items"], "sep": TOKEN_SEPARATOR, "class": "tk"}}
            out[f"{bid}-tokens-more"] = {"text": tv["more"], "props": {"hidden": not tv["more"]}}
            out[f"{bid}-token-count"] = {"text": tv["label"]}
    return out


def signature_parts(signature: str) -> list[str]:
    """The signature cut after each ``|`` (``["nrefs:1|", "case:lc|", ...]``): the page
    keeps each part on one line, so a narrow screen breaks it only at a ``|``."""
    parts = signature.split("|")
    return [part + "|" for part in parts[:-1]] + parts[-1:]


def breakdown_updates(v: CandidateView, lang: str = "en") -> Updates:
    """The breakdown of :func:`candidate_view` ``v``: heading, score, formula, signature
    (:func:`signature_parts`), the p1..pN rows (``p<n>-fraction``, ``-value``, ``-note``,
    the ``smoothed`` and ``left-out`` classes of ``p<n>-row``), r, c, BP, the JSON and
    the summary (:func:`summary_updates`)."""
    out: Updates = {
        "breakdown-heading": {"text": i18n.t(lang, "breakdown_heading", number=v["number"])},
        "score-label": {"text": v["score"]["label"]},
        "score": {"text": v["score"]["value"]},
        "score-formula": {"text": v["score"]["formula"]},
        "signature": {
            "chips": {"items": signature_parts(v["signature"]), "sep": "", "class": "sig-part", "break": True}
        },
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
    """The compact summary kept in view at the top of the page (``position: sticky``):
    which candidate, its score, p1..pN and BP, from :func:`candidate_view` ``v``."""
    terms = [f"{p['label']} {p['value']}" for p in v["precisions"]]
    terms.append(f"{i18n.t(lang, 'col_bp')} {v['brevity_penalty']['value']}")
    return {
        "summary-candidate": {"text": i18n.t(lang, "candidate_label", number=v["number"])},
        "summary-label": {"text": v["score"]["label"]},
        "summary-score": {"text": v["score"]["value"]},
        "summary-terms": {"text": " · ".join(terms)},
    }


def page_words(lang: str = "en") -> PageWords:
    """The page's fixed words in ``lang`` (static/paint.js ``translate``): ``{"strings":
    {catalog key: text} (every plain string; the page's ``data-i18n`` elements name
    theirs), "options": :func:`option_labels`, "title": the document title}``."""
    strings = {k: v for k, v in i18n.CATALOGS[i18n.language(lang)].items() if isinstance(v, str)}
    return {"strings": strings, "options": option_labels(lang), "title": i18n.t(lang, "app_title")}


def export_labels(lang: str = "en") -> dict[str, ExportLabels]:
    """The Copy and Download buttons of each export format: ``{format: {"copy": text,
    "copy_label": accessible name, "download": text, "download_label": ...}}``."""
    out: dict[str, ExportLabels] = {}
    for fmt, key in (("json", "export_json"), ("csv", "export_csv"), ("markdown", "export_markdown")):
        name = i18n.t(lang, key)
        out[fmt] = {
            "copy": i18n.t(lang, "copy"),
            "copy_label": f"{i18n.t(lang, 'copy')}: {name}",
            "download": i18n.t(lang, "download"),
            "download_label": f"{i18n.t(lang, 'download')}: {name}",
        }
    return out


def language_updates(lang: str = "en") -> Updates:
    """The words of ``lang`` carried by attributes: the export buttons (text and accessible
    name), the language switch, the "Auto" choice's help, the names of the summary and of
    the copy fallback boxes (:data:`COPY_AREAS`)."""
    out: Updates = {
        "lang-select": {"props": {"value": i18n.language(lang)}},
        "opt-lowercase-auto": {"attrs": {"title": i18n.t(lang, "lowercase_auto_help")}},
        "summary": {"attrs": {"aria-label": i18n.t(lang, "summary_heading")}},
    }
    for area in COPY_AREAS.values():
        out[area] = {"attrs": {"aria-label": i18n.t(lang, "copy_area_label")}}
    for fmt, labels in export_labels(lang).items():
        for action, text, label in (
            ("copy", labels["copy"], labels["copy_label"]),
            ("download", labels["download"], labels["download_label"]),
        ):
            out[f"{action}-export-{fmt}"] = {"text": text, "attrs": {"aria-label": label}}
    return out


def status_line(status: Status, lang: str = "en") -> Updates:
    """The status area for the page's status, kept as data so that a language switch
    re-renders it in the new language.

    Args:
        status: ``{"state": "ready" | "error", "python": "Python 3.14", "restored": catalog
            key or None ("state_restored", "link_restored"), "link_error": why a share link
            could not be read or None, "saved_error": why the tab's saved texts could not be
            read or None, "storage": None | "full" | "denied" (the browser refused to keep
            the texts), "size": characters it was asked to keep, "error": what failed
            (state "error"), "embed": the page is an embed (a refused save is said in
            a few words, as a note)}``; missing keys count as None.
        lang: interface language.
    Returns:
        element updates of ``status-text`` (the sentences) and ``status`` (classes:
        ``status-ready``, green, only when nothing needs attention; ``status-warning`` when
        the page runs but a link or the tab's storage failed; ``status-note`` in an embed
        whose storage alone failed; ``status-error``).
    """
    if status.get("state") == "error":
        text, look = i18n.t(lang, "start_failed", error=status.get("error") or ""), "error"
    else:
        parts = [i18n.t(lang, "status_ready", python=status.get("python") or "Python")]
        if restored := status.get("restored"):
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
    return {
        "status-text": {"text": text},
        "status": {"classes": {f"status-{name}": name == look for name in ("ready", "note", "warning", "error")}},
    }


def note_text(note: StatusNote, lang: str = "en", refused: bool = False) -> str:
    """A message next to a button (copied, downloaded, link too long...), kept as data:
    ``{"key": catalog key, "params": {...}, "numbers": {name: int} (formatted for the
    language here)}``; with ``refused`` (the browser refused to copy) the copy-failed
    message instead."""
    if refused:
        return i18n.t(lang, "copy_failed")
    numbers = {k: i18n.format_integer(v, lang) for k, v in (note.get("numbers") or {}).items()}
    return i18n.t(lang, note["key"], **(note.get("params") or {}), **numbers)


def notes_updates(notes: Mapping[str, StatusNote], refused: set[str], lang: str = "en") -> Updates:
    """Every message of ``notes`` (``{element id: note}``, :func:`note_text`) in ``lang``;
    ``refused``: the ids whose copy the browser refused (their message says so)."""
    return {element_id: {"text": note_text(note, lang, element_id in refused)} for element_id, note in notes.items()}
