"""bleu2.tokenizers.sacrebleu against sacreBLEU 2.6.0's tokenizers (Post 2018), the oracle.

Every expectation comes from sacreBLEU: either it is run here (parity on the shared TED
and multiTED-ja files, on every code point, hypothesis properties), or its output was
recorded as literals (hand-written cases).

``intl``'s classes (bleu2/tokenizers/_unicode_tables.py) are generated from the ``regex``
package that sacreBLEU uses, pinned in pyproject.toml: the tables are checked code point
by code point against ``regex``, and ``tokenize_intl`` against sacreBLEU on every code point.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys

import pytest
import regex  # sacreBLEU's own dependency, the source of the classes
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

import bleu2
from bleu2.tokenizers import _unicode_tables
from bleu2.tokenizers.sacrebleu import (
    tokenize_13a,
    tokenize_char,
    tokenize_intl,
    tokenize_none,
    tokenize_zh,
)
from shared_data import DATA

FILES = [
    "ted/ted.ref.detok.eng",
    "ted/ted.sys1.detok.eng",
    "ted/ted.sys2.detok.eng",
    "ted/ted.ref.eng",
    "ted/ted.sys1.eng",
    "ted/ted.sys2.eng",
    "multited-ja/multited.ref.jpn",
    "multited-ja/multited.sys1.jpn",
    "multited-ja/multited.sys2.jpn",
]

# name -> (bleu2 function, sacreBLEU tokenizer instance)
PAIRS = {
    "13a": (tokenize_13a, Tokenizer13a()),
    "intl": (tokenize_intl, TokenizerV14International()),
    "char": (tokenize_char, TokenizerChar()),
    "zh": (tokenize_zh, TokenizerZh()),
    "none": (tokenize_none, NoneTokenizer()),
}
NAMES = list(PAIRS)


def _oracle(name: str, line: str) -> list[str]:
    return PAIRS[name][1](line).split()


# ---------------------------------------------------------------------------
# Parity on the shared data
# ---------------------------------------------------------------------------


def test_shared_data_present():
    for rel in FILES:
        assert (DATA / rel).is_file(), f"missing shared data file {DATA / rel}"


@pytest.mark.parametrize("rel", FILES)
@pytest.mark.parametrize("name", NAMES)
def test_parity_on_shared_data(name, rel):
    """Every line, as is and lower-cased, gives exactly sacreBLEU's tokens."""
    path = DATA / rel
    if not path.is_file():
        pytest.fail(f"missing shared data file {path}")
    mine = PAIRS[name][0]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines
    mismatches = []
    for number, line in enumerate(lines, 1):
        for text in (line, line.lower()):
            expected = _oracle(name, text)
            got = mine(text)
            if got != expected:
                mismatches.append((number, text, expected, got))
    assert not mismatches, (
        f"{len(mismatches)} mismatches in {rel}; first: line {mismatches[0][0]}: "
        f"{mismatches[0][1]!r}: sacreBLEU {mismatches[0][2]} != bleu2 {mismatches[0][3]}"
    )


# ---------------------------------------------------------------------------
# Hand-written cases (expected tokens recorded from sacreBLEU 2.6.0)
# ---------------------------------------------------------------------------

CASES = {
    "13a": [
        (
            "Hello, world! It costs $3.50, i.e. 1,000-2,000 &amp; more.",
            [
                "Hello",
                ",",
                "world",
                "!",
                "It",
                "costs",
                "$",
                "3.50",
                ",",
                "i",
                ".",
                "e",
                ".",
                "1,000",
                "-",
                "2,000",
                "&",
                "more",
                ".",
            ],
        ),
        # entities: &quot; is replaced before &amp;, so "&amp;quot;" ends as & quot ;
        (
            "&quot;Quoted&quot; &lt;tag&gt; &amp;lt; &amp;quot;",
            ['"', "Quoted", '"', "<", "tag", ">", "<", "&", "quot", ";"],
        ),
        # "-\n" joins, "\n" is a space, "<skipped>" is removed
        ("line-\nbreak <skipped>here\nend", ["linebreak", "here", "end"]),
        # non-overlapping substitutions: the last '.' of "a.." sticks to the 5
        ("a..5 x.,7 9... 3.5. .5", ["a", ".", ".5", "x", ".", ",7", "9", ".", ".", ".", "3.5", ".", ".", "5"]),
        (
            "don't re-enter 1990-2000 e-mail -5 5--",
            ["don't", "re-enter", "1990", "-", "2000", "e-mail", "-5", "5", "-", "-"],
        ),
        ("", []),
        (" \t ", []),
    ],
    "intl": [
        (
            "«Ça coûte 3,50 €», dit-il en 1999.",
            ["«", "Ça", "coûte", "3,50", "€", "»", ",", "dit", "-", "il", "en", "1999."],
        ),
        ('a..5 (1) "2" 3.5. .5', ["a", ".", ".5", "(", "1", ")", '"', "2", '"', "3.5", ".", ".", "5"]),
        ("x=½+٣٫٥ ¿qué? ✓", ["x", "=", "½", "+", "٣٫٥", "¿", "qué", "?", "✓"]),
        # astral punctuation, symbol and numbers (U+10100, U+1F600, U+10107)
        ("\U00010100a\U0001f600b\U00010107.\U00010107", ["\U00010100", "a", "\U0001f600", "b\U00010107.\U00010107"]),
        ("", []),
    ],
    "zh": [
        (
            "我在2019年去了“北京”, cost 3.5元.",
            ["我", "在", "2019", "年", "去", "了", "“", "北", "京", "”", ",", "cost", "3.5", "元", "."],
        ),
        # stripped, then no padding: '.' next to a digit at either edge stays
        ("  .5 test 1999.  ", [".5", "test", "1999."]),
        (
            "ｆｕｌｌwidth，punct。 — dash → arrow",
            ["ｆ", "ｕ", "ｌ", "ｌ", "width", "，", "punct", "。", "—", "dash", "→", "arrow"],
        ),
        ("$5-6 a..5", ["$", "5", "-", "6", "a", ".", ".5"]),
    ],
    "char": [
        ("日本 語!", ["日", "本", "語", "!"]),
        (" a\u3000b\x85c ", ["a", "b", "c"]),
    ],
    "none": [
        (" a  b\tc\n", ["a", "b", "c"]),
        ("1,000 &amp; x.", ["1,000", "&amp;", "x."]),
    ],
}


@pytest.mark.parametrize("name,line,expected", [(n, line, exp) for n, cases in CASES.items() for line, exp in cases])
def test_recorded_cases(name, line, expected):
    assert PAIRS[name][0](line) == expected


def test_no_lowercasing():
    for name in NAMES:
        assert PAIRS[name][0]("ABC Déjà") == _oracle(name, "ABC Déjà")
        assert "ABC" in "".join(PAIRS[name][0]("ABC Déjà"))


# ---------------------------------------------------------------------------
# Every code point: the committed classes are regex's, intl is sacreBLEU's
# ---------------------------------------------------------------------------

# table name -> the regex class it must equal
_CLASSES = {
    "NUMBER": r"\p{N}",
    "PUNCTUATION": r"\p{P}",
    "SYMBOL": r"\p{S}",
    "LETTER_MARK_NUMBER": r"[\p{L}\p{M}\p{N}]",
}
_EVERYTHING = "".join(chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp <= 0xDFFF)


def _code_points(table) -> set[int]:
    return {cp for a, b in table for cp in range(a, b + 1)}


@pytest.mark.parametrize("name", _CLASSES)
def test_tables_are_the_regex_classes(name):
    """Every code point (surrogates aside) is in the committed table iff regex's class has it."""
    ours = _code_points(getattr(_unicode_tables, name))
    theirs = {ord(ch) for ch in regex.findall(_CLASSES[name], _EVERYTHING)}
    assert ours == theirs, (
        f"{name} != regex {_CLASSES[name]}: only in the table {sorted(map(hex, ours - theirs))[:10]}, "
        f"only in regex {sorted(map(hex, theirs - ours))[:10]}; run tools/gen_unicode_tables.py"
    )


def test_unicode_version_recorded():
    """The table names the regex it was made from (the pinned one) and that regex's Unicode."""
    assert importlib.metadata.version("regex") == _unicode_tables.REGEX_VERSION
    meta = importlib.metadata.metadata("regex")
    # the body, or the Description field where importlib_metadata (Dask imports it) has put it
    description = meta.get_payload() or meta.get("Description") or ""
    documented = re.search(r"This module supports Unicode (\d+\.\d+\.\d+)", description)
    assert documented and documented.group(1) == _unicode_tables.UNICODE_VERSION


def _every_code_point_lines() -> list[str]:
    """Every assigned code point c in the contexts intl's rules read, many per line
    (contexts separated by spaces do not interact), plus each number, punctuation mark
    and symbol at the line's edges (where the rules see no neighbour)."""
    from unicode_text import lines  # tests/unicode_text.py

    out = lines(contexts=("a{c}b", "1{c}2", "{c}", "{c}{c}1", "1{c}{c}"))
    for table in (_unicode_tables.NUMBER, _unicode_tables.PUNCTUATION, _unicode_tables.SYMBOL):
        for cp in sorted(_code_points(table)):
            out += [f"{chr(cp)}1", f"1{chr(cp)}", chr(cp)]
    return out


def test_intl_every_code_point_matches_sacrebleu():
    oracle = TokenizerV14International.__call__.__wrapped__  # sacreBLEU's, without its line cache
    tokenizer = TokenizerV14International()
    mismatches = []
    for line in _every_code_point_lines():
        expected = oracle(tokenizer, line).split()
        if tokenize_intl(line) != expected:
            mismatches.append((line, expected, tokenize_intl(line)))
    assert not mismatches, (
        f"{len(mismatches)} lines differ; first: {mismatches[0][0]!r}: "
        f"sacreBLEU {mismatches[0][1]} != bleu2 {mismatches[0][2]}"
    )


def test_intl_newer_characters_are_classified_as_sacrebleu_does():
    """U+20C1 (a currency sign, Sc since Unicode 17, unassigned in CPython 3.11's 14.0) is a symbol."""
    assert tokenize_intl("a\u20c1b") == _oracle("intl", "a\u20c1b") == ["a", "\u20c1", "b"]
    assert tokenize_intl("a\u20acb") == ["a", "\u20ac", "b"]  # EURO SIGN, Sc since Unicode 2.1


def test_intl_scores_a_symbol_newer_than_unicode_14_as_sacrebleu_does():
    """A symbol that Unicode 14 does not know; 1.0 in bleu2 as in sacreBLEU."""
    hyp, ref = "It costs 100\u20c1 today.", "It costs 100 \u20c1 today."
    ours = bleu2.sentence_bleu(hyp, ref, tokenizer="intl", smoothing="none", max_order=4).score
    theirs = sacrebleu.sentence_bleu(hyp, [ref], tokenize="intl", smooth_method="none").score / 100
    assert ours == pytest.approx(theirs) == pytest.approx(1.0)


# ---------------------------------------------------------------------------
# Properties on random text
# ---------------------------------------------------------------------------

# Pieces that exercise every rule: 13a's replacements, '.' ',' '-' next to digits,
# ASCII punctuation, non-ASCII numbers/punctuation/symbols, astral characters,
# zh's ranges (including its U+2001..U+2A6D quirk), all kinds of whitespace.
_PIECES = [
    "a",
    "Z",
    "é",
    "ß",
    "x",
    "0",
    "5",
    "9",
    ".",
    ",",
    "-",
    "'",
    '"',
    "&",
    ";",
    "$",
    "%",
    "(",
    ")",
    "<",
    ">",
    "/",
    "@",
    "_",
    "`",
    "~",
    "!",
    "?",
    ":",
    "[",
    "]",
    "{",
    "}",
    "|",
    "\\",
    "^",
    "+",
    "=",
    "#",
    "&quot;",
    "&amp;",
    "&lt;",
    "&gt;",
    "<skipped>",
    "-\n",
    "\n",
    " ",
    "  ",
    "\t",
    "\r",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\xa0",
    "\u2002",
    "\u2028",
    "\u3000",
    "٣",
    "٫",
    "²",
    "½",
    "Ⅻ",
    "〇",
    "¿",
    "¡",
    "«",
    "»",
    "—",
    "–",
    "…",
    "‘",
    "’",
    "“",
    "”",
    "·",
    "、",
    "。",
    "，",
    "！",
    "（",
    "）",
    "€",
    "£",
    "©",
    "°",
    "±",
    "→",
    "✓",
    "☃",
    "≠",
    "^",
    "´",
    "¨",
    "我",
    "京",
    "年",
    "日",
    "本",
    "ア",
    "ｆ",
    "ｱ",
    "가",
    "\U00010100",
    "\U00010107",
    "\U0001f600",
    "\U0001d7ce",
    "\U00020000",
    "\U0002f800",
]
_piece_text = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)
# Characters of the N*, P*, S* and space categories, plus letters.
_category_text = st.text(
    st.characters(
        whitelist_categories=(
            "Nd",
            "Nl",
            "No",
            "Pc",
            "Pd",
            "Ps",
            "Pe",
            "Pi",
            "Pf",
            "Po",
            "Sm",
            "Sc",
            "Sk",
            "So",
            "Zs",
            "Lu",
            "Ll",
            "Lo",
            "Cc",
        ),
    ),
    max_size=40,
)
_any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
_texts = st.one_of(_piece_text, _category_text, _any_text)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=300, deadline=None)
@given(text=_texts)
def test_random_text_matches_sacrebleu(name, text):
    assert PAIRS[name][0](text) == _oracle(name, text)
    assert PAIRS[name][0](text.lower()) == _oracle(name, text.lower())
