"""``bleu2 compare``: compare-mt's analyses (:func:`bleu2.analyses.compare`) of two or more
systems, as tables, JSON, LaTeX or one self-contained HTML file (docs/cli.md, docs/compare.md).

Files are read as bleu2's own command reads them (:func:`bleu2.cli.reading.read_lines`:
UTF-8, a byte-order mark dropped, ``\\n`` lines with one trailing ``\\r`` removed; under the
``sacrebleu`` presets and ``compare-mt``, whose programs keep it, the mark is kept). Nothing
is printed before everything is read, checked and computed. Exit status: 0 on success, 1
for unreadable or inconsistent input, 2 for bad options, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..analyses import COMPARE_MT, CompareResult, compare, read_counts, rules_for
from ..corpus.lines import STDIN, InputError, check_line_counts, label
from .bleu2_command import SACREBLEU_READING
from .compare_parser import (
    COMPARE_PROG,
    EDGE_OPTIONS,
    build_parser,
    join_lists,
    parse_baseline,
    parse_edges,
    parse_orders,
    parse_seed,
)
from .parser import BLEU_FLAGS, given_bleu_options, join_weights
from .progress import Meter
from .reading import isatty, read_lines, run_main

__all__ = ["KEEP_BOM", "main", "compare_options", "run"]

#: Rules under which a byte-order mark is kept as part of the first word, as their program
#: reads files (sacreBLEU; compare-mt opens files as ``utf-8``, not ``utf-8-sig``).
KEEP_BOM = SACREBLEU_READING | {COMPARE_MT}


def compare_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`bleu2.analyses.compare` the options ask for (without
    the lines, names, baseline and frequency source), checked.

    Raises:
        ValueError, TypeError: a bad value, naming its option.
    """
    options = given_bleu_options(args)
    if args.preset == COMPARE_MT:
        other = [BLEU_FLAGS[k] for k in options if k != "lowercase"]
        if other:
            raise ValueError(f"--preset {COMPARE_MT} takes no BLEU option but --lowercase; got {', '.join(other)}")
    rules_for(args.preset, options)  # the BLEU options' own checks, before any file is read
    kwargs: dict[str, Any] = {"preset": args.preset, **options}
    for option, keyword, integers, _ in EDGE_OPTIONS:
        value = getattr(args, keyword)
        if value is not None:
            kwargs[keyword] = parse_edges(value, option, integers)
    if args.ngram_orders is not None:
        kwargs["ngram_orders"] = parse_orders(args.ngram_orders)
    for option, value in (("--ngram-k", args.ngram_k), ("--examples-k", args.examples_k)):
        if value < 0:
            raise ValueError(f"{option} must be 0 or more, got {value}")
    if not args.alpha >= 0 or args.alpha == float("inf"):
        raise ValueError(f"--alpha must be a finite number >= 0, got {args.alpha}")
    kwargs.update(ngram_compare=args.ngram_compare, alpha=args.alpha, ngram_k=args.ngram_k, examples_k=args.examples_k)
    test = "paired-bs" if args.paired_bs else "paired-ar" if args.paired_ar else None
    if test is not None:
        n = args.paired_bs_n if test == "paired-bs" else args.paired_ar_n
        if n < 1:
            raise ValueError(f"--{test}-n must be at least 1, got {n}")
        kwargs.update(significance=test, significance_n=n, seed=parse_seed(args.seed))
    return kwargs


def _names(args: argparse.Namespace) -> list[str]:
    if args.names is None:
        return [label(p) for p in args.systems]
    names = [x.strip() for x in args.names.split(",")]
    if len(names) != len(args.systems) or not all(names):
        raise ValueError(
            f"--names: give one non-empty name per system, comma-separated: {len(args.systems)} systems, "
            f"got {args.names!r}"
        )
    return names


def _check_files(args: argparse.Namespace) -> None:
    if len(args.systems) < 2:
        got = "none" if not args.systems else f"only {args.systems[0]!r}"
        raise ValueError(f"compare needs at least two system files after the references, got {got}")
    paths = [*args.references, *args.systems, *(x for x in (args.freq_corpus, args.freq_counts) if x)]
    if paths.count(STDIN) > 1:
        raise ValueError("standard input ('-') can be read only once")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[str, CompareResult]:
    """Check the options, read the files, compare; return (the text for stdout, the result).

    Raises:
        InputError: bad input files. SystemExit: bad options (via ``parser.error``).
    """
    try:
        _check_files(args)
        kwargs = compare_options(args)
        names = _names(args)
        kwargs["baseline"] = parse_baseline(args.baseline, names)
    except (ValueError, TypeError) as e:
        parser.error(str(e))
    keep_bom = args.preset in KEEP_BOM
    if STDIN in args.systems and isatty(sys.stdin):
        sys.stderr.write(f"{COMPARE_PROG}: reading a system from standard input (end with Ctrl-D)\n")
    references = [read_lines(p, keep_bom) for p in args.references]
    systems = [read_lines(p, keep_bom) for p in args.systems]
    check_line_counts(list(zip(args.references + args.systems, references + systems)))
    if args.freq_corpus is not None:
        kwargs["freq_corpus"] = read_lines(args.freq_corpus, keep_bom)
    elif args.freq_counts is not None:
        lowercase = rules_for(args.preset, given_bleu_options(args)).config.lowercase
        try:
            kwargs["freq_counts"] = read_counts(read_lines(args.freq_counts, keep_bom), lowercase=lowercase)
        except ValueError as e:  # a count that is not an integer, naming the line
            raise InputError(f"{label(args.freq_counts)}: {e}", "bad_counts", name=args.freq_counts) from None
    meter = Meter(
        log=args.progress,
        units={"analyses": "lines", "significance": "trials" if args.paired_ar else "resamples"},
    )
    completed = False
    try:
        result = compare(systems, references, names=names, progress=meter, **kwargs)
        completed = True
    except ValueError as e:  # what the engine checks itself (e.g. a test that cannot run)
        parser.error(str(e))
    finally:
        meter.close(completed)
    if args.html == STDIN:
        return result.to_html(), result
    if args.json:
        return result.to_json(), result
    if args.latex:
        return result.to_latex(), result
    return result.to_text(), result


def _write_html(path: str, result: CompareResult) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(result.to_html())
    except OSError as e:
        reason = e.strerror or str(e)
        raise InputError(f"--html: cannot write {path!r}: {reason}", "unwritable", name=path, reason=reason) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bleu2 compare``; return the exit status (0 on success).

    Args:
        argv: the arguments after ``compare``; ``None``: ``sys.argv[2:]``.
    """
    argv = list(sys.argv[2:] if argv is None else argv)
    parser = build_parser()

    def work() -> str:
        args = parser.parse_intermixed_args(join_weights(join_lists(argv)))
        output, result = run(args, parser)
        if args.html is not None and args.html != STDIN:
            _write_html(args.html, result)
        return output

    return run_main(COMPARE_PROG, work)
