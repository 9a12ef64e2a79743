"""bleu2.compare(preset="compare-mt") equals compare-mt 0.2.10, read from compare-mt itself.

compare-mt's own report functions (``compare_mt_main.generate_*_report``, the code its command
line runs) are called on the same files and their objects read: word-accuracy statistics,
bucketed BLEU and counts, n-gram scores, the sorted sentence-example lists. Counts and the
word-accuracy fractions must be equal exactly; BLEU to 1e-12 relative (compare-mt multiplies
by 100 before the last product) and to compare-mt's printed 4 decimals. One test runs
compare-mt's command line and parses its printed report.

Data: the shared TED files (tokenized, and the detokenized ones), multiTED-ja, and three
systems (a third mixing sys1 and sys2). compare-mt runs under MPLBACKEND=Agg (its reporters
import matplotlib; nothing is drawn: only print() is called).
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from functools import cache

import pytest
from compare_mt import corpus_utils, reporters

import bleu2
from compare_mt_reports import DATASETS, close, data, theirs, tokens

pytestmark = pytest.mark.filterwarnings("ignore")  # NLTK's zero-count warnings


@cache
def ours(name: str):
    ref, outs = data(name)
    return bleu2.compare(outs, [ref], preset="compare-mt")


ALL = ["ted-tok", "ted-detok", "multited-ja", "ted-3"]


@pytest.mark.parametrize("name", ALL)
def test_corpus_bleu_and_length_ratio_equal_compare_mt(name):
    r, t = ours(name), theirs(name)
    assert [s.system for s in r.scores] == reporters.sys_names
    for s, b, (ratio, text) in zip(r.scores, t["bleu"].scores, zip(t["length"].scores, t["length"].strs)):
        assert close(s.bleu, b / 100), (s.bleu, b)
        assert s.length_ratio == ratio
        assert text.endswith(f"(ref={s.ref_len}, out={s.hyp_len})")


@pytest.mark.parametrize("name", ALL)
def test_word_accuracy_by_frequency_equals_compare_mt_exactly(name):
    r, t = ours(name), theirs(name)
    assert r.word_accuracy.buckets == tuple(t["words"].bucketer.bucket_strs)
    assert r.word_accuracy.buckets == ("<1", "1", "2", "3", "4", "[5,10)", "[10,100)", "[100,1000)", ">=1000")
    for mine, stat in zip(r.word_accuracy.systems, t["words"].statistics):
        # compare-mt's tuple: (matches, ref, out, recall, precision, f)
        assert [(b.matches, b.ref, b.out, b.recall, b.precision, b.f) for b in mine] == [
            (int(m), int(rc), int(oc), rec, prec, f) for m, rc, oc, rec, prec, f in stat
        ]


@pytest.mark.parametrize("name", ALL)
def test_sentence_buckets_equal_compare_mt(name):
    r, t = ours(name), theirs(name)
    assert r.length_buckets.buckets == tuple(t["by_length"].bucketer.bucket_strs)
    for mine, stat in zip(r.length_buckets.bleu, t["by_length"].sys_stats):
        assert all(close(a, b / 100) for a, b in zip(mine, stat)), (mine, stat)
    assert [list(x) for x in r.length_buckets.sentences] == t["length_count"]
    assert r.length_difference.buckets == tuple(t["lengthdiff"].bucketer.bucket_strs)
    assert len(r.length_difference.buckets) == 17
    assert [list(x) for x in r.length_difference.counts] == t["lengthdiff"].sys_stats
    # compare-mt's labels are in percent (<10.0 ... >=90.0), bleu2's in fractions
    assert [lab.replace("0.", "") for lab in r.sentence_bleu_buckets.buckets][:2] == ["<1", "[1,2)"]
    assert len(r.sentence_bleu_buckets.buckets) == len(t["sentbleu"].bucketer.bucket_strs) == 10
    assert [list(x) for x in r.sentence_bleu_buckets.counts] == t["sentbleu"].sys_stats


@pytest.mark.parametrize("name", ALL)
def test_characteristic_ngrams_equal_compare_mt(name):
    r, t = ours(name), theirs(name)
    rep = t["ngrams"]
    k = rep.report_length
    assert len(r.pairs) == len(rep.compare_directions)
    for pair, (left, right), scored in zip(r.pairs, rep.compare_directions, rep.scorelist):
        ng = pair.ngrams
        assert (ng.left, ng.right, ng.compare, ng.alpha, ng.n) == (left, right, "match", 1.0, (1, 4))
        every = {" ".join(g): v for g, v in scored}
        assert len(every) == len(scored)  # no two n-grams print the same
        for mine, theirs_k in ((ng.left_better, scored[:k]), (ng.right_better, list(reversed(scored[-k:])))):
            edge = theirs_k[-1][1]
            printed = {" ".join(g) for g, _ in theirs_k}
            got = {row.ngram for row in mine}
            assert printed <= got  # compare-mt's k, whichever of the tied it printed
            assert all(math.isclose(row.score, edge) for row in mine if row.ngram not in printed)
            tied = {g for g, v in every.items() if v == edge}
            assert tied <= got  # every n-gram tied with the k-th
            for row in mine:
                assert row.score == every[row.ngram]
                g = tuple(row.ngram.split(" "))
                assert (row.left, row.right) == (rep.matches[left][g], rep.matches[right][g])
            scores = [row.score for row in mine]
            assert scores == sorted(scores, reverse=mine is ng.left_better)


@pytest.mark.parametrize("name", ALL)
def test_sentence_examples_equal_compare_mt(name):
    r, t = ours(name), theirs(name)
    rep = t["examples"]
    k = rep.report_length
    assert k == 10
    for pair, diffs in zip(r.pairs, rep.scorediff_lists):
        ex = pair.examples
        first = [(i + 1, s1, s2) for _, s1, s2, _, _, i in diffs[:k]]
        last = [(i + 1, s1, s2) for _, s1, s2, _, _, i in reversed(diffs[-k:])]
        for mine, want in ((ex.left_better, first), (ex.right_better, last)):
            assert [e.line for e in mine] == [w[0] for w in want]
            assert [(100 * e.left, 100 * e.right) for e in mine] == [(w[1], w[2]) for w in want]
            for e, (_, s1, s2) in zip(mine, want):
                assert f"{e.diff * 100:.4f}" == f"{s1 - s2:.4f}"


def test_every_sentence_bleu_equals_compare_mt_sentbleu():
    # the per-line scores behind the buckets and examples: exactly compare-mt's SentBleuScorer
    ref, (s1, _) = data("ted-tok")
    r = bleu2.compare([s1, s1[::-1]], [ref], preset="compare-mt", examples_k=len(ref))
    from compare_mt import scorers

    scorer = scorers.SentBleuScorer()
    want = [scorer.score_sentence(a, b)[0] for a, b in zip(tokens(ref), tokens(s1))]
    got = sorted((e.line, e.left) for e in r.pairs[0].examples.left_better)
    lines_seen = {line for line, _ in got}
    assert len(lines_seen) > 2000  # all but the repeated lines
    assert all(100 * s == want[line - 1] for line, s in got)


def _parse_cli(text: str) -> dict[str, list[list[str]]]:
    """compare-mt's printed tables: header line -> rows of tab-separated cells."""
    tables: dict[str, list[list[str]]] = {}
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("*")]
        rows = [line.split("\t") for line in lines if "\t" in line]
        heads = [line for line in lines if "\t" not in line]
        if rows:
            tables[(heads[-1] if heads else "") + "|" + rows[0][0]] = rows
    return tables


def test_compare_mt_command_line_report_equals_ours_to_its_4_decimals():
    ref_path, (p1, p2) = DATASETS["ted-tok"]
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    cli = [sys.executable, "-c", "from compare_mt.compare_mt_main import main; main()"]
    out = subprocess.run(
        [*cli, str(ref_path), str(p1), str(p2)], capture_output=True, text=True, env=env, check=True
    ).stdout
    tables = _parse_cli(out)
    r = ours("ted-tok")
    bleu = tables["BLEU:|"]
    assert bleu[1] == ["BLEU"] + [f"{s.bleu * 100:.4f}" for s in r.scores]
    words = tables["--- word fmeas by frequency bucket|frequency"]
    assert words[1:] == [
        [b] + [f"{row[i].f:.4f}" for row in r.word_accuracy.systems] for i, b in enumerate(r.word_accuracy.buckets)
    ]
    by_len = tables["--- bucket type: length, statistic type: BLEU|length"]
    assert by_len[1:] == [
        [b] + [f"{row[i] * 100:.4f}" for row in r.length_buckets.bleu] for i, b in enumerate(r.length_buckets.buckets)
    ]
    diff = tables["--- bucket type: len(output)-len(reference), statistic type: count|lengthdiff"]
    assert diff[1:] == [
        [b] + [str(row[i]) for row in r.length_difference.counts] for i, b in enumerate(r.length_difference.buckets)
    ]
    sent = tables["--- bucket type: sentence-level BLEU, statistic type: count|sentbleu"]
    assert [row[1:] for row in sent[1:]] == [[str(row[i]) for row in r.sentence_bleu_buckets.counts] for i in range(10)]
    printed = re.findall(r"^sys1-sys2=(-?[\d.]+), sys1=([\d.]+), sys2=([\d.]+)$", out, re.M)
    ex = r.pairs[0].examples
    assert printed == [
        (f"{e.diff * 100:.4f}", f"{e.left * 100:.4f}", f"{e.right * 100:.4f}")
        for e in list(ex.left_better) + list(reversed(ex.right_better))
    ]
    ngram_lines = re.findall(r"^(.*)\t([\d.]+) \(sys1=(\d+), sys2=(\d+)\)$", out, re.M)
    assert len(ngram_lines) == 100
    mine = {row.ngram: row for row in r.pairs[0].ngrams.left_better + r.pairs[0].ngrams.right_better}
    for text, score, a, b in ngram_lines:
        row = mine[text]
        assert (f"{row.score:.4f}", str(row.left), str(row.right)) == (score, a, b)


def test_more_than_two_systems_keep_each_pair_and_the_per_system_tables():
    r3, r2 = ours("ted-3"), ours("ted-tok")
    assert r3.systems == ("sys1", "sys2", "sys3")
    assert [(p.ngrams.left, p.ngrams.right) for p in r3.pairs] == [(0, 1), (0, 2)]
    assert r3.pairs[0] == r2.pairs[0]
    assert r3.scores[:2] == r2.scores and r3.word_accuracy.systems[:2] == r2.word_accuracy.systems
    d = r3.to_dict()
    assert "pairs" in d and "ngrams" not in d and len(d["pairs"]) == 2
    assert "ngrams" in r2.to_dict() and "pairs" not in r2.to_dict()


def test_corpus_utils_reads_lines_as_compare_mt_split_does():
    # the rule behind every number: strip, then split on single spaces
    ref_path, _ = DATASETS["ted-tok"]
    assert corpus_utils.load_tokens(str(ref_path)) == tokens(data("ted-tok")[0])
    assert bleu2.analyses.rules.compare_mt_split("  a  b \n") == ["a", "", "b"]
    assert bleu2.analyses.rules.compare_mt_split("") == [""]
