"""Two cross-site embeds on one host page keep separate texts after a reload in Debian's
Firefox ESR (WebDriver BiDi, tests/browser/firefox_embeds.mjs), and the full page keeps its
own. Firefox gives a cross-site frame storage of its own (partitioned by the top-level
site), so both frames write to one sessionStorage: each under its own keys.

The host page is a file of the served directory asked for by another host name
(http://localhost:PORT/..., as test_cross_site_frame.py does); every request the pages make
is recorded and checked to go to these two origins only.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from browser_helpers import run_firefox_driver


def test_two_cross_site_embeds_and_the_full_page_keep_separate_texts_in_firefox(served_root, site_url):
    port = urlsplit(site_url).port
    host = f"http://localhost:{port}/firefox-two-embeds.html"
    (served_root / "firefox-two-embeds.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>docs on another site</title><link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}index.html?embed" width="900" height="400"></iframe>'
        f'<iframe id="g" src="{site_url}index.html?embed" width="900" height="400"></iframe>',
        encoding="utf-8",
    )
    origins = {f"http://localhost:{port}", f"http://127.0.0.1:{port}"}
    allow = [arg for origin in sorted(origins) for arg in ("--allow", origin)]
    run = run_firefox_driver(
        "firefox_embeds.mjs", "--full", f"{site_url}index.html", "--host", host, *allow, timeout=600
    )
    assert "error" not in run, run["error"]
    assert run["consoleErrors"] == [] and run["pageErrors"] == [], run
    assert run["blocked"] == [], f"requests the driver aborted: {run['blocked']}"
    parts = [urlsplit(url) for url in run["requests"]]
    bad = [p.geturl() for p in parts if p.scheme not in ("data", "blob") and f"{p.scheme}://{p.netloc}" not in origins]
    assert bad == [] and run["requests"], bad
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
