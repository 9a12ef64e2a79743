"""NLTK 3.10.4's ``nltk.translate`` scores on bleu2's engines, one changed import:

    from nltk.translate.bleu_score import corpus_bleu       # before
    from bleu2.compat.nltk.bleu_score import corpus_bleu    # after

:mod:`.bleu_score` (BLEU), :mod:`.gleu_score` (``sentence_gleu``, ``corpus_gleu``),
:mod:`.nist_score` (``sentence_nist``, ``corpus_nist``). The BLEU names are importable from this package too
(``from bleu2.compat.nltk import corpus_bleu``), as before it became a package, and
``nltk.translate``'s short names: ``bleu`` (``sentence_bleu``), ``gleu`` (``sentence_gleu``),
``nist`` (``sentence_nist``).
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
from .bleu_score import sentence_bleu as bleu
from .gleu_score import sentence_gleu as gleu
from .nist_score import sentence_nist as nist

__all__ = [
    "Fraction",
    "SmoothingFunction",
    "brevity_penalty",
    "closest_ref_length",
    "corpus_bleu",
    "modified_precision",
    "sentence_bleu",
    "bleu",
    "gleu",
    "nist",
]
