"""The command line on streams: files read line by line in step, --sentence written as it
goes, files that end early, --jobs (the same output bit for bit), --progress in logs.

Oracles: the single-process run (for --jobs: the promise is equality, bit for bit) and
the files' own line counts.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

import pytest

from bleu2.cli.bleu2_command import CLASSIC_NOTE
from bleu2.corpus.pipeline import CHUNK_LINES
from cli_runs import CLOCKED, N_LINES, REF, REF2, SYS1, SYS2, run_cli


def head(path, k, tmp_path):
    """The first k lines of ``path`` in a file of their own."""
    out = tmp_path / f"{path.name}.{k}"
    out.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:k]))
    return out


# --------------------------------------------------------------------------- in step


def _read_line(stream, deadline: float) -> bytes:
    """One line of a child's stdout; fails (no hang) if none comes before ``deadline``."""
    buf = b""
    while not buf.endswith(b"\n"):
        ready, _, _ = select.select([stream], [], [], max(deadline - time.monotonic(), 0))
        assert ready, "no line came"
        chunk = os.read(stream.fileno(), 1)
        assert chunk, "the output ended"
        buf += chunk
    return buf


@pytest.mark.skipif(sys.platform == "win32", reason="select on pipes")
@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_sentence_lines_come_while_the_system_is_still_being_written(metric):
    """The system comes on a pipe that stays open: the first chunk's results are out
    before the rest of the input exists, so the files are read in step, not first whole."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bleu2", "--metric", metric, "--sentence", "-r", str(REF)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    system = SYS1.read_bytes().splitlines(keepends=True)
    try:
        proc.stdin.write(b"".join(system[:CHUNK_LINES]))
        proc.stdin.flush()
        first = json.loads(_read_line(proc.stdout, time.monotonic() + 120))
        assert first["line"] == 1 and proc.poll() is None  # still waiting for the rest
        proc.stdin.write(b"".join(system[CHUNK_LINES:]))
        proc.stdin.close()
        rest = proc.stdout.read().decode().splitlines()
        assert proc.wait(timeout=120) == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()
    assert [json.loads(x)["line"] for x in rest] == list(range(2, N_LINES + 1))


def test_a_system_that_ends_early_is_named_with_its_line_count(capsys, tmp_path):
    # ends after the first chunk has been scored: the others are counted to their end
    short = head(SYS2, CHUNK_LINES + 10, tmp_path)
    code, out, err = run_cli(capsys, "-r", REF, SYS1, short)
    assert code == 1 and out == ""
    assert err == (
        f"bleu2: error: line counts differ: {REF} has {N_LINES} lines, {short} has {CHUNK_LINES + 10} lines\n"
    )


def test_a_reference_that_ends_early_is_named_and_sentence_lines_before_it_stay(capsys, tmp_path):
    short_ref = head(REF2, 5, tmp_path)
    code, out, err = run_cli(capsys, "--sentence", "-r", REF, "-r", short_ref, SYS1)
    assert code == 1
    assert f"{REF} has {N_LINES} lines, {short_ref} has 5 lines" in err
    assert out == ""  # it ended within the first chunk: nothing was scored
    longer = head(SYS1, CHUNK_LINES + 1, tmp_path)
    code, out, err = run_cli(capsys, "--sentence", "-r", head(REF, CHUNK_LINES + 1, tmp_path), SYS1)
    assert code == 1 and f"has {CHUNK_LINES + 1} lines, {SYS1} has {N_LINES} lines" in err
    # the first chunk's lines were written as they came, and they are right
    assert [json.loads(x)["line"] for x in out.splitlines()] == list(range(1, CHUNK_LINES + 1))
    code, whole, _ = run_cli(capsys, "--sentence", "-r", head(REF, CHUNK_LINES + 1, tmp_path), longer)
    assert code == 0 and whole.startswith(out)


def test_invalid_utf8_far_into_a_file_names_its_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    data = SYS1.read_bytes().splitlines(keepends=True)
    data[2300] = b"caf\xe9\n"
    bad.write_bytes(b"".join(data))
    code, out, err = run_cli(capsys, "-r", REF, bad)
    assert code == 1 and out == ""
    assert f"{bad}: line 2301 is not valid UTF-8 (byte 0xe9 at byte 4 of the line)" in err


# --------------------------------------------------------------------------- --jobs


@pytest.mark.parametrize(
    "argv",
    [
        ["--json", "-r", REF, "-r", REF2, SYS1, SYS2],
        ["--sentence", "-r", REF, SYS1, SYS2],
        ["--json", "--sacrebleu", "--paired-bs", "--paired-bs-n", "100", "-r", REF, SYS1, SYS2, SYS1],
        ["--json", "--sacrebleu", "--paired-ar", "--paired-ar-n", "300", "-r", REF, SYS1, SYS2],
        ["--confidence", "--confidence-n", "100", "-r", REF, SYS2],
    ],
    ids=["corpus", "sentence", "paired-bs", "paired-ar", "confidence"],
)
def test_two_jobs_print_what_one_prints_bit_for_bit(capsys, argv):
    one = run_cli(capsys, "--jobs", "1", *argv)
    two = run_cli(capsys, "--jobs", "2", *argv)
    assert one[0] == 0 and one[2] == (CLASSIC_NOTE if "--confidence" in argv else ""), one[2]  # bleu2's defaults
    assert two == one


def test_jobs_zero_is_every_core_and_negative_is_refused(capsys):
    assert run_cli(capsys, "-j", "0", "-r", REF, SYS1) == run_cli(capsys, "-r", REF, SYS1)
    code, out, err = run_cli(capsys, "--jobs", "-1", "-r", REF, SYS1)
    assert code == 2 and out == "" and "--jobs must be 0 (one per core) or more, got -1" in err


# --------------------------------------------------------------------------- --progress


def test_progress_writes_lines_to_a_log():
    proc = subprocess.run(
        [sys.executable, "-c", CLOCKED, "--progress", "--paired-bs", "--paired-bs-n", "20", "-r", str(REF)]
        + [str(SYS1), str(SYS2)],
        capture_output=True,
        check=False,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    err = proc.stderr.decode()
    assert "\r" not in err  # lines, not a bar
    *log, note = err.splitlines()
    assert note + "\n" == CLASSIC_NOTE  # bleu2's defaults: said after the output
    assert all(line.startswith("bleu2: ") for line in log)
    # lines done, the rate, and the part read (the total is not known while reading)
    assert any(line.startswith("bleu2: scoring: 2,048 lines (") and "read), " in line for line in log), log
    assert any(line.startswith(f"bleu2: scoring: {N_LINES:,} lines (100% read) in ") for line in log), log
    # the significance test's total is known
    assert log[-1].startswith("bleu2: significance: 20/20 resamples (100%) in ") and log[-1].endswith("resamples/s")
    assert proc.stdout.decode().splitlines()[0].split()[:3] == ["rank", "system", "BLEU-2"]


def test_without_progress_a_log_stays_empty():
    proc = subprocess.run(
        [sys.executable, "-c", CLOCKED, "-r", str(REF), str(SYS1)],
        capture_output=True,
        check=False,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0 and proc.stderr == CLASSIC_NOTE.encode()


# --------------------------------------------------------------------------- pipes


def test_a_reader_that_goes_away_stops_the_run_quietly():
    proc = subprocess.Popen(
        [sys.executable, "-m", "bleu2", "--sentence", "-r", str(REF), str(SYS1), str(SYS2)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=120) == 0
    assert json.loads(first)["line"] == 1
    assert proc.stderr.read() == b""
