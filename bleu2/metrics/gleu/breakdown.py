"""GLEU's sentence breakdown: per n-gram order, the hypothesis's and the chosen
reference's n-grams and the matches, as the page explains a sentence's GLEU."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .stats import count_matches, line_stats, ngram_counts

__all__ = ["GleuOrder", "GleuBreakdown", "gleu_breakdown"]


@dataclass(frozen=True, slots=True)
class GleuOrder:
    """One n-gram order: ``hyp`` and ``ref`` n-gram counts, ``matches`` (clipped)."""

    n: int
    hyp: int
    ref: int
    matches: int


@dataclass(frozen=True, slots=True)
class GleuBreakdown:
    """A sentence's GLEU explained.

    Attributes:
        reference: the index of the reference used (the best; -1 when none has n-grams).
        orders: per order, counts for that reference.
        matches, total: the sentence's statistics (sums over the orders; total is
            max(hypothesis n-grams, reference n-grams)).
        score: matches / total, a float in [0, 1].
    """

    reference: int
    orders: tuple[GleuOrder, ...]
    matches: int
    total: int
    score: float


def gleu_breakdown(
    hypothesis: Sequence[Hashable], references: Sequence[Sequence[Hashable]], min_len: int = 1, max_len: int = 4
) -> GleuBreakdown:
    """The breakdown of one sentence (token lists) under the given orders."""
    stats = line_stats(hypothesis, references, min_len, max_len)
    index = -1
    for i, reference in enumerate(references):
        if line_stats(hypothesis, [reference], min_len, max_len) == stats and stats.total:
            index = i
            break
    top = max(len(hypothesis), *(len(r) for r in references)) if max_len < 0 else max_len
    orders = []
    for n in range(max(min_len, 1), top + 1):
        hyp, hyp_total = ngram_counts(hypothesis, n, n)
        ref, ref_total = ngram_counts(references[index], n, n) if index >= 0 else (hyp.__class__(), 0)
        orders.append(GleuOrder(n, hyp_total, ref_total, count_matches(hyp, ref)))
    score = stats.matches / stats.total if stats.total else 0.0
    return GleuBreakdown(index, tuple(orders), stats.matches, stats.total, score)
