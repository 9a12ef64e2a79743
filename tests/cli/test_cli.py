"""The command line (`bleu2`, `python -m bleu2`), run in-process through
``bleu2.cli.main(argv)`` and a few times as a subprocess.

Oracles: sacreBLEU (independent implementation) for scores and counts, and
``bleu2.corpus_bleu`` on the same lines for "the CLI reports what the library
computes".
"""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu.metrics as sacrebleu_metrics  # the oracle: a pinned test dependency

import bleu2
from bleu2 import cli
from bleu2.cli import progress
from bleu2.cli.bleu2_command import CLASSIC_NOTE
from bleu2.metrics.bleu.smoothing import SMOOTHING_METHODS
from bleu2.tokenizers import TOKENIZERS
from cli_runs import N_LINES, REF, SYS1, SYS2, TtyStringIO, run_cli
from cli_runs import REF2 as REF_TOK
from shared_data import TED

BLEU = sacrebleu_metrics.BLEU


def lines_of(path: Path) -> list[str]:
    """The file's lines, read independently of bleu2.cli (split on \\n, no final empty line)."""
    text = path.read_bytes().decode("utf-8")
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines


@pytest.fixture(scope="module")
def short_ted(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(reference, sys1, sys2): the first 300 lines of the TED files, for the checks of what
    the command says and prints (the scores on all lines: the parity and JSON tests)."""
    folder = tmp_path_factory.mktemp("short-ted")
    out = []
    for path in (REF, SYS1, SYS2):
        short = folder / path.name
        short.write_text("".join(line + "\n" for line in lines_of(path)[:300]), encoding="utf-8")
        out.append(short)
    return out[0], out[1], out[2]


def run_json(capsys, *argv):
    code, out, err = run_cli(capsys, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def set_stdin(monkeypatch, data: bytes):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


# --------------------------------------------------------------------------- scores


def test_shared_data_present():
    for p in (REF, REF_TOK, SYS1, SYS2):
        assert p.is_file(), p
        assert len(lines_of(p)) == N_LINES


@pytest.mark.parametrize("tok,order", [("intl", 1), ("intl", 2), ("intl", 4), ("13a", 3), ("13a", 4)])
def test_json_equals_sacrebleu_no_smoothing(capsys, tok, order):
    """Independent oracle: sacreBLEU corpus BLEU (percent / 100), counts and lengths."""
    got = run_json(capsys, "-r", REF, "-t", tok, "--smoothing", "none", "-n", order, SYS1)
    sb = BLEU(tokenize=tok, smooth_method="none", max_ngram_order=order).corpus_score(lines_of(SYS1), [lines_of(REF)])
    assert got["score"] == pytest.approx(sb.score / 100, abs=1e-9)
    assert [p["matches"] for p in got["precisions"]] == list(sb.counts)
    assert [p["total"] for p in got["precisions"]] == list(sb.totals)
    assert (got["hyp_len"], got["ref_len"]) == (sb.sys_len, sb.ref_len)
    assert got["brevity_penalty"] == pytest.approx(sb.bp, abs=1e-12)


def test_json_equals_sacrebleu_bleu2_intl(capsys):
    """The engine benchmark's configuration (bench/engine_bench.py): BLEU(max_ngram_order=2, tokenize="intl")."""
    got = run_json(capsys, "-r", REF, "-t", "intl", "--smoothing", "none", "-n", "2", SYS2)
    sb = BLEU(max_ngram_order=2, tokenize="intl", smooth_method="none").corpus_score(lines_of(SYS2), [lines_of(REF)])
    assert got["score"] == pytest.approx(sb.score / 100, abs=1e-9)
    assert got["signature"].startswith("nrefs:1|case:mixed|")
    assert "tok:intl" in got["signature"] and "order:2" in got["signature"]


@pytest.mark.parametrize(
    "method,value,order,extra",
    [
        ("exp", None, 4, []),
        ("floor", 0.2, 4, []),
        ("add-k", 2.0, 3, []),
        ("exp", None, 4, ["--effective-order"]),
    ],
)
def test_sacrebleu_smoothing_equals_sacrebleu(capsys, method, value, order, extra):
    if method not in SMOOTHING_METHODS:
        pytest.skip(f"smoothing {method!r} not registered")
    argv = ["-r", REF, "-t", "intl", "--smoothing", method, "-n", order, *extra, SYS2]
    if value is not None:
        argv[-1:-1] = ["--smooth-value", value]
    got = run_json(capsys, *argv)
    sb = BLEU(
        tokenize="intl",
        smooth_method=method,
        smooth_value=value,
        max_ngram_order=order,
        effective_order=bool(extra),
    ).corpus_score(lines_of(SYS2), [lines_of(REF)])
    assert got["score"] == pytest.approx(sb.score / 100, abs=1e-9)


def test_two_references_equal_sacrebleu(capsys):
    """-r twice: per-sentence max clipping and closest reference length, as sacreBLEU."""
    got = run_json(capsys, "-r", REF, "-r", REF_TOK, "-t", "13a", "--smoothing", "none", "-n", "4", SYS1)
    sb = BLEU(tokenize="13a", smooth_method="none").corpus_score(lines_of(SYS1), [lines_of(REF), lines_of(REF_TOK)])
    assert got["score"] == pytest.approx(sb.score / 100, abs=1e-9)
    assert [p["matches"] for p in got["precisions"]] == list(sb.counts)
    assert (got["hyp_len"], got["ref_len"]) == (sb.sys_len, sb.ref_len)
    assert got["signature"].startswith("nrefs:2|")


def test_lowercase_flag_equals_sacrebleu(capsys):
    got = run_json(capsys, "-r", REF, "-t", "13a", "--lowercase", "--smoothing", "none", "-n", "4", SYS2)
    sb = BLEU(tokenize="13a", lowercase=True, smooth_method="none").corpus_score(lines_of(SYS2), [lines_of(REF)])
    assert got["score"] == pytest.approx(sb.score / 100, abs=1e-9)
    assert "case:lc" in got["signature"]


OPTION_SETS = [
    ([], {}),
    (["-t", "13a"], dict(tokenizer="13a")),
    (["-t", "intl", "--lowercase"], dict(tokenizer="intl", lowercase=True)),
    (["--no-lowercase"], dict(lowercase=False)),
    (["-n", "4", "--weights", "0.1", "0.2", "0.3", "0.4"], dict(max_order=4, weights=[0.1, 0.2, 0.3, 0.4])),
    (["-n", "3", "--weights", "0.2,0.3,0.5"], dict(max_order=3, weights=[0.2, 0.3, 0.5])),
    (["-n", "4", "--effective-order"], dict(max_order=4, effective_order=True)),
] + [(["-n", "4", "--smoothing", name], dict(max_order=4, smoothing=name)) for name in SMOOTHING_METHODS]


@pytest.mark.parametrize("argv,kwargs", OPTION_SETS, ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_json_equals_library(capsys, argv, kwargs):
    """The CLI reports exactly what bleu2.corpus_bleu computes on the same lines."""
    got = run_json(capsys, "-r", REF, *argv, SYS1)
    lib = bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF), **kwargs)
    assert got == json.loads(json.dumps(lib.corpus.to_dict()))
    assert got["score"] == lib.corpus.score  # exact, not approximate


def test_default_text_line(capsys):
    code, out, err = run_cli(capsys, "-r", REF, SYS1)
    assert code == 0 and err == CLASSIC_NOTE
    lib = bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF)).corpus
    assert out.count("\n") == 1
    assert out.startswith(f"BLEU-2 = {lib.score * 100:.2f}  ")
    p1, p2 = lib.precisions
    assert f"p1 = {p1.matches}/{p1.total}" in out
    assert f"p2 = {p2.matches}/{p2.total}" in out
    assert f"BP = {lib.brevity_penalty:.3f}" in out
    assert f"ratio = {lib.hyp_len / lib.ref_len:.3f}" in out
    assert f"hyp_len = {lib.hyp_len}" in out and f"ref_len = {lib.ref_len}" in out
    assert out.rstrip("\n").endswith(f"signature = {lib.signature}")
    assert "tok:default" in lib.signature and "smooth:add-1" in lib.signature


def test_the_classic_score_says_once_how_to_get_sacrebleus(capsys, short_ted):
    ref, sys1, sys2 = short_ted
    code, out, err = run_cli(capsys, "-r", ref, sys1, sys2)
    assert code == 0 and err == CLASSIC_NOTE and err.count("\n") == 1
    assert "bleu2 --sacrebleu -r REF SYSTEM" in err and "not sacreBLEU's BLEU" in err
    for other in (["--sacrebleu"], ["--preset", "nltk"], ["-n", "4"], ["--json"], ["--presets"], ["--sentence"]):
        code, _, err = run_cli(capsys, "-r", ref, *other, sys1)
        assert code == 0 and "note:" not in err, other
    code, out, _ = run_cli(capsys, "--sacrebleu", "-r", ref, sys1)
    theirs = sacrebleu_metrics.BLEU().corpus_score(lines_of(sys1), [lines_of(ref)])
    assert out.startswith(f"BLEU-4 = {theirs.score:.2f}  ")  # the number the note points to: sacreBLEU's


def test_two_systems_ranked_table(capsys):
    code, out, err = run_cli(capsys, "-r", REF, "-t", "intl", "--smoothing", "none", "-n", "4", SYS1, SYS2)
    assert code == 0 and err == ""
    sb = BLEU(tokenize="intl", smooth_method="none")
    s1 = sb.corpus_score(lines_of(SYS1), [lines_of(REF)]).score
    s2 = sb.corpus_score(lines_of(SYS2), [lines_of(REF)]).score
    assert s1 != s2
    rows = out.splitlines()
    assert rows[0].split() == ["rank", "system", "BLEU-4", "p1", "p2", "p3", "p4", "BP", "c", "r"]
    best, worst = (SYS1, SYS2) if s1 > s2 else (SYS2, SYS1)
    first, second = rows[1].split(), rows[2].split()
    assert first[:3] == ["1", str(best), f"{max(s1, s2):.2f}"]
    assert second[:3] == ["2", str(worst), f"{min(s1, s2):.2f}"]
    assert rows[3].startswith("signature = nrefs:1|")
    assert len(rows) == 4


def test_ranking_follows_score_not_argument_order(capsys):
    _, a, _ = run_cli(capsys, "-r", REF, SYS1, SYS2)
    _, b, _ = run_cli(capsys, "-r", REF, SYS2, SYS1)
    assert a == b


def test_two_systems_json_list(capsys):
    got = run_json(capsys, "-r", REF, SYS1, SYS2)
    assert [d["system"] for d in got] == [str(SYS1), str(SYS2)]  # command-line order
    for d, sys_path in zip(got, (SYS1, SYS2)):
        lib = bleu2.corpus_bleu(lines_of(sys_path), lines_of(REF)).corpus
        assert d["score"] == lib.score
        assert {k: v for k, v in d.items() if k not in ("system", "rank")} == json.loads(json.dumps(lib.to_dict()))
    assert sorted(d["rank"] for d in got) == [1, 2]
    best = max(got, key=lambda d: d["score"])
    assert best["rank"] == 1


def test_sentence_jsonl(capsys):
    code, out, err = run_cli(capsys, "-r", REF, "--sentence", SYS1)
    assert code == 0 and err == ""
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == N_LINES
    lib = bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF))
    assert [r["line"] for r in rows] == list(range(1, N_LINES + 1))
    assert [r["score"] for r in rows] == list(lib.sentence_scores)
    for r, st in zip(rows, lib.sentence_stats):
        assert {k: r[k] for k in ("matches", "totals", "hyp_len", "ref_len")} == st.to_dict()
    assert "system" not in rows[0]


def test_sentence_counts_equal_sacrebleu(capsys):
    """Per-sentence counts against sacreBLEU's sentence statistics (independent oracle)."""
    _code, out, _ = run_cli(capsys, "-r", REF, "--sentence", "-t", "13a", "-n", "4", "--smoothing", "none", SYS2)
    rows = [json.loads(x) for x in out.splitlines()]
    sb = BLEU(tokenize="13a", smooth_method="none")
    hyps, refs = lines_of(SYS2), lines_of(REF)
    for i in range(0, N_LINES, 37):
        s = sb.sentence_score(hyps[i], [refs[i]])
        assert rows[i]["matches"] == list(s.counts)
        assert rows[i]["totals"] == list(s.totals)
        assert (rows[i]["hyp_len"], rows[i]["ref_len"]) == (s.sys_len, s.ref_len)


@pytest.mark.parametrize("preset", [["--preset", "sacrebleu"], ["--sacrebleu"], ["--preset", "sacrebleu-sentence"]])
def test_sentence_scores_under_sacrebleus_preset_are_sacrebleus_sentence_bleu(capsys, preset):
    """``--sentence`` under sacreBLEU's corpus preset scores each line as ``sacrebleu -sl`` and
    ``sacrebleu.sentence_bleu`` do: effective order (independent oracle, line by line). With
    the corpus rules, 47 of the 2445 lines (8 of the first 200: 44, 59, 67, 149, 150, 152,
    165, 166, short lines with no 4-gram such as "(Applause)") would score 0 instead."""
    import sacrebleu

    code, out, err = run_cli(capsys, "-r", REF, "--sentence", *preset, SYS1)
    assert code == 0 and err == ""
    rows = [json.loads(x) for x in out.splitlines()]
    hyps, refs = lines_of(SYS1), lines_of(REF)
    assert len(rows) == len(hyps) == N_LINES
    for row, hyp, ref in zip(rows, hyps, refs):
        want = sacrebleu.sentence_bleu(hyp, [ref])
        assert row["score"] == pytest.approx(want.score / 100, abs=1e-12), row["line"]
        assert (row["matches"], row["totals"]) == (list(want.counts), list(want.totals))
    assert rows[43]["score"] == pytest.approx(1.0) and hyps[43] == "(Applause)"


def test_sentence_jsonl_two_systems(capsys):
    _code, out, _ = run_cli(capsys, "-r", REF, "--sentence", SYS1, SYS2)
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 2 * N_LINES
    assert [r["system"] for r in rows] == [str(SYS1)] * N_LINES + [str(SYS2)] * N_LINES
    assert rows[N_LINES]["line"] == 1
    lib2 = bleu2.corpus_bleu(lines_of(SYS2), lines_of(REF))
    assert [r["score"] for r in rows[N_LINES:]] == list(lib2.sentence_scores)


def test_stdin_in_process(capsys, monkeypatch):
    set_stdin(monkeypatch, SYS2.read_bytes())
    via_stdin = run_json(capsys, "-r", REF)
    set_stdin(monkeypatch, SYS2.read_bytes())
    via_dash = run_json(capsys, "-r", REF, "-")
    via_file = run_json(capsys, "-r", REF, SYS2)
    assert via_stdin == via_dash == via_file


def test_stdin_subprocess_and_console_entry():
    """`python -m bleu2` as a real process, the system piped on stdin."""
    proc = subprocess.run(
        [sys.executable, "-m", "bleu2", "-r", str(REF), "--json"],
        input=SYS1.read_bytes(),
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    got = json.loads(proc.stdout)
    assert got["score"] == bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF)).corpus.score


def test_version(capsys):
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0
    assert out.strip() == f"bleu2 {bleu2.__version__}"


def test_help_lists_registries(capsys):
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    flat = " ".join(out.split())
    for name in TOKENIZERS:
        assert name in flat
    assert ", ".join(SMOOTHING_METHODS) in flat
    assert "JSON list" in flat  # the documented multi-system --json shape


# --------------------------------------------------------------------------- line reading


def test_crlf_and_final_newline(tmp_path, capsys):
    (tmp_path / "ref.txt").write_bytes(b"the cat sat on the mat\r\nhello world\r\n")
    (tmp_path / "lf.txt").write_bytes(b"the cat is on the mat\nhello world")
    (tmp_path / "crlf.txt").write_bytes(b"the cat is on the mat\r\nhello world\r\n")
    a = run_json(capsys, "-r", tmp_path / "ref.txt", tmp_path / "lf.txt")
    b = run_json(capsys, "-r", tmp_path / "ref.txt", tmp_path / "crlf.txt")
    assert a == b
    # the golden counts (p1 5/6, p2 3/5) plus "hello world" twice: 7/8 and 4/6; c = r = 8
    assert [(p["matches"], p["total"]) for p in a["precisions"]] == [(7, 8), (4, 6)]
    assert (a["hyp_len"], a["ref_len"]) == (8, 8)


def test_read_lines_splits_on_newline_only(tmp_path):
    p = tmp_path / "f.txt"
    p.write_bytes("a\u2028b\x0cc\rd\r\n\ne\n".encode("utf-8"))
    assert cli.read_lines(str(p)) == ["a\u2028b\x0cc\rd", "", "e"]
    p.write_bytes(b"")
    assert cli.read_lines(str(p)) == []
    p.write_bytes(b"\n")
    assert cli.read_lines(str(p)) == [""]
    p.write_bytes(b"x")
    assert cli.read_lines(str(p)) == ["x"]


# --------------------------------------------------------------------------- errors


def assert_error(code, out, err, *fragments, status=None):
    assert code != 0
    if status is not None:
        assert code == status
    assert out == ""  # no partial output
    assert "bleu2: error: " in err
    for f in fragments:
        assert f in err, (f, err)


def test_missing_reference_file(capsys, tmp_path):
    missing = tmp_path / "nope.txt"
    assert_error(*run_cli(capsys, "-r", missing, SYS1), str(missing), "No such file", status=1)


def test_missing_system_file_after_a_good_one(capsys, tmp_path):
    missing = tmp_path / "nope.txt"
    assert_error(*run_cli(capsys, "-r", REF, SYS1, missing), str(missing), status=1)


def test_line_counts_differ(capsys, tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("one line\nanother line\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "-r", REF, SYS1, short)
    assert_error(code, out, err, str(REF), str(short), f"{N_LINES} lines", "2 lines", status=1)
    error = err[err.index("bleu2: error: ") :]
    assert str(SYS1) not in error  # the system that matches is not blamed


def test_line_counts_differ_between_references(capsys, tmp_path):
    short = tmp_path / "ref2.txt"
    short.write_text("x\n", encoding="utf-8")
    assert_error(*run_cli(capsys, "-r", REF, "-r", short, SYS1), str(short), "1 line", f"{N_LINES} lines")


def test_invalid_utf8(capsys, tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_bytes(b"a b\nc d\ne f\n")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"a b\nc d\ne \xff f\n")
    assert_error(*run_cli(capsys, "-r", ref, bad), str(bad), "line 3", "UTF-8", status=1)
    assert_error(*run_cli(capsys, "-r", bad, ref), str(bad), "line 3", "UTF-8", status=1)


def test_invalid_utf8_on_stdin(capsys, monkeypatch, tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_bytes(b"a b\nc d\n")
    set_stdin(monkeypatch, b"a b\n\xc3(\n")
    assert_error(*run_cli(capsys, "-r", ref), "<stdin>", "line 2", "UTF-8")


@pytest.mark.parametrize(
    "argv,fragment",
    [
        (["--weights", "0.3", "0.3"], "sum to 1"),
        (["-n", "2", "--weights", "0.2,0.3,0.5"], "-n/--max-order 2 and -w/--weights with 3 number(s) disagree"),
        (["--weights", "0.5,abc"], "'abc' is not a number"),
        (["--weights", "abc"], "'abc' is not a number"),
        (["--weights", "0.5", "abc"], "sum to 1, got [0.5]"),  # weights end at "abc" (then a system file)
        (["-n", "3", "--weights", "0.5,0.5"], "-n/--max-order 3 and -w/--weights with 2 number(s) disagree"),
        (["--weights", "1.5", "-0.5"], "non-negative"),
        (["--weights", "nan,0.5"], "not a finite number"),
        (["-n", "0"], "max_order"),
    ],
)
def test_bad_weights_and_order(capsys, argv, fragment):
    assert_error(*run_cli(capsys, "-r", REF, *argv, SYS1), fragment, status=2)


def test_weights_before_system_files(capsys):
    """Space-separated weights stop at the first non-number, so systems may follow."""
    got = run_json(capsys, "-r", REF, "--weights", "0.25", "0.75", SYS1, SYS2)
    assert [d["system"] for d in got] == [str(SYS1), str(SYS2)]
    lib = bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF), weights=[0.25, 0.75]).corpus
    assert got[0]["score"] == lib.score


def test_bad_smooth_value(capsys):
    assert_error(*run_cli(capsys, "-r", REF, "--smoothing", "none", "--smooth-value", "3", SYS1), "smooth", status=2)
    assert_error(*run_cli(capsys, "-r", REF, "--smooth-value", "abc", SYS1), "--smooth-value", "'abc'", status=2)


def test_unknown_tokenizer_lists_valid(capsys):
    code, out, err = run_cli(capsys, "-r", REF, "-t", "moses", SYS1)
    assert_error(code, out, err, "'moses'", *TOKENIZERS, status=2)


def test_unknown_smoothing_lists_valid(capsys):
    code, out, err = run_cli(capsys, "-r", REF, "--smoothing", "laplace", SYS1)
    assert_error(code, out, err, "'laplace'", *SMOOTHING_METHODS, status=2)


def test_unknown_option(capsys):
    assert_error(*run_cli(capsys, "-r", REF, "--frobnicate", SYS1), "--frobnicate", status=2)


def test_reference_required(capsys):
    assert_error(*run_cli(capsys, SYS1), "-r", status=2)


def test_json_and_sentence_exclusive(capsys):
    assert_error(*run_cli(capsys, "-r", REF, "--json", "--sentence", SYS1), "not allowed", status=2)


def test_stdin_only_once(capsys):
    assert_error(*run_cli(capsys, "-r", "-", "-"), "only once", status=2)


def test_empty_stdin_reads_empty(capsys, monkeypatch, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    set_stdin(monkeypatch, b"")
    # nothing to score is an error, whether one file or both are empty
    assert_error(*run_cli(capsys, "-r", empty, "-"), f"{empty} and <stdin> are empty: nothing to score", status=1)
    # empty stdin against a real reference: a line-count error naming stdin
    set_stdin(monkeypatch, b"")
    assert_error(*run_cli(capsys, "-r", REF), "<stdin> has 0 lines", f"{N_LINES} lines", status=1)


def test_no_stdin_at_all(capsys, monkeypatch, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    monkeypatch.setattr(sys, "stdin", None)
    assert_error(*run_cli(capsys, "-r", empty), "are empty: nothing to score", status=1)


def test_error_subprocess():
    proc = subprocess.run(
        [sys.executable, "-m", "bleu2", "-r", str(REF), "-t", "nope", str(SYS1)],
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"bleu2: error: unknown tokenizer 'nope'" in proc.stderr


class _GoneStdout(io.StringIO):
    """A standard output whose writes raise ``error`` (its reader went away, or Ctrl-C)."""

    def __init__(self, error: type[BaseException]) -> None:
        super().__init__()
        self.error = error

    def write(self, s: str) -> int:
        raise self.error()

    def fileno(self) -> int:
        raise ValueError("no file descriptor")  # reader_gone() leaves the test's stdout alone


@pytest.mark.parametrize("command", [[], ["compare"]], ids=["bleu2", "bleu2 compare"])
def test_both_commands_end_alike_when_stdout_goes_away_or_on_ctrl_c(monkeypatch, capsys, command):
    """A reader that went away (``| head``) ends the command quietly with status 0; Ctrl-C
    with the shells' 128 + SIGINT; an unreadable file with 1, the program named."""
    import signal

    argv = [*command, "-r", str(REF), str(SYS1), *([str(SYS2)] if command else [])]
    note = "" if command else CLASSIC_NOTE  # said before the output is written
    for error, status, said in ((BrokenPipeError, 0, ""), (KeyboardInterrupt, 128 + signal.SIGINT, "\n")):
        monkeypatch.setattr(sys, "stdout", _GoneStdout(error))
        assert cli.main(argv) == status, error
        assert capsys.readouterr().err == note + said
    monkeypatch.undo()
    prog = " ".join(["bleu2", *command])
    code, out, err = run_cli(capsys, *command, "-r", "missing.txt", SYS1, SYS2)
    assert (code, out) == (1, "") and err.startswith(f"{prog}: error: ") and "missing.txt" in err


# --------------------------------------------------------------------------- progress bar


def fake_clock(step: float):
    """A clock that advances by ``step`` seconds every time it is read."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def test_progress_bar_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(progress, "_now", fake_clock(0.5))  # a "long" run: every read is 0.5 s later
    fake_err = TtyStringIO()
    monkeypatch.setattr(sys, "stderr", fake_err)
    code = cli.main([str(a) for a in ("-r", REF, SYS1, SYS2)])
    out, _ = capsys.readouterr()
    assert code == 0
    err = fake_err.getvalue()
    assert err.endswith(CLASSIC_NOTE)  # after the bar
    err = err.removesuffix(CLASSIC_NOTE)
    assert "\r" in err and "%" in err and "lines" in err
    assert f"100% {N_LINES} lines" in err  # reached the end (both systems read in step with the reference)
    assert err.endswith("\r") and err.rsplit("\r", 2)[-2].strip() == ""  # erased at the end
    assert "\r" not in out and "%" not in out  # nothing on stdout but the table
    assert out.splitlines()[0].split()[:3] == ["rank", "system", "BLEU-2"]


def test_no_progress_bar_for_a_short_run(capsys, monkeypatch):
    monkeypatch.setattr(progress, "_now", fake_clock(0.0))  # time stands still: under a second
    fake_err = TtyStringIO()
    monkeypatch.setattr(sys, "stderr", fake_err)
    assert cli.main([str(a) for a in ("-r", REF, SYS1)]) == 0
    assert fake_err.getvalue() == CLASSIC_NOTE


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(progress, "_now", fake_clock(0.5))
    code, _out, err = run_cli(capsys, "-r", REF, SYS1)  # capsys: stderr is not a tty
    assert code == 0 and err == CLASSIC_NOTE


_PROGRESS_SCRIPT = (
    "import itertools, sys\n"
    "import bleu2.cli as c\n"
    "import bleu2.cli.progress as p\n"
    "t = itertools.count()\n"
    "p._now = lambda: next(t) * 0.5\n"
    "sys.exit(c.main(sys.argv[1:]))\n"
)


def _run_with_stderr_on_pty(argv):
    import pty  # POSIX only: the test calling this is skipped on Windows

    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", _PROGRESS_SCRIPT, *map(str, argv)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed its end
                break
            if not chunk:
                break
            chunks.append(chunk)
        out = proc.stdout.read()
        proc.stdout.close()
        code = proc.wait(timeout=120)
    finally:
        os.close(master)
    return code, out.decode(), b"".join(chunks).decode()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_progress_bar_on_a_real_pty():
    code, out, err = _run_with_stderr_on_pty(["-r", REF, SYS1])
    assert code == 0
    assert "bleu2 [" in err and f"100% {N_LINES} lines" in err
    assert out.startswith("BLEU-2 = ") and "\r" not in out


def test_no_progress_bar_when_stderr_is_a_pipe():
    proc = subprocess.run(
        [sys.executable, "-c", _PROGRESS_SCRIPT, "-r", str(REF), str(SYS1)],
        capture_output=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0
    assert proc.stderr == CLASSIC_NOTE.encode()
    assert proc.stdout.startswith(b"BLEU-2 = ")


# --------------------------------------------------------------------------- found in review


def test_system_files_may_follow_options(capsys, tmp_path):
    """Systems before, between and after options (argparse's intermixed parsing)."""
    sys1, sys2 = TED / "ted.sys1.detok.eng", TED / "ted.sys2.detok.eng"
    code, out, err = run_cli(capsys, "-r", str(REF), str(sys1), "-t", "intl", "-n", "4", str(sys2), "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [Path(r["system"]).name for r in rows] == ["ted.sys1.detok.eng", "ted.sys2.detok.eng"]
    # sacreBLEU, independent oracle: intl, BLEU-4, no lowercasing, smoothing add-1 is ours,
    # so compare the counts, which do not depend on smoothing.
    hyps = lines_of(sys2)
    stats = BLEU(tokenize="intl", max_ngram_order=4).corpus_score(hyps, [lines_of(REF)])
    assert [p["matches"] for p in rows[1]["precisions"]] == stats.counts
    assert [p["total"] for p in rows[1]["precisions"]] == stats.totals


@pytest.mark.parametrize(
    "weights,needle",
    [
        (["-w", "-0.5,1.5"], "non-negative"),
        (["-w", "-0.5", "1.5"], "non-negative"),
        (["--weights", "0.5,0.5,"], "empty entry"),
    ],
)
def test_bad_weights_get_the_weights_message(capsys, weights, needle):
    code, out, err = run_cli(capsys, "-r", str(REF), *weights, str(TED / "ted.sys1.detok.eng"))
    assert code != 0 and out == ""
    assert needle in err, err


def test_equal_scores_share_a_rank(capsys, tmp_path):
    """The same system twice: ranks 1 and 1 (competition ranking, as on the page)."""
    sys1 = tmp_path / "a.txt"
    sys2 = tmp_path / "b.txt"
    text = (TED / "ted.sys1.detok.eng").read_bytes()
    sys1.write_bytes(text)
    sys2.write_bytes(text)
    code, out, err = run_cli(capsys, "-r", str(REF), str(sys1), str(sys2))
    assert code == 0, err
    ranks = [line.split()[0] for line in out.splitlines()[1:3]]
    assert ranks == ["1", "1"]
    code, out, err = run_cli(capsys, "-r", str(REF), "--json", str(sys1), str(sys2))
    assert [r["rank"] for r in json.loads(out)] == [1, 1]


# --------------------------------------------------------------------------- sacreBLEU's rules


def test_sacrebleu_flag_equals_sacrebleu_defaults(capsys):
    got = run_json(capsys, "--sacrebleu", "-r", REF, SYS1)
    oracle = BLEU().corpus_score(lines_of(SYS1), [lines_of(REF)])
    assert got["score"] == pytest.approx(oracle.score / 100, abs=1e-9)
    assert [p["matches"] for p in got["precisions"]] == oracle.counts
    assert "tok:13a" in got["signature"] and "order:4" in got["signature"] and "empty:count" in got["signature"]
    # the other options still apply on top
    got2 = run_json(capsys, "--sacrebleu", "-n", "2", "-r", REF, SYS1)
    oracle2 = BLEU(max_ngram_order=2).corpus_score(lines_of(SYS1), [lines_of(REF)])
    assert got2["score"] == pytest.approx(oracle2.score / 100, abs=1e-9)


def test_empty_references_flag(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("thank you very much\n", encoding="utf-8")
    (tmp_path / "h.txt").write_text("thank you\n", encoding="utf-8")
    refs = ["-r", tmp_path / "a.txt", "-r", tmp_path / "b.txt"]
    common = ["-t", "13a", "-s", "exp", *refs, tmp_path / "h.txt"]
    ignored = run_json(capsys, *common)
    counted = run_json(capsys, "--empty-references", "count", *common)
    assert round(ignored["score"], 4) == 0.3679 and ignored["ref_len"] == 4
    assert counted["score"] == pytest.approx(1.0) and counted["ref_len"] == 0
    code, _out, err = run_cli(capsys, "--empty-references", "sometimes", *common)
    assert code == 2 and "invalid choice" in err


# --------------------------------------------------------------------------- significance


def _sacrebleu_paired(test, n, sys_paths, ref_path, n_lines):
    """sacreBLEU 2.6.0's paired test (its API, as its CLI runs it) on the first n_lines."""
    from sacrebleu.significance import PairedTest

    refs = [lines_of(ref_path)[:n_lines]]
    named = [(p.name, lines_of(p)[:n_lines]) for p in sys_paths]
    metric = BLEU(max_ngram_order=4)
    _, scores = PairedTest(named, {"BLEU": metric}, refs, test_type=test, n_samples=n)()
    return scores["BLEU"]


@pytest.mark.parametrize("flag,test,n", [("--paired-bs", "bs", 200), ("--paired-ar", "ar", 500)])
def test_paired_tests_equal_sacrebleu(capsys, tmp_path, flag, test, n):
    paths = []
    for p in (REF, SYS1, SYS2):
        q = tmp_path / p.name
        q.write_text("\n".join(lines_of(p)[:400]) + "\n", encoding="utf-8")
        paths.append(q)
    ref, sys1, sys2 = paths
    got = run_json(capsys, "--sacrebleu", flag, f"{flag}-n", str(n), "-r", ref, sys1, sys2)
    oracle = _sacrebleu_paired(test, n, [sys1, sys2], ref, 400)
    for obj, res in zip(got, oracle):
        assert obj["score"] == pytest.approx(res.score / 100, abs=1e-9)
        if res.mean is None:
            assert obj["mean"] is None and obj["ci"] is None
        else:
            assert obj["mean"] == pytest.approx(res.mean / 100, abs=1e-9)
            assert obj["ci"] == pytest.approx(res.ci / 100, abs=1e-9)
    assert got[0]["p_value"] is None  # the baseline
    assert got[1]["p_value"] == pytest.approx(oracle[1].p_value, abs=1e-12)
    assert f"|{test}:{n}|seed:12345|" in got[0]["signature"]


def test_confidence_and_seed(capsys):
    from bleu2.corpus import significance

    got = run_json(capsys, "--confidence", "--confidence-n", "100", "--seed", "7", "-r", REF, SYS1)
    stats = bleu2.corpus_bleu(lines_of(SYS1), lines_of(REF)).sentence_stats
    expected = significance.confidence_intervals([stats], bleu2.BleuConfig.make(), n=100, seed=7)[0]
    assert (got["mean"], got["ci"], got["p_value"]) == (expected.mean, expected.ci, None)
    assert "|bs:100|seed:7|" in got["signature"]
    code, _out, err = run_cli(capsys, "--paired-bs", "-r", REF, SYS1)
    assert code == 2 and "at least two systems" in err
    code, _out, err = run_cli(capsys, "--confidence", "--seed", "x", "-r", REF, SYS1)
    assert code == 2 and "--seed" in err
    code, _out, err = run_cli(capsys, "--confidence", "--paired-bs", "-r", REF, SYS1, SYS2)
    assert code == 2 and "not allowed with" in err


def test_text_table_with_a_paired_test(capsys):
    code, out, err = run_cli(capsys, "--paired-bs", "--paired-bs-n", "50", "-r", REF, SYS1, SYS2)
    assert code == 0, err
    head, first, second = out.splitlines()[:3]
    assert head.split()[-1] == "p-value"
    assert "±" in first and (first.endswith("baseline") or second.endswith("baseline"))


# --------------------------------------------------------------------------- presets, no silent mistakes


@pytest.mark.parametrize("preset", list(bleu2.PRESETS))
def test_preset_flag_equals_the_library_preset(capsys, preset):
    got = run_json(capsys, "--preset", preset, "-r", REF, "-r", REF_TOK, SYS1)
    lib = bleu2.corpus_bleu(
        lines_of(SYS1), bleu2.references_from_streams([lines_of(REF), lines_of(REF_TOK)]), preset=preset
    )
    assert got["score"] == lib.score and got["signature"] == lib.signature
    assert f"|preset:{preset}|" in got["signature"]


def test_sacrebleu_flag_is_the_sacrebleu_preset(capsys):
    assert run_json(capsys, "--sacrebleu", "-r", REF, SYS1) == run_json(
        capsys, "--preset", "sacrebleu", "-r", REF, SYS1
    )
    assert_error(*run_cli(capsys, "--preset", "mine", "-r", REF, SYS1), "--preset", "'sacrebleu', 'sacrebleu-sentence'")


def test_reference_length_and_rstrip_flags(capsys, tmp_path):
    ref_a, ref_b, hyp = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "h.txt"
    ref_a.write_text("a b c d e\n", encoding="utf-8")
    ref_b.write_text("a b c\n", encoding="utf-8")
    hyp.write_text("a b c d\n", encoding="utf-8")
    base = ("-n", "1", "-s", "none", "-t", "none", "-r", ref_a, "-r", ref_b, hyp)
    assert run_json(capsys, *base)["ref_len"] == 3
    assert run_json(capsys, "--ref-length", "closest-first", *base)["ref_len"] == 5
    assert run_json(capsys, "--ref-length", "shortest", *base)["ref_len"] == 3
    assert "rstrip:yes" in run_json(capsys, "--rstrip", *base)["signature"]


def test_sentence_with_a_significance_test_is_refused(capsys):
    for flag in ("--confidence", "--paired-bs", "--paired-ar"):
        assert_error(*run_cli(capsys, "--sentence", flag, "-r", REF, SYS1, SYS2), flag, "without --sentence", status=2)


def test_a_reference_read_as_a_system_is_named(capsys):
    code, out, err = run_cli(capsys, "-r", REF, REF_TOK, SYS1)
    assert code == 0 and out
    assert f"bleu2: warning: '{REF_TOK}' is read as a system (a candidate file), not a reference" in err
    assert f"-r {REF} -r {REF_TOK}" in err
    code, out, err = run_cli(capsys, "-r", REF, "-r", REF_TOK, SYS1)
    assert code == 0 and err == CLASSIC_NOTE
    code, out, err = run_cli(capsys, "-r", REF, SYS1)  # one system right after -r: the usual call
    assert code == 0 and err == CLASSIC_NOTE
    code, out, err = run_cli(capsys, "-r", REF, SYS1, SYS2)  # two systems, not named like references
    assert code == 0 and err == CLASSIC_NOTE


@pytest.mark.parametrize(
    "content,named",
    [
        (__import__("gzip").compress(b"a b\n", mtime=0), "is a gzip file: decompress it first"),
        ("a b\n".encode("utf-16"), "is UTF-16 (little-endian, with a byte-order mark)"),
        ("a b\n".encode("utf-16-be"), "is UTF-16 (big-endian, no byte-order mark)"),
        ("a b\n".encode("utf-32"), "is UTF-32"),
    ],
)
def test_gzip_and_utf16_files_are_named(capsys, tmp_path, content, named):
    bad = tmp_path / "sys.txt"
    bad.write_bytes(content)
    one = tmp_path / "ref.txt"
    one.write_text("a b\n", encoding="utf-8")
    assert_error(*run_cli(capsys, "-r", one, bad), f"{bad} {named}", status=1)


def test_sacrebleu_preset_keeps_a_byte_order_mark(capsys, tmp_path):
    """sacreBLEU's command line keeps a leading U+FEFF as part of the first word; bleu2's own
    reading drops it. Under the sacrebleu preset the CLI reads as sacreBLEU does."""
    hyps, refs = lines_of(SYS1), lines_of(REF)
    bom = tmp_path / "sys.bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + SYS1.read_bytes())
    kept = BLEU().corpus_score(["\ufeff" + hyps[0]] + hyps[1:], [refs])  # what sacreBLEU reads
    dropped = BLEU().corpus_score(hyps, [refs])
    assert kept.counts != dropped.counts
    for flag in (("--sacrebleu",), ("--preset", "sacrebleu")):
        assert run_json(capsys, *flag, "-r", REF, bom)["score"] == pytest.approx(kept.score / 100, abs=1e-9)
    own = run_json(
        capsys, "-n", "4", "-s", "exp", "-t", "13a", "--no-lowercase", "--empty-references", "count", "-r", REF, bom
    )
    assert own["score"] == pytest.approx(dropped.score / 100, abs=1e-9)


def test_presets_table_and_json(capsys, short_ted):
    ref, sys1, _ = short_ted
    code, out, err = run_cli(capsys, "--presets", "-r", ref, sys1)
    assert code == 0, err
    summary, table = out.split("\n\n")
    assert summary.startswith("BLEU-2 = ")
    assert table.startswith(f"presets ({sys1}; yours: BLEU-2 = ")
    for name in bleu2.PRESETS:
        assert f"\n{name} " in table
    got = run_json(capsys, "--presets", "-r", ref, sys1)
    from bleu2.metrics.bleu.peers import corpus_peer_table

    expected = corpus_peer_table(lines_of(sys1), lines_of(ref)).to_dict()["presets"]
    assert got["presets"] == json.loads(json.dumps(expected))
    assert [p["preset"] for p in got["presets"]] == list(bleu2.PRESETS)
    assert_error(*run_cli(capsys, "--presets", "--sentence", "-r", ref, sys1), "--presets", status=2)


@pytest.mark.parametrize("flag", ["-tok", "-lc", "-i", "-nr", "-sl", "-b", "-f"])
def test_sacrebleu_spellings_point_to_bleu2_sacrebleu(capsys, flag):
    # sacreBLEU's -tok intl would read as -t ok ("unknown tokenizer 'ok'")
    assert_error(*run_cli(capsys, "-r", REF, flag, "intl", SYS1), f"{flag} is sacreBLEU's spelling", "bleu2 sacrebleu")


@pytest.mark.parametrize(
    "argv, named",
    [
        (["--frobnicate", "-r", "REF", "SYS"], "unrecognized arguments: --frobnicate"),
        (["-r", "REF", "--max-order", "4x", "SYS"], "argument -n/--max-order: invalid int value: '4x'"),
        (["SYS"], "the following arguments are required: -r"),
    ],
)
def test_a_bad_option_is_one_line_that_names_help(capsys, argv, named):
    argv = [str(REF) if a == "REF" else str(SYS1) if a == "SYS" else a for a in argv]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "usage:" not in err
    assert err.startswith(f"bleu2: error: {named}") and err.endswith("(see bleu2 --help)\n")


def test_a_bad_sacrebleu_option_is_one_line_that_names_its_help(capsys):
    code, out, err = run_cli(capsys, "sacrebleu", str(REF), "-i", str(SYS1), "--frobnicate")
    assert code == 2 and out == ""
    assert err == "bleu2 sacrebleu: error: unrecognized arguments: --frobnicate (see bleu2 sacrebleu --help)\n"


def test_help_lists_the_subcommands(capsys):
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    listing = out[out.index("subcommands") :]
    assert re.search(r"^  bleu2 sacrebleu \.\.\. ", listing, re.M)
    assert re.search(r"^  bleu2 compare \.\.\. ", listing, re.M)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "## `bleu2 sacrebleu`" in docs and "$ bleu2 sacrebleu " in docs
