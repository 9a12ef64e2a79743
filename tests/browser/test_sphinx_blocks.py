"""The Sphinx extension (``extensions = ["bleu2.sphinx"]``) in a browser: a furo site built
here into the served folder, with the calculator's built site (``_site/``) copied into it by
``bleu2_site_dir`` (docs and calculator on one origin, no other hosting), two blocks on
the page (tests/docs_extension_sites.py builds it).

Checked: before anything is pressed the build-time breakdown is visible (the golden
numbers) and nothing is fetched from the calculator; pressing a block's start button with
the keyboard replaces that block (only) with the live calculator, focused, prefilled with
the block's texts and scoring them, in the docs' theme (the host script, loaded then,
sends it); with scripts off the breakdown and the link to the calculator are there and
the start button is not. Requests to any other origin are blocked and fail the test.
"""

from __future__ import annotations

import pytest

from browser_helpers import SITE, texts
from conftest import Guard, guarded_context, open_page, wait_ready_state
from docs_extension_sites import build_sphinx
from golden_values import GOLDEN

REFERENCE, CANDIDATE, P1, P2, C, R, BP, SCORE, _ = GOLDEN[0]
OTHER = GOLDEN[2]  # 我喜欢学习中文
SHOWN = {"score": f"{SCORE:.4f}", "p1": f"{P1[0]}/{P1[1]}", "p2": f"{P2[0]}/{P2[1]}", "bp": f"{BP:.4f}", "c": str(C), "r": str(R)}  # fmt: skip
PAGE = f"""Try it
======

.. bleu2::
   :reference: {REFERENCE}
   :candidate: {CANDIDATE}

Between the blocks.

.. bleu2::
   :reference: {OTHER[0]}
   :candidate: {OTHER[1]}
"""


@pytest.fixture(scope="module")
def docs_url(served_root, origin, tmp_path_factory):
    src = tmp_path_factory.mktemp("ext-sphinx-src")
    build_sphinx(src, served_root / "ext-sphinx", f'bleu2_site_dir = "{SITE}"\n', {"index.rst": PAGE})
    return f"{origin}/ext-sphinx/index.html"


def shown(page, index: int) -> dict[str, str]:
    """The build-time cells of block ``index``'s first row, as the reader sees them."""
    return page.evaluate(
        """i => Object.fromEntries([...document.querySelectorAll('.bleu2-block')[i].querySelectorAll('td[data-bleu2]')]
             .map(td => [td.dataset.bleu2, td.innerText]))""",
        index,
    )


def calculator_requests(guard) -> list[str]:
    return [url for url, _ in guard.requests if "/_bleu2/" in url]


def test_the_breakdown_shows_at_once_and_the_calculator_starts_when_pressed(browser, origin, guards, docs_url):
    guard = Guard(origin)
    context = guarded_context(browser, guard, guards, color_scheme="light", viewport={"width": 1000, "height": 900})
    page = open_page(context, guard, docs_url, wait_ready=False)
    page.wait_for_load_state("load")
    first = page.locator(".bleu2-block").first
    assert first.locator("table.bleu2-breakdown").is_visible()
    assert shown(page, 0) == SHOWN
    assert first.locator(".bleu2-start").is_visible()  # the script showed it
    page.wait_for_load_state("networkidle")  # anything the page would fetch on its own is asked for by now
    assert calculator_requests(guard) == [] and page.locator("iframe").count() == 0

    # the docs in furo's dark theme, then the first block started from the keyboard
    while page.get_attribute("body", "data-theme") != "dark":
        page.locator("button.theme-toggle:visible").first.click()
    first.locator(".bleu2-start").focus()
    page.keyboard.press("Enter")
    frame_element = page.wait_for_selector(".bleu2-block iframe.bleu2")
    assert page.evaluate("document.activeElement.tagName") == "IFRAME"
    frame = frame_element.content_frame()
    wait_ready_state(frame)
    assert frame.input_value("#reference") == REFERENCE and frame.input_value("#candidate") == CANDIDATE
    assert texts(frame, "score", "p1-fraction", "p2-fraction") == {
        "score": SHOWN["score"],
        "p1-fraction": SHOWN["p1"],
        "p2-fraction": SHOWN["p2"],
    }
    frame.wait_for_function("document.documentElement.getAttribute('data-theme') === 'dark'")
    assert frame.url.startswith(f"{origin}/ext-sphinx/_bleu2/?embed&start#v1.")
    assert any(url == f"{origin}/ext-sphinx/_bleu2/embed.js" for url in calculator_requests(guard))

    # the block was replaced; the other one is still the build-time breakdown
    assert first.locator("table").count() == 0 and first.get_attribute("data-bleu2-state") == "live"
    second = page.locator(".bleu2-block").nth(1)
    assert second.locator("table.bleu2-breakdown").is_visible() and second.locator("iframe").count() == 0
    assert shown(page, 1)["score"] == f"{OTHER[7]:.4f}"
    assert guard.foreign_requests == []
    context.close()


def test_with_scripts_off_the_breakdown_and_the_link_are_there(browser, origin, guards, docs_url):
    guard = Guard(origin)
    context = guarded_context(browser, guard, guards, java_script_enabled=False)
    page = open_page(context, guard, docs_url, wait_ready=False)
    first = page.locator(".bleu2-block").first
    cells = first.locator("td[data-bleu2]")
    assert [cells.nth(i).inner_text() for i in range(cells.count())] == list(SHOWN.values())
    assert first.locator("table.bleu2-breakdown").is_visible()
    assert not first.locator(".bleu2-start").is_visible()
    link = first.locator("a.bleu2-open")
    assert link.is_visible() and link.get_attribute("href").startswith("_bleu2/#v1.")
    assert calculator_requests(guard) == []
    context.close()
