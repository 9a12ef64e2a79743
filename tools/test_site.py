"""The test build, ``_site_test/`` (``python -m tools.build_site --test-build``, after the
site is built): ``_site/`` with the browser tests' and the benchmarks' hooks added, which
the product never ships.

- ``static/host.js`` (an ES module) gets ``tests/browser/site/host_hooks.js`` appended, in
  its module scope: ``window.bleu2Test`` (whether an answer is still to come, whether the work after
  a pause has run, a promise of the answers, the batches applied, and ``probe``);
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

#: Names that appear only in the test build (``tests/tools/test_no_test_hooks.py``).
HOOK_NAMES = ("bleu2Test", "probe")


def splice_host(text: str, hooks: str) -> str:
    """``static/host.js`` with ``hooks`` at its end, in the module's scope (they see its names).

    Raises:
        ValueError: host.js does not hold :data:`HOST_EXPORT` (not the module the hooks expect).
    """
    if HOST_EXPORT not in text:
        raise ValueError(f"static/host.js must hold {HOST_EXPORT!r} (the module the hooks follow)")
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
    host = tmp / "static" / "host.js"
    host.write_text(
        splice_host(host.read_text(encoding="utf-8"), (HOOKS / "host_hooks.js").read_text(encoding="utf-8")),
        encoding="utf-8",
    )
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
