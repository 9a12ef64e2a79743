"""TER's edits of one hypothesis against one reference: tercom's greedy block shifts, then
the edit distance (Snover et al. 2006), with the rules of sacreBLEU 2.6.0's ``lib_ter``.

The rules (they decide the numbers, so they are kept exactly):

- The edit distance is Levenshtein's (insertion, deletion, substitution cost 1) restricted
  to tercom's beam: row i of the matrix (i hypothesis words) only holds the columns
  ``floor(i * m / n) +- 25`` (wider when m / n > 50), the last row all of them; a cell
  outside is unreachable.
- Its trace prefers, at each cell, match/substitution, then deletion of a hypothesis
  word, then insertion of a reference word; it aligns each reference word to a
  hypothesis position.
- Shift candidates: a hypothesis block of 1 to 10 words equal to a reference block that
  starts at most 50 words away, with an error in both blocks, whose reference start is
  not aligned inside the block; it is tried before the word aligned to each position from
  just before the reference block to its last word. The best candidate lowers the
  distance most, then is the longest, then starts first, then goes to the earliest
  target. It is applied and the search repeats until no candidate lowers the distance, or
  until 1,000 candidates were tried for the sentence (then the last round's best is not
  applied).
- Edits = shifts + the final edit distance; with an empty reference, the hypothesis length.

Speed, with the same numbers: a candidate's distance comes from a bit-parallel Levenshtein
(Myers 1999; Hyyrö 2001) resumed from the hypothesis's state before the first word the
shift changes. The beam can only raise the distance when every optimal path leaves it;
a path through a cell (i, j) costs at least ``|i - j| + |(n - i) - (m - j)|``, so when the
Levenshtein distance is below the least such bound over the cells outside the beam
(:func:`_beam_floors`) the two are equal; otherwise the beamed matrix is computed, unless
even the Levenshtein distance (a lower bound) cannot make the candidate the best so far.
The trace is read back from the same bit vectors when no cell it reads can differ (the
distance is below the least cost of reaching a cell outside the beam).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

__all__ = [
    "Alignment",
    "ShiftSearch",
    "best_shift",
    "shift_path",
    "shifted",
    "ter_edits",
    "MAX_SHIFT_SIZE",
    "MAX_SHIFT_DIST",
    "BEAM_WIDTH",
]

MAX_SHIFT_SIZE = 10  # words in a shifted block (tercom)
MAX_SHIFT_DIST = 50  # words between the hypothesis and reference starts (tercom)
BEAM_WIDTH = 25  # half-width of the edit distance's beam (tercom)
MAX_SHIFT_CANDIDATES = 1000  # candidates tried per sentence (sacreBLEU)
_INF = 1 << 60
T = TypeVar("T")

# Trace operations, hypothesis -> reference.
MATCH, SUB, DEL, INS = " ", "s", "d", "i"


def _beam(n: int, m: int) -> list[tuple[int, int]]:
    """The columns ``[lo, hi)`` each row 0..n of the beamed matrix holds (sacreBLEU's
    float arithmetic: ``floor(i * (m / n))``)."""
    ratio = m / n if n else 1
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if ratio / 2 > BEAM_WIDTH else BEAM_WIDTH
    rows = [(0, m + 1)]
    for i in range(1, n + 1):
        diag = math.floor(i * ratio)
        rows.append((max(0, diag - width), m + 1 if i == n else min(m + 1, diag + width)))
    return rows


def _beam_floors(n: int, m: int, beam: list[tuple[int, int]]) -> tuple[int, int]:
    """``(floor, prefix floor)``: the least cost of a path from the first cell to the last,
    and to any cell, through a cell outside the beam (``_INF`` if the beam holds every
    cell). Below the floor the beamed distance is Levenshtein's; below the prefix floor so
    is every cell of the beamed matrix whose Levenshtein value is below it."""
    floor = prefix = _INF
    shift = m - n
    for i in range(1, n + 1):
        lo, hi = beam[i]
        # |j - i| + |j - (i + m - n)| and |j - i| are least at j = i (or anywhere between i
        # and i + m - n); their least value on a column range is at i clamped into the range
        for first, last in ((hi, m), (0, lo - 1)):
            if first <= last:
                j = min(max(i, first), last)
                floor = min(floor, abs(j - i) + abs(j - i - shift))
                prefix = min(prefix, abs(j - i))
    return floor, prefix


@dataclass(frozen=True, slots=True)
class Alignment:
    """The edit distance's trace of one hypothesis against one reference.

    Attributes:
        distance: the beamed edit distance (int).
        trace: one operation per step, hypothesis -> reference: ``" "`` match, ``"s"``
            substitution, ``"d"`` a hypothesis word deleted, ``"i"`` a reference word inserted.
    """

    distance: int
    trace: str


class ShiftSearch:
    """Edit distances of hypotheses (all of one length ``n``) against one reference.

    Args:
        ref: the reference words (non-empty).
        n: the hypothesis length.
    """

    __slots__ = ("ref", "n", "m", "beam", "floor", "prefix_floor", "full", "peq", "mask", "top")

    def __init__(self, ref: tuple[str, ...] | list[str], n: int) -> None:
        self.ref = ref
        self.n = n
        self.m = m = len(ref)
        self.beam = _beam(n, m)
        self.floor, self.prefix_floor = _beam_floors(n, m, self.beam)
        self.full = self.floor == _INF
        peq: dict[str, int] = {}
        for j, word in enumerate(ref):
            peq[word] = peq.get(word, 0) | (1 << j)
        self.peq = peq
        self.mask = (1 << m) - 1
        self.top = 1 << (m - 1)

    # --- bit-parallel Levenshtein (Myers 1999, Hyyrö's formulation) ---------------------

    def states(self, hyp: list[str]) -> list[tuple[int, int, int]]:
        """``(vp, vn, score)`` after each prefix 0..n of ``hyp``: bit j of vp/vn says column
        j+1 of the row is one more/less than column j; score is the row's last cell."""
        vp, vn, score = self.mask, 0, self.m
        out = [(vp, vn, score)]
        peq, mask, top = self.peq, self.mask, self.top
        for word in hyp:
            eq = peq.get(word, 0)
            xv = eq | vn
            xh = (((eq & vp) + vp) ^ vp) | eq
            hp = (vn | ~(xh | vp)) & mask
            hn = vp & xh
            if hp & top:
                score += 1
            elif hn & top:
                score -= 1
            hp = (hp << 1) | 1
            hn <<= 1
            vp = (hn | ~(xv | hp)) & mask
            vn = hp & xv
            out.append((vp, vn, score))
        return out

    def levenshtein_from(self, state: tuple[int, int, int], words: list[str], start: int) -> int:
        """Levenshtein's distance of a hypothesis whose first ``start`` words left ``state``
        and whose other words are ``words[start:]``."""
        vp, vn, score = state
        peq, mask, top = self.peq, self.mask, self.top
        for k in range(start, len(words)):
            eq = peq.get(words[k], 0)
            xv = eq | vn
            xh = (((eq & vp) + vp) ^ vp) | eq
            hp = (vn | ~(xh | vp)) & mask
            hn = vp & xh
            if hp & top:
                score += 1
            elif hn & top:
                score -= 1
            hp = (hp << 1) | 1
            hn <<= 1
            vp = (hn | ~(xv | hp)) & mask
            vn = hp & xv
        return score

    # --- the beamed matrix --------------------------------------------------------------

    def rows(self, hyp: list[str], start_rows: list[list[int]] | None = None) -> list[list[int]]:
        """The beamed matrix's rows 0..n (cells outside the beam ``>= _INF``), computed
        after the given first rows of a hypothesis with the same prefix."""
        ref, m, beam = self.ref, self.m, self.beam
        rows = list(start_rows) if start_rows else [list(range(m + 1))]
        for i in range(len(rows), self.n + 1):
            lo, hi = beam[i]
            prev = rows[i - 1]
            cur = [_INF] * (m + 1)
            word = hyp[i - 1]
            if lo == 0:
                cur[0] = prev[0] + 1
                lo = 1
            left = cur[lo - 1]
            for j in range(lo, hi):
                d = prev[j - 1] + (ref[j - 1] != word)
                u = prev[j] + 1
                if u < d:
                    d = u
                left += 1
                if left < d:
                    d = left
                cur[j] = left = d
            rows.append(cur)
        return rows

    def distance(self, hyp: list[str]) -> int:
        """The beamed edit distance of ``hyp``."""
        lev = self.levenshtein_from(self.states([])[0], hyp, 0)
        if lev < self.floor:
            return lev
        return self.rows(hyp)[-1][-1]

    def align(self, hyp: list[str]) -> tuple[Alignment, list[tuple[int, int, int]], list[list[int]] | None]:
        """The trace of ``hyp`` with tercom's preferences, and what resumes candidates: the
        bit-parallel states and (when the beam cuts the matrix) the beamed rows."""
        ref, n, m = self.ref, self.n, self.m
        states = self.states(hyp)
        # every cell the trace reads has a value <= the distance (or above it in both
        # matrices): below the prefix floor the bit vectors give the beamed values
        rows = None if states[-1][2] < self.prefix_floor else self.rows(hyp)
        if rows is None:
            low = [(1 << j) - 1 for j in range(m + 1)]

            def cell(i: int, j: int) -> int:
                vp, vn, _ = states[i]
                return i + (vp & low[j]).bit_count() - (vn & low[j]).bit_count()
        else:
            matrix = rows

            def cell(i: int, j: int) -> int:
                return matrix[i][j]

        ops = []
        i, j = n, m
        here = cell(i, j)
        distance = here
        while i > 0 and j > 0:
            same = hyp[i - 1] == ref[j - 1]
            diag = cell(i - 1, j - 1)
            if diag + (not same) == here:
                ops.append(MATCH if same else SUB)
                i -= 1
                j -= 1
                here = diag
                continue
            up = cell(i - 1, j)
            if up + 1 == here:
                ops.append(DEL)
                i -= 1
                here = up
            else:
                ops.append(INS)
                j -= 1
                here -= 1
        ops += DEL * i + INS * j
        return Alignment(distance, "".join(reversed(ops))), states, rows


def shift_path(
    hyp: tuple[str, ...] | list[str], ref: tuple[str, ...] | list[str]
) -> tuple[list[tuple[int, int, int]], list[str], ShiftSearch]:
    """The shifts tercom applies to ``hyp`` (non-empty ``ref``), in order, each
    ``(start, length, target)`` on the hypothesis as it was then (:func:`shifted`); the
    hypothesis after them; the search (its ``distance`` gives the remaining edits)."""
    search = ShiftSearch(ref, len(hyp))
    words = list(hyp)
    path = []
    tried = 0
    while True:
        delta, after, tried, shift = best_shift(search, words, tried)
        if tried >= MAX_SHIFT_CANDIDATES or delta <= 0 or shift is None:
            break
        path.append(shift)
        words = after
    return path, words, search


def ter_edits(hyp: tuple[str, ...] | list[str], ref: tuple[str, ...] | list[str]) -> int:
    """TER's edits of ``hyp`` against ``ref`` (words): shifts + edit distance; with an
    empty reference, ``len(hyp)``."""
    if not ref:
        return len(hyp)
    path, words, search = shift_path(hyp, ref)
    return len(path) + search.distance(words)


def shifted(words: list[T], start: int, length: int, target: int) -> list[T]:
    """``words`` with the block ``[start, start + length)`` moved before position ``target``
    (sacreBLEU's rule, a target inside the block included)."""
    end = start + length
    if target < start:
        return words[:target] + words[start:end] + words[target:start] + words[end:]
    if target > end:
        return words[:start] + words[end:target] + words[start:end] + words[target:]
    return words[:start] + words[end : length + target] + words[start:end] + words[length + target :]


def best_shift(
    search: ShiftSearch, words: list[str], tried: int
) -> tuple[int, list[str], int, tuple[int, int, int] | None]:
    """The best shift of ``words`` (see the module's rules).

    Returns:
        ``(delta, shifted words, candidates tried so far, (start, length, target) or
        None)``: delta is how much the shift lowers the distance (0 and ``words`` when no
        candidate).
    """
    ref, n, m = search.ref, search.n, search.m
    alignment, states, rows = search.align(words)
    pre = alignment.distance
    # The trace read from the reference's side: which words are in error, where each
    # reference word is aligned in the hypothesis.
    hyp_err = [0]  # prefix sums
    ref_err = [0]
    aligned = []
    h = -1
    for op in alignment.trace:
        if op in (MATCH, SUB):
            h += 1
            aligned.append(h)
            e = op == SUB
            hyp_err.append(hyp_err[-1] + e)
            ref_err.append(ref_err[-1] + e)
        elif op == DEL:
            h += 1
            hyp_err.append(hyp_err[-1] + 1)
        else:
            aligned.append(h)
            ref_err.append(ref_err[-1] + 1)
    positions: dict[str, list[int]] = {}
    for j, word in enumerate(ref):
        positions.setdefault(word, []).append(j)

    floor = search.floor
    seen: dict[tuple[int, int, int], int] = {}
    best: tuple[int, int, int, int] | None = None
    best_words = words
    for start_h in range(n):
        for start_r in positions.get(words[start_h], ()):
            if abs(start_r - start_h) > MAX_SHIFT_DIST:
                continue
            length = 0
            while length < MAX_SHIFT_SIZE:
                if start_h + length >= n or start_r + length >= m:
                    break
                if words[start_h + length] != ref[start_r + length]:
                    break
                length += 1
                end_h = start_h + length
                if hyp_err[end_h] == hyp_err[start_h] or ref_err[start_r + length] == ref_err[start_r]:
                    continue
                if start_h <= aligned[start_r] < end_h:
                    continue
                last = -1
                for offset in range(-1, length):
                    target = 0 if start_r + offset == -1 else aligned[start_r + offset] + 1
                    if target == last:
                        continue
                    last = target
                    tried += 1
                    key = (start_h, length, target)
                    dist = seen.get(key)
                    if dist is None:
                        cand = shifted(words, start_h, length, target)
                        first = min(start_h, target)
                        dist = search.levenshtein_from(states[first], cand, first)
                        if dist >= floor:  # (never with a full beam: its floor is _INF)
                            # the beamed distance is >= Levenshtein's: skip the matrix when
                            # even Levenshtein's cannot beat the best so far
                            if best is not None and (pre - dist, length, -start_h, -target) <= best:
                                continue
                            if rows is None:
                                rows = search.rows(words)
                            dist = search.rows(cand, rows[: first + 1])[-1][-1]
                        seen[key] = dist
                    rank = (pre - dist, length, -start_h, -target)
                    if best is None or rank > best:
                        best = rank
                        best_words = shifted(words, start_h, length, target)
                if tried >= MAX_SHIFT_CANDIDATES:
                    return _result(best, best_words, words, tried)
    return _result(best, best_words, words, tried)


def _result(
    best: tuple[int, int, int, int] | None, best_words: list[str], words: list[str], tried: int
) -> tuple[int, list[str], int, tuple[int, int, int] | None]:
    if best is None:
        return 0, words, tried, None
    delta, length, neg_start, neg_target = best
    return delta, best_words, tried, (-neg_start, length, -neg_target)
