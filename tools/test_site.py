"""The test build, ``_site_test/`` (``python -m tools.build_site --test-build``, after the
site is built): ``_site/`` with the browser tests' and the benchmarks' hooks added, which
the product never ships.

- ``static/host.js`` (an ES module) gets ``tests/browser/site/host_hooks.js`` appended, in
  its module scope: ``window.bleu2Test`` (whether an answer is still to come, whether the work after
  a pause has run, a promise of the answers, the batches applied, and ``probe``);
- ``static/pyodide-boot.mjs`` gets ``boot_hooks.js``: ``globalThis.bleu2Boot``, how the
  thread booted (its "bleu2:pyodide-ready" mark's detail);
- ``static/snapshot.mjs`` gets ``snapshot_hooks.js``: a page whose
  ``globalThis.bleu2SnapshotOff`` is true (the browser tests set it) makes no snapshot;
- ``static/worker.py`` (the served page's Python) and ``static/start.py`` (the one-file
  page's) get ``tests/browser/site/python_probe.py`` appended: an event ``{"probe":
  expression}`` is answered with the expression's value, evaluated where the page's Python runs.

The service worker's precache list, the one-file page and the precompressed copies are
made again from the changed files. ``_site/`` itself is left as it is:
``tests/tools/test_no_test_hooks.py`` checks that it holds none of these hooks.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from . import build_offline, precompress, pwa

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
TEST_SITE = ROOT / "_site_test"
HOOKS = ROOT / "tests" / "browser" / "site"
HOST_EXPORT = "export const host = {"  # static/host.js's last statement, which the hooks follow

#: The site's files the hooks are appended to, in their module's scope: file -> (the hooks'
#: file in tests/browser/site/, what the file must hold for the hooks to work).
APPENDED = {
    "static/host.js": ("host_hooks.js", HOST_EXPORT),
    "static/pyodide-boot.mjs": ("boot_hooks.js", 'performance.mark("bleu2:pyodide-ready", { detail:'),
    "static/snapshot.mjs": ("snapshot_hooks.js", "export function makeSnapshotLater("),
}

#: Names that appear only in the test build (``tests/tools/test_no_test_hooks.py``).
HOOK_NAMES = ("bleu2Test", "probe", "bleu2Boot", "bleu2SnapshotOff")


def splice(name: str, text: str, hooks: str) -> str:
    """The site's file ``name`` (a key of :data:`APPENDED`) holding ``text``, with ``hooks``
    at its end, in the module's scope (they see its names).

    Raises:
        ValueError: the file does not hold what the hooks expect of it.
    """
    anchor = APPENDED[name][1]
    if anchor not in text:
        raise ValueError(f"{name} must hold {anchor!r} (the module the hooks follow)")
    return text + hooks


def copy_site(source: Path, dest: Path) -> None:
    """``source`` copied to ``dest`` without the precompressed copies (made again)."""
    if dest.exists():
        shutil.rmtree(dest)

    def copies(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if n.endswith((".gz", ".br")) and n[: n.rfind(".")] in names]

    shutil.copytree(source, dest, ignore=copies, symlinks=False)


def build(source: Path = SITE, dest: Path = TEST_SITE, log: Callable[[str], object] = print) -> Path:
    """Write the test build ``dest`` from the built site ``source``.

    Raises:
        SystemExit: ``source`` is not built.
    """
    if not (source / "index.html").exists():
        raise SystemExit(f"[test_site] {source} is not built: run `make site` (python -m tools.build_site) first")
    tmp = dest.with_name(dest.name + ".tmp")
    copy_site(source, tmp)
    for name, (hooks, _) in APPENDED.items():
        script = tmp / name
        text = splice(name, script.read_text(encoding="utf-8"), (HOOKS / hooks).read_text(encoding="utf-8"))
        script.write_text(text, encoding="utf-8")
    probe = (HOOKS / "python_probe.py").read_text(encoding="utf-8")
    for name in ("worker.py", "start.py"):
        script = tmp / "static" / name
        script.write_text(script.read_text(encoding="utf-8") + "\n\n" + probe, encoding="utf-8")
    text, _, _ = pwa.service_worker(tmp)
    (tmp / pwa.SERVICE_WORKER).write_text(text, encoding="utf-8")
    build_offline.build(tmp)
    counts = precompress.precompress(tmp, log=log)
    if dest.exists():
        shutil.rmtree(dest)
    tmp.rename(dest)
    log(f"built {dest.name}/ (the site with the tests' hooks; {counts['gz']} gzip copies)")
    return dest
