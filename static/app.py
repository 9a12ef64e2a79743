"""Page glue for the one-file offline page (file://, where no worker can start): the same
:class:`bleu2.page.protocol.PageHost` as the served page's worker (``static/worker.py``),
on the page's own thread (shorter steps of work); ``static/host.js`` sends the events and
applies the batches as it does with the worker. Every decision is the controllers'."""

from pyodide.ffi import create_proxy

from bleu2.page.protocol import PageHost
from js import window  # Pyodide's own FFI: no need to import the pyscript package


class Local:
    """``static/host.js``'s transport on this thread: the same calls as the worker's exports."""

    host = None

    def start(self, start_json):
        self.host = PageHost(str(start_json), in_worker=False)
        return self.host.start()

    def event(self, event_json, data=None):
        return self.host.event(str(event_json), None if data is None or type(data).__name__ == "JsNull" else data)


window.bleu2HostReady(create_proxy(Local()))
