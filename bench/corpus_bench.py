"""Corpus-mode benchmark: the page's worker against CPython, and a 50 MB corpus.

    python -m bench.corpus_bench [--skip-50mb]

1. 16 systems x 3,004 lines, one reference file (the input of bench/engine_bench.py part 1,
   written to files): the same job (bleu2.page.corpus.session.Session: load the files, score every
   system, BLEU-2 with the defaults) timed in CPython and in the page (headless Chromium,
   corpus mode, files given to the file inputs, scored in the PyScript worker). Printed:
   both times and their ratio (target: page <= 3x CPython), the worker's start-up apart.
2. A 50 MB corpus (a 25 MB reference file and a 25 MB system file, TED lines repeated):
   loaded and scored in the page; printed: the time, and the longest main-thread task
   while loading and scoring (the page must not freeze: target < 200 ms).
3. BLEU, chrF and TER on two TED systems (detokenized): the page's job with the metric chrF
   (which scores chrF and TER beside BLEU), against ``sacrebleu REF -i SYS1 SYS2 -m bleu chrf
   ter`` on the same files, in the same run (target: page <= 1x sacreBLEU).
Nothing is asserted: machines are noisy (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_server

ROOT = Path(__file__).resolve().parents[1]


LONG_TASKS_JS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => window.__longTasks.push(e.duration)))
    .observe({type: "longtask"});
}"""

# The job as the page shows it: scoring while its Cancel button is enabled (from
# performance.now() when it is enabled to when it is disabled again).
SCORING_JS = """() => {
  const cancel = document.getElementById('corpus-cancel');
  if (window.__scoring) window.__scoring.observer.disconnect();
  const s = window.__scoring = {start: null, end: null};
  s.observer = new MutationObserver(() => {
    if (!cancel.disabled && s.start === null) s.start = performance.now();
    else if (cancel.disabled && s.start !== null && s.end === null) s.end = performance.now();
  });
  s.observer.observe(cancel, {attributes: true, attributeFilter: ['disabled']});
}"""


def cpython_job(ref: Path, systems: list[Path]) -> float:
    from bleu2.page.corpus.session import Session

    t0 = time.perf_counter()
    s = Session()
    s.load("reference", ref.name, ref.read_bytes())
    for p in systems:
        s.load("system", p.name, p.read_bytes())
    job = s.start({"lang": "en", "form": {}})["job"]
    while not s.step(job, 1e9)["done"]:
        pass
    return time.perf_counter() - t0


def page_job(page, ref: Path, systems: list[Path], timeout_ms: int = 900_000) -> dict:
    # (the same files give the same JSON: wait for this job's end)
    page.evaluate(SCORING_JS)
    page.evaluate(LONG_TASKS_JS)
    t0 = time.perf_counter()
    page.set_input_files("#corpus-references", str(ref))
    page.set_input_files("#corpus-systems", [str(p) for p in systems])
    page.wait_for_function(
        "() => document.getElementById('corpus-json').textContent.length > 10 && window.__scoring.end !== null",
        timeout=timeout_ms,
    )
    total = time.perf_counter() - t0
    scoring = page.evaluate("window.__scoring.end - window.__scoring.start") / 1000
    longest = page.evaluate("Math.max(0, ...window.__longTasks)")
    return {"total": total, "scoring": scoring, "longest_task_ms": longest}


def metrics_part(page) -> None:
    """Part 3: BLEU, chrF and TER on two TED systems, the page against sacreBLEU's command line."""
    from bench import engine_bench

    folder = engine_bench.DATA  # ../shared/data/ted
    ref, systems = folder / "ted.ref.detok.eng", [folder / "ted.sys1.detok.eng", folder / "ted.sys2.detok.eng"]
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "sacrebleu", str(ref), "-i", *map(str, systems), "-m", "bleu", "chrf", "ter"]
    subprocess.run(cmd, check=True, capture_output=True)
    peer = time.perf_counter() - t0
    page.evaluate("document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    page.select_option("#opt-metric", "chrf")
    job = page_job(page, ref, systems)
    print("2 TED systems x 2,445 lines, BLEU + chrF + TER:")
    print(f"  sacrebleu -m bleu chrf ter:          {peer:7.2f} s")
    print(f"  page (files to result):             {job['total']:7.2f} s   scoring {job['scoring']:.2f} s")
    print(f"  page / sacreBLEU: {job['total'] / peer:.2f}   target <= 1")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-50mb", action="store_true")
    ap.add_argument("--only-metrics", action="store_true", help="part 3 alone")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from bench import engine_bench

    site = ROOT / "_site"
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ref_lines, systems = engine_bench.wmt_size()
        ref = tmp / "ref.txt"
        ref.write_text("\n".join(ref_lines) + "\n", encoding="utf-8")
        paths = []
        for k, lines in enumerate(systems):
            p = tmp / f"system{k + 1:02d}.txt"
            p.write_text("\n".join(lines) + "\n", encoding="utf-8")
            paths.append(p)
        cpython = 0.0 if args.only_metrics else min(cpython_job(ref, paths) for _ in range(2))
        server, base = start_server(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(base + "index.html")
                page.wait_for_selector("html[data-state=ready]", state="attached", timeout=120_000)
                page.click("#mode-corpus")
                if args.only_metrics:
                    metrics_part(page)
                    browser.close()
                    return
                first = page_job(page, ref, paths)  # includes the worker's start-up
                page.evaluate("document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
                page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
                again = page_job(page, ref, paths)
                print(f"16 systems x {len(ref_lines)} lines, BLEU-2 defaults:")
                print(f"  CPython (the same Session job):     {cpython:7.2f} s")
                print(
                    f"  page, first run (worker start-up):  {first['total']:7.2f} s   scoring {first['scoring']:.2f} s"
                )
                print(
                    f"  page, second run:                   {again['total']:7.2f} s   scoring {again['scoring']:.2f} s"
                )
                print(
                    f"  page / CPython: {again['total'] / cpython:.2f} (files to result), "
                    f"{again['scoring'] / cpython:.2f} (scoring)   target <= 3"
                )
                print(f"  longest main-thread task: {max(first['longest_task_ms'], again['longest_task_ms']):.0f} ms")
                if not args.skip_50mb:
                    ted = engine_bench.load("ted.ref.detok.eng"), engine_bench.load("ted.sys1.detok.eng")
                    big_ref, big_sys = tmp / "big.ref.txt", tmp / "big.sys.txt"
                    # the same number of copies of each side (line i of one is line i of the other)
                    copies = 25 * 2**20 // len(("\n".join(ted[0]) + "\n").encode("utf-8"))
                    for path, lines in ((big_ref, ted[0]), (big_sys, ted[1])):
                        path.write_text(("\n".join(lines) + "\n") * copies, encoding="utf-8")
                    size = (big_ref.stat().st_size + big_sys.stat().st_size) / 2**20
                    page.evaluate("document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
                    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
                    big = page_job(page, big_ref, [big_sys])
                    print(
                        f"{size:.0f} MB corpus (2 files): loaded and scored in {big['total']:.1f} s "
                        f"(scoring {big['scoring']:.1f} s); longest main-thread task {big['longest_task_ms']:.0f} ms"
                        "   target < 200 ms"
                    )
                metrics_part(page)
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
