"""Input checks of the public API: clear errors for misuse."""

import pytest

import bleu2


def test_corpus_bleu_rejects_a_single_string():
    with pytest.raises(TypeError, match="sequence of candidates"):
        bleu2.corpus_bleu("abc", ["abc"])


def test_corpus_bleu_length_mismatch_names_both_counts():
    with pytest.raises(ValueError, match=r"2 candidate\(s\) and 1 references entry"):
        bleu2.corpus_bleu(["a", "b"], ["a"])


def test_references_per_candidate_may_vary():
    res = bleu2.corpus_bleu(["the cat", "a dog"], [["the cat"], ["a dog", "the dog", ""]])
    assert res.score == 1.0
    assert res.signature.startswith("nrefs:var|")


def test_weights_must_match_order_and_sum_to_one():
    with pytest.raises(ValueError, match="must have 2 entries"):
        bleu2.sentence_bleu("a b", "a b", weights=[1.0])
    with pytest.raises(ValueError, match="sum to 1"):
        bleu2.sentence_bleu("a b", "a b", weights=[0.5, 0.6])


def test_unknown_names_list_the_valid_ones():
    with pytest.raises(ValueError, match="valid tokenizers: default, 13a"):
        bleu2.sentence_bleu("a", "a", tokenizer="moses")
    with pytest.raises(ValueError, match="valid smoothing methods: add-1, none"):
        bleu2.sentence_bleu("a", "a", smoothing="laplace")
