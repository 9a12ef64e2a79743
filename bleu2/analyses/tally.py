"""The one pass over the lines: every count the analyses need, line by line.

Per line, the references are counted once (:func:`bleu2.metrics.bleu.stats.reference_stats`: each n-gram's
largest count in one reference, the lengths competing for r); per system and line come
its words, its BLEU statistics (:class:`bleu2.metrics.bleu.stats.SentenceStats`) and sentence BLEU,
and, summed over the corpus per word or n-gram g (for n in the n-gram range):

* ``out[g]``: count in the output; ``ref_words[g]``: the reference's clipping limit;
* ``match[g]`` = min(count in the output, limit) (compare-mt 0.2.10 ``ngram_utils.compare_ngrams``
  pairs occurrences one by one: the same number with one reference), ``over[g]`` = count
  - match, ``under[g]`` = limit - match; only the kind asked for is kept for n-grams.
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]  # Counter's counting loop (C), not in typeshed
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from ..common.steps import Progress
from ..metrics.bleu.stats import Gram, SentenceStats, ngram_counts, ref_len_for, reference_stats
from .rules import Rules

__all__ = ["STAGE", "COMPARE_TYPES", "Tally", "tally_steps"]

#: The stage of the analyses' :class:`~bleu2.common.steps.Progress` (lines counted of all).
STAGE = "analyses"
#: compare-mt's n-gram compare types.
COMPARE_TYPES = ("match", "over", "under")
_EVERY = 256


@dataclass(slots=True)
class Tally:
    """What the pass counted. Indices: [system][line], [system] -> dict, [line].

    Attributes:
        words: each system's words, line by line; ``ref_words_by_line``: the references'.
        stats: BLEU statistics (``rules.max_order`` orders); ``sentence_bleu``: in [0, 1].
        word_out, word_match: per system, word -> its count in the output / its matches.
        word_ref: word -> the sum over lines of its clipping limit.
        ref_freq: word -> its count in all references (the default frequencies).
        grams: per system, n-gram (a str for n = 1, a tuple above) -> its count of the
            compare type.
    """

    words: list[list[list[str]]]
    ref_words_by_line: list[list[list[str]]]
    stats: list[list[SentenceStats]]
    sentence_bleu: list[list[float]]
    word_out: list[dict[str, int]]
    word_match: list[dict[str, int]]
    word_ref: dict[str, int]
    ref_freq: dict[str, int]
    grams: list[dict[Gram, int]]


def tally_steps(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    rules: Rules,
    orders: tuple[int, int],
    compare: str,
) -> Generator[Progress, None, Tally]:
    """Count everything, yielding :class:`~bleu2.common.steps.Progress` every 256 lines.

    Args:
        systems: systems[s][i], line i of system s (strings); references: references[r][i].
        rules: how lines become words and are scored.
        orders: (lowest, highest) n-gram order of the n-gram analysis.
        compare: one of :data:`COMPARE_TYPES`.
    """
    split = rules.split
    n_lines = len(systems[0])
    S = len(systems)
    lo, hi = orders
    depth = max(rules.stats_order, hi)
    bleu_order = rules.stats_order
    N = rules.max_order
    ref_length = rules.ref_length
    empty = rules.empty_references
    sentence_bleu = rules.sentence_bleu
    several = len(references) > 1
    t = Tally(
        [[] for _ in range(S)],
        [],
        [[] for _ in range(S)],
        [[] for _ in range(S)],
        [{} for _ in range(S)],
        [{} for _ in range(S)],
        {},
        {},
        [{} for _ in range(S)],
    )
    ref_freq = t.ref_freq
    word_ref = t.word_ref
    for i in range(n_lines):
        refs = [split(r[i]) for r in references]
        t.ref_words_by_line.append(refs)
        for words in refs:
            _count_elements(ref_freq, words)
        rs = reference_stats(refs, depth, empty)
        limits = rs.max_counts
        lim1 = limits[0]
        if several:
            refs_words: dict[Any, int] = word_ref  # keyed by unigrams: str
            get = refs_words.get
            for w, k in lim1.items():
                refs_words[w] = get(w, 0) + k
        lengths = rs.lengths
        for s in range(S):
            hyp = split(systems[s][i])
            t.words[s].append(hyp)
            _count_elements(t.word_out[s], hyp)
            counts = ngram_counts(hyp, depth)
            acc = t.grams[s]
            aget = acc.get
            wm: dict[Any, int] = t.word_match[s]  # keyed by unigrams: str
            matches = []
            for n in range(1, depth + 1):
                o = counts[n - 1]
                L = limits[n - 1]
                keep = compare == "match" and lo <= n <= hi
                m = 0
                for g in o.keys() & L.keys():
                    k = o[g]
                    lim = L[g]
                    v = k if k < lim else lim
                    m += v
                    if keep:
                        acc[g] = aget(g, 0) + v
                    if n == 1:
                        wm[g] = wm.get(g, 0) + v
                matches.append(m)
                if compare == "match" or not lo <= n <= hi:
                    continue
                if compare == "over":
                    lget = L.get
                    for g, k in o.items():
                        lim = lget(g, 0)
                        if k > lim:
                            acc[g] = aget(g, 0) + k - lim
                else:
                    oget = o.get
                    for g, lim in L.items():
                        k = oget(g, 0)
                        if lim > k:
                            acc[g] = aget(g, 0) + lim - k
            c = len(hyp)
            totals = [c - n if c > n else 0 for n in range(depth)]
            r = lengths[0] if len(lengths) == 1 else ref_len_for(c, lengths, ref_length)
            if depth == N:
                st = SentenceStats(tuple(matches), tuple(totals), c, r)
            else:
                st = SentenceStats(
                    tuple(matches[:N]),
                    tuple(totals[:N]),
                    c,
                    r,
                    (),
                    tuple(matches[N:bleu_order]),
                    tuple(totals[N:bleu_order]),
                )
            t.stats[s].append(st)
            t.sentence_bleu[s].append(sentence_bleu(st))
        if (i + 1) % _EVERY == 0:
            yield Progress(STAGE, i + 1, n_lines)
    if not several:
        word_ref.update(ref_freq)
    yield Progress(STAGE, n_lines, n_lines)
    return t
