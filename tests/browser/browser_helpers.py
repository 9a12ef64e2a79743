"""Helpers shared by the browser tests (importable as ``browser_helpers``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
SUB_PATH = "some/sub/path"
TED = ROOT.parent / "shared" / "data" / "ted"


def enter(page, guard, reference: str, candidate: str) -> None:
    """Put both texts into the page (``fill`` fires an input event each)."""
    guard.typed += [reference, candidate]
    page.fill("#reference", reference)
    page.fill("#candidate", candidate)


def texts(page, *ids: str) -> dict[str, str]:
    return page.evaluate(
        "ids => Object.fromEntries(ids.map(id => [id, document.getElementById(id).textContent]))", list(ids)
    )


def settled(page) -> None:
    """Wait until the page's work after the last edit (highlighting, chart, help, the spoken
    score and the saved state: ``static/app.py``'s ``deferred``, 150 ms after the last edit)
    has run: its timer is cleared when that work starts and the work runs in one task."""
    page.wait_for_function("() => window.bleu2App !== undefined && window.bleu2App.timer == null")
