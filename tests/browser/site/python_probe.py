"""The test build only (appended to ``static/worker.py``, the served page's Python, and to
``static/start.py``, the one-file page's, by ``tools/test_site.py``; never in ``_site/``): an event ``{"probe": expression}`` is answered with the expression's value,
evaluated with ``host`` (the PageHost), ``page`` (the sentence view), ``corpus`` (corpus
mode) and ``sys`` in scope, as JSON (``{"error": ...}`` if it raised), after the events sent
before it (``static/host.js``'s queue): ``window.bleu2Test.probe`` (``host_hooks.js``)."""

import json
import sys

from bleu2.page.protocol import PageHost


def _probing(dispatch):
    def probe_or_dispatch(self, event, data):
        if "probe" not in event:
            return dispatch(self, event, data)
        scope = {"host": self, "page": self.page, "corpus": self.corpus, "sys": sys}
        try:
            return json.loads(json.dumps(eval(str(event["probe"]), scope), default=repr))
        except Exception as error:  # noqa: BLE001 - the caller's answer
            return {"error": f"{type(error).__name__}: {error}"}

    return probe_or_dispatch


PageHost._dispatch = _probing(PageHost._dispatch)
