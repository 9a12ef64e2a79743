"""The build's tools, in CPython on made-up inputs: precompressed copies and the
server that sends them (tools/precompress.py, tools/serve.py), the icons, manifest and
service worker (tools/pwa.py), the standard-library trimmer (tools/trim_stdlib.py), and the
embed mode's link (bleu2.page.embed)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import json
import struct
import zipfile
import zlib
from pathlib import Path

import brotli
import pytest

from bleu2.page import embed, share
from tools import build_site, precompress, pwa, trim_stdlib
from tools.serve import accepted_encodings, start_server

ROOT = Path(__file__).resolve().parents[2]

# --- precompressed copies and the server ------------------------------------------------------


@pytest.fixture
def made_up_site(tmp_path, monkeypatch):
    monkeypatch.setattr(precompress, "CACHE", tmp_path / "cache")
    site = tmp_path / "site"
    (site / "static").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html>" + "<p>hello</p>" * 500, encoding="utf-8")
    (site / "static" / "app.js").write_text("console.log('x');\n" * 300, encoding="utf-8")
    (site / "random.bin").write_bytes(bytes(range(256)) * 0 + __import__("os").urandom(4096))
    (site / "icon.png").write_bytes(b"\x89PNG" + b"\0" * 2000)
    (site / ".nojekyll").write_text("", encoding="utf-8")
    (site / "snapshot.bin.gz").write_bytes(gzip.compress(b"snapshot " * 5000))
    return site


def test_precompress_writes_copies_worth_having(made_up_site):
    counts = precompress.precompress(made_up_site, log=lambda m: None)
    site = made_up_site
    assert gzip.decompress((site / "index.html.gz").read_bytes()) == (site / "index.html").read_bytes()
    assert (site / "static" / "app.js.gz").exists()
    assert not (site / "random.bin.gz").exists()  # does not compress: no copy
    assert not (site / "icon.png.gz").exists() and not (site / ".nojekyll.gz").exists()
    assert not (site / "snapshot.bin.gz.gz").exists()
    if precompress.brotli is not None:
        import brotli

        assert brotli.decompress((site / "index.html.br").read_bytes()) == (site / "index.html").read_bytes()
        # the snapshot's Brotli copy holds it inflated
        assert brotli.decompress((site / "snapshot.bin.gz.br").read_bytes()) == b"snapshot " * 5000
        assert counts["br"] == 3
    assert counts["gz"] == 2


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),
        ("gzip;q=1.0, br;q=0", {"gzip"}),
        ("*", {"br", "gzip"}),
        ("*;q=0.5, br;q=0", {"gzip"}),
        ("identity", {"identity"}),
        ("", set()),
        (None, set()),
    ],
)
def test_accepted_encodings(header, expected):
    assert accepted_encodings(header) == expected


def fetch(base: str, path: str, accept: str | None, headers: dict | None = None):
    host, port = base.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request(
        "GET", path, headers={**({"Accept-Encoding": accept} if accept is not None else {}), **(headers or {})}
    )
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


@pytest.mark.parametrize("encodings", [None, ("gzip",), ()])
def test_server_sends_the_copy_the_client_accepts(made_up_site, encodings):
    precompress.precompress(made_up_site, log=lambda m: None)
    server, base = start_server(made_up_site, encodings=encodings)
    try:
        original = (made_up_site / "index.html").read_bytes()
        has_br = precompress.brotli is not None and (encodings is None)
        response, body = fetch(base, "/index.html", "gzip, deflate, br")
        coding = response.getheader("Content-Encoding")
        if has_br:
            assert coding == "br"
        elif encodings == ():
            assert coding is None and body == original
        else:
            assert coding == "gzip" and gzip.decompress(body) == original
        assert response.getheader("Content-Type") == "text/html; charset=utf-8"
        assert int(response.getheader("Content-Length")) == len(body)
        if encodings != ():
            assert response.getheader("Vary") == "Accept-Encoding"
        # a client that accepts nothing gets the file itself
        response, body = fetch(base, "/index.html", None)
        assert response.getheader("Content-Encoding") is None and body == original
        # revalidation: 304 with the same Last-Modified
        last = response.getheader("Last-Modified")
        response, body = fetch(base, "/index.html", "gzip", {"If-Modified-Since": last})
        assert response.status == 304 and body == b""
        # no copy for this file: as it is, no Vary
        response, body = fetch(base, "/random.bin", "gzip, br")
        assert response.getheader("Content-Encoding") is None and response.getheader("Vary") is None
        response, _ = fetch(base, "/missing.js", "gzip")
        assert response.status == 404
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("path", ["/", "/?lang=es", "/static/"])
def test_server_sends_a_directory_index_compressed_like_the_file(made_up_site, path):
    precompress.precompress(made_up_site, log=lambda m: None)
    folder = made_up_site / path.split("?")[0].lstrip("/")
    if not (folder / "index.html").exists():
        (folder / "index.html").write_text("<!doctype html>" + "<p>inner</p>" * 500, encoding="utf-8")
        precompress.precompress(made_up_site, log=lambda m: None)
    original = (folder / "index.html").read_bytes()
    server, base = start_server(made_up_site)
    try:
        response, body = fetch(base, path, "gzip, deflate, br, zstd")
        assert response.status == 200
        assert response.getheader("Content-Encoding") == "br"
        assert response.getheader("Content-Type") == "text/html; charset=utf-8"
        assert response.getheader("Vary") == "Accept-Encoding"
        assert brotli.decompress(body) == original
        assert int(response.getheader("Content-Length")) == len(body) < len(original)
        response, body = fetch(base, path, "gzip")
        assert response.getheader("Content-Encoding") == "gzip" and gzip.decompress(body) == original
        response, body = fetch(base, path, None)  # a client that accepts nothing
        assert response.getheader("Content-Encoding") is None and body == original
        last = response.getheader("Last-Modified")
        response, body = fetch(base, path, "br", {"If-Modified-Since": last})
        assert response.status == 304 and body == b""
    finally:
        server.shutdown()
        server.server_close()


def test_server_is_quiet_about_a_client_that_went_away(made_up_site, capsys):
    import socket

    server, base = start_server(made_up_site)
    try:
        host, port = base.split("//")[1].rstrip("/").split(":")
        for _ in range(3):  # a request cut off by a reset (a page reloaded mid-request)
            sock = socket.create_connection((host, int(port)))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        response, _ = fetch(base, "/index.html", None)  # answered after them: they were handled
        assert response.status == 200
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capsys.readouterr().err


def test_server_redirects_a_directory_without_its_slash(made_up_site):
    server, base = start_server(made_up_site)
    try:
        response, _ = fetch(base, "/static", "br")
        assert response.status == 301 and response.getheader("Location") == "/static/"
    finally:
        server.shutdown()
        server.server_close()


def test_server_sends_the_raw_snapshot_brotli_encoded(made_up_site):
    import brotli  # a pinned test dependency (the build's .br copies)

    assert precompress.brotli is brotli

    precompress.precompress(made_up_site, log=lambda m: None)
    server, base = start_server(made_up_site)
    try:
        response, body = fetch(base, "/snapshot.bin.gz", "gzip, br")
        assert response.getheader("Content-Encoding") == "br"
        assert response.getheader("Content-Type") == "application/octet-stream"
        assert brotli.decompress(body) == b"snapshot " * 5000
        response, body = fetch(base, "/snapshot.bin.gz", "gzip")  # the gzip file as it is
        assert response.getheader("Content-Encoding") is None and gzip.decompress(body) == b"snapshot " * 5000
    finally:
        server.shutdown()
        server.server_close()


# --- icons, manifest, service worker -----------------------------------------------------------


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    width, height = pwa.png_size(data)
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        assert (
            zlib.crc32(kind + chunk) & 0xFFFFFFFF == struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0]
        )
        if kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    return width, height, zlib.decompress(idat)


def test_png_encoder_round_trips():
    rgba = bytes([10, 20, 30, 255, 40, 50, 60, 128] * 3)  # 2 x 3
    width, height, raw = decode_png(pwa.png(2, 3, rgba))
    assert (width, height) == (2, 3)
    assert raw == b"".join(b"\0" + rgba[y * 8 : (y + 1) * 8] for y in range(3))


def test_icon_pixels_corners_are_transparent_unless_maskable():
    size = 48
    pixels = pwa.icon_pixels(size)
    assert pixels[3] == 0  # top-left corner: outside the rounded square
    centre = (size // 2 * size + 2) * 4
    assert pixels[centre + 3] == 255
    assert pwa.icon_pixels(size, maskable=True)[3] == 255
    assert pwa.icon_svg().startswith("<svg") and pwa.ACCENT in pwa.icon_svg()


def test_manifest_and_service_worker(tmp_path):
    site = tmp_path
    icons = pwa.write_icons(site / "static" / "icons")
    (site / "index.html").write_text("x", encoding="utf-8")
    (site / "index.html.gz").write_bytes(gzip.compress(b"x"))
    (site / "bleu2-offline.html").write_text("big", encoding="utf-8")
    (site / ".nojekyll").write_text("", encoding="utf-8")
    (site / "snapshot.bin.gz").write_bytes(gzip.compress(b"s"))
    manifest = json.loads(pwa.manifest("BLEU calculator", "bleu2", "about", "en", icons))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert {i["sizes"] for i in manifest["icons"]} == {"any", "192x192", "512x512"}
    for icon in icons:
        assert (site / icon["src"]).exists()
    text, build, files = pwa.service_worker(site)
    assert "index.html" in files and "snapshot.bin.gz" in files
    assert "index.html.gz" not in files and "bleu2-offline.html" not in files and ".nojekyll" not in files
    assert f'const BUILD = "{build}";' in text and "__FILES__" not in text and "__BUILD__" not in text
    hashes = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert list(hashes) == files
    # each file's SHA-256 as an integrity string (independent: base64 of hashlib's digest)
    # printf x | openssl dgst -sha256 -binary | base64
    assert hashes["index.html"] == "sha256-LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE="
    # a gzip file: its own bytes, or inflated (its Brotli copy's content)
    gz = (site / "snapshot.bin.gz").read_bytes()
    assert hashes["snapshot.bin.gz"].split() == [
        "sha256-" + base64.b64encode(hashlib.sha256(gz).digest()).decode(),
        "sha256-" + base64.b64encode(hashlib.sha256(b"s").digest()).decode(),
    ]
    (site / "index.html").write_text("y", encoding="utf-8")
    assert pwa.service_worker(site)[1] != build  # a new deployment, a new build hash


def test_a_zip_s_hashes_accept_what_its_precompressed_copies_decode_to(tmp_path):
    with zipfile.ZipFile(tmp_path / "bleu2.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bleu2/__init__.py", "x = 1\n" * 200)
    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    precompress.precompress(tmp_path, log=lambda message: None)
    hashes = json.loads(pwa.service_worker(tmp_path)[0].split("const FILES = ", 1)[1].split(";\n", 1)[0])
    served = [(tmp_path / "bleu2.zip").read_bytes(), gzip.decompress((tmp_path / "bleu2.zip.gz").read_bytes())]
    if (tmp_path / "bleu2.zip.br").exists():
        served.append(brotli.decompress((tmp_path / "bleu2.zip.br").read_bytes()))
    for data in served:  # what a host may send: the file, or a copy the browser decoded
        assert "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode() in hashes["bleu2.zip"].split()


# --- the standard-library trimmer ---------------------------------------------------------------


def test_imported_names_finds_absolute_relative_and_grouped_imports():
    source = (
        "import os, sys as system\n"
        "from json import scanner\n"
        "from . import sibling\n"
        "from .sub.mod import (a,\n    b)\n"
        "from .. import up\n"
        "x = float('nan')\n"
    )
    found = trim_stdlib.imported_names(source, "pkg.inner.mod", False)
    assert {
        "os",
        "sys",
        "json",
        "json.scanner",
        "pkg.inner",
        "pkg.inner.sibling",
        "pkg.inner.sub.mod",
        "pkg.inner.sub.mod.a",
        "pkg",
        "pkg.up",
    } <= found
    assert not any("nan" in name for name in found)


def test_module_level_leaves_out_functions_classes_and_main():
    source = (
        "import a\n"
        "try:\n    import b\nexcept ImportError:\n    b = None\n"
        "def f():\n    import c\n"
        "class K:\n    import d\n"
        "if __name__ == '__main__':\n    import e\n"
        "import g\n"
    )
    found = trim_stdlib.imported_names(trim_stdlib.module_level(source), "m", False)
    assert found == {"a", "b", "g"}


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_closure_follows_module_level_imports(tmp_path):
    source = make_zip(
        tmp_path / "std.zip",
        {
            "a.py": "import b\ndef later():\n    import heavy\n",
            "b.py": "from pkg import mod\n",
            "pkg/__init__.py": "",
            "pkg/mod.py": "",
            "pkg/data.txt": "data",
            "heavy.py": "import c\n",
            "c.py": "",
            "unused.py": "",
        },
    )
    with zipfile.ZipFile(source) as zf:
        assert trim_stdlib.closure(zf, {"a"}) == {"a", "b", "pkg", "pkg.mod"}


def test_roots_file_lists_the_page_start_up_modules():
    roots = set(trim_stdlib.read_roots())
    assert {"json", "json.scanner", "re", "asyncio", "encodings.utf_8", "pyodide.ffi", "_pyodide"} <= roots
    assert not {m for m in roots if m.split(".")[0] in ("bleu2", "pyscript", "js")}


# --- embed mode ---------------------------------------------------------------------------------


def test_full_link_carries_the_state_or_nothing_when_too_long():
    page_state = {
        "references": ["the cat sat on the mat"],
        "candidates": ["the cat is on the mat"],
        "options": {"max_order": 4},
        "lang": "es",
    }
    link = embed.full_link(page_state, "/bleu2/index.html")
    path, _, fragment = link.partition("#")
    assert path == "/bleu2/index.html"
    assert share.decode_state(fragment)["options"]["max_order"] == 4
    huge = dict(page_state, references=[" ".join(str(i) for i in range(20000))])
    assert embed.full_link(huge, "/bleu2/") == "/bleu2/"
    updates = embed.link_updates(page_state, "/x/", "pt")
    assert updates["embed-full"]["attrs"]["href"].startswith("/x/#v1.")
    assert updates["embed-full"]["attrs"]["title"].startswith("Abrir")


def test_a_vendored_scripts_source_map_comment_is_dropped_and_nothing_else(tmp_path):
    script = tmp_path / "core.js"
    script.write_text(
        'const s = "//# sourceMappingURL=in a string";\nexport { s };\n//# sourceMappingURL=core.js.map\n'
    )
    build_site.strip_source_map(script)
    assert script.read_text() == 'const s = "//# sourceMappingURL=in a string";\nexport { s };\n'
    untouched = tmp_path / "other.mjs"
    untouched.write_text("export const x = 1;\n")
    build_site.strip_source_map(untouched)
    assert untouched.read_text() == "export const x = 1;\n"
