"""Start-up: the files PyScript and Pyodide ask for one after the other (the config,
Pyodide's lock file, the page's script, the package's archive) are all requested while the
page is parsed, before PyScript asks for Pyodide, and each only once (the preload is what fetch() uses)."""

from __future__ import annotations

from urllib.parse import urlsplit

from conftest import open_page

# Each file, by its path under the site: fetched later by PyScript (config, [files], the
# script's src) or by Pyodide (its lock file), once Pyodide has loaded.
STARTUP_FILES = (
    "pyscript.toml",
    "bleu2.zip",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/app.py",
    "static/corpus_glue.py",
    "static/start.py",
)

TIMING_JS = """() => ({
  resources: performance.getEntriesByType('resource').map(e => [e.name, e.fetchStart]),
  marks: Object.fromEntries(performance.getEntriesByType('mark').map(e => [e.name, e.startTime])),
})"""


def test_startup_files_are_requested_once_before_pyscript_asks_for_pyodide(new_context, site_url):
    context, guard = new_context()
    # the page's requests (the service worker, once registered, fetches the files again
    # for its cache: those are not the page's start-up)
    requested: list[str] = []
    context.on("request", lambda request: request.service_worker or requested.append(request.url))
    page = open_page(context, guard, site_url)
    timing = page.evaluate(TIMING_JS)
    base = urlsplit(site_url).path
    # static/pyodide-boot.mjs marks when PyScript calls it to load Pyodide (its boot, begun
    # when the module arrived, is then under way) and when Pyodide is ready
    asked, ready = timing["marks"]["bleu2:pyodide-asked"], timing["marks"]["bleu2:pyodide-ready"]
    for name in STARTUP_FILES:
        path = base + name
        requests = [url for url in requested if urlsplit(url).path == path]
        assert len(requests) == 1, (name, requests)
        starts = [t for url, t in timing["resources"] if urlsplit(url).path == path]
        assert len(starts) == 1, (name, starts)
        assert starts[0] < min(asked, ready), (
            f"{name} was asked for at {starts[0]:.0f} ms, PyScript asked for Pyodide at {asked:.0f} ms,"
            f" Pyodide was ready at {ready:.0f} ms"
        )
