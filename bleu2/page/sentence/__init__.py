"""The sentence view: a few candidates against their references, scored as a person types.

:class:`~bleu2.page.sentence.controller.SentencePage` decides, through
:class:`~bleu2.page.sentence.port.SentencePort`; every module is named in :mod:`bleu2.page`.
Imports the shared modules of :mod:`bleu2.page` and the engine, never corpus mode.
"""
