"""MkDocs hook: write where the calculator is published into the docs.

The sources (``docs/*.md``, ``docs/snippets/*``) name the calculator by the placeholder
address ``https://OWNER.github.io/bleu2/``. Given ``BLEU2_URL`` (``extra.bleu2_url`` in
``mkdocs.yml``), every built page names that address instead, and the origin
``https://OWNER.github.io`` that of the address. Without it, the page names the calculator
relative to itself: the docs are built into ``docs/`` beside the calculator (``make site``),
so the embedding page's example and snippet work wherever the site is served. Either way
the snippet that a page shows and the example it embeds are the same text.
"""

from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

from mkdocs.exceptions import ConfigurationError

PLACEHOLDER = "https://OWNER.github.io/bleu2/"
PLACEHOLDER_ORIGIN = "https://OWNER.github.io"
DOCS_FOLDER = "docs"  # where make site builds the docs, inside the calculator's site


def published_url(config) -> str | None:
    """``extra.bleu2_url``, checked: an absolute http(s) address, returned ending with one
    ``/``; None when it is not set (the calculator is then named relative to each page)."""
    url = str(config["extra"].get("bleu2_url") or "")
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigurationError(
            f"BLEU2_URL / extra.bleu2_url = {url!r}: expected the calculator's address, such as {PLACEHOLDER}"
        )
    return url.rstrip("/") + "/"


def relative_root(page_url: str) -> str:
    """The calculator's address relative to a docs page (``page.url``, e.g. "embedding/"):
    "../../" there, "../" from the docs' home."""
    here = posixpath.join("/", DOCS_FOLDER, page_url)
    folder = here if here.endswith("/") else posixpath.dirname(here)
    return posixpath.relpath("/", folder) + "/"


def on_page_content(html: str, page, config, files) -> str:
    url = published_url(config)
    if url is None:
        return html.replace(PLACEHOLDER, relative_root(page.url))
    parts = urlsplit(url)
    return html.replace(PLACEHOLDER, url).replace(PLACEHOLDER_ORIGIN, f"{parts.scheme}://{parts.netloc}")
