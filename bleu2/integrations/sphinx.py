"""The Sphinx extension (``extensions = ["bleu2.sphinx"]``; docs/embedding.md, "Sphinx").

``.. bleu2::`` with ``:reference:`` and ``:candidate:`` (one text per line), ``:preset:``,
``:height:``, ``:theme:``, ``:lang:``: the breakdown computed when the docs are built
(:mod:`bleu2.integrations.docs_block`), the live calculator on first use. Settings (``conf.py``):
``bleu2_url``, the calculator's address; ``bleu2_site_dir``, a built calculator site
copied into the output at ``_bleu2/`` (then the default address). Optional: Sphinx is
imported by this module only; nothing of the engine imports it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from .. import __version__
from . import docs_block as blocks

__all__ = ["Bleu2Directive", "bleu2_block", "setup"]

logger = logging.getLogger(__name__)


class bleu2_block(nodes.General, nodes.Element):  # type: ignore[misc]  # (docutils is untyped; nodes are lower case)
    """A block: ``block`` (:class:`bleu2.integrations.docs_block.Block`), ``static`` (the build-time
    breakdown, HTML) and ``name``; its children (the texts and sacreBLEU's one line, a
    literal block) are what builders other than HTML write."""


class Bleu2Directive(SphinxDirective):
    """``.. bleu2::``: a calculator block (no content, options only)."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "reference": directives.unchanged_required,
        "candidate": directives.unchanged_required,
        "preset": directives.unchanged,
        "height": directives.unchanged,
        "theme": directives.unchanged,
        "lang": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        opts = self.options
        try:
            block = blocks.make_block(
                blocks.text_lines(opts.get("reference")),
                blocks.text_lines(opts.get("candidate")),
                preset=opts.get("preset"),
                height=opts.get("height"),
                theme=opts.get("theme"),
                lang=opts.get("lang"),
            )
            results = blocks.scores(block)
            static = blocks.breakdown_html(block, results)
        except ValueError as error:
            raise self.error(f"bleu2: {error}") from None
        if self.config.bleu2_url is None and not self.config.bleu2_site_dir:
            logger.warning(
                "bleu2: no live calculator: set bleu2_url or bleu2_site_dir in conf.py"
                ' (bleu2_url = "" for the build-time breakdown only)',
                location=self.get_location(),
            )
        lines = [f"reference: {text}" for text in block.references]
        for candidate, result in zip(block.candidates, results):
            lines += [f"candidate: {candidate}", f"  {result.format(width=2)}"]
        # unique in the output (singlehtml joins the pages): the page's name and the block's number
        name = nodes.make_id(f"bleu2-{self.env.docname}-{self.env.new_serialno('bleu2') + 1}")
        node = bleu2_block("", nodes.literal_block("\n".join(lines), "\n".join(lines)))
        node["block"], node["static"], node["name"] = block, static, name
        self.set_source_info(node)
        return [node]


def _page_to_root(translator: SphinxTranslator) -> str:
    """The path from the page being written to the output's root (``""``, ``"../"``, …)."""
    builder = translator.builder
    if not isinstance(builder, StandaloneHTMLBuilder):  # (every HTML builder is one)
        return ""
    return "../" * builder.get_target_uri(builder.current_docname).count("/")


def visit_html(translator: SphinxTranslator, node: bleu2_block) -> None:
    config = translator.builder.config
    url = blocks.calculator_url(config.bleu2_url, bool(config.bleu2_site_dir), _page_to_root(translator))
    translator.body.append(blocks.block_html(node["block"], node["static"], url, node["name"]))
    raise nodes.SkipNode


def depart(translator: SphinxTranslator, node: bleu2_block) -> None:
    """Nothing to close (the HTML is written whole on the way in)."""


class PlainBlocks(SphinxPostTransform):
    """Builders other than HTML (text, LaTeX, man, …) get each block's children: its texts
    and each candidate's score line."""

    default_priority = 200

    def run(self, **kwargs: Any) -> None:
        if self.app.builder.format == "html":
            return
        for node in list(self.document.findall(bleu2_block)):
            node.replace_self(node.children)


def _site_dir(app: Sphinx, config: Config) -> Path | None:
    if not config.bleu2_site_dir:
        return None
    site = Path(app.confdir, config.bleu2_site_dir).resolve()
    try:
        return blocks.check_site(site, "bleu2_site_dir")
    except ValueError as error:
        raise ConfigError(str(error)) from None


def config_inited(app: Sphinx, config: Config) -> None:
    """Check ``bleu2_site_dir``; the block's stylesheet and script go to ``_static/``."""
    _site_dir(app, config)
    config.html_static_path = [*config.html_static_path, str(blocks.ASSETS)]


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The stylesheet and script, once, on the pages that have a block."""
    if doctree is not None and next(iter(doctree.findall(bleu2_block)), None) is not None:
        app.add_css_file(blocks.CSS_FILE)
        app.add_js_file(blocks.JS_FILE, loading_method="defer")


def build_finished(app: Sphinx, exception: Exception | None) -> None:
    """Copy the calculator's site (``bleu2_site_dir``) into the HTML output at ``_bleu2/``."""
    if exception is not None or app.builder.format != "html":
        return
    site = _site_dir(app, app.config)
    if site is None:
        return
    target = Path(app.outdir) / blocks.SITE_FOLDER
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(site, target)
    logger.info("bleu2: the calculator's site copied to %s", target)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("bleu2_url", None, "html", types=(str, type(None)))
    app.add_config_value("bleu2_site_dir", None, "html", types=(str, Path, type(None)))
    app.add_node(bleu2_block, html=(visit_html, depart))
    app.add_post_transform(PlainBlocks)
    app.add_directive("bleu2", Bleu2Directive)
    app.connect("config-inited", config_inited)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", build_finished)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
