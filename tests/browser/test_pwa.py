"""Installable, and offline after the first visit: the web app manifest and its icons, the
service worker (tools/service_worker.js, registered by static/pwa.js) that precaches the
site under a build hash, the page opening and scoring with the network off, and a new
deployment picked up on the next visit with a notice.

(The service worker is quietly absent in a storage-denied cross-site frame:
tests/browser/test_embed.py; from file://: test_loading.py and test_offline.py.)
"""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest

from browser_helpers import SITE, WAIT_MS, enter, settled, texts
from conftest import open_page, wait_ready_state, wait_started
from tools import pwa

SW_CONTROLLED_JS = "() => !!navigator.serviceWorker.controller"
CACHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map(r => r.url);
  }
  return out;
}"""


def wait_controlled(page, timeout=WAIT_MS):
    """Until the service worker has precached the site and controls the page."""
    page.wait_for_function(SW_CONTROLLED_JS, timeout=timeout)


def build_of(site) -> str:
    text = (site / pwa.SERVICE_WORKER).read_text(encoding="utf-8")
    return text.split('const BUILD = "', 1)[1].split('"', 1)[0]


@pytest.fixture(scope="module")
def controlled(new_context, site_url):
    """``(context, guard, page)``: one page of the served site whose service worker has
    precached the site and controls it, shared by the tests that only read it."""
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    wait_controlled(page)
    return context, guard, page


def test_manifest_icons_and_theme_colours(controlled):
    context, _, page = controlled
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest_url = urljoin(page.url, href)
    manifest = json.loads(context.request.get(manifest_url).text())
    assert manifest["name"] == "BLEU calculator" and manifest["short_name"] == "bleu2"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        response = context.request.get(urljoin(manifest_url, icon["src"]))
        assert response.ok, icon
        assert response.headers["content-type"].startswith(icon["type"])
        if icon["type"] == "image/png":
            assert pwa.png_size(response.body()) == tuple(int(x) for x in icon["sizes"].split("x"))
            sizes[icon["sizes"], icon["purpose"]] = True
        else:
            assert response.text().startswith("<svg")
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(sizes)
    themes = page.eval_on_selector_all("meta[name=theme-color]", "els => els.map(e => [e.media, e.content])")
    assert sorted(themes) == [["(prefers-color-scheme: dark)", "#15181c"], ["(prefers-color-scheme: light)", "#ffffff"]]
    # Chromium's own verdict: the page is installable (manifest, icons, service worker);
    # the only objection allowed is Playwright's context itself (off the record).
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    parsed = cdp.send("Page.getAppManifest")
    assert parsed.get("errors") == [], parsed.get("errors")


def test_service_worker_precaches_the_site_under_its_build_hash(controlled, site_url, site_dir):
    page = controlled[2]
    assert page.get_attribute("html", "data-sw") == "registered"
    cached = page.evaluate(CACHES_JS)
    build = build_of(site_dir)
    assert list(cached) == [f"bleu2-build-{build}"]
    files = pwa.precache_files(site_dir)
    assert sorted(cached[f"bleu2-build-{build}"]) == sorted(urljoin(site_url, f) for f in files)
    # everything the page needs, nothing it does not
    for needed in (
        "index.html",
        "pyscript.toml",
        "bleu2.zip",
        "static/app.py",
        "static/worker.py",
        "static/host.js",
        "static/snapshot-worker.mjs",  # this browser makes the snapshot, offline too
        "static/vendor/pyodide/pyodide.asm.wasm",
        "manifest.webmanifest",
        "static/icons/icon-192.png",
    ):
        assert needed in files, needed
    assert not [f for f in files if f.endswith((".br", "bleu2-offline.html", "service-worker.js", ".nojekyll"))]
    assert not [f for f in files if "snapshot.bin" in f]  # no snapshot is downloaded


def test_page_opens_and_scores_with_the_network_off_after_one_visit(new_context, site_url):
    # (a page of its own: the shared one, read by the tests above, has its service worker
    # check for an update on the reload, which fails offline)
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    wait_controlled(page)
    context.set_offline(True)
    try:
        page.reload()
        wait_ready_state(page)
        enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
        shown = texts(page, "score", "p1-fraction", "p2-fraction")
        assert shown == {"score": "0.7071", "p1-fraction": "5/6", "p2-fraction": "3/5"}
        # a navigation with a query (embed mode) is answered from the cache too
        embed = open_page(context, guard, site_url + "?embed", wait_ready=False)
        wait_started(embed)  # (an embed waits for its reader)
        enter(embed, guard, "a b c d", "a b c d")
        assert embed.text_content("#score") == "1.0000"
    finally:
        context.set_offline(False)


@pytest.fixture
def deploy_dir(served_root):
    """A deployment of the site that the test can replace: every file a link to _site/'s,
    but service-worker.js, a copy (what a new deployment changes; without its compressed
    copies, which would still be the old worker's)."""
    target = served_root / "deploy"
    for path in SITE.rglob("*"):
        if path.is_file() and not path.name.startswith(pwa.SERVICE_WORKER + "."):
            dest = target / path.relative_to(SITE)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if path.name == pwa.SERVICE_WORKER:
                dest.write_bytes(path.read_bytes())
            elif not dest.exists():
                dest.symlink_to(path)
    return target


def test_new_deployment_waits_and_its_notice_reloads_every_open_page(new_context, server, deploy_dir):
    url = f"{server}deploy/"
    context, guard = new_context()
    page = open_page(context, guard, url)
    wait_controlled(page)
    other = open_page(context, guard, url)  # a second tab of the same build
    enter(other, guard, "the cat sat on the mat", "the cat is on the mat")
    settled(other)  # (its texts saved in the tab's storage)
    old = build_of(deploy_dir)
    assert page.locator("#update-notice").count() == 0
    # A new deployment: another build hash (the worker's bytes change).
    worker = deploy_dir / pwa.SERVICE_WORKER
    new = "0123456789abcdef" if old != "0123456789abcdef" else "fedcba9876543210"
    worker.write_text(worker.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    # The next visit: the page opens (from the old build's cache), the browser finds the
    # new worker, which installs the new build and waits (another tab of the old build is
    # open, so a reload does not hand over); both pages say a new version is ready.
    page.reload()
    wait_ready_state(page)
    for tab in (page, other):
        tab.wait_for_selector("#update-notice", timeout=WAIT_MS)
        notice = tab.text_content("#update-notice")
        assert "new version" in notice and tab.text_content("#update-reload") == "Reload"
    assert sorted(page.evaluate("async () => await caches.keys()")) == sorted(
        [f"bleu2-build-{old}", f"bleu2-build-{new}"]
    )
    # Reload (in one tab): the new build takes over, and every open page reloads whole.
    with page.expect_navigation(), other.expect_navigation():
        page.click("#update-reload")
    for tab in (page, other):
        wait_ready_state(tab)
        assert tab.locator("#update-notice").count() == 0
    assert page.evaluate("async () => await caches.keys()") == [f"bleu2-build-{new}"]
    assert other.input_value("#reference") == "the cat sat on the mat"  # the tab's storage kept it
    assert other.text_content("#score") == "0.7071"
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    assert page.text_content("#score") == "0.7071"
