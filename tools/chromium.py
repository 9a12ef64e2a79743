"""How the tests and the benchmark start Debian's Chromium (never a downloaded browser).

The flags: we run as root (no sandbox), headless without a GPU, and the machine's network
is closed, so Chromium's own background connections are switched off.
"""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
