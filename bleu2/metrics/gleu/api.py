"""GLEU on text: ``sentence_gleu`` and ``corpus_gleu`` with bleu2's tokenizers (HF evaluate's
``google_bleu`` rules by default: 13a tokens, case kept, orders 1 to 4).

    >>> from bleu2.metrics.gleu.api import corpus_gleu
    >>> result = corpus_gleu(["the cat sat on the mat"], [["the cat is on the mat"]])
    >>> result.score, result.matches, result.total
    (0.5, 9, 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...tokenizers import make_tokenizer
from ..text_inputs import check_hypotheses, reference_lists
from .options import gleu_options
from .result import GleuResult
from .scoring import gleu_score
from .stats import GleuStats, line_stats, sum_stats

__all__ = ["sentence_gleu", "corpus_gleu"]


def corpus_gleu(
    hypotheses: Sequence[str], references: Sequence[str | Sequence[str]], *, preset: str | None = None, **options: Any
) -> GleuResult:
    """Corpus GLEU: summed matches over summed totals (NLTK's ``corpus_gleu``).

    Args:
        hypotheses: one string per line.
        references: ``references[i]`` are the references of ``hypotheses[i]`` (a string,
            or a list of strings).
        preset: ``"hf-evaluate"`` (the default rules) or ``"nltk"`` (whitespace tokens).
        options: ``min_len``, ``max_len``, ``tokenize``, ``lowercase`` (:class:`GleuOptions`).
    Raises:
        ValueError: a bad option, different numbers of hypotheses and reference entries,
            a line that is not a string (the message names ``corpus_gleu`` and the line).
    """
    return _corpus("corpus_gleu", hypotheses, references, preset, options)


def sentence_gleu(
    hypothesis: str, references: str | Sequence[str], *, preset: str | None = None, **options: Any
) -> GleuResult:
    """One sentence's GLEU: the corpus GLEU of one line (NLTK's ``sentence_gleu``).

    Raises:
        ValueError: as :func:`corpus_gleu`, naming ``sentence_gleu``.
    """
    if not isinstance(hypothesis, str):
        raise ValueError(f"sentence_gleu: hypothesis must be a string, got {hypothesis!r}")
    return _corpus("sentence_gleu", [hypothesis], [references], preset, options)


def _corpus(caller: str, hypotheses: Any, references: Any, preset: str | None, options: dict[str, Any]) -> GleuResult:
    config = gleu_options(caller, preset, **options)
    check_hypotheses(caller, hypotheses, references)
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{caller}: {len(hypotheses)} hypotheses but {len(references)} reference entries; one entry per hypothesis"
        )
    tokenize = make_tokenizer(config.tokenize, config.lowercase)
    stats: list[GleuStats] = []
    n_refs: set[int] = set()
    for hyp, refs in zip(hypotheses, reference_lists(references, caller)):
        n_refs.add(len(refs))
        stats.append(line_stats(tokenize(hyp), [tokenize(r) for r in refs], config.min_len, config.max_len))
    total = sum_stats(stats)
    n = n_refs.pop() if len(n_refs) == 1 else "var"
    return GleuResult(gleu_score(total), total.matches, total.total, len(stats), config.signature(n))
