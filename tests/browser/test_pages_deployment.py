"""The GitHub Pages deployment: the artifact's tree, and the artifact served the way Pages
serves it (under a sub-path, the repository's name, with no precompressed copies sent).

The artifact is made as actions/upload-pages-artifact makes it: a tar of ``_site/`` with
symbolic links followed, ``.git`` and ``.github`` left out. What the workflow runs, builds and
uploads is read from .github/workflows/pages.yml in tests/tools/test_pages_workflow.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import tarfile
from pathlib import Path

import pytest

from browser_helpers import ROOT, WAIT_MS, enter, texts
from conftest import Guard, guarded_context, open_page, serving
from tools import pwa

REPO_NAME = "bleu2"  # the sub-path of a project site: https://<owner>.github.io/bleu2/
REQUIRED = (
    "index.html",
    ".nojekyll",
    "bleu2-offline.html",
    "manifest.webmanifest",
    "service-worker.js",
    "pyscript.toml",
    "bleu2.zip",
    "static/app.py",
    "static/worker.py",
    "static/host.js",
    "static/boot.js",
    "static/pwa.js",
    "static/embed.js",
    "embed.js",  # the host script documentation pages include (docs/embedding.md)
    "static/icons/icon.svg",
    "static/icons/icon-192.png",
    "static/icons/icon-512.png",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/snapshot.mjs",
    "static/snapshot-worker.mjs",
    "static/vendor/pyodide/python_stdlib.zip",
    "docs/index.html",
    "docs/embedding/index.html",
)
FORBIDDEN_PARTS = {
    "tests",
    ".git",
    ".github",
    "node_modules",
    ".venv",
    "__pycache__",
    "build",
    "bench",
    "tools",
    "bleu2",
}


@pytest.fixture(scope="module")
def artifact(site_dir, tmp_path_factory) -> Path:
    """The Pages artifact unpacked under /<REPO_NAME>/ of a fresh folder (what Pages serves)."""
    work = tmp_path_factory.mktemp("pages")
    tar = work / "artifact.tar"
    subprocess.run(  # as actions/upload-pages-artifact@v3 packs it
        [
            "tar",
            "--dereference",
            "--hard-dereference",
            "--directory",
            str(site_dir),
            "-cf",
            str(tar),
            "--exclude=.git",
            "--exclude=.github",
            ".",
        ],
        check=True,
    )
    root = work / "www"
    (root / REPO_NAME).mkdir(parents=True)
    with tarfile.open(tar) as t:
        t.extractall(root / REPO_NAME, filter="data")
    return root / REPO_NAME


def test_the_deployed_runtime_is_the_one_package_json_and_its_lock_pin(artifact):
    vendored = json.loads((artifact / "static" / "vendor" / "VERSIONS.json").read_text(encoding="utf-8"))
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert vendored == package["dependencies"]
    assert vendored == {name: lock[f"node_modules/{name}"]["version"] for name in vendored}


def test_artifact_tree_is_the_site_and_nothing_else(artifact):
    files = sorted(p.relative_to(artifact).as_posix() for p in artifact.rglob("*") if p.is_file())
    missing = [f for f in REQUIRED if f not in files]
    assert missing == [], f"missing from the artifact: {missing}"
    forbidden = [
        f
        for f in files
        if set(f.split("/")[:-1]) & FORBIDDEN_PARTS
        or f.endswith((".pyc", ".map", ".tmp"))
        or f.split("/")[-1] in (".gitignore", "Makefile")
    ]
    assert forbidden == [], f"not for the site: {forbidden}"
    assert not [p for p in artifact.rglob("*") if p.is_symlink()]
    # everything the service worker precaches is there, and index.html's local URLs exist
    assert set(pwa.precache_files(artifact)) <= set(files)
    html = (artifact / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:href|src|config)="(\./[^"#?]*)"', html):
        target = url[2:] or "index.html"
        assert target in files or target.endswith("/"), f"index.html refers to {url}, which is not in the artifact"
    # relative URLs only (so any sub-path works)
    assert not re.findall(r'(?:href|src)="/(?!/)', html)


def test_no_script_of_the_artifact_names_a_source_map_it_lacks(artifact):
    """The site ships no ``*.map``; a script that named one would send developer tools (and
    Lighthouse) to a 404."""
    named = [
        (p.relative_to(artifact).as_posix(), m)
        for p in sorted(artifact.rglob("*.*js"))
        for m in re.findall(r"sourceMappingURL=(\S+)", p.read_text(encoding="utf-8", errors="replace"))
        if not m.startswith("data:") and not (p.parent / m).is_file()
    ]
    assert named == []


def test_artifact_served_under_a_sub_path_scores_installs_and_links_the_offline_file(artifact, browser):
    """Served like Pages (no precompressed copies sent) from /bleu2/."""
    with serving(artifact.parent, encodings=()) as base:
        url = f"{base}{REPO_NAME}/"
        guard = Guard(base.rstrip("/"))
        context = guarded_context(browser, guard)
        page = open_page(context, guard, url)
        enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
        assert texts(page, "score")["score"] == "0.7071"
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=WAIT_MS)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{url}service-worker.js"
        for link in ("./bleu2-offline.html", "./manifest.webmanifest"):
            response = context.request.get(url + link[2:])
            assert response.ok, link
            assert "content-encoding" not in response.headers
        offline_href = page.get_attribute("#offline-download", "href")
        assert offline_href == "./bleu2-offline.html"
        context.close()
        problems = guard.new_problems()
        assert problems == [], problems
