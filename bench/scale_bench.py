"""Scale benchmark: bleu2's command line on 10^5 .. 10^7 unique lines, against sacreBLEU's.

    python -m bench.scale_bench [--sizes 1e5,1e6,1e7] [--sacrebleu-sizes 1e5,1e6]
        [--jobs-size 1e6] [--metric-jobs-size 5e4] [--paired-size 1e6] [--paired-n 100]
        [--dask-size 1e6] [--dir DIR]

Data: the shared TED files (detokenized reference, sys1, sys2, and sys3 taking every third
line from sys1 and the others from sys2), repeated to N lines with the line number
appended to every line, so that no two lines are the same; written to a temporary folder
(removed at the end unless --dir is given).

Each run is a child process, timed by the wall clock; its peak RSS is the child's
``ru_maxrss`` (``os.wait4``: the largest of the child and the processes it waited for, so
for ``--jobs 2`` the largest process, not their sum). Options are sacreBLEU's defaults
(BLEU-4, 13a, exp smoothing, case kept): ``bleu2 --sacrebleu`` and ``sacrebleu``'s CLI.

Printed:
- corpus BLEU of sys1 at every size: bleu2 (1 process) time, microseconds per line and
  peak RSS; sacreBLEU's CLI at --sacrebleu-sizes (same run) and the ratio;
- ``--jobs 2`` at --jobs-size: time, speed-up over 1 process (the ``--jobs`` ratio), for
  BLEU, then for chrF and TER (``bleu2 --metric chrf|ter``: the same corpus pipeline) at
  --metric-jobs-size;
- paired bootstrap (``--paired-bs``, --paired-n resamples, default 100: the peak memory
  does not depend on it, the time does) of sys1, sys2, sys3 at --paired-size: time and
  peak RSS;
- bleu2.dask.corpus_bleu on a distributed.LocalCluster (2 workers, 1 thread each) at
  --dask-size, the pairs made on the workers: time without the cluster's start;
- whether every score equals the single-process one (bit for bit) and sacreBLEU's.
Nothing here is asserted: machines are noisy; the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"
NAMES = ("ref", "sys1", "sys2", "sys3")


def load() -> dict[str, list[str]]:
    texts = {n: (DATA / f"ted.{n}.detok.eng").read_text(encoding="utf-8").split("\n")[:-1] for n in NAMES[:3]}
    texts["sys3"] = [b if i % 3 else a for i, (a, b) in enumerate(zip(texts["sys1"], texts["sys2"]))]
    return texts


def unique_line(lines: list[str], i: int) -> str:
    """Line i of an N-line file: the shared data's line i mod its length, then i."""
    return f"{lines[i % len(lines)]} {i}"


def write(folder: Path, name: str, lines: list[str], n: int) -> Path:
    path = folder / f"{name}.{n}.txt"
    if not path.exists():
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(
                "".join(unique_line(lines, i) + "\n" for i in range(start, min(n, start + 100_000)))
                for start in range(0, n, 100_000)
            )
    return path


def run_child(cmd: list[str]) -> tuple[float, int, str]:
    """(seconds, peak RSS in MB, stdout) of a child process, reaped with os.wait4 to read
    its resource usage."""
    with tempfile.TemporaryFile() as out_f, tempfile.TemporaryFile() as err_f:
        t0 = time.perf_counter()
        pid = subprocess.Popen(cmd, stdout=out_f, stderr=err_f, stdin=subprocess.DEVNULL).pid
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - t0
        out_f.seek(0)
        err_f.seek(0)
        out, err = out_f.read().decode(), err_f.read().decode()
    if status:
        raise RuntimeError(f"{' '.join(cmd)} failed ({status}): {err[-2000:]}")
    return seconds, usage.ru_maxrss // 1024, out


def bleu2_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "bleu2", "--sacrebleu", "--json", *args]


def sacrebleu_cmd(ref: Path, hyp: Path) -> list[str]:
    exe = Path(sys.executable).with_name("sacrebleu")
    return [str(exe) if exe.exists() else "sacrebleu", str(ref), "-i", str(hyp), "-b", "-w", "10"]


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def size(text: str) -> int:
    return int(float(text))


def sizes(text: str) -> list[int]:
    return [size(x) for x in text.split(",") if x.strip()]


def dask_child(n: int) -> None:
    """In a child process: corpus BLEU of n unique pairs on a 2-worker LocalCluster."""
    import bleu2.dask
    import dask.bag as db
    from distributed import Client, LocalCluster

    from bleu2.metrics.bleu.options import SACREBLEU_OPTIONS

    texts = load()
    ref, hyp = texts["ref"], texts["sys1"]
    t0 = time.perf_counter()
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster),
    ):
        started = time.perf_counter() - t0
        t1 = time.perf_counter()
        pairs = db.range(n, npartitions=max(2, n // 50_000)).map(
            lambda i: (f"{hyp[i % len(hyp)]} {i}", f"{ref[i % len(ref)]} {i}")
        )
        result = bleu2.dask.corpus_bleu(pairs, **SACREBLEU_OPTIONS)
        seconds = time.perf_counter() - t1
    print(json.dumps({"start": started, "seconds": seconds, "result": result.corpus.to_dict()}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=sizes, default=[10**5, 10**6, 10**7])
    ap.add_argument("--sacrebleu-sizes", type=sizes, default=[10**5, 10**6])
    ap.add_argument("--jobs-size", type=size, default=10**6)
    # chrF and TER cost more per line than BLEU (TER most: its shift search)
    ap.add_argument("--metric-jobs-size", type=size, default=5 * 10**4)
    ap.add_argument("--paired-size", type=size, default=10**6)
    # the peak memory does not depend on it (resamples are drawn a few at a time); the time does
    ap.add_argument("--paired-n", type=int, default=100)
    ap.add_argument("--dask-size", type=size, default=10**6)
    ap.add_argument("--dir", type=Path, help="keep the generated files here (default: a temporary folder)")
    ap.add_argument("--dask-child", type=size, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.dask_child:
        return dask_child(args.dask_child)

    folder = args.dir or Path(tempfile.mkdtemp(prefix="bleu2-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"bleu2 scale benchmark: {os.cpu_count()} cores, load average {load_average()}, files in {folder}")
    texts = load()
    rows: list[str] = []
    scores: dict[int, dict] = {}
    single: dict[int, tuple[float, int, str]] = {}
    mismatches: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        rows.append(text)

    try:
        for n in args.sizes:
            ref, hyp = write(folder, "ref", texts["ref"], n), write(folder, "sys1", texts["sys1"], n)
            t, rss, out = single[n] = run_child(bleu2_cmd("-r", str(ref), str(hyp)))
            scores[n] = json.loads(out)
            line = f"{n:>12,} lines  bleu2 {t:8.1f} s {t / n * 1e6:7.1f} us/line {rss:6,} MB"
            if n in args.sacrebleu_sizes:
                ts, rss_s, out_s = run_child(sacrebleu_cmd(ref, hyp))
                theirs = float(out_s.split()[0])
                diff = abs(scores[n]["score"] * 100 - theirs)
                line += f"   sacreBLEU {ts:8.1f} s {rss_s:6,} MB   time x{ts / t:.2f}, memory x{rss_s / rss:.1f}"
                line += f"   |score diff| {diff:.1e} (percent)"
                if diff > 1e-8:
                    mismatches.append(f"{n}: bleu2 {scores[n]['score'] * 100} vs sacreBLEU {theirs}")
            say(line)
        if args.jobs_size:
            n = args.jobs_size
            ref, hyp = write(folder, "ref", texts["ref"], n), write(folder, "sys1", texts["sys1"], n)
            if n in single:  # the 1-process run of that size, above
                t1, rss1, out1 = single[n]
            else:
                t1, rss1, out1 = run_child(bleu2_cmd("-r", str(ref), str(hyp)))
            t2, rss2, out2 = run_child(bleu2_cmd("--jobs", "2", "-r", str(ref), str(hyp)))
            same = out1 == out2
            mismatches += [] if same else [f"--jobs 2 at {n}"]
            say(
                f"{n:>12,} lines  --jobs 1 {t1:8.1f} s {rss1:,} MB   --jobs 2 {t2:8.1f} s {rss2:,} MB (largest process)"
                f"   speed-up x{t1 / t2:.2f}   output {'identical' if same else 'DIFFERS'}"
            )
        if args.metric_jobs_size:
            n = args.metric_jobs_size
            ref, hyp = write(folder, "ref", texts["ref"], n), write(folder, "sys1", texts["sys1"], n)
            for metric in ("chrf", "ter"):
                argv = ["--metric", metric, "-r", str(ref), str(hyp)]
                t1, rss1, out1 = run_child([sys.executable, "-m", "bleu2", "--json", *argv])
                t2, rss2, out2 = run_child([sys.executable, "-m", "bleu2", "--json", "--jobs", "2", *argv])
                same = out1 == out2
                mismatches += [] if same else [f"--metric {metric} --jobs 2 at {n}"]
                say(
                    f"{n:>12,} lines  --metric {metric:<4} --jobs 1 {t1:8.1f} s {rss1:,} MB   --jobs 2 {t2:8.1f} s "
                    f"{rss2:,} MB   speed-up x{t1 / t2:.2f}   output {'identical' if same else 'DIFFERS'}"
                )
        if args.paired_size:
            n = args.paired_size
            files = [str(write(folder, name, texts[name], n)) for name in NAMES]
            t, rss, out = run_child(
                bleu2_cmd("--paired-bs", "--paired-bs-n", str(args.paired_n), "-r", files[0], *files[1:])
            )
            p = [d["p_value"] for d in json.loads(out)]
            say(
                f"{n:>12,} lines  paired bootstrap, {args.paired_n} resamples, 3 systems  {t:8.1f} s {rss:,} MB"
                f"   p-values {p}"
            )
        if args.dask_size:
            n = args.dask_size
            t, rss, out = run_child([sys.executable, __file__, "--dask-child", str(n)])
            got = json.loads(out)
            if n not in scores:
                ref, hyp = write(folder, "ref", texts["ref"], n), write(folder, "sys1", texts["sys1"], n)
                scores[n] = json.loads(run_child(bleu2_cmd("-r", str(ref), str(hyp)))[2])
            same = got["result"] == scores[n]
            mismatches += [] if same else [f"dask at {n}"]
            say(
                f"{n:>12,} lines  bleu2.dask on LocalCluster(2 workers): {got['seconds']:8.1f} s "
                f"(+{got['start']:.1f} s start-up), client {rss:,} MB   result "
                f"{'equal to 1 process, bit for bit' if same else 'DIFFERS'}"
            )
        print(f"\nload average {load_average()}")
        print("\n".join(rows))
        print(
            "scores: "
            + (
                "all equal (bleu2 1 process / --jobs 2 for BLEU, chrF, TER / Dask; sacreBLEU)"
                if not mismatches
                else "; ".join(mismatches)
            )
        )
    finally:
        if args.dir is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
