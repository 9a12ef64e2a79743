"""bleu2: BLEU computed exactly, live and privately (CPython and Pyodide, standard library only).

Defaults are the classic BLEU-2 calculator's: BLEU-2, one reference, max_order 2, add-1
smoothing, the ``default`` tokenizer (lower-case, word boundaries, CJK per
character). Scores are floats in [0, 1].

    >>> import bleu2
    >>> r = bleu2.sentence_bleu("the cat is on the mat", "the cat sat on the mat")
    >>> round(r.score, 6), [(p.matches, p.total) for p in r.precisions]
    (0.707107, [(5, 6), (3, 5)])
"""

from typing import TYPE_CHECKING, Any

from ._version import __version__
from .api import corpus_bleu, extract_stats, references_from_streams, sentence_bleu
from .chrf import CHRF, ChrfSentence, corpus_chrf, sentence_chrf, sentence_chrf_breakdown
from .chrf_options import ChrfConfig
from .chrf_result import ChrfOrder, ChrfResult
from .options import DEFAULTS, PRESETS, SACREBLEU_OPTIONS, BleuConfig
from .result import BleuResult, CorpusBleuResult, Precision
from .scorer import BLEU
from .smoothing import SMOOTHING_METHODS
from .stats import SentenceStats
from .tokenizers import TOKENIZERS, tokenize

if TYPE_CHECKING:
    from .analyses import CompareResult, compare
    from .ter import TER, TER_DEFAULTS, TerConfig, corpus_ter, sentence_ter, ter_alignment
    from .ter_breakdown import TerAlignment, TerShift, TerStep
    from .ter_result import CorpusTerResult, TerResult, TerStats, sum_ter_stats

__all__ = [
    "__version__",
    "tokenize",
    "sentence_bleu",
    "corpus_bleu",
    "compare",
    "CompareResult",
    "sentence_chrf",
    "corpus_chrf",
    "sentence_chrf_breakdown",
    "CHRF",
    "ChrfConfig",
    "ChrfResult",
    "ChrfOrder",
    "ChrfSentence",
    "extract_stats",
    "references_from_streams",
    "BLEU",
    "BleuConfig",
    "BleuResult",
    "CorpusBleuResult",
    "Precision",
    "SentenceStats",
    "TOKENIZERS",
    "SMOOTHING_METHODS",
    "DEFAULTS",
    "PRESETS",
    "SACREBLEU_OPTIONS",
    "sentence_ter",
    "corpus_ter",
    "ter_alignment",
    "TER",
    "TerConfig",
    "TER_DEFAULTS",
    "TerResult",
    "CorpusTerResult",
    "TerStats",
    "sum_ter_stats",
    "TerAlignment",
    "TerShift",
    "TerStep",
]


#: Names loaded on first use, with their modules: ``import bleu2`` stays as light as before
#: (the page starts with it).
_LAZY = {
    "compare": "analyses",
    "CompareResult": "analyses",
    **dict.fromkeys(("TER", "TER_DEFAULTS", "TerConfig", "corpus_ter", "sentence_ter", "ter_alignment"), "ter"),
    **dict.fromkeys(("TerAlignment", "TerShift", "TerStep"), "ter_breakdown"),
    **dict.fromkeys(("CorpusTerResult", "TerResult", "TerStats", "sum_ter_stats"), "ter_result"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bleu2' has no attribute {name!r}")
