"""Write ``_site/bleu2-offline.html``: the whole page in one file that works from file://.

    python3 -m tools.build_offline [--site _site] [--page index.html] [--out NAME]

Run by ``tools/build_site.py`` at the end of its build. Browsers block module scripts,
WebAssembly fetches and ``fetch()`` of other files when a page is opened from disk, so the
served site (``index.html`` + ``static/`` + ``bleu2/`` ...) cannot run there. This file can:
it is ``index.html`` with every file of the site inside it, and it works when it is the
only file in a folder, in Chromium and Firefox, with no request outside itself.

How (see also ``tools/offline_loader.js``, the start-up script it carries):

- **Payload.** Every file of ``_site/`` (whatever it holds: the runtime, the standard
  library, the snapshot, the bleu2 package, ``pyscript.toml``, ...) except the page itself,
  this file, ``*.gz``/``*.br`` copies of other files, ``*.map`` files, the service worker
  and ``.nojekyll``, concatenated and gzip-compressed as one stream, base64 text in a
  ``<script type="application/octet-stream">`` element; a JSON manifest lists each file's
  path, size and MIME type. The page inflates it with ``DecompressionStream`` into one Blob
  per file and drops the text and the bytes.
- **Modules.** Every JavaScript module becomes a ``blob:`` URL, which relative URLs cannot
  be resolved against: here each module's relative imports (``from "./x.js"``,
  ``import("./x.js")``) are rewritten to a bare name (``@bleu2-offline/<path>``), and an
  import map made in the page sends the bare name and the module's would-be ``file://`` URL
  to its blob. Each module also starts with ``import.meta.url = "<its file:// URL>"``.
- **fetch()** of the page's own ``file://`` URLs is answered from the payload.
- **The page.** Stylesheets and classic scripts are inlined; module scripts are imported by
  the loader; preload/modulepreload/manifest links and elements marked
  ``data-offline-omit`` (the "Download for offline use" link) are dropped; ``<html>`` gets
  ``data-offline`` (so ``static/boot.js`` does not say that file:// is blocked). The CSP
  allows scripts only by hash (the inline ones), nonce (the import map) or ``blob:`` (the
  modules), and connections only to ``blob:``/``data:``: no network at all.
- **Vendored code is not patched.** The one edit of module text is the generic import
  rewriting above. Should a patch be needed (``VENDORED_PATCHES``), it goes through
  :func:`replace_exactly_once`, which fails the build unless the text matched exactly once.

Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import gzip
import hashlib
import html
import json
import posixpath
import re
import secrets
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

from .serve import MIME_TYPES  # the same MIME types as the served site

ROOT = Path(__file__).resolve().parent.parent

OFFLINE_NAME = "bleu2-offline.html"
PAGE = "index.html"
LOADER = Path(__file__).resolve().parent / "offline_loader.js"
MODULE_PREFIX = "@bleu2-offline/"
# Never embedded: a service worker has no use in a file:// page (browsers do not register
# one there); source maps; GitHub Pages' marker.
SKIP_NAMES = {"service-worker.js", "sw.js", ".nojekyll"}
SKIP_SUFFIXES = (".map",)
PRECOMPRESSED = (".gz", ".br")
MODULE_SUFFIXES = (".js", ".mjs")
# link rel values whose targets the one-file page does not load
# (the web app manifest and the touch icon belong to the served, installable site)
DROPPED_LINK_RELS = {"preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}

_STATIC_IMPORT_RE = re.compile(r"""(\b(?:from|import)\s*)(["'])(\.{1,2}/[^"'\s]+)\2""")
_DYNAMIC_IMPORT_RE = re.compile(r"""(\bimport\(\s*)(["'])(\.{1,2}/[^"'\s]+)\2(\s*\))""")
_ATTR_RE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


class OfflineBuildError(Exception):
    """The one-file page cannot be built as it is (a pattern did not match, a bad file)."""


def log(message: str) -> None:
    print(f"[build_offline] {message}", flush=True)


def replace_exactly_once(text: str, old: str, new: str, what: str) -> str:
    """``text`` with ``old`` replaced by ``new``; fails unless ``old`` occurs exactly once.

    Every edit of vendored code goes through here: the versions are pinned, so a pattern
    that no longer matches (or matches twice) means the vendored code changed, and the
    build must stop rather than ship a page that fails in the browser.
    """
    count = text.count(old)
    if count != 1:
        raise OfflineBuildError(f"patch {what!r}: expected exactly one match of {old!r}, found {count}")
    return text.replace(old, new)


# --- which files go in -----------------------------------------------------------------------


def site_files(site: Path, page: str, out_name: str) -> list[str]:
    """Paths (posix, relative to ``site``) of the files the one-file page embeds, sorted."""
    every = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    chosen = []
    for path in sorted(every):
        name = posixpath.basename(path)
        if path in (page, out_name) or name in SKIP_NAMES or name.endswith(SKIP_SUFFIXES) or path.startswith("docs/"):
            continue  # (docs/: the documentation site, not the page)
        if name.endswith(PRECOMPRESSED) and path[: path.rfind(".")] in every:
            continue  # foo.js.gz next to foo.js: a copy for servers
        chosen.append(path)
    return chosen


def module_name(path: str) -> str:
    """The bare import name of an embedded module (URL-quoted path, as in the loader)."""
    return MODULE_PREFIX + quote(path)


def rewrite_relative_imports(path: str, text: str, embedded: set[str]) -> tuple[str, int]:
    """Rewrite a module's relative import specifiers that point at embedded files to their
    bare names. Returns the new text and the number of specifiers rewritten."""
    here = posixpath.dirname(path)
    count = 0

    def target(spec: str) -> str | None:
        resolved = posixpath.normpath(posixpath.join(here, spec))
        return resolved if resolved in embedded else None

    def rewrite(m: re.Match[str]) -> str:
        """An import of an embedded module: its specifier becomes the module's name (groups:
        the text before, the quote, the specifier and, for import(), the closing part)."""
        nonlocal count
        t = target(m.group(3))
        if t is None:
            return m.group(0)
        count += 1
        tail = m.group(4) if m.re.groups >= 4 else ""
        return f"{m.group(1)}{m.group(2)}{module_name(t)}{m.group(2)}{tail}"

    text = _STATIC_IMPORT_RE.sub(rewrite, text)
    text = _DYNAMIC_IMPORT_RE.sub(rewrite, text)
    return text, count


# Edits of the vendored runtime (pinned in package.json), as
# {file name pattern: [(what, old text, new text), ...]}, applied before the import
# rewriting. Each must match exactly once, in exactly one file of the site, or the build
# fails. None is needed today: the main thread runs unpatched vendored code (the import map
# and the fetch() wrapper do the work). (A PyScript worker would need some; see docs/offline.md.)
VENDORED_PATCHES: dict[str, list[tuple[str, str, str]]] = {}


def patch_vendored(path: str, text: str) -> str:
    """The few edits of vendored code the one-file page needs (each matched exactly once)."""
    for pattern, patches in VENDORED_PATCHES.items():
        if fnmatch.fnmatchcase(path, pattern):
            for what, old, new in patches:
                text = replace_exactly_once(text, old, new, f"{path}: {what}")
    return text


def check_patched_files(files: list[str]) -> None:
    """Each patched file pattern names exactly one file of the site."""
    for pattern in VENDORED_PATCHES:
        hits = [path for path in files if fnmatch.fnmatchcase(path, pattern)]
        if len(hits) != 1:
            raise OfflineBuildError(f"patches for {pattern}: expected exactly one such file, found {hits}")


def read_payload_file(site: Path, path: str, embedded: set[str]) -> tuple[bytes, int]:
    data = (site / path).read_bytes()
    if not path.endswith(MODULE_SUFFIXES):
        return data, 0
    text = data.decode("utf-8")
    text = patch_vendored(path, text)
    text, count = rewrite_relative_imports(path, text, embedded)
    return text.encode("utf-8"), count


def mime_type(path: str) -> str:
    return MIME_TYPES.get(posixpath.splitext(path)[1], "application/octet-stream")


# --- the page --------------------------------------------------------------------------------


def parse_attrs(tag_body: str) -> dict[str, str]:
    attrs = {}
    for m in _ATTR_RE.finditer(tag_body):
        value = next((g for g in m.group(2, 3, 4) if g is not None), "")
        attrs[m.group(1).lower()] = html.unescape(value)
    return attrs


def local_path(page_dir: str, url: str) -> str | None:
    """The site path a page URL points at (``./static/x.css`` -> ``static/x.css``); None for
    data:, absolute and scheme URLs."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("/") or not parts.path:
        return None
    return posixpath.normpath(posixpath.join(page_dir, parts.path))


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def safe_inline(text: str, tag: str, source: str) -> str:
    lowered = text.lower()
    for bad in (f"</{tag}", "<!--"):
        if bad in lowered:
            raise OfflineBuildError(f"{source} contains {bad!r} and cannot be inlined in <{tag}>")
    return text


class PageParts:
    def __init__(self) -> None:
        self.script_hashes: list[str] = []
        self.style_hashes: list[str] = []
        self.entries: list[str] = []
        self.script_src: list[str] = []


def transform_page(page_html: str, site: Path, page: str, parts: PageParts) -> str:
    """The served page turned into the one-file page's markup (without the payload)."""
    page_dir = posixpath.dirname(page)

    def read_local(url: str, what: str) -> tuple[str, str]:
        path = local_path(page_dir, url)
        if path is None or not (site / path).is_file():
            raise OfflineBuildError(f"{what} {url!r}: not a file of the site")
        return path, (site / path).read_text(encoding="utf-8")

    def link(m: re.Match[str]) -> str:
        attrs = parse_attrs(m.group(1))
        rels = set(attrs.get("rel", "").lower().split())
        href = attrs.get("href", "")
        if local_path(page_dir, href) is None:
            return m.group(0)  # data: icon and the like
        if rels & DROPPED_LINK_RELS:
            return ""
        if rels == {"icon"}:  # the page's icon, as a data: URL
            path = local_path(page_dir, href)
            if path is None or not (site / path).is_file():
                raise OfflineBuildError(f"icon {href!r}: not a file of the site")
            data = base64.b64encode((site / path).read_bytes()).decode("ascii")
            return f'<link rel="icon" href="data:{mime_type(path).split(";")[0]};base64,{data}">'
        if "stylesheet" in rels:
            path, css = read_local(href, "stylesheet")
            if re.search(r"url\(\s*['\"]?(?!data:)", css):
                raise OfflineBuildError(f"{path} refers to other files with url(): not supported offline")
            css = safe_inline(css, "style", path)
            parts.style_hashes.append(csp_hash(css))
            return f"<style>{css}</style>"
        raise OfflineBuildError(f"<link rel={attrs.get('rel')!r} href={href!r}>: not handled offline")

    def script(m: re.Match[str]) -> str:
        attrs = parse_attrs(m.group(1))
        src = attrs.get("src")
        kind = attrs.get("type", "").lower()
        if src is None or kind not in ("", "text/javascript", "module"):
            return m.group(0)  # inline scripts, <script type="py" src=...> (PyScript fetches it)
        path, js = read_local(src, "script")
        if kind == "module":
            parts.entries.append(quote(path))
            return ""
        js = safe_inline(js, "script", path)
        parts.script_hashes.append(csp_hash(js))
        parts.script_src.append(path)
        return f"<script>{js}</script>"

    # The page's comments describe the served files (preloads, the served CSP): dropped.
    out = re.sub(r"<!--.*?-->[ \t]*\n?", "", page_html, flags=re.S)
    out = re.sub(r"<(\w+)\b[^>]*\sdata-offline-omit\b[^>]*>.*?</\1>\s*", "", out, flags=re.S)
    out = re.sub(r"<link\b([^>]*)>(\s*)", lambda m: (lambda new: new + m.group(2) if new else "")(link(m)), out)
    out = re.sub(r"<script\b([^>]*)>\s*</script>", script, out)
    out, n = re.subn(r"<html\b", "<html data-offline", out, count=1)
    if n != 1:
        raise OfflineBuildError(f"{page} has no <html> tag")
    if not parts.entries:
        raise OfflineBuildError(f"{page} has no module script to start (PyScript's core.js)")
    return out


def offline_csp(served_csp: str, parts: PageParts, nonce: str) -> str:
    """The one-file page's policy: nothing from anywhere but the page itself, no connections
    but blob: and data: (the payload's files), the same 'wasm-unsafe-eval'/'unsafe-eval'
    keywords the served page needs for Pyodide."""
    directives = {d.split()[0]: d.split()[1:] for d in served_csp.split(";") if d.strip()}
    evals = [k for k in directives.get("script-src", []) if k in ("'wasm-unsafe-eval'", "'unsafe-eval'")]
    script_src = " ".join(parts.script_hashes + [f"'nonce-{nonce}'", "blob:"] + evals)
    style_src = " ".join(parts.style_hashes) or "'none'"
    return (
        f"default-src 'none'; script-src {script_src}; connect-src blob: data:; "
        f"style-src {style_src}; img-src data: blob:; font-src data:; worker-src blob:; "
        "object-src 'none'; base-uri 'none'; form-action 'none'"
    )


def build(site: Path, page: str = PAGE, out_name: str = OFFLINE_NAME, compresslevel: int = 9) -> Path:
    page_html = (site / page).read_text(encoding="utf-8")
    parts = PageParts()
    body = transform_page(page_html, site, page, parts)

    files = site_files(site, page, out_name)
    check_patched_files(files)
    embedded = set(files)
    chunks, manifest_files, rewritten = [], [], 0
    for path in files:
        data, count = read_payload_file(site, path, embedded)
        rewritten += count
        chunks.append(data)
        manifest_files.append([quote(path), len(data), mime_type(path)])
    raw = b"".join(chunks)
    packed = gzip.compress(raw, compresslevel=compresslevel, mtime=0)
    payload = base64.b64encode(packed).decode("ascii")

    nonce = base64.b64encode(secrets.token_bytes(18)).decode("ascii")
    manifest = {"files": manifest_files, "size": len(raw), "entries": parts.entries, "nonce": nonce}
    manifest_json = json.dumps(manifest, separators=(",", ":")).replace("</", "<\\/")
    loader = safe_inline(LOADER.read_text(encoding="utf-8"), "script", LOADER.name)
    parts.script_hashes.append(csp_hash(loader))

    csp_re = re.compile(
        r"""<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(?:"([^"]*)"|'([^']*)')\s*/?>""", re.I
    )
    found = ["".join(groups) for groups in csp_re.findall(body)]
    if len(found) != 1:
        raise OfflineBuildError(f"{page}: expected one Content-Security-Policy meta tag, found {len(found)}")
    csp = offline_csp(html.unescape(found[0]), parts, nonce)
    body = csp_re.sub(
        lambda m: f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp, quote=False)}">', body
    )

    tail = (
        "\n  <!-- The site's files (tools/build_offline.py): a manifest, then base64 of one gzip stream. -->\n"
        f'  <script type="application/json" id="bleu2-offline-manifest">{manifest_json}</script>\n'
        f'  <script type="application/octet-stream" id="bleu2-offline-payload">{payload}</script>\n'
        f"  <script>{loader}</script>\n"
    )
    at = body.rfind("</body>")
    if at < 0:
        raise OfflineBuildError(f"{page} has no </body>")
    text = body[:at] + tail + body[at:]
    out = site / out_name
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    log(
        f"{out_name}: {len(text.encode()) / 1e6:.1f} MB ({len(files)} files, {len(raw) / 1e6:.1f} MB raw, "
        f"{len(packed) / 1e6:.1f} MB gzip, stored as base64; {rewritten} module imports rewritten)"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--page", default=PAGE)
    parser.add_argument("--out", default=OFFLINE_NAME)
    args = parser.parse_args(argv)
    try:
        build(args.site, args.page, args.out)
    except OfflineBuildError as error:
        sys.exit(f"[build_offline] FAILED: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
