"""What makes the site installable and offline after one visit (run by tools/build_site.py).

- Icons (``static/icons/``): one drawing (a rounded square with three bars, the page's
  accent colour) written as SVG and as PNG at 192 and 512 px, plus a full-bleed 512 px
  "maskable" PNG; the PNGs are drawn here pixel by pixel and encoded with :mod:`zlib`
  (a minimal PNG writer: no image library).
- ``manifest.webmanifest``: name, start URL and scope (relative: any sub-path), icons,
  theme and background colours (the page's light colours; index.html also has a
  ``theme-color`` for each colour scheme).
- ``service-worker.js``: tools/service_worker.js with the build hash and the files to
  precache (:func:`precache_files`), each with its SHA-256 (:func:`file_hashes`).

Standard library only.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import struct
import zlib
from pathlib import Path

from tools.precompress import stored_zip

TOOLS = Path(__file__).resolve().parent

ACCENT = "#1f5fbf"  # static/style.css --accent (light)
LIGHT_BG = "#ffffff"  # --bg, light
DARK_BG = "#15181c"  # --bg, dark
BAR = "#ffffff"

# The drawing, in a unit square: bars as (x, y, width, height), y downwards.
BARS = ((0.22, 0.30, 0.15, 0.48), (0.425, 0.42, 0.15, 0.36), (0.63, 0.54, 0.15, 0.24))
CORNER = 0.1875  # corner radius of the rounded square (96 of 512)

ICON_SIZES = (192, 512)
MANIFEST_NAME = "manifest.webmanifest"
SERVICE_WORKER = "service-worker.js"

# Files of _site/ the page never needs: the one-file page (a 15 MB download), the worker
# itself, GitHub Pages' marker, the runtime's licence and version note.
NOT_PRECACHED = {"bleu2-offline.html", SERVICE_WORKER, ".nojekyll", "LICENSE", "VERSIONS.json"}
COMPRESSED_COPIES = (".gz", ".br")


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def icon_svg() -> str:
    """The icon as SVG (512 x 512 view box)."""
    s = 512
    bars = "".join(
        f'<rect x="{x * s:g}" y="{y * s:g}" width="{w * s:g}" height="{h * s:g}" rx="{0.02 * s:g}" fill="{BAR}"/>'
        for x, y, w, h in BARS
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {s} {s}" width="{s}" height="{s}">'
        f'<rect width="{s}" height="{s}" rx="{CORNER * s:g}" fill="{ACCENT}"/>{bars}</svg>\n'
    )


def _coverage_1d(lo: float, hi: float, pixel: int) -> float:
    """How much of pixel ``pixel`` (from pixel to pixel + 1) lies in [lo, hi]."""
    return max(0.0, min(hi, pixel + 1) - max(lo, pixel))


def _in_rounded_square(px: float, py: float, size: int, radius: float) -> bool:
    cx = min(max(px, radius), size - radius)
    cy = min(max(py, radius), size - radius)
    return (px - cx) ** 2 + (py - cy) ** 2 <= radius * radius


def icon_pixels(size: int, maskable: bool = False) -> bytes:
    """RGBA rows of the icon at ``size`` px (anti-aliased). A maskable icon fills the whole
    square (launchers cut their own shape) and keeps the bars inside the central safe zone."""
    accent, bar = _rgb(ACCENT), _rgb(BAR)
    scale = 0.8 if maskable else 1.0
    offset = (1 - scale) / 2
    bars = [
        ((offset + x * scale) * size, (offset + y * scale) * size, w * scale * size, h * scale * size)
        for x, y, w, h in BARS
    ]
    radius = 0 if maskable else CORNER * size
    edge = int(radius) + 1
    sub = 4
    out = bytearray()
    for py in range(size):
        row = bytearray()
        for px in range(size):
            # background coverage: exact inside, supersampled near the rounded corners
            if radius and (px < edge or px >= size - edge) and (py < edge or py >= size - edge):
                hits = sum(
                    _in_rounded_square(px + (i + 0.5) / sub, py + (j + 0.5) / sub, size, radius)
                    for i in range(sub)
                    for j in range(sub)
                )
                alpha = hits / (sub * sub)
            else:
                alpha = 1.0
            cover = sum(_coverage_1d(x, x + w, px) * _coverage_1d(y, y + h, py) for x, y, w, h in bars)
            cover = min(cover, 1.0)
            rgb = [round(a * (1 - cover) + b * cover) for a, b in zip(accent, bar)]
            row += bytes(rgb) + bytes([round(alpha * 255)])
        out += row
    return bytes(out)


def png(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG file (8-bit RGBA, no interlace) of ``rgba`` (rows top to bottom)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride : (y + 1) * stride] for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG file (its IHDR chunk)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def write_icons(folder: Path, cache: Path | None = None) -> list[dict[str, str]]:
    """Write the icons into ``folder``; return the manifest's ``icons`` entries (URLs
    relative to the site's root, ``folder`` being ``<site>/static/icons``). Drawing a
    512 px icon in pure Python takes a few seconds, so PNGs are cached in ``cache``,
    keyed by this file's content."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    entries = [{"src": "static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    for name, size, maskable in [(f"icon-{n}.png", n, False) for n in ICON_SIZES] + [
        ("icon-maskable-512.png", 512, True)
    ]:
        cached = cache / f"{key}-{name}" if cache else None
        if cached and cached.exists():
            data = cached.read_bytes()
        else:
            data = png(size, size, icon_pixels(size, maskable))
            if cached:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_bytes(data)
        (folder / name).write_bytes(data)
        entries.append(
            {
                "src": f"static/icons/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "maskable" if maskable else "any",
            }
        )
    return entries


def manifest(name: str, short_name: str, description: str, lang: str, icons: list[dict[str, str]]) -> str:
    """The web app manifest (JSON). URLs are relative to the manifest, i.e. the site's root."""
    data = {
        "name": name,
        "short_name": short_name,
        "description": description,
        "lang": lang,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": LIGHT_BG,
        "theme_color": LIGHT_BG,
        "icons": icons,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def precache_files(site: Path) -> list[str]:
    """Paths (posix, relative to ``site``) of every file the service worker precaches:
    all of ``site`` but :data:`NOT_PRECACHED`, source maps and the ``.gz``/``.br`` copies
    of other files (``snapshot.bin.gz`` itself is a file of the site, not a copy)."""
    every = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    out = []
    for path in sorted(every):
        name = path.rsplit("/", 1)[-1]
        if name in NOT_PRECACHED or name.endswith(".map") or path.startswith("docs/"):
            continue  # (docs/: the documentation site, not the page)
        if name.endswith(COMPRESSED_COPIES) and path[: path.rfind(".")] in every:
            continue
        out.append(path)
    return out


def _sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def file_hashes(site: Path, files: list[str]) -> dict[str, str]:
    """Each precached file's SHA-256 as a Subresource Integrity string ("sha256-" + base64),
    the service worker's check that a fetched file is this build's own. A gzip file of the
    site (``*.gz``) has two, space-separated: its own bytes and its inflated ones (what its
    ``.br`` copy decodes to); a zip too: its own and its copies' (members stored:
    tools/precompress.py)."""
    out = {}
    for path in files:
        data = (site / path).read_bytes()
        out[path] = _sri(data)
        if path.endswith(".gz") and data[:2] == b"\x1f\x8b":
            out[path] += " " + _sri(gzip.decompress(data))
        elif path.endswith(".zip"):
            out[path] += " " + _sri(stored_zip(data))
    return out


def build_hash(hashes: dict[str, str]) -> str:
    """A hash of the precached files' paths and contents (:func:`file_hashes`): the cache's name."""
    h = hashlib.sha256()
    for path, digest in sorted(hashes.items()):
        h.update(path.encode() + b"\0" + digest.encode() + b"\0")
    return h.hexdigest()[:16]


def service_worker(site: Path) -> tuple[str, str, list[str]]:
    """``(text of service-worker.js, build hash, precached files)`` for ``site``; the text's
    ``FILES`` maps each precached file to its :func:`file_hashes` string."""
    files = precache_files(site)
    hashes = file_hashes(site, files)
    build = build_hash(hashes)
    template = (TOOLS / "service_worker.js").read_text(encoding="utf-8")
    for placeholder in ("__BUILD__", "__FILES__"):
        if template.count(placeholder) != 1:
            raise ValueError(f"tools/service_worker.js must contain {placeholder} exactly once")
    text = template.replace("__BUILD__", build).replace("__FILES__", json.dumps(hashes, indent=1))
    header = "// Generated by tools/build_site.py from tools/service_worker.js: do not edit.\n"
    return header + text, build, files
