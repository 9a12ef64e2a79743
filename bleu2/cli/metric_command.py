"""``bleu2 --metric chrf|ter|...``: what bleu2's own command does for each metric of
:mod:`bleu2.metrics.registry` but BLEU: its options refused or taken, its scorer, its output.

The command reads and scores the files once for every metric (:func:`bleu2.cli.bleu2_command.run`:
:func:`bleu2.cli.score_files`, :mod:`bleu2.corpus.pipeline`: read in step, ``--jobs``,
progress, the significance tests), with the metric's scorer from the registry (``extract``,
``sum_stats``, ``score_from_stats``: :class:`bleu2.metrics.protocol.Scorer`). Output as for
BLEU: one line, a ranked table (TER: lower is better), ``--json`` or ``--sentence``'s JSON
Lines; scores in percent for display, fractions in JSON.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..corpus.lines import label
from ..corpus.pipeline import Outcome
from ..corpus.report import competition_ranks, text_table
from ..metrics import registry
from .parser import BLEU_FLAGS, METRIC_FLAGS, given_bleu_options
from .sacrebleu_metrics import flags_named

__all__ = ["metric_scorer", "metric_text", "refuse_other_options"]


def refuse_other_options(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Options that do not apply to the metric chosen: named, with the metric they belong to."""
    metric = args.metric
    if metric != registry.DEFAULT:
        for key in given_bleu_options(args):
            if key != "lowercase":
                parser.error(f"{BLEU_FLAGS[key]} is a BLEU option; --metric {metric} does not take it")
        for given, flag in ((args.preset, "--preset/--sacrebleu"), (args.presets, "--presets")):
            if given:
                parser.error(f"{flag} applies to BLEU; --metric {metric} does not take it")
    for dest, (owner, flag) in METRIC_FLAGS.items():
        if getattr(args, dest) is not None and owner != registry.get(metric).display:
            parser.error(f"{flag} is a {owner} option: add --metric {owner.lower()}")


def metric_scorer(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Any:
    """The scorer of ``args.metric`` (:mod:`bleu2.metrics.registry`) with its options given.

    Raises:
        SystemExit: a bad option value (``parser.error``, naming the flag).
    """
    metric = registry.get(args.metric)
    options = {
        dest: getattr(args, dest)
        for dest, (owner, _) in METRIC_FLAGS.items()
        if owner == metric.display and getattr(args, dest) is not None
    }
    try:
        if args.lowercase is not None:
            options.update(getattr(metric.load(), metric.scorer).case_options(args.lowercase))
        return metric.make(**options)
    except (TypeError, ValueError) as e:
        parser.error(flags_named(str(e), {dest: flag for dest, (_, flag) in METRIC_FLAGS.items()}))


def metric_text(args: argparse.Namespace, systems: Sequence[str], outcome: Outcome) -> str:
    """The text for stdout of ``args.metric``'s run (:class:`~bleu2.corpus.pipeline.Outcome`
    of ``metric_scorer``'s scorer on ``systems``): one line, a ranked table or JSON."""
    figures = None if outcome.significance is None else [r.to_dict() for r in outcome.significance]
    return _format(args, systems, outcome.systems, figures, outcome.signature)


def _format(
    args: argparse.Namespace,
    systems: Sequence[str],
    results: Sequence[Any],
    figures: list[dict[str, Any]] | None,
    signature: str,
) -> str:
    lower_is_better = registry.get(args.metric).lower_is_better
    objs = []
    for k, r in enumerate(results):
        d = r.to_dict()
        d["signature"] = signature
        if figures is not None:
            d.update({key: figures[k][key] for key in ("mean", "ci", "p_value")})
        objs.append(d)
    scores = [-r.score if lower_is_better else r.score for r in results]
    ranks = competition_ranks(scores)
    if args.json:
        if len(objs) == 1:
            return json.dumps(objs[0], indent=2) + "\n"
        listed = [dict(d, system=label(name), rank=rank) for d, name, rank in zip(objs, systems, ranks)]
        return json.dumps(listed, indent=2) + "\n"

    shown = 100 if registry.get(args.metric).percent else 1

    def cell(k: int) -> str:
        score = f"{shown * results[k].score:.2f}"
        if figures is None or figures[k]["mean"] is None:
            return score
        return f"{score} ({shown * figures[k]['mean']:.2f} ± {shown * figures[k]['ci']:.2f})"

    name = results[0].to_dict()["name"]
    if len(results) == 1:
        return f"{name} = {cell(0)}  {_details(results[0])}  signature = {signature}\n"
    header = ["rank", "system", name]
    has_p = figures is not None and any(f["p_value"] is not None for f in figures)
    if has_p:
        header.append("p-value")
    rows = []
    for k in sorted(range(len(results)), key=lambda k: (ranks[k], k)):
        row = [str(ranks[k]), label(systems[k]), cell(k)]
        if has_p and figures is not None:
            p = figures[k]["p_value"]
            row.append("baseline" if p is None else f"{p:.4f}")
        rows.append(row)
    return text_table(header, rows, left=[1]) + f"signature = {signature}\n"


def _details(result: Any) -> str:
    """The metric's own figures beside its score (its result's ``details()``; none: "")."""
    details = getattr(result, "details", None)
    return "" if details is None else str(details())
