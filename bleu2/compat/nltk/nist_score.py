"""NLTK 3.10.4's NIST on bleu2's engine: one changed import,

    from nltk.translate.nist_score import corpus_nist, sentence_nist
    from bleu2.compat.nltk.nist_score import corpus_nist, sentence_nist

Token lists in, NLTK's rules and float: information weights from all references of the
corpus, per order the reference with the best precision, NLTK's length penalty from those
references' lengths. With several references this is not mteval-v13a.pl's NIST (which
clips by the largest count in any reference and compares with the average reference
length): :mod:`bleu2.metrics.nist` offers both. Where NLTK divides by zero (a hypothesis
shorter than ``n`` alone, no reference words) bleu2 raises ``ZeroDivisionError`` too, with
a message (a ``ValueError`` as well); a hypothesis without references: ``ValueError``.

    >>> from bleu2.compat.nltk.nist_score import sentence_nist
    >>> round(sentence_nist([["the", "cat", "is", "on", "the", "mat"]], ["the", "cat", "sat", "on", "the", "mat"], n=2), 4)
    2.2208
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...metrics.nist.api import nist_of_tokens
from ...metrics.nist.options import NistOptions

__all__ = ["corpus_nist", "sentence_nist"]


def sentence_nist(references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable], n: int = 5) -> float:
    """NLTK's ``sentence_nist``: the corpus NIST of one hypothesis (token lists).

    Raises:
        ZeroDivisionError: (also a ``ValueError``) the hypothesis is shorter than ``n``.
        ValueError: no references, a bad ``n``.
    """
    config = NistOptions(n=n, rules="nltk").check("sentence_nist")
    return nist_of_tokens([hypothesis], [references], config, "sentence_nist").score


def corpus_nist(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]], hypotheses: Sequence[Sequence[Hashable]], n: int = 5
) -> float:
    """NLTK's ``corpus_nist`` (token lists), NLTK's float.

    Raises:
        ZeroDivisionError: (also a ``ValueError``) no hypothesis has ``n``-grams, or no
            reference words.
        ValueError: different lengths, a hypothesis without references, a bad ``n``.
    """
    config = NistOptions(n=n, rules="nltk").check("corpus_nist")
    return nist_of_tokens(hypotheses, list_of_references, config, "corpus_nist").score
