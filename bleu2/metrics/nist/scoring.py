"""NIST from summed statistics, under NLTK 3.10.4's rules or mteval-v13a.pl's (Doddington
2002, eqn 3: the information gains per order, summed, times the length penalty)."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["NistUndefined", "nltk_penalty", "mteval_penalty", "nltk_nist", "mteval_nist"]


class NistUndefined(ZeroDivisionError, ValueError):
    """NIST is undefined here (a peer divides by zero): both ``ZeroDivisionError``, as
    NLTK raises, and ``ValueError``, as bleu2's other refusals."""


def nltk_penalty(ref_len: float, hyp_len: float) -> float:
    """NLTK's ``nist_length_penalty``: exp(beta log^2(hyp/ref)) below 1, beta making 2/3
    give 0.5; ``ref_len`` > 0."""
    ratio = hyp_len / ref_len
    if 0 < ratio < 1:
        ratio_x, score_x = 1.5, 0.5
        beta = math.log(score_x) / math.log(ratio_x) ** 2
        return math.exp(beta * math.log(ratio) ** 2)
    return max(min(ratio, 1.0), 0.0)


def mteval_penalty(ratio: float) -> float:
    """mteval-v13a.pl's ``nist_length_penalty`` (its own float arithmetic)."""
    if ratio >= 1:
        return 1.0
    if ratio <= 0:
        return 0.0
    beta = -math.log(0.5) / math.log(1.5) / math.log(1.5)
    return math.exp(-beta * math.log(ratio) * math.log(ratio))


def nltk_nist(sums: Sequence[float], n: int, caller: str) -> tuple[float, list[float], float]:
    """NIST, the per-order gains and the penalty from NLTK statistics.

    Raises:
        NistUndefined: an order without hypothesis n-grams, or no reference words.
    """
    gains: list[float] = []
    total: float = 0
    for i in range(n):
        if sums[2 * i + 1] == 0:
            raise NistUndefined(
                f"{caller}: no hypothesis has {i + 1}-grams (n={n}): NLTK divides by zero here; lower n"
            )
        gain = sums[2 * i] / sums[2 * i + 1]
        gains.append(gain)
        total += gain
    if sums[2 * n] == 0:
        raise NistUndefined(f"{caller}: the references have no words: NLTK divides by zero here")
    penalty = nltk_penalty(sums[2 * n], sums[2 * n + 1])
    return total * penalty, gains, penalty


def mteval_nist(sums: Sequence[float], n: int, n_refs: int, caller: str) -> tuple[float, list[float], float]:
    """NIST (the cumulative score at order ``n``), the per-order gains and the penalty
    from mteval-v13a.pl statistics.

    Raises:
        NistUndefined: no reference words (the script dies: illegal division by zero).
    """
    if sums[2 * n] == 0:
        raise NistUndefined(f"{caller}: the references have no words: mteval-v13a.pl divides by zero here")
    gains = [sums[2 * i] / max(sums[2 * i + 1], 1) for i in range(n)]
    score: float = 0
    for gain in gains:
        score += gain
    penalty = mteval_penalty(sums[1] / (sums[2 * n] / n_refs))
    return score * penalty, gains, penalty
