"""The classic BLEU-2 calculator's golden values (tests/golden_values.py): BLEU-2, one reference, add-1, default tokenizer."""

import json
import math

import pytest

import bleu2
from golden_values import GOLDEN


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN)
def test_golden(ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    res = bleu2.sentence_bleu(cand, ref)
    one, two = res.precisions
    assert (one.n, one.matches, one.total, one.smoothed) == (1, *p1, False)
    assert (two.n, two.matches, two.total, two.smoothed) == (2, *p2, p2_smoothed)
    assert one.value == pytest.approx(p1[0] / p1[1])
    if p2_smoothed:
        assert two.value == pytest.approx(1 / (p2[1] + 1))  # (0 + 1) / (total + 1)
    else:
        assert two.value == pytest.approx(p2[0] / p2[1])
    assert (res.hyp_len, res.ref_len) == (c, r)
    assert res.brevity_penalty == pytest.approx(bp, abs=5e-7)
    assert res.score == pytest.approx(score, abs=5e-7)


def test_to_dict_schema():
    d = bleu2.sentence_bleu("the quick brown fox", "fox brown quick the").to_dict()
    json.dumps(d)
    assert set(d) == {
        "score",
        "brevity_penalty",
        "hyp_len",
        "ref_len",
        "precisions",
        "max_order",
        "smoothing",
        "tokenizer",
        "signature",
    }
    assert d["max_order"] == 2 and d["smoothing"] == "add-1" and d["tokenizer"] == "default"
    assert d["precisions"][1] == {"n": 2, "matches": 0, "total": 3, "value": 0.25, "smoothed": True}
    assert d["score"] == pytest.approx(0.5)


def test_empty_candidate_scores_zero_with_bp_zero():
    res = bleu2.sentence_bleu("", "the cat")
    assert res.score == 0.0 and res.brevity_penalty == 0.0 and res.hyp_len == 0


def test_empty_reference_scores_zero():
    res = bleu2.sentence_bleu("the cat", "  ...  ")
    assert res.score == 0.0 and res.ref_len == 0


@pytest.mark.parametrize(
    "text,tokens",
    [
        ("don't", ["don", "t"]),
        ("3.14", ["3", "14"]),
        ("Café CAFÉ", ["café", "café"]),
        ("नमस्ते दुनिया", ["नमस्ते", "दुनिया"]),  # Devanagari vowel signs (marks) stay inside the word
        ("snake_case", ["snake", "case"]),
        ("ﬁne ＡＢＣ", ["fine", "abc"]),  # NFKC
        ("我爱 学习", ["我", "爱", "学", "习"]),
        ("カタカナとひらがな", list("カタカナとひらがな")),
        ("한국어", ["한", "국", "어"]),
        ("e\u0301", ["é"]),  # NFKC composes
        ("", []),
        ("!!! ...", []),
    ],
)
def test_default_tokenizer(text, tokens):
    assert bleu2.tokenize(text) == tokens


def test_bp_branch():
    assert bleu2.sentence_bleu("a b", "a b c d").brevity_penalty == pytest.approx(math.exp(1 - 4 / 2))
