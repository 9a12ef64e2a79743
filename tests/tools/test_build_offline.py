"""tools/build_offline.py on a small made-up site (no browser): which files go in, how module
imports are rewritten, what the page keeps and drops, the CSP, and the exactly-once patches.
(The real page is opened from file:// in tests/browser/test_offline.py.)"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

from tools import build_offline

PAGE = """<!doctype html>
<html lang="en" data-state="loading">
<head>
  <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'">
  <!-- a comment about the served files -->
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./static/s.css">
  <link rel="preload" href="./static/big.bin" as="fetch" crossorigin="anonymous">
  <link rel="modulepreload" href="./static/main.js">
  <link rel="manifest" href="./manifest.webmanifest">
  <script src="./static/boot.js"></script>
  <script type="module" src="./static/main.js"></script>
</head>
<body>
  <p data-offline-omit><a href="./bleu2-offline.html" download>Download for offline use</a></p>
  <p id="kept">kept</p>
  <script type="py" src="./static/app.py" config="./pyscript.toml"></script>
</body>
</html>
"""

FILES = {
    "static/s.css": "body { color: red; }\n",
    "static/boot.js": "window.booted = true;\n",
    "static/main.js": 'import {a} from "./lib/a.js";\nexport {b} from"./lib/b.js";\nimport("./lib/b.js");\nimport("./missing.js");\n',
    "static/lib/a.js": 'import x from "../other.mjs";\nexport const a = x;\n',
    "static/lib/b.js": "export const b = 2;\n",
    "static/other.mjs": "export default 1;\n",
    "static/app.py": "print('hi')\n",
    "static/big.bin": "0123456789" * 100,
    "pyscript.toml": 'interpreter = "./static/other.mjs"\n',
    "manifest.webmanifest": "{}",
    "bleu2/__init__.py": "",
    "data.bin.gz": "not a copy of another file",
    "static/main.js.gz": "a copy of static/main.js for servers",
    "static/s.css.br": "a copy of static/s.css for servers",
    "static/main.js.map": "{}",
    "sw.js": "self.addEventListener('fetch', () => {});",
    ".nojekyll": "",
    "bleu2-offline.html": "an old build",
}


@pytest.fixture
def site(tmp_path) -> Path:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    for path, text in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    return tmp_path


def unpack(page: str) -> tuple[dict, dict[str, bytes]]:
    manifest = json.loads(re.search(r'id="bleu2-offline-manifest">(.*?)</script>', page).group(1))
    payload = re.search(r'id="bleu2-offline-payload">(.*?)</script>', page, re.S).group(1)
    raw = gzip.decompress(base64.b64decode(payload))
    assert len(raw) == manifest["size"]
    files, offset = {}, 0
    for path, size, _mime in manifest["files"]:
        files[path] = raw[offset : offset + size]
        offset += size
    assert offset == len(raw)
    return manifest, files


def test_every_site_file_goes_in_but_copies_maps_service_worker_and_the_pages(site):
    page = build_offline.build(site).read_text(encoding="utf-8")
    manifest, files = unpack(page)
    assert sorted(files) == sorted(
        [
            "bleu2/__init__.py",
            "data.bin.gz",
            "manifest.webmanifest",
            "pyscript.toml",
            "static/app.py",
            "static/big.bin",
            "static/boot.js",
            "static/lib/a.js",
            "static/lib/b.js",
            "static/main.js",
            "static/other.mjs",
            "static/s.css",
        ]
    )
    mimes = {path: mime for path, _size, mime in manifest["files"]}
    assert mimes["static/main.js"].startswith("text/javascript") and mimes["static/other.mjs"].startswith(
        "text/javascript"
    )
    assert files["static/big.bin"] == FILES["static/big.bin"].encode()


def test_relative_module_imports_become_bare_names(site):
    _manifest, files = unpack(build_offline.build(site).read_text(encoding="utf-8"))
    main = files["static/main.js"].decode()
    assert 'from "@bleu2-offline/static/lib/a.js"' in main
    assert 'from"@bleu2-offline/static/lib/b.js"' in main
    assert 'import("@bleu2-offline/static/lib/b.js")' in main
    assert 'import("./missing.js")' in main, "a file the site does not have is left alone"
    assert 'from "@bleu2-offline/static/other.mjs"' in files["static/lib/a.js"].decode()


def test_the_page_inlines_styles_and_scripts_and_drops_what_it_cannot_use(site):
    page = build_offline.build(site).read_text(encoding="utf-8")
    head = page[: page.index("bleu2-offline-manifest")]
    assert "<html data-offline " in head
    assert "<style>body { color: red; }\n</style>" in head
    assert "<script>window.booted = true;\n</script>" in head
    assert "preload" not in head and "manifest.webmanifest" not in head and "static/main.js" not in head
    assert 'href="data:,"' in head
    assert "Download for offline use" not in page and 'id="kept"' in page
    assert "a comment about the served files" not in page
    assert '<script type="py" src="./static/app.py" config="./pyscript.toml"></script>' in page
    manifest, _ = unpack(page)
    assert manifest["entries"] == ["static/main.js"]

    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["default-src"] == ["'none'"]
    assert directives["connect-src"] == ["blob:", "data:"]
    assert "'self'" not in csp and "http" not in csp
    assert f"'nonce-{manifest['nonce']}'" in directives["script-src"]
    assert {"blob:", "'wasm-unsafe-eval'", "'unsafe-eval'"} <= set(directives["script-src"])

    def sha(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert sha(FILES["static/s.css"]) in directives["style-src"]
    assert sha(FILES["static/boot.js"]) in directives["script-src"]
    loader = re.findall(r"<script>(.*?)</script>", page, re.S)[-1]
    assert sha(loader) in directives["script-src"], "the loader runs by its hash"


def test_a_stylesheet_that_refers_to_other_files_fails_the_build(site):
    (site / "static" / "s.css").write_text("body { background: url(./bg.png); }", encoding="utf-8")
    with pytest.raises(build_offline.OfflineBuildError, match="url"):
        build_offline.build(site)


def test_patches_match_exactly_once_or_fail_loudly():
    assert build_offline.replace_exactly_once("a b c", "b", "B", "test") == "a B c"
    with pytest.raises(build_offline.OfflineBuildError, match="found 0"):
        build_offline.replace_exactly_once("a b c", "x", "X", "test")
    with pytest.raises(build_offline.OfflineBuildError, match="found 2"):
        build_offline.replace_exactly_once("b b", "b", "B", "test")


def test_vendored_patches_must_each_find_exactly_one_file_and_one_match(site, monkeypatch):
    monkeypatch.setattr(build_offline, "VENDORED_PATCHES", {"static/lib/*.js": [("x", "const", "let")]})
    with pytest.raises(build_offline.OfflineBuildError, match="exactly one such file"):
        build_offline.build(site)  # a.js and b.js both match the pattern
    monkeypatch.setattr(build_offline, "VENDORED_PATCHES", {"static/lib/a.js": [("x", "nowhere", "y")]})
    with pytest.raises(build_offline.OfflineBuildError, match="found 0"):
        build_offline.build(site)
    monkeypatch.setattr(build_offline, "VENDORED_PATCHES", {"static/lib/b.js": [("x", "const b = 2", "const b = 3")]})
    _manifest, files = unpack(build_offline.build(site).read_text(encoding="utf-8"))
    assert files["static/lib/b.js"] == b"export const b = 3;\n"


def test_the_real_runtime_needs_no_patch():
    assert build_offline.VENDORED_PATCHES == {}, "each patch needs a browser test that shows it works"
