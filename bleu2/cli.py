"""Command line: ``bleu2`` and ``python -m bleu2``.

Scores one or more systems (candidate files) against one or more reference
files. All files are line-aligned UTF-8: line i of every file belongs to
candidate i. Lines are split on ``\\n`` only (one trailing ``\\r`` is removed),
so other Unicode line breaks stay inside a line; a final newline does not make
an extra empty line.

Files are read line by line, all in step, and only what the output needs is kept
(:mod:`bleu2.pipeline`): corpus BLEU keeps sums, significance tests compact per-line
statistics; so memory stays flat however long the files are. ``--jobs N`` shares the
statistics among N processes (the same numbers, bit for bit).

Nothing is printed before everything is read, checked and computed, so a failed run
prints nothing on stdout: only ``bleu2: error: ...`` on stderr and a non-zero exit status
(2 for bad options, 1 for bad input files). The exception is ``--sentence``, which writes
each line's result as it goes: an input error found later (a file that ends early, a
line that is not UTF-8) stops the run there with status 1, after the lines before it.

Exit status: 0 on success, 1 for unreadable or inconsistent input, 2 for bad
options, 130 on Ctrl-C.

Standard library only (argparse), like the rest of the package.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any, BinaryIO, TextIO, cast

from ._version import __version__
from .lines import STDIN, InputError, LineReader, aligned_chunks, label
from .lines import read_lines as _read_lines
from .options import DEFAULTS, EMPTY_REFERENCES, PRESETS, REF_LENGTHS
from .peers import peer_report
from .pipeline import CHUNK_LINES, Keep, Outcome, corpus_steps, cpu_count
from .report import corpus_json, ranked_table, summary_line
from .scorer import BLEU
from .significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from .smoothing import SMOOTHING_METHODS
from .steps import Progress, finish
from .tokenizers import TOKENIZERS

__all__ = ["InputError", "build_parser", "main", "read_lines", "score_files"]

PROG = "bleu2"

#: Seconds a run must last before the progress bar appears.
PROGRESS_DELAY = 1.0
#: Seconds between two redraws of the progress bar.
PROGRESS_INTERVAL = 0.1
#: Seconds between two progress lines in a log (``--progress`` when stderr is not a terminal).
PROGRESS_LOG_INTERVAL = 5.0

# The clock of the progress bar (tests replace it).
_now = time.monotonic


def _stdin() -> BinaryIO | None:
    """Standard input as a binary stream (its text stream where it has no buffer; None
    for none)."""
    stream = sys.stdin
    if stream is None:
        return None
    return cast(BinaryIO, getattr(stream, "buffer", stream))  # a text stream: LineReader encodes what it reads


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        return b""
    buf: BinaryIO | None = getattr(stream, "buffer", None)
    try:
        if buf is not None:
            return buf.read()
        data = stream.read()
    except (OSError, ValueError):  # closed or detached stdin: nothing to read
        return b""
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


#: Presets under which files are read as sacreBLEU's command line reads them (a byte-order
#: mark is kept as part of the first word).
SACREBLEU_READING = frozenset({"sacrebleu", "sacrebleu-sentence"})


def read_lines(path: str, keep_bom: bool = False) -> list[str]:
    """The lines of a UTF-8 file (``-``: standard input), as :func:`bleu2.lines.split_lines`
    reads them (BOM dropped unless ``keep_bom``, split on ``\\n``, one trailing ``\\r``
    removed per line).

    Raises:
        InputError: unreadable, not UTF-8 (the message names the file and line; gzip and
            UTF-16 files are named as such) or binary.
    """
    return _read_lines(path, _read_stdin, keep_bom)


# --------------------------------------------------------------------------- progress


class Meter:
    """Progress on stderr, from the :class:`~bleu2.steps.Progress` of a run.

    On a terminal: a ``\\r`` bar, drawn once the run has lasted :data:`PROGRESS_DELAY`
    seconds and erased by :meth:`close`. Elsewhere (a log), with ``log``: a line every
    :data:`PROGRESS_LOG_INTERVAL` seconds (the lines or resamples done, their rate, the
    total or the part of the input read when known) and one when each stage ends.
    """

    width = 30

    def __init__(self, stream: TextIO | None = None, log: bool = False, units: dict[str, str] | None = None):
        self.stream = sys.stderr if stream is None else stream
        self.bar = _isatty(self.stream)
        self.log = log and not self.bar
        self.units = {"scoring": "lines", "significance": "resamples", **(units or {})}
        self.start = self.stage_start = self.last_log = _now()
        self.stage: str | None = None
        self.last: Progress | None = None
        self.last_draw: float | None = None
        self.drawn_len = 0
        self.columns = _columns(self.stream) if self.bar else 80

    def __call__(self, p: Progress) -> None:
        now = _now()
        if p.stage != self.stage:
            if self.stage is not None:  # the first stage started with the meter (reading)
                self._stage_line(now)
                self.stage_start = self.last_log = now
            self.stage = p.stage
        self.last = p
        if self.bar:
            self._draw(p, now)
        elif self.log and now - self.last_log >= PROGRESS_LOG_INTERVAL:
            self.last_log = now
            rate = _rate(p.done, now - self.stage_start)
            self._write(f"{PROG}: {p.stage}: {self._count(p)}, {rate} {self.units[p.stage]}/s\n")

    def _count(self, p: Progress) -> str:
        unit = self.units[p.stage]
        if p.total is not None:
            return f"{p.done:,}/{p.total:,} {unit} ({p.share() or 0:.0%})"
        if p.fraction is not None:
            return f"{p.done:,} {unit} ({p.fraction:.0%} read)"
        return f"{p.done:,} {unit}"

    def _stage_line(self, now: float) -> None:
        p = self.last
        if not self.log or p is None:
            return
        seconds = now - self.stage_start
        rate = f", {_rate(p.done, seconds)} {self.units[p.stage]}/s" if seconds > 0 else ""
        self._write(f"{PROG}: {p.stage}: {self._count(p)} in {seconds:.1f} s{rate}\n")

    def _draw(self, p: Progress, now: float) -> None:
        if now - self.start < PROGRESS_DELAY:
            return
        share = p.share()
        if self.last_draw is not None and now - self.last_draw < PROGRESS_INTERVAL and share != 1.0:
            return
        self.last_draw = now
        unit = self.units[p.stage]
        count = f"{p.done}/{p.total} {unit}" if p.total is not None else f"{p.done} {unit}"
        if share is None:
            text = f"{PROG} {count}  {p.stage}"
        else:
            filled = round(share * self.width)
            bar = "#" * filled + "-" * (self.width - filled)
            text = f"{PROG} [{bar}] {share * 100:3.0f}% {count}  {p.stage}"
        text = text[: max(self.columns - 1, 20)]  # one line: a wrapped line breaks \r
        pad = " " * max(self.drawn_len - len(text), 0)
        self._write("\r" + text + pad)
        self.drawn_len = len(text)

    def close(self, completed: bool = True) -> None:
        """Erase the bar; in a log, the last stage's line (when the run completed)."""
        if completed:
            self._stage_line(_now())
        if self.drawn_len:
            self._write("\r" + " " * self.drawn_len + "\r")
            self.drawn_len = 0

    def _write(self, s: str) -> None:
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            self.bar = self.log = False


def _rate(done: int, seconds: float) -> str:
    """``done`` per second for a log: whole numbers, two significant digits below 10."""
    rate = done / seconds if seconds > 0 else 0.0
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return 80


def _isatty(stream: TextIO | None) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


# --------------------------------------------------------------------------- options


def _is_number_list(token: str) -> bool:
    parts = [x for x in token.split(",") if x.strip()]
    if not parts:
        return False
    try:
        for x in parts:
            float(x)
    except ValueError:
        return False
    return True


def _join_weights(argv: Sequence[str]) -> list[str]:
    """Rewrite ``--weights 0.25 0.75 sys.txt`` as ``--weights 0.25,0.75 sys.txt``.

    argparse's ``nargs="+"`` would swallow the system files that follow; here
    the weights end at the first argument that is not a number (list).
    The numbers are passed as ``--weights=a,b``, so that a negative number (which
    the library then rejects with its own message) is not taken for an option.
    """
    out: list[str] = []
    it = iter(argv)
    for tok in it:
        if tok == "--":
            out.append(tok)
            out.extend(it)
            break
        if tok not in ("-w", "--weights"):
            out.append(tok)
            continue
        nums: list[str] = []
        following = None
        for nxt in it:
            if _is_number_list(nxt):
                nums.append(nxt)
                continue
            following = nxt
            break
        out.append(f"--weights={','.join(nums)}" if nums else tok)
        if following is not None:
            out.append(following)
    return out


def _parse_weights(value: str | None) -> list[float] | None:
    if value is None:
        return None
    out = []
    for part in value.split(","):
        part = part.strip()
        if not part:
            raise ValueError(f"--weights: empty entry in {value!r}; give one number per order, e.g. 0.5,0.5")
        try:
            x = float(part)
        except ValueError:
            raise ValueError(f"--weights: {part!r} is not a number") from None
        if not math.isfinite(x):
            raise ValueError(f"--weights: {part!r} is not a finite number")
        out.append(x)
    if not out:
        raise ValueError("--weights: give one number per order, e.g. --weights 0.5 0.5")
    return out


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser (read the tokenizer and smoothing registries now)."""
    tokenizers = ", ".join(TOKENIZERS)
    smoothings = ", ".join(SMOOTHING_METHODS)
    p = argparse.ArgumentParser(
        prog=PROG,
        allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "BLEU of one or more systems against one or more references\n"
            "(BLEU-2, add-1 smoothing and the 'default' tokenizer unless told otherwise).\n"
            "Files are line-aligned UTF-8; line i of every file belongs to sentence i.\n"
            "Scores are printed in percent (0-100) for display; --json and --sentence\n"
            "give the exact values as fractions in [0, 1]."
        ),
        epilog=(
            "output:\n"
            "  one system:      one line with BLEU, p_n as matches/total, BP, ratio c/r,\n"
            "                   hyp_len (c), ref_len (r) and the signature\n"
            "  several systems: a table ranked by score, best first\n"
            "  --json           one system: one JSON object, the schema of\n"
            "                   BleuResult.to_dict() (score, brevity_penalty, hyp_len,\n"
            "                   ref_len, precisions, max_order, smoothing, tokenizer,\n"
            "                   signature). Several systems: a JSON list of such objects\n"
            '                   in command-line order, each with two more keys: "system"\n'
            '                   (the file name, "-" for stdin) and "rank" (1 = best)\n'
            '  --sentence       JSON Lines: one object per sentence with "line" (1-based),\n'
            '                   "score", "matches", "totals", "hyp_len", "ref_len"; with\n'
            '                   several systems also "system", systems in command-line order\n'
            "\n"
            "examples:\n"
            "  bleu2 -r ref.txt sys.txt\n"
            "  bleu2 -r ref.txt < sys.txt\n"
            "  bleu2 -r ref.a.txt -r ref.b.txt -t intl --smoothing none -n 4 sys1.txt sys2.txt\n"
            "  bleu2 -r ref.txt --json sys.txt\n"
            "\n"
            "exit status: 0 success, 1 bad input file, 2 bad option, 130 interrupted.\n"
            "A progress bar appears on stderr for runs over about a second when stderr\n"
            "is a terminal (--progress: progress lines in a log too). Files are read\n"
            "line by line in step, so memory stays flat however long they are."
        ),
    )
    p.add_argument(
        "systems",
        nargs="*",
        metavar="SYSTEM",
        help="candidate (hypothesis) files, one sentence per line; '-' or none: read stdin",
    )
    p.add_argument(
        "-r",
        "--reference",
        "--ref",
        dest="references",
        action="append",
        required=True,
        metavar="REF",
        help="reference file, line-aligned with the systems; repeat for several references",
    )
    p.add_argument(
        "-n",
        "--max-order",
        type=int,
        metavar="N",
        help=f"highest n-gram order N >= 1 (default: {DEFAULTS['max_order']})",
    )
    p.add_argument(
        "-w",
        "--weights",
        metavar="W[,W...]",
        help="N weights summing to 1, space- or comma-separated: the numbers up to the "
        "next argument that is not a number (default: uniform 1/N)",
    )
    p.add_argument(
        "-s",
        "--smoothing",
        metavar="NAME",
        help=f"smoothing method, one of: {smoothings} (default: {DEFAULTS['smoothing']})",
    )
    p.add_argument(
        "--smooth-value",
        type=float,
        metavar="X",
        help="parameter of the smoothing method (e.g. floor's value, add-k's k)",
    )
    p.add_argument(
        "--effective-order",
        action="store_const",
        const=True,
        help="sacreBLEU's effective order: orders with no candidate n-grams leave the mean",
    )
    p.add_argument(
        "-t",
        "--tokenizer",
        metavar="NAME",
        help=f"tokenizer, one of: {tokenizers} (default: {DEFAULTS['tokenizer']})",
    )
    p.add_argument(
        "--lowercase",
        action=argparse.BooleanOptionalAction,
        help="lower-case before tokenizing (default: the tokenizer's default: "
        f"yes for '{DEFAULTS['tokenizer']}', no for the sacreBLEU tokenizers)",
    )
    p.add_argument(
        "--empty-references",
        choices=EMPTY_REFERENCES,
        help="'ignore' (default): a reference with no tokens is left out while another one of "
        "the same line has tokens; 'count': its length 0 competes for r, as in sacreBLEU and NLTK",
    )
    p.add_argument(
        "--ref-length",
        choices=REF_LENGTHS,
        help="r when a line has several references: 'closest' (default; ties to the shorter), "
        "'closest-first' (ties to the first given, as torchmetrics) or 'shortest' (as HF evaluate)",
    )
    p.add_argument(
        "--rstrip",
        action=argparse.BooleanOptionalAction,
        help="remove each line's trailing whitespace before tokenizing, as sacreBLEU does (default: no)",
    )
    presets = p.add_mutually_exclusive_group()
    presets.add_argument(
        "--preset",
        choices=list(PRESETS),
        metavar="NAME",
        help="a peer's rules as the starting point (the other options still apply): "
        + ", ".join(PRESETS)
        + "; under sacrebleu and sacrebleu-sentence a byte-order mark is kept, as sacreBLEU does",
    )
    presets.add_argument(
        "--sacrebleu",
        action="store_const",
        dest="preset",
        const="sacrebleu",
        help="the same as --preset sacrebleu (sacreBLEU 2.6.0's BLEU() and command line)",
    )
    sig = p.add_argument_group("significance (sacreBLEU's tests; the first system is the baseline)")
    tests = sig.add_mutually_exclusive_group()
    tests.add_argument(
        "--confidence",
        action="store_true",
        help="bootstrap 95%% confidence intervals for each system (sacreBLEU --confidence)",
    )
    tests.add_argument(
        "--paired-bs",
        action="store_true",
        help="paired bootstrap resampling against the first system (sacreBLEU --paired-bs)",
    )
    tests.add_argument(
        "--paired-ar",
        action="store_true",
        help="paired approximate randomization against the first system (sacreBLEU --paired-ar)",
    )
    for test, what in (("confidence", "resamples"), ("paired-bs", "resamples"), ("paired-ar", "trials")):
        n = DEFAULT_RESAMPLES[test]
        sig.add_argument(f"--{test}-n", type=int, default=n, metavar="N", help=f"{what} for --{test} (default: {n})")
    sig.add_argument(
        "--seed",
        default=str(DEFAULT_SEED),
        metavar="SEED",
        help=f"seed of the resampling, an integer or 'none' for fresh entropy (default: {DEFAULT_SEED}, "
        "sacreBLEU's SACREBLEU_SEED default)",
    )
    p.add_argument(
        "--presets",
        action="store_true",
        help="also score each system under every preset (sacreBLEU, NLTK, HF evaluate, torchmetrics) and "
        'name what makes each differ from the options in use; with --json, each object gets "presets"',
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the corpus result as JSON (see below)")
    out.add_argument(
        "--sentence",
        action="store_true",
        help="print one JSON object per sentence (JSON Lines), written as the lines are scored",
    )
    run = p.add_argument_group("running")
    run.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="processes that tokenize and count (default: 1; 0: one per core); the same numbers, bit for bit",
    )
    run.add_argument(
        "--progress",
        action="store_true",
        help=f"progress lines on stderr every {PROGRESS_LOG_INTERVAL:g} seconds even when it is not a terminal "
        "(a log); a terminal shows a progress bar anyway",
    )
    p.add_argument("-V", "--version", action="version", version=f"{PROG} {__version__}")
    return p


# --------------------------------------------------------------------------- main


def _error(msg: str) -> None:
    sys.stderr.write(f"{PROG}: error: {msg}\n")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The scoring options given on the command line (on top of a preset's with --preset)."""
    options = dict(PRESETS[args.preset]) if args.preset else {}
    given = {
        "max_order": args.max_order,
        "weights": _parse_weights(args.weights),
        "smoothing": args.smoothing,
        "smooth_value": args.smooth_value,
        "effective_order": args.effective_order,
        "tokenizer": args.tokenizer,
        "lowercase": args.lowercase,
        "empty_references": args.empty_references,
        "ref_length": args.ref_length,
        "rstrip": args.rstrip,
    }
    options.update({k: v for k, v in given.items() if v is not None})
    return options


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None) -> str:
    """Validate, read, score and format; return the text for stdout (with ``--sentence``,
    the lines are written to ``out`` as they come and "" is returned).

    Raises:
        InputError: bad input files.
        SystemExit: bad options (via ``parser.error``).
    """
    try:
        bleu = BLEU(**_options(args))
    except (ValueError, TypeError) as e:
        parser.error(str(e))

    systems = list(args.systems) or [STDIN]
    n_stdin = systems.count(STDIN) + args.references.count(STDIN)
    if n_stdin > 1:
        parser.error("standard input ('-') can be read only once")
    test, n = (None, 0) if args.sentence else _test(args, parser, len(systems))
    seed = _seed(args.seed, parser) if test else DEFAULT_SEED
    jobs = _jobs(args.jobs, parser)
    if STDIN in systems and _isatty(sys.stdin):
        sys.stderr.write(f"{PROG}: reading the system from standard input (end with Ctrl-D)\n")

    outcome = score_files(
        bleu,
        args.references,
        systems,
        test=test,
        n=n or None,
        seed=seed,
        jobs=jobs,
        sentences=(sys.stdout if out is None else out) if args.sentence else None,
        progress_log=args.progress,
        parser=parser,
        keep_bom=args.preset in SACREBLEU_READING,
        peers=args.presets,
    )
    if args.sentence:
        return ""
    signature = outcome.signature if test else None
    corpus = [(path, res.corpus) for path, res in zip(systems, outcome.systems)]
    sig = None if outcome.significance is None else [r.to_dict() for r in outcome.significance]
    peers = outcome.peers or []
    if args.json:
        return corpus_json(corpus, sig, signature, [{"presets": t.to_dict()["presets"]} for t in peers] or None)
    if len(corpus) == 1:
        text = summary_line(corpus[0][1], sig[0] if sig else None, signature)
    else:
        text = ranked_table([(label(path), r) for path, r in corpus], sig, signature)
    return text + "".join("\n" + peer_report(t, label(path)) for path, t in zip(systems, peers))


def score_files(
    bleu: BLEU,
    references: Sequence[str],
    systems: Sequence[str],
    *,
    test: str | None = None,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    jobs: int = 1,
    sentences: TextIO | None = None,
    progress_log: bool = False,
    parser: argparse.ArgumentParser | None = None,
    keep_bom: bool = False,
    peers: bool = False,
) -> Outcome:
    """Read line-aligned files in step and run the corpus pipeline on them
    (:func:`bleu2.pipeline.corpus_steps`), with the progress bar (or log lines) on stderr.

    Args:
        bleu: the scorer; references, systems: file paths (``-``: standard input, once).
        test, n, seed, jobs: as :func:`~bleu2.pipeline.corpus_steps`.
        sentences: a text stream: write ``--sentence``'s JSON Lines there, as they come
            (the first system's at once, the others' after it); None: no sentence lines.
        progress_log: progress lines on stderr even when it is not a terminal.
        parser: where a test that cannot run is reported (``parser.error``); None: raise.
        keep_bom: keep a leading byte-order mark as part of the first line, as sacreBLEU
            does (:func:`bleu2.lines.split_lines`).
        peers: also each system's table under every preset (``Outcome.peers``).
    Returns:
        :class:`~bleu2.pipeline.Outcome` (names: the paths given).
    Raises:
        InputError: a file that cannot be read, is not UTF-8 text, or has another
            number of lines than the first reference. ValueError: a test that cannot run.
    """
    readers: list[LineReader] = []
    out = meter = None
    completed = False
    try:
        for path in [*references, *systems]:  # one by one: those opened are closed if the next fails
            readers.append(LineReader(path, _stdin() if path == STDIN else None, keep_bom=keep_bom))  # noqa: PERF401
        if sentences is not None:
            out = _Sentences(sentences, len(systems))
        meter = Meter(log=progress_log, units={"significance": "trials" if test == "paired-ar" else "resamples"})
        steps = corpus_steps(
            bleu,
            aligned_chunks(readers, CHUNK_LINES, len(references)),
            len(systems),
            keep=Keep(sentences=tuple(systems) if sentences is not None else None, peers=peers),
            test=test,
            n=n,
            seed=seed,
            jobs=jobs,
            read_fraction=lambda: _read_fraction(readers),
            on_sentences=out,
        )
        try:
            outcome = finish(steps, meter)
        except ValueError as e:  # a significance test that cannot run (no lines)
            if parser is None:
                raise
            parser.error(str(e))
        if out is not None:
            out.finish()
        completed = True
    finally:
        if meter is not None:
            meter.close(completed)
        if out is not None:
            out.close()
        for r in readers:
            r.close()
    return outcome


def _read_fraction(readers: Sequence[LineReader]) -> float | None:
    """The part of the input read: the least of the files whose size is known."""
    known = [f for f in (r.fraction() for r in readers) if f is not None]
    return min(known) if known else None


class _Sentences:
    """``--sentence``'s output as it comes: the first system's lines straight to ``out``,
    the others' in temporary files until then (systems are written one after another)."""

    def __init__(self, out: TextIO, n_systems: int):
        self.out = out
        # closed by close(), in run's finally
        self.later = [tempfile.TemporaryFile("w+", encoding="utf-8") for _ in range(n_systems - 1)]  # noqa: SIM115

    def __call__(self, system: int, text: str) -> None:
        (self.later[system - 1] if system else self.out).write(text)

    def finish(self) -> None:
        for f in self.later:
            f.seek(0)
            shutil.copyfileobj(f, self.out)
        self.out.flush()

    def close(self) -> None:
        for f in self.later:
            f.close()


def _jobs(value: int, parser: argparse.ArgumentParser) -> int:
    if value < 0:
        parser.error(f"--jobs must be 0 (one per core) or more, got {value}")
    return value or cpu_count()


def _test(args: argparse.Namespace, parser: argparse.ArgumentParser, n_systems: int) -> tuple[str | None, int]:
    """The significance test asked for, and its number of resamples."""
    for flag, test, n in (
        ("confidence", "confidence", args.confidence_n),
        ("paired_bs", "paired-bs", args.paired_bs_n),
        ("paired_ar", "paired-ar", args.paired_ar_n),
    ):
        if getattr(args, flag):
            if test.startswith("paired") and n_systems < 2:
                parser.error(f"--{test} compares systems with the first one (the baseline): give at least two systems")
            if n < 1:
                parser.error(f"the number of resamples must be at least 1, got {n}")
            return test, n
    return None, 0


def _seed(value: str, parser: argparse.ArgumentParser) -> int | None:
    if value.strip().lower() == "none":
        return None
    try:
        return int(value)
    except ValueError:
        parser.error(f"--seed must be an integer or 'none', got {value!r}")


def _check_combination(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Refuse option combinations that would silently drop something asked for."""
    if args.sentence and args.presets:
        parser.error("--presets compares corpus scores and --sentence prints sentence scores: use one of them")
    if args.sentence and (args.confidence or args.paired_bs or args.paired_ar):
        test = "--confidence" if args.confidence else "--paired-bs" if args.paired_bs else "--paired-ar"
        parser.error(
            f"{test} tests whole systems and --sentence prints sentence scores: run the test without --sentence"
        )


#: sacreBLEU's spellings that bleu2's own command line does not take (``-tok intl`` would
#: read as ``-t ok``): they get a message pointing to ``bleu2 sacrebleu``.
SACREBLEU_FLAGS = frozenset(
    "-tok -lc -i --input -nr --num-refs -sl --sentence-level -sv -ci -cin -pbs -pbsn -par -parn -b --score-only "
    "-f --format -sh --short -q --quiet -nc --no-color".split()
)


def _refuse_sacrebleu_spelling(argv: Sequence[str], parser: argparse.ArgumentParser) -> None:
    for tok in argv:
        if tok == "--":
            return
        if tok.split("=", 1)[0] in SACREBLEU_FLAGS:
            parser.error(
                f"{tok.split('=', 1)[0]} is sacreBLEU's spelling: for sacreBLEU's command line run "
                f"`{PROG} sacrebleu REF -i SYSTEM ...`; bleu2's own options are listed by `{PROG} --help`"
            )


_REFERENCE_FLAGS = ("-r", "--reference", "--ref")


def _warn_reference_read_as_system(argv: Sequence[str], args: argparse.Namespace) -> None:
    """Warn when a file named like a reference (``ref`` in its name) follows ``-r REF`` and
    is read as a system: ``-r r1.ref r2.ref sys`` scores r2.ref as a system (``-r`` takes
    one file; repeat it for several references)."""
    if len(args.systems) < 2:
        return
    for i, tok in enumerate(argv[:-2]):
        if tok == "--":
            return
        if tok in _REFERENCE_FLAGS:
            ref, nxt = argv[i + 1], argv[i + 2]
            named_like_a_reference = "ref" in os.path.basename(nxt).lower()
            if not nxt.startswith("-") and nxt in args.systems and named_like_a_reference:
                sys.stderr.write(
                    f"{PROG}: warning: {nxt!r} is read as a system (a candidate file), not a reference: "
                    f"-r takes one file; for two references repeat it: -r {ref} -r {nxt} ...\n"
                )
                return


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 on success).

    Args:
        argv: the arguments without the program name; ``None``: ``sys.argv[1:]``.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["sacrebleu"]:
        from .sacrebleu_cli import main as sacrebleu_main

        return sacrebleu_main(argv[1:])
    parser = build_parser()
    try:
        # Intermixed: system files may come before, between and after the options.
        _refuse_sacrebleu_spelling(argv, parser)
        args = parser.parse_intermixed_args(_join_weights(argv))
        _check_combination(args, parser)
        _warn_reference_read_as_system(argv, args)
        output = run(args, parser)
        sys.stdout.write(output)
        sys.stdout.flush()
    except SystemExit as e:  # argparse: --help, --version, usage errors
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except InputError as e:
        _error(str(e))
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        reader_gone()
        return 0
    return 0


def reader_gone() -> None:
    """After a BrokenPipeError (the reader went away, e.g. ``| head``): point stdout at
    devnull so that Python's final flush does not fail again; the command stops quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
