"""The start-up plan (bleu2.page.sentence.startup): a link, then the tab's texts, then what was typed."""

from __future__ import annotations

import pytest

from bleu2.page.ports import PageContext
from bleu2.page.sentence.startup import chosen_options, kept_selection, restore_plan, start_language, startup_choice
from bleu2.page.share import encode_state
from page_states import STATE, tab_form


@pytest.mark.parametrize(
    "fragment,saved,typed,choice",
    [
        ("#v1.abc", "v1.x", True, "link"),  # a share link wins over the tab and the boxes
        ("#v2.abc", None, False, "link"),  # (a newer format is still a link: decoding says why)
        ("", "v1.x", False, "tab"),
        ("", "v1.x", True, "typed"),  # the browser put the texts back, or text typed while loading
        ("", None, True, "typed"),
        ("", None, False, "none"),
        ("#section", None, False, "none"),
    ],
)
def test_startup_choice_link_then_tab_then_typed(fragment, saved, typed, choice):
    assert startup_choice(fragment, saved, typed) == choice


def test_restore_plan():
    link = encode_state(STATE)
    tab = encode_state({"references": ["r"], "candidates": ["c"]})
    plan = restore_plan("#" + link, tab, True)
    assert plan["state"] == STATE and plan["message"] == "link_restored" and not plan["keep_selection"]
    plan = restore_plan("", tab, False)
    assert plan["state"]["candidates"] == ["c"] and plan["message"] == "state_restored" and plan["keep_selection"]
    # a broken link says why and falls back to the tab's state
    plan = restore_plan("#v1.garbage!", tab, False)
    assert plan["link_error"] and plan["state"]["references"] == ["r"]
    # an unreadable saved state is forgotten; typed text is kept as it is
    plan = restore_plan("", "v1.%%%", False)
    assert plan["forget_saved"] and plan["state"] is None
    plan = restore_plan("", tab, True)
    assert plan["state"] is None and plan["keep_selection"] and plan["message"] is None


def test_restore_plan_saves_what_was_typed_while_loading_and_reports_unreadable_state():
    plan = restore_plan("", None, True)
    assert plan["save"] and plan["state"] is None  # typed while Python loaded: kept for the tab at once
    plan = restore_plan("", tab_form({"references": ["r"], "candidates": ["c"]}), False)
    assert plan["state"]["candidates"] == ["c"] and not plan["save"]
    plan = restore_plan("", "t1.{not json", False)
    assert plan["forget_saved"] and plan["saved_error"]  # said in the status line, never silently
    assert restore_plan("", None, False)["save"] is False


def test_the_language_picked_while_loading_wins_over_the_browsers():
    assert start_language(PageContext(languages=["pt-BR", "en"])) == "pt"
    assert start_language(PageContext(["pt"], "es")) == "es"


def test_options_changed_while_loading_are_taken_unless_they_are_the_defaults():
    assert chosen_options({"max_order": "4"})["max_order"] == 4
    assert chosen_options({"max_order": "2"}) is None


def test_the_kept_selection_applies_while_there_are_that_many_candidates():
    plan = restore_plan("", "t1.{}", True)  # typed, with something kept: the selection applies
    assert kept_selection(plan, "2", 3) == 2
    assert kept_selection(plan, "3", 3) == 0
