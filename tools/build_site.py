"""Build the self-contained static site in ``_site/`` (``make site``: ``python -m tools.build_site``).

Steps:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (the runtime comes from the npm registry, pinned: package.json's ``dependencies``, :data:`PINS`).
2. Vendor only the runtime files the page needs into ``static/vendor/`` (git-ignored):
   - ``static/vendor/pyodide/``: pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
     pyodide-lock.json, and the standard library trimmed (tools/trim_stdlib.py):
     python_stdlib.zip (every module the page can import);
   - ``static/vendor/pyscript/``: core.js, core.css and the chunks core.js reaches, minus
     the plugins pyscript.toml switches off (editor, terminal, game, ...);
   - ``static/vendor/fflate/fflate.js``: fflate's browser build (a synchronous zlib, for
     static/storage.js).
   No memory snapshot is shipped: the visitor's browser makes one after its first visit
   (static/snapshot.mjs); the build writes its key and the modules it imports
   (:func:`snapshot_build`) into ``_site/static/snapshot.mjs``.
3. Pack the package the page runs into one archive, ``bleu2.zip`` (the engine and
   ``bleu2/page`` with its catalogs; not the command line), which pyscript.toml's
   ``[files]`` unpacks (``"./bleu2.zip" = "./*"``), and write ``static/boot-strings.js``,
   the strings boot.js shows before Python runs, from the same catalogs.
4. Assemble ``_site/``: index.html, pyscript.toml, bleu2.zip, static/ and ``.nojekyll``
   (no tests, no .git); ``embed.js``, the script documentation pages include to size and
   theme their embeds (tools/embed_host.js); the icons, ``manifest.webmanifest`` and
   ``service-worker.js`` (tools/pwa.py: installable, and offline after one visit).
5. ``_site/bleu2-offline.html`` (tools/build_offline.py): the same page with every file of
   ``_site/`` inside it, which works when opened from disk (file://), alone, offline.
6. ``_site/docs/``: the documentation site (MkDocs, ``mkdocs.yml``, strict), after the
   offline page and the service worker, which leave it out.
7. Precompressed ``.gz`` (and, with the ``brotli`` package, ``.br``) copies of the files
   (tools/precompress.py), which tools/serve.py sends to browsers that accept them.

Standard library only. Run from the repository root (``python -m tools.build_site``); the
paths it writes are relative to the root.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from bleu2.page import embed, i18n

from . import build_offline, precompress, pwa, shared_constants
from . import trim_stdlib as trimmer

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
VENDOR = ROOT / "static" / "vendor"
NODE_MODULES = ROOT / "node_modules"


def read_pins(package_json: Path = ROOT / "package.json") -> dict[str, str]:
    """The runtime's npm packages and their exact versions: ``package.json``'s ``dependencies``
    (``@pyscript/core``, ``pyodide`` and ``fflate``; ``package-lock.json`` locks the same versions).

    Raises:
        SystemExit: a version that is not an exact one (``^1.2``, ``~1.2``, ``latest``...).
    """
    pins = json.loads(package_json.read_text(encoding="utf-8"))["dependencies"]
    loose = {name: v for name, v in pins.items() if not re.fullmatch(r"\d+(\.\d+)*", v)}
    if loose:
        sys.exit(f"[build_site] package.json must pin exact versions, not {loose}")
    return dict(pins)


#: ``{npm package: version}`` of the runtime, from package.json (vendored, and checked in node_modules).
PINS = read_pins()

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Chunks of @pyscript/core that core.js imports lazily and the page needs:
# the config's TOML parser, the error plugin (shows Python errors on the page) and zip
# (archives in [files]). Everything else lazily imported (code editor, terminal, pygame,
# the packages graph used only with `packages`) stays out.
PYSCRIPT_LAZY_CHUNKS = ("error-", "toml-", "zip-")

_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\./[^"']+)["']""")
_DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']""")


def log(message: str) -> None:
    print(f"[build_site] {message}", flush=True)


def ensure_node_modules() -> None:
    """Run ``npm ci`` unless node_modules already matches package-lock.json (the runtime and
    the devDependencies: the JavaScript linter and the DOM of ``node --test``)."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    fresh = marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime
    wanted = {**PINS, **json.loads((ROOT / "package.json").read_text(encoding="utf-8")).get("devDependencies", {})}
    if fresh and all(installed_version(name) == version for name, version in wanted.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("[build_site] npm is missing: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
    log("npm ci (pinned PyScript and Pyodide from the npm registry)")
    subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for name, version in PINS.items():
        got = installed_version(name)
        if got != version:
            sys.exit(f"[build_site] {name} is {got}, expected {version}: check package-lock.json")


def installed_version(name: str) -> str | None:
    manifest = NODE_MODULES / name / "package.json"
    if not manifest.exists():
        return None
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    return version if isinstance(version, str) else None


def pyscript_chunks(dist: Path) -> list[str]:
    """Files of @pyscript/core's dist/ that the page loads: core.js and what it reaches."""
    core_chunk_names = set()
    seeds = ["core.js"]
    wanted: list[str] = []
    seen: set[str] = set()
    while seeds:
        name = seeds.pop()
        if name in seen:
            continue
        seen.add(name)
        wanted.append(name)
        text = (dist / name).read_text(encoding="utf-8")
        seeds.extend(target[2:] for target in _IMPORT_RE.findall(text))
        for target in _DYNAMIC_IMPORT_RE.findall(text):
            target = target[2:]
            if target.startswith(PYSCRIPT_LAZY_CHUNKS):
                seeds.append(target)
        if name.startswith("core-"):
            core_chunk_names.add(name)
    if not core_chunk_names:
        sys.exit("[build_site] unexpected @pyscript/core layout: no core-*.js chunk")
    return sorted(wanted) + ["core.css"]


def vendor_runtime() -> None:
    """Copy the runtime files the page needs from node_modules into static/vendor/."""
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    (VENDOR / "pyodide").mkdir(parents=True)
    (VENDOR / "pyscript").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copy2(pyodide_src / name, VENDOR / "pyodide" / name)
    if STDLIB == "full":
        shutil.copy2(pyodide_src / "python_stdlib.zip", VENDOR / "pyodide" / BOOT_STDLIB)
    else:
        trim_stdlib(pyodide_src / "python_stdlib.zip", VENDOR / "pyodide" / BOOT_STDLIB)
    for name in pyscript_chunks(pyscript_dist):
        shutil.copy2(pyscript_dist / name, VENDOR / "pyscript" / name)
    shutil.copy2(NODE_MODULES / "@pyscript" / "core" / "LICENSE", VENDOR / "pyscript" / "LICENSE")
    # fflate's synchronous zlib (static/storage.js packs the tab's state with it when the
    # page is hidden or left and the plain form is past the browser's quota)
    (VENDOR / "fflate").mkdir()
    shutil.copy2(NODE_MODULES / "fflate" / "umd" / "index.js", VENDOR / "fflate" / "fflate.js")
    shutil.copy2(NODE_MODULES / "fflate" / "LICENSE", VENDOR / "fflate" / "LICENSE")
    for script in sorted(VENDOR.rglob("*.*js")):
        strip_source_map(script)
    (VENDOR / "VERSIONS.json").write_text(json.dumps(PINS, indent=2) + "\n", encoding="utf-8")


SOURCE_MAP_COMMENT = re.compile(r"\n//# sourceMappingURL=[^\s]+\s*\Z")


def strip_source_map(script: Path) -> None:
    """Drop a vendored script's last-line ``//# sourceMappingURL=`` comment: the site ships
    no source maps (``*.map``), so a browser's developer tools would ask for a missing file."""
    text = script.read_text(encoding="utf-8")
    stripped = SOURCE_MAP_COMMENT.sub("\n", text)
    if stripped != text:
        script.write_text(stripped, encoding="utf-8")


# The standard library (tools/trim_stdlib.py). BLEU2_STDLIB (for comparisons, bench/load_choices.py):
# - "page" or "trimmed" (the default): python_stdlib.zip holds every module the page can
#   import (about 1 MB; Pyodide's default name, so a plain loadPyodide() of the vendored
#   runtime boots with it, with or without the browser-made snapshot);
# - "full": Pyodide's own zip (2.5 MB).
STDLIB = os.environ.get("BLEU2_STDLIB", "page")
if STDLIB not in ("page", "trimmed", "full"):
    sys.exit(f"[build_site] BLEU2_STDLIB={STDLIB!r}: expected page, trimmed or full")
BOOT_STDLIB = "python_stdlib.zip"


def trim_stdlib(source: Path, dest: Path) -> None:
    """``dest``: Pyodide's standard-library zip with only the modules the page can import."""
    result = trimmer.trim(source, dest)
    log(
        f"{dest.name}: {len(result['kept'])} modules the page can import, "
        f"{result['source_size'] / 1e6:.2f} -> {result['size'] / 1e6:.2f} MB"
    )


# Standard-library modules the page's Python (bleu2, its page package and PyScript's own
# Python package) imports, imported into the browser-made Pyodide snapshot
# (static/snapshot-worker.mjs) so the page does not pay for them at start-up (a module
# missing here is simply imported later). No argparse: the command line is not part of the page.
SNAPSHOT_PREIMPORTS = (
    "base64",
    "binascii",
    "collections",
    "csv",
    "dataclasses",
    "functools",
    "html",
    "importlib",
    "inspect",
    "io",
    "json",
    "math",
    "os",
    "re",
    "struct",
    "time",
    "typing",
    "unicodedata",
    "zlib",
    "encodings.cp437",  # what unpacking bleu2.zip ([files]) imports: zip member names
)
ARCHIVE = ROOT / "build" / "bleu2.zip"
PAGE_ARCHIVE = ROOT / "build" / "bleu2-page.zip"  # ARCHIVE + the page's bytecode (write_page_archive)

# Files and folders of bleu2/ the page does not run: the command lines (bleu2/cli/), the test
# configuration, the Dask extra (it imports Dask), the docs extensions (they import Sphinx
# and MkDocs; docs_block.py is theirs) and the peers' drop-in APIs (bleu2.compat: for CPython
# code that swaps one import; the page never imports them). ROUGE, GLEU and NIST are in it
# (the page's metric select offers them), with ROUGE's NumPy legacy generator (its bootstrap),
# but GLEU's text functions (the page scores through its scorer) and sacreBLEU's printed Score
# and Signature (the command line's and compat's).
ARCHIVE_EXCLUDE = {
    "bleu2/cli",
    "bleu2/compat",
    "bleu2/metrics/gleu/api.py",
    "bleu2/common/sacrebleu_format.py",
    "bleu2/__main__.py",
    "bleu2/conftest.py",
    "bleu2/integrations",
}
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the archive (and the snapshot key) depend on content only


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A deterministic archive entry: fixed date, deflated, mode 644."""
    info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def node_path() -> str:
    """Node.js, which the bytecode is compiled with; exits with how to install it."""
    node = shutil.which("node")
    if node is None:
        sys.exit("[build_site] node is missing: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
    return node


def archive_files() -> list[Path]:
    """The files of the page's archive: bleu2's modules and catalogs, minus ARCHIVE_EXCLUDE."""
    files = [p for p in sorted((ROOT / "bleu2").rglob("*")) if p.is_file() and p.suffix in (".py", ".json")]
    return [p for p in files if "__pycache__" not in p.parts and not _excluded(p.relative_to(ROOT).as_posix())]


def _excluded(name: str) -> bool:
    """Whether ``name`` (``bleu2/...``) is in ARCHIVE_EXCLUDE or in one of its folders."""
    return name in ARCHIVE_EXCLUDE or any(name.startswith(f"{x}/") for x in ARCHIVE_EXCLUDE)


def archive_modules() -> list[str]:
    """The module names in the archive, e.g. ["bleu2", "bleu2.metrics.bleu.api", ..., "bleu2.page.sentence.breakdown"]."""
    names = []
    for p in archive_files():
        if p.suffix != ".py":
            continue
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def make_archive() -> bytes:
    """Write build/bleu2.zip (deterministic: sorted names, fixed dates) and return its bytes."""
    ARCHIVE.parent.mkdir(parents=True, exist_ok=True)
    tmp = ARCHIVE.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in archive_files():
            z.writestr(zip_entry(path.relative_to(ROOT).as_posix()), path.read_bytes())
    tmp.replace(ARCHIVE)
    return ARCHIVE.read_bytes()


def snapshot_build() -> dict[str, object]:
    """What ``_site/static/snapshot.mjs`` is given: ``{"key", "modules"}``. The modules the
    browser-made snapshot imports (the standard-library ones above, then every module of the
    archive); the key, a hash of the Pyodide version, those modules, the snapshot worker's
    script, the site's bleu2.zip and its standard-library zip: a build that changes any of
    them never restores another build's snapshot."""
    modules = SNAPSHOT_PREIMPORTS + tuple(archive_modules())
    parts = [
        PINS["pyodide"],
        list(modules),
        (ROOT / "static" / "snapshot-worker.mjs").read_text(encoding="utf-8"),
        hashlib.sha256(PAGE_ARCHIVE.read_bytes()).hexdigest(),
        hashlib.sha256((VENDOR / "pyodide" / BOOT_STDLIB).read_bytes()).hexdigest(),
    ]
    key = hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]
    return {"key": f"{PINS['pyodide']}-{key}", "modules": list(modules)}


SNAPSHOT_BUILD_LINE = "const BUILD = null; // bleu2:snapshot-build\n"


def write_snapshot_build(script: Path) -> None:
    """Write :func:`snapshot_build` into ``script`` (the site's copy of static/snapshot.mjs).

    Raises:
        SystemExit: the script does not hold :data:`SNAPSHOT_BUILD_LINE` exactly once.
    """
    text = script.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_BUILD_LINE) != 1:
        sys.exit(f"[build_site] {script.name} must hold {SNAPSHOT_BUILD_LINE.strip()!r} once")
    line = f"const BUILD = {json.dumps(snapshot_build())}; // bleu2:snapshot-build (written by tools/build_site.py)\n"
    script.write_text(text.replace(SNAPSHOT_BUILD_LINE, line), encoding="utf-8")


#: What the page imports from source at every start besides bleu2 (which the snapshot holds):
#: {path in Pyodide's working directory: the file PyScript writes there}; PyScript's own
#: Python package is added by tools/compile_pyc.mjs.
PAGE_SOURCES = {"app.py": ROOT / "static" / "app.py"}
BYTECODE_CACHE = ROOT / "build" / "bytecode"


def compile_bytecode() -> Path:
    """The folder of bytecode for PAGE_SOURCES and PyScript's Python package, compiled by
    the vendored Pyodide (tools/compile_pyc.mjs under Node); cached in build/bytecode/ by the
    pins, the script and the sources."""
    script = ROOT / "tools" / "compile_pyc.mjs"
    parts = [PINS["pyodide"], PINS["@pyscript/core"], script.read_text(encoding="utf-8")]
    parts += [f"{k}={hashlib.sha256(v.read_bytes()).hexdigest()}" for k, v in sorted(PAGE_SOURCES.items())]
    key = hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]
    folder = BYTECODE_CACHE / key
    if not folder.is_dir():
        node = node_path()
        if BYTECODE_CACHE.exists():
            shutil.rmtree(BYTECODE_CACHE)
        tmp = BYTECODE_CACHE / (key + ".tmp")
        pairs = [f"{k}={v}" for k, v in sorted(PAGE_SOURCES.items())]
        subprocess.run([node, str(script), str(VENDOR / "pyodide"), str(tmp), *pairs], cwd=ROOT, check=True)
        tmp.rename(folder)
    return folder


def write_page_archive(archive: bytes, bytecode: Path) -> None:
    """build/bleu2-page.zip, the site's bleu2.zip: the archive plus :func:`compile_bytecode`'s
    ``__pycache__`` files, unpacked into the working directory where PyScript then writes
    those sources: their import reads the bytecode instead of compiling them."""
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(PAGE_ARCHIVE, "w", zipfile.ZIP_DEFLATED) as z:
        for info in source.infolist():
            z.writestr(info, source.read(info))
        for path in sorted(bytecode.rglob("*.pyc")):
            z.writestr(zip_entry(path.relative_to(bytecode).as_posix()), path.read_bytes())


def boot_strings_js() -> str:
    """static/boot-strings.js: the strings boot.js shows before Python runs, per language,
    from bleu2/page/locales/*.json (bleu2.page.i18n.boot_catalog)."""
    data = {"languages": list(i18n.LANGUAGES), "default": i18n.DEFAULT_LANGUAGE, "strings": i18n.boot_catalog()}
    return (
        "// Generated by tools/build_site.py from bleu2/page/locales/*.json: do not edit.\n"
        f"window.BLEU2_BOOT = {json.dumps(data, ensure_ascii=False, indent=1)};\n"
    )


# PyScript's chunks every start imports one after the other (core.js -> its core chunk ->
# the TOML parser and the error plugin): index_html() lists them with core.js among the
# modules static/embed.js preloads where nothing waits (<meta name="bleu2-modules">).
PRELOADED_CHUNKS = ("core-", "toml-", "error-")
CHUNKS_BEFORE = "./static/vendor/pyscript/core.js "


def chunk_preloads(vendor: Path = VENDOR / "pyscript") -> str:
    """The vendored PRELOADED_CHUNKS' paths, each followed by a space, for index.html's
    ``<meta name="bleu2-modules">`` (hashed names; none when the runtime is not vendored)."""
    names = sorted(p.name for p in vendor.glob("*.js") if p.name.startswith(PRELOADED_CHUNKS))
    return "".join(f"./static/vendor/pyscript/{name} " for name in names)


def index_html() -> str:
    """index.html for the site: its ``<mpy-config>`` and ``<py-config>`` get pyscript.toml's ``plugins`` (the
    plugins switched off), which PyScript applies per script type, MicroPython's included;
    the PyScript chunks of :func:`chunk_preloads` are preloaded.

    Raises:
        SystemExit: index.html has no empty ``<mpy-config></mpy-config>`` (or ``<py-config>``), or more than one,
            or not one :data:`CHUNKS_BEFORE` line.
    """
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    if page.count(CHUNKS_BEFORE) != 1:
        sys.exit(f"[build_site] index.html must hold {CHUNKS_BEFORE.strip()} once (the chunks' preloads go after it)")
    page = page.replace(CHUNKS_BEFORE, CHUNKS_BEFORE + chunk_preloads())
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["plugins"]
    for tag in ("mpy-config", "py-config"):
        empty = f"<{tag}></{tag}>"
        if page.count(empty) != 1:
            sys.exit(f"[build_site] index.html must hold {empty} exactly once (the build fills it)")
        # a TOML array of basic strings (JSON's string syntax is TOML's for these names)
        page = page.replace(empty, f"<{tag}>plugins = {json.dumps(plugins)}</{tag}>")
    return page


def assemble_site() -> None:
    tmp = ROOT / "_site.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    (tmp / "index.html").write_text(index_html(), encoding="utf-8")
    shutil.copy2(ROOT / "pyscript.toml", tmp / "pyscript.toml")
    shutil.copy2(PAGE_ARCHIVE, tmp / "bleu2.zip")
    shutil.copytree(
        ROOT / "static",
        tmp / "static",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.map"),
    )
    (tmp / "static" / "boot-strings.js").write_text(boot_strings_js(), encoding="utf-8")
    shared_constants.write(tmp / "static")  # the constants static/ shares with bleu2/page
    write_snapshot_build(tmp / "static" / "snapshot.mjs")
    (tmp / ".nojekyll").write_text("", encoding="utf-8")
    (tmp / "embed.js").write_text(embed_host_js(), encoding="utf-8")
    write_pwa_files(tmp)
    if SITE.exists():
        shutil.rmtree(SITE)
    tmp.rename(SITE)


def embed_host_js() -> str:
    """``_site/embed.js``: the script documentation pages include to size and theme their
    embeds (tools/embed_host.js, with bleu2.page.embed.HOST_THEMES written in)."""
    header = "// Generated by tools/build_site.py from tools/embed_host.js: do not edit.\n"
    return header + embed.host_script((ROOT / "tools" / "embed_host.js").read_text(encoding="utf-8"))


def write_pwa_files(site: Path) -> None:
    """Icons, ``manifest.webmanifest`` and, last (it lists the other files),
    ``service-worker.js`` (tools/pwa.py)."""
    icons = pwa.write_icons(site / "static" / "icons", cache=ROOT / "build" / "icons")
    en = i18n.CATALOGS["en"]
    (site / pwa.MANIFEST_NAME).write_text(
        pwa.manifest(en["app_title"], "bleu2", en["app_intro"], "en", icons), encoding="utf-8"
    )
    text, build, files = pwa.service_worker(site)
    (site / pwa.SERVICE_WORKER).write_text(text, encoding="utf-8")
    log(f"service worker: build {build}, {len(files)} files precached")


def precompress_site() -> None:
    """``.gz``/``.br`` copies of the site's files (tools/precompress.py)."""
    counts = precompress.precompress(SITE, log=log)
    log(f"precompressed copies: {counts['gz']} gzip, {counts['br']} Brotli")


def main(argv: list[str] | None = None) -> int:
    """Build ``_site/``; with ``--runtime``, only ``npm ci`` of the pinned runtime (for the
    tests that run Pyodide under Node); with ``--test-build``, only ``_site_test/``, the built
    site with the browser tests' hooks (tools/test_site.py)."""
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--runtime"], ["--test-build"]):
        sys.exit("usage: python -m tools.build_site [--runtime | --test-build]")
    if args == ["--test-build"]:
        from . import test_site

        test_site.build(log=log)
        return 0
    ensure_node_modules()
    if args:
        return 0
    vendor_runtime()
    archive = make_archive()
    write_page_archive(archive, compile_bytecode())
    assemble_site()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    log(f"built {SITE.relative_to(ROOT)}/ ({size / 1e6:.1f} MB)")
    build_offline_page()
    build_docs()
    precompress_site()
    return 0


def build_docs() -> None:
    """``_site/docs/``: the documentation site, ``mkdocs build --strict`` (the docs extra)."""
    import importlib.util
    import time

    if importlib.util.find_spec("mkdocs") is None:
        sys.exit("[build_site] MkDocs is missing: `make venv` installs it (pip install -e '.[docs]')")
    start = time.perf_counter()
    out = SITE / "docs"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # (Material's banner about a future MkDocs)
    subprocess.run([*command, "--config-file", str(ROOT / "mkdocs.yml")], cwd=ROOT, env=env, check=True)
    for source_map in out.rglob("*.map"):  # the theme's; the site ships none
        source_map.unlink()
    for script in sorted(out.rglob("*.*js")):
        strip_source_map(script)
    log(f"docs: {len(list(out.rglob('*.html')))} pages in {time.perf_counter() - start:.1f} s")


def build_offline_page() -> None:
    """``_site/bleu2-offline.html``: the whole site in one file for file:// (tools/build_offline.py)."""
    try:
        build_offline.build(SITE)
    except build_offline.OfflineBuildError as error:
        sys.exit(f"[build_site] the offline page could not be built: {error}")


if __name__ == "__main__":
    sys.exit(main())
