"""``bleu2.compat.evaluate.load("google_bleu")`` under HF evaluate's metric script's rules:
``metrics/google_bleu/google_bleu.py`` tokenizes with its ``tokenizer_13a.py`` (sacreBLEU's
13a rules, ``.split()``) and calls NLTK's ``corpus_gleu``. HF evaluate is not installed
(its scripts fetch code), so the golden values are NLTK 3.10.4's ``corpus_gleu`` on
sacreBLEU 2.6.0's 13a tokens: exactly what the script computes. ``load("meteor")`` is
refused with the reason."""

from __future__ import annotations

import pytest
from nltk.translate.gleu_score import corpus_gleu
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu2.compat import evaluate
from shared_data import MULTITED_JA, TED

TOK = Tokenizer13a()


def tok(line: str) -> list[str]:
    return TOK(line).split()


def lines(path, count: int = 500) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:count]


PRED = ["It is a guide to action which ensures that the rubber duck always disobeys the commands of the cat"]
PRED.append("he read the book because he was interested in world history")
REF_A = "It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat"
REF_B = "It is a guide to action that ensures that the rubber duck will never heed the cat commands"
REF_C = "It is the practical guide for the rubber duck army never to heed the directions of the cat"
REF_2 = "he was interested in world history because he read the book"


def test_script_examples():
    gleu = evaluate.load("google_bleu")
    assert round(gleu.compute(predictions=PRED, references=[[REF_A], [REF_2]])["google_bleu"], 2) == 0.44
    refs = [[REF_A, REF_B, REF_C], [REF_2]]
    assert round(gleu.compute(predictions=PRED, references=refs)["google_bleu"], 2) == 0.61
    assert round(gleu.compute(predictions=PRED, references=refs, min_len=2)["google_bleu"], 2) == 0.53
    assert round(gleu.compute(predictions=PRED, references=refs, min_len=2, max_len=6)["google_bleu"], 2) == 0.4


def test_ted_and_japanese_equal_nltk_on_13a_tokens():
    for hyp_path, ref_path in ((TED / "ted.sys1.detok.eng", TED / "ted.ref.detok.eng"),):
        hyps, refs = lines(hyp_path), lines(ref_path)
        expected = corpus_gleu([[tok(r)] for r in refs], [tok(h) for h in hyps])
        gleu = evaluate.load("google_bleu")
        assert gleu.compute(predictions=hyps, references=refs) == {"google_bleu": expected}
        assert expected == 0.2831829121540313
    hyps, refs = lines(MULTITED_JA / "multited.sys1.jpn"), lines(MULTITED_JA / "multited.ref.jpn")
    expected = corpus_gleu([[tok(r)] for r in refs], [tok(h) for h in hyps], 1, 3)
    got = evaluate.load("google_bleu").compute(predictions=hyps, references=refs, max_len=3)
    assert got["google_bleu"] == expected


def test_add_and_add_batch_and_tokenizer():
    refs = [[REF_A, REF_B, REF_C], [REF_2]]
    expected = corpus_gleu([[tok(r) for r in rs] for rs in refs], [tok(p) for p in PRED])
    gleu = evaluate.load("google_bleu")
    gleu.add(prediction=PRED[0], reference=refs[0])
    gleu.add_batch(predictions=PRED[1:], references=refs[1:])
    assert gleu.compute() == {"google_bleu": expected}
    by_space = gleu.compute(predictions=PRED, references=refs, tokenizer=str.split)
    assert by_space["google_bleu"] == corpus_gleu([[r.split() for r in rs] for rs in refs], [p.split() for p in PRED])


def test_edge_cases_equal_nltk():
    cases = [
        ("", ""),
        ("a", "a"),
        ("Größe 東京 😀", "größe 東京 😀"),
        ("a", ""),
        ("", "a"),
        ("Καλημέρα κόσμε, φίλε", "Καλημέρα φίλε"),
        ("Привет, мир! Как дела?", "Привет мир"),
        ("مرحبا بالعالم، صديقي", "مرحبا بالعالم"),
        ("ok 😀 👍🏽 ok", "ok 😀"),
        ("one line-\nnext\nline", "one linenext line"),  # 13a: "-\n" joins, "\n" is a space
    ]
    gleu = evaluate.load("google_bleu")
    for p, r in cases:
        assert gleu.compute(predictions=[p], references=[r])["google_bleu"] == corpus_gleu([[tok(r)]], [tok(p)])
    several = [[r, p, ""] for p, r in cases]
    expected = corpus_gleu([[tok(r) for r in refs] for refs in several], [tok(p) for p, _ in cases])
    assert gleu.compute(predictions=[p for p, _ in cases], references=several)["google_bleu"] == expected


def test_refusals():
    with pytest.raises(ValueError, match="METEOR matches synonyms through WordNet's synonym sets"):
        evaluate.load("meteor")
    with pytest.raises(ValueError, match="corpus_gleu: min_len must be an int >= 0"):
        evaluate.load("google_bleu").compute(predictions=["a"], references=["a"], min_len=-2)
