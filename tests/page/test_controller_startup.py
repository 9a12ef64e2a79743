"""What the page starts from (bleu2.page.sentence.controller, startup), through the fake page
(tests/fake_port.py): a share link, then what the tab kept, then what is in the boxes; the
language picked while Python loaded, else the browser's; an embed's "open in full" link."""

from __future__ import annotations

from urllib.parse import urlsplit

from bleu2.page.sentence.controller import DEFERRED_MS
from bleu2.page.share import decode_state, encode_state
from bleu2.page.tab_storage import SELECTED_KEY, STORAGE_KEY, decode_tab_state
from fake_port import Tab, event, open_page, type_in
from page_states import tab_form

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
KEPT = {"references": ["kept reference"], "candidates": ["kept candidate", "kept two"], "lang": "pt"}
LINKED = {"references": [REF], "candidates": [CAND], "options": {"max_order": 3}, "lang": "es"}


def tab_with_texts(**extra) -> Tab:
    return Tab(items={STORAGE_KEY: tab_form(KEPT), SELECTED_KEY: "1"}, **extra)


def test_a_share_link_wins_over_the_tab_and_over_typed_text():
    tab = tab_with_texts(hash="#" + encode_state(LINKED))
    port, page = open_page(tab, boxes={"references": ["typed"], "candidates": ["typed"]})
    assert port.values == {"reference": [REF], "candidate": [CAND]}
    assert port.text("score-label") == "BLEU-3" and port.controls["opt-max-order"]["value"] == "3"
    assert page.lang == "es" and page.selected == 0  # the link's language; the tab's selection is not the link's
    assert port.text("status-text") == "Listo (Python 3.11). Textos y opciones recuperados del enlace."


def test_the_tab_wins_when_nothing_was_typed_and_keeps_its_selection():
    port, page = open_page(tab_with_texts())
    assert port.values == {"reference": ["kept reference"], "candidate": ["kept candidate", "kept two"]}
    assert page.selected == 1 and page.lang == "pt"
    assert port.text("status-text") == "Pronto (Python 3.11). Textos recuperados desta aba."


def test_typed_text_wins_over_the_tab_and_is_kept_at_once():
    port, page = open_page(tab_with_texts(), boxes={"references": [REF], "candidates": [CAND]})
    assert port.values == {"reference": [REF], "candidate": [CAND]} and port.text("score") == "0.7071"
    assert page.selected == 0  # one candidate: the kept selection (1) does not exist
    assert port.tab.items[STORAGE_KEY].startswith("t1.") and CAND in port.tab.items[STORAGE_KEY]


def test_boxes_that_show_the_tabs_texts_are_adopted_as_they_are_never_written_over():
    # the glue showed the tab's texts (three candidates) and the person typed into two boxes
    shown = {"references": ["kept reference!"], "candidates": ["kept candidate", "kept two?", ""]}
    port, page = open_page(tab_with_texts(), boxes=shown, texts_shown=True)
    assert port.values == {"reference": ["kept reference!"], "candidate": ["kept candidate", "kept two?", ""]}
    assert port.box_writes == []  # keystrokes that came meanwhile are not lost to a write
    assert page.counts == {"reference": 1, "candidate": 3} and page.selected == 1  # the tab's selection
    assert page.lang == "pt"  # the tab's language (and options) still apply
    assert port.text("status-text") == "Pronto (Python 3.11). Textos recuperados desta aba."
    kept = decode_tab_state(port.tab.items[STORAGE_KEY])  # what differs from the tab is kept at once
    assert (kept["references"], kept["candidates"]) == (shown["references"], shown["candidates"])


def test_boxes_that_show_the_tabs_texts_unchanged_are_not_saved_again():
    tab = tab_with_texts()
    before = tab.items[STORAGE_KEY]
    port, _ = open_page(
        tab, boxes={"references": ["kept reference"], "candidates": KEPT["candidates"]}, texts_shown=True
    )
    assert port.values["candidate"] == ["kept candidate", "kept two"] and port.box_writes == []
    assert port.tab.items[STORAGE_KEY] == before


def test_boxes_emptied_before_python_was_ready_stay_empty():
    port, _ = open_page(tab_with_texts(), boxes={"references": [""], "candidates": [""]}, texts_shown=True)
    assert port.values == {"reference": [""], "candidate": [""]} and port.box_writes == []
    kept = decode_tab_state(port.tab.items[STORAGE_KEY])
    assert (kept["references"], kept["candidates"]) == ([""], [""])


def test_options_changed_while_python_loads_are_kept_and_win_over_the_tabs():
    port, page = open_page(boxes={"references": [REF], "candidates": [CAND]}, controls={"opt-max-order": "3"})
    assert page.options["max_order"] == 3 and port.controls["opt-max-order"]["value"] == "3"
    assert port.text("score-label") == "BLEU-3"
    assert port.text("options-state") == "Some options differ from the defaults."
    assert decode_tab_state(port.tab.items[STORAGE_KEY])["options"]["max_order"] == 3  # kept for the tab at once
    port, page = open_page(tab_with_texts(), controls={"opt-max-order": "4", "opt-tokenizer": "13a"})
    assert port.values["candidate"] == ["kept candidate", "kept two"]  # the tab's texts, with the options chosen
    assert (page.options["max_order"], page.options["tokenizer"]) == (4, "13a") and port.text("score-label") == "BLEU-4"
    assert decode_tab_state(port.tab.items[STORAGE_KEY])["options"]["tokenizer"] == "13a"


def test_a_share_link_wins_over_options_changed_while_python_loads():
    port, page = open_page(Tab(hash="#" + encode_state(LINKED)), controls={"opt-max-order": "4"})
    assert page.options["max_order"] == 3 and port.controls["opt-max-order"]["value"] == "3"


def test_an_untouched_form_starts_from_the_defaults_or_the_tabs_options():
    port, page = open_page()
    assert page.options["max_order"] == 2 and STORAGE_KEY not in port.tab.items  # nothing to keep
    kept = Tab(items={STORAGE_KEY: tab_form({**KEPT, "options": {"max_order": 1}})})
    port, page = open_page(kept)
    assert page.options["max_order"] == 1 and port.controls["opt-max-order"]["value"] == "1"


def test_a_broken_link_falls_back_to_the_tab_and_says_why():
    port, _ = open_page(tab_with_texts(hash="#v1.garbage!"))
    assert port.values["reference"] == ["kept reference"]
    status = port.text("status-text")
    assert "Textos recuperados desta aba." in status and "Não foi possível ler este link" in status
    assert port.elements["status"]["classes"]["status-warning"]


def test_a_page_opened_on_a_broken_link_warns_in_its_status_in_every_language():
    """(The browser opens one broken link: tests/browser/test_compare_page.py.)"""
    port, page = open_page(Tab(hash="#v1.garbage"))
    status = port.text("status-text")
    assert "This link could not be read: the link's data is cut off or altered" in status
    assert status.endswith("Nothing was changed.")
    assert port.elements["status"]["classes"]["status-warning"]
    assert not port.elements["status"]["classes"].get("status-ready")
    assert port.values == {"reference": [""], "candidate": [""]}
    port.controls["lang-select"]["value"] = "pt"
    page.on_language(event("change", "lang-select"))
    assert "Não foi possível ler este link" in port.text("status-text")
    assert port.elements["status"]["classes"]["status-warning"]


def test_an_unreadable_kept_state_is_forgotten_and_said():
    port, _ = open_page(Tab(items={STORAGE_KEY: "t1.{not json"}))
    assert STORAGE_KEY not in port.tab.items and port.values == {"reference": [""], "candidate": [""]}
    assert "The texts kept for this tab could not be read" in port.text("status-text")


def test_the_language_picked_while_loading_wins_over_the_browsers():
    port, page = open_page(languages=["pt-BR", "en"])
    assert page.lang == "pt" and port.lang == "pt" and port.text("candidate-label") == "Candidata 1"
    port, page = open_page(languages=["pt-BR", "en"], chosen_language="es")
    assert page.lang == "es" and port.text("candidate-label") == "Candidata 1"
    assert port.prop("lang-select", "value") == "es"
    port, page = open_page(languages=["de", "fr"])
    assert page.lang == "en"


def test_an_embed_gets_its_open_in_full_link_after_a_pause():
    port, page = open_page(embed=True, pathname="/docs/bleu2/")
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    port.advance(DEFERRED_MS)
    href = port.elements["embed-full"]["attrs"]["href"]
    assert urlsplit(href).path == "/docs/bleu2/"
    assert decode_state(urlsplit(href).fragment)["candidates"] == [CAND]
    port, page = open_page()  # the full page has no such link
    port.advance(DEFERRED_MS)
    assert "embed-full" not in port.elements
