"""Drop-in modules for the peers' own APIs: one changed import, the peer's numbers.

- :mod:`bleu2.compat.sacrebleu` (a package, with ``metrics``): ``corpus_bleu``,
  ``sentence_bleu`` and ``BLEU`` as sacreBLEU 2.6.0 has them (its reference streams, 0-100
  scores, ``BLEUScore``, ``n_bootstrap``); its chrF and TER names refuse for now;
- :mod:`bleu2.compat.evaluate`: HF evaluate's ``load("bleu").compute(...)`` and its dict;
- :mod:`bleu2.compat.nltk`: NLTK 3.10.4's ``sentence_bleu``, ``corpus_bleu`` (token lists)
  and ``SmoothingFunction``.

Each sits above the engine (it imports the engine; the engine never imports it) and is
loaded only when imported.
"""

__all__ = ["evaluate", "nltk", "sacrebleu"]
