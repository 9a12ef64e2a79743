"""The one-file offline page (``_site/bleu2-offline.html``, tools/build_offline.py), opened
from ``file://`` as the only file in an empty folder: in Chromium (Playwright) and in
Debian's Firefox ESR (WebDriver BiDi through puppeteer-core, tests/browser/firefox_page.mjs).

Every request the page makes is recorded; any that is not data:, blob: or the file's own
URL fails the test (nothing may be fetched from disk beside it, or from a network)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bleu2.page import share
from browser_helpers import ROOT, answered, enter, run_firefox_driver, texts
from metric_breakdowns import (
    CAND,
    GLEU_CAND,
    GLEU_REF,
    REF,
    assert_gleu_breakdown,
    assert_rouge_breakdown,
    check_rouge_and_gleu_breakdowns,
)

OFFLINE = "bleu2-offline.html"


@pytest.fixture(scope="module")
def offline_file(site_dir, tmp_path_factory) -> Path:
    """bleu2-offline.html copied alone into an empty folder."""
    source = site_dir / OFFLINE
    assert source.exists(), f"{source} is missing: tools/build_site.py writes it (tools/build_offline.py)"
    folder = tmp_path_factory.mktemp("offline-only")
    shutil.copy2(source, folder / OFFLINE)
    assert [p.name for p in folder.iterdir()] == [OFFLINE]
    return folder / OFFLINE


def test_offline_file_works_alone_from_file_url_in_chromium(one_file_tab):
    page, guard, offline_file = one_file_tab  # (the session's: opened alone from an empty folder)
    assert page.url.startswith("file://")
    assert page.get_attribute("html", "data-state") == "ready"
    assert page.locator("#serve-command").count() == 0, "the file:// message must not show in the offline file"
    # The payload is unpacked and dropped: its element is gone; once Python runs, only the
    # modules' Blobs are kept (the import map points at them).
    assert page.evaluate("window.bleu2Offline.released") is True
    assert page.locator("#bleu2-offline-payload").count() == 0
    kept = page.evaluate("[...window.bleu2Offline.files.keys()]")
    assert kept and all(url.endswith((".js", ".mjs")) for url in kept), kept
    # The link to download the offline file is not in the offline file itself.
    assert page.locator("a[href='./bleu2-offline.html']").count() == 0

    page.click("#mode-sentence")  # (a test before may have left the session's page in corpus mode)
    answered(page)
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    shown = texts(page, "score", "score-label", "p1-fraction", "p2-fraction")
    assert shown["score"] == "0.7071"
    assert shown["score-label"] == "BLEU-2"
    assert (shown["p1-fraction"], shown["p2-fraction"]) == ("5/6", "3/5")

    page.select_option("#opt-max-order", "4")
    answered(page)
    page.wait_for_function("document.getElementById('score-label').textContent === 'BLEU-4'")
    order4 = page.text_content("#score")
    assert order4 != "0.7071" and order4.startswith("0.")

    with page.expect_download() as info:
        page.click("#download-export-json")
        answered(page)
    download = info.value
    assert download.suggested_filename == "bleu2-comparison.json"
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert exported["options"]["max_order"] == 4
    assert exported["references"][0]["text"] == "the cat sat on the mat"
    assert exported["ranking"][0]["text"] == "the cat is on the mat"
    assert f"{exported['ranking'][0]['score']:.4f}" == order4

    page.click("#share-button")  # the share link: the file's own URL with the texts in its fragment
    answered(page)
    page.wait_for_function("document.getElementById('share-url').value !== ''")
    link = page.input_value("#share-url")
    assert link.startswith(offline_file.as_uri() + "#v1."), link
    assert share.decode_state(link.split("#", 1)[1])["candidates"] == ["the cat is on the mat"]

    # ROUGE and GLEU offline: the typed pair's breakdowns equal rouge-score's and NLTK's
    check_rouge_and_gleu_breakdowns(page, guard, bleu_label="BLEU-4")
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    expect(page.locator("#score")).to_have_text(order4)

    # The language switch works offline too (every string comes from bleu2.i18n).
    page.select_option("#lang-select", "es")
    answered(page)
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert page.text_content("#score") == order4.replace(".", ",")

    requests = [url for url, _ in guard.requests]
    assert requests, "no request was recorded at all"
    assert all(url.split(":")[0] in ("data", "blob") or url == offline_file.as_uri() for url in requests), requests


def test_offline_file_csp_allows_no_network(offline_file):
    import re

    head = offline_file.read_text(encoding="utf-8")[:20000]
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', head).group(1)
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["default-src"] == ["'none'"]
    assert sorted(directives["connect-src"]) == ["blob:", "data:"]
    for values in directives.values():
        for value in values:
            assert not value.startswith(("http", "ws", "'self'", "*", "file:")), (value, csp)


def test_offline_file_works_alone_from_file_url_in_firefox(offline_file, tmp_path):
    folder = tmp_path / "alone"
    folder.mkdir()
    page_file = folder / OFFLINE
    shutil.copy2(offline_file, page_file)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    args = (
        "--url",
        page_file.as_uri(),
        "--download-dir",
        str(downloads),
        "--rouge-reference",
        REF,
        "--rouge-candidate",
        CAND,
        "--gleu-reference",
        GLEU_REF,
        "--gleu-candidate",
        GLEU_CAND,
    )
    run = run_firefox_driver("firefox_page.mjs", *args, timeout=300)["runs"][0]
    assert "error" not in run, run["error"]
    assert run["state"] == "ready", run["status"]
    assert run["pageErrors"] == [] and run["consoleErrors"] == [], run
    assert run["blocked"] == [], f"requests the driver aborted: {run['blocked']}"
    assert run["score"] == "0.7071"
    assert run["scoreLabel"] == "BLEU-4" and run["scoreOrder4"] not in ("0.7071", "–")
    assert run["offline"]["released"] is True and run["offline"]["payloadInDom"] is False
    bad = [url for url in run["requests"] if url.split(":")[0] not in ("data", "blob") and url != page_file.as_uri()]
    assert bad == [], f"requests outside the file: {bad}"
    assert run["downloads"] == ["bleu2-comparison.json"], {k: v for k, v in run.items() if k != "requests"}
    exported = json.loads((downloads / "bleu2-comparison.json").read_text(encoding="utf-8"))
    assert exported["options"]["max_order"] == 4
    assert f"{exported['ranking'][0]['score']:.4f}" == run["scoreOrder4"]
    # The share link is the file's own URL (Firefox gives location.origin as "null" for file:).
    link = run["shareUrl"]
    assert link.startswith(page_file.as_uri() + "#v1."), link
    shared = share.decode_state(link.split("#", 1)[1])
    assert (shared["references"], shared["candidates"]) == (["the cat sat on the mat"], ["the cat is on the mat"])
    assert shared["options"]["max_order"] == 4
    # ROUGE and GLEU offline in Firefox: the typed pairs' breakdowns equal rouge-score's (the
    # LCS marked) and NLTK's
    rouge, gleu = run["rouge"], run["gleu"]
    assert_rouge_breakdown(rouge["label"], rouge["score"], rouge["rows"], rouge["shown"])
    assert rouge["matched"] > 0
    assert_gleu_breakdown(gleu["label"], gleu["score"], gleu["rows"], gleu["shown"])


def test_corpus_mode_works_in_the_offline_file(one_file_tab):
    """No worker can start from file:// (Chromium loads no module worker there): corpus
    mode runs the same session in the page, in short steps (their main-thread tasks are
    measured by `make bench-corpus`, not asserted), and gives the CLI's numbers."""
    from bleu2 import cli

    ted = ROOT.parent / "shared" / "data" / "ted"
    page = one_file_tab[0]  # (the session's: other tests set options and give files)
    page.click("#restore-defaults")  # the command line's options
    answered(page)
    expect(page.locator("#opt-max-order")).to_have_value("2")
    page.click("#mode-corpus")
    answered(page)
    page.evaluate("() => document.querySelectorAll('.corpus-remove').forEach(b => b.click())")
    page.wait_for_function("document.querySelectorAll('.corpus-remove').length === 0")
    page.set_input_files("#corpus-references", str(ted / "ted.ref.detok.eng"))
    page.set_input_files("#corpus-systems", str(ted / "ted.sys1.detok.eng"))
    answered(page)
    page.wait_for_function(
        "document.getElementById('corpus-json').textContent.length > 10"
        " && document.getElementById('corpus-cancel').disabled"
        " && !document.getElementById('corpus-results').classList.contains('stale')",  # these files' result
        timeout=300_000,
    )
    assert page.get_attribute("html", "data-corpus-backend") == "page"
    shown = json.loads(page.text_content("#corpus-json"))
    assert shown["score"] == pytest.approx(cli_score(cli, ted), abs=1e-12)


def cli_score(cli, ted):
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--json", "-r", str(ted / "ted.ref.detok.eng"), str(ted / "ted.sys1.detok.eng")]) == 0
    return json.loads(out.getvalue())["score"]
