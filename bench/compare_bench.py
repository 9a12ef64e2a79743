"""compare-mt's analyses: bleu2.compare against compare-mt 0.2.10's command line.

    python -m bench.compare_bench [--repeat 3] [--systems 2] [--no-page]

Data: the shared TED files (tokenized): the reference and sys1, sys2 (with --systems 3, a
third mixing them: line i from sys1 when i % 3 == 0, else sys2), written to a temporary
folder. Timed, best of --repeat (wall clock; the runs alternate):

- compare-mt's command line in a subprocess: ``compare-mt ref sys1 sys2`` (its default
  report: Python start-up, imports, reading, every analysis, printing), MPLBACKEND=Agg;
- ``bleu2 compare --preset compare-mt -r ref sys1 sys2`` in a subprocess (``python -m bleu2
  compare``: start-up, imports, reading and checking the files as the command line does,
  every analysis, printing the tables);
- bleu2 in a subprocess without the command line: ``import bleu2``, reading the files,
  ``bleu2.compare(..., preset="compare-mt")`` and printing ``to_text()``;
- bleu2 in process: ``bleu2.compare`` and ``to_text()`` on lines already read;
- the page's Compare view (unless --no-page; needs the built site, ``make site``): the same
  files given to corpus mode's file inputs in headless Chromium, the worker already started
  by an earlier run; timed from giving the files to the Compare view complete (files read,
  scored by corpus mode, compared in the worker, the view painted), and from the analyses'
  start (the files scored) to the view complete; best of --repeat.

The ratios bleu2 / compare-mt are printed; nothing is asserted: machines are noisy.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "ted"

BLEU2_RUN = """
import sys
import bleu2
paths = sys.argv[1:]
lines = []
for p in paths:
    with open(p, encoding="utf-8") as f:
        lines.append(f.read().split("\\n")[:-1])
r = bleu2.compare(lines[1:], [lines[0]], preset="compare-mt")
sys.stdout.write(r.to_text())
"""
COMPARE_MT_RUN = "from compare_mt.compare_mt_main import main; main()"


# The Compare view's analyses as the page shows them: started when its progress bar shows,
# done when its JSON is written after that (times from performance.now()).
WATCH_JS = """() => {
  const progress = document.getElementById('compare-progress'), json = document.getElementById('compare-json');
  if (window.__compare) window.__compare.observers.forEach(o => o.disconnect());
  const w = window.__compare = {started: null, done: null, observers: []};
  w.observers.push(new MutationObserver(() => {
    if (!progress.hidden && w.started === null) w.started = performance.now();
  }));
  w.observers.push(new MutationObserver(() => {
    if (w.started !== null && json.textContent) w.done = performance.now();
  }));
  w.observers[0].observe(progress, {attributes: true, attributeFilter: ['hidden']});
  w.observers[1].observe(json, {childList: true, characterData: true, subtree: true});
}"""


def load(name: str) -> list[str]:
    with open(DATA / name, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def timed(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - t


def page_runs(paths: list[str], repeat: int) -> tuple[float, float]:
    """The Compare view in the page: (files given -> view complete, analyses' start -> view
    complete), best of ``repeat``, in seconds; the first run (the worker's start-up) left out."""
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM, CHROMIUM_ARGS
    from tools.serve import start_server

    site = ROOT / "_site"
    if not (site / "index.html").exists():
        sys.exit("bench.compare_bench: _site/ is missing: run `make site` first (or pass --no-page)")
    server, base = start_server(site)
    best_total = best_tab = float("inf")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(base + "index.html")
            page.wait_for_selector("html[data-state=ready]", state="attached", timeout=120_000)
            page.click("#mode-corpus")
            page.select_option("#compare-rules", "compare-mt")  # the page's default is its own options
            for run in range(repeat + 1):
                page.evaluate("document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
                page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
                page.evaluate(WATCH_JS)
                t0 = time.perf_counter()
                page.set_input_files("#corpus-references", paths[0])
                page.set_input_files("#corpus-systems", paths[1:])
                page.wait_for_function(
                    "() => window.__compare.done !== null && document.getElementById('compare-progress').hidden",
                    timeout=900_000,
                )
                total = time.perf_counter() - t0
                state = page.evaluate("({started: window.__compare.started, done: window.__compare.done})")
                if run:  # the first run starts the worker
                    best_total = min(best_total, total)
                    best_tab = min(best_tab, (state["done"] - state["started"]) / 1000)
            browser.close()
    finally:
        server.shutdown()
    return best_total, best_tab


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--systems", type=int, default=2, choices=[2, 3])
    ap.add_argument("--no-page", action="store_true", help="leave out the page's Compare view")
    args = ap.parse_args()
    import bleu2

    ref, s1, s2 = (load(f"ted.{x}.eng") for x in ("ref", "sys1", "sys2"))
    systems = [s1, s2]
    if args.systems == 3:
        systems.append([a if i % 3 == 0 else b for i, (a, b) in enumerate(zip(s1, s2))])
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, lines in [("ref", ref)] + [(f"sys{i + 1}", s) for i, s in enumerate(systems)]:
            p = Path(tmp) / f"ted.{name}.eng"
            p.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
            paths.append(str(p))
        cmt_cmd = [sys.executable, "-c", COMPARE_MT_RUN, *paths]
        if len(systems) > 2:
            directions = ";".join(f"0-{i}" for i in range(1, len(systems)))
            cmt_cmd += ["--compare_ngrams", f"compare_type=match,compare_directions={directions}"]
            cmt_cmd += ["--compare_sentence_examples", f"score_type=sentbleu,compare_directions={directions}"]
        b2_cmd = [sys.executable, "-c", BLEU2_RUN, *paths]
        cli_cmd = [sys.executable, "-m", "bleu2", "compare", "--preset", "compare-mt", "-r", *paths]
        best = {
            "compare-mt CLI": float("inf"),
            "bleu2 compare CLI": float("inf"),
            "bleu2 subprocess": float("inf"),
            "bleu2 in process": float("inf"),
        }
        for _ in range(args.repeat):
            best["compare-mt CLI"] = min(best["compare-mt CLI"], timed(cmt_cmd, env))
            best["bleu2 compare CLI"] = min(best["bleu2 compare CLI"], timed(cli_cmd, env))
            best["bleu2 subprocess"] = min(best["bleu2 subprocess"], timed(b2_cmd, env))
            t = time.perf_counter()
            bleu2.compare(systems, [ref], preset="compare-mt").to_text()
            best["bleu2 in process"] = min(best["bleu2 in process"], time.perf_counter() - t)
        if not args.no_page:
            total, tab = page_runs(paths, args.repeat)
            best["page: files to view"] = total
            best["page: analyses+view"] = tab
    print(f"compare-mt analyses, TED ({len(ref)} lines, {len(systems)} systems), best of {args.repeat}")
    print(f"load average: {load_average()}; Python {sys.version.split()[0]}")
    base = best["compare-mt CLI"]
    for name, secs in best.items():
        print(f"  {name:<20} {secs:7.3f} s   {secs / base:5.2f}x compare-mt's CLI")
    if not args.no_page:
        print(
            "  page: headless Chromium, the worker started; files to view = giving the files to the"
            " Compare view complete (read, scored, compared, painted); analyses+view = from the"
            " analyses' start (files scored) to the view complete. Target: <= 1x compare-mt's CLI."
        )


if __name__ == "__main__":
    main()
