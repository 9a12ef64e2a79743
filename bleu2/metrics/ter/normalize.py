"""tercom's text normalization for TER (Snover et al. 2006; tercom's ``Normalizer.java``),
with the behaviour of sacreBLEU 2.6.0's ``TercomTokenizer``: the words a text is scored on.

Steps, each only when its option is on: lower-casing (unless ``case_sensitive``);
``normalized``: end-of-line hyphens and newlines joined, four XML entities decoded, ASCII
punctuation split off, possessive ``'s`` split, ``.`` and ``,`` split unless between
digits, a dash after a digit split; with ``asian_support`` also CJK ideographs (and the
other CJK blocks tercom lists) split into single characters and CJK/full-width punctuation
split off; ``no_punct``: ``.,?:;!"()`` removed (with ``asian_support`` also the CJK and
full-width punctuation). Last, runs of whitespace become one space.

sacreBLEU 2.6.0 normalizes each reference twice (``Metric._cache_references`` calls
``TER._preprocess_segment``, then ``TER._extract_reference_info`` calls it again on the
result) and each hypothesis once. With ``normalized`` the second pass can change the words
(``the cat's.`` -> ``the cat's .`` -> ``the cat 's .``; ``&amp;lt;`` -> ``&lt;`` -> ``<``):
:func:`reference_words` gives a reference's words as sacreBLEU scores them.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["normalize", "reference_words", "words"]

# --- normalized: the language-independent and Western rules, applied in this order --------------

#: (pattern, replacement) in order; the text is padded with one space each side before
#: the Western rules, as tercom does.
_GENERAL = (
    (re.compile("\n-"), ""),  # an end-of-line hyphen joins the two lines
    (re.compile("\n"), " "),
    (re.compile("&quot;"), '"'),
    (re.compile("&amp;"), "&"),
    (re.compile("&lt;"), "<"),
    (re.compile("&gt;"), ">"),
)

#: ASCII punctuation split off as words: space to '&', '(' to '+', '/', ':' to '@', '[' to
#: '`' and '{' to '~' (not: apostrophe, comma, hyphen, period, digits, letters).
_ASCII_PUNCT = "\x20-\x26\x28-\x2b\x2f\x3a-\x40\x5b-\x60\x7b-\x7e"

_WESTERN = (
    (re.compile(f"([{_ASCII_PUNCT}])"), r" \1 "),
    (re.compile(r"'s "), " 's "),  # possessives
    (re.compile(r"'s$"), " 's"),
    (re.compile(r"([^0-9])([.,])"), r"\1 \2 "),  # . and , not after a digit
    (re.compile(r"([.,])([^0-9])"), r" \1 \2"),  # . and , not before a digit
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),  # a dash after a digit
)

# --- asian_support ---------------------------------------------------------------------------

#: CJK and full-width punctuation (tercom's lists).
_CJK_PUNCT = "\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb"
_FULL_WIDTH_PUNCT = "\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09"

#: Characters split into words of their own, in tercom's order: CJK Unified Ideographs and
#: Extension A; CJK Strokes and Radicals Supplement; CJK Compatibility, Compatibility
#: Ideographs and Compatibility Forms; U+3200..U+3F22 (tercom's range, wider than the
#: Enclosed CJK block its comment names); then the two punctuation sets. (tercom's rules for
#: Hiragana, Katakana and Katakana extensions only match a text that begins with one of
#: them, and the text is padded with a space before they run: they never change it.)
_ASIAN = tuple(
    (re.compile(f"([{chars}])"), r" \1 ")
    for chars in (
        "\u4e00-\u9fff\u3400-\u4dbf",
        "\u31c0-\u31ef\u2e80-\u2eff",
        "\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f",
        "\u3200-\u3f22",
        _CJK_PUNCT,
        _FULL_WIDTH_PUNCT,
    )
)

_PUNCT = re.compile(r'[.,?:;!"()]')
_ASIAN_PUNCT = re.compile(f"[{_CJK_PUNCT}{_FULL_WIDTH_PUNCT}]")


def _normalized(text: str, asian_support: bool) -> str:
    for pattern, repl in _GENERAL:
        text = pattern.sub(repl, text)
    text = f" {text} "
    for pattern, repl in _WESTERN:
        text = pattern.sub(repl, text)
    if asian_support:
        for pattern, repl in _ASIAN:
            text = pattern.sub(repl, text)
    return text


@lru_cache(maxsize=2**16)
def normalize(
    text: str,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> str:
    """``text`` as tercom scores it: its words joined by single spaces (see the module's
    docstring for the steps). The caller right-strips ``text`` first, as sacreBLEU does."""
    if not text:
        return ""
    if not case_sensitive:
        text = text.lower()
    if normalized:
        text = _normalized(text, asian_support)
    if no_punct:
        text = _PUNCT.sub("", text)
        if asian_support:
            text = _ASIAN_PUNCT.sub("", text)
    return " ".join(text.split())


def words(
    text: str,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> tuple[str, ...]:
    """The words TER scores of ``text`` (right-stripped, then :func:`normalize`)."""
    return tuple(normalize(text.rstrip(), normalized, no_punct, asian_support, case_sensitive).split())


def reference_words(
    text: str,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> tuple[str, ...]:
    """The words TER scores of a reference, as sacreBLEU 2.6.0 scores them: :func:`words`,
    normalized a second time (it changes them only with ``normalized``; see the module's
    docstring)."""
    once = normalize(text.rstrip(), normalized, no_punct, asian_support, case_sensitive)
    if normalized:
        once = normalize(once, normalized, no_punct, asian_support, case_sensitive)
    return tuple(once.split())
