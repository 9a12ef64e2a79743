"""The page's Python (Pyodide: Python 3.14, Unicode 16) and CPython (the command line)
tokenize every assigned code point alike: the text of tests/unicode_text.py (every code
point regex assigns, in the contexts where Pythons could differ) tokenized in the page's
corpus worker, the same code the page scores with, equals CPython's tokens line by line."""

from __future__ import annotations

import json

import pytest

import unicode_text
from bleu2.tokenizers import make_tokenizer
from browser_helpers import answered, probe

CASES = {  # the tokenizations whose steps read Unicode data
    "default/lower": unicode_text.CHECKS["default/lower"],
    "intl/cased": unicode_text.CHECKS["intl/cased"],
}


@pytest.fixture(scope="module")
def page(shared_page_and_guard):
    page = shared_page_and_guard[0]  # the session's tab, set back to the defaults (conftest.py)
    page.click("#mode-corpus")  # starts the worker
    answered(page)
    page.wait_for_function("document.documentElement.getAttribute('data-corpus-backend')", timeout=120_000)
    return page


@pytest.mark.parametrize("check", list(CASES))
def test_every_assigned_code_point_tokenizes_alike(page, check):
    name, lowercase, contexts = CASES[check]
    lines = unicode_text.lines(contexts)
    # the tokenizer of the page's scoring options (BleuConfig), run in the page's worker
    config = f"__import__('bleu2.metrics.bleu.options', fromlist=['BleuConfig']).BleuConfig.make(tokenizer={name!r}, lowercase={lowercase})"
    # one JSON string back (not nested lists, which the worker's and the browser's messages
    # and Playwright would each convert token by token)
    answer = probe(
        page,
        f"__import__('json').dumps(list(map({config}.tokenize_function(),"
        f" __import__('json').loads({json.dumps(json.dumps(lines))}))))",
    )
    assert isinstance(answer, str), answer  # else {"error": ...}
    got = json.loads(answer)
    tokenize = make_tokenizer(name, lowercase)
    assert len(got) == len(lines)
    differ = [i for i, line in enumerate(lines) if got[i] != tokenize(line)]
    assert not differ, f"{len(differ)} lines differ, first: {lines[differ[0]][:200]!r}"
    assert page.get_attribute("html", "data-corpus-backend") == "worker"
