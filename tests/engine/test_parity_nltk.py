"""Parity with NLTK 3.10.4's ``nltk.translate.bleu_score`` (the oracle) for its smoothing
methods ``method0``..``method7`` (Chen & Cherry 2014).

Tokens come from bleu2's tokenizers and are passed to NLTK as token lists, so only
counting and scoring are compared. Sentence level: ``sentence_bleu`` with each of
method0..method7, max_order 1..4 (uniform weights), the first 300 lines of each file.
Corpus level: ``corpus_bleu`` with method0..method4 on all lines.
"""

from __future__ import annotations

import math
import warnings
from functools import cache

import pytest
from nltk.translate import bleu_score as nltk_bleu

import bleu2
from bleu2.metrics.bleu.options import BleuConfig
from bleu2.metrics.bleu.scoring import score_from_stats
from bleu2.metrics.bleu.stats import SentenceStats, pool_stats, reference_stats, sentence_stats
from shared_data import DATA

pytestmark = pytest.mark.filterwarnings("ignore")  # NLTK warns about zero counts

# name -> (system file, reference file, bleu2 tokenizer)
FILES = {
    "ted-sys1-detok-13a": ("ted/ted.sys1.detok.eng", "ted/ted.ref.detok.eng", "13a"),
    "ted-sys2-detok-intl": ("ted/ted.sys2.detok.eng", "ted/ted.ref.detok.eng", "intl"),
    "ted-sys1-tok-none": ("ted/ted.sys1.eng", "ted/ted.ref.eng", "none"),
    "ted-sys2-tok-default": ("ted/ted.sys2.eng", "ted/ted.ref.eng", "default"),
    "ja-sys1-none": ("multited-ja/multited.sys1.jpn", "multited-ja/multited.ref.jpn", "none"),
    "ja-sys2-char": ("multited-ja/multited.sys2.jpn", "multited-ja/multited.ref.jpn", "char"),
}
SENTENCES = 300
TOL = 1e-9
SMOOTH = nltk_bleu.SmoothingFunction()


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def data(name: str):
    """(candidate lines, reference lines, candidate tokens, reference tokens) of a file pair."""
    hyp, ref, tok = FILES[name]
    hyps, refs = _lines(hyp), _lines(ref)
    return hyps, refs, [bleu2.tokenize(h, tok) for h in hyps], [bleu2.tokenize(r, tok) for r in refs]


@cache
def stats5(name: str) -> tuple[SentenceStats, ...]:
    """bleu2's per-sentence statistics at max_order 4, counted to order 5 (method5/7)."""
    _, _, hs, rs = data(name)
    return tuple(sentence_stats(h, reference_stats([r], 5), 4) for h, r in zip(hs, rs))


def at_order(s: SentenceStats, n: int) -> SentenceStats:
    """The statistics at max_order n (n <= 4), keeping the higher orders as extra orders."""
    m = s.matches + s.extra_matches
    t = s.totals + s.extra_totals
    return SentenceStats(m[:n], t[:n], s.hyp_len, s.ref_len, (), m[n:], t[n:])


def nltk_sentence(refs_tokens, hyp_tokens, weights, method):
    """NLTK's sentence_bleu, or None where it raises (method6 needs N >= 3 and trigram matches)."""
    try:
        return nltk_bleu.sentence_bleu(
            [refs_tokens], hyp_tokens, weights=weights, smoothing_function=getattr(SMOOTH, method)
        )
    except (AssertionError, IndexError):
        return None


def test_shared_data_present():
    for hyp, ref, _ in FILES.values():
        assert (DATA / hyp).is_file() and (DATA / ref).is_file(), f"missing shared data under {DATA}"


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("method", [f"method{i}" for i in range(8)])
def test_sentence_bleu(name, method):
    hyps, refs, hs, rs = data(name)
    tok = FILES[name][2]
    refused = 0
    for n in (1, 2, 3, 4):
        weights = (1.0 / n,) * n
        config = BleuConfig.make(max_order=n, smoothing=method, tokenizer=tok)
        for i in range(SENTENCES):
            expected = nltk_sentence(rs[i], hs[i], weights, method)
            if n == 4 and i % 3 == 0:  # the public entry point, on every third line
                got = bleu2.sentence_bleu(hyps[i], refs[i], max_order=n, smoothing=method, tokenizer=tok).score
            else:
                got = score_from_stats(at_order(stats5(name)[i], n), config).score
            if expected is None:
                refused += 1
                assert method == "method6" and 0.0 <= got <= 1.0
                continue
            assert abs(got - expected) <= TOL, (n, i + 1, got, expected)
    if method == "method6":
        assert refused < 4 * SENTENCES  # most lines are comparable


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("method", [f"method{i}" for i in range(5)])
def test_corpus_bleu(name, method):
    """NLTK corpus_bleu on all lines. NLTK scores a list of weight tuples from one pass over
    the corpus; for method0..method4 that equals one call per tuple (their smoothing reads
    no weights and smooths order n before order n+1, and the score zips weights with the
    first N precisions)."""
    _, _, hs, rs = data(name)
    all_weights = [(1.0,), (0.5, 0.5), (1 / 3,) * 3, (0.25,) * 4]
    expected = nltk_bleu.corpus_bleu(
        [[r] for r in rs], hs, weights=all_weights, smoothing_function=getattr(SMOOTH, method)
    )
    for n, exp in zip((1, 2, 3, 4), expected):
        pooled = pool_stats([at_order(s, n) for s in stats5(name)], n)
        got = score_from_stats(pooled, BleuConfig.make(max_order=n, smoothing=method)).score
        assert abs(got - exp) <= TOL, (n, got, exp)


@pytest.mark.parametrize("method", [f"method{i}" for i in range(5)])
def test_corpus_bleu_api_single_weights(method):
    """bleu2.corpus_bleu end to end against one NLTK call with a single weight tuple."""
    hyps, refs, hs, rs = data("ted-sys1-detok-13a")
    expected = nltk_bleu.corpus_bleu(
        [[r] for r in rs], hs, weights=(0.25,) * 4, smoothing_function=getattr(SMOOTH, method)
    )
    got = bleu2.corpus_bleu(hyps, refs, max_order=4, smoothing=method, tokenizer="13a", sentence_scores=False)
    assert abs(got.score - expected) <= TOL


@pytest.mark.parametrize("weights", [(0.1, 0.2, 0.3, 0.4), (0.5, 0.3, 0.2), (0.7, 0.3)])
@pytest.mark.parametrize("method", ["method0", "method1", "method3", "method4", "method5", "method7"])
def test_custom_weights(weights, method):
    hyps, refs, hs, rs = data("ted-sys2-detok-intl")
    n = len(weights)
    config = BleuConfig.make(max_order=n, weights=weights, smoothing=method)
    for i in range(100):
        expected = nltk_sentence(rs[i], hs[i], weights, method)
        got = score_from_stats(at_order(stats5("ted-sys2-detok-intl")[i], n), config).score
        assert abs(got - expected) <= TOL, (i + 1, got, expected)
    if method in ("method0", "method1", "method3", "method4"):
        expected = nltk_bleu.corpus_bleu(
            [[r] for r in rs], hs, weights=weights, smoothing_function=getattr(SMOOTH, method)
        )
        got = bleu2.corpus_bleu(
            hyps, refs, max_order=n, weights=weights, smoothing=method, tokenizer="intl", sentence_scores=False
        )
        assert abs(got.score - expected) <= TOL


# Edge cases where NLTK's rules differ from sacreBLEU's, compared against NLTK directly.
EDGE = [
    ("a", "a b c"),  # c = 1: method4 leaves zero orders alone; they are left out of the sum
    ("a b", "a b"),  # orders beyond c: NLTK's denominator is max(1, 0) = 1
    ("b a", "a b"),
    ("a b c", "a b c d e f g"),
    ("x y z", "a b c"),  # no unigram match: 0
    ("", "a b"),  # empty candidate
    ("a b c d e f", "a b c d e f"),
    ("a a a a a a a", "a a a"),
    ("a b c d", "a b x c d e"),
]


@pytest.mark.parametrize("hyp,ref", EDGE)
@pytest.mark.parametrize("method", [f"method{i}" for i in range(8)])
def test_edge_sentences(hyp, ref, method):
    h, r = hyp.split(), ref.split()
    for n in (1, 2, 3, 4, 5, 6):
        expected = nltk_sentence(r, h, (1.0 / n,) * n, method)
        got = bleu2.sentence_bleu(hyp, ref, max_order=n, smoothing=method, tokenizer="none").score
        if expected is None:
            assert method == "method6" and 0.0 <= got <= 1.0
            continue
        assert abs(got - expected) <= TOL, (n, got, expected)
        assert not math.isnan(got)


def test_multi_reference_sentences():
    """Several references: clipping by the maximum count, closest length (NLTK's rules)."""
    _, _, hs1, rs = data("ted-sys1-tok-none")
    _, _, hs2, _ = data("ted-sys1-detok-13a")
    for i in range(150):
        references = [rs[i], hs2[i]]
        for method in ("method0", "method1", "method2", "method3", "method4", "method5", "method7"):
            expected = nltk_bleu.sentence_bleu(references, hs1[i], smoothing_function=getattr(SMOOTH, method))
            got = bleu2.sentence_bleu(
                " ".join(hs1[i]), [" ".join(x) for x in references], max_order=4, smoothing=method, tokenizer="none"
            ).score
            assert abs(got - expected) <= TOL, (i + 1, method, got, expected)


def test_nltk_docstring_example():
    # NLTK's sentence_bleu docstring example: 0.5045... (method0, BLEU-4)
    hypothesis1 = [
        "It",
        "is",
        "a",
        "guide",
        "to",
        "action",
        "which",
        "ensures",
        "that",
        "the",
        "military",
        "always",
        "obeys",
        "the",
        "commands",
        "of",
        "the",
        "party",
    ]
    reference1 = [
        "It",
        "is",
        "a",
        "guide",
        "to",
        "action",
        "that",
        "ensures",
        "that",
        "the",
        "military",
        "will",
        "forever",
        "heed",
        "Party",
        "commands",
    ]
    reference2 = [
        "It",
        "is",
        "the",
        "guiding",
        "principle",
        "which",
        "guarantees",
        "the",
        "military",
        "forces",
        "always",
        "being",
        "under",
        "the",
        "command",
        "of",
        "the",
        "Party",
    ]
    reference3 = [
        "It",
        "is",
        "the",
        "practical",
        "guide",
        "for",
        "the",
        "army",
        "always",
        "to",
        "heed",
        "the",
        "directions",
        "of",
        "the",
        "party",
    ]
    got = bleu2.sentence_bleu(
        " ".join(hypothesis1),
        [" ".join(r) for r in (reference1, reference2, reference3)],
        max_order=4,
        smoothing="method0",
        tokenizer="none",
    )
    assert f"{got.score:.4f}" == "0.5046"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert got.score == pytest.approx(
            nltk_bleu.sentence_bleu([reference1, reference2, reference3], hypothesis1), abs=TOL
        )


def test_corpus_method6_reads_the_last_sentence_in_nltk_pooled_in_bleu2():
    """NLTK's corpus method6 uses the n-gram counts of the last sentence only, so a perfect
    corpus scores above 1 there; bleu2 pools."""
    from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu

    sents = ["the cat sat on the mat", "a dog ran in the park today"]
    toks = [s.split() for s in sents]
    nltk_score = corpus_bleu([[t] for t in toks], toks, smoothing_function=SmoothingFunction().method6)
    assert round(nltk_score, 4) == 1.2714
    got = bleu2.corpus_bleu(sents, sents, max_order=4, smoothing="method6", tokenizer="none")
    assert got.score == pytest.approx(1.0)
