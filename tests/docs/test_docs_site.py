"""The documentation site as ``make site`` builds it (``mkdocs build --strict``): every page
reachable, the embedding page's example exactly the snippet it shows, the calculator's
address written in, and nothing loaded from another origin."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from docs_site import CONFIG, DOCS, PLACEHOLDER, build_docs

URL = "https://docs-test.example/some/path/"  # the calculator's address given to the build


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs-site")
    build_docs(out, URL.rstrip("/"))  # given without its slash: the build adds it
    return out


class _Attributes(HTMLParser):
    """Every (tag, attribute, value) of a page."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.found += [(tag, name, value or "") for name, value in attrs]


def nav_pages(nav) -> list[str]:
    out = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        out += nav_pages(value) if isinstance(value, list) else [value]
    return out


def test_every_page_is_in_the_nav():
    config = yaml.load(CONFIG.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # (no !ENV resolution needed)
    listed = nav_pages(config["nav"])
    pages = sorted(p.name for p in DOCS.glob("*.md"))
    assert sorted(listed) == pages, "each page of docs/ needs one line in nav: of mkdocs.yml"


def example_and_shown(page: str) -> tuple[str, list[str]]:
    """The embedding page's example frame (its markup) and the code blocks it shows (as text)."""
    example = re.search(r'<div class="bleu2-example">\n(.*?)\n</div>', page, re.DOTALL)
    assert example, "the embedding page has no example"
    shown = [
        html.unescape(re.sub(r"<[^>]+>", "", code))
        for code in re.findall(
            r'<div class="[^"]*highlight"><pre>(?:<span></span>)?<code>(.*?)</code></pre>', page, re.DOTALL
        )
    ]
    return example.group(1).strip(), [s.strip() for s in shown]


def test_the_embedding_example_is_exactly_the_snippet_it_shows(built):
    example, shown = example_and_shown((built / "embedding" / "index.html").read_text(encoding="utf-8"))
    assert example in shown
    assert f'src="{URL}?embed"' in example  # the calculator's address, in the copy too
    assert f'<script src="{URL}embed.js" defer></script>' in example  # the host script, one line


def test_the_calculator_address_replaces_the_placeholder_everywhere(built):
    for path in built.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "OWNER.github.io" not in text, f"{path.relative_to(built)} still names the placeholder"
    assert PLACEHOLDER in (DOCS / "snippets" / "embed.html").read_text(encoding="utf-8")


def test_the_docs_load_nothing_from_another_origin(built):
    """Scripts, styles, images and frames are the site's own files; the one exception is the
    calculator the embedding page embeds. (Links are not loads.)"""
    loads = {("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"), ("source", "src")}
    foreign = []
    for path in built.rglob("*.html"):
        parser = _Attributes()
        parser.feed(path.read_text(encoding="utf-8"))
        for tag, name, value in parser.found:
            if (tag, name) in loads and urlsplit(value).netloc and not value.startswith(URL):
                foreign.append((path.relative_to(built).as_posix(), tag, value))
    assert foreign == []
    css = "".join(p.read_text(encoding="utf-8") for p in built.rglob("*.css"))
    assert "fonts.googleapis" not in css and "@import url(http" not in css


def test_the_docs_show_the_readme_picture(built):
    assert (built / "img" / "page.png").stat().st_size < 200_000
    assert 'src="img/page.png"' in (built / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def built_without_address(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs-site-relative")
    build_docs(out, None)
    return out


def test_without_an_address_the_docs_name_the_calculator_relative_to_each_page(built_without_address):
    page = (built_without_address / "embedding" / "index.html").read_text(encoding="utf-8")
    example, shown = example_and_shown(page)
    assert example in shown
    # from _site/docs/embedding/, the calculator is _site/: two folders up
    assert 'src="../../?embed"' in example
    assert '<script src="../../embed.js" defer></script>' in example
    assert "127.0.0.1" not in page and PLACEHOLDER not in page


def test_every_page_names_its_search_dialog_and_reads_the_docs_styles(built):
    for path in built.rglob("*.html"):
        if path.name == "404.html" or "search" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert 'role="dialog" aria-label="Search"' in text, path.relative_to(built)
        assert 'role="dialog">' not in text, path.relative_to(built)
        assert "stylesheets/extra.css" in text, path.relative_to(built)
    css = (built / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert "text-decoration: underline" in css and "--md-code-hl-comment-color: #595959" in css
