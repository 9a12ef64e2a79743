"""The docs extensions in REAL documentation builds (no browser): a Sphinx site with the
furo theme (``extensions = ["bleu2.sphinx"]``) and a MkDocs Material site (``plugins:
[bleu2]``, found by its entry point), built here (tests/docs_extension_sites.py).

Checked in the built HTML: the build-time breakdown with the oracles' numbers (the
hand-computed GOLDEN rows, sacreBLEU 2.6.0), the texts escaped, the start button (hidden
until the script shows it) and the live calculator's address from each page (relative to
the copied calculator site, which is in the output), the stylesheet and script once on
the pages with a block and on no other, the messages for bad blocks and settings (file and
line, or page and block), and what other Sphinx builders write.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu

from bleu2.integrations import docs_block
from bleu2.page import share
from bleu2.page.options_form import PRESET_OPTIONS
from docs_extension_sites import blocks_in, build_material, build_sphinx, fake_site
from golden_values import GOLDEN

REFERENCE, CANDIDATE, P1, P2, C, R, BP, SCORE, _ = GOLDEN[0]  # the cat sat on the mat
ROW = {
    "score": f"{SCORE:.4f}",
    "p1": f"{P1[0]}/{P1[1]}",
    "p2": f"{P2[0]}/{P2[1]}",
    "bp": f"{BP:.4f}",
    "c": str(C),
    "r": str(R),
}
# the reference as a candidate: every n-gram matches (by hand: 6/6, 5/5, BP 1, BLEU 1)
SAME = {"score": "1.0000", "p1": "6/6", "p2": "5/5", "bp": "1.0000", "c": "6", "r": "6"}
HOSTILE = '<img src=x onerror="alert(1)"> & the cat'
SACRE_REF, SACRE_CAND = "The cat sat on the mat.", "The cat is on the mat."


def sacrebleu_row(candidate: str, reference: str) -> dict[str, str]:
    oracle = sacrebleu.sentence_bleu(candidate, [reference])
    fractions = {f"p{n}": f"{m}/{t}" + "*" * (m == 0) for n, (m, t) in enumerate(zip(oracle.counts, oracle.totals), 1)}
    return {"score": f"{oracle.score / 100:.4f}", **fractions, "bp": f"{oracle.bp:.4f}", "c": str(oracle.sys_len), "r": str(oracle.ref_len)}  # fmt: skip


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def assets_on(page: str, css: str, js: str) -> tuple[int, int]:
    """How many times the page links the block's stylesheet and script."""
    return page.count(css), page.count(js)


# ---------------------------------------------------------------- Sphinx

SPHINX_INDEX = f"""Blocks
======

.. bleu2::
   :reference: {REFERENCE}
   :candidate: {CANDIDATE}
      {REFERENCE}

Between.

.. bleu2::
   :reference: {HOSTILE}
   :candidate: {HOSTILE}

.. toctree::

   guide/page
   plain
"""
SPHINX_GUIDE = f"""Guide
=====

.. bleu2::
   :reference: {SACRE_REF}
   :candidate: {SACRE_CAND}
   :preset: sacrebleu-sentence
   :height: 300
   :theme: dark
   :lang: es
"""


@pytest.fixture(scope="module")
def sphinx_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("sphinx")
    fake_site(work / "calculator")
    pages = {"index.rst": SPHINX_INDEX, "guide/page.rst": SPHINX_GUIDE, "plain.rst": "Plain\n=====\n\nNo block.\n"}
    build_sphinx(work / "src", work / "out", 'bleu2_site_dir = "../calculator"\n', pages)
    return work / "out"


def test_sphinx_writes_the_breakdown_with_the_oracles_numbers(sphinx_site):
    first, hostile = blocks_in(read(sphinx_site / "index.html"))
    assert first["references"] == [REFERENCE]
    assert first["rows"] == {
        CANDIDATE: ROW,
        REFERENCE: SAME,
    }
    (guide,) = blocks_in(read(sphinx_site / "guide" / "page.html"))
    assert guide["rows"] == {SACRE_CAND: sacrebleu_row(SACRE_CAND, SACRE_REF)}
    assert list(hostile["rows"]) == [HOSTILE] and hostile["references"] == [HOSTILE]


def test_sphinx_escapes_the_texts(sphinx_site):
    page = read(sphinx_site / "index.html")
    assert "<img" not in page and 'onerror="' not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; the cat" in page


def test_sphinx_blocks_start_the_copied_calculator_from_each_page(sphinx_site):
    first, second = blocks_in(read(sphinx_site / "index.html"))
    (guide,) = blocks_in(read(sphinx_site / "guide" / "page.html"))
    for block, name in ((first, "bleu2-index-1"), (second, "bleu2-index-2"), (guide, "bleu2-guide-page-1")):
        assert block["attrs"]["id"] == block["attrs"]["data-bleu2-name"] == name
        assert block["button"] == {"type": "button", "class": "bleu2-start", "hidden": ""}
    src = first["attrs"]["data-bleu2-src"]
    assert src.startswith("_bleu2/?embed&start#v1.") and first["attrs"]["data-bleu2-height"] == "460"
    assert share.decode_state(src.split("#", 1)[1])["candidates"] == [CANDIDATE, REFERENCE]
    src = guide["attrs"]["data-bleu2-src"]
    assert src.startswith("../_bleu2/?embed&start&theme=dark#v1.") and guide["attrs"]["data-bleu2-height"] == "300"
    state = share.decode_state(src.split("#", 1)[1])
    assert (state["options"], state["lang"]) == (PRESET_OPTIONS["sacrebleu-sentence"], "es")
    assert guide["link"]["href"] == "../_bleu2/#" + src.split("#", 1)[1]
    # the calculator's site, copied whole into the output
    assert read(sphinx_site / "_bleu2" / "index.html") == "<!doctype html><title>calculator</title>"
    assert read(sphinx_site / "_bleu2" / "static" / "x.txt") == "x"


def test_sphinx_links_the_stylesheet_and_script_once_on_pages_with_blocks(sphinx_site):
    css, js = "_static/" + docs_block.CSS_FILE, "_static/" + docs_block.JS_FILE
    assert assets_on(read(sphinx_site / "index.html"), css, js) == (1, 1)
    assert assets_on(read(sphinx_site / "guide" / "page.html"), "../" + css, "../" + js) == (1, 1)
    assert assets_on(read(sphinx_site / "plain.html"), css, js) == (0, 0)
    assert read(sphinx_site / "_static" / docs_block.JS_FILE) == read(docs_block.ASSETS / docs_block.JS_FILE)
    page = read(sphinx_site / "index.html")
    assert f'<script defer="defer" src="{js}?v=' in page  # deferred: the blocks are parsed when it runs


def test_sphinx_bad_blocks_and_no_calculator_are_reported_with_file_and_line(tmp_path):
    page = f"""Bad
===

.. bleu2::
   :reference: {REFERENCE}
   :candidate: {CANDIDATE}

.. bleu2::
   :reference: a
   :candidate: b
   :preset: sacreblue

.. bleu2::
   :reference: a
"""
    proc = build_sphinx(tmp_path / "src", tmp_path / "out", "", {"index.rst": page}, strict=False)
    index = tmp_path / "src" / "index.rst"
    assert f"{index}:4: WARNING: bleu2: no live calculator: set bleu2_url or bleu2_site_dir" in proc.stderr
    assert f"{index}:8: ERROR: bleu2: preset: unknown value 'sacreblue'; valid: sacrebleu" in proc.stderr
    assert f"{index}:13: ERROR: bleu2: candidate: at least one candidate is needed" in proc.stderr
    (block,) = blocks_in(read(tmp_path / "out" / "index.html"))  # the good one: build-time only
    assert block["rows"] == {CANDIDATE: ROW} and block["button"] is None and "data-bleu2-src" not in block["attrs"]


def test_sphinx_refuses_a_site_dir_that_is_no_built_site(tmp_path):
    proc = build_sphinx(
        tmp_path / "src", tmp_path / "out", 'bleu2_site_dir = "nowhere"\n', {"index.rst": "T\n=\n"}, strict=False
    )
    assert proc.returncode != 0
    assert (
        f"bleu2_site_dir: {tmp_path / 'src' / 'nowhere'} is not a built bleu2 site (no index.html or embed.js"
        in proc.stderr
    )


def test_sphinx_text_builder_writes_the_texts_and_the_score_line(tmp_path):
    page = f"T\n=\n\n.. bleu2::\n   :reference: {REFERENCE}\n   :candidate: {CANDIDATE}\n"
    build_sphinx(tmp_path / "src", tmp_path / "out", 'bleu2_url = ""\n', {"index.rst": page}, builder="text")
    text = read(tmp_path / "out" / "index.txt")
    assert f"reference: {REFERENCE}" in text and f"candidate: {CANDIDATE}" in text
    # sacreBLEU's line: BLEU and the precisions in percent
    assert f"BLEU = {100 * SCORE:.2f} {100 * P1[0] / P1[1]:.1f}/{100 * P2[0] / P2[1]:.1f} (BP = {BP:.3f}" in text


# ---------------------------------------------------------------- MkDocs

MD_INDEX = f"""# Blocks

```bleu2
reference: {REFERENCE}
candidate: {CANDIDATE}
candidate: {REFERENCE}
```

Between.

```bleu2
reference: {HOSTILE}
candidate: {HOSTILE}
```
"""
MD_GUIDE = f"""# Guide

```bleu2
reference: {SACRE_REF}
candidate: {SACRE_CAND}
preset: sacrebleu-sentence
height: 300
theme: dark
lang: es
```
"""


@pytest.fixture(scope="module")
def material_site(tmp_path_factory):
    work = tmp_path_factory.mktemp("material")
    site = fake_site(work / "calculator")
    pages = {"index.md": MD_INDEX, "guide/page.md": MD_GUIDE, "plain.md": "# Plain\n\nNo block.\n"}
    build_material(work / "src", work / "out", f"      site_dir: {site}\n", pages)
    return work / "out"


def test_mkdocs_writes_the_breakdown_with_the_oracles_numbers(material_site):
    first, hostile = blocks_in(read(material_site / "index.html"))
    assert first["references"] == [REFERENCE]
    assert first["rows"] == {
        CANDIDATE: ROW,
        REFERENCE: SAME,
    }
    (guide,) = blocks_in(read(material_site / "guide" / "page" / "index.html"))
    assert guide["rows"] == {SACRE_CAND: sacrebleu_row(SACRE_CAND, SACRE_REF)}
    assert list(hostile["rows"]) == [HOSTILE]
    page = read(material_site / "index.html")
    assert "<img" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; the cat" in page


def test_mkdocs_blocks_start_the_copied_calculator_from_each_page(material_site):
    first, _ = blocks_in(read(material_site / "index.html"))
    (guide,) = blocks_in(read(material_site / "guide" / "page" / "index.html"))
    assert first["attrs"]["data-bleu2-src"].startswith("_bleu2/?embed&start#v1.")
    assert first["button"] == {"type": "button", "class": "bleu2-start", "hidden": ""}
    src = guide["attrs"]["data-bleu2-src"]
    assert src.startswith("../../_bleu2/?embed&start&theme=dark#v1.") and guide["attrs"]["data-bleu2-height"] == "300"
    state = share.decode_state(src.split("#", 1)[1])
    assert (state["references"], state["candidates"]) == ([SACRE_REF], [SACRE_CAND])
    assert (state["options"], state["lang"]) == (PRESET_OPTIONS["sacrebleu-sentence"], "es")
    assert read(material_site / "_bleu2" / "embed.js") == "// host"


def test_mkdocs_links_the_stylesheet_and_script_once_on_pages_with_blocks(material_site):
    css, js = "assets/bleu2/" + docs_block.CSS_FILE, "assets/bleu2/" + docs_block.JS_FILE
    assert assets_on(read(material_site / "index.html"), css, js) == (1, 1)
    assert assets_on(read(material_site / "guide" / "page" / "index.html"), "../../" + css, "../../" + js) == (1, 1)
    assert assets_on(read(material_site / "plain" / "index.html"), css, js) == (0, 0)
    assert read(material_site / js) == read(docs_block.ASSETS / docs_block.JS_FILE)
    assert f'<script src="{js}" defer></script></head>' in read(material_site / "index.html")


def test_mkdocs_bad_blocks_are_shown_and_reported_with_page_and_block(tmp_path):
    page = f"""# Bad

```bleu2
reference: {REFERENCE}
candidate: {CANDIDATE}
```

```bleu2
reference: <i>a</i>
candidate: b
lang: fr
```
"""
    proc = build_material(
        tmp_path / "src", tmp_path / "out", "      url: https://calc.example/bleu2\n", {"index.md": page}, strict=False
    )
    assert "WARNING -  index.md: bleu2 block 2: lang: unknown value 'fr'; valid: en, es, pt" in proc.stderr
    html = read(tmp_path / "out" / "index.html")
    good, bad = blocks_in(html)
    assert good["rows"] == {CANDIDATE: ROW}
    assert good["attrs"]["data-bleu2-src"].startswith("https://calc.example/bleu2/?embed&start#v1.")
    assert bad["attrs"] == {"class": "bleu2-block bleu2-error", "role": "alert"} and bad["rows"] == {}
    assert "<i>a</i>" not in html


def test_mkdocs_strict_fails_on_a_block_without_calculator(tmp_path):
    page = f"# T\n\n```bleu2\nreference: {REFERENCE}\ncandidate: {CANDIDATE}\n```\n"
    proc = build_material(tmp_path / "src", tmp_path / "out", "", {"index.md": page}, strict=False)
    assert (
        "WARNING -  index.md: bleu2 block 1: no live calculator: set the bleu2 plugin's url or site_dir" in proc.stderr
    )
    with pytest.raises(AssertionError, match="no live calculator"):
        build_material(tmp_path / "src2", tmp_path / "out2", "", {"index.md": page})


def test_mkdocs_needs_superfences_and_a_built_site(tmp_path):
    proc = build_material(tmp_path / "a", tmp_path / "a-out", "", {"index.md": "# T\n"}, strict=False, extensions="toc")
    assert proc.returncode != 0
    assert "the bleu2 plugin needs the pymdownx.superfences Markdown extension in markdown_extensions" in proc.stderr
    proc = build_material(
        tmp_path / "b", tmp_path / "b-out", "      site_dir: nowhere\n", {"index.md": "# T\n"}, strict=False
    )
    assert proc.returncode != 0
    assert f"bleu2 plugin: site_dir: {tmp_path / 'b' / 'nowhere'} is not a built bleu2 site" in proc.stderr
