"""``bleu2 sacrebleu``'s face of each registered metric: BLEU, chrF and TER as sacreBLEU
2.6.0's command line prints them.

The metrics are the registry's (:mod:`bleu2.metrics.registry`; ``-m`` takes its names), each
face chosen by the metric's scorer class, never by its name (:func:`make_metric`). A face
(:class:`SacreMetric`) holds only what is sacreBLEU's: its flags turned into the scorer's
options, its signature fields and its printed line (:class:`bleu2.common.sacrebleu_format.Score`).
BLEU's face is code (sacreBLEU's smoothing defaults, its verbose line); chrF's and TER's is
one class (:class:`RegistryMetric`) and data: the registry entry's ``flags`` give sacreBLEU's
flags (``--chrf-char-order``: :func:`sacrebleu_flags`), the scorer's own signature its fields
(:data:`SHORT_FIELDS`: their short names).
Every system is scored, and the significance test asked for run, by the one corpus pipeline
(:func:`bleu2.corpus.pipeline.corpus_steps`) with the metric's scorer. The command
(:mod:`bleu2.cli.sacrebleu_command`) only reads, checks and prints.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..common.sacrebleu_format import Score, Signature
from ..common.steps import finish
from ..corpus.layouts import chunks_of
from ..corpus.pipeline import Keep, Outcome, corpus_steps
from ..corpus.significance import Result
from ..metrics import registry
from ..metrics.bleu.options import BleuConfig
from ..metrics.bleu.sacrebleu_score import compute_bleu
from ..metrics.bleu.scorer import BLEU
from ..metrics.chrf.api import CHRF
from ..metrics.protocol import Metric
from ..metrics.ter.api import TER
from .parser import SACREBLEU_SIGNATURE_VERSION as VERSION
from .parser import SMOOTH_DEFAULTS

__all__ = [
    "BleuMetric",
    "MetricRun",
    "RegistryMetric",
    "SacreMetric",
    "Score",
    "face",
    "flags_named",
    "make_metric",
    "sacrebleu_flags",
]

MAX_ORDER = 4


def _score(name: str, percent: float, verbose: str = "") -> Score:
    """sacreBLEU's ``Score`` (:class:`bleu2.common.sacrebleu_format.Score`, the one
    written): its name, its score in percent, its verbose part (BLEU's)."""
    score = Score(name, percent)
    score._verbose = verbose
    return score


@dataclass
class MetricRun:
    """One metric on every system: its scores and, with a test, one result per system."""

    name: str
    scores: list[Score]
    results: list[Result] | None


def _signature(fields: Sequence[tuple[str, str, object]], n_refs: int | str, short: bool, extra: dict[str, Any]) -> str:
    """sacreBLEU's ``Signature.format`` (:class:`bleu2.common.sacrebleu_format.Signature`,
    the one written): nrefs, the test's fields, the metric's own, sacreBLEU's version."""
    signature = Signature(n_refs)
    signature.info.update({"version": VERSION, **{k: extra.get(k) for k in ("bs", "ar", "seed")}})
    for name, abbr, value in fields:
        signature.update(name, value)
        signature._abbr[name] = abbr
    return signature.format(short)


class SacreMetric:
    """A metric as ``bleu2 sacrebleu`` runs it.

    Attributes:
        key: sacreBLEU's name of the metric (``BLEU``, ``CHRF``, ``TER``): single-system
            output and unpaired tables list the metrics in this name's order.
        name: the score's name (``BLEU``, ``chrF2``, ``chrF2++``, ``TER``).
        scorer: the scorer every system is scored with, through the one corpus pipeline.
    """

    key = ""
    name = ""
    scorer: Any = None  # the metric's scorer, as the corpus pipeline takes it

    def fields(self) -> list[tuple[str, str, object]]:
        """The metric's own signature fields: (name, abbreviation, value)."""
        raise NotImplementedError

    def signature(self, n_refs: int | str, short: bool, **extra: Any) -> str:
        """sacreBLEU's signature of this metric (with sacreBLEU's version, ``2.6.0``)."""
        return _signature(self.fields(), n_refs, short, extra)

    def corpus(
        self,
        streams: Sequence[Sequence[str]],
        systems: Sequence[Sequence[str]],
        test: str | None = None,
        n: int | None = None,
        seed: int | None = None,
    ) -> MetricRun:
        """Every system's corpus score and, with ``test``, the test's results.

        Raises:
            ValueError: a test that cannot run, or bad input (the message says which).
        """
        outcome = self._run(streams, systems, Keep(), test=test, n=n, seed=seed)
        return MetricRun(self.name, [self.score_of(r) for r in outcome.systems], outcome.significance)

    def sentences(self, streams: Sequence[Sequence[str]], system: Sequence[str]) -> list[Score]:
        """Each line's score (sacreBLEU's ``-sl``)."""
        return self.line_scores(self._run(streams, [system], Keep(stats=True)))

    def _run(
        self, streams: Sequence[Sequence[str]], systems: Sequence[Sequence[str]], keep: Keep, **test: Any
    ) -> Outcome:
        return finish(corpus_steps(self.scorer, chunks_of(streams, systems), len(systems), keep=keep, **test))

    def score_of(self, result: Any) -> Score:
        """sacreBLEU's score of one of the pipeline's results (``Outcome.systems``)."""
        raise NotImplementedError

    def line_scores(self, outcome: Outcome) -> list[Score]:
        """sacreBLEU's score of each line of one system's run with ``Keep(stats=True)``."""
        raise NotImplementedError


# --------------------------------------------------------------------------- BLEU


class BleuMetric(SacreMetric):
    def __init__(self, entry: Metric, args: argparse.Namespace, n_refs: int):
        self.key = self.name = entry.display
        method = args.bleu_smooth_method
        value = None
        if SMOOTH_DEFAULTS[method] is not None:
            value = SMOOTH_DEFAULTS[method] if args.bleu_smooth_value is None else args.bleu_smooth_value
        self.config = BleuConfig.make(
            max_order=MAX_ORDER,
            smoothing=method,
            smooth_value=value,
            effective_order=args.sentence_level,
            tokenizer=args.bleu_tokenize or "13a",
            lowercase=args.bleu_lowercase,
            empty_references="count",
            rstrip=True,
        )
        self.scorer = BLEU(**self.config.options())

    def fields(self) -> list[tuple[str, str, object]]:
        c = self.config
        smooth = c.smoothing
        if SMOOTH_DEFAULTS[smooth] is not None:
            smooth += f"[{c.smooth_value:.2f}]"
        return [
            ("case", "c", "lc" if c.lowercase else "mixed"),
            ("eff", "e", c.effective_order),
            ("tok", "tok", c.tokenizer),
            ("smooth", "s", smooth),
        ]

    def _score(self, st: Any) -> Score:
        """sacreBLEU's ``BLEUScore`` of (summed) statistics (``SentenceStats``)."""
        c = self.config
        v = [st.hyp_len, st.ref_len, *st.matches, *st.totals]
        k = 0.0 if c.smooth_value is None else c.smooth_value  # unread for none/exp
        score, precisions, bp = compute_bleu(v, MAX_ORDER, c.smoothing, k, c.effective_order)
        hyp_len, ref_len = v[0], v[1]
        ratio = hyp_len / ref_len if ref_len else 0
        prec = "/".join(f"{p:.1f}" for p in precisions)
        verbose = f"{prec} (BP = {bp:.3f} ratio = {ratio:.3f} hyp_len = {hyp_len:d} ref_len = {ref_len:d})"
        return _score(self.name, score, verbose)

    def score_of(self, result: Any) -> Score:
        return self._score(result.stats)

    def line_scores(self, outcome: Outcome) -> list[Score]:
        return [self._score(st) for st in outcome.systems[0].sentence_stats]


# --------------------------------------------------------------------------- chrF and TER


def flags_named(message: str, flags: dict[str, str]) -> str:
    """An engine's message about its options with each option's command-line flag instead."""
    for key, flag in flags.items():
        message = re.sub(rf"\b{key}\b", flag, message)
    return message


def sacrebleu_flags(entry: Metric) -> dict[str, str]:
    """sacreBLEU's flags of a registry metric's options, option -> flag: its entry's ``flags``
    (bleu2's own command's options) and its case option (``case_options``), each spelled
    ``--<metric>-<option>`` as sacreBLEU spells them (``--chrf-char-order``, ``--ter-case-sensitive``)."""
    case = getattr(entry.load(), entry.scorer).case_options(False)
    return {option: f"--{entry.key}-{option.replace('_', '-')}" for option in (*entry.flags, *case)}


class RegistryMetric(SacreMetric):
    """chrF or TER: the registry's scorer with sacreBLEU's flags (:func:`sacrebleu_flags`)
    through the one corpus pipeline (:func:`bleu2.corpus.pipeline.corpus_steps`: per-line
    ``extract``, sums in line order, ``score_from_stats``; the significance tests on
    ``significance_sums``), printed in percent (the result's ``percent``: sacreBLEU's float,
    bit for bit). Its signature fields are the scorer's own signature's, with sacreBLEU's
    short names (:data:`SHORT_FIELDS`)."""

    def __init__(self, entry: Metric, args: argparse.Namespace, n_refs: int):
        self.key = entry.display.upper()  # sacreBLEU's METRICS key
        flags = sacrebleu_flags(entry)
        try:
            self.scorer = entry.make(
                **{option: getattr(args, flag[2:].replace("-", "_")) for option, flag in flags.items()}
            )
        except ValueError as e:
            raise ValueError(flags_named(str(e), flags)) from None
        self.name = self.scorer.significance_sums(set())[0].name  # as sacreBLEU prints it: chrF2++, TER
        self.short = SHORT_FIELDS[type(self.scorer)]

    def fields(self) -> list[tuple[str, str, object]]:
        pairs = (part.split(":", 1) for part in self.scorer.signature(None).split("|"))
        return [(name, self.short[name], value) for name, value in pairs if name != "version"]

    def score_of(self, result: Any) -> Score:
        return _score(self.name, result.percent)

    def line_scores(self, outcome: Outcome) -> list[Score]:
        lines = outcome.line_stats[0] if outcome.line_stats else []
        return [self.score_of(self.scorer.score_from_stats(st)) for st in lines]


#: sacreBLEU's short names (``--short``) of each metric's own signature fields, by scorer class.
SHORT_FIELDS: dict[type, dict[str, str]] = {
    CHRF: {"case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"},
    TER: {"case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"},
}

#: How ``bleu2 sacrebleu`` prints each metric's scorer class (the registry's, by class: no names).
_FACES: dict[type, Callable[[Metric, argparse.Namespace, int], SacreMetric]] = {
    BLEU: BleuMetric,
    CHRF: RegistryMetric,
    TER: RegistryMetric,
}


def face(name: str) -> Callable[[Metric, argparse.Namespace, int], SacreMetric]:
    """The printing of the registry's metric ``name`` (``-m``).

    Raises:
        ValueError: no such metric; KeyError: one that ``bleu2 sacrebleu`` does not print.
    """
    entry = registry.get(name)
    return _FACES[getattr(entry.load(), entry.scorer)]


def make_metric(name: str, args: argparse.Namespace, n_refs: int) -> SacreMetric:
    """The registry's metric ``name`` (``-m``) with the options in ``args``.

    Raises:
        ValueError: a bad option value (the message names it).
    """
    return face(name)(registry.get(name), args, n_refs)
