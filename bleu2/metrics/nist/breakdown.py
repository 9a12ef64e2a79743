"""NIST's sentence breakdown: per order, the hypothesis's n-grams, the matched ones and the
information they carry, as the page explains a sentence's NIST (weights from the
sentence's own references, as ``sentence_nist``)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .api import nist_of_tokens
from .options import NistOptions
from .stats import InfoWeights, reference_counts

__all__ = ["NistOrder", "NistBreakdown", "nist_breakdown"]


@dataclass(frozen=True, slots=True)
class NistOrder:
    """One order: the hypothesis's ``ngrams``, the ``matched`` ones (clipped by the largest
    count in any reference), their ``info`` (bits, summed) and ``gain`` (info per n-gram)."""

    n: int
    ngrams: int
    matched: int
    info: float
    gain: float


@dataclass(frozen=True, slots=True)
class NistBreakdown:
    """A sentence's NIST explained: ``orders``, the length ``penalty`` (in [0, 1]) and the
    ``score`` under ``rules`` (the gains' sum times the penalty)."""

    orders: tuple[NistOrder, ...]
    penalty: float
    score: float
    rules: str


def nist_breakdown(
    hypothesis: Sequence[Hashable], references: Sequence[Sequence[Hashable]], config: NistOptions | None = None
) -> NistBreakdown:
    """The breakdown of one sentence (token lists).

    Raises:
        ValueError: as :func:`bleu2.metrics.nist.api.nist_of_tokens`.
    """
    config = config or NistOptions()
    result = nist_of_tokens([hypothesis], [references], config, "nist_breakdown")
    counts, words = reference_counts([references], config.n)
    weights = InfoWeights(counts, words, config.rules)
    orders = []
    for i in range(1, config.n + 1):
        grams = [tuple(hypothesis[k : k + i]) for k in range(len(hypothesis) - i + 1)]
        most: dict[tuple[Hashable, ...], int] = {}
        for ref in references:
            seen: dict[tuple[Hashable, ...], int] = {}
            for k in range(len(ref) - i + 1):
                g = tuple(ref[k : k + i])
                seen[g] = seen.get(g, 0) + 1
            for g, c in seen.items():
                most[g] = max(most.get(g, 0), c)
        used: dict[tuple[Hashable, ...], int] = {}
        matched, info = 0, 0.0
        for g in grams:
            if used.get(g, 0) < most.get(g, 0):
                used[g] = used.get(g, 0) + 1
                matched += 1
                info += weights[g]
        orders.append(NistOrder(i, len(grams), matched, info, result.gains[i - 1]))
    return NistBreakdown(tuple(orders), result.penalty, result.score, config.rules)
