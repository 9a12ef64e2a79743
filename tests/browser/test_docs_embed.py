"""The documentation's embedding page (docs/embedding.md), served from ANOTHER SITE than the
calculator it embeds: the docs on http://localhost:PORT/docs-site/, the calculator on
http://127.0.0.1:PORT/some/sub/path/ (host names differ, so the frame is cross-site, as in
test_embed.py). The docs are built for the test as ``make site`` builds them, with the
calculator's address given (``BLEU2_URL``), so the page embeds it with exactly the snippet
it shows.

Checked: the example frame starts and shows a score; the snippet's script sizes the frame
from the calculator's height messages; the code block names the address the frame loaded;
and the docs load nothing from any origin but theirs and the calculator's.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest

from browser_helpers import enter, texts
from conftest import Guard, wait_started
from docs_site import build_docs


@dataclass
class DocsGuard(Guard):
    """A guard that also lets the docs' own origin through (``docs_prefix``)."""

    docs_prefix: str = ""

    def _allowed(self, url: str) -> bool:
        return url.startswith(self.docs_prefix) or super()._allowed(url)


@pytest.fixture(scope="module")
def docs_url(served_root, site_url) -> str:
    """The docs, built into the served folder, at their address on the other host name."""
    assert urlsplit(site_url).hostname == "127.0.0.1"
    build_docs(served_root / "docs-site", site_url)
    return f"http://localhost:{urlsplit(site_url).port}/docs-site/"


@pytest.fixture(scope="module")
def docs_context(browser, origin, docs_url, guards):
    context = browser.new_context()
    guard = DocsGuard(origin, docs_prefix=docs_url)
    guard.attach_context(context)
    guards.append(guard)
    yield context, guard
    context.close()


@pytest.fixture(scope="module")
def embedding(docs_context, docs_url):
    context, guard = docs_context
    page = context.new_page()
    guard.attach_page(page)
    page.goto(docs_url + "embedding/")
    frame = page.wait_for_selector(".bleu2-example iframe.bleu2").content_frame()
    wait_started(frame)
    return page, frame, guard


def test_the_docs_example_embeds_the_calculator_and_shows_a_score(embedding, site_url):
    page, frame, guard = embedding
    assert frame.url == f"{site_url}?embed"
    assert urlsplit(frame.url).hostname != urlsplit(page.url).hostname  # another site
    assert frame.get_attribute("html", "data-embed") == ""
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    shown = texts(frame, "score", "p1-fraction", "p2-fraction", "bp-value", "hyp-len", "ref-len")
    assert shown == {
        "score": "0.7071",
        "p1-fraction": "5/6",
        "p2-fraction": "3/5",
        "bp-value": "1.0000",
        "hyp-len": "6",
        "ref-len": "6",
    }


def test_the_snippets_script_sizes_the_frame_to_the_calculator(embedding):
    page, frame, _ = embedding
    body_height = frame.evaluate(
        "() => { const s = getComputedStyle(document.body); return Math.ceil(document.body.getBoundingClientRect().height"
        " + parseFloat(s.marginTop) + parseFloat(s.marginBottom)); }"
    )
    assert body_height != 460  # the snippet's starting height: the test would prove nothing
    page.wait_for_function(
        f"document.querySelector('.bleu2-example iframe').getBoundingClientRect().height === {body_height}"
    )


def test_the_code_block_names_the_frame_it_embeds(embedding, site_url):
    page = embedding[0]
    code = page.evaluate(
        "[...document.querySelectorAll('pre code')].map(c => c.textContent).find(t => t.includes('<iframe'))"
    )
    assert f'src="{site_url}?embed"' in code
    assert f'<script src="{site_url}embed.js" defer></script>' in code


def test_the_docs_home_page_loads_nothing_from_elsewhere(docs_context, docs_url):
    context, guard = docs_context
    page = context.new_page()
    guard.attach_page(page)
    page.goto(docs_url)
    page.wait_for_load_state("networkidle")
    assert page.locator("img[src='img/page.png']").evaluate("img => img.naturalWidth") > 0
    assert guard.foreign_requests == []


def test_the_served_sites_own_docs_embed_the_calculator_beside_them(new_context, site_url):
    """``make site`` builds the docs without ``BLEU2_URL``: the example names the calculator
    relative to the page, so it works under the sub-path the site is served from."""
    context, guard = new_context()
    page = context.new_page()
    guard.attach_page(page)
    page.goto(site_url + "docs/embedding/")
    frame = page.wait_for_selector(".bleu2-example iframe.bleu2").content_frame()
    wait_started(frame)
    assert frame.url == f"{site_url}?embed"
    enter(frame, guard, "the cat sat on the mat", "the cat is on the mat")
    assert texts(frame, "score", "p1-fraction") == {"score": "0.7071", "p1-fraction": "5/6"}
    code = page.evaluate(
        "[...document.querySelectorAll('pre code')].map(c => c.textContent).find(t => t.includes('<iframe'))"
    )
    assert 'src="../../?embed"' in code
