"""A long candidate's tokens and statistics after an edit, from those of its text before (``Edits``).

A keystroke in megabytes of candidate changes a few tokens: only the lines from a little before the first changed
character are tokenized again, and only the n-grams that start there are counted out and in again. The statistics
equal :func:`bleu2.metrics.bleu.stats.sentence_stats`'s (``tests/page/test_edits.py``); where the shortcut cannot be checked (no
line break before the edit, tokens that do not line up) the text is measured whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...metrics.bleu.scorer import BLEU
from ...metrics.bleu.stats import Gram, ReferenceStats, SentenceStats, ngrams, stats_from_matches

__all__ = ["LONG_CHARACTERS", "MARGIN", "Edits", "common_prefix"]

#: Characters from which a candidate's counts are kept for its next edit (shorter ones are measured whole).
LONG_CHARACTERS = 20_000

#: Characters before the first change that are tokenized again with it: the tokenizers look at a character or two
#: around each one, so the tokens before that line break are the same in the text before and after the edit.
MARGIN = 64

#: Texts whose counts are kept (the latest ones edited).
KEPT = 2


def common_prefix(a: str, b: str) -> int:
    """The length of the longest common prefix of ``a`` and ``b`` (compared in halves: C-speed slices)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass
class _Counted:
    """A text's tokens and, per order, the counts of its n-grams that the references hold, and its clipped matches."""

    key: Any  # the scorer's options and the references
    text: str
    tokens: list[str]
    counts: list[dict[Gram, int]]
    matches: list[int]


def _add(counts: dict[Gram, int], grams: Any, limits: dict[Gram, int]) -> int:
    """Counts ``grams`` that the references hold into ``counts``; the clipped matches they add."""
    m = 0
    get = limits.get
    for g in grams:
        limit = get(g)
        if limit:
            k = counts.get(g, 0) + 1
            counts[g] = k
            if k <= limit:
                m += 1
    return m


def _count(tokens: list[str], refs: ReferenceStats) -> tuple[list[dict[Gram, int]], list[int]]:
    counts: list[dict[Gram, int]] = [{} for _ in refs.max_counts]
    matches = [
        _add(kept, ngrams(tokens, n), limits) for n, (kept, limits) in enumerate(zip(counts, refs.max_counts), 1)
    ]
    return counts, matches


class Edits:
    """The counts of the latest long candidates, so that an edit is counted from them."""

    def __init__(self) -> None:
        self.kept: list[_Counted] = []

    def measure(self, bleu: BLEU, text: str, references: tuple[str, ...]) -> tuple[list[str], SentenceStats]:
        """``text``'s tokens and statistics against ``references`` (as ``bleu.tokenize`` and ``bleu.sentence_stats``).

        Raises:
            TypeError: a text that is not a str.
        """
        refs = bleu.reference_stats(references)
        key = (bleu.config, references)
        counted = self._edited(bleu, key, text, refs)
        if counted is None:
            tokens = bleu.tokenize(text)
            counts, matches = _count(tokens, refs)
            counted = _Counted(key, text, tokens, counts, matches)
        if len(text) >= LONG_CHARACTERS:
            self.kept = [counted, *(c for c in self.kept if c is not counted)][:KEPT]
        config = bleu.config
        return counted.tokens, stats_from_matches(
            counted.matches, len(counted.tokens), refs, config.max_order, config.ref_length
        )

    def _edited(self, bleu: BLEU, key: Any, text: str, refs: ReferenceStats) -> _Counted | None:
        """The kept counts made those of ``text`` (taken out of :attr:`kept`), or None: measure it whole."""
        best, start = None, -1
        for counted in self.kept:
            if counted.key == key:
                if counted.text == text:
                    return counted
                p = common_prefix(counted.text, text)
                if p > start:
                    best, start = counted, p
        if best is None:
            return None
        cut = best.text.rfind("\n", 0, max(start - MARGIN, 0)) + 1  # a line's start, MARGIN before the change
        if cut <= 0:
            return None
        tokenize = bleu.config.tokenize_function()
        old_tail = tokenize(best.text[cut:])
        kept = len(best.tokens) - len(old_tail)  # the tokens before the cut
        if kept < 0 or best.tokens[kept:] != old_tail:
            return None
        tokens = best.tokens[:kept] + tokenize(text[cut:])
        self.kept.remove(best)
        for n, (limits, counts) in enumerate(zip(refs.max_counts, best.counts), start=1):
            first = max(kept - n + 1, 0)  # the n-grams that start here hold a token after the cut
            m = best.matches[n - 1]
            get = limits.get
            for g in ngrams(best.tokens[first:], n):
                limit = get(g)
                if limit:
                    k = counts[g]
                    if k <= limit:
                        m -= 1
                    if k == 1:
                        del counts[g]
                    else:
                        counts[g] = k - 1
            best.matches[n - 1] = m + _add(counts, ngrams(tokens[first:], n), limits)
        best.text, best.tokens = text, tokens
        return best
