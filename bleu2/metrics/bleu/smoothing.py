"""Smoothing: from clipped counts to the precisions that enter the geometric mean.

Each method takes a :class:`~bleu2.metrics.bleu.stats.SentenceStats`, the smoothing
parameter (``smooth_value``; ``None`` = the method's default) and the
effective-order switch, and returns a :class:`Smoothed`: one precision value
per order (a float in [0, 1], the value that enters the geometric mean),
which orders smoothing changed (value != matches/total), how many leading
orders enter the mean (the effective order), and whether precisions that are
still 0 make the score 0 (sacreBLEU, the defaults) or are left out of the sum
(NLTK).

Notation: m_n clipped matches, t_n candidate n-grams (totals), N max_order,
c hyp_len. All formulas give fractions; sacreBLEU computes in percent and the
values here are its precisions / 100.

The classic calculator's method
-----------------
``add-1``
    p_n = (0 + 1) / (t_n + 1) when m_n = 0 (every order, unigrams included,
    also when t_n = 0), else m_n / t_n. A zero-match order thus never makes
    the score 0. Not a sacreBLEU or NLTK method: sacreBLEU's ``add-k`` and
    NLTK's ``method2`` leave unigrams alone and change non-zero orders too.
    With ``effective_order=True`` the orders without candidate n-grams are
    left out of the mean (and report 0.0), as in sacreBLEU's frame below.

sacreBLEU's methods (Post 2018; ``BLEU.compute_bleu`` of sacreBLEU 2.6.0, after
Chen & Cherry 2014)
-----------------------------------------------------------------------------
All four share sacreBLEU's frame:

* no match of any order (all m_n = 0): score 0;
* orders are read from n = 1 up; the first order with t_n = 0 (after
  ``add-k``'s addition) stops the reading: it and all higher orders keep
  precision 0, so without effective order the score is 0 (sacreBLEU takes
  ``my_log(0) = -9999999999``, i.e. exp of a huge negative number, 0.0);
* a precision still 0 (``none``, or ``floor`` with value 0) makes the score 0;
* ``effective_order=True`` (sacreBLEU's option, meant for sentence BLEU): the
  geometric mean runs over the orders read before the stop only,
  BLEU = BP * exp(1/k sum_{n<=k} ln p_n), k = the number of leading orders with
  t_n > 0 (with custom weights: the first k weights, renormalised to sum 1).
  Note it drops orders without candidate n-grams, not orders without matches.

``none``
    p_n = m_n / t_n; a zero precision makes the score 0.
``floor``  (Chen & Cherry 2014 method 1; ``smooth_value`` = the floor, default 0.1)
    p_n = smooth_value / t_n when m_n = 0, else m_n / t_n.
``add-k``  (Chen & Cherry 2014 method 2, after Lin & Och 2004; ``smooth_value`` = k, default 1)
    p_1 = m_1 / t_1;  p_n = (m_n + k) / (t_n + k) for every n > 1, also for
    non-zero m_n and for t_n = 0 (then p_n = 1).
``exp``  (Chen & Cherry 2014 method 3, NIST mteval-v13a's smoothing)
    the j-th order (j = 1, 2, ...) with m_n = 0 gets p_n = 1 / (2^j t_n).

Lin & Och 2004 as tensorflow/nmt computes it
--------------------------------------------
``nmt``  (``compute_bleu(..., smooth=True)`` of tensorflow/nmt ``scripts/bleu.py``, which HF
    evaluate's ``bleu`` with ``smooth=True`` and bleuscore run)
    p_n = (m_n + 1) / (t_n + 1) on every order, unigrams included, whether m_n is 0 or
    not, and p_n = 1 when t_n = 0. No precision is 0, so only c = 0 scores 0. Unlike
    ``add-1`` (zero-match orders only), sacreBLEU's ``add-k`` and NLTK's ``method2``
    (unigrams left alone), and without sacreBLEU's stop when nothing matches. Effective
    order does not apply.

NLTK's methods (``nltk.translate.bleu_score`` of NLTK 3.10.4, ``sentence_bleu``
and ``corpus_bleu`` with ``SmoothingFunction().methodK``; Chen & Cherry 2014)
-------------------------------------------------------------------------------
NLTK's frame, shared by all eight:

* NLTK's modified precision divides by d_n = max(1, t_n) per segment; in a
  corpus the denominators are summed, d_n = t_n + (number of segments with
  t_n = 0). Below, P_n = m_n / d_n.
* m_1 = 0: score 0 (NLTK's early return, before smoothing).
* the score is BP * exp(sum_n w_n ln p_n) over the orders with p_n > 0 only:
  a precision still 0 after smoothing is left out, the weights are not
  renormalised. Effective order does not apply (ValueError).

``method0``  no smoothing: p_n = P_n, but m_n = 0 gives p_n =
    ``sys.float_info.min`` (2.2e-308), so the score is tiny, not exactly 0.
``method1``  (``smooth_value`` = epsilon, default 0.1)
    p_n = epsilon / d_n when m_n = 0, else P_n.
``method2``  (Lin & Och 2004) p_1 = P_1; p_n = (m_n + 1) / (d_n + 1) for n > 1
    (every such order; NLTK 3.10.4 leaves unigrams alone).
``method3``  (NIST geometric) the j-th order with m_n = 0 gets p_n = 1 / (2^j d_n).
``method4``  (``smooth_value`` = k, default 5) when c > 1, the j-th order with
    m_n = 0 gets p_n = (1 / (2^j k / ln c)) / d_n, where c is the candidate
    length (in a corpus the total candidate length, as NLTK's corpus_bleu
    passes it); when c <= 1 zero orders stay 0 (and are left out).
``method5``  averages neighbouring orders: with q = P_1..P_N followed by
    P_5 (NLTK hard-codes order 5, whatever N is) and p_0 = P_1 + 1,
    p_n = (p_{n-1} + q_n + q_{n+1}) / 3, p_{n-1} being the already smoothed
    value. The statistics must therefore count order 5 (see
    :attr:`bleu2.metrics.bleu.scoring.BleuConfig.stats_order`). Because of p_0 = P_1 + 1,
    precisions and the score can exceed 1 (NLTK's too: a 6-token candidate
    equal to its reference scores 1.1167... in BLEU-4).
``method6``  (Gao & He 2013; ``smooth_value`` = alpha, default 5) p_1 = P_1,
    p_2 = P_2; for n >= 3, p_n = (m_n + alpha pi_n) / (t_n + alpha) with the
    prior pi_n = p_{n-1}^2 / p_{n-2} (0 when p_{n-2} = 0).
``method7``  ``method4`` then ``method5`` on its output (q_{N+1} is the
    unsmoothed P_5); ``smooth_value`` = method4's k (default 5).

Where bleu2 goes beyond NLTK: NLTK's ``method6`` raises (AssertionError)
when N < 3 or m_3 = 0; bleu2 applies the formula above. In ``corpus_bleu``
NLTK's ``method5``..``method7`` read the order-5 precision (``method5``) and
the n-gram counts (``method6``) of the *last* sentence only; bleu2 uses the
pooled corpus statistics (:mod:`bleu2.compat.nltk` reproduces NLTK's reading with
:func:`method4_values`, :func:`method5_values` and :func:`method6_values`). Sentence-level
results and ``method0``..``method4`` at corpus level agree with NLTK.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from .stats import SentenceStats

__all__ = [
    "Smoothed",
    "SMOOTHING_METHODS",
    "SMOOTHING_PARAMETERS",
    "EFFECTIVE_ORDER_METHODS",
    "NLTK_METHODS",
    "SACREBLEU_METHODS",
    "DEFAULT_SMOOTHING",
    "get_smoothing",
    "needed_order",
    "method4_values",
    "method5_values",
    "method6_values",
]

_TINY = sys.float_info.min  # NLTK method0's stand-in for a zero precision


@dataclass(frozen=True, slots=True)
class Smoothed:
    """Precisions after smoothing.

    Attributes:
        values: tuple[float, ...], one per order: the value that enters the
            geometric mean; in [0, 1] except for NLTK's method5/method7.
        smoothed: tuple[bool, ...], True where smoothing changed that order
            (the value is not matches/total).
        orders_used: how many leading orders enter the geometric mean
            (max_order unless an effective-order rule shortened it).
        skip_zeros: False: a value of 0 among the first ``orders_used``
            makes the score 0 (sacreBLEU, the defaults). True: values of 0 are
            left out of the weighted sum (NLTK).
    """

    values: tuple[float, ...]
    smoothed: tuple[bool, ...]
    orders_used: int
    skip_zeros: bool = False


def _changed(stats: SentenceStats, values: Sequence[float]) -> tuple[bool, ...]:
    return tuple(v != (m / t if t else 0.0) for v, m, t in zip(values, stats.matches, stats.totals))


# ---------------------------------------------------------------- the classic calculator's


def _add_one(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    values = []
    flags = []
    for m, t in zip(stats.matches, stats.totals):
        if m == 0:
            values.append(1.0 / (t + 1))
            flags.append(True)
        else:
            values.append(m / t)
            flags.append(False)
    k = stats.max_order
    if effective_order:
        k = 0
        for t in stats.totals:
            if t == 0:
                break
            k += 1
        # orders left out of the mean report 0.0, as sacreBLEU's do
        values[k:] = [0.0] * (len(values) - k)
        flags[k:] = [False] * (len(flags) - k)
    return Smoothed(tuple(values), tuple(flags), k)


# ---------------------------------------------------------------- sacreBLEU's


def _sacrebleu(stats: SentenceStats, method: str, value: float, effective_order: bool) -> Smoothed:
    """sacreBLEU 2.6.0 ``BLEU.compute_bleu``'s precisions and effective order."""
    matches, totals = stats.matches, stats.totals
    n_orders = len(matches)
    values = [0.0] * n_orders
    if not any(matches):  # sacreBLEU's early stop (#141): score 0
        return Smoothed(tuple(values), (False,) * n_orders, n_orders)
    add_k = method == "add-k"
    doubling = 1.0
    eff = n_orders
    for i in range(n_orders):
        m: float = matches[i]
        t: float = totals[i]
        if add_k and i > 0:
            m += value
            t += value
        if t == 0:
            break
        if effective_order:
            eff = i + 1
        if m:
            values[i] = m / t
        elif method == "exp":
            doubling *= 2
            values[i] = 1.0 / (doubling * t)
        elif method == "floor":
            values[i] = value / t
    return Smoothed(tuple(values), _changed(stats, values), eff)


def _none(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    return _sacrebleu(stats, "none", 0.0, effective_order)  # no value read


def _floor(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    return _sacrebleu(stats, "floor", 0.1 if value is None else value, effective_order)


def _add_k(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    return _sacrebleu(stats, "add-k", 1 if value is None else value, effective_order)


def _exp(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    return _sacrebleu(stats, "exp", 0.0, effective_order)  # no value read


# ---------------------------------------------------------------- tensorflow/nmt's


def _nmt(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    values = tuple([(m + 1) / (t + 1) for m, t in zip(stats.matches, stats.totals)])
    return Smoothed(values, _changed(stats, values), stats.max_order)


# ---------------------------------------------------------------- NLTK's


def _denominators(stats: SentenceStats) -> list[int]:
    """NLTK's denominators d_n: max(1, t_n) per segment, summed over a corpus."""
    empty = stats.empty
    if empty:
        return [t + e for t, e in zip(stats.totals, empty)]
    return [t or 1 for t in stats.totals]


def _nltk_result(stats: SentenceStats, values: Sequence[float]) -> Smoothed:
    return Smoothed(tuple(values), _changed(stats, values), stats.max_order, True)


def _nltk_zero(stats: SentenceStats) -> Smoothed:
    # NLTK returns 0 before smoothing when no unigram matches (p_numerators[1] == 0).
    values = tuple(m / t if t else 0.0 for m, t in zip(stats.matches, stats.totals))
    return Smoothed(values, (False,) * len(values), stats.max_order)


def _order5(stats: SentenceStats) -> float:
    """NLTK's unsmoothed order-5 modified precision m_5 / d_5 (method5, method7)."""
    if stats.depth < 5:
        raise ValueError(
            "NLTK's method5/method7 need order-5 statistics: count orders up to "
            "BleuConfig.stats_order (5) with reference_stats() and sentence_stats()"
        )
    m, t, e = stats.order(5)
    return m / (t + e)


def _m0(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    return _nltk_result(stats, [m / d if m else _TINY for m, d in zip(stats.matches, _denominators(stats))])


def _m1(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    eps = 0.1 if value is None else value
    return _nltk_result(stats, [m / d if m else (m + eps) / d for m, d in zip(stats.matches, _denominators(stats))])


def _m2(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    dens = _denominators(stats)
    ms = stats.matches
    return _nltk_result(stats, [ms[0] / dens[0]] + [(m + 1) / (d + 1) for m, d in zip(ms[1:], dens[1:])])


def _m3(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    values = []
    j = 1
    for m, d in zip(stats.matches, _denominators(stats)):
        if m:
            values.append(m / d)
        else:
            values.append(1 / (2**j * d))
            j += 1
    return _nltk_result(stats, values)


def method4_values(stats: SentenceStats, k: float) -> list[float]:
    """``method4``'s precisions (c = ``stats.hyp_len``, d_n NLTK's denominators)."""
    c = stats.hyp_len
    values = []
    j = 1
    for m, d in zip(stats.matches, _denominators(stats)):
        if m == 0 and c > 1:
            numerator = 1 / (2**j * k / math.log(c))
            values.append(numerator / d)
            j += 1
        else:
            values.append(m / d)
    return values


def method5_values(p: list[float], p5: float) -> list[float]:
    """``method5``'s averages of ``p`` (P_1..P_N, or method4's values for ``method7``)
    followed by ``p5``, the order-5 precision NLTK reads as q_{N+1}."""
    q = p + [p5]
    prev = p[0] + 1
    out = []
    for i in range(len(p)):
        prev = (prev + p[i] + q[i + 1]) / 3
        out.append(prev)
    return out


def _m4(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    return _nltk_result(stats, method4_values(stats, 5 if value is None else value))


def _m5(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    p = [m / d for m, d in zip(stats.matches, _denominators(stats))]
    return _nltk_result(stats, method5_values(p, _order5(stats)))


def method6_values(p: Sequence[float], matches: Sequence[int], totals: Sequence[int], alpha: float) -> list[float]:
    """``method6``'s precisions from the unsmoothed P_n = ``p`` and, for n >= 3, the
    matches m_n and n-gram totals t_n its interpolation divides by."""
    out = list(p)
    for i in range(2, len(out)):
        pi0 = 0 if out[i - 2] == 0 else out[i - 1] ** 2 / out[i - 2]
        out[i] = (matches[i] + alpha * pi0) / (totals[i] + alpha)
    return out


def _m6(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    p = [m / d for m, d in zip(stats.matches, _denominators(stats))]
    return _nltk_result(stats, method6_values(p, stats.matches, stats.totals, 5 if value is None else value))


def _m7(stats: SentenceStats, value: float | None = None, effective_order: bool = False) -> Smoothed:
    if not stats.matches[0]:
        return _nltk_zero(stats)
    p = method4_values(stats, 5 if value is None else value)
    return _nltk_result(stats, method5_values(p, _order5(stats)))


#: function(stats, smooth_value, effective_order) -> Smoothed
SmoothingFunction: TypeAlias = Callable[[SentenceStats, float | None, bool], Smoothed]

#: name -> its SmoothingFunction
SMOOTHING_METHODS: dict[str, SmoothingFunction] = {
    "add-1": _add_one,
    "none": _none,
    "exp": _exp,
    "floor": _floor,
    "add-k": _add_k,
    "nmt": _nmt,
    "method0": _m0,
    "method1": _m1,
    "method2": _m2,
    "method3": _m3,
    "method4": _m4,
    "method5": _m5,
    "method6": _m6,
    "method7": _m7,
}

#: name -> (what ``smooth_value`` means, its default), for the methods that take one.
SMOOTHING_PARAMETERS: dict[str, tuple[str, float]] = {
    "floor": ("floor value", 0.1),
    "add-k": ("k", 1.0),
    "method1": ("epsilon", 0.1),
    "method4": ("k", 5.0),
    "method6": ("alpha", 5.0),
    "method7": ("k", 5.0),
}

#: sacreBLEU's smoothing methods (its ``smooth_method`` names).
SACREBLEU_METHODS = frozenset({"none", "floor", "add-k", "exp"})
#: NLTK's ``SmoothingFunction`` methods.
NLTK_METHODS = frozenset(f"method{i}" for i in range(8))
#: methods that accept ``effective_order=True``: sacreBLEU's and the classic calculator's.
EFFECTIVE_ORDER_METHODS = SACREBLEU_METHODS | {"add-1"}

DEFAULT_SMOOTHING = "add-1"


def needed_order(name: str, max_order: int) -> int:
    """The highest n-gram order the statistics must count for ``name`` at ``max_order``:
    max(max_order, 5) for NLTK's ``method5`` and ``method7`` (order 5 is hard-coded
    there), else ``max_order``."""
    return max(max_order, 5) if name in ("method5", "method7") else max_order


def get_smoothing(name: str) -> SmoothingFunction:
    """The smoothing function registered as ``name``.

    Raises:
        ValueError: unknown name; the message lists the valid ones.
    """
    try:
        return SMOOTHING_METHODS[name]
    except (KeyError, TypeError):
        valid = ", ".join(SMOOTHING_METHODS)
        raise ValueError(f"unknown smoothing {name!r}; valid smoothing methods: {valid}") from None
