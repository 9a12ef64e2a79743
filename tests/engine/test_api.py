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


def test_corpus_path_equals_general_stats():
    """corpus_bleu's statistics (references cached per line, reused by the next system)
    equal the general kernel's, sentence by sentence."""
    from bleu2.metrics.bleu.stats import reference_stats, sentence_stats
    from shared_data import TED as ted

    hyps = (ted / "ted.sys1.detok.eng").read_text(encoding="utf-8").splitlines()[:300]
    hyps2 = (ted / "ted.sys2.detok.eng").read_text(encoding="utf-8").splitlines()[:300]
    refs = (ted / "ted.ref.detok.eng").read_text(encoding="utf-8").splitlines()[:300]
    refs[7] = "..."  # a reference without tokens
    for n in (1, 2, 4):
        for system in (hyps, hyps2):  # the second system reuses the cached references
            got = bleu2.corpus_bleu(system, refs, max_order=n).sentence_stats
            for h, r, stats in zip(system, refs, got):
                ht, rt = bleu2.tokenize(h), bleu2.tokenize(r)
                assert stats == sentence_stats(ht, reference_stats([rt], n))


def test_sentence_scores_are_computed_on_first_read():
    res = bleu2.corpus_bleu(["the cat", "a dog"], ["the cat", "a cat"])
    assert res.sentence_scores == (1.0, 0.5)  # BLEU-2 add-1: 1/2 * (0+1)/(1+1) -> sqrt(1/2*1/2)
    assert bleu2.corpus_bleu(["a"], ["a"], sentence_scores=False).sentence_scores == ()
