"""The two commands' argument parsers: bleu2's own options (:func:`build_parser`) and
sacreBLEU 2.6.0's flags for BLEU (:func:`build_sacrebleu_parser`)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any, NoReturn

from .._version import __version__
from ..corpus.significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..metrics import registry
from ..metrics.bleu.options import DEFAULTS, EMPTY_REFERENCES, PRESETS, REF_LENGTHS
from ..metrics.bleu.smoothing import SMOOTHING_METHODS
from ..tokenizers import TOKENIZERS
from .metric_flags import add_text_metric_options
from .progress import PROGRESS_LOG_INTERVAL
from .reading import PROG

__all__ = [
    "BLEU_FLAGS",
    "METRICS",
    "METRIC_FLAGS",
    "FORMATS",
    "MISSING_TOKENIZERS",
    "SACREBLEU_METRICS",
    "SACREBLEU_PROG",
    "SACREBLEU_TOKENIZERS",
    "SACREBLEU_SIGNATURE_VERSION",
    "SACREBLEU_VERSION",
    "SMOOTH_DEFAULTS",
    "OneLineErrors",
    "add_bleu_options",
    "add_reference_option",
    "build_parser",
    "build_sacrebleu_parser",
    "given_bleu_options",
    "join_weights",
    "parse_weights",
]

#: ``bleu2 sacrebleu``'s name and its ``--version``.
SACREBLEU_PROG = "bleu2 sacrebleu"
SACREBLEU_VERSION = f"bleu2-{__version__}"
#: The version in ``bleu2 sacrebleu``'s signatures: sacreBLEU's own, as its output is sacreBLEU
#: 2.6.0's byte for byte (everywhere else a signature carries bleu2's version).
SACREBLEU_SIGNATURE_VERSION = "2.6.0"

#: sacreBLEU 2.6.0's tokenizers: those bleu2 has, and the others (refused by name).
SACREBLEU_TOKENIZERS = ("none", "zh", "13a", "intl", "char")
MISSING_TOKENIZERS = {
    "ja-mecab": "it needs MeCab",
    "ko-mecab": "it needs MeCab",
    "spm": "it needs SentencePiece and a downloaded model",
    "flores101": "it needs SentencePiece and a downloaded model",
    "flores200": "it needs SentencePiece and a downloaded model",
    "spBLEU-1K": "it needs SentencePiece and a downloaded model",
}
#: sacreBLEU 2.6.0's metrics (``-m``): those of :mod:`bleu2.metrics.registry` sacreBLEU has.
SACREBLEU_METRICS = registry.names(sacrebleu=True)
SMOOTH_DEFAULTS: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
FORMATS = ("json", "text", "latex")


class OneLineErrors(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line that names ``--help``, without
    the usage block argparse prints before it (exit status 2, as argparse's)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# --------------------------------------------------------------------------- bleu2


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


def join_weights(argv: Sequence[str]) -> list[str]:
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


def parse_weights(value: str | None) -> list[float] | None:
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


#: The BLEU options both commands take (:func:`add_bleu_options`): keyword -> flags, in the
#: order ``--help`` lists them.
BLEU_FLAGS = {
    "max_order": "-n/--max-order",
    "weights": "-w/--weights",
    "smoothing": "-s/--smoothing",
    "smooth_value": "--smooth-value",
    "effective_order": "--effective-order",
    "tokenizer": "-t/--tokenizer",
    "lowercase": "--lowercase",
    "empty_references": "--empty-references",
    "ref_length": "--ref-length",
    "rstrip": "--rstrip",
}


def given_bleu_options(args: argparse.Namespace) -> dict[str, Any]:
    """The BLEU options given on the command line (:func:`add_bleu_options`), as keywords
    of :class:`bleu2.BLEU` in :data:`BLEU_FLAGS`' order; those not given are left out.

    ``--weights`` without ``--max-order`` sets the order to the number of weights, as NLTK's
    ``weights`` does (``max_order`` then comes last).

    Raises:
        ValueError: ``--weights`` is not a list of numbers (:func:`parse_weights`), or
            ``--max-order`` and the number of weights disagree.
    """
    given = {key: getattr(args, key) for key in BLEU_FLAGS}
    given["weights"] = weights = parse_weights(args.weights)
    out = {k: v for k, v in given.items() if v is not None}
    if weights is not None:
        order = out.setdefault("max_order", len(weights))
        if order != len(weights):
            raise ValueError(
                f"-n/--max-order {order} and -w/--weights with {len(weights)} number(s) disagree: "
                f"give one weight per order, or leave out -n (the weights then set the order)"
            )
    return out


#: bleu2's own command's metrics (``--metric``): the registry's, without settings of another (chrF++).
METRICS = registry.names(variants=False)

#: The other metrics' options on bleu2's own command (each metric's ``flags`` in the
#: registry): dest -> (the metric's display name, the flag).
METRIC_FLAGS = {dest: (m.display, flag) for m in registry.metrics(variants=False) for dest, flag in m.flags.items()}


def number(text: str) -> int | float:
    """A number as given: ``2`` an int (chrF2), ``0.5`` a float (chrF0.5)."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def add_metric_options(p: argparse.ArgumentParser) -> None:
    """Add ``--metric`` and the chrF and TER options (:data:`METRIC_FLAGS`) to ``p``; each
    defaults to None (the engine's default)."""
    p.add_argument(
        "--metric",
        choices=registry.names(variants=False),
        default=registry.DEFAULT,
        help="the metric: bleu (default), chrf (chrF; chrF++ with --word-order 2) or ter (TER), "
        "each as sacreBLEU 2.6.0 computes it; rouge (rouge-score's mean F of the first --rouge-types), "
        "gleu (NLTK's corpus_gleu) or nist (mteval-v13a.pl's NIST; NLTK's with --nist-rules nltk)",
    )
    g = p.add_argument_group("chrF and TER (with --metric chrf or ter; --lowercase applies to both)")
    g.add_argument("--char-order", type=int, metavar="N", help="chrF: character n-gram order (default: 6)")
    g.add_argument("--word-order", type=int, metavar="N", help="chrF: word n-gram order (default: 0; 2: chrF++)")
    g.add_argument("--beta", type=number, metavar="B", help="chrF: recall's weight beta (default: 2)")
    g.add_argument("--whitespace", action="store_const", const=True, help="chrF: keep spaces in character n-grams")
    g.add_argument(
        "--eps-smoothing",
        action="store_const",
        const=True,
        help="chrF: chrF++.py's epsilon for orders without n-grams (default: sacreBLEU's effective order)",
    )
    g.add_argument("--normalized", action="store_const", const=True, help="TER: tercom's normalization")
    g.add_argument("--no-punct", action="store_const", const=True, help="TER: remove punctuation")
    g.add_argument(
        "--asian-support", action="store_const", const=True, help="TER: CJK handling for --normalized and --no-punct"
    )
    add_text_metric_options(p)


def add_reference_option(p: argparse._ActionsContainer) -> None:
    """Add ``-r/--reference/--ref REF`` (required, repeatable) to ``p``, as both commands
    take it and ``--help`` describes it."""
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


def add_bleu_options(p: argparse._ActionsContainer) -> None:
    """Add the BLEU options both commands take to ``p`` (a parser or an argument group):
    -n, -w, -s, --smooth-value, --effective-order, -t, --lowercase, --empty-references,
    --ref-length and --rstrip, with one help text each, so that ``bleu2 --help`` and
    ``bleu2 compare --help`` describe them alike. Each defaults to None: the options
    module's default, or a preset's, applies. ``--weights`` wants :func:`join_weights`
    on the arguments first (space-separated weights)."""
    tokenizers = ", ".join(TOKENIZERS)
    smoothings = ", ".join(SMOOTHING_METHODS)
    p.add_argument(
        "-n",
        "--max-order",
        type=int,
        metavar="N",
        help=f"highest n-gram order N >= 1; with -w alone, the number of weights (default: {DEFAULTS['max_order']})",
    )
    p.add_argument(
        "-w",
        "--weights",
        metavar="W[,W...]",
        help="N weights summing to 1, space- or comma-separated: the numbers up to the "
        "next argument that is not a number; without -n they set N, as NLTK's weights do (default: uniform 1/N)",
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


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser (read the tokenizer and smoothing registries now)."""
    p = OneLineErrors(
        prog=PROG,
        allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "BLEU (or chrF, TER: --metric) of one or more systems against one or more references\n"
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
            "  bleu2 -r ref.txt --metric chrf --word-order 2 sys1.txt sys2.txt\n"
            "  bleu2 -r ref.txt --metric ter --paired-bs sys1.txt sys2.txt\n"
            "\n"
            "subcommands (each with its own --help):\n"
            "  bleu2 sacrebleu ...  sacreBLEU 2.6.0's command line (its flags, output and\n"
            "                       tests) on bleu2's engine: bleu2 sacrebleu ref.txt -i sys.txt\n"
            "  bleu2 compare ...    compare-mt's analyses of two systems (docs/compare.md)\n"
            "  bleu2 multi-bleu [-lc] REF < HYP, bleu2 multi-bleu-detok [-lc] REF < HYP\n"
            "                       Moses' multi-bleu.perl and multi-bleu-detok.perl\n"
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
    add_reference_option(p)
    add_bleu_options(p)
    add_metric_options(p)
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
        help="print one JSON object per sentence (JSON Lines), written as the lines are scored; "
        "under --preset sacrebleu each line is scored as sacrebleu -sl does (effective order)",
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


# --------------------------------------------------------------------------- sacreBLEU


def build_sacrebleu_parser() -> argparse.ArgumentParser:
    """sacreBLEU 2.6.0's argument parser, with its flag names and defaults."""
    p = OneLineErrors(
        prog=SACREBLEU_PROG,
        description="sacreBLEU's command line (BLEU, chrF, TER) on bleu2's engine: the same arguments and the same output "
        "(the signatures carry bleu2's version).\nQuick usage: bleu2 sacrebleu ref.txt -i output.txt",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    refused = p.add_argument_group("sacreBLEU arguments bleu2 does not have (refused)")
    for flags in (("--citation", "--cite"), ("--list",)):
        refused.add_argument(*flags, action="store_true", help=argparse.SUPPRESS)
    for flags in (
        ("--test-set", "-t"),
        ("--origlang", "-ol"),
        ("--subset",),
        ("--download",),
    ):
        refused.add_argument(*flags, default=None, help=argparse.SUPPRESS)
    refused.add_argument("--echo", nargs="+", default=None, help=argparse.SUPPRESS)

    p.add_argument("--input", "-i", type=str, nargs="*", default=None, help="Read input from file(s) instead of STDIN.")
    p.add_argument("refs", nargs="*", default=[], help="References; give them before the -i/--input argument.")
    p.add_argument(
        "--language-pair",
        "-l",
        dest="langpair",
        default=None,
        help="Source-target language pair (2-char ISO639-1 codes). With -m bleu and no -tok, the target picks "
        "the tokenizer, as in sacreBLEU: zh -> zh; ja -> ja-mecab and ko -> ko-mecab, which need MeCab "
        "(refused: give -tok); any other -> 13a.",
    )
    p.add_argument(
        "--num-refs",
        "-nr",
        type=int,
        default=1,
        help="Split the reference stream on tabs, and expect this many references. (Default: %(default)s)",
    )
    p.add_argument("--encoding", "-e", type=str, default="utf-8", help="Open text files with this encoding")
    p.add_argument(
        "--metrics",
        "-m",
        choices=registry.names(sacrebleu=True),
        nargs="+",
        default=[registry.DEFAULT],
        help="Space-delimited list of metrics to compute (Default: bleu)",
    )
    p.add_argument("--sentence-level", "-sl", action="store_true", help="Compute metric for each sentence.")
    b = p.add_argument_group("BLEU related arguments")
    b.add_argument("--smooth-method", "-s", choices=list(SMOOTH_DEFAULTS), default="exp", dest="bleu_smooth_method")
    b.add_argument("--smooth-value", "-sv", type=float, default=None, dest="bleu_smooth_value")
    b.add_argument(
        "--tokenize",
        "-tok",
        choices=list(SACREBLEU_TOKENIZERS) + list(MISSING_TOKENIZERS),
        default=None,
        dest="bleu_tokenize",
    )
    b.add_argument("--lowercase", "-lc", dest="bleu_lowercase", action="store_true", default=False)
    b.add_argument("--force", default=False, action="store_true", dest="bleu_force")
    c = p.add_argument_group("chrF related arguments")
    c.add_argument(
        "--chrf-char-order", "-cc", type=int, default=6, help="Character n-gram order. (Default: %(default)s)"
    )
    c.add_argument(
        "--chrf-word-order",
        "-cw",
        type=int,
        default=0,
        help="Word n-gram order (Default: %(default)s). If equals to 2, the metric is referred to as chrF++.",
    )
    c.add_argument(
        "--chrf-beta",
        type=int,
        default=2,
        help="Determine the importance of recall w.r.t precision. (Default: %(default)s)",
    )
    for flag, what in (
        ("--chrf-whitespace", "Include whitespaces when extracting character n-grams."),
        ("--chrf-lowercase", "Enable case-insensitivity."),
        ("--chrf-eps-smoothing", "Enables epsilon smoothing instead of effective order smoothing."),
    ):
        c.add_argument(flag, action="store_true", default=False, help=f"{what} (Default: %(default)s)")
    t = p.add_argument_group("TER related arguments (The defaults replicate TERCOM's behavior)")
    for flag, what in (
        ("--ter-case-sensitive", "Enables case sensitivity."),
        ("--ter-asian-support", "Enables special treatment of Asian characters."),
        ("--ter-no-punct", "Removes punctuation."),
        ("--ter-normalized", "Applies basic normalization and tokenization."),
    ):
        t.add_argument(flag, action="store_true", help=f"{what} (Default: %(default)s)")
    s = p.add_argument_group("Confidence interval (CI) estimation for single-system evaluation")
    s.add_argument("--confidence", "-ci", action="store_true")
    s.add_argument("--confidence-n", "-cin", type=int, default=1000)
    t = p.add_argument_group("Paired significance testing for multi-system evaluation")
    choice = t.add_mutually_exclusive_group()
    choice.add_argument("--paired-ar", "-par", action="store_true")
    choice.add_argument("--paired-bs", "-pbs", action="store_true")
    t.add_argument("--paired-ar-n", "-parn", type=int, default=10000)
    t.add_argument("--paired-bs-n", "-pbsn", type=int, default=1000)
    t.add_argument("--paired-jobs", "-j", type=int, default=1, help="accepted; bleu2 runs the tests in one process")
    r = p.add_argument_group("Reporting related arguments")
    r.add_argument("--quiet", "-q", default=False, action="store_true")
    r.add_argument("--short", "-sh", default=False, action="store_true")
    r.add_argument("--score-only", "-b", default=False, action="store_true")
    r.add_argument("--width", "-w", type=int, default=1)
    r.add_argument("--detail", "-d", default=False, action="store_true")
    r.add_argument("--no-color", "-nc", action="store_true")
    r.add_argument("--format", "-f", default="json", choices=FORMATS)
    p.add_argument("--version", "-V", action="version", version=f"{SACREBLEU_PROG} {SACREBLEU_VERSION}")
    return p
