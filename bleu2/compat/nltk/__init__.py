"""NLTK 3.10.4's ``nltk.translate`` scores on bleu2's engines, one changed import:

    from nltk.translate.bleu_score import corpus_bleu       # before
    from bleu2.compat.nltk.bleu_score import corpus_bleu    # after

:mod:`.bleu_score` (BLEU), :mod:`.gleu_score` (``sentence_gleu``, ``corpus_gleu``),
:mod:`.nist_score` (``sentence_nist``, ``corpus_nist``). The BLEU names are importable from this package too
(``from bleu2.compat.nltk import corpus_bleu``), as before it became a package.
"""

from __future__ import annotations

from .bleu_score import (
    Fraction,
    SmoothingFunction,
    brevity_penalty,
    closest_ref_length,
    corpus_bleu,
    modified_precision,
    sentence_bleu,
)

__all__ = [
    "Fraction",
    "SmoothingFunction",
    "brevity_penalty",
    "closest_ref_length",
    "corpus_bleu",
    "modified_precision",
    "sentence_bleu",
]
