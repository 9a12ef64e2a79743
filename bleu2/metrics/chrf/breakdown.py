"""One sentence's chrF as a reader follows it: per order, the totals, precision, recall,
F-beta and the n-grams the hypothesis shares with the reference chosen (``ChrfSentence``;
:func:`bleu2.metrics.chrf.api.sentence_chrf_breakdown` builds it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .result import ChrfOrder, ChrfResult, order_breakdown
from .stats import Grams, hypothesis_grams, ngram_counts

__all__ = ["ChrfSentence", "matched_orders"]


@dataclass(frozen=True, slots=True)
class ChrfSentence:
    """One sentence's chrF with what a reader needs to follow it.

    Attributes:
        result: the :class:`~bleu2.metrics.chrf.result.ChrfResult`.
        reference_index: which of the references given was used (the best one; ``None``
            entries are not counted out: it indexes the list as given).
        orders: each order's :class:`~bleu2.metrics.chrf.result.ChrfOrder`, with ``matched``.
    """

    result: ChrfResult
    reference_index: int
    orders: tuple[ChrfOrder, ...]


def matched_orders(result: ChrfResult, hyp_grams: Sequence[Grams], reference: str) -> tuple[ChrfOrder, ...]:
    """Each order's :class:`~bleu2.metrics.chrf.result.ChrfOrder` of ``result`` (one
    sentence's) with ``matched``: the n-grams ``hyp_grams`` shares with ``reference`` and
    how many times each matches (none for an order the reference does not have)."""
    config = result.config
    ref_grams = hypothesis_grams(reference, config)
    orders = []
    for order, hg, rg in zip(order_breakdown(result.stats, config), hyp_grams, ref_grams):
        hc, rc = ngram_counts(hg), ngram_counts(rg)
        matched = tuple(
            (g if isinstance(g, str) else " ".join(g), min(k, rc[g]))  # type: ignore[index]
            for g, k in hc.items()
            if g in rc
        )
        orders.append(replace(order, matched=matched if order.ref_total else ()))
    return tuple(orders)
