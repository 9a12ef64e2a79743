"""bleu2: BLEU computed exactly, live and privately (CPython and Pyodide, standard library only).

Defaults are the classic BLEU-2 calculator's: BLEU-2, one reference, max_order 2, add-1
smoothing, the ``default`` tokenizer (lower-case, word boundaries, CJK per
character). Scores are floats in [0, 1].

    >>> import bleu2
    >>> r = bleu2.sentence_bleu("the cat is on the mat", "the cat sat on the mat")
    >>> round(r.score, 6), [(p.matches, p.total) for p in r.precisions]
    (0.707107, [(5, 6), (3, 5)])
"""

import typing as _typing

from ._version import __version__
from .metrics.bleu.api import corpus_bleu, extract_stats, references_from_streams, sentence_bleu, significance_test
from .metrics.bleu.options import DEFAULTS, PRESETS, SACREBLEU_OPTIONS, BleuConfig
from .metrics.bleu.result import BleuResult, CorpusBleuResult, Precision
from .metrics.bleu.scorer import BLEU
from .metrics.bleu.smoothing import SMOOTHING_METHODS
from .metrics.bleu.stats import SentenceStats
from .metrics.chrf.api import CHRF, corpus_chrf, sentence_chrf, sentence_chrf_breakdown
from .metrics.chrf.breakdown import ChrfSentence
from .metrics.chrf.options import ChrfConfig
from .metrics.chrf.result import ChrfOrder, ChrfResult
from .tokenizers import TOKENIZERS, tokenize

if _typing.TYPE_CHECKING:
    from .analyses import CompareResult, compare
    from .metrics.ter.api import TER, corpus_ter, sentence_ter, ter_alignment
    from .metrics.ter.breakdown import TerAlignment, TerShift, TerStep
    from .metrics.ter.options import TER_DEFAULTS, TerConfig
    from .metrics.ter.result import CorpusTerResult, TerResult
    from .metrics.ter.stats import TerStats, sum_ter_stats

__all__ = [
    "__version__",
    "tokenize",
    "sentence_bleu",
    "corpus_bleu",
    "significance_test",
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
    **dict.fromkeys(("TER", "corpus_ter", "sentence_ter", "ter_alignment"), "metrics.ter.api"),
    **dict.fromkeys(("TerAlignment", "TerShift", "TerStep"), "metrics.ter.breakdown"),
    **dict.fromkeys(("TER_DEFAULTS", "TerConfig"), "metrics.ter.options"),
    **dict.fromkeys(("CorpusTerResult", "TerResult"), "metrics.ter.result"),
    **dict.fromkeys(("TerStats", "sum_ter_stats"), "metrics.ter.stats"),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bleu2' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names and the lazy ones (``compare``, ``CompareResult``) before first use."""
    return sorted(set(globals()) | set(__all__))


#: The integrations' public module names (``extensions = ["bleu2.sphinx"]``, the MkDocs plugin,
#: ``import bleu2.dask``): each the same module object as its ``bleu2.integrations`` one.
_ALIASES = {f"bleu2.{n}": f"bleu2.integrations.{n}" for n in ("sphinx", "mkdocs", "dask")}


class _AliasFinder:
    """Imports ``bleu2.dask`` (and ``bleu2.sphinx``, ``bleu2.mkdocs``) as their
    ``bleu2.integrations`` modules, loaded on first use (a meta path finder and its loader)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> _typing.Any:
        if name not in _ALIASES:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(name, self)  # type: ignore[arg-type]  # a Loader by its methods

    def create_module(self, spec: _typing.Any) -> _typing.Any:
        import importlib

        module = importlib.import_module(_ALIASES[spec.name])
        self._spec = module.__spec__  # the import system sets the alias' spec on it: put it back
        return module

    def exec_module(self, module: _typing.Any) -> None:
        module.__spec__ = self._spec


def _install_aliases() -> None:
    import sys

    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())  # before any finder of an older copy's files


_install_aliases()
del _typing, _install_aliases  # dir(bleu2) lists what bleu2 has, not what it imported to build it
