"""The page's worker (PyScript runs it in a Web Worker, on the same Pyodide and snapshot
as the page): corpus mode's :class:`bleu2.page.corpus.session.Session`, and the measuring of long
texts typed in the sentence view (:func:`bleu2.page.sentence.live.measure_request`), called from
``static/corpus.js`` asynchronously only (``worker.sync.<name>(...)`` returns a promise;
nothing here reaches back into the page, so no SharedArrayBuffer is needed).
"""

from bleu2.page.corpus.session import Session
from bleu2.page.sentence import live

session = Session()
copies = live.Copies()  # the sentence view's boxes, kept from the changes the page sends


def corpus(method, args_json, data=None):
    """A session method: its name, its arguments as a JSON list, a file's bytes (a
    JavaScript Uint8Array) for "load"; the answer as JSON (:meth:`Session.call`)."""
    return session.call(str(method), str(args_json), data)


def measure(request_json):
    """Tokens and statistics of the sentence view's long texts (:mod:`bleu2.page.sentence.live`)."""
    return live.measure_request(str(request_json), copies)


__export__ = ["corpus", "measure"]
