"""A new visitor's first visit, counted at the server (run by ``make bench-page``'s load report):

    python -m bench.first_visit [--runs 1]

For each link (:data:`LINKS`: unthrottled, a fast one and a phone's slow 4G, through
Chromium's network emulation, ``Network.emulateNetworkConditions``), a fresh browser
context opens the page and types a reference and a candidate while Python loads; measured:

- the bytes the server sent (status lines, headers and bodies, as ``make serve`` sends them
  to Chromium: Brotli) from the first request to the first score of that typed pair, for
  every request: the page's, its worker's and its service worker's; per file;
- seconds from navigation start to that first score;
- unthrottled only: the bytes sent after it until the page is idle (the service worker
  installed, the browser-made snapshot kept: ``html[data-snapshot]``), and the time
  that snapshot took; then a later visit (reload) to first score, and what it fetched.

Every count comes from the server (:class:`ByteCounter`), so nothing a worker fetches
goes unseen. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import Server, make_server

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"

#: name -> Chromium's network conditions (bytes/s, ms); None: no emulation.
LINKS: dict[str, dict[str, Any] | None] = {
    "unthrottled": None,
    "fast (3 MB/s, 50 ms)": {
        "offline": False,
        "latency": 50,
        "downloadThroughput": 3_000_000,
        "uploadThroughput": 3_000_000,
    },
    "slow 4G (1.6 Mbit/s, 150 ms)": {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 200_000,
        "uploadThroughput": 93_750,
    },
}
REFERENCE = "the cat sat on the mat"
CANDIDATE = "the cat is on the mat"

# When #score first shows a number (ms since navigation start).
FIRST_SCORE_JS = """
window.__firstScore = null;
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('score');
  new MutationObserver((_, obs) => {
    if (/\\d/.test(el.textContent) && window.__firstScore === null) { window.__firstScore = performance.now(); obs.disconnect(); }
  }).observe(el, {childList: true, characterData: true, subtree: true});
});
"""
# Idle: the service worker active (or none) and the browser-made snapshot settled.
IDLE_JS = """() => {
  const state = document.documentElement.getAttribute('data-snapshot');
  const settled = state === null || ['stored', 'made', 'failed', 'off'].includes(state);
  const sw = document.documentElement.getAttribute('data-sw');
  return settled && (sw === 'unavailable' || (sw === 'registered' && navigator.serviceWorker.controller !== null));
}"""


class ByteCounter:
    """Bytes a server sent, per request path, since :meth:`reset`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_path: dict[str, int] = {}

    def reset(self) -> None:
        with self.lock:
            self.by_path = {}

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.by_path[path] = self.by_path.get(path, 0) + n

    def snapshot(self) -> dict[str, int]:
        with self.lock:
            return dict(self.by_path)


class _CountingWriter:
    def __init__(self, raw, handler, counter: ByteCounter) -> None:
        self.raw, self.handler, self.counter = raw, handler, counter

    def write(self, data) -> int:
        path = getattr(self.handler, "path", "?").split("?", 1)[0]
        self.counter.add(path, len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def counting_server(directory: Path, counter: ByteCounter) -> tuple[Server, str]:
    """tools/serve.py's server for ``directory`` (Brotli and gzip copies), each byte it sends
    counted in ``counter``; started in a thread; returns it and its base URL."""
    server = make_server(directory, "127.0.0.1", 0, quiet=True)
    factory = server.RequestHandlerClass
    base = factory.func  # type: ignore[attr-defined]

    class Counting(base):  # type: ignore[misc, valid-type]
        def setup(self) -> None:
            super().setup()
            self.wfile = _CountingWriter(self.wfile, self, counter)

    server.RequestHandlerClass = functools.partial(Counting, **factory.keywords)  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, name="counting-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def first_visit(
    browser, url: str, counter: ByteCounter, throttle: dict[str, Any] | None, later: bool = False
) -> dict[str, Any]:
    """One new visitor (fresh context) typing a pair while the page loads: see the module's docstring."""
    context = browser.new_context()
    context.add_init_script(FIRST_SCORE_JS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if throttle:
        cdp.send("Network.emulateNetworkConditions", throttle)
    counter.reset()
    page.goto(url, wait_until="domcontentloaded", timeout=300_000)
    page.fill("#reference", REFERENCE, timeout=300_000)
    page.fill("#candidate", CANDIDATE, timeout=300_000)
    page.wait_for_function("window.__firstScore !== null", timeout=600_000)
    to_score = counter.snapshot()
    out: dict[str, Any] = {"seconds": page.evaluate("window.__firstScore") / 1000.0, "files": to_score}
    if later:
        t0 = time.perf_counter()
        page.wait_for_function(IDLE_JS, timeout=600_000, polling=200)
        out["idle_s"] = time.perf_counter() - t0
        out["snapshot"] = page.evaluate("document.documentElement.getAttribute('data-snapshot')")
        out["made_ms"] = page.evaluate("document.documentElement.getAttribute('data-snapshot-ms')")
        total = counter.snapshot()
        out["after"] = {p: n - to_score.get(p, 0) for p, n in total.items() if n - to_score.get(p, 0)}
        counter.reset()
        page.reload(wait_until="domcontentloaded")
        page.fill("#candidate", CANDIDATE + " again")
        page.wait_for_function("window.__firstScore !== null", timeout=600_000)
        out["later_s"] = page.evaluate("window.__firstScore") / 1000.0
        out["later_files"] = counter.snapshot()
        out["later_boot"] = page.evaluate(  # how Python booted: only the test build can say
            "window.bleu2Test ? window.bleu2Test.probe(\"getattr(__import__('js'), 'bleu2Boot', None)\")"
            " : 'unknown (not the test build)'"
        )
    context.close()
    return out


def mb(files: dict[str, int]) -> str:
    return f"{sum(files.values()) / 1e6:.2f} MB"


def report(site: Path = SITE, runs: int = 1) -> dict[str, list[dict[str, Any]]]:
    """Measure and print every link (medians of ``runs``)."""
    from playwright.sync_api import sync_playwright

    counter = ByteCounter()
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in LINKS}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "site").symlink_to(site.resolve(), target_is_directory=True)
        server, base = counting_server(root, counter)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for _ in range(runs):
                for name, throttle in LINKS.items():
                    results[name].append(
                        first_visit(browser, base + "site/", counter, throttle, later=throttle is None)
                    )
            browser.close()
        server.shutdown()
        server.server_close()
    print(f"first visit, a typed pair, counted at the server ({runs} run(s), medians):")
    for name, found in results.items():
        seconds = statistics.median(r["seconds"] for r in found)
        size = statistics.median(sum(r["files"].values()) for r in found)
        print(f"  {name:<30} {size / 1e6:.2f} MB to first score, {seconds:.2f} s  (target <= 4.0 MB)")
    first = results["unthrottled"][0]
    for path, n in sorted(first["files"].items(), key=lambda kv: -kv[1])[:14]:
        print(f"      {n / 1e6:7.3f} MB  {path.removeprefix('/site/')}")
    made = f" in {int(first['made_ms'])} ms" if first["made_ms"] else ""
    print(
        f"  then until idle (service worker installed, snapshot {first['snapshot']}{made}): "
        f"{mb(first['after'])} more, {first['idle_s']:.1f} s"
    )
    later = statistics.median(r["later_s"] for r in results["unthrottled"])
    print(
        f"  a later visit (reload, boot: {first['later_boot']}): first score {later:.2f} s, "
        f"{mb(first['later_files'])} fetched"
    )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="first visit, counted at the server")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _site/)")
    args = parser.parse_args(argv)
    report(args.site, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
