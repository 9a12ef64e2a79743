"""The page's room: what the bleu2 page shows, as pure functions returning plain data.

:mod:`~bleu2.page.compare` (several candidates against the same references, ranked),
:mod:`~bleu2.page.view` (the breakdown as display strings), :mod:`~bleu2.page.explain`
(n-gram highlighting that explains clipping), :mod:`~bleu2.page.chart` (the SVG chart),
:mod:`~bleu2.page.export` (JSON, CSV, Markdown), :mod:`~bleu2.page.state` (share links,
the tab's saved texts, the options form, the start-up choice) and :mod:`~bleu2.page.i18n`
(the strings, one JSON catalog per language). Tested in CPython; ``static/app.py`` only
writes what these return into the page. The engine (:mod:`bleu2`) never imports this
package, and the wheel does not ship it.
"""
