"""The classic BLEU-2 calculator's tokenizer (``default``): NFKC, words of letters, marks and
digits, every CJK character a token of its own; lower-casing optional (on by default).

The same tokens in every Python
===============================

The character classes come from the committed table
(:mod:`bleu2.tokenizers._unicode_tables`, the ``regex`` package's Unicode, the same in
every Python). NFKC (``unicodedata.normalize``) and lower-casing (``str.lower``) come
from the running Python's Unicode database: 14.0.0 in CPython 3.11, 15.0.0 in 3.12,
15.1.0 in 3.13, 16.0.0 in 3.14 (Pyodide 314, the page). So that the command line and the
page give the same tokens, the tokenizer applies **Unicode 14.0.0's** NFKC and
lower-casing in every Python (``BASELINE_UNICODE_VERSION``: the Unicode of the oldest
Python bleu2 supports, so every supported Python can reproduce it):

* In a Python whose ``unicodedata`` is 14.0.0, ``unicodedata.normalize("NFKC", text)``
  and ``str.lower`` as they are.
* In a newer Python, the code points that Unicode 14.0.0 leaves unassigned
  (``BASELINE_UNASSIGNED``) are left exactly as they are, neither normalised nor
  lower-cased (Unicode 14.0.0 does nothing to them either), and every run of text between
  them is normalised and lower-cased on its own. Unicode's stability policies make the
  result of each run the same as Unicode 14.0.0's (normalisation of assigned characters
  never changes; an unassigned code point is a normalisation boundary and is neither
  cased nor case-ignorable, so cutting there changes neither NFKC nor the final-sigma
  rule of ``str.lower``).
* One character changed a property after 14.0.0 that ``str.lower`` reads: U+1171E AHOM
  CONSONANT SIGN MEDIAL RA is Mn (case-ignorable) in 14.0.0 and Mc in 16.0.0, which
  changes the final-sigma rule for a Greek capital sigma next to it; a newer Python
  lower-cases such text with a case-ignorable combining mark standing in for U+1171E,
  which gives 14.0.0's result (:data:`_CASE_IGNORABLE_AT_BASELINE`).

So characters added to Unicode after 14.0.0 are classified by the table (a new letter is
a word character) but neither NFKC-normalised nor lower-cased, in every Python.
``tests/engine/test_unicode_pyodide.py`` checks the result: CPython and Pyodide's Python
3.14 give the same tokens for every assigned code point. (Checked against Unicode 16.0.0;
for a Python with a newer Unicode, run that comparison with it: a property change like
U+1171E's would show there.)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import TypeAlias

from ._ranges import bmp, class_alternatives, class_body, subtract
from ._unicode_tables import BASELINE_UNASSIGNED, BASELINE_UNICODE_VERSION, DEFAULT_IGNORABLE, LETTER_MARK_NUMBER

__all__ = ["CJK_RANGES", "tokenize_default", "baseline_nfkc"]

#: Code point ranges whose every character is a token of its own (the classic calculator's CJK rule).
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3005, 0x3007),  # ideographic iteration mark, closing mark, number zero
    (0x3021, 0x3029),  # Hangzhou numerals
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x3130, 0x318F),  # Hangul compatibility Jamo
    (0x31A0, 0x31BF),  # Bopomofo extended
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0x3400, 0x4DBF),  # Han extension A
    (0x4E00, 0x9FFF),  # Han unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended-A
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xD7B0, 0xD7FF),  # Hangul Jamo extended-B
    (0xF900, 0xFAFF),  # Han compatibility ideographs
    (0xFF66, 0xFF9F),  # halfwidth Katakana
    (0x20000, 0x2FA1F),  # Han extensions B-F, compatibility supplement
    (0x30000, 0x323AF),  # Han extensions G-H
)

# One CJK character, or a maximal run of letters/marks/numbers that are not CJK.
_find_tokens = re.compile(
    f"{class_alternatives(CJK_RANGES)}|(?:{class_alternatives(subtract(LETTER_MARK_NUMBER, CJK_RANGES))})+"
).findall
# Default-ignorable code points (Unicode's Default_Ignorable_Code_Point: variation
# selectors such as the U+FE0F inside "❤️", Hangul fillers, the Mongolian free variation
# selectors, the combining grapheme joiner) are invisible. Those that are letters or marks
# would otherwise make tokens of their own ("❤️" -> "\ufe0f") or stick to a word ("❤️you");
# they never begin or end a token (inside a word they stay). Checked only in text that
# holds one (a single search).
_IGNORABLE_WORD = subtract(LETTER_MARK_NUMBER, subtract(LETTER_MARK_NUMBER, DEFAULT_IGNORABLE))
_ignorable = f"[{class_body(_IGNORABLE_WORD)}]"  # a dozen ranges: one class searches fastest
_has_ignorable = re.compile(_ignorable).search
_ignorable_edges = re.compile(f"^(?:{_ignorable})+|(?:{_ignorable})+$").sub


def _trim_ignorable(tokens: list[str]) -> list[str]:
    """``tokens`` with default-ignorable code points cut from their ends; tokens left empty dropped."""
    out = []
    for token in tokens:
        if _has_ignorable(token) is not None:
            token = _ignorable_edges("", token)
        if token:
            out.append(token)
    return out


# ASCII text needs neither NFKC (the identity on ASCII) nor the Unicode classes:
# its letters and digits are exactly its L* and N* characters. One str.translate
# (C fast path for ASCII) maps every other character to a space, then split().
_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_ASCII_KEEP = str.maketrans({c: (chr(c) if chr(c) in _ASCII_WORD else " ") for c in range(128)})
_ASCII_LOWER = str.maketrans({c: (chr(c).lower() if chr(c) in _ASCII_WORD else " ") for c in range(128)})
_normalize = unicodedata.normalize

#: True when the running Python's unicodedata is the baseline (CPython 3.11): NFKC and
#: str.lower are then Unicode 14.0.0's as they are.
AT_BASELINE: bool = unicodedata.unidata_version == BASELINE_UNICODE_VERSION

#: Characters that are case-ignorable in Unicode 14.0.0 but no longer in a newer
#: Unicode (found by comparing 14.0.0 with 16.0.0: U+1171E, Mn -> Mc in 16.0.0).
_CASE_IGNORABLE_AT_BASELINE = "\U0001171e"
#: Stand-ins for them: case-ignorable and not cased in every Unicode, left alone by
#: str.lower, never produced by it (U+0307 is: "İ".lower() == "i̇").
_STAND_INS = [chr(cp) for cp in range(0x300, 0x345) if cp != 0x307]

# (search, split) for runs of code points unassigned in the baseline; used, and compiled
# at import (see the end of the module), in a Python newer than the baseline only.
_Search: TypeAlias = Callable[[str], re.Match[str] | None]
_Split: TypeAlias = Callable[[str], list[str]]
_unassigned: tuple[_Search, _Split] | None = None


def _compile_unassigned() -> tuple[_Search, _Split]:
    global _unassigned
    # search: one code point of BASELINE_UNASSIGNED. Its leading class (the BMP part, or
    # any astral character) lets re skip the other characters quickly; the lookbehind
    # checks an astral one against the ranges of its plane. split (only for the rare
    # text that has one): the runs of them.
    alternatives = class_alternatives(BASELINE_UNASSIGNED)
    one = f"[{class_body(bmp(BASELINE_UNASSIGNED))}\\U00010000-\\U0010ffff](?<={alternatives})"
    _unassigned = (re.compile(one).search, re.compile(f"((?:{alternatives})+)").split)
    return _unassigned


def _lower_baseline(text: str) -> str:
    """``text.lower()`` as Unicode 14.0.0 gives it, for ``text`` of characters assigned in it."""
    if "\u03a3" not in text:  # only the final-sigma rule reads the changed property
        return text.lower()
    swaps = []
    for ch in _CASE_IGNORABLE_AT_BASELINE:
        if ch in text:
            stand_in = next((s for s in _STAND_INS if s not in text), None)
            if stand_in is None:  # every stand-in is in the text already: leave ch alone
                break
            text = text.replace(ch, stand_in)
            swaps.append((stand_in, ch))
    text = text.lower()
    for stand_in, ch in swaps:
        text = text.replace(stand_in, ch)
    return text


def baseline_nfkc(text: str, lowercase: bool = False) -> str:
    """NFKC of ``text``, then lower-cased when ``lowercase``, as Unicode 14.0.0 defines them.

    In CPython 3.11 (Unicode 14.0.0) this is ``unicodedata.normalize("NFKC", text)`` and
    ``str.lower``; in a Python with a newer Unicode, code points unassigned in 14.0.0 are
    kept as they are and the text between them is normalised (see the module docstring).

    Example:
        >>> baseline_nfkc("ﬁne Ⅻ Straße", lowercase=True)
        'fine xii straße'
    """
    if AT_BASELINE:
        norm = _normalize("NFKC", text)
        return norm.lower() if lowercase else norm
    search, split = _unassigned or _compile_unassigned()
    pieces = [text] if search(text) is None else split(text)
    # split() with a group: the even pieces are text, the odd ones runs of unassigned code points
    for i in range(0, len(pieces), 2):
        piece = _normalize("NFKC", pieces[i])
        pieces[i] = _lower_baseline(piece) if lowercase else piece
    return "".join(pieces)


def tokenize_default(text: str, lowercase: bool = False) -> list[str]:
    """The classic calculator's tokenizer.

    Steps: Unicode NFKC normalisation; lower-casing (``str.lower``) when
    ``lowercase``; every CJK character (see :data:`CJK_RANGES`: Han, CJK radicals,
    Hiragana, Katakana, Bopomofo, Hangul) is a token of its own; every other maximal
    run of characters of general category L*, M* or N* is one token; everything
    else (punctuation, symbols, whitespace, underscore, controls) separates tokens
    and is dropped. So "don't" -> ``don``, ``t``; "3.14" -> ``3``, ``14``. A
    default-ignorable code point (U+FE0F in "❤️", a Hangul filler, ...) never begins or
    ends a token, so it never is one: "I ❤️ you" -> ``i``, ``you``.

    NFKC and lower-casing are Unicode 14.0.0's in every Python (:func:`baseline_nfkc`,
    the module docstring); the categories are the committed table's.

    Args:
        text: any string.
        lowercase: lower-case after NFKC, as the classic calculator defines it.
    Returns:
        list[str], possibly empty.

    Example:
        >>> tokenize_default("I visited 北京 in 2019, it was great!", lowercase=True)
        ['i', 'visited', '北', '京', 'in', '2019', 'it', 'was', 'great']
    """
    if text.isascii():
        return text.translate(_ASCII_LOWER if lowercase else _ASCII_KEEP).split()
    if AT_BASELINE:
        norm = _normalize("NFKC", text)
        if lowercase:
            norm = norm.lower()
    else:
        norm = baseline_nfkc(text, lowercase)
    tokens = _find_tokens(norm)
    return tokens if _has_ignorable(norm) is None else _trim_ignorable(tokens)


# A Python newer than the baseline needs the unassigned-code-point patterns for any
# non-ASCII text: compile them now, so that they are part of a Pyodide memory snapshot
# taken after import (the page) rather than compiled on the first non-ASCII text.
if not AT_BASELINE:
    _compile_unassigned()
