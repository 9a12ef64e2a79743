"""The page: everything the bleu2 page decides and shows, as tested Python.

The sentence view (:mod:`bleu2.page.sentence`) and corpus mode (:mod:`bleu2.page.corpus`) import the shared modules
here and the engine, never each other. Map: ``docs/architecture-page.md``. The wheel does not ship this package.
"""
