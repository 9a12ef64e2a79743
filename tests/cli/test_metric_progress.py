"""``bleu2 --metric chrf|ter`` shows its progress as BLEU does: a bar on a terminal (drawn
once the run lasts a second, erased at the end) and, with ``--progress``, lines in a log
(lines scored, then the significance test's resamples), on standard error only; standard
output is the same with and without it, and sacreBLEU 2.6.0's numbers (the oracle, run here)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest
from sacrebleu.metrics import CHRF, TER

from bleu2 import cli
from bleu2.cli import progress
from cli_runs import CLOCKED, N_LINES, REF, SYS1, SYS2, TtyStringIO, lines


@pytest.mark.parametrize("metric", ["chrf", "ter"])
def test_a_bar_on_a_terminal(metric, capsys, monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(progress, "_now", lambda: next(ticks) * 0.5)  # a "long" run
    fake_err = TtyStringIO()
    monkeypatch.setattr(sys, "stderr", fake_err)
    assert cli.main(["--metric", metric, "--json", "-r", str(REF), str(SYS1)]) == 0
    out, _ = capsys.readouterr()
    err = fake_err.getvalue()
    assert "\r" in err and f"{N_LINES} lines" in err and "scoring" in err
    assert err.endswith("\r") and err.rsplit("\r", 2)[-2].strip() == ""  # erased at the end
    theirs = (CHRF() if metric == "chrf" else TER()).corpus_score(lines(SYS1), [lines(REF)])
    assert json.loads(out)["score"] * 100 == pytest.approx(theirs.score, abs=1e-9)


@pytest.mark.parametrize("metric", ["chrf", "ter"])
def test_progress_lines_in_a_log(metric, tmp_path):
    argv = ["--metric", metric, "--paired-bs", "--paired-bs-n", "20", "-r", str(REF), str(SYS1), str(SYS2)]

    def run(*extra: str) -> subprocess.CompletedProcess[bytes]:
        proc = subprocess.run(
            [sys.executable, "-c", CLOCKED, *extra, *argv],
            capture_output=True,
            check=False,
            timeout=600,
            stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, proc.stderr
        return proc

    logged, quiet = run("--progress"), run()
    log = logged.stderr.decode().splitlines()
    assert "\r" not in logged.stderr.decode() and all(line.startswith("bleu2: ") for line in log)
    assert any(line.startswith(f"bleu2: scoring: {N_LINES:,} lines (100% read) in ") for line in log), log
    assert log[-1].startswith("bleu2: significance: 20/20 resamples (100%) in ") and log[-1].endswith("resamples/s")
    assert quiet.stderr == b"" and logged.stdout == quiet.stdout
