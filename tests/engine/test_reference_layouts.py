"""The reference layout is never guessed: ``BLEU.corpus_score(hypotheses, streams)`` takes
sacreBLEU's streams, ``corpus_bleu(candidates, references)`` one entry per candidate, and a
call that fits only the other layout raises ValueError naming the other function; strings
where sequences are expected, NLTK's token lists and ``None`` get a message naming the
argument and the fix, or are accepted where sacreBLEU accepts them."""

from __future__ import annotations

import logging

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU as SacreBLEU

import bleu2

logging.getLogger("sacrebleu").setLevel(logging.ERROR)

HYPS = ["a b c d", "e f g h"]
STREAMS = [["a b c d", "e f g h"], ["x y z w", "p q r s"]]


def test_two_streams_for_two_hypotheses_are_refused_unless_the_layout_is_said():
    # As many streams as hypotheses: read per candidate, candidate 1 would go against "a b c d"
    # and "e f g h" (0.50); read as streams, as sacreBLEU reads them, 100. corpus_bleu refuses
    # to choose; layout= says which; BLEU.corpus_score reads streams as sacreBLEU does.
    assert sacrebleu.corpus_bleu(HYPS, STREAMS).score == pytest.approx(100.0)
    assert SacreBLEU().corpus_score(HYPS, STREAMS).score == pytest.approx(100.0)
    assert bleu2.BLEU(**bleu2.SACREBLEU_OPTIONS).corpus_score(HYPS, STREAMS).score == pytest.approx(1.0)
    with pytest.raises(ValueError, match=r"reads two ways.*layout='streams'.*layout='per-candidate'"):
        bleu2.corpus_bleu(HYPS, STREAMS, **bleu2.SACREBLEU_OPTIONS)
    streams = bleu2.corpus_bleu(HYPS, STREAMS, layout="streams", **bleu2.SACREBLEU_OPTIONS)
    assert streams.score == pytest.approx(1.0)
    per_candidate = bleu2.corpus_bleu(HYPS, STREAMS, layout="per-candidate", **bleu2.SACREBLEU_OPTIONS)
    assert f"{per_candidate.score:.2f}" == "0.50"
    converted = bleu2.references_from_streams(STREAMS)  # square too: the layout must be said
    assert bleu2.corpus_bleu(HYPS, converted, layout="per-candidate", **bleu2.SACREBLEU_OPTIONS).score == (
        pytest.approx(1.0)
    )


def test_square_streams_give_sacrebleus_number_once_the_layout_is_said():
    hyps = ["the cat sat on the mat", "a dog barks loudly"]
    streams = [["the cat sat on the mat", "a dog barks loudly"], ["a cat sat on a mat", "the dog barked"]]
    oracle = sacrebleu.corpus_bleu(hyps, streams).score / 100
    with pytest.raises(ValueError, match="layout="):
        bleu2.corpus_bleu(hyps, streams, preset="sacrebleu")
    assert bleu2.corpus_bleu(hyps, streams, preset="sacrebleu", layout="streams").score == pytest.approx(oracle)
    assert bleu2.BLEU(preset="sacrebleu").corpus_score(hyps, streams).score == pytest.approx(oracle)
    # an iterator of candidates is checked the same way
    with pytest.raises(ValueError, match="reads two ways"):
        bleu2.corpus_bleu(iter(hyps), streams, preset="sacrebleu")
    # iterators as entries could be streams or one candidate's references
    with pytest.raises(ValueError, match=r"references\[0\] is an iterator"):
        bleu2.corpus_bleu(hyps, [iter(s) for s in streams], preset="sacrebleu")
    with pytest.raises(ValueError, match="layout must be one of"):
        bleu2.corpus_bleu(hyps, streams, layout="rows")


def test_square_references_that_read_the_same_both_ways_are_not_refused():
    # references[i][j] == references[j][i]: both readings pair the same texts (1 x 1 included)
    refs = [["a b c d", "x y"], ["x y", "e f g h"]]
    got = bleu2.corpus_bleu(HYPS, refs, preset="sacrebleu")
    assert got.score == pytest.approx(sacrebleu.corpus_bleu(HYPS, refs).score / 100)
    one = bleu2.corpus_bleu(["a b c d"], [["a b c d e"]], preset="sacrebleu")
    assert one.score == pytest.approx(sacrebleu.corpus_bleu(["a b c d"], [["a b c d e"]]).score / 100)


def test_long_iterables_refuse_entries_that_may_be_streams():
    from bleu2.corpus.layouts import CHUNK_LINES

    n = CHUNK_LINES + 1
    hyps = (f"w{i}" for i in range(n))
    refs = [["w0"] * n] + [[f"w{i}"] for i in range(1, n)]
    with pytest.raises(ValueError, match=r"references\[0\] holds 2049 texts.*layout="):
        bleu2.corpus_bleu(hyps, refs)
    hyps = (f"w{i}" for i in range(n))
    assert bleu2.corpus_bleu(hyps, refs, layout="per-candidate").hyp_len == n


def test_streams_given_to_corpus_bleu_name_the_streams_function():
    hyps = HYPS + ["i j"]
    streams = [s + ["i j"] for s in STREAMS]  # 2 streams of 3 lines: fits only the streams layout
    with pytest.raises(ValueError, match=r"reference streams.*layout='streams'.*BLEU\(\.\.\.\)\.corpus_score"):
        bleu2.corpus_bleu(hyps, streams)
    assert bleu2.corpus_bleu(hyps, streams, layout="streams").score == pytest.approx(1.0)
    assert bleu2.BLEU().corpus_score(hyps, streams).score == pytest.approx(1.0)


def test_per_candidate_lists_given_to_corpus_score_name_corpus_bleu():
    refs = [["a b c d", "a b"], ["e f g h"]]  # one entry per hypothesis, of different lengths
    with pytest.raises(ValueError, match=r"per-candidate layout of bleu2\.corpus_bleu"):
        bleu2.BLEU().corpus_score(HYPS, refs)
    with pytest.raises(ValueError, match=r"per-candidate layout.*\[refs\]"):
        bleu2.BLEU().corpus_score(HYPS, ["a b c d", "e f g h"])  # sacreBLEU would read characters
    with pytest.raises(TypeError, match=r"references\[0\] is a string.*\[refs\]"):
        bleu2.BLEU().corpus_score(["a b c d"] * 3, ["a b c d", "e f g h"])
    with pytest.raises(ValueError, match="reference stream 1 has 1 lines, but there are 2 hypotheses"):
        bleu2.BLEU().corpus_score(HYPS, [["a", "b"], ["c"], ["d", "e"]])


def test_strings_where_sequences_are_expected():
    with pytest.raises(TypeError, match=r"stream 0 is a string.*\[stream\]"):
        bleu2.references_from_streams(["abc", "def"])
    with pytest.raises(TypeError, match="not a string"):
        bleu2.references_from_streams("abc")
    with pytest.raises(TypeError, match=r"candidate_tokens must be a list of tokens, not a string.*bleu2\.tokenize"):
        bleu2.extract_stats("a string", ["ref"])
    with pytest.raises(TypeError, match=r"reference_tokens\[0\] is a string.*\[tokens\]"):
        bleu2.extract_stats(["a"], ["ref"])
    with pytest.raises(TypeError, match="a corpus is a sequence"):
        bleu2.corpus_bleu("a b", ["a b"])
    assert bleu2.extract_stats(["a", "b"], [["a", "b"]]).matches == (2, 1)


def test_nltk_token_lists_get_the_way_to_score_them():
    with pytest.raises(TypeError, match=r"candidates\[0\] is a list of tokens.*tokenizer='none'.*preset='nltk'"):
        bleu2.corpus_bleu([["the", "cat"]], [[["the", "cat"]]])
    with pytest.raises(TypeError, match=r"references\[0\]\[0\] is a list of tokens"):
        bleu2.corpus_bleu(["the cat"], [[["the", "cat"]]])
    with pytest.raises(TypeError, match="candidate is a list of tokens"):
        bleu2.sentence_bleu(["the", "cat"], "the cat")


def test_none_placeholders_as_sacrebleu_accepts_them():
    hyps = ["the cat sat on the mat", "a dog barked loudly today"]
    streams = [["the cat sat on the mat", "a dog barked today"], [None, "a dog barked loudly today"]]
    metric = SacreBLEU()
    oracle = metric.corpus_score(hyps, streams)
    got = bleu2.BLEU(preset="sacrebleu").corpus_score(hyps, streams)
    assert got.score == pytest.approx(oracle.score / 100, abs=1e-12)
    assert "nrefs:var|" in metric.get_signature().format() and got.signature.startswith("nrefs:var|")
    per_candidate = bleu2.references_from_streams(streams)
    # 2 entries of 2: also 2 streams of 2 lines, read otherwise: the layout must be said
    assert bleu2.corpus_bleu(hyps, per_candidate, preset="sacrebleu", layout="per-candidate").score == (
        pytest.approx(got.score)
    )
    s = bleu2.sentence_bleu("a dog", ["a dog", None], preset="sacrebleu-sentence")
    assert s.score == pytest.approx(sacrebleu.sentence_bleu("a dog", ["a dog", None]).score / 100)
    assert s.signature.startswith("nrefs:1|")
    with pytest.raises(ValueError, match="every reference is None"):
        bleu2.sentence_bleu("a", [None, None])
    with pytest.raises(TypeError, match=r"candidates\[1\] is None.*use ''"):
        bleu2.corpus_bleu(["a", None], ["a", "b"])
