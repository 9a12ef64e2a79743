"""What the typing-through-a-boot tests (Chromium and Firefox ESR) share: the texts and the docs page."""

from __future__ import annotations

REFERENCES = ["the cat is on the mat", "there is a cat on the mat"]
CANDIDATES = ["the cat sat on the mat", "a cat on the mat", "le chat est sur le tapis"]


def docs_html(src: str) -> str:
    """A docs page with two embeds (no names: told apart by their place)."""
    frames = "".join(
        f'<iframe id="{name}" src="{src}index.html?embed" style="width: 900px; height: 420px; border: 0" '
        'title="BLEU calculator"></iframe>'
        for name in ("first", "second")
    )
    return f'<!doctype html><meta charset="utf-8"><title>docs</title><link rel="icon" href="data:,">{frames}'
