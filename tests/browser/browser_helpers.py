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
