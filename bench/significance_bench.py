"""Significance-test benchmark: bleu2.corpus.significance against sacreBLEU 2.6.0.

    python -m bench.significance_bench [--repeat 3] [--lines 3004] [--skip-ar]

Data: the TED files (detokenized) repeated to 3,004 lines; the reference and three
systems: sys1 (the baseline), sys2, and sys3 mixing them (every third line from sys1,
the others from sys2). Options are sacreBLEU's defaults: BLEU-4, exp smoothing,
tokenizer 13a, case kept; seed 12345.

Timed (best of --repeat, wall clock; the runs alternate):
- paired bootstrap, 1,000 resamples, 3 systems:
    bleu2 in process, from the texts (statistics + test) and from statistics (test only);
    sacreBLEU's API in process (``PairedTest(..., 'bs')``: statistics + test);
    sacreBLEU's CLI in a subprocess: ``sacrebleu ref -i sys1 sys2 sys3 --paired-bs``
    (Python start-up, imports, reading, statistics, test, printing);
- paired approximate randomization, 10,000 trials (the same three ways);
- bootstrap confidence interval, 1,000 resamples, one system (``--confidence``).
sacreBLEU's process-wide tokenizer cache is cleared before each in-process run.
The results of bleu2 and sacreBLEU are compared and the largest difference printed.
Nothing here is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"
OPTS = dict(tokenizer="13a", smoothing="exp", max_order=4, lowercase=False)


def load(name: str) -> list[str]:
    with open(DATA / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


def build(n_lines: int):
    ref, s1, s2 = (load(f"ted.{x}.detok.eng") for x in ("ref", "sys1", "sys2"))

    def rep(lines: list[str]) -> list[str]:
        return [lines[i % len(lines)] for i in range(n_lines)]

    ref, s1, s2 = rep(ref), rep(s1), rep(s2)
    s3 = [b if i % 3 else a for i, (a, b) in enumerate(zip(s1, s2))]
    return ref, [s1, s2, s3]


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


# ----------------------------------------------------------------- bleu2


def bleu2_stats(ref, systems):
    import bleu2

    return [bleu2.corpus_bleu(h, ref, **OPTS, sentence_scores=False).sentence_stats for h in systems]


def bleu2_run(test: str, stats):
    from bleu2.corpus import significance as S
    from bleu2.metrics.bleu.options import BleuConfig

    cfg = BleuConfig.make(**OPTS)
    if test == "bs":
        return S.paired_bootstrap(stats, cfg, n=1000)
    if test == "ar":
        return S.paired_approximate_randomization(stats, cfg, n=10000)
    return S.confidence_intervals(stats[:1], cfg, n=1000)


# ----------------------------------------------------------------- sacreBLEU


def clear_sacrebleu_cache():
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    Tokenizer13a.__call__.cache_clear()


def sacre_run(test: str, ref, systems):
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    clear_sacrebleu_cache()
    os.environ["SACREBLEU_SEED"] = "12345"
    if test == "ci":
        s = BLEU().corpus_score(systems[0], [ref], n_bootstrap=1000)
        return [(s.score, s._mean, s._ci, None)]
    metric = BLEU(references=[ref])
    named = [(f"sys{i + 1}", h) for i, h in enumerate(systems)]
    _, scores = PairedTest(named, {"BLEU": metric}, None, test, 1000 if test == "bs" else 10000)()
    return [(r.score, r.mean, r.ci, r.p_value) for r in scores["BLEU"]]


def sacre_cli(test: str, files) -> float:
    exe = Path(sys.executable).with_name("sacrebleu")
    cmd = [str(exe)] if exe.exists() else [shutil.which("sacrebleu") or "sacrebleu"]
    ref, *systems = files
    cmd += [ref, "-i", *systems]
    cmd += {"bs": ["--paired-bs"], "ar": ["--paired-ar"], "ci": ["--confidence"]}[test]
    env = dict(os.environ, SACREBLEU_SEED="12345")
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def largest_difference(ours, theirs) -> str:
    worst, p_equal = 0.0, True
    for a, (score, mean, ci, p) in zip(ours, theirs):
        for x, y in ((a.score, score), (a.mean, mean), (a.ci, ci)):
            if x is not None and y is not None:
                worst = max(worst, abs(x - y / 100))
        p_equal &= a.p_value == p
    return f"max |bleu2 - sacreBLEU/100| = {worst:.1e}, p-values {'equal' if p_equal else 'DIFFER'}"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lines", type=int, default=3004)
    ap.add_argument("--skip-ar", action="store_true", help="skip approximate randomization (slow in sacreBLEU)")
    args = ap.parse_args(argv)
    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    import numpy
    import sacrebleu

    import bleu2

    ref, systems = build(args.lines)
    print(
        f"{args.lines} lines, 3 systems; bleu2 {bleu2.__version__}, sacreBLEU {sacrebleu.__version__}, "
        f"NumPy {numpy.__version__}, Python {sys.version.split()[0]}; best of {args.repeat}; "
        f"{os.cpu_count()} CPUs, load average {load_average()}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name, lines in [("ref", ref), ("sys1", systems[0]), ("sys2", systems[1]), ("sys3", systems[2])]:
            path = Path(tmp) / name
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            files.append(str(path))
        tests = [
            ("bs", "paired bootstrap, 1,000 resamples"),
            ("ar", "paired approximate randomization, 10,000 trials"),
            ("ci", "bootstrap confidence interval, 1,000 resamples, 1 system"),
        ]
        for test, title in tests:
            if test == "ar" and args.skip_ar:
                continue
            print(f"\n{title}")
            # the four runs alternate, so that a busy moment does not favour one of them
            n_sys = 1 if test == "ci" else 3
            times = {"stats": [], "test": [], "api": [], "cli": []}
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                stats = bleu2_stats(ref, systems[:n_sys])
                times["stats"].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                ours = bleu2_run(test, stats)
                times["test"].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                theirs = sacre_run(test, ref, systems)
                times["api"].append(time.perf_counter() - t0)
                times["cli"].append(sacre_cli(test, files[: n_sys + 1]))
            t_stats, t_test, t_api, t_cli = (min(times[k]) for k in ("stats", "test", "api", "cli"))
            t_ours = t_stats + t_test
            rows = [
                ("bleu2, test only (from statistics)", t_test),
                ("bleu2, statistics + test", t_ours),
                ("sacreBLEU API, statistics + test", t_api),
                ("sacreBLEU CLI (subprocess)", t_cli),
            ]
            for label, t in rows:
                print(
                    f"  {label:38s} {t:8.3f} s   sacreBLEU CLI / this = {t_cli / t:6.2f}   "
                    f"sacreBLEU API / this = {t_api / t:6.2f}"
                )
            print("  " + largest_difference(ours, theirs))
    print(f"\nload average at the end: {load_average()} (other processes make the times noisy)")


if __name__ == "__main__":
    main()
