"""Start-up of the served page: its Python runs in its worker, which asks for each of
Pyodide's and the page's files once; the page's own thread asks for none of the Python
scripts the one-file page runs on its thread (static/start.py, static/app.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

# Each file, by its path under the site: fetched by the worker (PyScript's [files], its
# script, Pyodide's runtime, lock file and standard library; no snapshot: static/snapshot.mjs).
STARTUP_FILES = (
    "bleu2.zip",
    "static/worker.py",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
)
NOT_FETCHED = ("static/app.py", "static/start.py")


def test_startup_files_are_requested_once_and_the_page_thread_runs_no_python(untouched_page, site_url):
    # the page's and its worker's requests (the service worker, once registered, fetches the
    # files again for its cache: those are not the page's start-up)
    page, requested = untouched_page
    base = urlsplit(site_url).path
    for name in STARTUP_FILES:
        requests = [url for url in requested if urlsplit(url).path == base + name]
        assert len(requests) == 1, (name, requests)
    assert not [url for url in requested if "snapshot.bin" in url or "stdlib_snapshot" in url]
    for name in NOT_FETCHED:
        assert not [url for url in requested if urlsplit(url).path == base + name], name
    # no Pyodide on the page's thread: its boot marks are the worker's
    marks = page.evaluate("() => performance.getEntriesByType('mark').map(e => e.name)")
    assert not [m for m in marks if m.startswith("bleu2:pyodide")], marks
    assert page.evaluate("document.querySelector('script[type=\"py\"]')") is None
