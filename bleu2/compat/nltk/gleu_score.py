"""NLTK 3.10.4's GLEU on bleu2's engine: one changed import,

    from nltk.translate.gleu_score import corpus_gleu, sentence_gleu
    from bleu2.compat.nltk.gleu_score import corpus_gleu, sentence_gleu

Token lists in, NLTK's rules (n-grams of orders ``min_len``..``max_len``; per sentence the
reference with the highest matches / max(hypothesis, reference n-grams), the first on
ties; corpus GLEU = summed matches / summed maxima; 0.0 when nothing was counted); the
same float. Where NLTK fails (an assertion on different lengths) a ``ValueError`` says why.

    >>> from bleu2.compat.nltk.gleu_score import sentence_gleu
    >>> sentence_gleu([["the", "cat", "is", "on", "the", "mat"]], ["the", "cat", "sat", "on", "the", "mat"])
    0.5
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...metrics.gleu.options import GleuOptions
from ...metrics.gleu.scoring import gleu_score
from ...metrics.gleu.stats import GleuStats, line_stats, sum_stats

__all__ = ["corpus_gleu", "sentence_gleu"]


def _check_orders(caller: str, min_len: int, max_len: int) -> tuple[int, int]:
    """The orders checked as :class:`GleuOptions` checks them (the message names ``caller``)."""
    options = GleuOptions(min_len=min_len, max_len=max_len, tokenize="none").check(caller)
    return options.min_len, options.max_len


#: NLTK's ``nltk.util.MAX_EVERYGRAMS_DEFAULT_LEN``: ``everygrams`` refuses ``max_len=-1`` beyond it.
MAX_EVERYGRAMS_DEFAULT_LEN = 256


def _check_unbounded(caller: str, max_len: int, sequences: Sequence[Sequence[Hashable]]) -> None:
    """NLTK's refusal of ``max_len=-1`` on a sentence longer than 256 tokens (its
    ``everygrams`` would enumerate O(n**3) elements)."""
    if max_len == -1:
        for sequence in sequences:
            if len(sequence) > MAX_EVERYGRAMS_DEFAULT_LEN:
                raise ValueError(
                    f"{caller}: max_len=-1 (every n-gram of every length) on a sentence of {len(sequence)} tokens: "
                    f"NLTK's everygrams refuses more than {MAX_EVERYGRAMS_DEFAULT_LEN}; pass an explicit max_len"
                )


def sentence_gleu(
    references: Sequence[Sequence[Hashable]], hypothesis: Sequence[Hashable], min_len: int = 1, max_len: int = 4
) -> float:
    """GLEU of one hypothesis (a token list) against its references (token lists): NLTK's
    ``sentence_gleu``, a float in [0, 1].

    Raises:
        ValueError: an order that is not an int (``min_len`` >= 0, ``max_len`` >= -1);
            ``max_len=-1`` on a sentence over 256 tokens (NLTK's refusal).
    """
    low, high = _check_orders("sentence_gleu", min_len, max_len)
    _check_unbounded("sentence_gleu", high, [hypothesis, *references])
    return gleu_score(line_stats(hypothesis, references, low, high))


def corpus_gleu(
    list_of_references: Sequence[Sequence[Sequence[Hashable]]],
    hypotheses: Sequence[Sequence[Hashable]],
    min_len: int = 1,
    max_len: int = 4,
) -> float:
    """Corpus GLEU: NLTK's ``corpus_gleu`` (summed matches / summed maxima), in [0, 1].

    Raises:
        ValueError: different numbers of hypotheses and reference lists; a bad order;
            ``max_len=-1`` on a sentence over 256 tokens (NLTK's refusal).
    """
    low, high = _check_orders("corpus_gleu", min_len, max_len)
    if len(list_of_references) != len(hypotheses):
        raise ValueError(
            f"corpus_gleu: {len(hypotheses)} hypotheses but {len(list_of_references)} reference lists; "
            "the number of hypotheses and their reference(s) should be the same"
        )
    for refs, h in zip(list_of_references, hypotheses):
        _check_unbounded("corpus_gleu", high, [h, *refs])
    stats: list[GleuStats] = [line_stats(h, refs, low, high) for refs, h in zip(list_of_references, hypotheses)]
    return gleu_score(sum_stats(stats))
