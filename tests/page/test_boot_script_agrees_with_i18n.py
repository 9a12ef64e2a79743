"""static/boot.js, the page's start-up script that runs before Python, agrees with the page's
Python (bleu2.page.i18n) on the language it picks from the browser's and on the strings it
fills: boot.js runs in Node (``vm``, a stand-in document) on the build's boot strings
(tools/build_site.py's static/boot-strings.js, from the same catalogs), and each answer is
compared with :func:`i18n.pick_language` and :func:`i18n.t`."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bleu2.page import i18n
from tools import build_site

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "boot.js"
NODE = shutil.which("node")
# boot.js under each case's browser languages, on a page loading Python: the language it
# set, the loading line shown once the page is parsed, the summary and token counts said of
# boxes (a reference kept in the tab, an empty candidate), and the line after a failure.
RUN = """
import vm from "node:vm";
import {readFileSync} from "node:fs";
const {script, boot, cases} = JSON.parse(readFileSync(0, "utf8"));
const source = readFileSync(script, "utf8");
process.stdout.write(JSON.stringify(cases.map(({languages, error}) => {
  const attributes = {"data-state": "loading"}, elements = {}, onDocument = {}, onWindow = {};
  const element = (id) => (elements[id] ??= {
    id, textContent: "", value: "", setAttribute() {}, addEventListener() {}, classList: {add() {}}
  });
  const root = {
    lang: "",
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
    setAttribute: (name, value) => { attributes[name] = String(value); },
    hasAttribute: (name) => name in attributes
  };
  const boxes = [{id: "reference", value: "kept text"}, {id: "candidate", value: " "}], timers = [];
  const page = {
    BLEU2_BOOT: boot,
    navigator: {languages, language: languages[0]},
    location: {protocol: "http:"},
    document: {documentElement: root, getElementById: element, addEventListener: (t, f) => { onDocument[t] = f; },
               querySelectorAll: (selector) => (selector === ".boxes textarea" ? boxes : [])},
    setTimeout: (f) => timers.push(f),
    addEventListener: (t, f) => { onWindow[t] = f; },
    Event: class Event {}
  };
  page.window = page;
  vm.runInNewContext(source, page);
  onDocument.DOMContentLoaded();
  timers.forEach((f) => f());
  const loading = element("status-text").textContent;
  const said = ["summary-terms", "reference-token-count", "candidate-token-count"].map((id) => element(id).textContent);
  onWindow.unhandledrejection({reason: {message: error}});
  return {lang: root.lang, loading, said, failed: element("status-text").textContent};
})));
"""
CASES = [
    (["pt-BR"], "disk full."),
    (["es_MX", "en"], "{error} and {stage}"),
    ([" EN-us "], "NetworkError"),
    (["de", "zh-Hant-TW", "es-419"], "x"),
    (["fr"], "x"),
    (["PT"], "x"),
    (["ptx", "e", "-es", ""], "x"),
    ([None, "pt"], "x"),
    (["en-GB", "pt"], "x"),
]


def run_boot_script(boot: dict, cases: list) -> list[dict]:
    if NODE is None:
        pytest.fail("node is missing: it is needed to build and test the site (apt-get install -y nodejs)")
    payload = {"script": str(SCRIPT), "boot": boot, "cases": [{"languages": langs, "error": e} for langs, e in cases]}
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", RUN], input=json.dumps(payload), capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def boot_strings() -> dict:
    """The object the build's static/boot-strings.js sets (window.BLEU2_BOOT)."""
    text = build_site.boot_strings_js()
    return json.loads(text[text.index("= ") + 2 : text.rindex(";")])


def test_boot_js_picks_the_language_and_fills_the_strings_as_the_pages_python():
    for (languages, error), shown in zip(CASES, run_boot_script(boot_strings(), CASES)):
        lang = i18n.pick_language(languages)
        assert shown["lang"] == lang, languages
        assert shown["loading"] == i18n.t(lang, "boot_loading", stage=i18n.t(lang, "boot_loading_start"))
        assert shown["failed"] == i18n.t(lang, "boot_failed", error=error.rstrip("."))
        # the boxes as they are: not "Type or paste" nor "0 tokens" for a box that holds text
        assert shown["said"] == [i18n.t(lang, "boot_summary_texts"), i18n.t(lang, "boot_tokens_later"), ""]


def test_the_blank_summary_before_python_is_the_one_python_writes():
    for lang in i18n.LANGUAGES:
        assert i18n.t(lang, "boot_summary_blank") == i18n.t(lang, "blank_summary")


def test_without_the_boot_strings_boot_js_falls_back_to_the_default_language():
    (shown,) = run_boot_script(None, [(["pt-BR"], "x")])
    assert shown["lang"] == i18n.DEFAULT_LANGUAGE and shown["loading"] == "loading"  # the key: no strings


def test_a_boot_string_boot_js_would_fill_otherwise_is_refused(monkeypatch):
    for template in ("{{literal}}", "{count:,}", "{stage!r}", "{0}"):
        monkeypatch.setitem(i18n.CATALOGS["es"], "boot_loading", template)
        with pytest.raises(ValueError, match=r"locales/es.json: boot_loading must be text whose only braces"):
            i18n.boot_catalog()
