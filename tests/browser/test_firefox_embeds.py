"""Embeds in Debian's Firefox ESR (WebDriver BiDi, tests/browser/firefox_embeds.mjs), in one
run of the driver:

- two cross-site embeds on one host page keep separate texts after a reload, and the full
  page keeps its own. Firefox gives a cross-site frame storage of its own (partitioned by
  the top-level site), so both frames write to one sessionStorage: each under its own keys;
- a host page with the documentation's snippet (docs/snippets/embed.html) twice, so with the
  shipped ``_site/embed.js``: each frame (started with its button) is told its height a few times, never while
  Python loads, and sized to its document,
  and follows it when it grows; ``?theme=`` and the ``bleu2:theme`` message set the theme; a
  switch of the host's own theme (the attributes embed.js reads, docs/embedding.md) switches
  the frames. Colours are static/style.css's ``--bg`` and ``--fg`` in each scheme.

The host pages are files of the served directory asked for by another host name
(http://localhost:PORT/..., as test_cross_site_frame.py does); the driver aborts every
request to any other origin than these two, and the tests check it aborted none.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

from browser_helpers import ROOT, run_firefox_driver
from docs_site import PLACEHOLDER

SNIPPET = (ROOT / "docs" / "snippets" / "embed.html").read_text(encoding="utf-8")
START_HEIGHT = 460  # the snippet's iframe height, before the host script sizes it
# The host's theme switches, in turn: (element, attribute, value, the theme embed.js sends:
# docs/embedding.md's table, first attribute set with a known value wins).
HOST_STEPS = [
    ("html", "data-theme", "dark", "dark"),  # pydata-sphinx-theme and others
    ("html", "data-theme", "light", "light"),
    ("body", "data-theme", "dark", "dark"),  # furo, read before <html data-theme>
    ("body", "data-md-color-scheme", "default", "light"),  # MkDocs Material, read first
    ("body", "data-md-color-scheme", "slate", "dark"),
    ("body", "data-theme", "auto", "dark"),  # (Material's slate still wins)
    ("body", "data-md-color-scheme", "custom", "auto"),  # unknown scheme: furo's "auto" next
]


def css_colours(name: str) -> dict[str, str]:
    """static/style.css's ``--<name>: light-dark(#rrggbb, #rrggbb)`` as computed colours."""
    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    light, dark = re.search(rf"--{name}: light-dark\((#[0-9a-f]{{6}}), (#[0-9a-f]{{6}})\)", css).groups()

    def rgb(hex_colour: str) -> str:
        return "rgb({}, {}, {})".format(*(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)))

    return {"light": rgb(light), "dark": rgb(dark)}


# An embed's own background is transparent: the host page's shows through it.
BACKGROUND, TEXT = {"light": "rgba(0, 0, 0, 0)", "dark": "rgba(0, 0, 0, 0)"}, css_colours("fg")


def painted(shown: dict, theme: str) -> tuple:
    """The frame's theme attribute and colours, beside what ``theme`` should show in a light
    system ("auto" follows it: light)."""
    scheme = "light" if theme == "auto" else theme
    return (shown["theme"], shown["background"], shown["color"]), (theme, BACKGROUND[scheme], TEXT[scheme])


def origins_of(port: int) -> set[str]:
    return {f"http://localhost:{port}", f"http://127.0.0.1:{port}"}


@pytest.fixture(scope="module")
def run(served_root, site_url) -> dict:
    """The driver's findings (firefox_embeds.mjs), one Firefox run for every test here."""
    port = urlsplit(site_url).port
    host = f"http://localhost:{port}/firefox-two-embeds.html"
    (served_root / "firefox-two-embeds.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>docs on another site</title><link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}index.html?embed" width="900" height="400"></iframe>'
        f'<iframe id="g" src="{site_url}index.html?embed" width="900" height="400"></iframe>',
        encoding="utf-8",
    )
    themes = f"http://localhost:{port}/firefox-embed-themes.html"
    snippet = SNIPPET.replace(PLACEHOLDER, site_url).strip()
    assert f"height: {START_HEIGHT}px" in snippet
    (served_root / "firefox-embed-themes.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>docs with the snippet</title><link rel="icon" href="data:,">'
        f"<p>Text above.</p>{snippet}<p>Between.</p>{snippet}"
        f'<iframe id="d" src="{site_url}index.html?embed&amp;theme=dark" title="dark"></iframe>'
        f'<iframe id="l" src="{site_url}index.html?embed&amp;theme=light" title="light"></iframe>',
        encoding="utf-8",
    )
    allow = [arg for origin in sorted(origins_of(port)) for arg in ("--allow", origin)]
    pages = ["--full", f"{site_url}index.html", "--host", host, "--themes", themes]
    steps = ["--host-steps", json.dumps([list(step) for step in HOST_STEPS])]
    out = run_firefox_driver("firefox_embeds.mjs", *pages, *steps, *allow, timeout=600)
    assert "error" not in out, out["error"]
    return out


def test_firefox_embeds_ask_only_their_two_origins_and_log_no_error(run, site_url):
    assert run["consoleErrors"] == [] and run["pageErrors"] == [], run
    assert run["blocked"] == [], f"requests the driver aborted: {run['blocked']}"
    origins = origins_of(urlsplit(site_url).port)
    parts = [urlsplit(url) for url in run["requests"]]
    bad = [p.geturl() for p in parts if p.scheme not in ("data", "blob") and f"{p.scheme}://{p.netloc}" not in origins]
    assert bad == [] and run["requests"], bad
    assert f"{site_url}embed.js" in run["requests"]


def test_two_cross_site_embeds_and_the_full_page_keep_separate_texts_in_firefox(run):
    assert run["frameStorage"] is True, "Firefox was expected to give the cross-site frame storage"

    def boxes(shown):
        return shown["reference"], shown["candidate"]

    assert boxes(run["fullTyped"]) == ("the cat sat on the mat", "the cat is on the mat")
    assert run["fullTyped"]["score"] == "0.7071"
    assert [boxes(run["embedsAtFirst"][f]) for f in "fg"] == [("", ""), ("", "")]
    reloaded = run["embedsReloaded"]
    assert boxes(reloaded["f"]) == ("first frame reference", "first frame candidate")
    assert boxes(reloaded["g"]) == ("second frame reference", "second frame candidate")
    kept = run["frameKeys"]  # the frames' storage (partitioned under the host's site): one slot each
    assert len([k for k in kept if k.startswith("bleu2-embed.") and k.endswith("-state")]) == 2, kept
    assert "bleu2-state" not in kept, kept
    assert boxes(run["fullAgain"]) == ("the cat sat on the mat", "the cat is on the mat")


def test_each_embed_is_told_its_height_once_and_sized_to_its_document_in_firefox(run):
    themes = run["themes"]
    assert themes["states"] == ["ready"] * 4
    settled = themes["settled"]
    # told while it waits, once it is ready, once its "Ready" is gone; never while Python loads
    counts = [len([j for j, _ in settled["told"] if j == i]) for i in (0, 1)]
    assert all(1 <= n <= 3 for n in counts), f"each frame is resized a few times: {settled['told']}"
    for i, (height, document) in enumerate(zip(settled["frames"], settled["documents"], strict=True)):
        told = [h for j, h in settled["told"] if j == i]
        assert height == told[-1] != START_HEIGHT  # (else the test would prove nothing)
        # the document's own height, measured three ways inside the frame, within 2 px
        for measured in ("body", "root", "content"):
            assert abs(height - document[measured]) <= 2, (height, document)
        assert document["scrollHeight"] <= document["innerHeight"] == height  # no scrolling inside
        assert 0 < document["scoreBottom"] <= height


def test_an_embed_that_grows_is_resized_to_its_new_height_in_firefox(run):
    settled, narrowed = run["themes"]["settled"], run["themes"]["narrowed"]
    later = narrowed["told"][len(settled["told"]) :]
    assert later and {i for i, _ in later} == {1}, narrowed["told"]  # the narrowed frame only
    assert narrowed["frames"][0] == settled["frames"][0]
    height, document = narrowed["frames"][1], narrowed["documents"][1]
    assert height == later[-1][1] > settled["frames"][1]
    for measured in ("body", "root", "content"):
        assert abs(height - document[measured]) <= 2, (height, document)
    assert document["scrollHeight"] <= document["innerHeight"] == height


def test_the_theme_in_the_embeds_address_and_the_theme_message_in_firefox(run):
    themes = run["themes"]
    for frame_id, theme in (("d", "dark"), ("l", "light")):
        shown = themes["byAddress"][frame_id]
        assert shown["prefersDark"] is False  # a light system: the theme comes from the address
        got, expected = painted(shown, theme)
        assert got == expected, frame_id
    assert [m["sent"] for m in themes["messages"]] == ["dark", "light", "auto"]
    for message in themes["messages"]:
        got, expected = painted(message["shown"], message["sent"])
        assert got == expected, message


def test_the_embeds_follow_the_host_pages_theme_switch_in_firefox(run):
    themes = run["themes"]
    for shown in themes["hostAtFirst"]:  # no theme on the host page: the frame's own, light
        assert (shown["theme"], shown["background"], shown["color"]) == (None, BACKGROUND["light"], TEXT["light"])
    assert [step["set"] for step in themes["hostSteps"]] == [list(step[:3]) for step in HOST_STEPS]
    for step, (*_, theme) in zip(themes["hostSteps"], HOST_STEPS, strict=True):
        for shown in step["shown"]:
            got, expected = painted(shown, theme)
            assert got == expected, step["set"]
