"""The page's load choices, side by side (printed, never asserted):

    python -m bench.load_choices [--runs 2]

For each choice, a copy of ``_site/`` (links to its files, the changed ones written) served
by tools/serve.py, and in headless Chromium (fresh context each run): the first visit's
bytes on the wire, the cold first score, and the cold first score with Chromium's network
emulation at 3 MB/s and 50 ms (medians). A bare Pyodide boot (same runtime) is measured in
the same run for reference.

- the standard library: as built (trimmed, without docstrings and comments), Pyodide's
  whole zip;
- compression: Brotli and gzip copies sent, gzip only, none.

No snapshot is shipped (the visitor's browser makes one after its first visit:
static/snapshot.mjs), so a cold load here always boots Pyodide.

Needs ``make site`` (with Brotli copies: the test venv's Python) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench import page_bench
from tools import precompress
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_server

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"

PYODIDE = "static/vendor/pyodide/"

# name -> (files to replace: {site path: source path or None to delete}, encodings sent)
CHOICES = {
    "as built: stripped trimmed stdlib, no snapshot, Brotli": ({}, ("br", "gzip")),
    "as built, gzip only": ({}, ("gzip",)),
    "as built, no compression": ({}, ()),
    "Pyodide's stdlib (2.55 MB), Brotli": (
        {PYODIDE + "python_stdlib.zip": ROOT / "node_modules/pyodide/python_stdlib.zip"},
        ("br", "gzip"),
    ),
}


def variant(folder: Path, replace: dict) -> Path:
    """A copy of _site/ in ``folder/site`` (links), with ``replace`` applied."""
    target = folder / "site"
    for path in SITE.rglob("*"):
        if path.is_file():
            dest = target / path.relative_to(SITE)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(path)
    for rel, source in replace.items():
        for suffix in ("", ".gz", ".br"):
            (target / (rel + suffix)).unlink(missing_ok=True)
        if source is not None:
            shutil.copy2(source, target / rel)
            data = (target / rel).read_bytes()
            gz = precompress.gzip_bytes(data)
            if len(gz) <= len(data) * (1 - precompress.MIN_SAVING):
                (target / (rel + ".gz")).write_bytes(gz)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the page's load choices, side by side")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        with tempfile.TemporaryDirectory() as bare_folder:
            root = Path(bare_folder)
            (root / "site").symlink_to(SITE.resolve(), target_is_directory=True)
            (root / "bare.html").write_text(page_bench.BARE_PAGE, encoding="utf-8")
            server, base = start_server(root)
            bare = [page_bench.timed_load(browser, base + "bare.html", wait="bare") for _ in range(args.runs)]
            server.shutdown()
            server.server_close()
        for name, (replace, encodings) in CHOICES.items():
            with tempfile.TemporaryDirectory() as folder:
                variant(Path(folder), replace)
                server, base = start_server(Path(folder), encodings=encodings)
                cold = [page_bench.timed_load(browser, base + "site/") for _ in range(args.runs)]
                slow = [
                    page_bench.timed_load(browser, base + "site/", throttle=page_bench.THROTTLE)
                    for _ in range(args.runs)
                ]
                server.shutdown()
                server.server_close()
            rows.append(
                (
                    name,
                    cold[0]["bytes"],
                    statistics.median(c["seconds"] for c in cold),
                    statistics.median(s["seconds"] for s in slow),
                    cold[0]["by_kind"],
                )
            )
        browser.close()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    bare_s = statistics.median(b["seconds"] for b in bare)
    print(
        f"load choices ({args.runs} runs each, medians; headless Chromium; load average {load} on {os.cpu_count()} CPUs)"
    )
    print(
        f"  bare Pyodide boot (same runtime, trimmed stdlib, Brotli): {bare_s:.2f} s, {bare[0]['bytes'] / 1e6:.2f} MB"
    )
    print(f"  {'choice':<50} {'transfer':>9} {'cold':>7} {'x bare':>7} {'3 MB/s':>7}")
    for name, size, cold_s, slow_s, _kinds in rows:
        print(f"  {name:<50} {size / 1e6:7.2f} MB {cold_s:6.2f}s {cold_s / bare_s:6.2f}x {slow_s:6.2f}s")
    print("  (targets: transfer <= 8 MB; cold <= 0.5x bare; 3 MB/s + 50 ms <= 4 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
