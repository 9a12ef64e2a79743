"""bleu2.page.sentence.edits: a long candidate counted from its text before an edit equals it measured whole.

The oracle is the engine's own whole-text path (``BLEU.tokenize``, ``BLEU.sentence_stats``): these tests check that the
shortcut changes no number, for every tokenizer and the options that change what is counted.
"""

from __future__ import annotations

import random

import pytest

from bleu2.metrics.bleu.api import scorer_for
from bleu2.page.sentence import candidates, edits
from bleu2.page.sentence.edits import Edits, common_prefix
from bleu2.tokenizers import TOKENIZERS

# Lines with what the tokenizers look at around a character: digits and points, a hyphen at a line's end (13a
# joins "-\n"), apostrophes, CJK, combining marks, right-to-left text, symbols, a default-ignorable code point.
LINES = [
    "The cat sat on the mat.",
    "It cost 3.14 dollars, not 3,000.",
    "A well-known state-of-the-",
    "art result: don't stop; won't stop!",
    "我们去北京 in 2019, it was great!",
    "Cafe\u0301 de\u0301ja\u0300 vu \u2014 \u00bfqu\u00e9?",
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645 42",
    ".5 is half; 5. is five.",
    "I \u2764\ufe0f you <skipped> &amp; &quot;them&quot;",
    "",
    "ΣΟΦΟΣ ΟΔΟΣ σοφός",
]


def text(seed: int, lines: int = 60) -> str:
    rng = random.Random(seed)
    return "\n".join(rng.choice(LINES) for _ in range(lines))


# Edits as a person makes them: typing at the end, a new line, backspace, a paste near the end, text inserted in the
# middle, a change right after a line break, and a trailing hyphen and line break (13a's join).
def edited(base: str) -> list[str]:
    mid = len(base) // 2
    return [
        base + "a",
        base + "ab",
        base + "ab c",
        base + "ab c\n",
        base + "ab c\n5",
        base + "ab c\n5.",
        base + "ab c\n5.5",
        base + "ab c\n5.5 foo-",
        base + "ab c\n5.5 foo-\nbar",
        base + "ab c\n5.5 foo-\n",
        base + "ab c",
        base[:-3],
        base[:-40] + "\n我们 \u0301x",
        base[:mid] + " zzz 9.9 " + base[mid:],
        base[:mid] + "\n.5\n" + base[mid + 1 :],
        base,
    ]


@pytest.fixture(autouse=True)
def long_from_100_characters(monkeypatch):
    """These texts count as long (the page keeps counts from 20,000 characters)."""
    monkeypatch.setattr(edits, "LONG_CHARACTERS", 100)


@pytest.fixture
def counted_whole(monkeypatch):
    """How many texts were counted whole (not from the text before)."""
    calls = []
    count = edits._count
    monkeypatch.setattr(edits, "_count", lambda tokens, refs: calls.append(1) or count(tokens, refs))
    return calls


def whole(options: dict, text_: str, refs: tuple[str, ...]):
    bleu = scorer_for(**options)
    return bleu.tokenize(text_), bleu.sentence_stats(text_, list(refs))


OPTIONS = [
    {"tokenizer": name, "lowercase": lowercase, "rstrip": rstrip}
    for name in TOKENIZERS
    for lowercase in (False, True)
    for rstrip in (False, True)
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_each_edit_counts_as_the_whole_text_does(options, counted_whole):
    refs = (text(1), text(2, 40))
    base = text(3)
    bleu = scorer_for(max_order=4, **options)
    counted = Edits()
    assert counted.measure(bleu, base, refs) == whole({"max_order": 4, **options}, base, refs)
    for after in edited(base):
        assert counted.measure(bleu, after, refs) == whole({"max_order": 4, **options}, after, refs), repr(after[-30:])
    assert len(counted_whole) == 1  # the first text only: every edit counted from the text before


@pytest.mark.parametrize(
    "options",
    [
        {"max_order": 2, "smoothing": "method5"},  # order 5 counted beside BLEU-2 (extra orders)
        {"max_order": 4, "ref_length": "shortest"},
        {"max_order": 1, "empty_references": "count"},
    ],
)
def test_extra_orders_and_reference_rules_count_as_the_whole_text_does(options, counted_whole):
    refs = (text(4), "", text(5, 90))
    base = text(6)
    bleu = scorer_for(**options)
    counted = Edits()
    for after in [base, *edited(base)]:
        assert counted.measure(bleu, after, refs) == whole(options, after, refs)
    assert len(counted_whole) == 1


def test_an_edit_at_the_end_reuses_the_counts_of_the_text_before():
    bleu = scorer_for(max_order=4)
    refs = (text(7),)
    counted = Edits()
    counted.measure(bleu, text(8), refs)
    (before,) = counted.kept
    counted.measure(bleu, text(8) + " more", refs)
    assert counted.kept == [before]  # the same counts, now of the edited text
    assert before.text == text(8) + " more"


def test_short_texts_and_other_references_are_counted_whole():
    bleu = scorer_for(max_order=4)
    counted = Edits()
    counted.measure(bleu, "short text", ("a reference",))
    assert counted.kept == []  # under LONG_CHARACTERS: nothing kept
    long = text(9)
    counted.measure(bleu, long, ("a reference",))
    other = ("another reference",)
    assert counted.measure(bleu, long + "x", other) == whole({"max_order": 4}, long + "x", other)
    assert [c.key[1] for c in counted.kept] == [other, ("a reference",)]


def test_a_text_without_a_line_break_before_the_edit_is_counted_whole(counted_whole):
    bleu = scorer_for(max_order=4)
    counted = Edits()
    one_line = " ".join(LINES) * 10
    refs = (text(10),)
    counted.measure(bleu, one_line, refs)
    assert counted.measure(bleu, one_line + " 5.5", refs) == whole({"max_order": 4}, one_line + " 5.5", refs)
    assert len(counted_whole) == 2


def test_a_long_candidate_edited_scores_as_bleu2_sentence_bleu():
    import bleu2

    candidates.clear_caches()
    ref = text(11, 3000)
    cand = text(12, 3000)
    for after in (cand, cand + " the", cand + " the cat.\nIt", cand[:-5]):
        row = candidates.compare([after], [ref])["candidates"][0]
        expected = bleu2.sentence_bleu(after, [ref], max_order=2, smoothing="add-1")
        assert (row["score"], row["hyp_len"], row["ref_len"]) == (expected.score, expected.hyp_len, expected.ref_len)
        assert [(p["matches"], p["total"]) for p in row["precisions"]] == [
            (p.matches, p.total) for p in expected.precisions
        ]


@pytest.mark.parametrize(
    "a,b,n", [("", "", 0), ("abc", "abd", 2), ("abc", "abc", 3), ("abc", "ab", 2), ("x" * 1000, "x" * 999 + "y", 999)]
)
def test_common_prefix(a, b, n):
    assert common_prefix(a, b) == n


def test_tokens_that_do_not_line_up_at_the_cut_are_counted_whole(counted_whole):
    # 13a joins a hyphen at a line's end with the next line: "well-\nknown" is one token, so the line after the
    # break does not start a token of its own there
    bleu = scorer_for(max_order=4, tokenizer="13a")
    counted = Edits()
    base = text(13) + "\nwell-\n" + "known " * 15
    refs = (text(14),)
    counted.measure(bleu, base, refs)
    assert counted.measure(bleu, base + "x", refs) == whole({"max_order": 4, "tokenizer": "13a"}, base + "x", refs)
    assert len(counted_whole) == 2
