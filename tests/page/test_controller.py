"""The sentence view's controller (bleu2.page.sentence.controller) through a fake page (tests/fake_port.py):
selection, boxes, options, language, Clear, a pasted link, share, copies, export, the worker.

Scores come from the classic BLEU-2 calculator's table (tests/golden_values.py): "the cat
sat on the mat" / "the cat is on the mat" is 0.7071; a candidate equal to its reference, 1.
"""

from __future__ import annotations

import json

from bleu2.page import i18n
from bleu2.page.options_form import SACREBLEU_PAGE_OPTIONS, form_from_options
from bleu2.page.sentence import candidates, live
from bleu2.page.sentence.controller import DEFERRED_MS, EVENTS
from bleu2.page.share import decode_state, encode_state
from bleu2.page.tab_storage import STORAGE_KEY, decode_tab_state
from fake_port import event, open_page, set_control, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"


def scored_page():
    """A started page with the golden pair typed in."""
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    return port, page


def test_every_wired_event_runs_on_a_scored_page_and_the_page_stays_scored():
    port, page = scored_page()
    for element_id, kind, method in EVENTS:
        getattr(page, method)(event(kind, element_id))
        port.advance(1000)
    assert [log for log in port.logs if log[0] == "error"] == []
    assert port.text("score") is not None and port.text("status-text")


def test_the_first_render_scores_what_is_in_the_boxes():
    port, _ = scored_page()
    assert port.text("score") == "0.7071" and port.text("summary-score") == "0.7071"
    assert port.text("p1-fraction") == "5/6" and port.text("hyp-len") == "6"
    assert port.text("status-text") == "Ready (Python 3.11)."


def test_adding_a_candidate_selects_it_and_focuses_its_box():
    port, page = scored_page()
    page.on_add(event("click", "add-candidate", "add-candidate"))
    assert port.box_ids("candidate") == ["candidate", "candidate-2"] and page.selected == 1
    assert port.focused[-1] == "#candidate-2"
    assert port.text("breakdown-heading") == "Breakdown of candidate 2" and port.text("score") == "0.0000"
    assert port.text("candidate-2-label") == "Candidate 2" and port.prop("candidate-2-remove", "hidden") is False
    page.on_add(event("click", "add-reference", "add-reference"))
    assert port.box_ids("reference") == ["reference", "reference-2"] and page.selected == 1  # a reference: no change


def test_typing_in_a_candidate_selects_it_and_typing_in_a_reference_does_not():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate", CAND)
    assert page.selected == 0 and port.text("score") == "0.7071"
    type_in(port, page, "candidate-2", REF)
    assert page.selected == 1 and port.text("score") == "1.0000"
    type_in(port, page, "reference", REF + " today")
    assert page.selected == 1
    edits = page.edits
    page.on_box(event("click", "candidate"))  # a click in a box is not an edit
    page.on_box(event("input", "candidate-tokens"))  # nor anything that is not a box
    assert page.edits == edits


def test_removing_a_candidate_keeps_the_selection_on_its_candidate():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    for text in (CAND, REF, "a dog"):
        if port.value(port.box_ids("candidate")[-1]):
            page.on_add(event("click", "add-candidate", "add-candidate"))
        type_in(port, page, port.box_ids("candidate")[-1], text)
    page.on_ranking_click(event("click", "", "", index="1"))  # candidate 2 (REF: score 1)
    assert page.selected == 1 and port.focused[-1] == '#ranking-body button[data-index="1"]'
    page.on_box(event("click", "candidate-remove", "candidate-remove"))  # remove candidate 1
    assert port.values["candidate"] == [REF, "a dog"] and page.selected == 0
    assert port.text("score") == "1.0000" and port.focused[-1] == "#candidate"
    page.on_box(event("click", "candidate-2-remove", "candidate-2-remove"))
    assert port.values["candidate"] == [REF] and port.prop("candidate-remove", "hidden") is True
    page.on_box(event("click", "candidate-remove", "candidate-remove"))  # never the last box
    assert port.values["candidate"] == [REF]


def test_clear_empties_the_texts_drops_the_link_and_keeps_options_and_language_also_after_a_reload():
    port, page = open_page()
    set_control(port, page, "opt-max-order", "3")
    port.controls["lang-select"]["value"] = "es"
    page.on_language(event("change", "lang-select"))
    type_in(port, page, "reference", REF)
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", CAND)
    page.on_share(event("click", "share-button", "share-button"))
    assert port.tab.hash.startswith("#v1.") and STORAGE_KEY in port.tab.items
    page.on_clear(event("click", "clear", "clear"))
    assert port.values == {"reference": [""], "candidate": [""]} and page.selected == 0
    assert port.tab.hash == "" and port.prop("share-url", "value") == "" and port.text("share-status") == ""
    assert port.focused[-1] == "#reference"
    assert page.options["max_order"] == 3 and page.lang == "es" and port.controls["opt-max-order"]["value"] == "3"
    assert port.text("score-label") == "BLEU-3" and port.text("score") == "–" and not page.unsaved
    assert decode_tab_state(port.tab.items[STORAGE_KEY]) == {
        "references": [""],
        "candidates": [""],
        "options": {**page.options, "max_order": 3},
        "lang": "es",
    }
    port, page = open_page(port.tab)  # a reload shows what Clear showed
    assert port.values == {"reference": [""], "candidate": [""]} and page.options["max_order"] == 3
    assert page.lang == "es" and port.text("status-text") == "Listo (Python 3.11)."  # nothing "restored"


def test_undo_brings_back_what_clear_emptied_until_the_next_edit():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", CAND)
    page.on_clear(event("click", "clear", "clear"))
    assert port.prop("clear-undo", "hidden") is False
    assert port.text("clear-status") == "Texts cleared. Undo brings them back until your next edit."
    port.controls["lang-select"]["value"] = "pt"  # a language switch is no edit: Undo stays, in Portuguese
    page.on_language(event("change", "lang-select"))
    assert port.prop("clear-undo", "hidden") is False and port.text("clear-status").startswith("Textos apagados.")
    page.on_undo(event("click", "clear-undo", "clear-undo"))
    assert port.values == {"reference": [REF], "candidate": ["", CAND]} and page.selected == 1
    assert port.text("score") == "0,7071" and port.text("clear-status") == "Textos recuperados."
    assert port.prop("clear-undo", "hidden") is True
    assert decode_tab_state(port.tab.items[STORAGE_KEY])["candidates"] == ["", CAND]  # kept for the tab again
    page.on_clear(event("click", "clear", "clear"))
    type_in(port, page, "candidate", "a dog")  # an edit: nothing to undo any more
    assert port.prop("clear-undo", "hidden") is True and port.text("clear-status") == ""
    page.on_undo(event("click", "clear-undo", "clear-undo"))
    assert port.values == {"reference": [""], "candidate": ["a dog"]}


def test_clear_on_an_empty_page_offers_no_undo():
    port, page = open_page()
    page.on_clear(event("click", "clear", "clear"))
    assert port.prop("clear-undo", "hidden") is not False and port.text("clear-status") in (None, "")


def test_a_pasted_link_shows_its_texts_unsaved_and_stays_in_the_url_until_an_edit():
    port, page = open_page()
    link = encode_state({"references": [REF], "candidates": [CAND], "options": {"max_order": 1}})
    port.tab.hash = "#" + link
    page.on_hashchange(event("hashchange"))
    assert port.values == {"reference": [REF], "candidate": [CAND]} and port.text("score-label") == "BLEU-1"
    assert "Texts and options restored from the link." in port.text("status-text")
    assert page.unsaved and not page.edited
    port.advance(DEFERRED_MS)
    assert port.tab.hash == "#" + link  # not an edit: the link stays
    assert decode_state(link)["candidates"] == json.loads(port.tab.items[STORAGE_KEY][3:])["c"]  # kept for the tab
    type_in(port, page, "candidate", CAND + " too")
    port.advance(DEFERRED_MS)
    assert port.tab.hash == ""  # edited: the link no longer says what the page shows


def test_a_broken_pasted_link_changes_nothing_and_says_why():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    port.tab.hash = "#v1.garbage!"
    page.on_hashchange(event("hashchange"))
    assert port.values["reference"] == [REF]
    assert "This link could not be read" in port.text("status-text")
    assert port.elements["status"]["classes"]["status-warning"]


def test_a_bad_option_keeps_the_last_valid_ones_and_says_so():
    port, page = open_page()
    type_in(port, page, "reference", "the quick brown fox")
    type_in(port, page, "candidate", "fox brown quick the")
    set_control(port, page, "opt-smoothing", "floor")
    assert port.controls["opt-smooth-value"]["disabled"] is False
    set_control(port, page, "opt-smooth-value", "0.5")
    assert port.text("p2-fraction") == "0/3 → 0.1667"  # floor 0.5: 0.5/3
    set_control(port, page, "opt-smooth-value", "0.5x")
    error = port.elements["option-error"]
    assert error["props"]["hidden"] is False and "must be a number" in error["text"] and "0.5x" in error["text"]
    assert error["text"].endswith("still showing the scores with the last valid options.")
    assert port.text("p2-fraction") == "0/3 → 0.1667"  # scored with the last valid options
    assert page.page_state()["options"]["smooth_value"] == 0.5  # links and the tab keep them too
    port.advance(DEFERRED_MS)
    assert json.loads(port.tab.items[STORAGE_KEY][3:])["o"]["smooth_value"] == 0.5
    set_control(port, page, "opt-smooth-value", "1")
    assert port.elements["option-error"]["props"]["hidden"] is True and port.text("p2-fraction") == "0/3 → 0.3333"


def test_the_option_buttons_set_the_whole_form():
    port, page = scored_page()
    assert port.text("options-state") == "These are the default options."
    set_control(port, page, "opt-preset", "sacrebleu-sentence", "on_preset")
    expected = form_from_options(SACREBLEU_PAGE_OPTIONS)
    assert port.controls["opt-tokenizer"]["value"] == expected["tokenizer"] == "13a"
    assert port.controls["opt-max-order"]["value"] == "4" and port.text("score-label") == "BLEU-4"
    assert port.controls["opt-effective-order"]["checked"] is True and port.controls["opt-rstrip"]["checked"] is True
    assert port.text("options-state") == "Some options differ from the defaults."
    assert "preset:sacrebleu-sentence" in "".join(port.elements["signature"]["chips"]["items"])
    set_control(port, page, "opt-lowercase", "yes")  # one option changed: no preset any more
    assert port.controls["opt-preset"]["value"] == "custom"
    assert "preset:" not in "".join(port.elements["signature"]["chips"]["items"])
    set_control(port, page, "opt-preset", "custom", "on_preset")  # "custom" changes nothing
    assert port.controls["opt-lowercase"]["value"] == "yes" and port.controls["opt-preset"]["value"] == "custom"
    page.on_preset(event("click", "restore-defaults", "restore-defaults"))
    assert port.controls["opt-max-order"]["value"] == "2" and port.text("score") == "0.7071"


def test_a_language_switch_renders_every_word_and_message_again():
    port, page = scored_page()
    port.clipboard = False
    page.on_copy_json(event("click", "copy-json", "copy-json"))
    assert port.text("copy-status") == i18n.t("en", "copy_failed") and "json-copy-area" in port.shown_areas
    port.controls["lang-select"]["value"] = "pt"
    page.on_language(event("change", "lang-select"))
    assert port.lang == "pt" and port.painted[("translate", "")]["title"] == i18n.t("pt", "app_title")
    assert port.text("status-text") == "Pronto (Python 3.11)."
    assert port.text("copy-status") == i18n.t("pt", "copy_failed")  # still refused, in Portuguese
    assert port.text("breakdown-heading") == i18n.t("pt", "breakdown_heading", number=1)
    assert port.text("candidate-label") == "Candidata 1"


def test_share_puts_the_link_in_the_url_and_copies_it_unless_it_is_too_long():
    port, page = scored_page()
    page.on_share(event("click", "share-button", "share-button"))
    url = port.prop("share-url", "value")
    assert (
        url == port.clipboard_text[-1] and url.endswith(port.tab.hash) and port.text("share-status") == "Link copied."
    )
    assert decode_state(port.tab.hash)["references"] == [REF]
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(6000))  # does not compress
    type_in(port, page, "reference", noise)
    page.on_share(event("click", "share-button", "share-button"))
    assert port.prop("share-url", "value") == ""
    assert port.text("share-status").startswith("Link is too long to share (")


def test_export_copies_or_downloads_the_format_asked_for():
    port, page = scored_page()
    page.on_export(event("click", "", "copy-export-markdown", format="markdown"))
    assert port.clipboard_text[-1].startswith("|") and port.text("export-status") == "Markdown table copied."
    page.on_export(event("click", "", "download-export-csv", format="csv"))
    name, mime, text = port.downloads[-1]
    assert name.endswith(".csv") and mime.startswith("text/csv") and "0.7071" in text
    assert port.text("export-status") == "CSV downloaded."
    page.on_export(event("click", "export-heading"))  # not on a button: nothing
    assert len(port.downloads) == 1


def test_the_many_lines_hint_takes_the_boxes_to_corpus_mode():
    port, page = open_page()
    many = "\n".join(f"line {i}" for i in range(40))
    type_in(port, page, "reference", many)
    type_in(port, page, "candidate", many)
    hints = port.painted[("items", "hints")]
    assert hints[0][2] == {"id": "hint-corpus", "label": "Score them line by line in corpus mode"}
    taken: list = []
    page.to_corpus = taken.append
    page.on_hint(event("click", "hint-corpus", "hint-corpus"))
    assert taken == [{"references": [many], "candidates": [many]}]


def test_the_work_after_a_pause_runs_once_after_the_last_edit():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    port.advance(DEFERRED_MS - 1)
    type_in(port, page, "candidate", CAND)
    port.advance(DEFERRED_MS - 1)
    assert port.text("score-announce") is None and page.timer is not None  # spoken only after a pause
    port.advance(1)
    assert page.timer is None and port.text("score-announce") == i18n.t(
        "en", "score_announce", order=2, number="1", score="0.7071"
    )
    assert port.painted[("svg", "chart")]["attrs"] and port.painted[("help", "")]["heading"] == "How it works"
    assert port.painted[("highlight", "hl-candidate")] and not [log for log in port.logs if log[0] == "error"]


def test_long_texts_are_measured_after_the_answer_one_request_at_a_time(monkeypatch):
    measured = []
    real = candidates.measure

    def spy(c, r, **o):  # the long texts' measuring (compare() measures short ones too)
        if len(r[0]) > live.LIVE_CHARACTERS:
            measured.append(list(c))
        return real(c, r, **o)

    monkeypatch.setattr(candidates, "measure", spy)
    port, page = open_page()
    long_ref = "the cat sat on the mat " * 5000  # over live.LIVE_CHARACTERS
    assert len(long_ref) > live.LIVE_CHARACTERS
    type_in(port, page, "reference", long_ref)
    assert port.prop("scoring", "hidden") is False and measured == []  # "scoring…" first
    type_in(port, page, "candidate", "the cat")
    type_in(port, page, "candidate", CAND)
    port.advance(0)  # in a timer of its own: the first texts, then only the latest
    assert measured == [[""], [CAND]]
    assert port.prop("scoring", "hidden") is True
    assert port.text("hyp-len") == "6" and port.text("ref-len") == "30,000"
    type_in(port, page, "reference", REF)  # short again: at once
    assert port.text("score") == "0.7071" and len(measured) == 2


def test_on_the_pages_thread_long_texts_are_measured_after_a_pause():
    port, page = open_page()
    port.in_worker = False
    type_in(port, page, "reference", "the cat sat on the mat " * 5000)
    type_in(port, page, "candidate", CAND)
    port.advance(0)
    assert port.prop("scoring", "hidden") is False and port.text("hyp-len") == "–"  # nothing measured yet
    port.advance(DEFERRED_MS)  # measured here, after a pause: the first texts, then the latest
    assert port.text("hyp-len") == "0" and port.prop("scoring", "hidden") is False
    port.advance(DEFERRED_MS)
    assert port.text("hyp-len") == "6" and port.prop("scoring", "hidden") is True


def test_a_corpus_line_opens_in_the_sentence_view():
    port, page = open_page()
    page.open_texts({"references": [REF], "candidates": [CAND], "options": {}, "lang": None})
    assert port.values == {"reference": [REF], "candidate": [CAND]} and port.text("score") == "0.7071"
    assert page.edited and page.unsaved


def test_a_highlighted_token_is_labelled_on_demand():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)  # highlighted with the numbers, no pause needed
    section = port.painted[("highlight", "hl-candidate")][0]["id"]
    assert "the" in page.highlight_label(section, 1, 0)


def _smoothing_step(port) -> str:
    port.advance(DEFERRED_MS)
    [step] = [s for s in port.painted[("help", "")]["steps"] if s.startswith(("Smoothing", "Suaviza"))]
    return step


def test_how_it_works_names_the_smoothing_chosen_and_calls_only_add_1_the_default():
    import sacrebleu

    port, page = scored_page()
    assert "add-1 smoothing (the default here)" in _smoothing_step(port)  # the form's default
    set_control(port, page, "opt-preset", "sacrebleu-sentence", "on_preset")
    method = sacrebleu.metrics.BLEU().smooth_method  # what sacreBLEU's sentence_bleu smooths with
    step = _smoothing_step(port)
    assert method == "exp" and f"smoothed with {method}, as chosen in the options" in step
    assert "add-1 smoothing (the default here)" not in step and "the default here, add-1, would" in step
    set_control(port, page, "opt-smoothing", "floor")
    assert "smoothed with floor, as chosen" in _smoothing_step(port)
    set_control(port, page, "opt-effective-order", False)  # NLTK's methods refuse effective order
    for method in ("none", "method0"):  # NLTK's method0 smooths nothing either
        set_control(port, page, "opt-smoothing", method)
        assert _smoothing_step(port).startswith(f"Smoothing: none ({method}, as chosen in the options)")
    set_control(port, page, "opt-smoothing", "method3")
    for lang, said in (
        ("es", "se suavizan con method3, el elegido"),
        ("pt", "são suavizadas com method3, a escolhida"),
    ):
        port.controls["lang-select"]["value"] = lang
        page.on_language(event("change", "lang-select"))
        assert said in _smoothing_step(port), lang
    set_control(port, page, "opt-smoothing", "add-1")
    assert "a suavização add-1 (o padrão aqui)" in _smoothing_step(port)
