"""``bleu2 sacrebleu -m bleu chrf ter ...`` against the installed ``sacrebleu`` command (2.6.0,
the oracle, run here) on 200 lines of TED (and multiTED-ja): the same standard output byte
for byte (the signatures' version too: sacreBLEU's ``2.6.0``), the same exit status, and the
same messages on standard error once sacreBLEU's progress lines (its INFO log) are left out
and each side's prefix (``sacreBLEU:``, ``bleu2 sacrebleu: error:``) is removed.

Every command line compared is in :data:`CASES` (and the stdin/environment cases below): chrF
and chrF++ with each ``--chrf-*`` option, TER with each ``--ter-*`` option, the metrics
together in any order, ``-sl``, ``-b``, ``-w``, ``-sh``, ``-f json|text|latex``, several
systems and references, ``-ci``, ``-pbs`` and ``-par`` with seed 12345 (and another)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bleu2 import cli
from shared_data import DATA

SACREBLEU = str(Path(sys.executable).parent / "sacrebleu")
TED, JA = DATA / "ted", DATA / "multited-ja"
LINES = 200
JA_LINES = 40  # sacreBLEU's TER on long Japanese lines is slow

#: sacreBLEU's progress lines on standard error (its INFO log), which bleu2 does not print.
_INFO = re.compile(
    r"^(sacreBLEU: )?(Found \d+ systems\.|Pre-computing .* statistics for .*|Computing .* for .* and extracting "
    r"sufficient statistics| > Performing .*|Ignoring .* as it was also given as the baseline\.|Launching .*)$"
)


def messages(err: str) -> list[str]:
    """Standard error's messages, without the progress lines and the prefixes."""
    out = []
    for line in err.splitlines():
        if _INFO.match(line):
            continue
        out.append(re.sub(r"^(sacreBLEU: |bleu2 sacrebleu: error: )", "", line))
    return out


def oracle(args, cwd, stdin: bytes | None = None, env=None) -> tuple[int, str, list[str]]:
    proc = subprocess.run(
        [SACREBLEU, *map(str, args)],
        cwd=cwd,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    return proc.returncode, proc.stdout.decode("utf-8"), messages(proc.stderr.decode("utf-8"))


def ours(args, capsys, monkeypatch, cwd, stdin: bytes | None = None, env=None) -> tuple[int, str, list[str]]:
    monkeypatch.chdir(cwd)
    for k, v in (env or {}).items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"))
    code = cli.main(["sacrebleu", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, messages(err)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """200 lines of TED: detokenized references and systems, the tokenized reference as a
    second one, both in one tab-separated file, three references in one; 40 of multiTED-ja."""
    d = tmp_path_factory.mktemp("sacrebleu_metrics")

    def head(path):
        return path.read_text(encoding="utf-8").split("\n")[:LINES]

    ref, s1, s2, ref_tok, s1_tok = (
        head(TED / n)
        for n in ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng", "ted.ref.eng", "ted.sys1.eng")
    )
    write = {
        "ref.txt": ref,
        "ref2.txt": ref_tok,
        "sys1.txt": s1,
        "sys2.txt": s2,
        "tok.txt": s1_tok,
        "bom.txt": ["\ufeff" + s1[0], *s1[1:]],
        "refs.tsv": [f"{a}\t{b}" for a, b in zip(ref, ref_tok)],
        "refs3.tsv": [f"{a}\t{b}\t{c}" for a, b, c in zip(ref, ref_tok, s2)],
        "two.tsv": [f"{a}\t{b}" for a, b in zip(s1, s2)],
        "ja.ref": head(JA / "multited.ref.jpn")[:JA_LINES],
        "ja.sys1": head(JA / "multited.sys1.jpn")[:JA_LINES],
        "ja.sys2": head(JA / "multited.sys2.jpn")[:JA_LINES],
    }
    for name, lines in write.items():
        (d / name).write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")
    (d / "empty.txt").write_bytes(b"")
    return d


CASES = [
    # each metric alone, together, in any order; json (the default), text, latex
    "ref.txt -i sys1.txt -m chrf",
    "ref.txt -i sys1.txt -m ter",
    "ref.txt -i sys1.txt -m bleu chrf ter",
    "ref.txt -i sys1.txt -m ter bleu chrf -f text",
    "ref.txt -i sys1.txt -m chrf ter -f latex",
    "ref.txt -i sys1.txt --metrics chrf chrf bleu -f text",
    # chrF's options
    "ref.txt -i sys1.txt -m chrf --chrf-word-order 2 -f text",
    "ref.txt -i sys1.txt -m chrf -cw 1 -cc 4 -f text",
    "ref.txt -i sys1.txt -m chrf --chrf-char-order 3",
    "ref.txt -i sys1.txt -m chrf --chrf-beta 1 -f text",
    "ref.txt -i sys1.txt -m chrf --chrf-beta 3 -cw 2",
    "ref.txt -i sys1.txt -m chrf --chrf-lowercase -f text",
    "ref.txt -i sys1.txt -m chrf --chrf-whitespace -f text",
    "ref.txt -i sys1.txt -m chrf --chrf-eps-smoothing -f text",
    "ref.txt -i sys1.txt -m chrf -cw 2 --chrf-eps-smoothing --chrf-whitespace --chrf-lowercase -sh -f text",
    # TER's options
    "ref.txt -i sys1.txt -m ter --ter-case-sensitive -f text",
    "ref.txt -i sys1.txt -m ter --ter-asian-support -f text",
    "ref.txt -i sys1.txt -m ter --ter-no-punct -f text",
    "ref.txt -i sys1.txt -m ter --ter-normalized -f text",
    "ref.txt -i tok.txt -m ter --ter-normalized --ter-asian-support --ter-no-punct --ter-case-sensitive",
    # options of a metric not asked for are read and ignored, as sacreBLEU does
    "ref.txt -i sys1.txt -m bleu --chrf-beta 3 --ter-normalized -f text",
    "ref.txt -i sys1.txt -m chrf ter -tok ja-mecab -f text",
    # sentence level, score only, width, short signatures
    "ref.txt -i sys1.txt -m chrf -sl",
    "ref.txt -i sys1.txt -m ter -sl -b -w 2",
    "ref.txt ref2.txt -i sys1.txt -m chrf -cw 2 -sl -sh",
    "ref.txt -i sys1.txt -m bleu chrf ter -b",
    "ref.txt -i sys1.txt -m bleu chrf ter -b -f text",
    "ref.txt -i sys1.txt -m chrf ter -w 4 -f text",
    "ref.txt -i sys1.txt -m chrf ter bleu -sh -f text",
    "ref.txt -i sys1.txt -m chrf ter -d",
    # several references
    "ref.txt ref2.txt -i sys1.txt -m chrf ter -f text",
    "refs.tsv -nr 2 -i sys1.txt -m bleu chrf ter",
    "refs3.tsv -nr 3 -i sys1.txt -m chrf ter -f text",
    # several systems: tables
    "ref.txt -i sys1.txt sys2.txt -m bleu chrf ter",
    "ref.txt -i sys1.txt sys2.txt -m ter chrf -f text",
    "ref.txt -i sys1.txt sys2.txt -m chrf ter bleu -f latex -w 2",
    "ja.ref -i ja.sys1 ja.sys2 -m chrf ter -cw 2 -f text",
    "ja.ref -i ja.sys1 -m ter --ter-normalized --ter-asian-support --ter-no-punct -f text",
    # significance, seed 12345
    "ref.txt -i sys1.txt -m chrf ter -ci -cin 100 -f text",
    "ref.txt -i sys1.txt -m bleu chrf ter -ci -cin 100",
    "ref.txt -i sys1.txt -m ter -ci -cin 100 -b -f text",
    "ref.txt -i sys1.txt -m chrf -cw 2 --chrf-eps-smoothing --confidence --confidence-n 200 -f text",
    "ref.txt -i sys1.txt sys2.txt bom.txt -m chrf ter -pbs -pbsn 100 -f text",
    "ref.txt -i sys1.txt sys2.txt -m ter chrf bleu --paired-bs --paired-bs-n 100 -f latex",
    "ref.txt -i sys1.txt sys2.txt -m ter chrf bleu -par -parn 200 -f latex",
    "ref.txt -i sys1.txt sys2.txt -m chrf ter -par -parn 200",
    "ref.txt -i sys1.txt sys2.txt -m chrf --chrf-beta 1 -cw 2 --paired-ar --paired-ar-n 300 -f text",
    "ref.txt ref2.txt -i sys1.txt sys2.txt -m chrf ter -pbs -pbsn 50 -f text",
    "refs3.tsv -nr 3 -i sys1.txt sys2.txt -m ter -par -parn 200 -f text",
    "refs3.tsv -nr 3 -i sys1.txt -m ter -ci -cin 100 -w 3 -f text",
    # errors, with sacreBLEU's exit status and message
    "ref.txt -i sys1.txt -m chrf ter -sl",
    "ref.txt -i sys1.txt sys1.txt -m chrf",
    "ref.txt -i sys1.txt sys2.txt -m ter -sl",
    "ref.txt -i sys1.txt -m chrf -pbs",
    "ref.txt -i sys1.txt sys2.txt -m chrf -ci",
    "ref.txt -i empty.txt -m ter",
    "ref2.txt ref.txt -nr 2 -i sys1.txt -m chrf",
]


@pytest.mark.parametrize("argv", CASES)
def test_same_output_as_sacrebleu(argv, files, capsys, monkeypatch):
    args = argv.split()
    assert ours(args, capsys, monkeypatch, files) == oracle(args, files)


@pytest.mark.parametrize(
    "argv",
    [
        "ref.txt -i sys1.txt -m foo",
        "ref.txt -i sys1.txt -m chrf --chrf-beta two",
        "ref.txt -i sys1.txt -m chrf -cc",
        "ref.txt -i sys1.txt sys2.txt -m chrf -pbs -par",
    ],
)
def test_bad_arguments_exit_with_status_2_as_sacrebleu(argv, files, capsys, monkeypatch):
    args = argv.split()
    code, out, err = ours(args, capsys, monkeypatch, files)
    assert (code, out) == oracle(args, files)[:2] == (2, "")
    assert len(err) == 1 and "(see bleu2 sacrebleu --help)" in err[0]


@pytest.mark.parametrize(
    "stdin,argv",
    [
        ("two.tsv", "ref.txt -m chrf ter -f text"),
        ("two.tsv", "ref.txt -m ter chrf -par -parn 100 -f text"),
        ("sys1.txt", "ref.txt -m chrf -cw 2"),
    ],
)
def test_standard_input_as_sacrebleu_reads_it(stdin, argv, files, capsys, monkeypatch):
    data = (files / stdin).read_bytes()
    assert ours(argv.split(), capsys, monkeypatch, files, data) == oracle(argv.split(), files, data)


@pytest.mark.parametrize(
    "env,argv",
    [
        ({"SACREBLEU_SEED": "7"}, "ref.txt -i sys1.txt sys2.txt -m chrf ter -pbs -pbsn 50 -f text"),
        ({"SACREBLEU_SEED": "7"}, "ref.txt -i sys1.txt -m ter chrf -ci -cin 50 -f text"),
        ({"SACREBLEU_FORMAT": "text"}, "ref.txt -i sys1.txt -m bleu chrf ter"),
        ({"NO_COLOR": "1"}, "ref.txt -i sys1.txt sys2.txt -m chrf -par -parn 50 -f text"),
    ],
)
def test_environment_as_sacrebleu_reads_it(env, argv, files, capsys, monkeypatch):
    assert ours(argv.split(), capsys, monkeypatch, files, env=env) == oracle(argv.split(), files, env=env)


def test_paired_bootstrap_json_gives_the_numbers_sacrebleu_cannot_serialise(files, capsys, monkeypatch):
    """sacreBLEU 2.6.0 stops with a TypeError on ``-pbs -f json`` for chrF and TER (its means
    are NumPy float32); bleu2 prints the JSON table with the same numbers as its text table."""
    argv = "ref.txt -i sys1.txt sys2.txt -m chrf ter -pbs -pbsn 50".split()
    code, _, err = oracle(argv, files)
    assert code == 1 and any("float32 is not JSON serializable" in line for line in err)
    code, out, err = ours(argv, capsys, monkeypatch, files)
    assert code == 0 and err == []
    rows = json.loads(out)
    assert [r["system"] for r in rows] == ["Baseline: sys1.txt", "sys2.txt"]
    _, text, _ = oracle([*argv, "-f", "text"], files)
    for metric in ("chrF2", "TER"):
        base, other = rows[0][metric], rows[1][metric]
        assert base["p_value"] is None and 0 < other["p_value"] <= 1
        for r in (base, other):
            assert f"{r['score']:.1f} ({r['mean']:.1f} ± {r['ci']:.1f})" in text
        assert f"(p = {other['p_value']:.4f})" in text


@pytest.mark.parametrize(
    "argv,named,theirs",
    [
        ("-cc 0 -cw 0", "--chrf-char-order + --chrf-word-order must be at least 1", "IndexError"),
        ("-cc -1", "--chrf-char-order must be >= 0", "IndexError"),
        ("--chrf-beta -1", "--chrf-beta must be a finite number >= 0", None),
    ],
)
def test_chrf_orders_and_beta_out_of_range_are_refused_by_flag(argv, named, theirs, files, capsys, monkeypatch):
    """sacreBLEU stops with a traceback on no n-gram orders and scores a negative beta;
    bleu2 refuses both, naming the flags (exit status 2)."""
    args = ["ref.txt", "-i", "sys1.txt", "-m", "chrf", *argv.split()]
    code, out, err = ours(args, capsys, monkeypatch, files)
    assert (code, out) == (2, "") and len(err) == 1 and named in err[0]
    code, out, err = oracle(args, files)
    if theirs:
        assert code == 1 and any(theirs in line for line in err)
    else:
        assert code == 0 and out.startswith("{")
