"""Drop-in modules for the peers' own APIs: one changed import, the peer's numbers.

- :mod:`bleu2.compat.sacrebleu` (a package, with ``metrics``): ``corpus_bleu``,
  ``sentence_bleu``, ``BLEU``, ``corpus_chrf``, ``sentence_chrf``, ``CHRF``, ``corpus_ter``,
  ``sentence_ter`` and ``TER`` as sacreBLEU 2.6.0 has them (its reference streams, percent
  scores, ``BLEUScore``, ``CHRFScore``, ``TERScore``, BLEU's ``n_bootstrap``);
- :mod:`bleu2.compat.evaluate`: HF evaluate's ``load("bleu" | "sacrebleu" | "chrf" | "ter" |
  "google_bleu")`` with ``compute``, ``add`` and ``add_batch``, and their dicts;
- :mod:`bleu2.compat.nltk`: NLTK 3.10.4's ``sentence_bleu``, ``corpus_bleu`` (token lists),
  ``SmoothingFunction``, ``modified_precision``, ``closest_ref_length``, ``brevity_penalty``;
  ``gleu_score`` and ``nist_score`` as ``nltk.translate`` has them;
- :mod:`bleu2.compat.torchmetrics`: torchmetrics 1.9's ``BLEUScore``, ``SacreBLEUScore``,
  ``CHRFScore``, ``TranslationEditRate`` and their functions (tensors when torch can be
  imported);
- :mod:`bleu2.compat.rouge_score`: rouge-score 0.1.2's ``rouge_scorer.RougeScorer``,
  ``scoring.BootstrapAggregator`` (seeded) and its ``rouge`` command.

Each sits above the engine (it imports the engine; the engine never imports it) and is
loaded only when imported.
"""

__all__ = ["evaluate", "nltk", "rouge_score", "sacrebleu", "torchmetrics"]
