"""The page: everything the bleu2 page decides and shows, as tested Python.

Two rooms and what both use. The sentence view (:mod:`bleu2.page.sentence`) and corpus
mode (:mod:`bleu2.page.corpus`) each have a controller driven through a port, both made of
commands by :mod:`bleu2.page.protocol` (``static/host.js`` applies them to the DOM); the
other modules directly in this package are shared. Imports point down: the engine
(:mod:`bleu2`) is below everything; the shared modules import only the engine and each
other; each room imports the shared modules and the engine, never the other room.

The map of the modules is ``docs/architecture-page.md`` (each module's first docstring
line; ``tests/docs/test_page_map.py`` holds them together). Tested in CPython. The engine
never imports this package, and the wheel does not ship it.
"""
