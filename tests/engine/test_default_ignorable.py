"""Invisible code points never make a token of the default tokenizer.

Unicode's Default_Ignorable_Code_Point property (the oracle: the ``regex`` package's
``\\p{Default_Ignorable_Code_Point}``) covers variation selectors (the U+FE0F inside
"❤️", "🏳️‍🌈"), joiners, Hangul fillers, Mongolian free variation selectors and tags.
The ``default`` tokenizer never lets one begin or end a token; inside a word it stays.
sacreBLEU's tokenizers keep sacreBLEU's behaviour (sacrebleu's own tokenizers are the oracle).
"""

from __future__ import annotations

import sys

import pytest
import regex
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International

from bleu2 import sentence_bleu, tokenize
from bleu2.tokenizers import TOKENIZERS, _unicode_tables

EVERYTHING = "".join(chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp < 0xE000)
IGNORABLE = regex.findall(r"\p{Default_Ignorable_Code_Point}", EVERYTHING)
only_ignorable = regex.compile(r"\p{Default_Ignorable_Code_Point}+").fullmatch


def test_the_committed_table_is_regex_default_ignorable_property():
    table = {cp for a, b in _unicode_tables.DEFAULT_IGNORABLE for cp in range(a, b + 1)}
    assert table == set(map(ord, IGNORABLE))
    assert {0xFE0F, 0x200D, 0x3164, 0x180B, 0x034F, 0xE0100} <= table


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("x {c} y", ["x", "y"]),  # alone between spaces
        ("❤{c}you", ["you"]),  # after a symbol, before a word
        ("word{c} x", ["word", "x"]),  # at the end of a word
        ("{c}{c}", []),
        ("x {c}word", ["x", "word"]),
    ],
)
def test_no_default_ignorable_code_point_begins_or_ends_a_token(template, expected):
    wrong = {}
    for c in IGNORABLE:
        tokens = tokenize(template.format(c=c))
        if tokens != expected or any(only_ignorable(t) for t in tokens):
            wrong[f"U+{ord(c):04X}"] = tokens
    assert not wrong, dict(list(wrong.items())[:10])


def test_emoji_with_variation_selectors_leave_no_token():
    assert tokenize("I ❤️ you") == ["i", "you"]
    assert tokenize("🏳️‍🌈") == []
    result = sentence_bleu("❤️ ❤️ ❤️", "🏳️‍🌈")
    assert (result.score, result.hyp_len, result.ref_len) == (0.0, 0, 0)


def test_a_heart_between_words_scores_as_if_it_were_not_there():
    # "i you" vs "i love you": p1 2/2, p2 0/1 -> (0+1)/(1+1) with add-1, BP exp(1 - 3/2)
    result = sentence_bleu("I ❤️ you", "I love you")
    assert [(p.matches, p.total) for p in result.precisions] == [(2, 2), (0, 1)]
    assert result.score == pytest.approx(0.428881942, abs=1e-9)


def test_inside_a_word_an_ignorable_code_point_stays():
    mongolian = "ᠮᠣᠩᠭᠣᠯ\u180bᠴᠤ"  # a free variation selector inside the word
    assert tokenize(mongolian) == [mongolian]
    assert tokenize("a\u034fb") == ["a\u034fb"]  # combining grapheme joiner


@pytest.mark.parametrize(("name", "oracle"), [("13a", Tokenizer13a()), ("intl", TokenizerV14International())])
def test_sacrebleu_tokenizers_keep_sacrebleus_behaviour(name, oracle):
    for text in ("I ❤️ you", "🏳️‍🌈 flag", "x \ufe0f y", "ᠮᠣᠩᠭᠣᠯ\u180bᠴᠤ"):
        assert TOKENIZERS[name](text) == oracle(text).split()
