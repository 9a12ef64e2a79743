"""The page's room: everything the bleu2 page decides and shows, as tested Python.

- The controller and its port: :mod:`~bleu2.page.controller` (every decision of the
  sentence view, driven through :mod:`~bleu2.page.port`, which ``static/app.py`` binds to
  the DOM); :mod:`~bleu2.page.live` (long texts in the worker), :mod:`~bleu2.page.screen`
  (only what changed is painted).
- What the page shows, as pure functions returning typed data:
  :mod:`~bleu2.page.compare` (several candidates against the same references, ranked),
  :mod:`~bleu2.page.breakdown` and :mod:`~bleu2.page.hints` (the breakdown),
  :mod:`~bleu2.page.guide` ("How it works"), :mod:`~bleu2.page.updates` (element updates),
  :mod:`~bleu2.page.explain` (n-gram highlighting that explains clipping),
  :mod:`~bleu2.page.chart` (the SVG chart), :mod:`~bleu2.page.export` (JSON, CSV, Markdown),
  :mod:`~bleu2.page.embed` (``?embed``), :mod:`~bleu2.page.i18n` (one JSON catalog per
  language), :mod:`~bleu2.page.corpus` (corpus mode).
- What the page keeps: :mod:`~bleu2.page.options_form` (the options and their form),
  :mod:`~bleu2.page.share` (share links), :mod:`~bleu2.page.tab_storage` (the tab's
  storage), :mod:`~bleu2.page.startup` (the start-up plan), :mod:`~bleu2.page.boxes` (the
  text boxes).

Tested in CPython. The engine (:mod:`bleu2`) never imports this package, and the wheel does
not ship it. Design: ``docs/architecture-page.md``.
"""
