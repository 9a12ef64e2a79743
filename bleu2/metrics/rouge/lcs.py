"""Longest common subsequences of token lists, bit-parallel (Hyyrö 2004, "A bit-vector
algorithm for computing Levenshtein and Damerau edit distances"; Allison and Dix 1986):
one row of the LCS table is one Python integer, a row per reference token.

:func:`lcs_indices` reads out the same LCS as rouge-score's ``_backtrack_norec`` (its
table's tie-breaking: a match goes diagonally; otherwise left when the left cell is
greater than the upper one, else up), which decides ROUGE-Lsum's union.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["lcs_length", "lcs_rows", "lcs_indices"]


def _masks(can: Sequence[str]) -> dict[str, int]:
    masks: dict[str, int] = {}
    for j, tok in enumerate(can):
        masks[tok] = masks.get(tok, 0) | (1 << j)
    return masks


def lcs_length(ref: Sequence[str], can: Sequence[str]) -> int:
    """The length of a longest common subsequence of two token lists."""
    if not ref or not can:
        return 0
    if len(ref) < len(can):
        ref, can = can, ref
    masks = _masks(can)
    full = (1 << len(can)) - 1
    v = full
    get = masks.get
    for tok in ref:
        m = get(tok)
        if m:
            u = v & m
            v = ((v + u) | (v - u)) & full
    return len(can) - v.bit_count()


def lcs_rows(ref: Sequence[str], can: Sequence[str]) -> list[int]:
    """The rows of the LCS table: row i (0..len(ref)) as a bit vector V over ``can`` whose
    zero bits below j count table[i][j] (row 0 is all ones: table[0][j] = 0)."""
    masks = _masks(can)
    full = (1 << len(can)) - 1
    v = full
    rows = [v]
    get = masks.get
    for tok in ref:
        m = get(tok)
        if m:
            u = v & m
            v = ((v + u) | (v - u)) & full
        rows.append(v)
    return rows


def lcs_indices(ref: Sequence[str], can: Sequence[str]) -> list[int]:
    """The indices into ``ref`` of the LCS rouge-score's backtracking reads out, ascending."""
    if not ref or not can:
        return []
    rows = lcs_rows(ref, can)
    i, j = len(ref), len(can)
    out: list[int] = []
    while i > 0 and j > 0:
        if ref[i - 1] == can[j - 1]:
            out.append(i - 1)
            i -= 1
            j -= 1
            continue
        # table[i][j-1] > table[i-1][j]
        left = (j - 1) - (rows[i] & ((1 << (j - 1)) - 1)).bit_count()
        up = j - (rows[i - 1] & ((1 << j) - 1)).bit_count()
        if left > up:
            j -= 1
        else:
            i -= 1
    out.reverse()
    return out
