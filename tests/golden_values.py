"""Golden values of the classic BLEU-2 calculator (BLEU-2, one reference, add-1, the
default tokenizer), computed by hand from the definitions, never by the code under test.
Shared by the library, view and browser tests.

Each row: (reference, candidate, (p1 matches, total), (p2 matches, total), c, r, BP,
BLEU-2, whether p2 is smoothed by add-1).
"""

GOLDEN = [
    ("the cat sat on the mat", "the cat is on the mat", (5, 6), (3, 5), 6, 6, 1.0, 0.707107, False),
    ("El gato está en la alfombra.", "el gato en la alfombra", (5, 5), (3, 4), 5, 6, 0.818731, 0.709042, False),
    ("我喜欢学习中文", "我爱学习中文", (5, 6), (3, 5), 6, 7, 0.846482, 0.598553, False),
    (
        "I visited 北京 in 2019, it was great!",
        "i visited 北京 in 2019 and it was great",
        (9, 10),
        (7, 9),
        10,
        9,
        1.0,
        0.836660,
        False,
    ),
    ("the quick brown fox", "fox brown quick the", (4, 4), (0, 3), 4, 4, 1.0, 0.500000, True),
    ("a b c d e f", "a", (1, 1), (0, 0), 1, 6, 0.006738, 0.006738, True),
    ("the the the", "the the the the the the the", (3, 7), (2, 6), 7, 3, 1.0, 0.377964, False),
    (
        "Der Bürgermeister ließ die Straße sperren.",
        "Der Bürgermeister sperrte die Straße.",
        (4, 5),
        (2, 4),
        5,
        6,
        0.818731,
        0.517811,
        False,
    ),
]


def sacrebleu_figures(result: dict) -> tuple:
    """A result dict's ``score``, ``mean``, ``ci`` (fractions) and ``p_value`` as sacreBLEU's
    ``-w 4`` text prints them: percent (p-value as is), four decimals."""
    p = result["p_value"]
    return (
        round(100 * result["score"], 4),
        round(100 * result["mean"], 4),
        round(100 * result["ci"], 4),
        None if p is None else round(p, 4),
    )
