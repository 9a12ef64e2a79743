"""Every option of a BLEU computation: names, defaults, checks and the signature.

This module alone knows the options. :data:`DEFAULTS` are the classic BLEU-2 calculator's
(BLEU-2, uniform weights, add-1 smoothing, the ``default`` tokenizer with its
lower-casing, empty references ignored); :class:`BleuConfig` holds a checked set of
options; :meth:`BleuConfig.signature` writes the reproducibility string (after
sacreBLEU's, Post 2018). :data:`PRESETS` are the options under which bleu2 gives a peer's
numbers (sacreBLEU, NLTK, HF evaluate, torchmetrics); :data:`SACREBLEU_OPTIONS` is the
``sacrebleu`` preset.

The options:

``max_order``
    N >= 1, the highest n-gram order.
``weights``
    N non-negative numbers summing to 1; None = uniform 1/N.
``smoothing``
    a name of :data:`bleu2.metrics.bleu.smoothing.SMOOTHING_METHODS`.
``smooth_value``
    the smoothing's parameter (``floor``'s value, ``add-k``'s k, ``method1``'s epsilon,
    ``method4``/``method7``'s k, ``method6``'s alpha); None = its default
    (:data:`bleu2.metrics.bleu.smoothing.SMOOTHING_PARAMETERS`). Methods without one take None only.
``effective_order``
    sacreBLEU's effective order (orders without candidate n-grams leave the mean); for
    the classic calculator's and sacreBLEU's smoothing methods only.
``tokenizer``
    a name of :data:`bleu2.tokenizers.TOKENIZERS`.
``lowercase``
    lower-case before tokenizing; None = the tokenizer's default (yes for ``default``,
    no for sacreBLEU's tokenizers).
``empty_references``
    ``"ignore"`` (bleu2's rule): a reference with no tokens is left out while another
    reference of the same candidate has tokens; ``"count"`` (sacreBLEU's and NLTK's
    rule): its length 0 competes for r like any other, and r = 0 does not make the
    score 0 (BP is 1 when c >= r).
``ref_length``
    which reference length is r when a candidate has several: ``"closest"`` (the length
    closest to c, ties to the shorter: Papineni et al. 2002, sacreBLEU, NLTK),
    ``"closest-first"`` (the closest, ties to the reference given first: torchmetrics'
    ``BLEUScore``) or ``"shortest"`` (tensorflow/nmt ``compute_bleu``, HF evaluate's ``bleu``).
``rstrip``
    remove each segment's trailing whitespace before tokenizing (``str.rstrip``), as
    sacreBLEU's ``BLEU`` does; it changes the tokens only where a segment ends in ``-``
    and a line break (``13a`` then joins the hyphen to nothing and drops it).

The presets (:data:`PRESETS`, every option given):

``sacrebleu``
    sacreBLEU 2.6.0 ``BLEU()`` and its command line: BLEU-4, ``13a``, ``exp``,
    case-sensitive, empty references counted, segments right-stripped.
``sacrebleu-sentence``
    ``sacrebleu.sentence_bleu`` and ``sacrebleu --sentence-level``: the same with
    effective order.
``nltk``
    NLTK 3.10.4 ``corpus_bleu``/``sentence_bleu`` defaults on whitespace-split tokens:
    BLEU-4, no smoothing (``method0``), case-sensitive.
``hf-evaluate``
    HF evaluate's ``bleu`` defaults (tensorflow/nmt ``compute_bleu``, ``smooth=False``, its
    ``Tokenizer13a``): BLEU-4, ``13a`` without right-stripping, no smoothing, the shortest
    reference's length; ``smooth=True`` is ``smoothing="nmt"`` on top.
``torchmetrics``
    torchmetrics ``BLEUScore`` defaults: BLEU-4, whitespace-split tokens, no smoothing, the
    closest reference length with ties to the first reference.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType
from typing import Any

from ..._version import __version__
from ...tokenizers import DEFAULT_TOKENIZER, default_lowercase, get_tokenizer, make_tokenizer
from .smoothing import (
    DEFAULT_SMOOTHING,
    EFFECTIVE_ORDER_METHODS,
    SMOOTHING_PARAMETERS,
    get_smoothing,
    needed_order,
)

__all__ = [
    "DEFAULTS",
    "PRESETS",
    "SACREBLEU_OPTIONS",
    "SENTENCE_PRESETS",
    "EMPTY_REFERENCES",
    "REF_LENGTHS",
    "ParameterRange",
    "smooth_value_range",
    "BleuConfig",
    "check_smooth_value",
    "options_signature",
]

#: The options and their defaults (the classic BLEU-2 calculator's), in the order of the signature.
DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "max_order": 2,
        "weights": None,
        "smoothing": DEFAULT_SMOOTHING,
        "smooth_value": None,
        "effective_order": False,
        "tokenizer": DEFAULT_TOKENIZER,
        "lowercase": None,
        "empty_references": "ignore",
        "ref_length": "closest",
        "rstrip": False,
    }
)

#: The values of ``empty_references``.
EMPTY_REFERENCES = ("ignore", "count")
#: The values of ``ref_length``.
REF_LENGTHS = ("closest", "closest-first", "shortest")


def _preset(**options: Any) -> Mapping[str, Any]:
    return MappingProxyType({**DEFAULTS, **options})


_BLEU4 = {"max_order": 4, "lowercase": False, "empty_references": "count"}

#: name -> options (every option, read-only) under which bleu2 equals a peer's BLEU with
#: that peer's defaults (see the module docstring). Each is checked against its peer in
#: ``tests/engine/test_presets.py``.
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "sacrebleu": _preset(**_BLEU4, smoothing="exp", tokenizer="13a", rstrip=True),
        "sacrebleu-sentence": _preset(**_BLEU4, smoothing="exp", tokenizer="13a", rstrip=True, effective_order=True),
        "nltk": _preset(**_BLEU4, smoothing="method0", tokenizer="none"),
        "hf-evaluate": _preset(**_BLEU4, smoothing="none", tokenizer="13a", ref_length="shortest"),
        "torchmetrics": _preset(**_BLEU4, smoothing="none", tokenizer="none", ref_length="closest-first"),
    }
)

#: The options under which ``bleu2.corpus_bleu`` / ``sentence_bleu`` equal sacreBLEU
#: 2.6.0's ``BLEU()`` with its defaults: ``PRESETS["sacrebleu"]``.
SACREBLEU_OPTIONS: Mapping[str, Any] = PRESETS["sacrebleu"]

#: A corpus preset -> the preset of its peer's sentence-level rules, where they differ:
#: sacreBLEU scores each sentence of ``--sentence-level`` (``-sl``) and ``sentence_bleu``
#: with effective order, its corpus ``BLEU()`` without. The other presets' peers score a
#: sentence with their corpus rules (and options that are no preset keep theirs):
#: :meth:`BleuConfig.sentence_level`.
SENTENCE_PRESETS: Mapping[str, str] = MappingProxyType({"sacrebleu": "sacrebleu-sentence"})


@dataclass(frozen=True, slots=True)
class ParameterRange:
    """The values a smoothing method's parameter (``smooth_value``) may take.

    Attributes:
        low: the lower bound; ``low_inclusive``: whether ``low`` itself is allowed.
        high: the upper bound (inclusive), None for none.
        why: where the bound comes from (the method's formula).
    """

    low: float
    low_inclusive: bool
    high: float | None
    why: str

    def __contains__(self, value: float) -> bool:
        above = value >= self.low if self.low_inclusive else value > self.low
        return above and (self.high is None or value <= self.high)

    def rule(self) -> str:
        """The range in words, e.g. ``">= 0 and <= 1"``, ``"> 0"``."""
        low = f"{'>=' if self.low_inclusive else '>'} {self.low:g}"
        return low if self.high is None else f"{low} and <= {self.high:g}"


def smooth_value_range(smoothing: str, max_order: int = 4) -> ParameterRange | None:
    """The range of ``smoothing``'s parameter under which each of its precisions stays in
    [0, 1] (None: the method takes no parameter). Notation of :mod:`bleu2.metrics.bleu.smoothing`.

    * ``floor``: p_n = value / t_n with t_n >= 1, so value in [0, 1] (t_n = 1 reaches it).
    * ``add-k``: p_n = (m_n + k) / (t_n + k) <= 1 for every k >= 0, since m_n <= t_n.
    * ``method1``: p_n = epsilon / d_n with d_n >= 1, so epsilon in [0, 1].
    * ``method4``, ``method7``: a smoothed p_n = ln(c) / (2^j k d_n) with j >= 1, and
      c <= n d_n (each segment's c_i <= n max(1, t_i)), so p_n <= ln(n d_n) / (2 k d_n)
      <= ln(n) / (2k): k >= ln(N) / 2 (and k > 0) keeps every p_n <= 1 (method7 then
      averages neighbouring orders as method5 does, which can exceed 1, as NLTK's).
    * ``method6``: alpha > 0; no alpha keeps p_n <= 1: p_n = (m_n + alpha pi_n) /
      (t_n + alpha) interpolates towards pi_n = p_{n-1}^2 / p_{n-2}, which can exceed 1
      (then p_n > 1 whenever m_n = t_n), as in NLTK.
    """
    if smoothing not in SMOOTHING_PARAMETERS:
        return None
    if smoothing in ("floor", "method1"):
        return ParameterRange(0.0, True, 1.0, "p_n = value / t_n with t_n >= 1")
    if smoothing == "add-k":
        return ParameterRange(0.0, True, None, "(m_n + k) / (t_n + k) <= 1 for m_n <= t_n")
    if smoothing in ("method4", "method7"):
        low = math.log(max_order) / 2
        if low > 0:
            return ParameterRange(low, True, None, "p_n <= ln(n) / (2k) <= 1 for k >= ln(N) / 2")
        return ParameterRange(0.0, False, None, "k divides: k > 0")
    return ParameterRange(0.0, False, None, "alpha > 0 (method6's precisions can exceed 1 for any alpha)")


def check_smooth_value(smoothing: str, value: object, max_order: int = 4) -> float | None:
    """The smoothing parameter in use: ``value`` checked, or the method's default.

    Returns:
        float, or None for a method without a parameter.
    Raises:
        ValueError: a value for a method that takes none, a value that is not a finite
            number, or one out of the method's range (:func:`smooth_value_range` at
            ``max_order``).
    """
    param = SMOOTHING_PARAMETERS.get(smoothing)
    if param is None:
        if value is not None:
            takes = ", ".join(f"{k} ({v[0]})" for k, v in SMOOTHING_PARAMETERS.items())
            raise ValueError(f"smoothing {smoothing!r} takes no smooth_value (got {value!r}); methods that do: {takes}")
        return None
    name, default = param
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"smooth_value ({name} of {smoothing}) must be a finite number, got {value!r}")
    allowed = smooth_value_range(smoothing, max_order)
    if allowed is not None and value not in allowed:
        raise ValueError(f"smooth_value ({name} of {smoothing}) must be {allowed.rule()}, got {value!r}")
    return float(value)


def _check_weights(weights: Iterable[float] | None, max_order: int) -> tuple[float, ...]:
    if weights is None:
        return tuple(1.0 / max_order for _ in range(max_order))
    if isinstance(weights, (str, bytes)):
        raise ValueError(f"weights must be a sequence of numbers, got {weights!r}")
    try:
        w = tuple(float(x) for x in weights)
    except (TypeError, ValueError):
        raise ValueError(f"weights must be a sequence of numbers, got {weights!r}") from None
    if len(w) != max_order:
        raise ValueError(f"weights must have {max_order} entries (one per order), got {len(w)}")
    if any(x < 0 or math.isnan(x) for x in w):
        raise ValueError(f"weights must be non-negative, got {list(w)}")
    if abs(math.fsum(w) - 1.0) > 1e-9:
        raise ValueError(f"weights must sum to 1, got {list(w)} (sum {math.fsum(w):g})")
    return w


@dataclass(frozen=True, slots=True)
class BleuConfig:
    """A checked set of options (see the module docstring for each).

    Build it with :meth:`make`, which checks every option and raises ``ValueError``
    naming the problem. Fields hold the values in use: ``weights`` as a tuple,
    ``smooth_value`` the method's default when none was given (None for methods without
    a parameter), ``lowercase`` resolved to a bool.
    """

    max_order: int = DEFAULTS["max_order"]
    weights: tuple[float, ...] = (0.5, 0.5)
    smoothing: str = DEFAULTS["smoothing"]
    smooth_value: float | None = None
    effective_order: bool = DEFAULTS["effective_order"]
    tokenizer: str = DEFAULTS["tokenizer"]
    lowercase: bool = True
    empty_references: str = DEFAULTS["empty_references"]
    ref_length: str = DEFAULTS["ref_length"]
    rstrip: bool = DEFAULTS["rstrip"]

    @classmethod
    def make(cls, preset: str | None = None, **options: Any) -> BleuConfig:
        """Check ``options`` (keywords of :data:`DEFAULTS`; missing ones take their
        default, or the preset's) and return the config.

        Args:
            preset: None, or a name of :data:`PRESETS`: its options are the starting
                point, ``options`` change them.
        Raises:
            TypeError: an unknown option name.
            ValueError: a bad value or combination, or an unknown preset; the message names it.
        """
        unknown = [k for k in options if k not in DEFAULTS]
        if unknown:
            raise TypeError(f"unknown option(s): {', '.join(map(repr, unknown))}; options are: {', '.join(DEFAULTS)}")
        if preset is None:
            o = {**DEFAULTS, **options}
        elif isinstance(preset, str) and preset in PRESETS:
            o = {**PRESETS[preset], **options}
        else:
            raise ValueError(f"unknown preset {preset!r}; presets: {', '.join(PRESETS)}")
        max_order = o["max_order"]
        if isinstance(max_order, bool) or not isinstance(max_order, int) or max_order < 1:
            raise ValueError(f"max_order must be an integer >= 1, got {max_order!r}")
        weights = _check_weights(o["weights"], max_order)
        smoothing = o["smoothing"]
        get_smoothing(smoothing)
        smooth_value = check_smooth_value(smoothing, o["smooth_value"], max_order)
        effective_order = o["effective_order"]
        if effective_order and smoothing not in EFFECTIVE_ORDER_METHODS:
            raise ValueError(
                f"effective_order is sacreBLEU's option and does not apply to smoothing {smoothing!r}; "
                f"it applies to: {', '.join(sorted(EFFECTIVE_ORDER_METHODS))}"
            )
        tokenizer = o["tokenizer"]
        get_tokenizer(tokenizer)
        lowercase = o["lowercase"]
        if lowercase is None:
            lowercase = default_lowercase(tokenizer)
        empty = o["empty_references"]
        if empty not in EMPTY_REFERENCES:
            raise ValueError(f"empty_references must be one of {', '.join(EMPTY_REFERENCES)}, got {empty!r}")
        ref_length = o["ref_length"]
        if ref_length not in REF_LENGTHS:
            raise ValueError(f"ref_length must be one of {', '.join(REF_LENGTHS)}, got {ref_length!r}")
        return cls(
            max_order,
            weights,
            smoothing,
            smooth_value,
            bool(effective_order),
            tokenizer,
            bool(lowercase),
            empty,
            ref_length,
            bool(o["rstrip"]),
        )

    @property
    def preset(self) -> str | None:
        """The name of the preset (:data:`PRESETS`) whose options are exactly these, or None."""
        return _preset_of(self)

    def sentence_level(self) -> BleuConfig:
        """The options each sentence of a corpus is scored with, on its own (a per-sentence
        table, ``--sentence``): the sentence-level preset of these options' preset
        (:data:`SENTENCE_PRESETS`: sacreBLEU's ``BLEU()`` -> ``sentence_bleu``, effective
        order, as ``sacrebleu -sl``), else these options. The statistics are the same
        (only the scoring differs), so a sentence's counts give either score."""
        sentence = SENTENCE_PRESETS.get(self.preset or "")
        return self if sentence is None else BleuConfig.make(preset=sentence)

    @property
    def stats_order(self) -> int:
        """How many n-gram orders the statistics must count: ``max_order``, or 5 when it
        is lower and the smoothing is NLTK's ``method5``/``method7``."""
        return needed_order(self.smoothing, self.max_order)

    @property
    def uniform_weights(self) -> bool:
        """Whether the weights are 1/N each."""
        return all(abs(x - 1.0 / self.max_order) < 1e-12 for x in self.weights)

    def tokenize_function(self) -> Callable[[str], list[str]]:
        """``str -> list[str]``: the tokenizer with its lower-casing
        (:func:`bleu2.tokenizers.make_tokenizer`), after ``str.rstrip`` when ``rstrip``."""
        fn = make_tokenizer(self.tokenizer, self.lowercase)
        return partial(_rstripped, fn) if self.rstrip else fn

    def options(self) -> dict[str, Any]:
        """The options in use, as keywords that :meth:`make` accepts (``weights`` None
        when uniform, ``lowercase`` and ``smooth_value`` resolved)."""
        return {
            "max_order": self.max_order,
            "weights": None if self.uniform_weights else list(self.weights),
            "smoothing": self.smoothing,
            "smooth_value": self.smooth_value,
            "effective_order": self.effective_order,
            "tokenizer": self.tokenizer,
            "lowercase": self.lowercase,
            "empty_references": self.empty_references,
            "ref_length": self.ref_length,
            "rstrip": self.rstrip,
        }

    def signature(self, n_refs: int | str | None, **extra: object) -> str:
        """Reproducibility string in the spirit of sacreBLEU's (Post 2018), e.g.
        ``nrefs:1|case:lc|eff:no|tok:default|smooth:add-1|order:2|version:bleu2-0.1.0``.
        ``n_refs`` None (before any scoring, when the references are not known yet): no
        ``nrefs`` field.

        A smoothing parameter is shown in brackets (``smooth:floor[0.1]``); non-uniform
        weights add ``weights:0.7,0.3``; counted empty references add ``empty:count``;
        another reference-length rule adds ``ref:shortest`` (or ``ref:closest-first``);
        right-stripped segments add ``rstrip:yes``; options that are exactly a preset's
        add ``preset:NAME``; ``extra`` items (e.g. ``seed=12345, bs=1000``) are added
        before the version, in the order given.
        """
        smooth = self.smoothing
        if self.smooth_value is not None:
            smooth += f"[{self.smooth_value:g}]"
        parts = [] if n_refs is None else [f"nrefs:{n_refs}"]
        parts += [
            f"case:{'lc' if self.lowercase else 'mixed'}",
            f"eff:{'yes' if self.effective_order else 'no'}",
            f"tok:{self.tokenizer}",
            f"smooth:{smooth}",
            f"order:{self.max_order}",
        ]
        if not self.uniform_weights:
            parts.append("weights:" + ",".join(f"{x:g}" for x in self.weights))
        if self.empty_references != DEFAULTS["empty_references"]:
            parts.append(f"empty:{self.empty_references}")
        if self.ref_length != DEFAULTS["ref_length"]:
            parts.append(f"ref:{self.ref_length}")
        if self.rstrip:
            parts.append("rstrip:yes")
        preset = self.preset
        if preset is not None:
            parts.append(f"preset:{preset}")
        parts += [f"{k}:{v}" for k, v in extra.items()]
        parts.append(f"version:bleu2-{__version__}")
        return "|".join(parts)


def _rstripped(fn: Callable[[str], list[str]], text: str) -> list[str]:
    return fn(text.rstrip())


_PRESET_CONFIGS: dict[BleuConfig, str] = {}


def _preset_of(config: BleuConfig) -> str | None:
    if not _PRESET_CONFIGS:
        for name, options in PRESETS.items():
            _PRESET_CONFIGS.setdefault(BleuConfig.make(**options), name)
    return _PRESET_CONFIGS.get(config)


def options_signature(*leading: inspect.Parameter, trailing: Iterable[inspect.Parameter] = ()) -> inspect.Signature:
    """The call signature of a function that takes the options as keyword arguments:
    ``leading`` parameters, then ``preset`` and every option of :data:`DEFAULTS`
    (keyword-only, with its default), then ``trailing`` keyword-only parameters. Set as
    ``__signature__`` so that ``help()`` and editors show the options, written only here."""
    kw = inspect.Parameter.KEYWORD_ONLY
    params = list(leading) + [inspect.Parameter("preset", kw, default=None)]
    params += [inspect.Parameter(name, kw, default=value) for name, value in DEFAULTS.items()]
    return inspect.Signature(params + list(trailing))
