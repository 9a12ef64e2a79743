"""Every option of a ROUGE computation: names, defaults, checks, presets and the signature.

``rouge_types`` (``("rouge1", "rouge2", "rougeL", "rougeLsum")``, HF evaluate's default)
    ``rouge1`` .. ``rouge9`` (n-gram overlap), ``rougeL`` (longest common subsequence of
    the whole texts), ``rougeLsum`` (union LCS over sentences; Lin 2004, section 3.2).
``tokenizer`` (``"default"``)
    ``"default"``: bleu2's Unicode tokenizer, lower-cased (CJK per character);
    ``"rouge-score"``: rouge-score 0.1.2's (``a-z0-9`` only; other scripts are dropped).
``use_stemmer`` (False)
    Porter-stem tokens longer than 3 characters (NLTK's ``PorterStemmer()``, as rouge-score).
``split_summaries`` (False)
    rougeLsum's sentences: False: one a line (rouge-score's default); True: split offline
    where rouge-score calls NLTK's punkt (:mod:`.sentences` says where they may differ).
``n_samples`` (1000), ``confidence`` (0.95), ``seed`` (12345)
    rouge-score's ``BootstrapAggregator``: low, mid, high at the 2.5th, 50th and 97.5th
    percentiles of ``n_samples`` resampled means. rouge-score draws from NumPy's global
    generator unseeded; bleu2 seeds NumPy's legacy generator (``np.random.seed(seed)``)
    with ``seed`` (sacreBLEU's 12345 unless given), so the same call gives the same numbers.

Presets: ``rouge-score`` (its tokenizer; the rest as given), ``hf-evaluate`` (HF
evaluate's ``load("rouge")``: rouge-score's tokenizer, the four types).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ..._version import __version__

__all__ = ["ROUGE_DEFAULTS", "PRESETS", "RougeConfig", "check_rouge_types"]

#: The options and their defaults.
ROUGE_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "rouge_types": ("rouge1", "rouge2", "rougeL", "rougeLsum"),
        "tokenizer": "default",
        "use_stemmer": False,
        "split_summaries": False,
        "n_samples": 1000,
        "confidence": 0.95,
        "seed": 12345,
    }
)

#: Each preset's options (the others keep their defaults or the caller's values).
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "rouge-score": MappingProxyType({"tokenizer": "rouge-score"}),
        "hf-evaluate": MappingProxyType(
            {"tokenizer": "rouge-score", "rouge_types": ("rouge1", "rouge2", "rougeL", "rougeLsum")}
        ),
    }
)

_TYPE = re.compile(r"rouge([1-9]|L|Lsum)")
_TOKENIZERS = ("default", "rouge-score")


def check_rouge_types(rouge_types: object, caller: str = "RougeConfig") -> tuple[str, ...]:
    """The types as a tuple, each checked.

    Raises:
        ValueError: not a list of names, empty, or a name not ``rouge1``..``rouge9``,
            ``rougeL``, ``rougeLsum`` (the message names ``caller``).
    """
    if isinstance(rouge_types, str) or not isinstance(rouge_types, Iterable):
        raise ValueError(
            f"{caller}: rouge_types must be a list of names such as ['rouge1', 'rougeL'], got {rouge_types!r}"
        )
    types = tuple(rouge_types)
    if not types:
        raise ValueError(f"{caller}: rouge_types is empty; give at least one of rouge1..rouge9, rougeL, rougeLsum")
    for t in types:
        if not isinstance(t, str) or not _TYPE.fullmatch(t):
            raise ValueError(f"{caller}: invalid rouge type {t!r}; use rouge1..rouge9, rougeL or rougeLsum")
    return types


def _flag(caller: str, name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{caller}: {name} must be True or False, got {value!r}")
    return value


@dataclass(frozen=True)
class RougeConfig:
    """The options of one ROUGE computation (the module docstring lists them).

    Raises:
        ValueError: an option out of range; the message names the option.
    """

    rouge_types: tuple[str, ...] = ROUGE_DEFAULTS["rouge_types"]
    tokenizer: str = "default"
    use_stemmer: bool = False
    split_summaries: bool = False
    n_samples: int = 1000
    confidence: float = 0.95
    seed: int = 12345

    def __post_init__(self) -> None:
        caller = "RougeConfig"
        object.__setattr__(self, "rouge_types", check_rouge_types(self.rouge_types, caller))
        if self.tokenizer not in _TOKENIZERS:
            raise ValueError(f"{caller}: tokenizer must be one of {', '.join(_TOKENIZERS)}, got {self.tokenizer!r}")
        _flag(caller, "use_stemmer", self.use_stemmer)
        _flag(caller, "split_summaries", self.split_summaries)
        if isinstance(self.n_samples, bool) or not isinstance(self.n_samples, int) or self.n_samples <= 0:
            raise ValueError(f"{caller}: n_samples must be a positive int, got {self.n_samples!r}")
        if isinstance(self.confidence, bool) or not isinstance(self.confidence, (int, float)):
            raise ValueError(f"{caller}: confidence must be a number in [0, 1], got {self.confidence!r}")
        if not 0 <= self.confidence <= 1:
            raise ValueError(f"{caller}: confidence must be in [0, 1], got {self.confidence!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**32:
            raise ValueError(
                f"{caller}: seed must be an int in 0 .. 2**32 - 1 (NumPy's legacy seed), got {self.seed!r}"
            )

    @classmethod
    def from_preset(cls, preset: str, **options: Any) -> RougeConfig:
        """A preset's options, then ``options`` over them.

        Raises:
            ValueError: an unknown preset (the known ones are named).
        """
        if preset not in PRESETS:
            raise ValueError(f"unknown ROUGE preset {preset!r}; use one of {', '.join(PRESETS)}")
        return cls(**{**PRESETS[preset], **options})

    def but(self, **changes: Any) -> RougeConfig:
        """A copy with some options changed (checked again)."""
        return replace(self, **changes)

    @property
    def signature(self) -> str:
        """``rouge:1-2-L-Lsum|tok:rouge-score|stem:yes|split:newline|bs:1000|ci:0.95|rs:12345|version:bleu2-0.1.0``."""
        types = "-".join(t[5:] for t in self.rouge_types)
        return "|".join(
            [
                f"rouge:{types}",
                f"tok:{self.tokenizer}",
                f"stem:{'yes' if self.use_stemmer else 'no'}",
                f"split:{'sentences' if self.split_summaries else 'newline'}",
                f"bs:{self.n_samples}",
                f"ci:{self.confidence}",
                f"rs:{self.seed}",
                f"version:bleu2-{__version__}",
            ]
        )
