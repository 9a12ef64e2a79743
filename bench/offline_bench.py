"""Offline page benchmark (``make bench-offline``): bleu2-offline.html from file:// against the
served page, cold, in headless Chromium and in Firefox ESR.

    python -m bench.offline_bench [--runs 3] [--no-firefox]

For each browser and page: a fresh browser context (Chromium) or profile (Firefox) per run,
so nothing is cached; times are ``performance.now()`` in the page (ms since navigation
start) when ``html[data-state=ready]`` is set and when ``#score`` first shows a number (the
empty texts score as soon as Python runs). For the offline file also: when its payload was
unpacked. Plus the file's size: raw files, gzip stream, base64 in the page. Medians are
printed; nothing is asserted. Needs ``make site`` (built here if missing).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_server

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"
OFFLINE = "bleu2-offline.html"
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")

RECORDER = """
window.__bleu2Times = {ready: null, firstScore: null};
document.addEventListener('DOMContentLoaded', () => {
  const root = document.documentElement, score = document.getElementById('score');
  if (!score) return;
  new MutationObserver(() => {
    if (root.getAttribute('data-state') === 'ready' && window.__bleu2Times.ready === null) {
      window.__bleu2Times.ready = performance.now();
      // an empty page shows no number: its first render is done when it is ready
      const typed = [...document.querySelectorAll('textarea')].some((box) => box.value.trim());
      if (!typed && window.__bleu2Times.firstScore === null) window.__bleu2Times.firstScore = window.__bleu2Times.ready;
    }
  }).observe(root, {attributes: true, attributeFilter: ['data-state']});
  new MutationObserver((_, obs) => {
    if (/\\d/.test(score.textContent) && window.__bleu2Times.firstScore === null) { window.__bleu2Times.firstScore = performance.now(); obs.disconnect(); }
  }).observe(score, {childList: true, characterData: true, subtree: true});
});
"""


def chromium_runs(url: str, runs: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context()
            context.add_init_script(RECORDER)
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("window.__bleu2Times && window.__bleu2Times.firstScore !== null", timeout=120_000)
            times = page.evaluate("window.__bleu2Times")
            offline = page.evaluate("window.bleu2Offline ? window.bleu2Offline.timings : null")
            out.append({"readyMs": times["ready"], "firstScoreMs": times["firstScore"], "offline": offline})
            context.close()
        browser.close()
    return out


def firefox_runs(url: str, runs: int) -> list[dict] | str:
    if not Path(FIREFOX).exists():
        return f"skipped: {FIREFOX} is not installed (make firefox)"
    proc = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "browser" / "firefox_page.mjs"),
            "--url",
            url,
            "--runs",
            str(runs),
            "--firefox",
            FIREFOX,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if proc.returncode != 0:
        return f"skipped: Firefox did not run ({proc.stdout.strip()[-300:]} {proc.stderr.strip()[-300:]})"
    return json.loads(proc.stdout.strip().splitlines()[-1])["runs"]


def summary(runs: list[dict] | str) -> str:
    if isinstance(runs, str):
        return runs
    ok = [r for r in runs if r.get("readyMs") is not None]
    if not ok:
        return f"failed: {runs[0].get('status') or runs[0].get('error')}"
    ready = statistics.median(r["readyMs"] for r in ok) / 1000
    first = statistics.median(r["firstScoreMs"] for r in ok) / 1000
    each = ", ".join(f"{r['readyMs'] / 1000:.2f}" for r in ok)
    text = f"ready {ready:.2f} s, first score {first:.2f} s (median of {len(ok)}; ready runs: {each})"
    offline = [r["offline"] for r in ok if r.get("offline")]
    offline = [o.get("timings", o) for o in offline]
    if offline:
        unpacked = statistics.median(o["unpacked"] for o in offline) / 1000
        started = statistics.median(o["start"] for o in offline) / 1000
        text += f"; loader started {started:.2f} s, payload unpacked {unpacked:.2f} s"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="offline page benchmark")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-firefox", action="store_true")
    args = parser.parse_args(argv)
    if not (SITE / OFFLINE).exists():
        subprocess.run([sys.executable, "-m", "tools.build_site"], cwd=ROOT, check=True)

    page = (SITE / OFFLINE).read_text(encoding="utf-8")
    manifest = json.loads(re.search(r'id="bleu2-offline-manifest">(.*?)</script>', page).group(1))
    payload = len(re.search(r'id="bleu2-offline-payload">(.*?)</script>', page, re.S).group(1))
    size = (SITE / OFFLINE).stat().st_size

    folder = Path(tempfile.mkdtemp(prefix="bleu2-offline-"))
    shutil.copy2(SITE / OFFLINE, folder / OFFLINE)
    file_url = (folder / OFFLINE).as_uri()
    server, base = start_server(SITE)
    served_url = base + "index.html"
    try:
        results = {
            "Chromium, served (http, cold)": chromium_runs(served_url, args.runs),
            "Chromium, offline file (file://)": chromium_runs(file_url, args.runs),
        }
        if not args.no_firefox:
            results["Firefox ESR, served (http, cold)"] = firefox_runs(served_url, args.runs)
            results["Firefox ESR, offline file (file://)"] = firefox_runs(file_url, args.runs)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"offline page benchmark ({args.runs} runs each; load average {load} on {os.cpu_count()} CPUs)")
    print(
        f"  {OFFLINE}: {size / 1e6:.1f} MB on disk = {len(manifest['files'])} files, {manifest['size'] / 1e6:.1f} MB raw, "
        f"stored as one gzip stream in base64 ({payload / 1e6:.1f} MB of the page)"
    )
    for name, runs in results.items():
        print(f"  {name:38s} {summary(runs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
