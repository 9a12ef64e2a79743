"""bleu2's ROUGE engine on its own terms: per-line statistics that add up, the bit-parallel
LCS against the textbook table, the sentence breakdown, the offline sentence split, the
tokenizers, options, presets and signature."""

from __future__ import annotations

import random

import pytest
from rouge_score import rouge_scorer as peer_scorer

from bleu2.metrics.rouge import RougeConfig, corpus_rouge, sentence_rouge
from bleu2.metrics.rouge.breakdown import rouge_breakdown
from bleu2.metrics.rouge.lcs import lcs_indices, lcs_length
from bleu2.metrics.rouge.sentences import split_sentences
from bleu2.metrics.rouge.tokenize import dropped_characters, tokenize_rouge_score, tokenize_unicode


def _table_lcs(a, b):
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            t[i][j] = t[i - 1][j - 1] + 1 if a[i - 1] == b[j - 1] else max(t[i - 1][j], t[i][j - 1])
    return t[-1][-1]


def test_bit_parallel_lcs_equals_the_table_and_rouge_scores_read_out():
    rnd = random.Random(5)
    for _ in range(400):
        a = [rnd.choice("abcde") for _ in range(rnd.randint(0, 30))]
        b = [rnd.choice("abcde") for _ in range(rnd.randint(0, 30))]
        assert lcs_length(a, b) == _table_lcs(a, b)
        assert lcs_indices(a, b) == peer_scorer.lcs_ind(a, b)


def test_rouge_n_statistics_add_up():
    preds = ["the cat sat on the mat", "a dog", ""]
    refs = ["the cat is on the mat", "the dog barked", "nothing"]
    result = corpus_rouge(preds, refs, rouge_types=["rouge1", "rouge2"], aggregate=False)
    assert result.totals["rouge1"] == (5 + 1 + 0, 6 + 2 + 0, 6 + 3 + 1)
    assert result.totals["rouge2"] == (3 + 0 + 0, 5 + 1 + 0, 5 + 2 + 0)
    assert result.aggregate == {}


def test_breakdown_counts_and_alignment():
    cfg = RougeConfig(rouge_types=("rouge1", "rouge2", "rougeL", "rougeLsum"), tokenizer="rouge-score")
    b = rouge_breakdown("the cat sat on the mat", "the cat is on the mat", cfg)
    by = {t.rouge_type: t for t in b.types}
    assert (by["rouge1"].matches, by["rouge1"].prediction_total, by["rouge1"].reference_total) == (5, 6, 6)
    assert dict(by["rouge1"].matched) == {"the": 2, "cat": 1, "on": 1, "mat": 1}
    assert by["rougeL"].matches == 5 and len(by["rougeL"].matched) == 5
    assert all(b.reference_tokens[i] == b.prediction_tokens[j] for _, i, _, j in by["rougeL"].matched)
    assert by["rougeL"].score == sentence_rouge("the cat sat on the mat", "the cat is on the mat", cfg)["rougeL"]
    assert b.dropped == ((0, 17), (0, 16))


def test_breakdown_names_what_rouge_scores_tokenizer_dropped():
    b = rouge_breakdown("東京は晴れ ok", "東京 ok", RougeConfig(tokenizer="rouge-score"))
    assert b.dropped == ((5, 7), (2, 4)) and b.prediction_tokens == ["ok"]
    assert dropped_characters("Καλημέρα κόσμε") == (13, 13)


def test_default_tokenizer_keeps_every_script():
    assert tokenize_unicode("東京は晴れ Καλημέρα") == ["東", "京", "は", "晴", "れ", "καλημέρα"]
    assert tokenize_rouge_score("東京は晴れ Καλημέρα") == []
    s = sentence_rouge("Καλημέρα κόσμε", "Καλημέρα κόσμε μου", rouge_types=["rouge1"])["rouge1"]
    assert (s.precision, s.recall) == (1.0, 2 / 3)


@pytest.mark.parametrize(
    "text, sentences",
    [
        ("Hello world. How are you? Fine!", ["Hello world.", "How are you?", "Fine!"]),
        ("Mr. Smith went to Washington. He left.", ["Mr. Smith went to Washington.", "He left."]),
        ("J. R. R. Tolkien wrote it. Yes.", ["J. R. R. Tolkien wrote it.", "Yes."]),
        ('He said "stop." Then he left.', ['He said "stop."', "Then he left."]),
        ("It costs 3.50 dollars. OK", ["It costs 3.50 dollars.", "OK"]),
        ("One\ntwo. Three", ["One", "two.", "Three"]),
        ("", []),
    ],
)
def test_offline_sentence_split(text, sentences):
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    "text",
    [
        "東京 \n a . runs \n ran cats",  # a period apart from the letter before it ends the sentence
        "Mr . Smith went. Home !",
        "It is x . Then y.",
        "One. Two? Three!\nfour five",
        "He said 'go.' Then left.",
    ],
)
def test_offline_split_without_newlines_is_punkts_on_plain_text(text):
    from nltk.tokenize.punkt import PunktSentenceTokenizer

    assert split_sentences(text, newlines=False) == PunktSentenceTokenizer().tokenize(text)


def test_options_presets_and_signature():
    cfg = RougeConfig.from_preset("hf-evaluate", use_stemmer=True)
    assert cfg.tokenizer == "rouge-score" and cfg.rouge_types == ("rouge1", "rouge2", "rougeL", "rougeLsum")
    assert cfg.signature.startswith(
        "rouge:1-2-L-Lsum|tok:rouge-score|stem:yes|split:newline|bs:1000|ci:0.95|rs:12345|version:bleu2-"
    )
    assert RougeConfig().tokenizer == "default"
    with pytest.raises(ValueError, match="unknown ROUGE preset 'x'"):
        RougeConfig.from_preset("x")
    with pytest.raises(ValueError, match="RougeConfig: seed must be"):
        RougeConfig(seed=-1)
    with pytest.raises(ValueError, match="RougeConfig: rouge_types must be a list"):
        RougeConfig(rouge_types="rouge1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="RougeConfig: n_samples"):
        RougeConfig(n_samples=0)


def test_result_repr_html_and_str():
    r = corpus_rouge(["a b c"], ["a b d"], rouge_types=["rouge1"], n_samples=10)
    assert "rouge1" in r._repr_html_() and "rouge1: P 0.6667 R 0.6667 F 0.6667" in str(r)
    assert r.to_dict()["scores"]["rouge1"]["aggregate"]["mid"]["fmeasure"] == pytest.approx(2 / 3)


def test_lsum_breakdown_has_one_entry_per_match():
    cfg = RougeConfig(rouge_types=("rougeLsum",), tokenizer="rouge-score")
    ref = "x y z\ny z x\nz x y\na b c"
    pred = "z y x\nx z y\nc a"
    lsum = rouge_breakdown(pred, ref, cfg).types[0]
    peer = peer_scorer.RougeScorer(["rougeLsum"]).score(ref, pred)["rougeLsum"]
    assert lsum.matches == len(lsum.matched) and lsum.score == peer
    assert all(ref.split("\n")[ri].split()[i] == pred.split("\n")[pi].split()[j] for ri, i, pi, j in lsum.matched)
