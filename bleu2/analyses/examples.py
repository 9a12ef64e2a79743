"""Sentence examples: where one system's sentence BLEU beats the other's most (compare-mt 0.2.10
``compare_mt_main.generate_sentence_examples``).

Lines whose outputs and references repeat an earlier line's are left out (compare-mt's
de-duplication, first occurrence kept). The rest are sorted as compare-mt sorts them: by
right - left, then left, then right (sentence BLEU in percent, its scale), then the line;
``left_better`` is the first k, ``right_better`` the last k, the largest difference first
(compare-mt prints that list the other way round). Scores are floats in [0, 1]; ``diff``
is left - right; lines are 1-based.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ExampleRow", "examples"]

#: (line, left, right, diff)
ExampleRow = tuple[int, float, float, float]


def examples(
    left: Sequence[float],
    right: Sequence[float],
    keys: Sequence[object],
    k: int,
) -> tuple[list[ExampleRow], list[ExampleRow]]:
    """(left_better, right_better) from two systems' sentence BLEU.

    Args:
        left, right: sentence BLEU per line, in [0, 1].
        keys: per line, what makes two lines the same (the two outputs' words and the
            references'); a repeated key is left out.
        k: how many each way.
    """
    seen: set[object] = set()
    rows = []
    for i, (a, b, key) in enumerate(zip(left, right, keys)):
        if key in seen:
            continue
        seen.add(key)
        pa, pb = 100 * a, 100 * b
        rows.append((pb - pa, pa, pb, i, a, b))
    rows.sort()
    if k <= 0:
        return [], []
    first = [(i + 1, a, b, a - b) for _, _, _, i, a, b in rows[:k]]
    last = [(i + 1, a, b, a - b) for _, _, _, i, a, b in reversed(rows[-k:])]
    return first, last
