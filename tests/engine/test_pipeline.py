"""The corpus pipeline (bleu2.corpus.pipeline), the step driver (bleu2.common.steps), iterables in the
library, compact per-line columns and the default numbers of resamples.

Oracles: sacreBLEU 2.6.0 (scores, its command line's defaults) and NLTK's corpus_bleu
for an NLTK smoothing method; elsewhere "the same numbers, bit for bit" as one pass over
lists, which is what streaming promises.
"""

from __future__ import annotations

import pickle
import sys

import pytest
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu
from sacrebleu.metrics import BLEU as SacreBLEU

import bleu2
from bleu2.common.steps import Progress, drive, finish
from bleu2.corpus import significance as S
from bleu2.corpus.pipeline import CHUNK_LINES, Keep, chunks_of, corpus_steps, pair_chunks
from bleu2.metrics.bleu.options import SACREBLEU_OPTIONS, BleuConfig
from shared_data import TED


def lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").split("\n")[:-1]


REF, SYS1, SYS2 = lines("ted.ref.detok.eng"), lines("ted.sys1.detok.eng"), lines("ted.sys2.detok.eng")


# --------------------------------------------------------------------------- the driver


def counting(n, log):
    try:
        for i in range(n):
            yield Progress("scoring", i + 1, n)
        return "result"
    finally:
        log.append("closed")


def test_drive_runs_to_the_end_or_one_step_per_zero_budget():
    log = []
    assert drive(counting(3, log)) == (True, "result")
    steps = counting(3, log)
    seen = []
    while not (out := drive(steps, budget=0))[0]:
        seen.append(out[1].done)
    assert seen == [1, 2, 3] and out == (True, "result")
    assert finish(counting(2, log), seen.append) == "result"


def test_drive_closes_the_work_when_the_report_raises():
    log = []

    def cancel(p):
        if p.done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        drive(counting(5, log), cancel)
    assert log == ["closed"]  # its finally ran (a worker pool is shut down there)


def test_progress_share():
    assert Progress("scoring", 5, 10).share() == 0.5
    assert Progress("scoring", 0, 0).share() == 1.0
    assert Progress("scoring", 5, None, 0.25).share() == 0.25
    assert Progress("scoring", 5).share() is None


# --------------------------------------------------------------------------- bit for bit

OPTION_SETS = [
    {},
    dict(SACREBLEU_OPTIONS),
    {"max_order": 4, "smoothing": "method5"},  # NLTK: extra orders and empty-segment counts
    {"max_order": 3, "smoothing": "method3", "tokenizer": "intl"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("size", [1, 7, 1000])
def test_chunks_of_any_size_give_the_one_pass_numbers(options, size):
    n = 300
    refs, systems = [REF[:n], SYS2[:n]], [SYS1[:n], SYS2[:n]]  # two references per line
    bleu = bleu2.BLEU(**options)
    out = finish(corpus_steps(bleu, chunks_of(refs, systems, size), 2, keep=Keep(stats=True, scores=True)))
    per_line = bleu2.references_from_streams(refs)
    for k, system in enumerate(systems):
        whole = bleu2.corpus_bleu(system, per_line, **options)
        assert out.systems[k].corpus == whole.corpus
        assert out.systems[k].sentence_stats == whole.sentence_stats
        assert out.systems[k].sentence_scores == whole.sentence_scores
    assert out.lines == n and out.n_refs == 2 and out.signature == bleu.signature(2)


@pytest.mark.parametrize("method", ["method1", "method4"])
def test_nltk_method_streamed_equals_nltk(method):
    """NLTK's denominators count segments without n-grams: chunk sums must keep them."""
    short = [h if i % 5 else "Yes." for i, h in enumerate(SYS1[:3000])]  # lines without 4-grams
    got = bleu2.corpus_bleu(iter(short), iter(REF[:3000]), max_order=4, smoothing=method, tokenizer="13a")
    hyps = [bleu2.tokenize(h, "13a") for h in short]
    refs = [[bleu2.tokenize(r, "13a")] for r in REF[:3000]]
    expected = nltk_corpus_bleu(refs, hyps, smoothing_function=getattr(SmoothingFunction(), method))
    assert got.score == pytest.approx(expected, abs=1e-12)


# --------------------------------------------------------------------------- iterables


def test_generators_give_sacrebleus_score_without_keeping_the_lines():
    got = bleu2.corpus_bleu((h for h in SYS1), (r for r in REF), **SACREBLEU_OPTIONS)
    oracle = SacreBLEU().corpus_score(SYS1, [REF])
    assert got.score == pytest.approx(oracle.score / 100, abs=1e-12)
    assert [p.matches for p in got.precisions] == oracle.counts
    assert got.sentence_stats == () and got.sentence_scores == ()
    assert got.corpus == bleu2.corpus_bleu(SYS1, REF, **SACREBLEU_OPTIONS).corpus  # bit for bit
    kept = bleu2.BLEU().corpus_score(iter(SYS1), [iter(REF)], sentence_stats=True)  # sacreBLEU's streams
    assert kept.sentence_stats == bleu2.corpus_bleu(SYS1, REF).sentence_stats
    assert len(kept.sentence_scores) == len(SYS1)
    assert bleu2.corpus_bleu(SYS1, REF, sentence_stats=False).sentence_stats == ()


def test_generators_are_read_in_step():
    """Neither input runs ahead of the other by more than a chunk: nothing is listed."""
    read = {"cand": 0, "ref": 0}
    ahead = []

    def counted(items, key):
        for x in items:
            read[key] += 1
            ahead.append(abs(read["cand"] - read["ref"]))
            yield x

    many_c, many_r = SYS1 * 3, REF * 3
    bleu2.corpus_bleu(counted(many_c, "cand"), counted(many_r, "ref"))
    assert read == {"cand": len(many_c), "ref": len(many_r)}
    assert max(ahead) <= CHUNK_LINES


def test_iterables_of_different_lengths_are_named_when_one_ends():
    with pytest.raises(ValueError, match=r"got 2445 candidate\(s\) and 2444 references entries"):
        bleu2.corpus_bleu(iter(SYS1), iter(REF[:-1]))
    with pytest.raises(ValueError, match=r"got 10 candidate\(s\) and 2445 references entries"):
        bleu2.corpus_bleu(iter(SYS1[:10]), iter(REF))
    with pytest.raises(TypeError, match=r"candidates\[3\] must be a str, not int"):
        bleu2.corpus_bleu(iter(["a", "b", "c", 4]), iter(["a"] * 4))
    with pytest.raises(TypeError, match="pairs"):
        list(pair_chunks([("a", "b"), "ab"]))


# --------------------------------------------------------------------------- significance


def test_significance_on_compact_columns_equals_on_sentence_stats():
    cfg = BleuConfig.make(**SACREBLEU_OPTIONS)
    stats = [bleu2.corpus_bleu(h[:500], REF[:500], **SACREBLEU_OPTIONS).sentence_stats for h in (SYS1, SYS2)]
    columns = [S.LineColumns.of(st, cfg, k) for k, st in enumerate(stats)]
    assert len(columns[0]) == 500 and columns[0].width == 2 + 2 * 4
    assert pickle.loads(pickle.dumps(columns[0])).data == columns[0].data
    for test in S.TESTS:
        assert finish(S.steps(test, columns, cfg, 60)) == finish(S.steps(test, stats, cfg, 60))


def test_a_streamed_test_equals_the_test_on_kept_lines():
    bleu = bleu2.BLEU(**SACREBLEU_OPTIONS)

    def chunks():
        return chunks_of([REF[:600]], [SYS1[:600], SYS2[:600]], 64)

    streamed = finish(corpus_steps(bleu, chunks(), 2, test="paired-bs", n=80))
    kept = finish(corpus_steps(bleu, chunks(), 2, keep=Keep(stats=True), test="paired-bs", n=80))
    assert streamed.significance == kept.significance and streamed.signature == kept.signature
    assert "|bs:80|seed:12345|" in streamed.signature


def test_default_resamples_are_sacrebleus_and_shared(monkeypatch):
    from sacrebleu.sacrebleu import parse_args

    from bleu2 import cli
    from bleu2.page.corpus.session import TEST_RESAMPLES

    monkeypatch.setattr(sys, "argv", ["sacrebleu", "ref.txt"])
    theirs = parse_args()
    expected = {"confidence": theirs.confidence_n, "paired-bs": theirs.paired_bs_n, "paired-ar": theirs.paired_ar_n}
    assert dict(S.DEFAULT_RESAMPLES) == expected
    ours = cli.build_parser().parse_args(["-r", "ref.txt"])
    assert (ours.confidence_n, ours.paired_bs_n, ours.paired_ar_n) == tuple(expected.values())
    assert {k: v for k, v in TEST_RESAMPLES.items() if k != "none"} == expected
