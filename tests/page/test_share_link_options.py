"""A share link carries options through the same checks as the library (bleu2.metrics.bleu.options)."""

from __future__ import annotations

import pytest

from bleu2.page import share
from bleu2.page.options_form import DEFAULT_OPTIONS


def test_a_share_link_with_a_huge_smoothing_value_is_refused():
    page_state = {
        "references": ["the cat sat on the mat"],
        "candidates": ["the cat"],
        "options": {**DEFAULT_OPTIONS, "smoothing": "floor", "smooth_value": 0.5},
    }
    fragment = share.share_fragment(page_state)["fragment"]
    assert share.decode_state(fragment)["options"]["smooth_value"] == 0.5
    page_state["options"]["smooth_value"] = 1e300
    with pytest.raises(ValueError, match="must be"):
        share.decode_state(share.encode_state(page_state))
