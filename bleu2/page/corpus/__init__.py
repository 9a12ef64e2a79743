"""Corpus mode: whole test sets scored, ranked and tested for significance.

:class:`~bleu2.page.corpus.controller.CorpusControl` decides, through
:class:`~bleu2.page.corpus.port.CorpusPort`; :class:`~bleu2.page.corpus.session.Session`
runs the jobs (in the page's worker, or on its thread); every module is named in
:mod:`bleu2.page`. Imports the shared modules of :mod:`bleu2.page` and the engine, never the
sentence view.
"""
