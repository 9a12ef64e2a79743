"""``bleu2 compare``'s argument parser (:func:`build_parser`) and the checks of its values
(bucket edges, n-gram orders, counts, the seed, the baseline), each naming its option.

A usage error is one line on stderr, ``bleu2 compare: error: ... (see bleu2 compare --help)``,
and exit status 2.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .._version import __version__
from ..analyses import ANALYSIS_PRESETS, COMPARE_MT
from ..analyses import buckets as bk
from ..analyses.tally import COMPARE_TYPES
from ..corpus.significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from .parser import add_bleu_options, add_reference_option
from .progress import PROGRESS_LOG_INTERVAL
from .reading import PROG

__all__ = [
    "COMPARE_PROG",
    "EDGE_OPTIONS",
    "LIST_OPTIONS",
    "build_parser",
    "join_lists",
    "parse_baseline",
    "parse_edges",
    "parse_orders",
    "parse_seed",
]

#: The subcommand's name in messages.
COMPARE_PROG = f"{PROG} compare"

#: (option, keyword of ``bleu2.compare``, integer edges?, default) of every bucket-edge list.
EDGE_OPTIONS: tuple[tuple[str, str, bool, tuple[float, ...]], ...] = (
    ("--frequency-edges", "frequency_edges", True, bk.FREQUENCY_EDGES),
    ("--length-edges", "length_edges", True, bk.LENGTH_EDGES),
    ("--length-difference-edges", "length_difference_edges", True, bk.LENGTH_DIFFERENCE_EDGES),
    ("--sentence-bleu-edges", "sentence_bleu_edges", False, bk.SENTENCE_BLEU_EDGES),
)
#: The options that take a comma-separated list of numbers (which may start with ``-``).
LIST_OPTIONS = frozenset([*(x[0] for x in EDGE_OPTIONS), "--ngram-orders"])

_NUMBER_LIST = re.compile(r"^-?[\d.]+(?:e-?\d+)?(?:,\s*-?[\d.]+(?:e-?\d+)?)*,?$", re.IGNORECASE)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        sys.exit(2)


def join_lists(argv: Sequence[str]) -> list[str]:
    """Rewrite ``--length-difference-edges -20,-10,0`` as ``--length-difference-edges=-20,-10,0``,
    so that a list starting with a minus sign is not taken for an option."""
    out: list[str] = []
    it = iter(argv)
    for tok in it:
        if tok == "--":
            out.append(tok)
            out.extend(it)
            break
        if tok in LIST_OPTIONS:
            nxt = next(it, None)
            if nxt is not None and _NUMBER_LIST.match(nxt):
                out.append(f"{tok}={nxt}")
                continue
            out.append(tok)
            if nxt is not None:
                out.append(nxt)
            continue
        out.append(tok)
    return out


def _numbers(value: str, option: str) -> list[float]:
    parts = [x.strip() for x in value.split(",")]
    if parts and parts[-1] == "":
        parts.pop()  # one trailing comma is fine
    if not parts:
        raise ValueError(f"{option}: give a comma-separated list of numbers, e.g. {option} 1,2,5")
    out: list[float] = []
    for part in parts:
        if not part:
            raise ValueError(f"{option}: empty entry in {value!r}; separate the numbers with single commas")
        try:
            x = float(part)
        except ValueError:
            raise ValueError(f"{option}: {part!r} is not a number (in {value!r})") from None
        out.append(int(x) if x.is_integer() and "." not in part and "e" not in part.lower() else x)
    return out


def parse_edges(value: str, option: str, integers: bool) -> tuple[float, ...]:
    """A comma-separated edge list, checked as :func:`bleu2.analyses.buckets.check_edges`
    checks it (the message names ``option``).

    Raises:
        ValueError: not numbers, not finite, not integers where they must be, not increasing.
    """
    numbers = _numbers(value, option)
    if integers:
        for x in numbers:
            if isinstance(x, float) and not x.is_integer():
                raise ValueError(f"{option}: the edges must be whole numbers, got {x!r}")
        numbers = [int(x) for x in numbers]
    return bk.check_edges(numbers, option, integers)


def parse_orders(value: str) -> tuple[int, int]:
    """``--ngram-orders LO,HI`` (or ``N``: LO = HI = N), 1 <= LO <= HI."""
    numbers = _numbers(value, "--ngram-orders")
    if len(numbers) == 1:
        numbers = numbers * 2
    if len(numbers) != 2 or not all(isinstance(x, int) for x in numbers):
        raise ValueError(f"--ngram-orders: give the lowest and highest n as two whole numbers, e.g. 1,4; got {value!r}")
    lo, hi = int(numbers[0]), int(numbers[1])
    if lo < 1 or hi < lo:
        raise ValueError(f"--ngram-orders: need 1 <= lowest <= highest, got {lo},{hi}")
    return lo, hi


def parse_seed(value: str) -> int | None:
    """``--seed``: an integer, or ``none`` for fresh entropy."""
    if value.strip().lower() == "none":
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"--seed must be an integer or 'none', got {value!r}") from None


def parse_baseline(value: str | None, names: Sequence[str]) -> int:
    """``--baseline``: a system's name (its file as given, or its ``--names`` name) or its
    position from 1; returns the 0-based index (0 when not given)."""
    if value is None:
        return 0
    if value in names:
        if names.count(value) > 1:
            raise ValueError(f"--baseline: {value!r} names {names.count(value)} systems; give its position (1, 2, ...)")
        return names.index(value)
    try:
        k = int(value)
    except ValueError:
        listed = ", ".join(repr(x) for x in names)
        raise ValueError(
            f"--baseline: {value!r} is neither a system ({listed}) nor a position 1..{len(names)}"
        ) from None
    if not 1 <= k <= len(names):
        raise ValueError(f"--baseline: position {k} is out of range: there are {len(names)} systems (1..{len(names)})")
    return k - 1


def _analysis_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("the analyses (compare-mt's defaults)")
    for option, _, _, default in EDGE_OPTIONS:
        what = {
            "--frequency-edges": "word-frequency bucket edges",
            "--length-edges": "reference-length bucket edges (words)",
            "--length-difference-edges": "len(output) - len(reference) bucket edges",
            "--sentence-bleu-edges": "sentence-BLEU bucket edges, fractions in [0, 1]",
        }[option]
        shown = ",".join(str(x) for x in default)
        g.add_argument(option, metavar="E,E,...", help=f"{what} (default: {shown})")
    freq = g.add_mutually_exclusive_group()
    freq.add_argument(
        "--freq-corpus", metavar="FILE", help="word frequencies from the words of FILE (default: the references')"
    )
    freq.add_argument(
        "--freq-counts",
        metavar="FILE",
        help="word frequencies from a word<TAB>count file (lines without exactly two fields are skipped)",
    )
    g.add_argument("--ngram-orders", metavar="LO,HI", help="the n of the characteristic n-grams (default: 1,4)")
    g.add_argument(
        "--ngram-compare", choices=COMPARE_TYPES, default="match", help="what the n-grams count (default: match)"
    )
    g.add_argument("--alpha", type=float, default=1.0, metavar="A", help="the n-gram score's smoothing a (default: 1)")
    g.add_argument(
        "--ngram-k", type=int, default=50, metavar="K", help="n-grams each way, ties with the K-th too (default: 50)"
    )
    g.add_argument("--examples-k", type=int, default=10, metavar="K", help="sentence examples each way (default: 10)")
    g.add_argument(
        "--baseline",
        metavar="SYSTEM",
        help="the system the others are compared with: its position (1 = the first, the default) or its name",
    )
    g.add_argument(
        "--names", metavar="NAME,NAME,...", help="the systems' names, one per system (default: the file names)"
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``bleu2 compare``."""
    presets = ", ".join(ANALYSIS_PRESETS)
    p = _Parser(
        prog=COMPARE_PROG,
        allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "compare-mt's analyses of two or more systems: scores, word accuracy by frequency,\n"
            "BLEU by sentence length, length differences, sentence BLEU, characteristic n-grams\n"
            "and sentence examples (the baseline against each other system); docs/compare.md.\n"
            f"--preset {COMPARE_MT}: every number equals compare-mt 0.2.10's report.\n"
            "Files are line-aligned UTF-8, read as bleu2 reads them."
        ),
        epilog=(
            "output: tables on stdout; --json: the JSON of bleu2.compare(...).to_json()\n"
            "(fractions in [0, 1]); --latex: LaTeX tables; --html FILE: one self-contained\n"
            "HTML file with SVG charts, no script, nothing loaded from anywhere.\n"
            "\n"
            "examples:\n"
            f"  {COMPARE_PROG} --preset compare-mt -r ref.txt sys1.txt sys2.txt\n"
            f"  {COMPARE_PROG} -r ref.a.txt -r ref.b.txt base.txt sys1.txt sys2.txt --json\n"
            f"  {COMPARE_PROG} -r ref.txt sys1.txt sys2.txt --html report.html --paired-bs\n"
            "\n"
            "exit status: 0 success, 1 bad input file, 2 bad option, 130 interrupted."
        ),
    )
    p.add_argument("systems", nargs="*", metavar="SYSTEM", help="two or more system files ('-': stdin, once)")
    add_reference_option(p)
    p.add_argument(
        "--preset",
        choices=list(ANALYSIS_PRESETS),
        metavar="NAME",
        help=f"the rules: {presets} (default: bleu2's defaults)",
    )
    add_bleu_options(
        p.add_argument_group(
            "BLEU options (bleu2's, on top of --preset; under --preset compare-mt only --lowercase applies,"
            " as compare-mt's case_insensitive)"
        )
    )
    _analysis_options(p)
    sig = p.add_argument_group("significance (sacreBLEU's paired tests, the baseline against each other system)")
    tests = sig.add_mutually_exclusive_group()
    tests.add_argument("--paired-bs", action="store_true", help="paired bootstrap resampling (sacreBLEU --paired-bs)")
    tests.add_argument(
        "--paired-ar", action="store_true", help="paired approximate randomization (sacreBLEU --paired-ar)"
    )
    for test, what in (("paired-bs", "resamples"), ("paired-ar", "trials")):
        n = DEFAULT_RESAMPLES[test]
        sig.add_argument(f"--{test}-n", type=int, default=n, metavar="N", help=f"{what} for --{test} (default: {n})")
    sig.add_argument(
        "--seed",
        default=str(DEFAULT_SEED),
        metavar="SEED",
        help=f"the resampling's seed, an integer or 'none' (default: {DEFAULT_SEED})",
    )
    out = p.add_argument_group("output")
    formats = out.add_mutually_exclusive_group()
    formats.add_argument("--json", action="store_true", help="print the result as JSON instead of tables")
    formats.add_argument("--latex", action="store_true", help="print LaTeX tables instead of text tables")
    out.add_argument(
        "--html",
        metavar="FILE",
        help="also write the report as one self-contained HTML file ('-': print it instead of the tables)",
    )
    out.add_argument(
        "--progress",
        action="store_true",
        help=f"progress lines on stderr every {PROGRESS_LOG_INTERVAL:g} s even when it is not a terminal",
    )
    p.add_argument("-V", "--version", action="version", version=f"{COMPARE_PROG} {__version__}")
    return p
