"""The page's configuration: pyscript.toml, index.html and the site build (no browser)."""

from __future__ import annotations

import json
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build_site

ROOT = Path(__file__).resolve().parents[2]


def _pyscript_config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_pyscript_toml_ships_the_package_as_one_archive_and_the_script_as_a_module():
    files = _pyscript_config()["files"]
    # one archive, unpacked into the working directory; the page's script written there as
    # a module, which index.html imports (so its bytecode in the archive is read)
    # (the one-file offline page's: the served page runs its Python in its worker)
    assert files == {"./bleu2.zip": "./*", "./static/app.py": "./app.py"}
    assert build_site.PAGE_SOURCES == {"app.py": ROOT / "static" / "app.py"}
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="py" src="./static/start.py" config="./pyscript.toml"></script>' in page
    assert "\nimport app  # " in (ROOT / "static" / "start.py").read_text(encoding="utf-8")


def test_the_archive_holds_the_engine_and_the_page_not_the_cli():
    names = [p.relative_to(ROOT).as_posix() for p in build_site.archive_files()]
    assert "bleu2/__init__.py" in names and "bleu2/page/sentence/breakdown.py" in names
    assert "bleu2/tokenizers/_unicode_tables.py" in names
    assert {"bleu2/page/locales/en.json", "bleu2/page/locales/es.json", "bleu2/page/locales/pt.json"} <= set(names)
    assert not [n for n in names if n.startswith(("bleu2/cli/", "bleu2/compat/"))] and "bleu2/__main__.py" not in names
    assert not any("__pycache__" in n or n.startswith("tests/") for n in names)
    modules = build_site.archive_modules()
    assert "bleu2.page.share" in modules and "bleu2.cli" not in modules
    # the page's metric select offers ROUGE, GLEU and NIST: their packages and views are in it
    views = ("bleu2.page.sentence.rouge_view", "bleu2.page.sentence.ngram_views")
    assert {"bleu2.metrics.rouge.scorer", "bleu2.metrics.gleu.scorer", "bleu2.metrics.nist.scorer", *views} <= set(
        modules
    )
    assert "argparse" not in build_site.SNAPSHOT_PREIMPORTS


def test_the_wheel_leaves_the_page_out():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    # every package of bleu2/ but the page's: a new subpackage needs its entry to ship
    packages = sorted(
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "bleu2").rglob("__init__.py")
        if "page" not in init.relative_to(ROOT).parts
    )
    assert sorted(pyproject["tool"]["setuptools"]["packages"]) == packages
    assert "bleu2.cli" in packages and "bleu2.tokenizers" in packages
    assert pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bleu2._version.__version__"}


def test_nothing_outside_the_page_imports_it():
    pattern = re.compile(r"^\s*(from\s+(bleu2\.page|\.page|\.\.page)\b|import\s+bleu2\.page)", re.M)
    for path in (ROOT / "bleu2").rglob("*.py"):
        if "page" in path.relative_to(ROOT / "bleu2").parts:
            continue
        assert not pattern.search(path.read_text(encoding="utf-8")), f"{path} imports bleu2.page"


def test_option_lists_are_in_the_html():
    from bleu2.page.options_form import OPTION_CHOICES

    tags = _html().tags
    for select, values in OPTION_CHOICES.items():
        inside, listed = False, []
        for tag, attrs in tags:
            if tag == "select":
                inside = attrs.get("id") == select
            elif tag == "option" and inside:
                listed.append(attrs["value"])
        assert listed == values, select


def test_the_form_shows_the_defaults_and_their_labels_before_python_runs():
    from bleu2.page.options_form import FIELDS, OPTION_CHOICES, form_from_options, option_labels

    class Options(HTMLParser):  # each select's options: value -> (text, selected)
        def __init__(self):
            super().__init__()
            self.selects: dict[str, dict[str, list]] = {}
            self.select = self.option = None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "select":
                self.select = self.selects.setdefault(attrs.get("id"), {})
            elif tag == "option" and self.select is not None:
                self.option = self.select[attrs["value"]] = ["", "selected" in attrs]

        def handle_data(self, data):
            if self.option is not None:
                self.option[0] += data

        def handle_endtag(self, tag):
            self.option = None if tag == "option" else self.option
            self.select = None if tag == "select" else self.select

    parser = Options()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    defaults, labels = form_from_options({}), option_labels("en")
    for name, element_id in FIELDS.items():
        if element_id not in OPTION_CHOICES:
            continue
        listed = parser.selects[element_id]
        # as a browser shows it: the option marked selected, else the first
        shown = next((v for v, (_, selected) in listed.items() if selected), next(iter(listed)))
        assert shown == defaults[name], element_id
        assert {v: text for v, (text, _) in listed.items()} == labels[element_id]


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


def _html(text: str | None = None) -> _Collect:
    parser = _Collect()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8") if text is None else text)
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


def test_the_built_page_switches_off_pyscript_toml_s_plugins_for_micropython_too():
    plugins = _pyscript_config()["plugins"]
    assert "!py-editor" in plugins and "!py-terminal" in plugins
    assert _html().mpy_config == "", "the list is written once, in pyscript.toml"
    built = build_site.index_html()
    assert tomllib.loads(_html(built).mpy_config)["plugins"] == plugins
    preloads = build_site.chunk_preloads()
    assert built.replace(_html(built).mpy_config, "").replace(preloads, "") == (ROOT / "index.html").read_text(
        encoding="utf-8"
    )


def test_the_built_page_preloads_the_pyscript_chunks_every_start_imports(tmp_path):
    for name in ("core.js", "core-AbC12.js", "toml-x1.js", "error-y2.js", "zip-z3.js", "py-editor-q.js"):
        (tmp_path / name).write_text("", encoding="utf-8")
    links = build_site.chunk_preloads(tmp_path)
    assert links == "".join(
        f"./static/vendor/pyscript/{name} " for name in ("core-AbC12.js", "error-y2.js", "toml-x1.js")
    )
    assert build_site.chunk_preloads(tmp_path / "missing") == ""


def test_the_runtime_pins_are_package_json_s_and_its_lock_s():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert package["dependencies"] == build_site.PINS
    assert set(build_site.PINS) == {"@pyscript/core", "fflate", "pyodide"}
    for name, version in build_site.PINS.items():
        assert lock[""]["dependencies"][name] == version
        assert lock[f"node_modules/{name}"]["version"] == version


def test_a_loose_runtime_version_stops_the_build(tmp_path):
    manifest = tmp_path / "package.json"
    manifest.write_text(json.dumps({"dependencies": {"pyodide": "^314.0.7"}}), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"exact versions.*\^314\.0\.7"):
        build_site.read_pins(manifest)


def test_boot_strings_are_generated_from_the_catalogs():
    from bleu2.page import i18n

    js = build_site.boot_strings_js()
    m = re.fullmatch(r"//[^\n]*\nwindow\.BLEU2_BOOT = (.*);\n", js, re.S)
    assert m, js[:200]
    data = json.loads(m.group(1))
    assert tuple(data["languages"]) == i18n.LANGUAGES
    assert data["strings"] == i18n.boot_catalog()
    # the file:// message names no address: `make serve` prints it, with the port it uses
    assert not any(
        re.search(r"127\.0\.0\.1|localhost|:\d{4}", text) for s in data["strings"].values() for text in s.values()
    )
    boot = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    assert "BLEU2_BOOT" in boot and "Cargando" not in boot, "boot.js keeps no strings of its own"
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert html.index("boot-strings.js") < html.index("static/boot.js")


def test_index_html_links_to_the_offline_file_and_the_offline_file_leaves_the_link_out():
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    link = [a for t, a in _html().tags if t == "a" and a.get("href") == "./bleu2-offline.html"]
    assert len(link) == 1 and "download" in link[0] and link[0].get("data-i18n") == "offline_download"
    # tools/build_offline.py drops elements marked data-offline-omit: the link's paragraph is one
    assert re.search(r'<p [^>]*data-offline-omit[^>]*><a id="offline-download" href="./bleu2-offline.html"', text)


def test_the_page_describes_itself_for_search_engines():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'<meta name="description" content="([^"]+)">', page)
    assert len(found) == 1
    assert 50 <= len(found[0]) <= 200  # shown whole in a search result
    assert "BLEU" in found[0]
