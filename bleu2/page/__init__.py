"""The page: everything the bleu2 page decides and shows, as tested Python.

Two rooms and what both use. The sentence view (:mod:`bleu2.page.sentence`) and corpus
mode (:mod:`bleu2.page.corpus`) each have a controller driven through a port, made of
messages by :mod:`bleu2.page.protocol` (``static/host.js`` applies them to the DOM); the
other modules directly in this package are shared. Imports point down: the engine (:mod:`bleu2`) is below everything; the shared
modules import only the engine and each other; each room imports the shared modules and
the engine, never the other room.

What both use:

- ``bleu2/page/__init__.py``: this map
- ``bleu2/page/protocol.py``: the message protocol: ``PageHost`` (events in, batches out; above both rooms), the ports made of an outbox and a mirror
- ``bleu2/page/ports.py``: the small port protocols both rooms' ports compose (elements, painting, timers, downloads, storage) and their data (``Updates``, ``PageContext``, ``StorageReply``)
- ``bleu2/page/i18n.py``: one JSON catalog per language (``locales/``), plural rules, number formats
- ``bleu2/page/options_form.py``: the options the page offers, their defaults and checks, ``FIELDS`` (option name -> control id), the form read and written
- ``bleu2/page/share.py``: the page's state and its codec: share links (``v1.`` fragments) and the compact JSON the tab's storage keeps too
- ``bleu2/page/tab_storage.py``: the tab's storage: its forms, the save policy, the keys per page and per embed, ``TabStore``
- ``bleu2/page/embed.py``: ``?embed``: the "open in full" link, what the compact calculator shows, the themes
- ``bleu2/page/chart.py``: the SVG bar chart and histogram, as data
- ``bleu2/page/tables.py``: the score tables' column titles (``ranking_header``) and the mark where there is no number (``NO_NUMBER``)

The sentence view:

- ``bleu2/page/sentence/__init__.py``: the sentence view's room
- ``bleu2/page/sentence/controller.py``: ``SentencePage``: every decision of the sentence view, driven through its port
- ``bleu2/page/sentence/port.py``: ``SentencePort``: the shared protocols plus the sentence view's own (text boxes, URL, clipboard, worker, clock)
- ``bleu2/page/sentence/clearing.py``: Clear and Undo (``Clearing``, through the ``ClearingPage`` protocol)
- ``bleu2/page/sentence/boxes.py``: the text boxes: ids, which event acts on which box, a change applied
- ``bleu2/page/sentence/candidates.py``: several candidates against the same references: scores, ranking, the choice of r
- ``bleu2/page/sentence/breakdown.py``: the selected candidate's breakdown and the ranking rows, as data
- ``bleu2/page/sentence/hints.py``: plain-language hints under the score
- ``bleu2/page/sentence/explain.py``: n-gram highlighting that explains clipping
- ``bleu2/page/sentence/guide.py``: "How it works", with the numbers of the candidate shown
- ``bleu2/page/sentence/peers_view.py``: the peers table: the selected candidate under every preset
- ``bleu2/page/sentence/export.py``: the comparison as JSON, CSV and Markdown
- ``bleu2/page/sentence/live.py``: long texts measured in a slice of their own (``Live``, ``pack``)
- ``bleu2/page/sentence/startup.py``: the start-up plan: link, tab's storage or what was typed
- ``bleu2/page/sentence/screen.py``: what was last painted, so only changes are painted
- ``bleu2/page/sentence/updates.py``: element updates: status line, notes (``StatusNote``), boxes, ranking, the page's words
- ``bleu2/page/sentence/blank.py``: the empty page: no number while every box is blank

Corpus mode:

- ``bleu2/page/corpus/__init__.py``: corpus mode's room
- ``bleu2/page/corpus/controller.py``: ``CorpusControl``: every decision of corpus mode, driven through its port
- ``bleu2/page/corpus/port.py``: ``CorpusPort`` (the shared protocols plus the worker and the session), ``Message`` (text as data)
- ``bleu2/page/corpus/session.py``: ``Session``: the files, the jobs (the engine's corpus pipeline) and the results, called as JSON
- ``bleu2/page/corpus/views.py``: ``JobResult`` (a finished job, frozen) and its views: the systems table, a page of sentences, the histogram, the exports
- ``bleu2/page/corpus/keep.py``: ``CorpusKeep``: what corpus mode keeps in the tab's storage for a reload
- ``bleu2/page/corpus/request.py``: a job's request from the significance boxes, and the values refused before anything runs

Tested in CPython. The engine never imports this package, and the wheel does not ship it.
Design: ``docs/architecture-page.md``.
"""
