"""``bleu2 --metric chrf|ter`` through the one corpus pipeline, as BLEU: ``--jobs 2`` prints
what one process prints, bit for bit (scores, significance figures, ``--sentence`` lines);
the files are read in step (a line's result is out while the input is still being
written); ``--progress`` logs the lines scored in worker processes too.

Oracles: the single-process run (for --jobs the promise is equality, bit for bit),
sacreBLEU 2.6.0's scores, and the files' own line counts.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sacrebleu.metrics import CHRF, TER

from bleu2 import cli
from bleu2.corpus.pipeline import CHUNK_LINES
from shared_data import TED

REF, REF2, SYS1, SYS2 = (
    TED / n for n in ("ted.ref.detok.eng", "ted.ref.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")
)
N_LINES = 2445  # more than one chunk
HEAD = 600  # lines of the --jobs runs, cut in chunks of 150: four chunks for two workers


def run_cli(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def lines(path, k: int | None = None) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1][:k]


@pytest.fixture(scope="module")
def heads(tmp_path_factory):
    folder = tmp_path_factory.mktemp("heads")
    for path in (REF, REF2, SYS1, SYS2):
        (folder / path.name).write_text("".join(x + "\n" for x in lines(path, HEAD)), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    "argv",
    [
        ["--metric", "chrf", "--paired-bs", "--paired-bs-n", "50", "-r", REF, SYS1, SYS2],
        ["--metric", "chrf", "--word-order", "2", "--json", "-r", REF, "-r", REF2, SYS1],
        ["--metric", "ter", "--json", "--confidence", "--confidence-n", "50", "-r", REF, SYS2],
        ["--metric", "ter", "--sentence", "-r", REF, SYS1],
    ],
    ids=["chrf-paired-bs", "chrf++-two-references", "ter-confidence", "ter-sentence"],
)
def test_two_jobs_print_what_one_prints_bit_for_bit(capsys, monkeypatch, heads, argv):
    monkeypatch.setattr("bleu2.cli.bleu2_command.CHUNK_LINES", 200)
    argv = [heads / a.name if hasattr(a, "name") else a for a in argv]
    one = run_cli(capsys, "--jobs", "1", *argv)
    two = run_cli(capsys, "--jobs", "2", *argv)
    assert one[0] == 0 and one[2] == "", one[2]
    assert two == one
    ref, ref2, sys1, sys2 = (lines(heads / p.name) for p in (REF, REF2, SYS1, SYS2))
    if "--sentence" in argv:  # sacreBLEU's sentence TER on every line
        rows = [json.loads(x) for x in one[1].splitlines()]
        ter = TER()
        theirs = [ter.sentence_score(h, [r]).score for h, r in zip(sys1, ref)]
        assert [row["line"] for row in rows] == list(range(1, HEAD + 1))
        assert [100 * row["score"] for row in rows] == pytest.approx(theirs, abs=1e-9)
    elif "--word-order" in argv:
        theirs = CHRF(word_order=2).corpus_score(sys1, [ref, ref2]).score
        assert 100 * json.loads(one[1])["score"] == pytest.approx(theirs, abs=1e-9)
    elif "ter" in argv:
        theirs = TER().corpus_score(sys2, [ref])
        shown = json.loads(one[1])
        assert 100 * shown["score"] == pytest.approx(theirs.score, abs=1e-9)
        assert (shown["num_edits"], shown["ref_length"]) == (theirs.num_edits, theirs.ref_length)


@pytest.mark.parametrize("metric", ["chrf", "ter"])
def test_sentence_lines_come_while_the_system_is_still_being_written(metric):
    """The system comes on a pipe that stays open: the first chunk's lines are out before
    the rest of the input exists, so the files are read in step, not first whole."""
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
        first = json.loads(proc.stdout.readline())  # blocks until the first chunk is scored
        assert first["line"] == 1 and proc.poll() is None  # still waiting for the rest
        proc.stdin.write(b"".join(system[CHUNK_LINES:]))
        proc.stdin.close()
        rest = proc.stdout.read().decode().splitlines()
        assert proc.wait(timeout=300) == 0, proc.stderr.read()
    finally:
        proc.kill()
    assert len(rest) == N_LINES - 1 and json.loads(rest[-1])["line"] == N_LINES


_CLOCKED = (
    "import itertools, sys\n"
    "import bleu2.cli as c\n"
    "import bleu2.cli.progress as p\n"
    "t = itertools.count()\n"
    "p._now = lambda: next(t) * 6.0\n"  # every read of the clock is 6 s later
    "sys.exit(c.main(sys.argv[1:]))\n"
)


@pytest.mark.parametrize("metric", ["chrf"])
def test_progress_with_two_jobs_logs_the_lines_scored(metric):
    proc = subprocess.run(
        [sys.executable, "-c", _CLOCKED, "--metric", metric, "--jobs", "2", "--progress", "-r", str(REF), str(SYS1)],
        capture_output=True,
        check=False,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    log = proc.stderr.decode().splitlines()
    assert "\r" not in proc.stderr.decode() and all(line.startswith("bleu2: ") for line in log)
    assert any(line.startswith(f"bleu2: scoring: {CHUNK_LINES:,} lines (") for line in log), log
    assert any(line.startswith(f"bleu2: scoring: {N_LINES:,} lines (100% read) in ") for line in log), log
    name = "chrF2" if metric == "chrf" else "TER"
    assert proc.stdout.decode().startswith(f"{name} = ")
