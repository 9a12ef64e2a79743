"""``bleu2 --metric chrf|ter``: bleu2's own command for chrF (chrF++), TER and every other
metric of :mod:`bleu2.metrics.registry` but BLEU.

The files are read in step as for BLEU (:func:`bleu2.corpus.lines.aligned_chunks`); each line's
statistics come from the engine (:class:`bleu2.metrics.chrf.api.CHRF`, :class:`bleu2.metrics.ter.api.TER`), their
sums give the corpus score, and the significance tests resample them
(:mod:`bleu2.corpus.significance`, :mod:`bleu2.corpus.sum_scores`). Output as for BLEU: one line, a ranked
table (TER: lower is better), ``--json`` or ``--sentence``'s JSON Lines; scores in percent
for display, fractions in JSON.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..common.steps import Progress, finish
from ..corpus.layouts import CHUNK_LINES
from ..corpus.lines import STDIN, LineReader, aligned_chunks, label
from ..corpus.report import competition_ranks, text_table
from ..corpus.significance import signature_extras
from ..corpus.significance import steps as significance_steps
from ..metrics import registry
from .parser import BLEU_FLAGS, METRIC_FLAGS, given_bleu_options
from .progress import Meter
from .reading import stdin_stream
from .sacrebleu_metrics import flags_named

__all__ = ["refuse_other_options", "run_metric"]


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
        if args.jobs != 1:
            parser.error(f"--jobs applies to BLEU; --metric {metric} is scored in one process")
    for dest, (owner, flag) in METRIC_FLAGS.items():
        if getattr(args, dest) is not None and owner != registry.get(metric).display:
            parser.error(f"{flag} is a {owner} option: add --metric {owner.lower()}")


def _scorer(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Any:
    """The scorer of ``args.metric`` (:mod:`bleu2.metrics.registry`) with its options given."""
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


def _read(
    scorer: Any, references: Sequence[str], systems: Sequence[str], report: Callable[[Progress], Any]
) -> tuple[list[list[Any]], set[int]]:
    """Every system's per-line statistics and the numbers of references the lines have;
    ``report`` gets the lines scored and the part of the files read after each chunk.

    Raises:
        InputError: unreadable or inconsistent files.
    """
    readers: list[LineReader] = []
    stats: list[list[Any]] = [[] for _ in systems]
    counts: set[int] = set()
    try:
        for path in [*references, *systems]:
            readers.append(LineReader(path, stdin_stream() if path == STDIN else None))  # noqa: PERF401
        for refs, hyps in aligned_chunks(readers, CHUNK_LINES, len(references)):
            for i, entry in enumerate(refs):
                counts.add(1 if isinstance(entry, str) else len(entry))
                for s, system in enumerate(hyps):
                    stats[s].append(scorer.extract(system[i], entry))
            known = [f for f in (r.fraction() for r in readers) if f is not None]
            report(Progress("scoring", len(stats[0]), None, min(known) if known else None))
    finally:
        for r in readers:
            r.close()
    return stats, counts


def run_metric(
    args: argparse.Namespace, parser: argparse.ArgumentParser, test: str | None, n: int, seed: int | None, out: TextIO
) -> str:
    """Score the files with ``args.metric`` (chrF or TER); return the text for stdout
    (``--sentence``: the lines are written to ``out``, "" is returned).

    Raises:
        InputError: bad input files. SystemExit: bad options (``parser.error``).
    """
    refuse_other_options(args, parser)
    scorer = _scorer(args, parser)
    meter = Meter(log=args.progress, units={"significance": "trials" if test == "paired-ar" else "resamples"})
    completed = False
    try:
        text = _score(args, parser, scorer, test, n, seed, out, meter)
        completed = True
    finally:
        meter.close(completed)
    return text


def _score(
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    scorer: Any,
    test: str | None,
    n: int,
    seed: int | None,
    out: TextIO,
    meter: Meter,
) -> str:
    """:func:`run_metric`'s work, its progress drawn by ``meter``."""
    systems = list(args.systems) or [STDIN]
    per_system, counts = _read(scorer, args.references, systems, meter)
    n_refs: int | str = next(iter(counts)) if len(counts) == 1 else "var"
    if args.sentence:
        several = len(systems) > 1
        for name, lines in zip(systems, per_system):
            for i, st in enumerate(lines, 1):
                d: dict[str, Any] = {"line": i}
                if several:
                    d["system"] = label(name)
                r = scorer.score_from_stats(st, n_refs).to_dict()
                d.update({k: v for k, v in r.items() if k not in ("signature", "orders", "name")})
                out.write(json.dumps(d) + "\n")
        return ""
    results = [scorer.score_from_stats(scorer.sum_stats(lines), n_refs) for lines in per_system]
    figures: list[dict[str, Any]] | None = None
    signature = scorer.signature(n_refs)
    if test is not None:
        sums, vector = scorer.significance_sums(counts)
        vectors = [[vector(st) for st in lines] for lines in per_system]
        try:
            found = finish(significance_steps(test, vectors, sums, n, seed), meter)
        except ValueError as e:
            parser.error(str(e))
        figures = [r.to_dict() for r in found]
        signature = scorer.signature(n_refs, **signature_extras(test, n, seed))
    return _format(args, systems, results, figures, signature)


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
    if hasattr(result, "details"):  # the metric's own figures (ROUGE, GLEU, NIST)
        return str(result.details())
    d = result.to_dict()
    if "num_edits" in d:
        return f"edits = {d['num_edits']}  ref_len = {d['ref_length']:.1f}"
    return (
        f"avg precision = {100 * d['avg_precision']:.2f}  avg recall = {100 * d['avg_recall']:.2f}  "
        f"effective order = {d['effective_order']}"
    )
