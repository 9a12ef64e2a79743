#!/usr/bin/env python3
"""Build the self-contained static site in ``_site/`` (``make site``).

Steps:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (the runtime comes from the npm registry, pinned: @pyscript/core 0.7.31, pyodide 314.0.7).
2. Vendor only the runtime files the page needs into ``static/vendor/`` (git-ignored):
   - ``static/vendor/pyodide/``: pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
     python_stdlib.zip, pyodide-lock.json;
   - ``static/vendor/pyscript/``: core.js, core.css and the chunks core.js reaches, minus
     the plugins pyscript.toml switches off (editor, terminal, game, ...);
   - ``static/vendor/pyodide/snapshot.bin.gz``: a memory snapshot of a booted Pyodide
     (tools/make_snapshot.mjs), which static/pyodide-boot.mjs restores in the page.
3. Assemble ``_site/``: index.html, pyscript.toml, bleu2/*.py, static/ (no tests, no .git),
   ``static/bleu2-modules.json`` (the module names of bleu2/, which the page imports one by
   one at start-up so a module missing from pyscript.toml shows up at once) and
   ``.nojekyll`` (GitHub Pages would otherwise drop files whose names start with "_",
   such as bleu2/_unicode_tables.py).

Standard library only. Run from anywhere: paths are relative to the repository root.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
VENDOR = ROOT / "static" / "vendor"
NODE_MODULES = ROOT / "node_modules"

PINS = {"@pyscript/core": "0.7.31", "pyodide": "314.0.7"}

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
    """Run ``npm ci`` unless node_modules already matches package-lock.json."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    fresh = marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime
    if fresh and all(installed_version(name) == version for name, version in PINS.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("[build_site] npm is missing: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
    log("npm ci (pinned PyScript and Pyodide from the npm registry)")
    subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, check=True
    )
    for name, version in PINS.items():
        got = installed_version(name)
        if got != version:
            sys.exit(f"[build_site] {name} is {got}, expected {version}: check package-lock.json")


def installed_version(name: str) -> str | None:
    manifest = NODE_MODULES / name / "package.json"
    if not manifest.exists():
        return None
    return json.loads(manifest.read_text(encoding="utf-8")).get("version")


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
        for target in _IMPORT_RE.findall(text):
            seeds.append(target[2:])
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
        shutil.copy2(pyodide_src / name, VENDOR / "pyodide" / name)
    for name in pyscript_chunks(pyscript_dist):
        shutil.copy2(pyscript_dist / name, VENDOR / "pyscript" / name)
    shutil.copy2(NODE_MODULES / "@pyscript" / "core" / "LICENSE", VENDOR / "pyscript" / "LICENSE")
    (VENDOR / "VERSIONS.json").write_text(json.dumps(PINS, indent=2) + "\n", encoding="utf-8")


# Standard-library modules bleu2 (and PyScript's own Python package) import, imported once into the Pyodide snapshot so the
# page does not pay for them at start-up (a module missing here is simply imported later).
SNAPSHOT_PREIMPORTS = (
    "argparse", "base64", "binascii", "collections", "csv", "dataclasses", "functools",
    "html", "importlib", "io", "json", "math", "os", "re", "time", "typing", "unicodedata", "zlib",
)
SNAPSHOT_CACHE = ROOT / "build" / "pyodide-snapshot"


def make_snapshot() -> None:
    """Write static/vendor/pyodide/snapshot.bin.gz (tools/make_snapshot.mjs under Node).

    The snapshot has the standard-library modules above and every bleu2 module already
    imported. Cached in build/pyodide-snapshot/ by the Pyodide version, the script, the
    pre-imported modules and bleu2's sources, since making one boots Pyodide (seconds).
    """
    script = ROOT / "tools" / "make_snapshot.mjs"
    # bleu2 itself is imported into the snapshot too (its files are copied into Pyodide's
    # file system first), so the key covers its sources: any change remakes the snapshot.
    modules = SNAPSHOT_PREIMPORTS + tuple(bleu2_modules())
    sources = [[p.name, p.read_text(encoding="utf-8")] for p in sorted((ROOT / "bleu2").glob("*.py"))]
    key = hashlib.sha256(
        json.dumps([PINS["pyodide"], modules, script.read_text(encoding="utf-8"), sources]).encode()
    ).hexdigest()[:16]
    cached = SNAPSHOT_CACHE / f"snapshot-{key}.bin.gz"
    if not cached.exists():
        node = shutil.which("node")
        if node is None:
            sys.exit("[build_site] node is missing: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
        log("making the Pyodide memory snapshot (boots Pyodide once under Node)")
        if SNAPSHOT_CACHE.exists():
            shutil.rmtree(SNAPSHOT_CACHE)
        SNAPSHOT_CACHE.mkdir(parents=True)
        tmp = cached.with_suffix(".tmp")
        subprocess.run(
            [node, str(script), str(NODE_MODULES / "pyodide"), str(tmp), ",".join(modules), str(ROOT / "bleu2")],
            cwd=ROOT,
            check=True,
        )
        tmp.rename(cached)
    shutil.copy2(cached, VENDOR / "pyodide" / "snapshot.bin.gz")


def bleu2_modules() -> list[str]:
    """Module names of the bleu2 package, e.g. ["bleu2", "bleu2.api", ...], sorted
    (``bleu2.__main__`` included: it only runs the CLI under ``python -m``)."""
    names = []
    for path in sorted((ROOT / "bleu2").glob("*.py")):
        names.append("bleu2" if path.stem == "__init__" else f"bleu2.{path.stem}")
    return names


def check_pyscript_files() -> None:
    """Warn when pyscript.toml's [files] does not list exactly bleu2/*.py.

    Not fatal, so the site still builds and the tests (unit and browser) say what is wrong;
    ``python3 tools/build_site.py --sync-config`` (``make sync-config``) fixes the list.
    """
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    listed = {Path(dest).as_posix().lstrip("./") for dest in config.get("files", {}).values()}
    listed = {p for p in listed if p.startswith("bleu2/")}
    present = {f"bleu2/{p.name}" for p in (ROOT / "bleu2").glob("*.py")}
    for path in sorted(present - listed):
        log(f"WARNING: {path} is not in pyscript.toml [files]: the page will not load it (make sync-config)")
    for path in sorted(listed - present):
        log(f"WARNING: pyscript.toml [files] lists {path}, which does not exist")


def sync_pyscript_files() -> bool:
    """Rewrite pyscript.toml's bleu2 entries in [files] to list exactly bleu2/*.py.

    Other entries and everything else in the file stay as they are. Returns True when
    the file changed. (``python3 tools/build_site.py --sync-config``.)
    """
    path = ROOT / "pyscript.toml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    entry = re.compile(r'^"\./bleu2/[^"]+\.py"\s*=')
    kept = [line for line in lines if not entry.match(line)]
    try:
        at = next(i for i, line in enumerate(kept) if line.strip() == "[files]")
    except StopIteration:
        sys.exit("[build_site] pyscript.toml has no [files] table")
    at += 1
    while at < len(kept) and kept[at].strip() and not kept[at].lstrip().startswith("["):
        at += 1  # after the table's other entries
    new = [f'"./bleu2/{p.name}" = "./bleu2/{p.name}"\n' for p in sorted((ROOT / "bleu2").glob("*.py"))]
    text = "".join(kept[:at] + new + kept[at:])
    if text == "".join(lines):
        return False
    path.write_text(text, encoding="utf-8")
    log("pyscript.toml [files] now lists: " + ", ".join(p.name for p in sorted((ROOT / "bleu2").glob("*.py"))))
    return True


def assemble_site() -> None:
    tmp = ROOT / "_site.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    shutil.copy2(ROOT / "index.html", tmp / "index.html")
    shutil.copy2(ROOT / "pyscript.toml", tmp / "pyscript.toml")
    (tmp / "bleu2").mkdir()
    for path in sorted((ROOT / "bleu2").glob("*.py")):
        shutil.copy2(path, tmp / "bleu2" / path.name)
    shutil.copytree(
        ROOT / "static",
        tmp / "static",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.map"),
    )
    (tmp / "static" / "bleu2-modules.json").write_text(
        json.dumps(bleu2_modules()) + "\n", encoding="utf-8"
    )
    (tmp / ".nojekyll").write_text("", encoding="utf-8")
    if SITE.exists():
        shutil.rmtree(SITE)
    tmp.rename(SITE)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--sync-config"]:
        sync_pyscript_files()
        return 0
    if args:
        sys.exit("usage: build_site.py [--sync-config]")
    ensure_node_modules()
    vendor_runtime()
    make_snapshot()
    check_pyscript_files()
    assemble_site()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    log(f"built {SITE.relative_to(ROOT)}/ ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
