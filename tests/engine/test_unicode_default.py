"""The default tokenizer's NFKC and lower-casing are Unicode 14.0.0's in every Python.

bleu2/tokenizers/default.py: in a Python whose unicodedata is 14.0.0 (CPython 3.11),
``unicodedata.normalize`` and ``str.lower`` as they are; in a newer one, the code points
that 14.0.0 leaves unassigned are left alone and the text between them is normalised.
Here, in CPython, the newer Python's path is forced (``AT_BASELINE = False``) and must
give what the plain path gives, on every assigned code point and on random text; the
comparison with a real newer Python (Pyodide's 3.14) is tests/engine/test_unicode_pyodide.py.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unicode_text  # tests/unicode_text.py
from bleu2.tokenizers import _unicode_tables, default, tokenize
from bleu2.tokenizers.default import baseline_nfkc, tokenize_default

needs_baseline = pytest.mark.skipif(
    unicodedata.unidata_version != _unicode_tables.BASELINE_UNICODE_VERSION,
    reason=f"needs a Python whose unicodedata is {_unicode_tables.BASELINE_UNICODE_VERSION} (CPython 3.11)",
)


@pytest.fixture
def newer_path(monkeypatch):
    """Force the path of a Python with a newer Unicode than the baseline."""
    monkeypatch.setattr(default, "AT_BASELINE", False)


def test_baseline_is_the_oldest_supported_python():
    assert _unicode_tables.BASELINE_UNICODE_VERSION == "14.0.0"  # CPython 3.11, requires-python >= 3.11
    assert (unicodedata.unidata_version == "14.0.0") == default.AT_BASELINE


@needs_baseline
def test_baseline_unassigned_is_cn_in_this_python():
    table = {cp for a, b in _unicode_tables.BASELINE_UNASSIGNED for cp in range(a, b + 1)}
    cn = {cp for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) == "Cn"}
    assert table == cn


@needs_baseline
@pytest.mark.parametrize("lowercase", [True, False])
def test_newer_path_equals_plain_path_on_every_code_point(newer_path, lowercase):
    """Cutting the text at code points unassigned in 14.0.0 changes neither NFKC nor str.lower."""
    contexts = unicode_text.CHECKS["default/lower" if lowercase else "default/cased"][2]
    for line in unicode_text.lines(contexts):
        norm = unicodedata.normalize("NFKC", line)
        expected = norm.lower() if lowercase else norm
        got = baseline_nfkc(line, lowercase)
        if got != expected:
            first = next(i for i, (a, b) in enumerate(zip(got, expected)) if a != b)
            pytest.fail(f"differs at {first}: {line[max(0, first - 10) : first + 10]!r}")


_any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
_pieces = st.lists(
    st.sampled_from(
        [
            "\u0391",
            "\u03a3",
            "\U0001171e",
            "\u0301",
            "\u0334",
            "a",
            " ",
            "\u0300",
            "\u20c1",
            "\U00010d50",
            "\U00016d67",
            "\U0001ccd6",
            "\ufb01",
            "\u0130",
            "\u00df",
            "\u3000",
        ]
    ),
    max_size=20,
).map("".join)


@needs_baseline
@settings(max_examples=400, deadline=None)
@given(text=st.one_of(_any_text, _pieces))
def test_newer_path_equals_plain_path_on_random_text(text):
    default.AT_BASELINE = False
    try:
        newer = [baseline_nfkc(text, lc) for lc in (True, False)]
        newer_tokens = tokenize_default(text, lowercase=True)
    finally:
        default.AT_BASELINE = True
    norm = unicodedata.normalize("NFKC", text)
    assert newer == [norm.lower(), norm]
    assert newer_tokens == tokenize_default(text, lowercase=True)


@pytest.mark.parametrize("forced", [False, True])
def test_characters_newer_than_the_baseline_are_left_alone(monkeypatch, forced):
    """Unicode 16.0.0 lower-cases GARAY CAPITAL LETTER A, maps OUTLINED LATIN CAPITAL LETTER A
    to A (NFKC) and composes KIRAT RAI VOWEL SIGN E twice into AI; 14.0.0 knows none of them."""
    if forced:
        monkeypatch.setattr(default, "AT_BASELINE", False)
    assert tokenize("x\U00010d50y", lowercase=True) == ["x\U00010d50y"]  # a letter (Lu) in the table
    assert tokenize("x\U0001ccd6y", lowercase=True) == ["x", "y"]  # a symbol (So): separates
    assert tokenize("\U00016d67\U00016d67", lowercase=True) == ["\U00016d67\U00016d67"]
    assert tokenize("X\u20c1Y ﬁ", lowercase=True) == ["x", "y", "fi"]  # U+20C1: Sc since Unicode 17


@pytest.mark.parametrize("forced", [False, True])
def test_final_sigma_next_to_ahom_medial_ra(monkeypatch, forced):
    """U+1171E is case-ignorable (Mn) in 14.0.0, not (Mc) in 16.0.0: lower-casing follows 14.0.0."""
    if forced:
        monkeypatch.setattr(default, "AT_BASELINE", False)
    assert baseline_nfkc("\u0391\U0001171e\u03a3", lowercase=True) == "\u03b1\U0001171e\u03c2"
    assert baseline_nfkc("\u0391\u03a3\U0001171e\u0391", lowercase=True) == "\u03b1\u03c3\U0001171e\u03b1"
    # a stand-in already in the text is not used
    text = "\u0300\u0391\U0001171e\u03a3"
    assert baseline_nfkc(text, lowercase=True) == unicodedata.normalize("NFKC", text).lower()


def test_ascii_and_plain_text_unchanged():
    assert tokenize("Ünïcode ﬁne DAY, 3.14") == ["ünïcode", "fine", "day", "3", "14"]
