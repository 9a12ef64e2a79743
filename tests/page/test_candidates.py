"""bleu2.compare: several references and candidates, ranking, the choice of r.

Golden numbers: the classic BLEU-2 calculator's table, or derived by hand from the definitions (Papineni et al.
2002) in the comments; the equality with bleu2.sentence_bleu is checked separately.
"""

from __future__ import annotations

import math

import pytest

import bleu2
from bleu2.metrics.bleu.smoothing import SMOOTHING_METHODS
from bleu2.page.sentence import candidates as compare_mod
from bleu2.page.sentence.candidates import compare, ref_length_choice, ref_length_text
from bleu2.tokenizers import TOKENIZERS
from golden_values import GOLDEN  # the classic BLEU-2 calculator's golden table
from peer_rules import hf_evaluate_bleu

REF = "the cat sat on the mat"


@pytest.mark.parametrize("ref,cand,p1,p2,c,r,bp,score,p2_smoothed", GOLDEN)
def test_golden_pairs_with_empty_boxes_ignored(ref, cand, p1, p2, c, r, bp, score, p2_smoothed):
    out = compare([cand], ["", ref, "   \n", "?!"])
    assert out["used_references"] == [1]
    assert out["no_references"] is False
    assert [x["used"] for x in out["references"]] == [False, True, False, False]
    row = out["candidates"][0]
    assert [(p["matches"], p["total"]) for p in row["precisions"]] == [p1, p2]
    assert row["precisions"][1]["smoothed"] is p2_smoothed
    assert (row["hyp_len"], row["ref_len"]) == (c, r)
    assert math.isclose(row["brevity_penalty"], bp, abs_tol=5e-7)
    assert math.isclose(row["score"], score, abs_tol=5e-7)
    assert row["ref_length"]["reason"] == "only"
    assert out["signature"].startswith("nrefs:1|")


def test_ranking_best_first_ties_share_a_rank_and_keep_input_order():
    cands = [
        "the cat is on the mat",  # 0.707107 (the golden table)
        "the cat",  # p1 2/2, p2 1/1, c 2, r 6: BP = exp(1 - 3) = 0.135335
        "the cat sat on the mat",  # identical: 1
        "",  # empty: 0
        "mat the on sat cat the",  # p1 6/6, p2 0/5 -> 1/6: sqrt(1/6) = 0.408248
        "The cat is on the mat!",  # same tokens as the first: tie
    ]
    out = compare(cands, [REF])
    ranking = [(r["index"], r["rank"], round(r["score"], 6)) for r in out["ranking"]]
    assert ranking == [
        (2, 1, 1.0),
        (0, 2, 0.707107),
        (5, 2, 0.707107),
        (4, 4, 0.408248),
        (1, 5, 0.135335),
        (3, 6, 0.0),
    ]
    assert out["best_index"] == 2
    assert [r["index"] for r in out["candidates"]] == list(range(6))
    assert out["candidates"][3]["empty"] is True and out["candidates"][0]["empty"] is False
    assert out["candidates"][4]["precisions"][1] == {"n": 2, "matches": 0, "total": 5, "value": 1 / 6, "smoothed": True}
    assert out["candidates"][0]["tokens"] == ["the", "cat", "is", "on", "the", "mat"]
    assert out["candidates"][5]["text"] == "The cat is on the mat!"


def test_several_references():
    # cand unigrams the x2, cat, is, on, mat: clipped by max counts over both refs -> 6/6
    # bigrams the-cat, on-the, the-mat in ref 1; cat-is, is-on in neither -> 3/5
    # lengths 6 and 7, c = 6 -> r = 6 (closest), BP 1, score sqrt(0.6) = 0.774597
    out = compare(["the cat is on the mat"], [REF, "", "there is a cat on the mat"])
    assert out["used_references"] == [0, 2]
    row = out["candidates"][0]
    assert [(p["matches"], p["total"]) for p in row["precisions"]] == [(6, 6), (3, 5)]
    assert (row["hyp_len"], row["ref_len"]) == (6, 6)
    assert round(row["score"], 6) == 0.774597
    assert row["ref_length"] == {
        "chosen_index": 0,
        "chosen_length": 6,
        "lengths": [6, 7],
        "hyp_len": 6,
        "reason": "closest",
        "tied_indices": [0],
    }
    assert out["signature"].startswith("nrefs:2|")
    assert [r["length"] for r in out["references"]] == [6, 0, 7]


def test_all_references_empty_is_flagged():
    out = compare(["a b c", "d"], ["", "  ", "..."])
    assert out["no_references"] is True
    assert out["used_references"] == []
    assert [r["score"] for r in out["candidates"]] == [0.0, 0.0]
    assert [r["ref_len"] for r in out["candidates"]] == [0, 0]
    out = compare(["a"], [])
    assert out["no_references"] is True and out["candidates"][0]["score"] == 0.0
    out = compare([], ["a"])
    assert out["ranking"] == [] and out["best_index"] is None


def test_ref_length_choice():
    assert ref_length_choice(5, [6]) == {
        "chosen_index": 0,
        "chosen_length": 6,
        "lengths": [6],
        "hyp_len": 5,
        "reason": "only",
        "tied_indices": [0],
    }
    # c = 4, lengths 3 and 5 are equally close: the shorter one (3)
    got = ref_length_choice(4, [5, 3, 9])
    assert (got["chosen_index"], got["chosen_length"], got["reason"], got["tied_indices"]) == (
        1,
        3,
        "tie-shorter",
        [0, 1],
    )
    got = ref_length_choice(8, [5, 3, 9])
    assert (got["chosen_index"], got["chosen_length"], got["reason"]) == (2, 9, "closest")
    # the same length twice is not a tie between lengths: the first box of that length
    got = ref_length_choice(4, [6, 4, 4])
    assert (got["chosen_index"], got["chosen_length"], got["reason"], got["tied_indices"]) == (1, 4, "closest", [1, 2])
    assert ref_length_choice(3, [])["reason"] == "none"
    # agrees with the engine's r
    for c, lengths in [(4, [5, 3, 9]), (8, [5, 3, 9]), (1, [2, 7]), (10, [1, 2])]:
        assert ref_length_choice(c, lengths)["chosen_length"] == bleu2.metrics.bleu.stats.closest_ref_len(c, lengths)


def test_ref_length_choice_follows_the_ref_length_rule():
    # shortest (HF evaluate, tensorflow/nmt): c plays no part
    got = ref_length_choice(9, [5, 3, 9], "shortest")
    assert (got["chosen_index"], got["chosen_length"], got["reason"], got["tied_indices"]) == (1, 3, "shortest", [1])
    # closest-first (torchmetrics): a tie goes to the reference given first
    got = ref_length_choice(4, [5, 3, 9], "closest-first")
    assert (got["chosen_index"], got["chosen_length"], got["reason"]) == (0, 5, "tie-first")
    assert ref_length_choice(4, [5, 3, 9], "closest")["chosen_length"] == 3


def test_the_page_says_which_reference_is_r_under_each_rule():
    refs = ["a b c", "a b c d e"]  # c = 4: 3 and 5 equally close
    assert hf_evaluate_bleu(["a b c d"], [refs])["reference_length"] == 3
    row = compare(["a b c d e f"], refs, ref_length="shortest")["candidates"][0]
    assert row["ref_len"] == 3 == hf_evaluate_bleu(["a b c d e f"], [refs])["reference_length"]
    assert ref_length_text(row["ref_length"]) == (
        "r = 3: reference 1 (3 tokens) is the shortest; under this rule the candidate's length (c = 6) plays no part."
    )
    row = compare(["a b c d"], refs, ref_length="closest-first")["candidates"][0]
    assert row["ref_len"] == 3 and row["ref_length"]["reason"] == "tie-first"
    row = compare(["a b c d"], list(reversed(refs)), ref_length="closest-first")["candidates"][0]
    assert row["ref_len"] == 5 and ref_length_text(row["ref_length"], "es").startswith(
        "r = 5: las referencias 1, 2 están igual de cerca"
    )


def test_tie_in_page_data():
    # c = 4; references of 3 and 5 tokens: r = 3 and the reason says why
    out = compare(["a b c d"], ["a b c", "a b c d e"])
    row = out["candidates"][0]
    assert row["ref_len"] == 3
    assert row["ref_length"]["reason"] == "tie-shorter"
    assert row["ref_length"]["chosen_index"] == 0


OPTION_SETS = (
    [{"smoothing": s} for s in SMOOTHING_METHODS]
    + [{"tokenizer": t} for t in TOKENIZERS]
    + [
        {"max_order": 1},
        {"max_order": 3},
        {"max_order": 4, "smoothing": "none"},
        {"lowercase": False},
        {"tokenizer": "13a", "lowercase": True},
        {"effective_order": True, "smoothing": "none"},
        {"smoothing": "add-1", "max_order": 4},
    ]
)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_equals_sentence_bleu(options):
    refs = ["The cat sat on the mat.", "", "There is a cat on the mat, isn't there?"]
    cands = ["The cat is on the mat.", "a cat", "", "the the the the", "On the mat there sat a cat."]
    try:
        out = compare(cands, refs, **options)
    except ValueError:
        with pytest.raises(ValueError):
            bleu2.sentence_bleu(cands[0], refs, **options)
        return
    used = [refs[i] for i in out["used_references"]]
    for cand, row, result in zip(cands, out["candidates"], out["results"]):
        expected = bleu2.sentence_bleu(cand, used, **options)
        assert result.to_dict() == expected.to_dict()
        assert row["score"] == expected.score
        assert row["precisions"] == [p.to_dict() for p in expected.precisions]
    assert out["signature"] == expected.signature


def test_an_edit_retokenizes_only_the_edited_candidate(monkeypatch):
    import bleu2.metrics.bleu.options

    calls = []
    real = bleu2.metrics.bleu.options.make_tokenizer

    def counting(tokenizer, lowercase):
        fn = real(tokenizer, lowercase)

        def tokenize(text):
            calls.append(text)
            return fn(text)

        return tokenize

    monkeypatch.setattr(bleu2.metrics.bleu.options, "make_tokenizer", counting)
    compare_mod.clear_caches()
    refs = ["the cat sat on the mat", "a cat on a mat"]
    compare(["the cat", "a dog", "the mat"], refs)
    assert sorted(calls) == sorted(refs + ["the cat", "a dog", "the mat"])
    calls.clear()
    out = compare(["the cat", "a dogs", "the mat"], refs)
    assert calls == ["a dogs"]
    assert out["candidates"][1]["score"] == bleu2.sentence_bleu("a dogs", refs).score
    calls.clear()
    compare(["the cat", "a dogs", "the mat"], refs, smoothing="none")  # new options: no re-tokenizing
    assert calls == []
    compare_mod.clear_caches()


def test_options_and_errors():
    out = compare(["a"], ["a"])
    assert out["options"] == {
        "max_order": 2,
        "smoothing": "add-1",
        "tokenizer": "default",
        "lowercase": None,
        "lowercase_used": True,
        "smooth_value": None,
        "effective_order": False,
        "empty_references": "ignore",
        "ref_length": "closest",
        "rstrip": False,
        "metric": "bleu",
        "metric_options": {},
    }
    assert out["version"] == f"bleu2-{bleu2.__version__}"
    with pytest.raises(ValueError, match="smoothing"):
        compare(["a"], ["a"], smoothing="nope")
    with pytest.raises(ValueError, match="max_order"):
        compare(["a"], ["a"], max_order=0)
    with pytest.raises(TypeError):
        compare("a", ["a"])
    with pytest.raises(TypeError):
        compare(["a", None], ["a"])


def test_ref_length_sentences():
    from bleu2.page.sentence.candidates import ref_length_text

    out = compare(["a b c d"], ["", "a b c", "a b c d e"])
    choice = out["candidates"][0]["ref_length"]
    assert ref_length_text(choice, "en", out["used_references"]) == (
        "r = 3: references 2, 3 are equally close to the candidate's length (c = 4); "
        "the shorter one, reference 2 (3 tokens), is used."
    )
    assert ref_length_text(choice, "es", out["used_references"]).startswith("r = 3: las referencias 2, 3 están")
    assert ref_length_text(ref_length_choice(6, [6, 7]), "en") == (
        "r = 6: reference 1 (6 tokens) is the closest in length to the candidate (c = 6)."
    )
    assert ref_length_text(ref_length_choice(5, [1]), "pt") == "r = 1: a única referência tem 1 token."
    assert ref_length_text(ref_length_choice(5, []), "en") == "r = 0: no reference has any words."
