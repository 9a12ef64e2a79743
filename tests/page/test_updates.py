"""Element updates (bleu2.page.sentence.updates): what the sentence view writes, as data."""

from __future__ import annotations

import json
from pathlib import Path

from bleu2.page import i18n
from bleu2.page.ports import signature_chips
from bleu2.page.sentence import breakdown, updates
from bleu2.page.sentence.candidates import compare

ROOT = Path(__file__).resolve().parents[2]


def test_breakdown_updates_name_every_element_of_the_breakdown():
    comp = compare(["fox brown quick the"], ["the quick brown fox"])
    v = breakdown.candidate_view(comp, 0, "en")
    u = updates.breakdown_updates(v, "en")
    assert u["score"] == {"text": "0.5000"}
    assert u["breakdown-heading"] == {"text": "Breakdown of candidate 1"}
    assert u["p1-fraction"] == {"text": "4/4"} and u["p2-fraction"] == {"text": "(0+1)/(3+1)"}
    assert u["p2-row"] == {"classes": {"smoothed": True, "left-out": False}}
    assert u["p1-row"] == {"classes": {"smoothed": False, "left-out": False}}
    assert u["bp-row"] == {"classes": {"penalized": False}}
    assert json.loads(u["result-json"]["text"])["score"] == 0.5
    assert set(u) >= {
        "score-label",
        "score-formula",
        "signature",
        "ref-len",
        "ref-len-why",
        "hyp-len",
        "bp-branch",
        "bp-value",
    }


def test_box_and_token_updates():
    u = updates.box_updates("candidate", 2, "es")
    assert u["candidate-label"] == {"text": "Candidata 1"} and u["candidate-2-label"] == {"text": "Candidata 2"}
    assert u["candidate-2-remove"]["props"] == {"hidden": False}
    assert u["candidate-2-remove"]["attrs"]["aria-label"] == i18n.t("es", "remove_candidate", number=2)
    assert updates.box_updates("reference", 1, "en")["reference-remove"]["props"] == {"hidden": True}
    tokens = updates.token_updates(compare(["Don't stop", ""], ["the cat"]), "en")
    assert tokens["candidate-tokens"] == {
        "chips": {"items": ["don", "t", "stop"], "sep": " · ", "class": "tk"},
        "attrs": {"dir": "ltr"},
    }
    assert tokens["candidate-tokens-more"] == {"text": "", "props": {"hidden": True}}
    assert tokens["candidate-2-token-count"] == {"text": "0 tokens"}
    assert tokens["reference-token-count"] == {"text": "2 tokens"}


def test_page_words_and_language_updates():
    words = updates.page_words("pt")
    assert words["strings"]["add_reference"] == "Adicionar referência"
    assert words["title"] == i18n.t("pt", "app_title")
    assert all(isinstance(v, str) for v in words["strings"].values())
    u = updates.language_updates("es")
    assert u["lang-select"] == {"props": {"value": "es"}}
    assert u["copy-export-csv"]["attrs"]["aria-label"] == "Copiar: CSV"
    assert u["json-copy-area"]["attrs"]["aria-label"] == "Texto para copiar"


def test_summary_has_score_precisions_and_bp():
    v = breakdown.candidate_view(compare(["the cat is on the mat"], ["the cat sat on the mat"]), 0, "en")
    assert updates.summary_updates(v, "en") == {
        "summary-candidate": {"text": "Candidate 1"},
        "summary-label": {"text": "BLEU-2"},
        "summary-score": {"text": "0.7071"},
        "summary-terms": {"text": "p1 0.8333 · p2 0.6000 · BP 1.0000"},
    }
    assert updates.summary_updates(v, "pt")["summary-candidate"] == {"text": "Candidata 1"}


def test_status_line_is_data_rendered_in_each_language():
    status = {"state": "ready", "python": "Python 3.14", "restored": "state_restored"}
    en, es = updates.status_line(status, "en"), updates.status_line(status, "es")
    assert en["status-text"]["text"] == "Ready (Python 3.14). Texts restored from this tab."
    assert es["status-text"]["text"] == "Listo (Python 3.14). Textos recuperados de esta pestaña."
    assert en["status"]["classes"] == {
        "status-ready": True,
        "status-note": False,
        "status-warning": False,
        "status-error": False,
        "status-quiet": False,
    }
    failed = updates.status_line({"state": "error", "error": "ValueError: x"}, "pt")
    assert failed["status-text"]["text"] == "A calculadora não pôde iniciar: ValueError: x"
    assert failed["status"]["classes"]["status-error"]


def test_broken_link_and_refused_storage_are_warnings_in_the_status_line():
    link = updates.status_line({"state": "ready", "python": "Python 3.14", "link_error": "the link's data is cut off"})
    assert link["status-text"]["text"] == (
        "Ready (Python 3.14). This link could not be read: the link's data is cut off. Nothing was changed."
    )
    assert link["status"]["classes"] == {
        "status-ready": False,
        "status-note": False,
        "status-warning": True,
        "status-error": False,
        "status-quiet": False,
    }
    full = updates.status_line({"state": "ready", "python": "P", "storage": "full", "size": 10_000_000}, "en")
    assert "the browser's storage for this page is full (10,000,000 characters)" in full["status-text"]["text"]
    assert full["status"]["classes"]["status-warning"]
    denied = updates.status_line({"state": "ready", "python": "P", "storage": "denied"}, "es")
    assert "no permite a la página guardar textos" in denied["status-text"]["text"]
    unreadable = updates.status_line({"state": "ready", "python": "P", "saved_error": "bad"}, "en")
    assert "could not be read (bad); they were discarded" in unreadable["status-text"]["text"]


def test_notes_are_re_rendered_from_data():
    note = {"key": "share_too_long", "numbers": {"length": 9120, "limit": 8000}}
    assert updates.note_text(note, "en") == "Link is too long to share (9,120 characters; the limit is 8,000)."
    assert (
        updates.note_text(note, "es")
        == "El enlace es demasiado largo para compartirlo (9120 caracteres; el límite es 8000)."
    )
    assert updates.note_text({"key": "share_copied"}, "pt", refused=True) == i18n.t("pt", "copy_failed")
    notes = {"share-status": {"key": "share_copied"}, "export-status": {"key": "export_copied_markdown"}}
    assert updates.notes_updates(notes, {"share-status"}, "es") == {
        "share-status": {"text": i18n.t("es", "copy_failed")},
        "export-status": {"text": "Tabla Markdown copiada."},
    }


def test_signature_breaks_only_after_a_bar():
    sig = "nrefs:1|case:lc|eff:no|tok:default|smooth:add-1|order:2|version:bleu2-0.1.0"
    parts = signature_chips(sig)["items"]
    assert parts == [
        "nrefs:1|",
        "case:lc|",
        "eff:no|",
        "tok:default|",
        "smooth:add-1|",
        "order:2|",
        "version:bleu2-0.1.0",
    ]
    assert "".join(parts) == sig
    comp = compare(["a"], ["a"])
    u = updates.breakdown_updates(breakdown.candidate_view(comp, 0), "en")
    assert (
        u["signature"]["chips"]["items"] == signature_chips(comp["signature"])["items"]
        and u["signature"]["chips"]["break"]
    )


def test_the_terms_tables_order_rows_are_described_for_the_insert_painter():
    data = updates.order_rows([{"n": 1, "name": "unigrams"}, {"n": 2, "name": "bigrams"}])
    assert (data["remove"], data["before"]) == ("tr.order-row", "ref-len-row")
    _, second = data["elements"]
    assert second["attrs"] == {"id": "p2-row", "class": "order-row"}
    head, *cells = second["children"]
    assert head["children"] == [
        "p",
        {"tag": "sub", "text": "2"},
        " ",
        {"tag": "span", "attrs": {"class": "term-name"}, "text": "bigrams"},
    ]
    assert [c["attrs"] for c in cells] == [
        {"id": "p2-fraction", "class": "num"},
        {"id": "p2-value", "class": "num"},
        {"id": "p2-note", "class": "note"},
    ]
    # tests/js/paint.test.mjs paints this data (p1..p3) in Node
    js = (ROOT / "tests" / "js" / "paint.test.mjs").read_text(encoding="utf-8")
    line = next(line for line in js.splitlines() if line.startswith("const ORDER_ROWS = "))
    three = [{"n": n, "name": name} for n, name in ((1, "unigrams"), (2, "bigrams"), (3, "trigrams"))]
    assert json.loads(line.removeprefix("const ORDER_ROWS = ").removesuffix(";")) == updates.order_rows(three)


def test_highlight_lines_say_each_orders_heading_line_and_token_classes():
    orders = [
        {
            "n": 1,
            "title": "Unigrams",
            "summary": "2 of 3",
            "items": [["the", "hl-matched"], ["cat", "hl-unmatched"]],
            "more": None,
        },
        {"n": 2, "title": "Bigrams", "summary": "", "items": [["the cat", "hl-clipped"]], "more": "and 5 more"},
    ]
    (section,) = updates.highlight_lines([{"title": "Candidate", "id": "hl-cand", "orders": orders}])
    assert (section["title"], section["id"]) == ("Candidate", "hl-cand")
    assert section["orders"] == [
        {
            "n": 1,
            "heading": "Unigrams (2 of 3)",
            "line": {"class": "hl-line hl-order-1", "data-order": "1"},
            "items": [["the", "tok hl-matched"], ["cat", "tok hl-unmatched"]],
            "more": None,
        },
        {
            "n": 2,
            "heading": "Bigrams",
            "line": {"class": "hl-line hl-order-2", "data-order": "2"},
            "items": [["the cat", "tok hl-clipped gram"]],
            "more": "and 5 more",
        },
    ]
