"""Helpers shared by the browser tests (importable as ``browser_helpers``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site_test"  # the test build (tools/test_site.py): _site/ with the tests' hooks
SUB_PATH = "some/sub/path"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"  # npm ci installs it; never in _site/
TED = ROOT.parent / "shared" / "data" / "ted"
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
# The ceiling of a wait on what a page shows (ms): generous, for a busy machine; a test
# goes on as soon as the page shows it (conftest.py sets it on every browser context).
WAIT_MS = 120_000


def enter(page, guard, reference: str, candidate: str) -> None:
    """Put both texts into the page (``fill`` fires an input event each) and wait for the
    page's Python to have answered (it runs in the page's worker: static/host.js)."""
    guard.typed += [reference, candidate]
    page.fill("#reference", reference)
    page.fill("#candidate", candidate)
    answered(page)


# The test build's hooks (tests/browser/site/host_hooks.js): a clear failure on another build.
_HOOKS = (
    "(() => { if (!window.bleu2Test) throw new Error('not the test build (_site_test/)'); return window.bleu2Test; })()"
)


def answered(page) -> None:
    """Wait until every event the page (or a frame: ``page`` may be one) sent its Python has
    been answered (the batches applied: static/host.js); nothing to wait for while Python is
    not ready. For a change the page shows, ``expect(...)`` on what it shows instead."""
    page.wait_for_function(f"() => document.documentElement.dataset.state !== 'ready' || !{_HOOKS}.pending()")


def texts(page, *ids: str) -> dict[str, str]:
    return page.evaluate(
        "ids => Object.fromEntries(ids.map(id => [id, document.getElementById(id).textContent]))", list(ids)
    )


def settled(page) -> None:
    """Wait until the page's work after the last edit (highlighting, chart, help, the spoken
    score and the saved state: the controller's ``deferred``, 150 ms after the last edit)
    has run and every event sent has been answered (the test build's ``bleu2Test.idle``)."""
    page.wait_for_function(f"() => {_HOOKS}.idle()")


def still(page) -> None:
    """Wait until nothing of the page's is on its way: every event answered and no timer of
    its Python set (the work after any pause has run; the test build's ``bleu2Test.still``)."""
    page.wait_for_function(f"() => {_HOOKS}.still()")


def probe(page, code: str):
    """``code``, a Python expression, evaluated where the page's Python runs (its worker),
    after the events sent before: its value (from JSON), or ``{"error": ...}`` (the test
    build's ``bleu2Test.probe``: tests/browser/site/worker_probe.py)."""
    return page.evaluate(f"code => {_HOOKS}.probe(code)", code)


def run_firefox_driver(script: str, *args: str, timeout: float) -> dict:
    """Run ``tests/browser/<script>`` (a Firefox ESR driver built on firefox_driver.mjs) under
    node with ``--firefox FIREFOX`` added; returns the JSON object it printed last. Skips the
    test where Firefox ESR or node is missing or Firefox cannot start (exit code 3); fails it
    where puppeteer-core is not installed or the driver exits otherwise than 0."""
    import pytest

    if not Path(FIREFOX).exists():
        pytest.skip(
            f"Firefox ESR is not installed ({FIREFOX}); `make test` installs it from Debian packages "
            "(apt-get install -y firefox-esr) and skips this check where that fails"
        )
    if shutil.which("node") is None:
        pytest.skip("node is missing (Debian: apt-get install -y nodejs npm)")
    if not (ROOT / "node_modules" / "puppeteer-core" / "package.json").exists():
        pytest.fail("node_modules/puppeteer-core is missing: run `npm ci` (tools/build_site.py does)")
    command = ["node", str(ROOT / "tests" / "browser" / script), *args, "--firefox", FIREFOX]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    if proc.returncode == 3:
        pytest.skip(f"Firefox ESR could not start here: {proc.stdout.strip()[:500]} {proc.stderr.strip()[-500:]}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def wait_result(page, needle: str = "", timeout: int = 600_000) -> None:
    """Wait until corpus mode shows a signature holding ``needle`` and no job runs."""
    page.wait_for_function(
        "s => { const t = document.getElementById('corpus-signature').textContent;"
        " return t.length > 10 && t.includes(s) && document.getElementById('corpus-cancel').disabled; }",
        arg=needle,
        timeout=timeout,
    )


def run_axe(page):
    """axe-core's violations on ``page`` (id, impact, help, five nodes each)."""
    import pytest

    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make site` runs npm ci, which installs axe-core")
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    return page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
        }"""
    )
