"""The MkDocs plugin ``bleu2`` (``plugins: [bleu2]``; docs/embedding.md, "MkDocs").

A fenced block ```` ```bleu2 ```` of ``reference:`` and ``candidate:`` lines (one per text)
and ``preset:``, ``height:``, ``theme:``, ``lang:``: the breakdown computed when the docs
are built (:mod:`bleu2.integrations.docs_block`), the live calculator on first use. Options: ``url``,
the calculator's address; ``site_dir``, a built calculator site copied into the output at
``_bleu2/`` (then the default address). The fence is a custom fence of
``pymdownx.superfences``, which must be in ``markdown_extensions``. Optional: MkDocs is
imported by this module only; nothing of the engine imports it.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from . import docs_block as blocks

__all__ = ["Bleu2PluginConfig", "Bleu2Plugin"]

log = logging.getLogger("mkdocs.plugins.bleu2")

#: Where the block's stylesheet and script are written in the site.
ASSET_FOLDER = "assets/bleu2"
SUPERFENCES = "pymdownx.superfences"


class Bleu2PluginConfig(Config):  # type: ignore[no-untyped-call]
    """The plugin's options in ``mkdocs.yml``."""

    url = config_options.Optional(config_options.Type(str))
    site_dir = config_options.Optional(config_options.Type(str))


class Bleu2Plugin(BasePlugin[Bleu2PluginConfig]):  # type: ignore[no-untyped-call]
    """``plugins: [bleu2]``: the ```` ```bleu2 ```` fence."""

    def __init__(self) -> None:
        self.site: Path | None = None
        self.page: Page | None = None
        self.count = 0
        self.pages: set[str] = set()  # the pages that have a block (their src_uri)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Check the options; register the fence with superfences."""
        if SUPERFENCES not in config.markdown_extensions:
            raise PluginError(f"the bleu2 plugin needs the {SUPERFENCES} Markdown extension in markdown_extensions")
        self.site = None
        if self.config.site_dir:
            where = Path(config.config_file_path or ".").parent / self.config.site_dir
            try:
                self.site = blocks.check_site(where.resolve(), "bleu2 plugin: site_dir")
            except ValueError as error:
                raise PluginError(str(error)) from None
        fences = config.mdx_configs.setdefault(SUPERFENCES, {}).setdefault("custom_fences", [])
        fences[:] = [f for f in fences if f.get("name") != "bleu2"]
        fences.append({"name": "bleu2", "class": "bleu2", "format": self.format_fence})
        self.pages = set()
        return config

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Any) -> str:
        self.page, self.count = page, 0
        return markdown

    def format_fence(self, source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any) -> str:
        """The block's HTML (superfences' formatter)."""
        self.count += 1
        page = self.page
        where = f"{page.file.src_uri}: bleu2 block {self.count}" if page else f"bleu2 block {self.count}"
        try:
            block = blocks.parse_fence(source)
            inner = blocks.breakdown_html(block)
        except ValueError as error:
            log.warning(f"{where}: {error}")
            return blocks.error_html(f"{where}: {error}")
        if page is None:
            return blocks.block_html(block, inner, None, f"bleu2-{self.count}")
        self.pages.add(page.file.src_uri)
        if self.config.url is None and self.site is None:
            log.warning(f"{where}: no live calculator: set the bleu2 plugin's url or site_dir ('' for none)")
        url = blocks.calculator_url(self.config.url, self.site is not None, "../" * page.url.count("/"))
        return blocks.block_html(block, inner, url, f"bleu2-{self.count}")

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """The stylesheet and script, once, in the ``<head>`` of the pages that have a block."""
        if page.file.src_uri not in self.pages or "</head>" not in output:
            return output
        css = get_relative_url(f"{ASSET_FOLDER}/{blocks.CSS_FILE}", page.url)
        js = get_relative_url(f"{ASSET_FOLDER}/{blocks.JS_FILE}", page.url)
        tags = f'<link rel="stylesheet" href="{css}"><script src="{js}" defer></script>'
        head, _, rest = output.partition("</head>")
        return f"{head}{tags}</head>{rest}"

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the stylesheet and script; copy the calculator's site to ``_bleu2/``."""
        site_dir = Path(config.site_dir)
        if self.pages:
            (site_dir / ASSET_FOLDER).mkdir(parents=True, exist_ok=True)
            for name in (blocks.CSS_FILE, blocks.JS_FILE):
                shutil.copyfile(blocks.ASSETS / name, site_dir / ASSET_FOLDER / name)
        if self.site is not None:
            target = site_dir / blocks.SITE_FOLDER
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(self.site, target)
            log.info(f"bleu2: the calculator's site copied to {target}")
