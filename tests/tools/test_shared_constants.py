"""What the page's JavaScript shares with its Python comes from one source: each constant of
tools/shared_constants.py (from bleu2/page) is on a marked line of the static/ scripts that
use it, the line in static/ holds Python's value (what ``node --test`` runs), the build writes
Python's value into the site's copy, and no script spells such a value out elsewhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bleu2.page import i18n, tab_storage
from tools import shared_constants

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
#: Where each constant is used.
USERS = {"BOOT_FALLBACK": {"boot.js", "pwa.js"}, "TAB_FORMS": {"storage.js", "keep.mjs"}, "TAB_KEYS": {"keep.mjs"}}
#: A shared value spelled out in code: the tab's forms' prefixes, a literal boot-strings fallback.
SPELLED = re.compile(r"""["'](?:t1|z1)\.["']|BLEU2_BOOT\s*\|\|\s*\{""")


def scripts() -> dict[str, str]:
    static = ROOT / "static"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(static.glob("*.*")) if p.suffix in (".js", ".mjs")}


def test_each_constant_is_on_a_marked_line_of_the_scripts_that_use_it():
    used = {
        name: {script for script, text in scripts().items() if name in shared_constants.names_in(text)}
        for name in USERS
    }
    assert used == USERS and set(USERS) == set(shared_constants.values())


def test_static_holds_the_pages_python_values():
    stale = [name for name, text in scripts().items() if shared_constants.fill(text, name) != text]
    assert stale == [], f"write tools/shared_constants.py's values into static/{stale} (shared_constants.fill)"


def test_the_values_are_the_pages_python():
    values = shared_constants.values()
    assert values["TAB_FORMS"] == {"plain": tab_storage.TAB_PREFIX, "packed": tab_storage.TAB_PACKED_PREFIX}
    assert values["BOOT_FALLBACK"]["default"] == i18n.DEFAULT_LANGUAGE


def test_no_script_spells_out_a_shared_value_but_on_its_marked_line():
    found = [
        f"{name}: {line.strip()}"
        for name, text in scripts().items()
        for line in text.splitlines()
        if SPELLED.search(line) and not shared_constants.LINE.match(line) and not line.lstrip().startswith("//")
    ]
    assert found == []


def test_the_build_writes_pythons_value_over_a_stale_line(tmp_path):
    script = tmp_path / "storage.js"
    script.write_text('  var TAB_FORMS = {"plain": "t0."}; // bleu2:python\nvar other = 1;\n', encoding="utf-8")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "x.js").write_text("var TAB_FORMS = 0; // bleu2:python\n", encoding="utf-8")
    shared_constants.write(tmp_path)
    forms = json.dumps(shared_constants.values()["TAB_FORMS"])
    assert script.read_text(encoding="utf-8") == f"  var TAB_FORMS = {forms}; // bleu2:python\nvar other = 1;\n"
    assert (tmp_path / "vendor" / "x.js").read_text(encoding="utf-8") == "var TAB_FORMS = 0; // bleu2:python\n"
    with pytest.raises(ValueError, match=r"a.js: NOPE is no shared constant"):
        shared_constants.fill("const NOPE = 1; // bleu2:python", "a.js")


@pytest.mark.skipif(not (SITE / "index.html").exists(), reason="_site/ is not built (make site)")
def test_the_built_site_holds_the_pages_python_values():
    for name, users in USERS.items():
        for script in users:
            text = (SITE / "static" / script).read_text(encoding="utf-8")
            assert shared_constants.fill(text, script) == text and name in shared_constants.names_in(text)
