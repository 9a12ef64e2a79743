"""chrF and chrF++ against sacreBLEU 2.6.0 (the oracle): its published test cases, and every
option on TED tokenized, TED detokenized and multiTED-ja, with one and several references.

Scores are compared with ``==``: bleu2's ``percent`` is sacreBLEU's float bit for bit, and
``score`` is that float / 100. Per-line statistics equal sacreBLEU's
``CHRF._extract_corpus_statistics``; each sentence score equals what sacreBLEU's
``sentence_score`` computes from that line's statistics (``_compute_score_from_stats``),
and direct ``sentence_score`` calls are checked on a sample of lines.
"""

from __future__ import annotations

from functools import cache

import pytest
import sacrebleu
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.utils import sum_of_lists

import bleu2
from shared_data import DATA

# ---------------------------------------------------------------- sacreBLEU's own cases
# (sacreBLEU 2.6.0's test/test_chrf.py: hypotheses, references, its recorded score, to 1e-4)

SENTENCE_CASES = [
    (
        "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
        ["Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře."],
        39.14078509,
    ),
    (
        "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
        ["A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři."],
        31.22557079,
    ),
    (
        "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
        ["Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli."],
        57.15704367,
    ),
]

EPS_CASES = [
    (["abcdefg"], ["hijklmnop"], 0.0),
    (["a"], ["b"], 0.0),
    ([""], ["b"], 0.0),
    ([""], ["ref"], 0.0),
    ([""], ["reference"], 0.0),
    (["aa"], ["ab"], 8.3333),
    (["a", "b"], ["a", "c"], 8.3333),
    (["a"], ["a"], 16.6667),
    (["a b c"], ["a b c"], 50.0),
    (["a b c"], ["abc"], 50.0),
    (
        [
            " risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."
        ],
        [
            "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."
        ],
        63.361730,
    ),
    (
        [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        64.1302698,
    ),
    (["Niemand hat die Absicht, eine Mauer zu errichten"], ["Niemand hat die Absicht, eine Mauer zu errichten"], 100.0),
]

EFFECTIVE_ORDER_CASES = [
    (["a"], ["a"], 100.0),
    ([""], ["reference"], 0.0),
    (["a b c"], ["a b c"], 100.0),
    (["a b c"], ["abc"], 100.0),
    ([""], ["c"], 0.0),
    (["a", "b"], ["a", "c"], 50.0),
    (["aa"], ["ab"], 25.0),
]

WHITESPACE_CASES = [
    (
        ["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        67.3481606,
    ),
    (
        [
            "risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."
        ],
        [
            "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."
        ],
        65.2414427,
    ),
]


def _check_corpus(hyps: list[str], refs: list[str], expected: float, **options: object) -> None:
    got = bleu2.corpus_chrf(hyps, refs, **options)
    oracle = SacreCHRF(**options).corpus_score(hyps, [refs])  # type: ignore[arg-type]
    assert got.percent == oracle.score
    assert got.score == oracle.score / 100
    assert abs(got.percent - expected) < 1e-4


@pytest.mark.parametrize(("hyps", "refs", "expected"), EPS_CASES)
def test_sacrebleu_cases_with_eps_smoothing(hyps: list[str], refs: list[str], expected: float) -> None:
    _check_corpus(hyps, refs, expected, char_order=6, word_order=0, beta=3, eps_smoothing=True)


@pytest.mark.parametrize(("hyps", "refs", "expected"), EFFECTIVE_ORDER_CASES)
def test_sacrebleu_cases_with_effective_order(hyps: list[str], refs: list[str], expected: float) -> None:
    _check_corpus(hyps, refs, expected, char_order=6, word_order=0, beta=3, eps_smoothing=False)


@pytest.mark.parametrize(("hyps", "refs", "expected"), WHITESPACE_CASES)
def test_sacrebleu_cases_keeping_whitespace(hyps: list[str], refs: list[str], expected: float) -> None:
    _check_corpus(hyps, refs, expected, char_order=6, word_order=0, beta=3, whitespace=True)


@pytest.mark.parametrize(("hyp", "refs", "expected"), SENTENCE_CASES)
def test_sacrebleu_sentence_cases(hyp: str, refs: list[str], expected: float) -> None:
    got = bleu2.sentence_chrf(hyp, refs, eps_smoothing=True)
    assert got.percent == sacrebleu.sentence_chrf(hyp, refs, eps_smoothing=True).score
    assert abs(got.percent - expected) < 1e-4


# ---------------------------------------------------------------- the shared corpora

PAIRS = {
    "ted-tok": ("ted/ted.sys1.eng", "ted/ted.ref.eng", "ted/ted.sys2.eng"),
    "ted-detok": ("ted/ted.sys1.detok.eng", "ted/ted.ref.detok.eng", "ted/ted.sys2.detok.eng"),
    "multited-ja": ("multited-ja/multited.sys1.jpn", "multited-ja/multited.ref.jpn", "multited-ja/multited.sys2.jpn"),
}

#: Every option away from its default, alone and together (chrF++ with each).
OPTIONS = [
    {},
    {"word_order": 2},
    {"char_order": 4, "word_order": 3},
    {"char_order": 1},
    {"char_order": 0, "word_order": 2},
    {"beta": 1},
    {"beta": 3, "word_order": 2},
    {"lowercase": True},
    {"whitespace": True, "word_order": 2},
    {"eps_smoothing": True},
    {"eps_smoothing": True, "word_order": 2, "lowercase": True, "whitespace": True, "beta": 0},
]


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def corpus(pair: str) -> tuple[list[str], list[str], list[str]]:
    hyp, ref, other = (_lines(p) for p in PAIRS[pair])
    assert len(hyp) == len(ref) == len(other) > 1000
    return hyp, ref, other


def _key(options: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


@pytest.mark.parametrize("options", OPTIONS, ids=_key)
@pytest.mark.parametrize("pair", list(PAIRS))
def test_corpus_and_sentences_equal_sacrebleu(pair: str, options: dict[str, object]) -> None:
    """sacreBLEU's corpus_score is _extract_corpus_statistics, sum_of_lists and
    _compute_score_from_stats: its steps are called once here (it is slow), and
    corpus_score itself with the defaults and chrF++."""
    hyps, refs, _ = corpus(pair)
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    expected_stats = oracle._extract_corpus_statistics(hyps, [refs])
    expected = oracle._compute_score_from_stats(sum_of_lists(expected_stats))
    got = bleu2.corpus_chrf(hyps, refs, **options)
    assert [list(s) for s in got.sentence_stats] == expected_stats
    assert got.percent == expected.score
    assert got.score == expected.score / 100
    assert got.signature == oracle.get_signature().format().replace("2.6.0", f"bleu2-{bleu2.__version__}")
    assert got.format() == str(expected)
    if options in ({}, {"word_order": 2}):
        assert got.percent == oracle.corpus_score(hyps, [refs]).score
    expected_sentences = [oracle._compute_score_from_stats(s).score / 100 for s in expected_stats]
    assert list(got.sentence_scores) == expected_sentences
    for i in range(0, len(hyps), 97):  # sentence_score itself, on a sample
        assert (
            bleu2.sentence_chrf(hyps[i], refs[i], **options).percent == oracle.sentence_score(hyps[i], [refs[i]]).score
        )


@pytest.mark.parametrize(
    ("pair", "options"),
    [("ted-detok", {}), ("ted-tok", {"word_order": 2}), ("multited-ja", {"eps_smoothing": True, "beta": 1})],
    ids=["ted-detok-defaults", "ted-tok-chrF++", "multited-ja-eps-beta1"],
)
def test_several_references_choose_as_sacrebleu(pair: str, options: dict[str, object]) -> None:
    """sys2 as a second reference of sys1 (and the reference as the hypothesis' second):
    each line takes the reference sacreBLEU takes; every 5th line misses its second one."""
    hyps, refs, other = corpus(pair)
    second: list[str | None] = [None if i % 5 == 0 else o for i, o in enumerate(other)]
    oracle = SacreCHRF(**options)  # type: ignore[arg-type]
    for streams in ([other, refs], [refs, second]):
        expected_stats = oracle._extract_corpus_statistics(hyps, streams)
        expected = oracle._compute_score_from_stats(sum_of_lists(expected_stats))
        got = bleu2.CHRF(**options).corpus_score(hyps, streams)
        assert got.percent == expected.score
        assert [list(s) for s in got.sentence_stats] == expected_stats
        assert got.signature == oracle.get_signature().format().replace("2.6.0", f"bleu2-{bleu2.__version__}")
    per_line = bleu2.corpus_chrf(hyps, [list(r) for r in zip(*streams)], **options)
    assert per_line.percent == expected.score
    for i in range(0, len(hyps), 211):
        pair_refs = [refs[i], other[i]]
        assert (
            bleu2.sentence_chrf(hyps[i], pair_refs, **options).percent
            == oracle.sentence_score(hyps[i], pair_refs).score
        )


def test_the_signature_says_var_when_the_number_of_references_varies() -> None:
    hyps, refs, other = corpus("ted-detok")
    second = [None if i % 5 == 0 else o for i, o in enumerate(other)]
    got = bleu2.CHRF(word_order=2).corpus_score(hyps, [refs, second])
    oracle = SacreCHRF(word_order=2)
    oracle.corpus_score(hyps, [refs, second])
    assert oracle.get_signature().format() == "nrefs:var|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0"
    assert got.signature == "nrefs:var|case:mixed|eff:yes|nc:6|nw:2|space:no|version:bleu2-0.1.0"  # bleu2's number
