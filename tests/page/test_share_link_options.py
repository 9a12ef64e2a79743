"""A share link carries options through the same checks as the library (bleu2.options)."""

from __future__ import annotations

import pytest

from bleu2.page import state


def test_a_share_link_with_a_huge_smoothing_value_is_refused():
    page_state = {
        "references": ["the cat sat on the mat"],
        "candidates": ["the cat"],
        "options": {**state.DEFAULT_OPTIONS, "smoothing": "floor", "smooth_value": 0.5},
    }
    fragment = state.share_fragment(page_state)["fragment"]
    assert state.decode_state(fragment)["options"]["smooth_value"] == 0.5
    page_state["options"]["smooth_value"] = 1e300
    with pytest.raises(ValueError, match="must be"):
        state.decode_state(state.encode_state(page_state))
