"""The README's picture of the page: ``docs/img/page.png`` (``make screenshot``).

Serves the built site (``_site/``, ``make site``) on a free loopback port, opens it in
Debian's headless Chromium (Playwright; never a downloaded browser), types a reference and
a candidate, waits for the breakdown and saves the page from its top to the candidate's
highlighted n-grams (options folded), light theme, 1,000 CSS pixels wide. Requests to any
other origin are aborted. Fails if the picture is over 200 KB (the README stays light).
Run from the repository root: ``python -m tools.screenshot [OUT.png]``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_server

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect, ViewportSize

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
OUT = ROOT / "docs" / "img" / "page.png"
VIEWPORT: ViewportSize = {"width": 1000, "height": 900}
MAX_BYTES = 200_000
REFERENCE = "The cat sat on the mat by the door."
CANDIDATE = "The cat is sitting on the mat near the door."


def screenshot(out: Path = OUT) -> int:
    """Write the picture to ``out``; returns its size in bytes."""
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").exists():
        sys.exit("_site/ is missing: run `make site` first")
    server, base = start_server(SITE)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=VIEWPORT, color_scheme="light", locale="en-US")
            context.route(
                "**/*", lambda route: route.continue_() if route.request.url.startswith(origin) else route.abort()
            )
            page = context.new_page()
            page.goto(base + "index.html")
            page.wait_for_selector("html[data-state=ready]", state="attached", timeout=120_000)
            page.fill("#reference", REFERENCE)
            page.fill("#candidate", CANDIDATE)
            # the page's deferred work (highlighting, chart) runs after a pause in typing
            page.wait_for_selector("#chart svg", state="attached")
            page.wait_for_selector("#hl-candidate .hl-order-2 .tok", state="attached")
            page.wait_for_timeout(300)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.evaluate("document.getElementById('options').open = false; document.activeElement.blur()")
            page.wait_for_timeout(100)
            # from the top of the page to the end of the candidate's highlighted n-grams
            bottom = page.evaluate("document.getElementById('hl-candidate').getBoundingClientRect().bottom + scrollY")
            clip: FloatRect = {"x": 0, "y": 0, "width": VIEWPORT["width"], "height": bottom + 16}
            page.screenshot(path=str(out), full_page=True, clip=clip)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    size = screenshot(out)
    print(f"{out}: {size / 1000:.0f} KB")
    if size > MAX_BYTES:
        print(f"over {MAX_BYTES / 1000:.0f} KB: make the picture smaller (VIEWPORT, the clip)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
