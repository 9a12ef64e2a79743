"""Tokenizers: text -> list of tokens.

``default`` is the seed calculator's tokenizer (lowercase, word boundaries, CJK
per character). The sacreBLEU tokenizers (``13a``, ``intl``, ``char``, ``zh``,
``none``; Post 2018) live in :mod:`bleu2.tokenizers_sacrebleu` and are
registered here under sacreBLEU's names.

Lower-casing is a separate step (``lowercase``): on by default for ``default``,
off by default for the sacreBLEU tokenizers, as sacreBLEU does.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from . import tokenizers_sacrebleu as _sb
from ._unicode_tables import LETTER_MARK_NUMBER

__all__ = [
    "DEFAULT_TOKENIZER",
    "TOKENIZERS",
    "tokenize",
    "tokenize_default",
    "get_tokenizer",
    "default_lowercase",
]

#: Code point ranges whose every character is a token of its own (the seed's CJK rule).
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


def _subtract(ranges, holes):
    """Inclusive ranges minus inclusive holes (both sorted)."""
    out = []
    for a, b in ranges:
        for h0, h1 in holes:
            if h1 < a or h0 > b:
                continue
            if h0 > a:
                out.append((a, h0 - 1))
            a = h1 + 1
            if a > b:
                break
        if a <= b:
            out.append((a, b))
    return out


def _char_class(ranges) -> str:
    parts = []
    for a, b in ranges:
        parts.append(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}")
    return "[" + "".join(parts) + "]"


def _class_alternatives(ranges) -> str:
    """A character class as ``[BMP]|[astral]``: ``re`` compiles a class that lies
    within the BMP to a fast bitmap, but scans a mixed class range by range."""
    bmp = [(a, min(b, 0xFFFF)) for a, b in ranges if a <= 0xFFFF]
    astral = [(max(a, 0x10000), b) for a, b in ranges if b > 0xFFFF]
    return "|".join(_char_class(rs) for rs in (bmp, astral) if rs)


_WORD_RANGES = _subtract(LETTER_MARK_NUMBER, CJK_RANGES)
# One CJK character, or a maximal run of letters/marks/numbers that are not CJK.
_DEFAULT_TOKEN_RE = re.compile(
    f"{_class_alternatives(CJK_RANGES)}|(?:{_class_alternatives(_WORD_RANGES)})+"
)
_find_tokens = _DEFAULT_TOKEN_RE.findall
# ASCII text needs neither NFKC (the identity on ASCII) nor the Unicode classes:
# its letters and digits are exactly its L* and N* characters. One str.translate
# (C fast path for ASCII) maps every other character to a space, then split().
_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_ASCII_KEEP = str.maketrans({c: (chr(c) if chr(c) in _ASCII_WORD else " ") for c in range(128)})
_ASCII_LOWER = str.maketrans({c: (chr(c).lower() if chr(c) in _ASCII_WORD else " ") for c in range(128)})
_normalize = unicodedata.normalize


def tokenize_default(text: str) -> list[str]:
    """The seed tokenizer, without lower-casing.

    Steps: Unicode NFKC normalisation; every CJK character (see ``CJK_RANGES``:
    Han, CJK radicals, Hiragana, Katakana, Bopomofo, Hangul) is a token of its
    own; every other maximal run of characters of general category L*, M* or N*
    is one token; everything else (punctuation, symbols, whitespace, underscore,
    controls) separates tokens and is dropped. So "don't" -> ``don``, ``t``;
    "3.14" -> ``3``, ``14``.

    Args:
        text: any string.
    Returns:
        list[str], possibly empty.
    """
    if text.isascii():
        return text.translate(_ASCII_KEEP).split()
    return _find_tokens(_normalize("NFKC", text))


#: name -> function(str) -> list[str]; lower-casing is applied before these run.
TOKENIZERS: dict[str, Callable[[str], list[str]]] = {
    "default": tokenize_default,
    "13a": _sb.tokenize_13a,
    "intl": _sb.tokenize_intl,
    "char": _sb.tokenize_char,
    "zh": _sb.tokenize_zh,
    "none": _sb.tokenize_none,
}

DEFAULT_TOKENIZER = "default"


def get_tokenizer(name: str) -> Callable[[str], list[str]]:
    """Return the tokenizer function registered as ``name``.

    Raises:
        ValueError: unknown name; the message lists the valid names.
    """
    try:
        return TOKENIZERS[name]
    except (KeyError, TypeError):
        valid = ", ".join(TOKENIZERS)
        raise ValueError(f"unknown tokenizer {name!r}; valid tokenizers: {valid}") from None


def default_lowercase(tokenizer: str) -> bool:
    """Whether ``tokenizer`` lower-cases by default: True for ``default``, False otherwise."""
    return tokenizer == DEFAULT_TOKENIZER


def tokenize(text: str, tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool | None = None) -> list[str]:
    """Split ``text`` into tokens.

    Args:
        text: the sentence (str).
        tokenizer: a name in :data:`TOKENIZERS` (``default``, ``13a``, ``intl``,
            ``char``, ``zh``, ``none``).
        lowercase: lower-case first (``str.lower``); ``None`` means the
            tokenizer's default (True for ``default``, False for sacreBLEU's).
    Returns:
        list[str]: the tokens, in order.
    Raises:
        ValueError: unknown tokenizer.
        TypeError: ``text`` is not a str.

    Example:
        >>> tokenize("I visited 北京 in 2019, it was great!")
        ['i', 'visited', '北', '京', 'in', '2019', 'it', 'was', 'great']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    fn = get_tokenizer(tokenizer)
    if lowercase is None:
        lowercase = tokenizer == DEFAULT_TOKENIZER
    if tokenizer == DEFAULT_TOKENIZER:
        # NFKC first, then lower(), as the seed defines it.
        if text.isascii():
            return text.translate(_ASCII_LOWER if lowercase else _ASCII_KEEP).split()
        norm = _normalize("NFKC", text)
        return _find_tokens(norm.lower() if lowercase else norm)
    return fn(text.lower() if lowercase else text)
