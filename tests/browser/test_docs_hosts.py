"""The calculator embedded by REAL documentation sites from ANOTHER SITE, with the shipped
host script (``_site/embed.js``, docs/embedding.md): a MkDocs Material site and a Sphinx
site with the furo theme, each built here into the served folder (pinned in the test and
docs extras) from a page holding the documentation's own snippet (docs/snippets/embed.html)
twice. The docs are asked for on http://localhost:PORT/, the calculator on
http://127.0.0.1:PORT/some/sub/path/ (host names differ: cross-site frames, as in
test_embed.py).

Checked: switching the docs' theme (Material's palette toggle, furo's theme button)
switches the frames' theme (the frames started with their button); the frame's height
settles (a few height messages: while it waits, once started, once its "Ready" is gone) and fits its content, score included; two embeds on one page score
their own texts; ``?theme=`` and the iframe element's ``color-scheme`` set the theme
without the script.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from browser_helpers import answered, enter, still, texts
from conftest import guarded_context, open_in_parent, open_page, wait_started
from docs_host_sites import BUILDERS, HostGuard

# The frame's text colour (static/style.css: --fg) in each scheme (its background is the
# host's: test_embed_until_touched.py compares the pixels).
TEXT = {"light": "rgb(29, 35, 43)", "dark": "rgb(230, 233, 238)"}
# Heights the parent was told, [frame index, height], recorded in the top window only.
RECORD_HEIGHTS = """if (window.top === window) {
  window.bleu2Heights = [];
  addEventListener("message", (e) => {
    const frames = [...document.querySelectorAll("iframe.bleu2")].map((f) => f.contentWindow);
    if (e.data && e.data.type === "bleu2:height") window.bleu2Heights.push([frames.indexOf(e.source), e.data.height]);
  });
}"""


@pytest.fixture(scope="module", params=sorted(BUILDERS))
def host(request, browser, served_root, site_url, origin, guards):
    """(name, page, [frame, frame], guard): the docs' page on the other host name, light
    system theme, both frames started."""
    name = request.param
    BUILDERS[name](served_root / f"host-{name}", site_url)
    docs_url = f"http://localhost:{urlsplit(site_url).port}/host-{name}/"
    guard = HostGuard(origin, docs_prefix=docs_url)
    context = guarded_context(browser, guard, guards, color_scheme="light", viewport={"width": 1000, "height": 900})
    context.add_init_script(RECORD_HEIGHTS)
    page = open_page(context, guard, docs_url, wait_ready=False)
    frames = [page.locator("iframe.bleu2").nth(i).element_handle().content_frame() for i in range(2)]
    for frame in frames:
        wait_started(frame)
    yield name, page, frames, guard
    context.close()


def frame_theme(frame) -> tuple[str | None, str]:
    return frame.get_attribute("html", "data-theme"), frame.evaluate("getComputedStyle(document.documentElement).color")


def switch_docs_theme(name: str, page) -> str:
    """Press the docs' own theme switch once; returns the theme the host script should send."""
    if name == "material":
        page.locator("form[data-md-component=palette] label:visible").first.click()
        answered(page)
        return {"default": "light", "slate": "dark"}[page.get_attribute("body", "data-md-color-scheme")]
    page.locator("button.theme-toggle:visible").first.click()
    answered(page)
    return page.get_attribute("body", "data-theme")


def test_the_frames_follow_the_docs_theme_switch(host):
    name, page, frames, _ = host
    expected = "light" if name == "material" else "auto"  # Material's palette for a light system; furo's own default
    for frame in frames:
        frame.wait_for_function("t => document.documentElement.getAttribute('data-theme') === t", arg=expected)
        assert frame_theme(frame)[1] == TEXT["light"]
    seen = []
    for _ in range(3):  # Material: dark, light, dark; furo: (auto) dark, light, auto
        theme = switch_docs_theme(name, page)
        seen.append(theme)
        for frame in frames:
            frame.wait_for_function("t => document.documentElement.getAttribute('data-theme') === t", arg=theme)
            assert frame_theme(frame) == (theme, TEXT["light" if theme == "auto" else theme])
    assert "dark" in seen and "light" in seen


def test_the_frame_height_settles_once_and_fits_the_score(host):
    _, page, frames, _ = host
    for i, frame in enumerate(frames):
        still(
            frame
        )  # the frame's work done, its "Ready" gone: its size final (no animation frames: it may be out of view)
        body = frame.evaluate(
            "() => { const s = getComputedStyle(document.body); return Math.ceil(document.body.getBoundingClientRect().height"
            " + parseFloat(s.marginTop) + parseFloat(s.marginBottom)); }"
        )
        assert body != 460  # (460: the snippet's starting height)
        # the height the parent got from this frame: the host script sets the frame's style
        page.wait_for_function(
            "([i, h]) => document.querySelectorAll('iframe.bleu2')[i].getBoundingClientRect().height === h",
            arg=[i, body],
        )
        height = body
        assert frame.evaluate("document.documentElement.scrollHeight <= innerHeight")  # no scrolling inside
        score = frame.evaluate("document.getElementById('score').getBoundingClientRect().bottom")
        assert 0 < score <= height
    told = page.evaluate("window.bleu2Heights")
    # told while it waits, once it is ready, once its "Ready" is gone; never while Python loads
    counts = [len([j for j, _ in told if j == i]) for i in (0, 1)]
    assert all(1 <= n <= 3 for n in counts), f"each frame is resized a few times: {told}"


def test_two_embeds_on_one_page_score_their_own_texts(host):
    _, _, frames, guard = host
    enter(frames[0], guard, "the cat sat on the mat", "the cat is on the mat")
    enter(frames[1], guard, "a quick brown fox", "a quick brown fox")
    assert texts(frames[0], "score", "p1-fraction", "p2-fraction") == {
        "score": "0.7071",
        "p1-fraction": "5/6",
        "p2-fraction": "3/5",
    }
    assert texts(frames[1], "score", "p1-fraction", "p2-fraction") == {
        "score": "1.0000",
        "p1-fraction": "4/4",
        "p2-fraction": "3/3",
    }
    assert frames[0].input_value("#reference") == "the cat sat on the mat"


def test_the_theme_in_the_frames_address_and_the_iframes_color_scheme(new_context, served_root, site_url):
    """In a light system: ``?theme=dark`` paints the frame dark (no host script involved:
    the frame has no class ``bleu2``); an iframe element given ``color-scheme: dark`` on a
    page with no theme attributes is sent "dark" by the host script (Chromium does not
    pass the iframe's color-scheme on to ``prefers-color-scheme`` inside it); ``?theme=light``
    stays light in a dark-schemed iframe the script does not look after."""
    port = urlsplit(site_url).port
    page, frame, _ = open_in_parent(
        new_context,
        served_root,
        f"http://localhost:{port}/theme-parent.html",
        '<!doctype html><meta charset="utf-8"><title>themes</title><link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}index.html?embed&amp;theme=dark" title="a"></iframe>'
        f'<iframe id="g" class="bleu2" src="{site_url}?embed" style="color-scheme: dark" title="b"></iframe>'
        f'<iframe id="h" src="{site_url}index.html?embed&amp;theme=light" style="color-scheme: dark" title="c"></iframe>'
        f'<script src="{site_url}embed.js"></script>',
    )
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is False
    assert frame_theme(frame) == ("dark", TEXT["dark"])
    for frame_id, expected in (("g", "dark"), ("h", "light")):
        other = page.wait_for_selector(f"#{frame_id}").content_frame()
        wait_started(other)
        other.wait_for_function("t => document.documentElement.getAttribute('data-theme') === t", arg=expected)
        assert frame_theme(other) == (expected, TEXT[expected])


def open_parent_with_script(new_context, served_root, site_url, name, script_attrs):
    port = urlsplit(site_url).port
    return open_in_parent(
        new_context,
        served_root,
        f"http://localhost:{port}/{name}",
        '<!doctype html><meta charset="utf-8"><title>origin</title><link rel="icon" href="data:,">'
        "<script>window.told = []; addEventListener('message', e => {"
        " if (e.data && e.data.type === 'bleu2:height') window.told.push(e.data.height); });</script>"
        f'<iframe id="f" class="bleu2" src="{site_url}?embed" style="width: 100%; height: 460px; border: 0"'
        ' title="BLEU calculator"></iframe>'
        f'<script src="{site_url}embed.js"{script_attrs}></script>',
        started=False,  # (the host script's origin check: a waiting embed posts its height)
    )


@pytest.mark.parametrize("slash", ["/", ""])
def test_an_origin_named_on_the_script_may_end_with_a_slash(new_context, served_root, site_url, slash):
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    name = f"origin-parent-{'slash' if slash else 'bare'}.html"
    page, _frame, _ = open_parent_with_script(
        new_context, served_root, site_url, name, f' data-origin="{origin}{slash}"'
    )
    page.wait_for_function("document.getElementById('f').getBoundingClientRect().height !== 460")


def test_messages_from_another_origin_than_the_one_named_are_ignored(new_context, served_root, site_url):
    """(The check the test above passes: a frame whose origin is not the one named is not sized.)"""
    page, _frame, _ = open_parent_with_script(
        new_context, served_root, site_url, "origin-parent-other.html", ' data-origin="https://docs.example/"'
    )
    page.wait_for_function("window.told.length > 0")  # the frame has posted its height (embed.js heard it too)
    assert page.evaluate("document.getElementById('f').getBoundingClientRect().height") == 460
