"""The rules the analyses score by: how a line becomes words, corpus BLEU, sentence BLEU.

Two families (:func:`rules_for`):

``"compare-mt"``
    compare-mt 0.2.10's own rules. A line is ``line.strip().split(" ")`` (``corpus_utils``:
    an empty line is one empty word, two spaces make an empty word between them). Corpus
    BLEU is its ``BleuScorer`` (``scorers.py``): BLEU-4, uniform weights, each sentence's
    n-gram total taken as at least 1 (d_n = sum max(1, t_n)), 0 when no unigram matches,
    a zero precision left out of the mean (its log taken as 0), BP = min(1, exp(1 - r/c)),
    0 when c = 0. Sentence BLEU is its ``SentBleuScorer``: NLTK's ``sentence_bleu`` with
    ``SmoothingFunction().method2`` (bleu2's ``method2`` under NLTK's frame).
any preset of :data:`bleu2.metrics.bleu.options.PRESETS`, or bleu2's options
    the words are the preset's tokens (:meth:`bleu2.metrics.bleu.options.BleuConfig.tokenize_function`),
    corpus and sentence BLEU are :func:`bleu2.metrics.bleu.scoring.bleu_score` under its options;
    under the ``sacrebleu`` preset (or options that are exactly it) sentence BLEU takes effective
    order, as ``sacrebleu -sl``.

Scores are floats in [0, 1]. Several references: clipping against each n-gram's largest
count in one reference and r the closest reference length (the options' ``ref_length``),
as BLEU does (Papineni et al. 2002).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .._version import __version__
from ..metrics.bleu.options import PRESETS, BleuConfig
from ..metrics.bleu.scoring import bleu_score
from ..metrics.bleu.smoothing import EFFECTIVE_ORDER_METHODS
from ..metrics.bleu.stats import SentenceStats

__all__ = ["COMPARE_MT", "ANALYSIS_PRESETS", "Rules", "rules_for", "compare_mt_split", "compare_mt_bleu"]

#: The name of compare-mt 0.2.10's rules.
COMPARE_MT = "compare-mt"

#: The presets the analyses take: compare-mt's rules, then bleu2's presets.
ANALYSIS_PRESETS: tuple[str, ...] = (COMPARE_MT, *PRESETS)

_NLTK: dict[str, Any] = {"max_order": 4, "tokenizer": "none", "empty_references": "count"}


def compare_mt_split(line: str) -> list[str]:
    """compare-mt's words of a line (``corpus_utils.iterate_tokens``): stripped, then split on
    single spaces (``""`` -> ``[""]``)."""
    return line.strip().split(" ")


def _compare_mt_split_lower(line: str) -> list[str]:
    return line.strip().lower().split(" ")


def compare_mt_bleu(stats: SentenceStats) -> float:
    """compare-mt 0.2.10 ``BleuScorer.score_cached_corpus`` / 100, from pooled statistics.

    p_n = m_n / (t_n + e_n) (e_n: sentences without n-grams of order n, each counted as 1),
    BLEU = BP * exp(sum over p_n > 0 of ln(p_n) / N); 0 when m_1 = 0; BP = min(1,
    exp(1 - r/c)), 0 when c = 0. The sum runs order by order, as compare-mt's.
    """
    if not stats.matches or stats.matches[0] == 0:
        return 0.0
    w = 1.0 / len(stats.matches)
    logs = 0.0
    for m, t, e in zip(stats.matches, stats.totals, stats.empties()):
        d = t + e
        p = m / d if d else 0
        logs += (math.log(p) if p > 0 else 0) * w
    c, r = stats.hyp_len, stats.ref_len
    bp = min(1, math.exp(1 - r / c)) if c else 0
    return bp * math.exp(logs)


@dataclass(frozen=True, slots=True)
class Rules:
    """How the analyses read and score.

    Attributes:
        name: ``"compare-mt"``, a preset's name, ``"default"`` (bleu2's defaults) or
            ``"options"`` (other options).
        config: the BLEU options of corpus BLEU and of the significance tests
            (under compare-mt's rules NLTK's ``corpus_bleu`` frame, BLEU-4 ``method0``: the
            same score whenever no order's precision is 0).
        sentence_config: the options of sentence BLEU (unused under compare-mt's rules,
            which score sentences with ``method2`` in NLTK's frame: this config).
        split: line -> words.
        max_order: the BLEU order the statistics count.
        stats_order: how many orders the statistics must count (NLTK's method5/7: 5).
        ref_length, empty_references: as the options' (:mod:`bleu2.metrics.bleu.options`).
    """

    name: str
    config: BleuConfig
    sentence_config: BleuConfig
    split: Callable[[str], list[str]]
    max_order: int
    stats_order: int
    ref_length: str
    empty_references: str

    @property
    def compare_mt(self) -> bool:
        return self.name == COMPARE_MT

    def corpus_bleu(self, stats: SentenceStats) -> float:
        """Corpus BLEU of pooled statistics, in [0, 1]."""
        if self.name == COMPARE_MT:
            return compare_mt_bleu(stats)
        return bleu_score(stats, self.config)

    def sentence_bleu(self, stats: SentenceStats) -> float:
        """One sentence's BLEU, in [0, 1]."""
        return bleu_score(stats, self.sentence_config)

    def signature(self, n_refs: int) -> str:
        """The reproducibility string: the options' signature (with ``sent:eff`` when sentence
        BLEU takes effective order), or compare-mt's rules named (``tok:compare-mt|bleu:compare-mt-0.2.10|sent:nltk-method2``)."""
        if self.name == COMPARE_MT:
            case = "lc" if self.config.lowercase else "mixed"
            return f"nrefs:{n_refs}|case:{case}|tok:compare-mt|bleu:compare-mt-0.2.10|sent:nltk-method2|version:bleu2-{__version__}"
        if self.sentence_config.effective_order and not self.config.effective_order:
            return self.config.signature(n_refs, sent="eff")
        return self.config.signature(n_refs)


def rules_for(preset: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (a name of :data:`ANALYSIS_PRESETS`, None: bleu2's defaults)
    with ``options`` (bleu2's options, :data:`bleu2.metrics.bleu.options.DEFAULTS`) on top.

    Under compare-mt's rules the only option is ``lowercase`` (compare-mt's
    ``case_insensitive``).

    Raises:
        ValueError: an unknown preset, a bad option, or an option compare-mt's rules do not take.
        TypeError: an unknown option name.
    """
    options = dict(options or {})
    if preset == COMPARE_MT:
        other = sorted(k for k in options if k != "lowercase")
        if other:
            raise ValueError(f"compare-mt's rules take no option but lowercase; got {', '.join(other)}")
        lower = bool(options.get("lowercase"))
        config = BleuConfig.make(**_NLTK, smoothing="method0", lowercase=lower)
        sentence = BleuConfig.make(**_NLTK, smoothing="method2", lowercase=lower)
        split = _compare_mt_split_lower if lower else compare_mt_split
        return Rules(COMPARE_MT, config, sentence, split, 4, 4, "closest", "count")
    if preset is not None and preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}; presets: {', '.join(ANALYSIS_PRESETS)}")
    config = BleuConfig.make(preset, **options)
    sentence = config
    if preset == "sacrebleu" and not config.effective_order and config.smoothing in EFFECTIVE_ORDER_METHODS:
        sentence = replace(config, effective_order=True)
    elif preset is None:  # options that are exactly a preset's: its sentence-level rules
        sentence = config.sentence_level()
    name = (preset or "default") if config == BleuConfig.make(preset) else "options"
    order = max(config.stats_order, sentence.stats_order)
    return Rules(
        name,
        config,
        sentence,
        config.tokenize_function(),
        config.max_order,
        order,
        config.ref_length,
        config.empty_references,
    )
