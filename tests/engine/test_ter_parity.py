"""TER parity with sacreBLEU 2.6.0 (the oracle) on the shared TED, TED detok and multiTED-ja
data: tercom's words under every option on every line, per-line statistics and corpus
scores (``==`` on the floats) on a sample of lines under every option, several references
and a variable number of them.

Speed: sacreBLEU's TER takes several seconds per thousand lines, so its edits are checked
on a sample: under the default options every 25th line and the lines of the 4 longest
references of each file (the longest take sacreBLEU a minute); under each of the 16 option
sets every 150th line (the options only change the words, and the words are checked on
every line)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer
from sacrebleu.utils import sum_of_lists

import bleu2
from bleu2.metrics.ter.normalize import normalize
from shared_data import DATA

PAIRS = {
    "ted-sys1-tok": ("ted/ted.sys1.eng", "ted/ted.sys2.eng", "ted/ted.ref.eng"),
    "ted-sys1-detok": ("ted/ted.sys1.detok.eng", "ted/ted.sys2.detok.eng", "ted/ted.ref.detok.eng"),
    "ja-sys1": ("multited-ja/multited.sys1.jpn", "multited-ja/multited.sys2.jpn", "multited-ja/multited.ref.jpn"),
}
OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")
OPTION_SETS = [dict(zip(OPTION_NAMES, flags)) for flags in itertools.product((False, True), repeat=4)]


def _id(options: dict[str, bool]) -> str:
    return "+".join(k for k, v in options.items() if v) or "default"


def _lines(rel: str) -> list[str]:
    with open(DATA / rel, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


@cache
def corpus(pair: str) -> tuple[list[str], list[str], list[str]]:
    """(sys1, sys2, reference) lines."""
    hyps, other, refs = (_lines(p) for p in PAIRS[pair])
    assert len(hyps) == len(other) == len(refs) > 2000
    return hyps, other, refs


@cache
def sample(pair: str, step: int = 25, longest: int = 4) -> tuple[int, ...]:
    """Every ``step``-th line and the lines of the ``longest`` longest references."""
    refs = corpus(pair)[2]
    long_lines = sorted(range(len(refs)), key=lambda i: -len(refs[i].split()))[:longest]
    return tuple(sorted(set(range(0, len(refs), step)) | set(long_lines)))


def rows_for(flags: tuple[bool, ...], pair: str, n_refs: int = 1) -> tuple[int, ...]:
    if n_refs > 1:
        return sample(pair, 100, 1)
    return sample(pair) if not any(flags) else sample(pair, 150, 0)


def pick(lines: list[str], rows: tuple[int, ...]) -> list[str]:
    return [lines[i] for i in rows]


@cache
def sacre_stats(pair: str, flags: tuple[bool, ...], n_refs: int = 1) -> list[list[float]]:
    hyps, other, refs = corpus(pair)
    rows = rows_for(flags, pair, n_refs)
    streams = [pick(refs, rows), pick(other, rows)][:n_refs]
    return SacreTER(**dict(zip(OPTION_NAMES, flags)))._extract_corpus_statistics(pick(hyps, rows), streams)


def test_shared_data_present():
    for paths in PAIRS.values():
        for rel in paths:
            assert (DATA / rel).is_file(), f"missing shared data under {DATA}"


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("options", OPTION_SETS, ids=_id)
def test_tercom_words_equal_sacrebleus_on_every_line(pair, options):
    tokenizer = TercomTokenizer(**options)
    flags = tuple(options.values())
    for rows in corpus(pair):
        for i, line in enumerate(rows):
            assert normalize(line.rstrip(), *flags) == tokenizer(line.rstrip()), f"line {i + 1}: {line!r}"


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("options", OPTION_SETS, ids=_id)
def test_line_statistics_and_corpus_score_equal_sacrebleus(pair, options):
    flags = tuple(options.values())
    sacre = sacre_stats(pair, flags)
    hyps, _, refs = corpus(pair)
    rows = rows_for(flags, pair)
    ter = bleu2.TER(**options)
    ours = [ter.extract(h, r) for h, r in zip(pick(hyps, rows), pick(refs, rows))]
    for i, (s, st) in zip(rows, zip(ours, sacre)):
        assert [s.num_edits, s.ref_length] == st, f"line {i + 1}"
    expected = SacreTER(**options)._compute_score_from_stats(sum_of_lists(sacre))
    result = ter.corpus_from_stats(ours)
    assert 100 * result.score == expected.score
    assert (result.num_edits, result.ref_length) == (expected.num_edits, expected.ref_length)
    assert bleu2.sum_ter_stats(ours) == tuple(sum_of_lists(sacre))


@pytest.mark.parametrize("pair", PAIRS)
def test_two_references_take_the_fewest_edits_and_the_average_length(pair):
    sacre = sacre_stats(pair, (False,) * 4, 2)
    hyps, other, refs = corpus(pair)
    rows = rows_for((False,) * 4, pair, 2)
    result = bleu2.corpus_ter(pick(hyps, rows), list(zip(pick(refs, rows), pick(other, rows))))
    assert [list(s) for s in result.sentence_stats] == sacre
    expected = SacreTER()._compute_score_from_stats(sum_of_lists(sacre))
    assert 100 * result.score == expected.score
    assert result.signature.startswith("nrefs:2|")


def test_a_variable_number_of_references_is_var_in_the_signature():
    hyps, other, refs = corpus("ted-sys1-detok")
    hyps, other, refs = hyps[:40], other[:40], refs[:40]
    second = [o if i % 3 else None for i, o in enumerate(other)]
    metric = SacreTER()
    expected = metric.corpus_score(hyps, [refs, second])
    result = bleu2.TER().corpus_score(hyps, [refs, second])
    assert 100 * result.score == expected.score
    assert result.ref_length == expected.ref_length
    theirs = metric.get_signature().format().replace("version:2.6.0", f"version:bleu2-{bleu2.__version__}")
    assert result.signature == theirs == bleu2.TER().signature("var")  # with bleu2's version: its number


@pytest.mark.parametrize("pair", ["ted-sys1-detok", "ja-sys1"])
def test_the_public_corpus_calls_equal_sacrebleus_corpus_ter(pair):
    hyps, _, refs = corpus(pair)
    rows = sample(pair)[:40]
    h, r = pick(hyps, rows), pick(refs, rows)
    expected = sacre_corpus(tuple(h), tuple(r))
    for result in (
        bleu2.corpus_ter(h, r),
        bleu2.corpus_ter(h, [r], layout="streams"),
        bleu2.TER().corpus_score(h, [r]),
    ):
        assert 100 * result.score == expected.score
        assert result.num_edits == expected.num_edits
        assert result.format() == expected.format()
        assert str(result) == str(expected)


@cache
def sacre_corpus(hyps: tuple[str, ...], refs: tuple[str, ...]):
    import sacrebleu

    return sacrebleu.corpus_ter(list(hyps), [list(refs)])


@pytest.mark.parametrize("pair", ["ted-sys1-tok", "ja-sys1"])
def test_sentence_scores_equal_sacrebleus_sentence_ter(pair):
    import sacrebleu

    hyps, _, refs = corpus(pair)
    for i in sample(pair)[:30]:
        expected = sacrebleu.sentence_ter(hyps[i], [refs[i]])
        result = bleu2.sentence_ter(hyps[i], refs[i])
        assert 100 * result.score == expected.score, f"line {i + 1}"
        assert (result.num_edits, result.ref_length) == (expected.num_edits, expected.ref_length)
