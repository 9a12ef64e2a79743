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
import json
import math
import os
import sys
import time
from dataclasses import dataclass
from typing import Sequence

from . import __version__
from .api import corpus_bleu, references_from_streams
from .result import BleuResult
from .scoring import BleuConfig, score_from_stats
from .smoothing import DEFAULT_SMOOTHING, SMOOTHING_METHODS
from .stats import SentenceStats, pool_stats
from .tokenizers import DEFAULT_TOKENIZER, TOKENIZERS

__all__ = ["main", "build_parser", "read_lines", "InputError"]

PROG = "bleu2"
STDIN = "-"
STDIN_LABEL = "<stdin>"

#: Lines scored per library call; the progress bar advances by this much.
CHUNK = 256
#: Seconds a run must last before the progress bar appears.
PROGRESS_DELAY = 1.0
#: Seconds between two redraws of the progress bar.
PROGRESS_INTERVAL = 0.1

# The clock of the progress bar (tests replace it).
_now = time.monotonic


class InputError(Exception):
    """Bad input (missing file, bad encoding, line counts): message for the user."""


# --------------------------------------------------------------------------- reading


def _label(path: str) -> str:
    return STDIN_LABEL if path == STDIN else path


def _split_lines(data: bytes, name: str) -> list[str]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise InputError(
            f"{name}: line {line} is not valid UTF-8 (byte 0x{data[e.start]:02x} at byte {col} of the line)"
        ) from None
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [s[:-1] if s.endswith("\r") else s for s in lines]


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        return b""
    buf = getattr(stream, "buffer", None)
    try:
        if buf is not None:
            return buf.read()
        data = stream.read()
    except (OSError, ValueError):  # closed or detached stdin: nothing to read
        return b""
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


def read_lines(path: str) -> list[str]:
    """The lines of a UTF-8 file (``-``: standard input).

    Splits on ``\\n`` only, removes one trailing ``\\r`` from each line, and
    does not count a final newline as an extra empty line.

    Returns:
        list[str], one entry per line.
    Raises:
        InputError: the file cannot be read, or is not valid UTF-8 (the message
            names the file and the 1-based line number).
    """
    name = _label(path)
    if path == STDIN:
        return _split_lines(_read_stdin(), name)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        reason = e.strerror or str(e)
        raise InputError(f"cannot read {path!r}: {reason}") from None
    return _split_lines(data, name)


# --------------------------------------------------------------------------- progress


class Progress:
    """A plain ``\\r`` text progress bar on stderr.

    Drawn only when stderr is a terminal, and only once the run has lasted
    :data:`PROGRESS_DELAY` seconds; erased by :meth:`close`.
    """

    width = 30

    def __init__(self, total: int, stream=None):
        self.total = max(total, 0)
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.total > 0 and _isatty(self.stream)
        self.start = _now() if self.enabled else 0.0
        self.last_draw = None
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
        filled = int(round(frac * self.width))
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


def _columns(stream) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return 80


def _isatty(stream) -> bool:
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
            "                   in command-line order, each with two more keys: \"system\"\n"
            "                   (the file name, \"-\" for stdin) and \"rank\" (1 = best)\n"
            "  --sentence       JSON Lines: one object per sentence with \"line\" (1-based),\n"
            "                   \"score\", \"matches\", \"totals\", \"hyp_len\", \"ref_len\"; with\n"
            "                   several systems also \"system\", systems in command-line order\n"
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
    p.add_argument("-n", "--max-order", type=int, default=2, metavar="N", help="highest n-gram order N >= 1 (default: 2)")
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
        default=DEFAULT_SMOOTHING,
        metavar="NAME",
        help=f"smoothing method, one of: {smoothings} (default: {DEFAULT_SMOOTHING})",
    )
    p.add_argument(
        "--smooth-value",
        type=float,
        default=None,
        metavar="X",
        help="parameter of the smoothing method (e.g. floor's value, add-k's k)",
    )
    p.add_argument(
        "--effective-order",
        action="store_true",
        help="sacreBLEU's effective order: orders with no candidate n-grams leave the mean",
    )
    p.add_argument(
        "-t",
        "--tokenizer",
        default=DEFAULT_TOKENIZER,
        metavar="NAME",
        help=f"tokenizer, one of: {tokenizers} (default: {DEFAULT_TOKENIZER})",
    )
    p.add_argument(
        "--lowercase",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="lower-case before tokenizing (default: the tokenizer's default: "
        f"yes for '{DEFAULT_TOKENIZER}', no for the sacreBLEU tokenizers)",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the corpus result as JSON (see below)")
    out.add_argument("--sentence", action="store_true", help="print one JSON object per sentence (JSON Lines)")
    p.add_argument("-V", "--version", action="version", version=f"{PROG} {__version__}")
    return p


# --------------------------------------------------------------------------- scoring


@dataclass
class SystemResult:
    """The result of one system: its name (as given) and its scores."""

    path: str
    corpus: BleuResult
    sentence_stats: tuple[SentenceStats, ...]
    sentence_scores: tuple[float, ...]

    @property
    def name(self) -> str:
        return _label(self.path)


def _score_system(
    path: str,
    candidates: list[str],
    references: list[list[str]],
    config: BleuConfig,
    n_refs: int,
    options: dict,
    progress: Progress,
    done_before: int,
) -> SystemResult:
    """Corpus BLEU of one system, computed in chunks so that progress can be shown.

    Each chunk goes through :func:`bleu2.corpus_bleu`; the corpus score is then
    computed once from the pooled statistics, which is exactly what
    ``corpus_bleu`` does on the whole file (pooling is a sum of integers).
    """
    n = len(candidates)
    stats: list[SentenceStats] = []
    scores: list[float] = []
    signature = None
    for start in range(0, n, CHUNK):
        res = corpus_bleu(candidates[start : start + CHUNK], references[start : start + CHUNK], **options)
        stats.extend(res.sentence_stats)
        scores.extend(res.sentence_scores)
        signature = res.corpus.signature
        progress.update(done_before + min(start + CHUNK, n), _label(path))
    if signature is None:  # no lines at all
        signature = config.signature(n_refs)
    corpus = score_from_stats(pool_stats(stats, config.max_order), config, signature)
    return SystemResult(path, corpus, tuple(stats), tuple(scores))


def _ranked(results: list[SystemResult]) -> list[SystemResult]:
    # Stable: ties keep the command-line order.
    return sorted(results, key=lambda r: -r.corpus.score)


def _ranks(ranked: list[SystemResult]) -> list[int]:
    """Competition ranks of systems sorted best first: equal scores share a rank
    (1, 1, 3), as on the page."""
    ranks: list[int] = []
    for i, res in enumerate(ranked):
        same = i and res.corpus.score == ranked[i - 1].corpus.score
        ranks.append(ranks[-1] if same else i + 1)
    return ranks


# --------------------------------------------------------------------------- formatting


def _pct(x: float) -> str:
    return f"{x * 100:.2f}"


def _ratio(c: int, r: int) -> str:
    return f"{c / r:.3f}" if r else "n/a"


def format_one(res: SystemResult) -> str:
    """The one-line summary of one system."""
    b = res.corpus
    parts = [f"BLEU-{b.max_order} = {_pct(b.score)}"]
    for p in b.precisions:
        parts.append(f"p{p.n} = {p.matches}/{p.total}")
    parts += [
        f"BP = {b.brevity_penalty:.3f}",
        f"ratio = {_ratio(b.hyp_len, b.ref_len)}",
        f"hyp_len = {b.hyp_len}",
        f"ref_len = {b.ref_len}",
        f"signature = {b.signature}",
    ]
    return "  ".join(parts) + "\n"


def format_table(results: list[SystemResult]) -> str:
    """Systems ranked by score, best first; the shared signature below."""
    ranked = _ranked(results)
    order = ranked[0].corpus.max_order
    header = ["rank", "system", f"BLEU-{order}"] + [f"p{n}" for n in range(1, order + 1)] + ["BP", "c", "r"]
    rows = []
    for rank, res in zip(_ranks(ranked), ranked):
        b = res.corpus
        rows.append(
            [str(rank), res.name, _pct(b.score)]
            + [f"{p.matches}/{p.total}" for p in b.precisions]
            + [f"{b.brevity_penalty:.3f}", str(b.hyp_len), str(b.ref_len)]
        )
    widths = [max(len(row[j]) for row in [header] + rows) for j in range(len(header))]
    left = {1}  # the system name is left-aligned, numbers right-aligned

    def fmt(row):
        cells = [c.ljust(w) if j in left else c.rjust(w) for j, (c, w) in enumerate(zip(row, widths))]
        return "  ".join(cells).rstrip()

    lines = [fmt(header)] + [fmt(r) for r in rows]
    signatures = dict.fromkeys(r.corpus.signature for r in ranked)
    lines += [f"signature = {s}" for s in signatures]
    return "\n".join(lines) + "\n"


def format_json(results: list[SystemResult]) -> str:
    if len(results) == 1:
        return json.dumps(results[0].corpus.to_dict(), indent=2) + "\n"
    ranked = _ranked(results)
    rank = {id(r): k for k, r in zip(_ranks(ranked), ranked)}
    out = [dict(r.corpus.to_dict(), system=r.path, rank=rank[id(r)]) for r in results]
    return json.dumps(out, indent=2) + "\n"


def format_sentences(results: list[SystemResult]) -> str:
    several = len(results) > 1
    lines = []
    for res in results:
        for i, (st, sc) in enumerate(zip(res.sentence_stats, res.sentence_scores), start=1):
            obj = {"system": res.path} if several else {}
            obj["line"] = i
            obj["score"] = sc
            obj.update(st.to_dict())
            lines.append(json.dumps(obj))
    return "".join(line + "\n" for line in lines)


# --------------------------------------------------------------------------- main


def _error(msg: str) -> None:
    sys.stderr.write(f"{PROG}: error: {msg}\n")


def _check_line_counts(files: list[tuple[str, list[str]]]) -> None:
    first_path, first_lines = files[0]
    n = len(first_lines)
    bad = [(p, len(lines)) for p, lines in files[1:] if len(lines) != n]
    if bad:
        others = ", ".join(f"{_label(p)} has {k} line{'' if k == 1 else 's'}" for p, k in bad)
        raise InputError(f"line counts differ: {_label(first_path)} has {n} line{'' if n == 1 else 's'}, {others}")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str:
    """Validate, read, score and format; return the text for stdout.

    Raises:
        InputError: bad input files.
        SystemExit: bad options (via ``parser.error``).
    """
    try:
        weights = _parse_weights(args.weights)
        config = BleuConfig.make(
            max_order=args.max_order,
            weights=weights,
            smoothing=args.smoothing,
            smooth_value=args.smooth_value,
            effective_order=args.effective_order,
            tokenizer=args.tokenizer,
            lowercase=args.lowercase,
        )
    except ValueError as e:
        parser.error(str(e))
    options = dict(
        max_order=config.max_order,
        weights=config.weights,
        smoothing=config.smoothing,
        smooth_value=config.smooth_value,
        effective_order=config.effective_order,
        tokenizer=config.tokenizer,
        lowercase=config.lowercase,
    )

    systems = list(args.systems) or [STDIN]
    n_stdin = systems.count(STDIN) + args.references.count(STDIN)
    if n_stdin > 1:
        parser.error("standard input ('-') can be read only once")
    if STDIN in systems and _isatty(sys.stdin):
        sys.stderr.write(f"{PROG}: reading the system from standard input (end with Ctrl-D)\n")

    ref_files = [(p, read_lines(p)) for p in args.references]
    sys_files = [(p, read_lines(p)) for p in systems]
    _check_line_counts(ref_files + sys_files)
    references = references_from_streams([lines for _, lines in ref_files])

    n = len(ref_files[0][1])
    progress = Progress(n * len(sys_files))
    try:
        results = []
        for k, (path, lines) in enumerate(sys_files):
            results.append(_score_system(path, lines, references, config, len(ref_files), options, progress, k * n))
    finally:
        progress.close()

    if args.sentence:
        return format_sentences(results)
    if args.json:
        return format_json(results)
    if len(results) == 1:
        return format_one(results[0])
    return format_table(results)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 on success).

    Args:
        argv: the arguments without the program name; ``None``: ``sys.argv[1:]``.
    """
    parser = build_parser()
    try:
        # Intermixed: system files may come before, between and after the options.
        args = parser.parse_intermixed_args(_join_weights(sys.argv[1:] if argv is None else argv))
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
