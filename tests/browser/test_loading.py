"""Loading the page: typing before Python is ready, the progress indicator, file://,
an iframe, and a site that misses a module of bleu2 (each needs its own page load)."""

from __future__ import annotations

import json
import shutil

import pytest
from playwright.sync_api import expect

from bleu2.metrics.bleu.smoothing import SMOOTHING_METHODS
from browser_helpers import SUB_PATH, WAIT_MS, answered, enter, texts
from conftest import open_held, open_page, patient, wait_ready_state


def test_text_and_options_given_before_python_is_ready_are_scored_and_kept_when_it_is(new_context, site_url):
    context, guard = new_context(locale="en-US")
    # Hold the WebAssembly runtime back until the texts are typed and the options set.
    page, release = open_held(context, guard, site_url)
    assert page.get_attribute("html", "data-state") == "loading"
    # The progress indicator is visible and shows a loading stage.
    assert page.is_visible("#load-progress")
    # (the wasm is preloaded by a <link>, so it can be asked for before the first stage)
    page.wait_for_function("document.getElementById('load-progress').value > 0", timeout=WAIT_MS)
    status = page.text_content("#status-text")
    assert status.startswith("Loading Python"), status
    assert page.evaluate("document.getElementById('load-progress').value") > 0
    # before Python runs the form shows the defaults, labelled as Python labels them
    assert page.input_value("#opt-max-order") == "2" and page.input_value("#opt-tokenizer") == "default"
    assert page.eval_on_selector("#opt-tokenizer option[value='default']", "e => e.textContent") == "default"
    assert page.eval_on_selector("#opt-max-order option:checked", "e => e.textContent") == "2 (default)"
    # The text areas and the options work meanwhile.
    enter(page, guard, "the cat sat on the mat", "the cat is")
    page.locator("#candidate").press_sequentially(" on the mat")
    page.select_option("#opt-max-order", "4")
    page.select_option("#opt-tokenizer", "13a")
    answered(page)
    assert page.text_content("#score") == "–"
    # the summary and the token counts speak of the boxes as they are (filled), not "Type or paste", "0 tokens"
    assert page.text_content("#summary-terms") == "Your texts are in the boxes: their score shows once Python is ready."
    assert page.text_content("#candidate-token-count") == "tokens: counted once Python is ready"
    release()
    wait_ready_state(page)
    assert page.input_value("#opt-max-order") == "4" and page.input_value("#opt-tokenizer") == "13a"
    assert page.text_content("#score-label") == "BLEU-4"
    # the texts as typed, under the options chosen: add-1 (the classic calculator's):
    # p1..p4 = 5/6, 3/5, 1/4, (0+1)/(3+1); BP 1; BLEU-4 = (5/6 · 3/5 · 1/4 · 1/4)^(1/4) = 0.03125^(1/4) = 0.4204
    shown = texts(page, "score", "p1-fraction", "p2-fraction", "p4-fraction", "result-json")
    assert shown["score"] == "0.4204"
    assert (shown["p1-fraction"], shown["p2-fraction"], shown["p4-fraction"]) == ("5/6", "3/5", "(0+1)/(3+1)")
    assert json.loads(shown["result-json"])["hyp_len"] == 6
    assert page.is_hidden("#load-progress")
    assert "tok:13a" in page.text_content("#signature")
    assert page.eval_on_selector("#opt-tokenizer option[value='default']", "e => e.textContent") == "default"
    page.close()


def test_file_url_says_how_to_serve_the_page(browser, site_dir):
    context = patient(browser.new_context())
    try:
        page = context.new_page()
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto((site_dir / "index.html").as_uri())
        page.wait_for_selector("#serve-command", timeout=WAIT_MS)
        status = page.text_content("#status")
        assert "file://" in status and "block" in status
        assert page.text_content("#serve-command") == "make serve"
        # the address is the one `make serve` prints (PORT=8001 make serve: another one)
        assert "then open the address it prints." in status and "127.0.0.1" not in status
        # ... and points to the one-file page that does work from disk
        assert page.get_attribute("#offline-file-link", "href") == "./bleu2-offline.html"
        assert "one-file version" in status
        assert page.get_attribute("html", "data-state") == "file-blocked"
        page.wait_for_load_state("networkidle")  # no request for 500 ms: nothing loads after all
        # still the same message: no endless loading indicator
        assert page.get_attribute("html", "data-state") == "file-blocked"
        assert not page.is_visible("#load-progress")
        assert dialogs == []
    finally:
        context.close()


def test_page_works_inside_an_iframe(new_context, served_root, server):
    (served_root / "frame.html").write_text(
        f'<!doctype html><title>embed</title><iframe id="f" src="./{SUB_PATH}/" width="900" height="700"></iframe>',
        encoding="utf-8",
    )
    context, guard = new_context()
    page = context.new_page()
    guard.attach_page(page)
    page.goto(server + "frame.html")
    frame = page.frame_locator("#f")
    frame.locator("html[data-state=ready]").wait_for(state="attached", timeout=120_000)
    guard.typed += ["the cat sat on the mat", "the cat is on the mat"]
    frame.locator("#reference").fill("the cat sat on the mat")
    frame.locator("#candidate").fill("the cat is on the mat")
    # The score is painted when the worker's answer arrives (after a timer it may set):
    # wait for it rather than read it at once.
    expect(frame.locator("#score")).to_have_text("0.7071", timeout=WAIT_MS)


@pytest.fixture(scope="module")
def broken_site(served_root, site_dir):
    """A copy of the site without its bleu2.zip (the package the page runs)."""
    target = served_root / "broken"
    shutil.copytree(site_dir, target, symlinks=True)
    (target / "bleu2.zip").unlink()
    return "broken/"


def test_a_missing_package_archive_is_reported(new_context, server, broken_site):
    context, guard = new_context()
    with guard.expect_console_errors():
        page = open_page(context, guard, server + broken_site, wait_ready=False)
        page.wait_for_selector("html[data-state=error]", state="attached", timeout=120_000)
        status = page.text_content("#status")
    assert "could not start" in status
    assert "bleu2.zip" in status, status
    # This failure is the point of the test: drop what it logged and PyScript's banner.
    guard.tracebacks.clear()
    guard.page_errors.clear()
    page.evaluate("document.querySelectorAll('.py-error').forEach(e => e.remove())")


def test_loading_status_its_stages_and_file_message_in_the_browser_language(new_context, browser, site_url, site_dir):
    from bleu2.page import i18n

    context, guard = new_context(locale="pt-BR")
    context.add_init_script(RECORD_STATUS_JS)
    page, release = open_held(context, guard, site_url)
    page.wait_for_function("document.getElementById('status-text').textContent.startsWith('Carregando o Python')")
    assert page.get_attribute("#load-progress", "aria-label") == "Carregando"
    assert page.text_content("#status-text").endswith("Você já pode digitar.")
    release()
    wait_ready_state(page)
    # ready, the page stays in the browser's language
    assert page.get_attribute("html", "lang") == "pt"
    assert page.input_value("#lang-select") == "pt"
    assert page.text_content("#references-heading") == i18n.t("pt", "references_heading")
    # every loading stage was named in it
    boot = i18n.boot_catalog()["pt"]
    allowed = {boot["loading"].format(stage=boot[key]) for key in boot if key.startswith("stage_")}
    allowed.add(boot["loading"].format(stage=boot["loading_start"]))
    statuses = page.evaluate("window.__statuses")
    loading = [s for s in statuses if s.startswith("Carregando")]
    assert len(loading) >= 3, statuses
    assert set(loading) <= allowed, set(loading) - allowed  # no English stage name ("Loading Pyodide")
    english = {"Loading", "Loaded", "storage", "interpreter", "files"}
    assert not [s for s in loading if any(word in s for word in english)]
    assert page.text_content("#status-text").startswith("Pronto (Python")
    page.close()
    other = patient(browser.new_context(locale="es-ES"))
    try:
        page = other.new_page()
        page.goto((site_dir / "index.html").as_uri())
        page.wait_for_selector("#serve-command", timeout=WAIT_MS)
        status = page.text_content("#status")
        assert "Esta página no funciona abierta como archivo (file://)" in status
        assert "y abra la dirección que muestra." in status and "8000" not in status  # any PORT
    finally:
        other.close()


# --- every loading stage in the page's language; the switch works while loading


RECORD_STATUS_JS = """
window.__statuses = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('status-text');
  const keep = () => window.__statuses.push(el.textContent);
  keep();
  new MutationObserver(keep).observe(el, {childList: true, characterData: true, subtree: true});
});
"""


def test_language_switch_while_loading(new_context, site_url):
    context, guard = new_context(locale="en-US")
    page, release = open_held(context, guard, site_url)
    # the option lists are there before Python runs: one option per smoothing method
    assert page.locator("#opt-smoothing option").count() == len(SMOOTHING_METHODS)
    assert page.input_value("#lang-select") == "en"
    page.select_option("#lang-select", "pt")
    answered(page)
    assert page.text_content("#status-text").startswith("Carregando o Python")
    assert page.get_attribute("#load-progress", "aria-label") == "Carregando"
    release()
    wait_ready_state(page)
    # Python starts in the language chosen, not the browser's
    assert page.get_attribute("html", "lang") == "pt"
    assert page.text_content("#references-heading") == "Referências"
    assert page.text_content("#status-text").startswith("Pronto (Python")
    page.close()
