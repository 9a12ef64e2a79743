"""TER with tercom's normalization against sacreBLEU 2.6.0 (the oracle, run here) on the shared
TED and multiTED-ja data. sacreBLEU normalizes each reference twice (once when it caches the
references, once more when it splits them into words) and each hypothesis once; the second
pass changes some references (a possessive before punctuation: ``the cat's.`` becomes
``the cat's .``, then ``the cat 's .``). bleu2's TER (library, ``bleu2 --metric ter``,
``bleu2 sacrebleu``, ``bleu2.compat.sacrebleu``) gives sacreBLEU's words and numbers: on every
line's words, on the lines the second pass changes (corpus and sentence level, every option
set with ``normalized``), and on the whole of TED."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import sacrebleu as sacrebleu_peer
from sacrebleu.metrics import TER as SacreTER

import bleu2
from bleu2 import cli
from bleu2.compat.sacrebleu.metrics import TER as CompatTER
from shared_data import MULTITED_JA, TED

SACREBLEU = str(Path(sys.executable).parent / "sacrebleu")
OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")
#: option sets with ``normalized`` (the only option whose second pass changes words): alone,
#: with each other option, with all of them
NORMALIZED = [
    dict(zip(OPTION_NAMES, (True, *flags)))
    for flags in ((False, False, False), (True, False, False), (False, True, False), (True, True, True))
]
FILES = {
    "ted-ref": TED / "ted.ref.detok.eng",
    "ted-sys1": TED / "ted.sys1.detok.eng",
    "ted-ref-tok": TED / "ted.ref.eng",
    "ja-ref": MULTITED_JA / "multited.ref.jpn",
}


def _id(options: dict[str, bool]) -> str:
    return "+".join(k for k, v in options.items() if v)


@cache
def lines(name: str) -> list[str]:
    return FILES[name].read_text(encoding="utf-8").split("\n")[:-1]


@cache
def changed_rows(name: str) -> tuple[int, ...]:
    """The lines of ``name`` whose words sacreBLEU's second pass changes (normalized)."""
    tok = SacreTER(normalized=True).tokenizer
    return tuple(i for i, line in enumerate(lines(name)) if tok(line.rstrip()) != tok(tok(line.rstrip())))


def test_the_second_pass_changes_lines_of_ted():
    assert changed_rows("ted-ref") == (303, 2267)
    assert len(changed_rows("ted-sys1")) == 22
    assert "'s." in lines("ted-ref")[303] or "'s," in lines("ted-ref")[303]


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("options", NORMALIZED, ids=_id)
def test_words_are_sacrebleus_on_every_line(name, options):
    text = lines(name)
    theirs, ours = SacreTER(**options), bleu2.TER(**options)
    cached = theirs._cache_references([text])  # sacreBLEU's own path for references
    assert [list(ours.reference_words(line)) for line in text] == [c["ref_words"][0] for c in cached]
    assert [list(ours.words(line)) for line in text] == [theirs._preprocess_segment(line).split() for line in text]


def rows_and_texts() -> tuple[list[str], list[str], list[str]]:
    """(hypotheses, first references, second references) on the lines whose references the
    second pass changes: TED's reference lines, and system 1's lines used as references."""
    rows = sorted(set(changed_rows("ted-ref")) | set(changed_rows("ted-sys1")))
    hyps = (TED / "ted.sys2.detok.eng").read_text(encoding="utf-8").split("\n")
    ref, other = lines("ted-ref"), lines("ted-sys1")
    return [hyps[i] for i in rows], [ref[i] for i in rows], [other[i] for i in rows]


@pytest.mark.parametrize("options", NORMALIZED, ids=_id)
def test_statistics_of_the_changed_lines_are_sacrebleus(options):
    hyps, ref, other = rows_and_texts()
    theirs = SacreTER(**options)._extract_corpus_statistics(hyps, [ref, other])
    ours, _ = bleu2.TER(**options).corpus_stats(hyps, [ref, other], layout="streams")
    assert [list(s) for s in ours] == theirs
    got = bleu2.corpus_ter(hyps, list(zip(ref, other)), **options)
    expected = sacrebleu_peer.corpus_ter(hyps, [ref, other], **options)
    assert (got.num_edits, got.ref_length) == (expected.num_edits, expected.ref_length)
    assert got.score * 100 == pytest.approx(expected.score, abs=1e-9)
    for hyp, r in zip(hyps, other):
        got, expected = bleu2.sentence_ter(hyp, [r], **options), sacrebleu_peer.sentence_ter(hyp, [r], **options)
        assert (got.num_edits, got.ref_length) == (expected.num_edits, expected.ref_length)


@pytest.mark.parametrize("options", [NORMALIZED[0], NORMALIZED[-1]], ids=_id)
def test_compat_ter_is_sacrebleus_on_the_changed_lines(options):
    hyps, ref, other = rows_and_texts()
    got, expected = (
        CompatTER(**options).corpus_score(hyps, [ref, other]),
        SacreTER(**options).corpus_score(hyps, [ref, other]),
    )
    assert (got.score, got.num_edits, got.ref_length, str(got)) == (
        expected.score,
        expected.num_edits,
        expected.ref_length,
        str(expected),
    )
    cached, peer = CompatTER(references=[other], **options), SacreTER(references=[other], **options)
    assert cached.corpus_score(hyps, None).score == peer.corpus_score(hyps, None).score
    for hyp, r in zip(hyps, ref):
        got, expected = CompatTER(**options).sentence_score(hyp, [r]), SacreTER(**options).sentence_score(hyp, [r])
        assert (got.score, got.num_edits, got.ref_length) == (expected.score, expected.num_edits, expected.ref_length)


def test_the_cats_example():
    assert sacrebleu_peer.sentence_ter("the cat's.", ["the cat's."], normalized=True).score == 50.0
    got = bleu2.sentence_ter("the cat's.", ["the cat's."], normalized=True)
    assert (got.score, got.num_edits, got.ref_length) == (0.5, 2, 4.0)
    assert bleu2.sentence_ter("the cat's.", ["the cat's."]).score == 0.0


def _sacrebleu_command(args: list[str], cwd: Path) -> str:
    return subprocess.run([SACREBLEU, *args], cwd=cwd, capture_output=True, check=True, encoding="utf-8").stdout


def _bleu2(argv: list[str], cwd: Path, capsys, monkeypatch) -> str:
    monkeypatch.chdir(cwd)
    assert cli.main(argv) == 0
    return capsys.readouterr().out  # byte for byte, sacreBLEU's version:2.6.0 included


@pytest.mark.parametrize(
    "flags",
    [
        "--ter-normalized -f text",
        "--ter-normalized --ter-no-punct -sl",
        "--ter-normalized --ter-asian-support -f text",
        "--ter-normalized --ter-no-punct --ter-asian-support --ter-case-sensitive -sl -f text",
    ],
)
def test_bleu2_sacrebleu_prints_sacrebleus_lines(flags, tmp_path, capsys, monkeypatch):
    hyps, ref, other = rows_and_texts()
    files = {"p.txt": ["the cat's."], "sys.txt": hyps, "ref.txt": ref, "other.txt": other}
    for name, text in files.items():
        (tmp_path / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    for args in (["p.txt", "-i", "p.txt"], ["ref.txt", "other.txt", "-i", "sys.txt"]):
        argv = [*args, "-m", "ter", *flags.split()]
        expected = _sacrebleu_command(argv, tmp_path)
        assert _bleu2(["sacrebleu", *argv], tmp_path, capsys, monkeypatch) == expected
    assert "= 50.0" in _sacrebleu_command(
        ["p.txt", "-i", "p.txt", "-m", "ter", "--ter-normalized", "-f", "text"], tmp_path
    )


def test_whole_ted_corpus(capsys, monkeypatch):
    # Recorded from sacreBLEU 2.6.0 (20 s here): sacrebleu ted.ref.detok.eng -i
    # ted.sys1.detok.eng -m ter --ter-normalized -w 4 -b  ->  55.7916 (26631 edits, ref_length 47733)
    argv = ["ted.ref.detok.eng", "-i", "ted.sys1.detok.eng", "-m", "ter", "--ter-normalized", "-w", "4", "-b"]
    assert _bleu2(["sacrebleu", *argv], TED, capsys, monkeypatch) == "55.7916\n"
    out = _bleu2(
        ["-r", "ted.ref.detok.eng", "--metric", "ter", "--normalized", "--json", "ted.sys1.detok.eng"],
        TED,
        capsys,
        monkeypatch,
    )
    got = json.loads(out)
    assert (got["num_edits"], got["ref_length"], got["score"]) == (26631, 47733.0, 26631 / 47733)
