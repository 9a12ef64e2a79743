"""MkDocs hook: write where the calculator is published into the docs.

The sources (``docs/*.md``, ``docs/snippets/*``) name the calculator by the placeholder
address ``https://OWNER.github.io/bleu2/``; every built page gets ``extra.bleu2_url``
(``mkdocs.yml``, from ``BLEU2_URL``) instead, and the origin ``https://OWNER.github.io`` that
of that address. So the embedding snippet that a page shows and the example it embeds are
the same text, naming the real calculator.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from mkdocs.exceptions import ConfigurationError

PLACEHOLDER = "https://OWNER.github.io/bleu2/"
PLACEHOLDER_ORIGIN = "https://OWNER.github.io"


def published_url(config) -> str:
    """``extra.bleu2_url``, checked: an absolute http(s) address, returned ending with one ``/``."""
    url = str(config["extra"].get("bleu2_url") or "")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigurationError(
            f"BLEU2_URL / extra.bleu2_url = {url!r}: expected the calculator's address, such as {PLACEHOLDER}"
        )
    return url.rstrip("/") + "/"


def on_page_content(html: str, page, config, files) -> str:
    url = published_url(config)
    parts = urlsplit(url)
    return html.replace(PLACEHOLDER, url).replace(PLACEHOLDER_ORIGIN, f"{parts.scheme}://{parts.netloc}")
