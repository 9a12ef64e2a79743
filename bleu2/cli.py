"""Command line: ``bleu2`` and ``python -m bleu2``.

Scores one or more systems (candidate files) against one or more reference
files. All files are line-aligned UTF-8: line i of every file belongs to
candidate i. Lines are split on ``\\n`` only (one trailing ``\\r`` is removed),
so other Unicode line breaks stay inside a line; a final newline does not make
an extra empty line.

Everything is read, checked and computed before anything is printed, so a
failed run prints nothing on stdout: only ``bleu2: error: ...`` on stderr and a
non-zero exit status (2 for bad options, 1 for bad input files).

Exit status: 0 on success, 1 for unreadable or inconsistent input, 2 for bad
options, 130 on Ctrl-C.

Standard library only (argparse), like the rest of the package.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import sys
import time
from collections.abc import Generator, Sequence
from typing import Any, BinaryIO, TextIO

from ._version import __version__
from .api import references_from_streams
from .lines import STDIN, InputError, check_line_counts, label
from .lines import read_lines as _read_lines
from .options import DEFAULTS, EMPTY_REFERENCES, PRESETS, REF_LENGTHS
from .peers import corpus_peer_table, peer_report
from .report import corpus_json, ranked_table, sentences_jsonl, summary_line
from .scorer import BLEU
from .significance import DEFAULT_SEED, Result, signature_extras, steps
from .smoothing import SMOOTHING_METHODS
from .tokenizers import TOKENIZERS

__all__ = ["main", "build_parser", "read_lines", "InputError"]

PROG = "bleu2"

#: Seconds a run must last before the progress bar appears.
PROGRESS_DELAY = 1.0
#: Seconds between two redraws of the progress bar.
PROGRESS_INTERVAL = 0.1

# The clock of the progress bar (tests replace it).
_now = time.monotonic


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


class Progress:
    """A plain ``\\r`` text progress bar on stderr.

    Drawn only when stderr is a terminal, and only once the run has lasted
    :data:`PROGRESS_DELAY` seconds; erased by :meth:`close`.
    """

    width = 30

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = max(total, 0)
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.total > 0 and _isatty(self.stream)
        self.start = _now() if self.enabled else 0.0
        self.last_draw: float | None = None
        self.drawn_len = 0
        self.columns = _columns(self.stream) if self.enabled else 80

    def update(self, done: int, label: str = "") -> None:
        if not self.enabled:
            return
        now = _now()
        if now - self.start < PROGRESS_DELAY:
            return
        if self.last_draw is not None and now - self.last_draw < PROGRESS_INTERVAL and done < self.total:
            return
        self.last_draw = now
        frac = min(done / self.total, 1.0)
        filled = round(frac * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        text = f"{PROG} [{bar}] {frac * 100:3.0f}% {done}/{self.total} lines"
        if label:
            text += f"  {label}"
        text = text[: max(self.columns - 1, 20)]  # one line: a wrapped line breaks \r
        pad = " " * max(self.drawn_len - len(text), 0)
        self._write("\r" + text + pad)
        self.drawn_len = len(text)

    def close(self) -> None:
        if self.drawn_len:
            self._write("\r" + " " * self.drawn_len + "\r")
            self.drawn_len = 0

    def _write(self, s: str) -> None:
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False


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
            "is a terminal."
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
    sig.add_argument(
        "--confidence-n", type=int, default=1000, metavar="N", help="resamples for --confidence (default: 1000)"
    )
    sig.add_argument(
        "--paired-bs-n", type=int, default=1000, metavar="N", help="resamples for --paired-bs (default: 1000)"
    )
    sig.add_argument(
        "--paired-ar-n", type=int, default=10000, metavar="N", help="trials for --paired-ar (default: 10000)"
    )
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
    out.add_argument("--sentence", action="store_true", help="print one JSON object per sentence (JSON Lines)")
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


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    """Validate, read, score and format; return the text for stdout.

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
    if STDIN in systems and _isatty(sys.stdin):
        sys.stderr.write(f"{PROG}: reading the system from standard input (end with Ctrl-D)\n")

    keep_bom = args.preset in SACREBLEU_READING
    ref_files = [(p, read_lines(p, keep_bom)) for p in args.references]
    sys_files = [(p, read_lines(p, keep_bom)) for p in systems]
    check_line_counts(ref_files + sys_files)
    references = references_from_streams([lines for _, lines in ref_files])

    n = len(ref_files[0][1])
    progress = Progress(n * len(sys_files))
    results = []
    try:
        for k, (path, lines) in enumerate(sys_files):

            def report(done: int, k: int = k, path: str = path) -> None:
                progress.update(k * n + done, label(path))

            stats, _ = bleu.corpus_stats(lines, references, progress=report)
            report(n)
            results.append(bleu.corpus_from_stats(stats, len(ref_files)))
    finally:
        progress.close()

    if args.sentence:
        return sentences_jsonl([(path, res) for (path, _), res in zip(sys_files, results)])
    test, n = _test(args, parser, len(results))
    sig = signature = None
    if test:
        seed = _seed(args.seed, parser)
        progress = Progress(n)
        try:
            found = _drive(steps(test, [r.sentence_stats for r in results], bleu.config, n, seed), progress)
        except ValueError as e:
            parser.error(str(e))
        finally:
            progress.close()
        sig = [r.to_dict() for r in found]
        signature = bleu.signature(len(ref_files), **signature_extras(test, n, seed))
    corpus = [(path, res.corpus) for (path, _), res in zip(sys_files, results)]
    peers = (
        [corpus_peer_table(lines, references, **bleu.config.options()) for _, lines in sys_files]
        if args.presets
        else []
    )
    if args.json:
        return corpus_json(corpus, sig, signature, [{"presets": t.to_dict()["presets"]} for t in peers] or None)
    if len(results) == 1:
        text = summary_line(results[0].corpus, sig[0] if sig else None, signature)
    else:
        text = ranked_table([(label(path), r) for path, r in corpus], sig, signature)
    return text + "".join("\n" + peer_report(t, label(path)) for (path, _), t in zip(sys_files, peers))


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


def _drive(gen: Generator[tuple[int, int], None, list[Result]], progress: Progress) -> list[Result]:
    """Run a significance test's steps, drawing the progress bar."""
    try:
        while True:
            done, total = next(gen)
            progress.update(round(done / total * progress.total) if total else progress.total, "significance")
    except StopIteration as stop:
        results: list[Result] = stop.value
        return results


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
    except SystemExit as e:  # argparse: --help, --version, usage errors
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except InputError as e:
        _error(str(e))
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and point stdout at
        # devnull so that Python's final flush does not fail again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 0
    return 0
