"""sacreBLEU's tokenizers (Post 2018), reimplemented with the standard library only.

Each function takes one line (``str``) and returns its tokens (``list[str]``),
equal token for token to ``sacrebleu_tokenizer(line).split()`` in sacreBLEU
2.6.0 (Post, "A Call for Clarity in Reporting BLEU Scores", WMT 2018):

==================  ==========================================================
function            sacreBLEU 2.6.0 tokenizer (``tokenize=`` name)
==================  ==========================================================
``tokenize_13a``    ``tokenizer_13a.Tokenizer13a`` (``13a``, mteval-v13a)
``tokenize_intl``   ``tokenizer_intl.TokenizerV14International`` (``intl``)
``tokenize_char``   ``tokenizer_char.TokenizerChar`` (``char``)
``tokenize_zh``     ``tokenizer_zh.TokenizerZh`` (``zh``)
``tokenize_none``   ``tokenizer_none.NoneTokenizer`` (``none``)
==================  ==========================================================

None of them lower-cases: like sacreBLEU, the caller lower-cases first.

Why no ``regex``: bleu2 runs in Pyodide, where the ``regex`` package (which
sacreBLEU's ``intl`` uses for ``\\p{N}``, ``\\p{P}``, ``\\p{S}``) is not
available. The classes are built from ``bleu2.tokenizers._unicode_tables``, generated
from that same ``regex`` (the version pinned in the ``test`` extra, 2026.11.19: Unicode
18.0.0, ``UNICODE_VERSION``) by ``tools/gen_unicode_tables.py`` and committed, so
``intl`` classifies every code point as sacreBLEU does, in every Python, whatever the
running Python's own Unicode (the tests check each code point). ``13a``, ``zh``,
``char`` and ``none`` use no Unicode property tables (only whitespace, as
``str.split`` and ``re``'s ``\\s`` both define it from the running Python's Unicode)
and match sacreBLEU on the same Python.

How it is fast: sacreBLEU rewrites each line with three or four regular
expression substitutions, then joins and splits it. Here one compiled
``re.findall`` reads the tokens directly (about 5x faster than sacreBLEU's
uncached tokenizers on English text). The rewrite rules interact through
non-overlapping matching (e.g. ``intl`` turns ``"a..5"`` into ``a . .5``:
whether the last mark of a run of punctuation sticks to a following number
depends on the run's length). For a mark that does not end a run of two or
more marks followed by a digit, the combined effect of the rules is local: the
mark is a token of its own unless both neighbours are digits (or the line's
edge, where the rules see no character). The findall patterns encode exactly
that; lines where it does not hold (a run of two or more marks followed by a
digit, or, for ``intl``, any character outside the Basic Multilingual Plane)
take a slower path that applies sacreBLEU's substitution rules one after
another; an ``intl`` line without any punctuation or symbol is just split.
The patterns with large Unicode classes (``intl``, ``zh``) are compiled on
first use, so importing bleu2 stays fast.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeAlias

from ._ranges import bmp as _bmp
from ._ranges import class_alternatives as _class_alternatives
from ._ranges import class_body as _class_body
from ._unicode_tables import NUMBER, PUNCTUATION, SYMBOL

__all__ = [
    "tokenize_13a",
    "spaced_13a",
    "tokenize_intl",
    "tokenize_char",
    "tokenize_zh",
    "tokenize_none",
]


# ---------------------------------------------------------------------------
# Character classes
# ---------------------------------------------------------------------------

# intl: regex's \p{N}, \p{P}, \p{S} as class bodies. The BMP-only bodies compile
# to one bitmap lookup per character; the full ones add a linear list of astral
# ranges, so they are used only on the (rare) slow path.
_N_BMP = _class_body(_bmp(NUMBER))
_P_BMP = _class_body(_bmp(PUNCTUATION))
_S_BMP = _class_body(_bmp(SYMBOL))

# 13a / zh (mteval-v13a rules of sacreBLEU's TokenizerRegexp): every ASCII
# punctuation character except ' , - . is split off (the rule's class also
# holds the space, which changes nothing once tokens are split on whitespace).
_ASCII_PUNCT = r"!-&(-+/:-@\[-`{-~"

# zh: the code points sacreBLEU's TokenizerZh._is_chinese_char accepts. Its table
# compares strings, and two of its bounds are written '\u20000', '\u2a6d6',
# '\u2f800', '\u2fa1d': each is a 4-hex-digit escape plus a digit or letter, i.e. a
# two-character string, so they accept U+2001..U+2A6D and U+2F81..U+2FA1 (BMP),
# not the astral Han blocks their comments name. This is that effective set,
# merged into disjoint ranges.
_ZH_RANGES = (
    (0x2001, 0x2A6D),  # the '\u20000'..'\u2a6d6' quirk: general punctuation .. misc. symbols
    (0x2E80, 0x2FDF),  # CJK radicals supplement, Kangxi radicals (and the '\u2f800' quirk)
    (0x2FF0, 0x303F),  # ideographic description characters, CJK symbols and punctuation
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31EF),  # Bopomofo extended, CJK strokes
    (0x3200, 0x4DB5),  # enclosed CJK, CJK compatibility, CJK extension A
    (0x4E00, 0x9FBB),  # CJK unified ideographs
    (0xF900, 0xFA2D),  # CJK compatibility ideographs
    (0xFA30, 0xFA6A),
    (0xFA70, 0xFAD9),
    (0xFE10, 0xFE1F),  # vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
)
_ZH = _class_body(_ZH_RANGES)


# ---------------------------------------------------------------------------
# Fast paths: one findall each
# ---------------------------------------------------------------------------
# Every token starts with a non-space character (``\S``, which also lets the
# regex engine skip whitespace quickly). A character that the rules split off
# is a token by itself. Any other character starts a "word": a run of
# characters no rule separates, which may go on through a glued mark (a '.'
# or ',' for 13a and zh, any punctuation for intl, between two digits or
# numbers, or a digit and the line's edge) or, for 13a and zh, a '-' that does
# not follow a digit. Possessive quantifiers (*+) avoid backtracking.
#
# 13a, after its replacements: split off every ASCII punctuation character
# except ' , - . (_ASCII_PUNCT), every '.' or ',' not between two ASCII digits,
# and every '-' after an ASCII digit. sacreBLEU pads the line with a space on
# each side before its rules, so the line's edge counts as a non-digit.
_X13A = rf"{_ASCII_PUNCT}.,\-"  # characters that do not simply extend a word
_W13A = rf"[^\s{_X13A}]*+"  # word characters
_GLUED_13A = r"[.,](?<=[0-9].)(?=[0-9])|-(?<![0-9]-)"  # inside a word
_TOKENS_13A = re.compile(
    rf"\S(?:(?:(?<![{_X13A}])|(?<=[0-9][.,])(?=[0-9])|(?<=-)(?<![0-9]-))"
    rf"{_W13A}(?:(?:{_GLUED_13A}){_W13A})*+)?"
).findall

# 13a and zh leave the fast path when a run of two or more of '.' ',' is
# followed by a digit.
_SLOW_13A = re.compile(r"[.,][.,][0-9]").search

# The zh and intl patterns hold large classes (compiling takes a few ms, more in
# the browser), so they are compiled on first use, not at import: page load
# does not pay for tokenizers it does not use.
_Findall: TypeAlias = Callable[[str], list[str]]
_Search: TypeAlias = Callable[..., re.Match[str] | None]  # pattern.search(text[, pos])
_zh_fast: _Findall | None = None
_intl_fast: tuple[_Search, _Search, _Findall] | None = None


def _compile_zh() -> _Findall:
    """zh's findall, compiled once.

    As 13a, plus: every character of _ZH_RANGES is split off (those that are
    whitespace are dropped); no padding: after ``strip()``, the line's edge is
    no neighbour, so a '.' or ',' between a digit and the edge stays glued
    (``1999.`` at the end of the line, ``.5`` at its start).
    """
    global _zh_fast
    x = rf"{_ASCII_PUNCT}.,\-{_ZH}"
    w = rf"[^\s{x}]*+"
    glued = r"[.,](?<=[0-9].)(?=[0-9]|\Z)|-(?<![0-9]-)"
    _zh_fast = re.compile(
        rf"\S(?:(?:(?<![{x}])|(?<=[.,])(?<![^0-9][.,])(?=[0-9]|\Z)|(?<=-)(?<![0-9]-))"
        rf"{w}(?:(?:{glued}){w})*+)?"
    ).findall
    return _zh_fast


def _compile_intl() -> tuple[_Search, _Search, _Findall]:
    """intl's ``(first mark test, slow-path test, findall)``, compiled once.

    For lines of BMP characters only: every symbol is split off, and every
    punctuation mark except one between two numbers or a number and the
    line's edge (no padding here). A line leaves the fast path for an astral
    character or a run of two or more punctuation marks followed by a number.
    """
    global _intl_fast
    n, p, s = _N_BMP, _P_BMP, _S_BMP
    w = rf"[^\s{p}{s}]*+"
    _intl_fast = (
        # the first punctuation mark, symbol or astral character, if any
        re.compile(rf"[{p}{s}\U00010000-\U0010ffff]").search,
        # from there: an astral character, or two marks followed by a number
        re.compile(rf"[{p}\U00010000-\U0010ffff](?:(?<=[\U00010000-\U0010ffff])|[{p}][{n}])").search,
        re.compile(
            rf"\S(?:(?:(?<![{p}{s}])|(?<=[{p}])(?<![^{n}][{p}])(?=[{n}]|\Z))"
            rf"{w}(?:[{p}](?<=[{n}][{p}])(?=[{n}]|\Z){w})*+)?"
        ).findall,
    )
    return _intl_fast


# ---------------------------------------------------------------------------
# Slow paths: sacreBLEU's substitution rules, in order (compiled on first use)
# ---------------------------------------------------------------------------

_Rules: TypeAlias = list[tuple[re.Pattern[str], str]]
_slow_rules: dict[str, _Rules] = {}


def _rules(name: str) -> _Rules:
    """Compiled ``(pattern, replacement)`` rules for ``name`` ('13a', 'zh' or 'intl'), cached."""
    rules = _slow_rules.get(name)
    if rules is None:
        if name == "intl":
            # The classes as class_alternatives (fast for astral characters, which
            # send a line here); "not a number" is any character (DOTALL) that is not.
            n = _class_alternatives(NUMBER)
            p = _class_alternatives(PUNCTUATION)
            s = _class_alternatives(SYMBOL)
            rules = [
                # mark preceded by a non-number: space after it and before it
                (re.compile(f"((?!{n}).)({p})", re.DOTALL), r"\1 \2 "),
                # mark followed by a non-number
                (re.compile(f"({p})((?!{n}).)", re.DOTALL), r" \1 \2"),
                # every symbol
                (re.compile(f"({s})"), r" \1 "),
            ]
        elif name == "zh":
            # every "Chinese" character, then the mteval-v13a rules
            rules = [(re.compile(f"([{_ZH}])"), r" \1 ")] + _rules("13a")
        else:  # the mteval-v13a rules (sacreBLEU's TokenizerRegexp)
            rules = [
                (re.compile(f"([{_ASCII_PUNCT} ])"), r" \1 "),
                (re.compile(r"([^0-9])([.,])"), r"\1 \2 "),
                (re.compile(r"([.,])([^0-9])"), r" \1 \2"),
                (re.compile(r"([0-9])(-)"), r"\1 \2 "),
            ]
        _slow_rules[name] = rules
    return rules


def _apply(rules: _Rules, line: str) -> list[str]:
    for pattern, repl in rules:
        line = pattern.sub(repl, line)
    return line.split()


# ---------------------------------------------------------------------------
# Public tokenizers
# ---------------------------------------------------------------------------


def tokenize_13a(line: str) -> list[str]:
    """Tokens of ``line`` as sacreBLEU's ``13a`` tokenizer (mteval-v13a) gives them.

    Reproduces ``sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a`` of sacreBLEU
    2.6.0 (Post 2018), i.e. ``Tokenizer13a()(line).split()``:

    1. remove ``<skipped>``; remove ``-`` + newline; newline -> space;
       then ``&quot;`` -> ``"``, ``&amp;`` -> ``&``, ``&lt;`` -> ``<``,
       ``&gt;`` -> ``>`` (in that order, once each);
    2. every ASCII punctuation character except ``' , - .`` is a token;
    3. ``.`` and ``,`` are tokens unless between two ASCII digits
       (``3.14``, ``1,000`` stay whole);
    4. ``-`` after an ASCII digit is a token (``2-3`` -> ``2 - 3``);
    5. split on whitespace (``str.split``).

    Args:
        line: one segment (str); not lower-cased here.
    Returns:
        list[str]: the tokens (empty for a blank line).

    Example:
        >>> tokenize_13a('it costs $3.50, i.e. 1,000-2,000 &amp; more.')
        ['it', 'costs', '$', '3.50', ',', 'i', '.', 'e', '.', '1,000', '-', '2,000', '&', 'more', '.']
    """
    line = _replace_13a(line)
    if _SLOW_13A(line) is None:
        return _TOKENS_13A(line)
    return _apply(_rules("13a"), f" {line} ")


def _replace_13a(line: str) -> str:
    """Step 1 of :func:`tokenize_13a`: the tags, line breaks and entities replaced."""
    line = line.replace("<skipped>", "")
    if "\n" in line:
        line = line.replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return line


def spaced_13a(line: str) -> str:
    """``line`` after the mteval-v13a rules of :func:`tokenize_13a` (steps 1 to 4), its
    tokens still to be split on whitespace: for callers whose whitespace is not Python's
    (Moses' ``multi-bleu-detok.perl`` splits on Perl's ``\\s``)."""
    line = f" {_replace_13a(line)} "  # the edges count as non-digits, as in mteval-v13a
    for pattern, repl in _rules("13a"):
        line = pattern.sub(repl, line)
    return line


def tokenize_intl(line: str) -> list[str]:
    """Tokens of ``line`` as sacreBLEU's ``intl`` tokenizer (mteval-v14 international) gives them.

    Reproduces ``sacrebleu.tokenizers.tokenizer_intl.TokenizerV14International``
    of sacreBLEU 2.6.0 (Post 2018), i.e. its ``(line).split()``: a punctuation
    mark (Unicode category P*) is split off when preceded by a non-number, or
    followed by a non-number (N*); every symbol (S*) is split off; then split on
    whitespace. So ``3.14`` and ``1,000`` stay whole, and, as in mteval-v14.pl,
    so does a number followed by a full stop at the very end of the line
    (``"in 1999."`` -> ``in``, ``1999.``).

    The categories are the ``regex`` package's (``bleu2.tokenizers._unicode_tables``,
    Unicode 18.0.0), as in sacreBLEU, in every Python. See the module docstring.

    Args:
        line: one segment (str); not lower-cased here.
    Returns:
        list[str]: the tokens (empty for a blank line).

    Example:
        >>> tokenize_intl("«Ça coûte 3,50 €», dit-il en 1999.")
        ['«', 'Ça', 'coûte', '3,50', '€', '»', ',', 'dit', '-', 'il', 'en', '1999.']
    """
    first, slow, tokens = _intl_fast or _compile_intl()
    found = first(line)
    if found is None:  # no punctuation or symbol: nothing to split off
        return line.split()
    if slow(line, found.start()) is None:
        return tokens(line)
    return _apply(_rules("intl"), line)


def tokenize_char(line: str) -> list[str]:
    """Every non-whitespace character of ``line`` as a token (sacreBLEU's ``char``).

    Reproduces ``sacrebleu.tokenizers.tokenizer_char.TokenizerChar`` of
    sacreBLEU 2.6.0 (Post 2018), i.e. its ``(line).split()``: whitespace (as
    ``str.split`` defines it) is dropped, every other code point is a token.

    Args:
        line: one segment (str); not lower-cased here.
    Returns:
        list[str]: one-character strings.

    Example:
        >>> tokenize_char("日本 語!")
        ['日', '本', '語', '!']
    """
    return list("".join(line.split()))


def tokenize_zh(line: str) -> list[str]:
    """Tokens of ``line`` as sacreBLEU's ``zh`` tokenizer gives them.

    Reproduces ``sacrebleu.tokenizers.tokenizer_zh.TokenizerZh`` of sacreBLEU
    2.6.0 (Post 2018), i.e. its ``(line).split()``: strip the line; every
    character in sacreBLEU's "Chinese" ranges (CJK ideographs, CJK and
    fullwidth punctuation, and, because of a quirk in its table, all of
    U+2001..U+2A6D: general punctuation such as curly quotes and dashes,
    arrows, mathematical and miscellaneous symbols) is a token; the rest is
    tokenized by the 13a rules 2-4 (see :func:`tokenize_13a`) without 13a's
    replacements and without its padding, so ``.`` or ``,`` at either end of the
    line next to a digit stays attached (``"in 1999."`` -> ``in``, ``1999.``).

    Args:
        line: one segment (str); not lower-cased here.
    Returns:
        list[str]: the tokens.

    Example:
        >>> tokenize_zh("我在2019年去了“北京”, cost 3.5元.")
        ['我', '在', '2019', '年', '去', '了', '“', '北', '京', '”', ',', 'cost', '3.5', '元', '.']
    """
    line = line.strip()
    if _SLOW_13A(line) is None:
        return (_zh_fast or _compile_zh())(line)
    return _apply(_rules("zh"), line)


def tokenize_none(line: str) -> list[str]:
    """``line`` split on whitespace (sacreBLEU's ``none``).

    Reproduces ``sacrebleu.tokenizers.tokenizer_none.NoneTokenizer`` of
    sacreBLEU 2.6.0 (Post 2018), i.e. ``line.split()``.

    Args:
        line: one segment (str); not lower-cased here.
    Returns:
        list[str]: the whitespace-separated tokens.
    """
    return line.split()
