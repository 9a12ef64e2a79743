"""``bleu2 --metric chrf|ter`` through the one corpus pipeline, as BLEU: ``--jobs 2`` prints
what one process prints, bit for bit (scores, significance figures, ``--sentence`` lines);
``--progress`` logs the lines scored in worker processes too (the files read in step, for
every metric: tests/cli/test_streaming.py).

Oracles: the single-process run (for --jobs the promise is equality, bit for bit),
sacreBLEU 2.6.0's scores, and the files' own line counts.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sacrebleu.metrics import CHRF, TER

from bleu2.corpus.pipeline import CHUNK_LINES
from cli_runs import CLOCKED, N_LINES, REF, REF2, SYS1, SYS2, lines, run_cli

HEAD = 600  # lines of the --jobs runs, cut in chunks of 150: four chunks for two workers


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


@pytest.mark.parametrize("metric", ["chrf"])
def test_progress_with_two_jobs_logs_the_lines_scored(metric):
    proc = subprocess.run(
        [sys.executable, "-c", CLOCKED, "--metric", metric, "--jobs", "2", "--progress", "-r", str(REF), str(SYS1)],
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
