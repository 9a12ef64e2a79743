"""compare-mt's analyses: why one system beats another (docs/compare.md).

:func:`compare` (also ``bleu2.compare``) takes the systems' and references' lines and returns a
frozen :class:`CompareResult`: scores, word accuracy by frequency bucket, BLEU by reference
length, sentence counts by length difference and by sentence BLEU, characteristic n-grams
and sentence examples (the baseline against each other system), optionally a paired
significance test. Under ``preset="compare-mt"`` every number equals compare-mt 0.2.10's.
Scores are floats in [0, 1].
"""

from __future__ import annotations

from .result import CompareResult
from .rules import ANALYSIS_PRESETS, COMPARE_MT, Rules, rules_for
from .run import PAIRED_TESTS, AnalysesCancelled, compare, compare_steps
from .words import read_counts

__all__ = [
    "compare",
    "compare_steps",
    "CompareResult",
    "AnalysesCancelled",
    "ANALYSIS_PRESETS",
    "COMPARE_MT",
    "PAIRED_TESTS",
    "Rules",
    "rules_for",
    "read_counts",
]
