"""What a docs page's embed costs its reader, counted at the server (printed, never asserted):

    python -m bench.embed_bytes

A page of another site (http://localhost:PORT/) holding ``index.html?embed`` of ``_site/``
(http://127.0.0.1:PORT/calc/) in an iframe, in headless Chromium (fresh context): the bytes
the server sent for the frame until it is idle and waiting for its reader; then, after a
click into the reference box and a typed pair, the bytes from that touch to the first score
and to idle, and whether any request asked for the service worker. As ``make serve`` sends
them (Brotli copies where the build made them). docs/embedding.md quotes these figures;
tests/browser/test_embed_until_touched.py checks the limit (250 KB) the same way.

Needs ``make site`` and /usr/bin/chromium.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.first_visit import ByteCounter, counting_server
from tools.chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"
REFERENCE, CANDIDATE = "the cat sat on the mat", "the cat is on the mat"


def kb(files: dict[str, int]) -> str:
    return f"{sum(files.values()) / 1e3:.1f} KB in {len(files)} files"


def main() -> int:
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp())
    (root / "calc").symlink_to(SITE, target_is_directory=True)
    counter = ByteCounter()
    server, base = counting_server(root, counter)
    port = base.rstrip("/").rsplit(":", 1)[1]
    (root / "docs.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>docs</title><link rel="icon" href="data:,"><p>docs</p>'
        f'<iframe id="f" src="http://127.0.0.1:{port}/calc/index.html?embed" title="BLEU calculator"'
        ' style="width: 900px; height: 460px; border: 0"></iframe>',
        encoding="utf-8",
    )
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_context().new_page()
            counter.reset()
            page.goto(f"http://localhost:{port}/docs.html")
            frame = page.wait_for_selector("#f").content_frame()
            assert frame is not None
            frame.wait_for_selector("html[data-state=waiting]", state="attached")
            page.wait_for_load_state("networkidle")
            before = {k: v for k, v in counter.snapshot().items() if k.startswith("/calc/")}
            print(f"before the touch: {kb(before)}")
            counter.reset()
            frame.click("#reference")
            frame.locator("#reference").press_sequentially(REFERENCE)
            frame.fill("#candidate", CANDIDATE)
            frame.wait_for_function("/\\d/.test(document.getElementById('score').textContent)", timeout=300_000)
            print(f"touch to first score: {kb(counter.snapshot())} (score {frame.text_content('#score')})")
            frame.wait_for_selector("#status.status-quiet, #status.status-note", state="attached", timeout=60_000)
            page.wait_for_load_state("networkidle")
            after = counter.snapshot()
            print(
                f"touch to idle: {kb(after)}; service worker asked for: {[k for k in after if 'service-worker' in k]}"
            )
            for path, n in sorted(after.items(), key=lambda item: -item[1])[:6]:
                print(f"  {n:>9} {path}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
