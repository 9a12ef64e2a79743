"""The page's configuration: pyscript.toml, index.html and the site build (no browser)."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pyscript_config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_pyscript_toml_lists_exactly_the_modules_of_bleu2():
    files = _pyscript_config()["files"]
    listed = sorted(dest.removeprefix("./") for dest in files.values() if dest.startswith("./bleu2/"))
    present = sorted(f"bleu2/{p.name}" for p in (ROOT / "bleu2").glob("*.py"))
    assert listed == present, "pyscript.toml [files] must list every bleu2/*.py (and nothing else)"
    for source, dest in files.items():
        if dest.startswith("./bleu2/"):
            assert source == dest, "each module is served from the same relative path"


def test_pyscript_toml_loads_everything_from_this_origin():
    config = _pyscript_config()
    assert "packages" not in config, "a packages key (even []) makes PyScript fetch micropip"
    assert config["interpreter"] == "./static/pyodide-boot.mjs"
    boot = (ROOT / "static" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert '"./vendor/pyodide/pyodide.mjs"' in boot
    assert not re.search(r"https?://", boot)
    for source in config["files"]:
        assert source.startswith("./"), source


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.mpy_config = ""
        self._in_mpy = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_mpy = tag == "mpy-config"

    def handle_endtag(self, tag):
        if tag == "mpy-config":
            self._in_mpy = False

    def handle_data(self, data):
        if self._in_mpy:
            self.mpy_config += data


def _html() -> _Collect:
    parser = _Collect()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_index_html_urls_are_relative():
    for tag, attrs in _html().tags:
        for name in ("src", "href", "config"):
            url = attrs.get(name)
            if url is None or url.startswith("data:"):
                continue
            assert url.startswith("./"), f"<{tag} {name}={url!r}> must be relative (./...)"


def test_index_html_has_the_csp_and_the_page_elements():
    tags = _html().tags
    csp = [a["content"] for t, a in tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert len(csp) == 1
    directives = {d.split()[0]: d.split()[1:] for d in csp[0].split(";") if d.strip()}
    assert directives["connect-src"] == ["'self'"]
    assert directives["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in directives["script-src"] + directives["style-src"]
    assert all("src" in a for t, a in tags if t == "script"), "no inline scripts (CSP)"
    ids = {a.get("id") for _, a in tags}
    for element_id in ("reference", "candidate", "result-json", "copy-json", "status", "score"):
        assert element_id in ids
    assert any(t == "details" and a.get("id") == "json-section" and "open" not in a for t, a in tags)
    labels = {a.get("for") for t, a in tags if t == "label"}
    assert {"reference", "candidate"} <= labels


def test_mpy_config_switches_off_the_same_plugins():
    mpy = tomllib.loads(_html().mpy_config)
    assert mpy["plugins"] == _pyscript_config()["plugins"]


def test_build_script_copies_only_site_files():
    text = (ROOT / "tools" / "build_site.py").read_text(encoding="utf-8")
    assert re.search(r"PINS = \{\"@pyscript/core\": \"0\.7\.31\", \"pyodide\": \"314\.0\.7\"\}", text)
    import json

    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"@pyscript/core": "0.7.31", "pyodide": "314.0.7"}


def _boot_strings() -> dict[str, set[str]]:
    """The BOOT_STRINGS table of static/boot.js: language -> its keys (parsed from the JS text)."""
    js = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    m = re.search(r"var BOOT_STRINGS = \{(.*?)\n  \};", js, re.S)
    assert m, "static/boot.js has no BOOT_STRINGS table"
    table = {}
    for lang, body in re.findall(r"^    (\w+): \{(.*?)^    \}", m.group(1), re.S | re.M):
        table[lang] = set(re.findall(r"^      (\w+):", body, re.M))
    return table


def test_boot_js_strings_cover_exactly_the_interface_languages():
    from bleu2 import i18n

    table = _boot_strings()
    assert tuple(table) == i18n.LANGUAGES
    keys = table["en"]
    assert keys >= {"loading", "progress", "failed", "file1", "file2"}
    assert all(k == keys for k in table.values()), "every language has the same boot.js strings"
