"""An embed that costs nothing until touched (docs/embedding.md): its "Ready" is said, then
its status line goes quiet (warnings and notes stay); what its reader typed while Python
loaded beats its prefill, per kind of box; the start-up words are in every catalog and in
the boot strings the build writes. Through the fake page (tests/fake_port.py)."""

from __future__ import annotations

import json

from bleu2.page import i18n
from bleu2.page.sentence import startup, updates
from bleu2.page.sentence.controller import DEFERRED_MS, EMBED_READY_SHOWN_MS
from bleu2.page.share import encode_state
from fake_port import Tab, open_page, type_in
from tools import build_site

HOST = "http://127.0.0.1:8000/docs/guide.html"
PREFILL = "#" + encode_state({"references": ["a b c"], "candidates": ["a b"], "options": {}})
READY = "Ready (Python 3.11)."


def open_embed(tab: Tab, prefill: str = "", boxes: dict[str, list[str]] | None = None):
    tab.hash = prefill
    return open_page(tab, boxes, embed=True, frame="", frame_index=0, host=HOST, prefill=prefill)


def classes(port) -> dict[str, bool]:
    return port.elements["status"]["classes"]


def test_an_embeds_ready_line_is_said_then_the_status_line_empties():
    port, page = open_embed(Tab())
    assert port.text("status-text") == READY and classes(port)["status-ready"]
    assert EMBED_READY_SHOWN_MS in port.delays
    port.advance(EMBED_READY_SHOWN_MS)
    assert port.text("status-text") == ""
    assert classes(port)["status-quiet"] and not classes(port)["status-ready"]
    page.set_language("pt")  # a language switch says nothing new either
    assert port.text("status-text") == "" and classes(port)["status-quiet"]


def test_the_full_page_keeps_its_ready_line():
    port, _ = open_page(Tab())
    port.advance(EMBED_READY_SHOWN_MS * 2)
    assert port.text("status-text") == READY
    assert classes(port)["status-ready"] and not classes(port)["status-quiet"]


def test_a_quiet_embed_still_says_its_storage_note():
    port, page = open_embed(Tab(denied=True))
    port.advance(EMBED_READY_SHOWN_MS)
    assert port.text("status-text") == ""
    type_in(port, page, "candidate", "a b c")
    port.advance(DEFERRED_MS)
    assert port.text("status-text") == i18n.t("en", "storage_embed_denied")
    assert classes(port)["status-note"] and not classes(port)["status-quiet"]


def test_a_quiet_embed_keeps_the_warning_of_a_broken_link():
    line = updates.status_line({"state": "ready", "python": "P", "embed": True, "quiet": True, "link_error": "cut"})
    assert line["status-text"]["text"] == i18n.t("en", "share_invalid", error="cut")
    assert line["status"]["classes"]["status-warning"] and not line["status"]["classes"]["status-quiet"]
    failed = updates.status_line({"state": "error", "error": "E", "embed": True, "quiet": True})
    assert failed["status"]["classes"]["status-error"] and failed["status-text"]["text"]


def test_a_prefilled_embed_keeps_what_was_typed_while_python_loaded():
    # the reader focused the empty candidate box (which started Python) and typed
    port, _ = open_embed(Tab(), PREFILL, boxes={"candidates": ["the typed candidate"]})
    assert port.value("candidate") == "the typed candidate"
    assert port.value("reference") == "a b c"  # the prefill's, where nothing was typed
    port.advance(DEFERRED_MS)
    reopened, _ = open_embed(port.tab, PREFILL)  # kept for the tab at once
    assert (reopened.value("reference"), reopened.value("candidate")) == ("a b c", "the typed candidate")


def test_a_prefilled_embed_untouched_while_loading_shows_its_prefill():
    port, _ = open_embed(Tab(), PREFILL)
    assert (port.value("reference"), port.value("candidate")) == ("a b c", "a b")


def test_typed_texts_replace_a_prefills_texts_only_of_their_kind():
    state = {"references": ["r1", "r2"], "candidates": ["c"], "options": {"max_order": 4}, "lang": None}
    out = startup.with_typed(state, {"reference": ["", "  "], "candidate": ["mine", ""]})  # type: ignore[arg-type]
    assert out == {"references": ["r1", "r2"], "candidates": ["mine", ""], "options": {"max_order": 4}, "lang": None}
    assert startup.with_typed(state, {"reference": ["x"], "candidate": [""]})["references"] == ["x"]  # type: ignore[arg-type]


def test_the_start_words_are_in_every_catalog_and_in_the_boot_strings():
    boot = build_site.boot_strings_js()
    data = json.loads(boot[boot.index("{") : boot.rindex("}") + 1])
    for lang in i18n.LANGUAGES:
        for key in ("embed_waiting", "embed_start"):
            assert data["strings"][lang][key] == i18n.t(lang, "boot_" + key)
        assert "MB" in data["strings"][lang]["embed_waiting"]
    assert data["strings"]["en"]["embed_start"] == "Start the calculator"
    # index.html holds the English words from the first paint (nothing moves when they are written)
    page = build_site.ROOT.joinpath("index.html").read_text(encoding="utf-8")
    assert f'<span class="status-waiting">{i18n.t("en", "boot_embed_waiting")}</span>' in page
    assert f'<button type="button" id="embed-start">{i18n.t("en", "boot_embed_start")}</button>' in page
