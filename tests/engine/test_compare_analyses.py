"""bleu2.compare beyond compare-mt's own cases: several references, bleu2's and sacreBLEU's
presets (sacreBLEU 2.6.0 and NLTK 3.10.4 as oracles where the numbers coincide), the JSON
schema, the renderers, progress and cancelling, significance, bad input.
Hand-derived numbers say how in the comments."""

from __future__ import annotations

import json
import math
import re
from functools import cache

import pytest
import sacrebleu
from nltk.translate import bleu_score as nltk_bleu

import bleu2
from bleu2.analyses import AnalysesCancelled, compare_steps, read_counts
from bleu2.common.steps import finish
from bleu2.corpus.significance import paired_bootstrap
from shared_data import TED

pytestmark = pytest.mark.filterwarnings("ignore")


def _lines(name: str) -> list[str]:
    with open(TED / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def ted(detok: bool = True) -> tuple[list[str], list[str], list[str]]:
    x = ".detok" if detok else ""
    return _lines(f"ted.ref{x}.eng"), _lines(f"ted.sys1{x}.eng"), _lines(f"ted.sys2{x}.eng")


def test_two_equal_references_give_the_numbers_of_one():
    ref, s1, s2 = ted(False)
    one = bleu2.compare([s1, s2], [ref], preset="compare-mt")
    two = bleu2.compare([s1, s2], [ref, ref], preset="compare-mt")
    a, b = one.to_dict(), two.to_dict()
    # frequencies count every reference's words (doubled here); all else is the same
    assert a.pop("word_accuracy") != b.pop("word_accuracy")
    assert a == b
    by_one = bleu2.compare([s1, s2], [ref, ref], preset="compare-mt", freq_corpus=ref)
    assert by_one.word_accuracy == one.word_accuracy
    assert one.signature.startswith("nrefs:1|") and two.signature.startswith("nrefs:2|")


def test_several_references_clip_and_choose_r_as_bleu_does():
    # line 1: output "a b c", refs "a a b" and "c d": clipping limits a:2 b:1 c:1 d:1 -> ref 5
    # words, matches a b c = 3; r = closest to c = 3 among (3, 2) -> 3, so length bucket "<10"
    # by r = 3 and difference 0.
    r = bleu2.compare([["a b c"], ["d"]], [["a a b"], ["c d"]], preset="compare-mt", length_edges=[3, 5])
    w = r.word_accuracy
    # frequencies from both references: a 2, b 1, c 1, d 1 -> buckets "1" (b c d) and "2" (a)
    assert w.buckets[:3] == ("<1", "1", "2")
    sys1 = w.systems[0]
    assert (sys1[1].matches, sys1[1].ref, sys1[1].out) == (2, 3, 2)  # b, c of b c d
    assert (sys1[2].matches, sys1[2].ref, sys1[2].out) == (1, 2, 1)  # a: limit 2, once in the output
    assert r.length_difference.counts[0][r.length_difference.buckets.index("0")] == 1
    assert r.length_buckets.sentences[0] == (0, 1, 0)  # r = 3 is in [3,5)
    # system 2 "d": r = closest to 1 among (3, 2) = 2, difference -1
    assert r.length_buckets.sentences[1] == (1, 0, 0)
    assert r.length_difference.counts[1][r.length_difference.buckets.index("-1")] == 1


def test_several_references_corpus_bleu_equals_nltk_and_sacrebleu():
    ref, s1, s2 = ted(True)
    refs = [ref, s2]  # a second reference stream
    r = bleu2.compare([s1, s2], refs, preset="compare-mt")
    hyp = [x.strip().split(" ") for x in s1]
    lists = [[a.strip().split(" "), b.strip().split(" ")] for a, b in zip(ref, s2)]
    # compare-mt's BLEU is NLTK's corpus_bleu frame (no precision is 0 here)
    assert r.scores[0].bleu == pytest.approx(nltk_bleu.corpus_bleu(lists, hyp), rel=1e-12)
    s = bleu2.compare([s1, s2], refs, preset="sacrebleu")
    assert s.scores[0].bleu == pytest.approx(sacrebleu.corpus_bleu(s1, refs).score / 100, abs=1e-12)
    assert s.scores[1].bleu == pytest.approx(1.0)


def test_sacrebleu_preset_scores_buckets_and_sentence_bleu_equal_sacrebleu():
    ref, s1, s2 = ted(True)
    r = bleu2.compare([s1, s2], [ref], preset="sacrebleu")
    for score, lines in zip(r.scores, (s1, s2)):
        assert score.bleu == pytest.approx(sacrebleu.corpus_bleu(lines, [ref]).score / 100, abs=1e-12)
    # BLEU per length bucket: sacreBLEU's corpus BLEU of the bucket's lines (r: 13a tokens)
    tok = sacrebleu.tokenizers.tokenizer_13a.Tokenizer13a()
    edges = [10, 20, 30, 40, 50, 60]
    for k in (0, 3):
        idx = [i for i, x in enumerate(ref) if sum(len(tok(x).split()) >= e for e in edges) == k]
        want = sacrebleu.corpus_bleu([s1[i] for i in idx], [[ref[i] for i in idx]]).score / 100
        assert r.length_buckets.bleu[0][k] == pytest.approx(want, abs=1e-12)
        assert r.length_buckets.sentences[0][k] == len(idx)
    # sentence BLEU with effective order, as sacrebleu -sl (to 1e-9: on one line sacreBLEU's
    # percent arithmetic gives 49.99999999999999 where the score is 0.5, bucket [0.5,0.6))
    scores = [bleu2.sentence_bleu(h, x, preset="sacrebleu-sentence").score for h, x in zip(s1, ref)]
    assert scores == pytest.approx([sacrebleu.sentence_bleu(h, [x]).score / 100 for h, x in zip(s1, ref)], abs=1e-9)
    counts = [0] * 10
    for sc in scores:
        counts[min(int(round(sc * 100, 10) // 10), 9)] += 1
    assert list(r.sentence_bleu_buckets.counts[0]) == counts
    assert r.signature.startswith("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|order:4|")
    assert "|sent:eff|" in r.signature


def test_nltk_preset_corpus_bleu_equals_nltk():
    ref, s1, s2 = ted(False)
    r = bleu2.compare([s1, s2], [ref], preset="nltk")
    want = nltk_bleu.corpus_bleu([[x.split()] for x in ref], [x.split() for x in s1])
    assert r.scores[0].bleu == pytest.approx(want, rel=1e-12)


def test_bleu2_defaults_score_as_corpus_bleu():
    ref, s1, s2 = ted(True)
    r = bleu2.compare([s1, s2], [ref])
    assert r.rules == "default"
    assert bleu2.compare([s1, s2], [ref], max_order=4).rules == "options"
    assert r.scores[1].bleu == pytest.approx(bleu2.corpus_bleu(s2, ref).score, abs=1e-12)
    assert r.signature == bleu2.corpus_bleu(s2, ref).signature


def test_json_has_the_schema_keys_and_fractions():
    ref, s1, s2 = ted(False)
    d = json.loads(bleu2.compare([s1, s2], [ref], preset="compare-mt").to_json())
    assert list(d) == [
        "systems",
        "baseline",
        "scores",
        "word_accuracy",
        "length_buckets",
        "length_difference",
        "sentence_bleu_buckets",
        "ngrams",
        "examples",
    ]
    assert set(d["scores"][0]) == {"system", "bleu", "length_ratio", "hyp_len", "ref_len"}
    assert set(d["word_accuracy"]) == {"by", "buckets", "systems"}
    assert set(d["word_accuracy"]["systems"][0][3]) == {"matches", "ref", "out", "precision", "recall", "f"}
    assert set(d["ngrams"]) == {"left", "right", "compare", "alpha", "n", "left_better", "right_better"}
    assert set(d["ngrams"]["left_better"][0]) == {"ngram", "left", "right", "score"}
    assert set(d["examples"]["left_better"][0]) == {"line", "left", "right", "diff"}
    assert d["ngrams"]["n"] == [1, 4] and d["ngrams"]["alpha"] == 1.0
    assert all(0 <= s["bleu"] <= 1 for s in d["scores"])
    assert d["sentence_bleu_buckets"]["buckets"][0] == "<0.1" and d["sentence_bleu_buckets"]["buckets"][-1] == ">=0.9"


def test_the_result_is_frozen():
    r = bleu2.compare([["a b"], ["a"]], [["a b"]])
    with pytest.raises(AttributeError):
        r.baseline = 1  # type: ignore[misc]
    assert isinstance(r, bleu2.CompareResult)


def test_baseline_and_names_choose_the_pairs():
    ref, s1, s2 = ted(False)
    r = bleu2.compare([s1, s2, s1], [ref], names=["A", "B", "C"], baseline=1, preset="compare-mt")
    assert [(p.ngrams.left, p.ngrams.right) for p in r.pairs] == [(1, 0), (1, 2)]
    assert r.pairs[0].ngrams.left_better == r.pairs[1].ngrams.left_better  # A and C are the same
    assert r.to_dict()["baseline"] == 1 and r.systems == ("A", "B", "C")


def test_options_for_edges_k_alpha_and_compare_type():
    ref, s1, s2 = ted(False)
    r = bleu2.compare(
        [s1, s2],
        [ref],
        preset="compare-mt",
        frequency_edges=[1, 10],
        length_edges=[15],
        length_difference_edges=[0],
        sentence_bleu_edges=[0.5],
        ngram_orders=(2, 2),
        ngram_compare="over",
        alpha=0.5,
        ngram_k=5,
        examples_k=3,
    )
    assert r.word_accuracy.buckets == ("<1", "[1,10)", ">=10")
    assert r.length_buckets.buckets == ("<15", ">=15")
    assert r.length_difference.buckets == ("<0", ">=0")
    assert r.sentence_bleu_buckets.buckets == ("<0.5", ">=0.5")
    ng = r.pairs[0].ngrams
    assert ng.compare == "over" and ng.n == (2, 2) and ng.alpha == 0.5
    assert len(ng.left_better) >= 5 and all(" " in row.ngram for row in ng.left_better)
    row = ng.left_better[0]
    assert row.score == (row.left + 0.5) / (row.left + row.right + 1)
    assert len(r.pairs[0].examples.left_better) == 3


def test_frequencies_from_a_corpus_or_a_counts_file():
    ref, s1, s2 = ted(False)
    by_corpus = bleu2.compare([s1, s2], [ref], preset="compare-mt", freq_corpus=ref)
    default = bleu2.compare([s1, s2], [ref], preset="compare-mt")
    assert by_corpus.word_accuracy == default.word_accuracy
    counts = read_counts(["the\t5000", "bad line", "cat\t1", "cat\t3"])
    assert counts == {"the": 5000, "cat": 3}
    r = bleu2.compare([["the cat"], ["cat"]], [["the cat"]], preset="compare-mt", freq_counts=counts)
    w = r.word_accuracy
    assert w.systems[0][w.buckets.index("3")].matches == 1  # cat: 3
    assert w.systems[0][w.buckets.index(">=1000")].matches == 1  # the: 5000
    with pytest.raises(ValueError, match="line 1"):
        read_counts(["the\tmany"])


def test_a_word_accuracy_bucket_by_hand():
    # ref "a a b", out "a c": a matches once (limit 2), c is unseen (bucket <1)
    r = bleu2.compare([["a c"], ["a a b"]], [["a a b"]], preset="compare-mt")
    w = r.word_accuracy
    two = w.systems[0][w.buckets.index("2")]
    assert (two.matches, two.ref, two.out) == (1, 2, 1)
    assert (two.precision, two.recall) == (1.0, 0.5) and two.f == pytest.approx(2 / 3)
    unseen = w.systems[0][0]
    assert (unseen.matches, unseen.ref, unseen.out, unseen.f) == (0, 0, 1, 0.0)


def test_progress_reports_and_cancels():
    ref, s1, s2 = ted(False)
    seen = []
    bleu2.compare([s1, s2], [ref], preset="compare-mt", progress=lambda p: seen.append((p.stage, p.done, p.total)))
    assert seen[-1] == ("analyses", len(ref), len(ref)) and len(seen) > 5
    with pytest.raises(AnalysesCancelled):
        bleu2.compare([s1, s2], [ref], progress=lambda p: p.done >= 512)
    steps = compare_steps([s1, s2], [ref], preset="compare-mt")
    assert next(steps).done == 256
    assert finish(steps).scores == bleu2.compare([s1, s2], [ref], preset="compare-mt").scores


def test_significance_is_bleu2s_paired_bootstrap():
    ref, s1, s2 = ted(True)
    r = bleu2.compare([s1, s2], [ref], preset="sacrebleu", significance="paired-bs", significance_n=100)
    sig = r.significance
    assert sig is not None and sig.test == "paired-bs" and sig.n == 100 and sig.seed == 12345
    bleu = bleu2.BLEU(preset="sacrebleu")
    stats = [bleu.corpus_score(s, [ref]).sentence_stats for s in (s1, s2)]
    want = paired_bootstrap(stats, bleu2.BleuConfig.make("sacrebleu"), n=100)
    assert [row.p_value for row in sig.rows] == [w.p_value for w in want]
    assert sig.rows[0].p_value is None and 0 < sig.rows[1].p_value <= 1
    assert "significance" in r.to_dict() and "p-value" in r.to_text()
    three = bleu2.compare([s1, s2, s1], [ref], baseline=1, significance="paired-ar", significance_n=50)
    assert [row.system for row in three.significance.rows] == [0, 1, 2]
    assert three.significance.rows[1].p_value is None


def test_html_is_one_offline_file_with_svg_and_escaped_text():
    names = ['<script>alert("x")</script>', "b&c"]
    r = bleu2.compare([["<b>x</b> y", "z"], ["y", "z z"]], [["<b>x</b> y", "z"]], names=names, preset="compare-mt")
    page = r.to_html()
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page and "<b>" not in page
    assert "&lt;script&gt;" in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert page.count("<svg") == 5
    assert not re.search(r"(src|href)\s*=|@import|url\(|https?:", page)
    assert "prefers-color-scheme: dark" in page
    assert r._repr_html_().startswith("<style>")


def test_text_and_latex_reports():
    ref, s1, s2 = ted(False)
    r = bleu2.compare([s1, s2], [ref], preset="compare-mt")
    text = r.to_text()
    assert "sys1    22.4309" in text  # compare-mt prints BLEU 22.4309 for sys1
    assert "Ref: That 's exciting in itself ." in text
    latex = bleu2.compare([["a_b & c%"], ["x"]], [["a_b & c%"]], preset="compare-mt").to_latex()
    assert r"a\_b \& c\%" in latex and latex.count(r"\begin{tabular}") == 7
    assert "\\textless{}" in latex  # the bucket label <1


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match="at least 2 systems"):
        bleu2.compare([["a"]], [["a"]])
    with pytest.raises(ValueError, match="system 2 has 2 lines"):
        bleu2.compare([["a"], ["a", "b"]], [["a"]])
    with pytest.raises(TypeError, match=r"references\[0\] is a str"):
        bleu2.compare([["a"], ["b"]], ["a"])
    with pytest.raises(ValueError, match="strictly increasing"):
        bleu2.compare([["a"], ["b"]], [["a"]], length_edges=[10, 5])
    with pytest.raises(ValueError, match="ngram_compare"):
        bleu2.compare([["a"], ["b"]], [["a"]], ngram_compare="both")
    with pytest.raises(ValueError, match="take no option but lowercase"):
        bleu2.compare([["a"], ["b"]], [["a"]], preset="compare-mt", max_order=2)
    with pytest.raises(ValueError, match="unknown preset"):
        bleu2.compare([["a"], ["b"]], [["a"]], preset="mt")
    with pytest.raises(ValueError, match="baseline"):
        bleu2.compare([["a"], ["b"]], [["a"]], baseline=2)
    with pytest.raises(ValueError, match="significance"):
        bleu2.compare([["a"], ["b"]], [["a"]], significance="bootstrap")


def test_empty_lines_under_compare_mt_are_one_empty_word():
    # compare-mt reads "" as [""]: a one-word line that matches an empty reference
    r = bleu2.compare([[""], ["x"]], [[""]], preset="compare-mt")
    assert (r.scores[0].hyp_len, r.scores[0].ref_len) == (1, 1)
    assert r.scores[0].bleu == 1.0 and math.isclose(r.scores[1].bleu, 0.0)
