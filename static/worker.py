"""The page's worker (PyScript runs it in a Web Worker, on the same Pyodide and snapshot as
the page would): the page's Python, both controllers, behind the message protocol of
:mod:`bleu2.page.protocol` (``static/host.js`` starts it, sends the events and applies the
batches). Called asynchronously only (``worker.sync.<name>(...)`` returns a promise;
nothing here reaches back into the page, so no SharedArrayBuffer is needed).
"""

from bleu2.page.corpus.session import Session
from bleu2.page.protocol import PageHost

session = Session()
host = None


def page_start(start_json):
    """The page at start (JSON): the first batch (JSON)."""
    global host
    host = PageHost(str(start_json), in_worker=True, session=session)
    return host.start()


def page_event(event_json, data=None):
    """One event (JSON; a file's bytes, a JavaScript Uint8Array, beside it): its batch (JSON)."""
    return host.event(str(event_json), data)


__export__ = ["page_start", "page_event"]
