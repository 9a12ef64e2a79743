"""The text boxes (bleu2.page.sentence.boxes): ids, events and the selection."""

from __future__ import annotations

import pytest

from bleu2.page.sentence.boxes import apply_read, box_of, selection_after_removal


def test_box_of_acts_on_a_click_on_remove_and_on_input_in_a_box_only():
    assert box_of("candidate-2-remove", "click") == ("candidate", 2, "remove")
    assert box_of("candidate-2", "input") == ("candidate", 2, "")
    assert box_of("candidate-2", "click") is None  # a click in a box: not an edit
    assert box_of("reference-remove", "input") is None


def test_box_of_reads_box_ids():
    assert box_of("candidate-2-remove") == ("candidate", 2, "remove")
    assert box_of("reference") == ("reference", 1, "")
    assert box_of("reference-remove") == ("reference", 1, "remove")
    assert box_of("candidate-12") == ("candidate", 12, "")
    for other in ("candidate-tokens", "references", "candidate-2-tokens", "summary"):
        assert box_of(other) is None


@pytest.mark.parametrize(
    "selected,removed,remaining,expected",
    [(0, 0, 2, 0), (2, 0, 2, 1), (1, 1, 2, 0), (0, 1, 2, 0), (2, 2, 2, 1), (3, 1, 3, 2)],
)
def test_selection_after_removal(selected, removed, remaining, expected):
    assert selection_after_removal(selected, removed, remaining) == expected


def test_apply_read_applies_a_change_to_the_text_last_read():
    assert apply_read("the cat sat", 4, 3, "dog ", 11) == "the dog sat"
    assert apply_read("", 0, 0, "new") == "new"
    assert apply_read("same", 4, 0, "") == "same"
    with pytest.raises(ValueError):
        apply_read("the cat sat", 4, 3, "dog ", 12)  # the page's text is not the one read
