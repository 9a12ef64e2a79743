"""Precompressed copies of the site's files for servers that send them (tools/serve.py).

For each file ``F`` of ``_site/`` worth compressing, ``F.gz`` (gzip, level 9) and, when the
Python package ``brotli`` is installed (a pinned test dependency: ``pip install -e
'.[test]'``; the build works without it), ``F.br`` (Brotli, quality 11). A copy is kept only
when it saves at least 5%.

A zip archive (bleu2.zip, the standard library's python_stdlib.zip) is deflated member by
member, which HTTP compression cannot improve: its copies hold the same archive with its
members *stored* (:func:`stored_zip`), compressed as a whole (Brotli finds what the members
share: about a third smaller). Browsers get a valid zip either way.

One file is gzip data itself, the Pyodide snapshot (``snapshot.bin.gz``, which the page
inflates when a host serves it as it is): it gets no ``.gz`` copy, and its ``.br`` copy
holds the *uncompressed* snapshot, Brotli-encoded (a server sending it with
``Content-Encoding: br`` delivers the raw snapshot, which static/pyodide-boot.mjs takes as
it is).

Brotli at quality 11 takes about a minute for the 9.6 MB WebAssembly file and a few for
the 31 MB snapshot on a small machine, so every copy is cached in ``build/compressed/`` by
the content's hash and the settings.

Standard library only (``brotli`` optional). ``python3 -m tools.precompress [_site]``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

try:
    import brotli
except ImportError:  # the build still writes the gzip copies
    brotli = None

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "compressed"

# Never compressed: the compressed copies themselves, PNG (compressed already), the marker.
SKIP_SUFFIXES = (".gz", ".br", ".png")
SKIP_NAMES = {".nojekyll"}
# Compressed with gzip only: the one-file page (a download, not part of a visit; Brotli at
# quality 11 on 15 MB of base64 takes minutes for little gain over gzip).
GZIP_ONLY = {"bleu2-offline.html"}
MIN_SAVING = 0.05
GZIP_LEVEL = 9
BROTLI = {"quality": 11, "lgwin": 24}
GZIP_MAGIC = b"\x1f\x8b"


def _cached(data: bytes, kind: str, make: Callable[[bytes], bytes]) -> bytes:
    key = hashlib.sha256(data).hexdigest()[:32]
    settings = f"gz{GZIP_LEVEL}" if kind == "gz" else f"br{BROTLI['quality']}w{BROTLI['lgwin']}"
    path = CACHE / f"{key}.{settings}.{kind}"
    if path.exists():
        return path.read_bytes()
    out = make(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(out)
    tmp.replace(path)
    return out


def gzip_bytes(data: bytes) -> bytes:
    return _cached(data, "gz", lambda d: gzip.compress(d, GZIP_LEVEL, mtime=0))


def brotli_bytes(data: bytes) -> bytes:
    return _cached(data, "br", lambda d: brotli.compress(d, **BROTLI))


def stored_zip(data: bytes) -> bytes:
    """The zip archive ``data`` with every member stored (not compressed), in the same order,
    with the same names, dates and modes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for info in source.infolist():
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED
            z.writestr(copy, source.read(info))
    return out.getvalue()


def candidates(site: Path) -> list[Path]:
    """The files of ``site`` that get compressed copies (sorted)."""
    out = [
        p
        for p in sorted(site.rglob("*"))
        if p.is_file() and p.name not in SKIP_NAMES and not p.name.endswith(SKIP_SUFFIXES)
    ]
    out += [
        p
        for p in sorted(site.rglob("*.gz"))
        if p.is_file() and p.read_bytes()[:2] == GZIP_MAGIC and not (p.with_suffix("")).exists()
    ]
    return out


def precompress(site: Path, log: Callable[[str], object] = print) -> dict[str, int]:
    """Write the ``.gz``/``.br`` copies into ``site``; return {"gz": n, "br": n, "skipped": n}."""
    counts = {"gz": 0, "br": 0, "skipped": 0}
    if brotli is None:
        log("Brotli copies skipped: the Python package `brotli` is not installed (pip install -e '.[test]')")
    for path in candidates(site):
        data = path.read_bytes()
        if path.suffix == ".gz":  # the snapshot: gzip data; its .br copy holds it inflated
            if brotli is not None:
                (path.parent / (path.name + ".br")).write_bytes(brotli_bytes(gzip.decompress(data)))
                counts["br"] += 1
            continue
        limit = len(data) * (1 - MIN_SAVING)
        if path.suffix == ".zip":
            data = stored_zip(data)
        gz = gzip_bytes(data)
        if len(gz) > limit:
            counts["skipped"] += 1
            continue
        (path.parent / (path.name + ".gz")).write_bytes(gz)
        counts["gz"] += 1
        if brotli is not None and path.name not in GZIP_ONLY:
            br = brotli_bytes(data)
            if len(br) <= limit:
                (path.parent / (path.name + ".br")).write_bytes(br)
                counts["br"] += 1
    return counts


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_site"
    print(precompress(target))
