"""``bleu2 sacrebleu ...``: sacreBLEU 2.6.0's command line on bleu2's engine.

Takes sacreBLEU's arguments as sacreBLEU spells them (``REF... -i SYS...``,
``-nr/--num-refs``, ``-e/--encoding``, ``-m bleu chrf ter``, ``-sl``, BLEU's ``-s``,
``-sv``, ``-tok``, ``-lc``, ``--force``, chrF's ``-cc``, ``-cw``, ``--chrf-*``, TER's
``--ter-*``, ``-ci``/``-cin``, ``-pbs``/``-pbsn``, ``-par``/``-parn``, ``-j``, ``-q``,
``-sh``, ``-b``, ``-w``, ``-d``, ``-nc``, ``-f json|text|latex``, ``-l``, ``SACREBLEU_SEED``,
``SACREBLEU_FORMAT``, ``NO_COLOR``) and prints on standard output what sacreBLEU prints,
byte for byte, the signatures' sacreBLEU version (``version:2.6.0``) included. Test sets and tokenizers bleu2 does not have (``-t``,
``--echo``, ``-tok ja-mecab``, ``-l en-ja`` ...) are refused by name, in one line; ``-l``
with the user's reference files picks BLEU's tokenizer from the target language, as
sacreBLEU does. The metrics are
:mod:`bleu2.cli.sacrebleu_metrics`'.

How sacreBLEU reads: reference and system files (gzip when the name ends in ``.gz``) in
the given encoding, a byte-order mark kept as part of the first word, lines split on
``\\n`` and each line right-stripped; standard input with universal newlines, several
systems as tab-separated columns; ``-nr N``: N tab-separated references per line.

Scores in percent with sacreBLEU's own arithmetic (:mod:`bleu2.common.sacrebleu_math`), so that every printed digit is sacreBLEU's; the significance tests
are bleu2's (:mod:`bleu2.corpus.significance`, sacreBLEU's numbers); the tables are drawn as
sacreBLEU's ``tabulate`` call draws them (:func:`bleu2.cli.table.tabulate`). Exit status as sacreBLEU's:
0, 1 for bad input, 2 for bad arguments, 17 for a bad tab-separated line.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from ..corpus.lines import InputError, split_lines
from ..corpus.significance import DEFAULT_RESAMPLES
from ..metrics import registry
from .parser import FORMATS, MISSING_TOKENIZERS, build_sacrebleu_parser
from .parser import SACREBLEU_PROG as PROG
from .reading import exit_status, reader_gone
from .sacrebleu_metrics import BleuMetric, SacreMetric, face, make_metric
from .table import Colors, tabulate

__all__ = ["main", "run"]


class _Exit(Exception):
    def __init__(self, status: int, *messages: str):
        super().__init__(messages)
        self.status = status
        self.messages = messages


def _error(status: int, *messages: str) -> _Exit:
    return _Exit(status, *messages)


def _engine_missing(name: str) -> bool:
    try:
        registry.get(name).load()
    except ImportError:
        return True
    return False


def _refuse(args: argparse.Namespace) -> None:
    """Refuse, by name and in one line, what bleu2 does not have."""
    for name in args.metrics:
        if _engine_missing(name):
            raise _error(
                2,
                f"metric {name!r} is not available in this bleu2 (its engine, {registry.get(name).module}, is missing)",
            )
    for dest, flag in (
        ("test_set", "-t/--test-set"),
        ("echo", "--echo"),
        ("download", "--download"),
        ("origlang", "-ol/--origlang"),
        ("subset", "--subset"),
        ("list", "--list"),
        ("citation", "--citation"),
    ):
        if getattr(args, dest, None):
            raise _error(2, f"{flag}: bleu2 has no built-in test sets; give the reference files (REF ... -i SYSTEM)")
    if args.langpair is not None:
        _language_pair(args)
    if _with_bleu(args) and args.bleu_tokenize in MISSING_TOKENIZERS:
        why = MISSING_TOKENIZERS[args.bleu_tokenize]
        raise _error(2, f"tokenizer {args.bleu_tokenize!r} is not available in bleu2 ({why})")


#: BLEU's tokenizer for a target language when ``-tok`` is not given, and sacreBLEU's advice
#: when another is given (sacreBLEU 2.6.0's ``BLEU._TOKENIZER_MAP`` and its warnings).
_TARGET_TOKENIZERS = {
    "zh": ("zh", "Consider using the 'zh' or 'spm' tokenizer for Chinese."),
    "ja": ("ja-mecab", "Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese."),
    "ko": ("ko-mecab", "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean."),
}


def _language_pair(args: argparse.Namespace) -> None:
    """``-l SRC-TRG`` with the user's reference files, as sacreBLEU takes it: the target
    language picks BLEU's tokenizer when ``-tok`` is not given (chrF and TER ignore it).

    Raises:
        _Exit: a pair without ``-``, or a target whose tokenizer bleu2 lacks (MeCab).
    """
    parts = args.langpair.split("-")
    if len(parts) < 2:
        raise _error(2, f"-l/--language-pair: give source-target language codes, e.g. en-de; got {args.langpair!r}")
    target = parts[1]
    if not _with_bleu(args) or target not in _TARGET_TOKENIZERS:
        return
    tokenizer, advice = _TARGET_TOKENIZERS[target]
    if args.bleu_tokenize is None:
        if tokenizer in MISSING_TOKENIZERS:
            raise _error(
                2,
                f"-l/--language-pair {args.langpair} picks BLEU's tokenizer {tokenizer!r} for {target!r}, which is not "
                f"available in bleu2 ({MISSING_TOKENIZERS[tokenizer]}); choose another with -tok (e.g. -tok char)",
            )
        args.bleu_tokenize = tokenizer
    elif args.bleu_tokenize != tokenizer:
        _warn(args, advice)


# --------------------------------------------------------------------------- reading


def _decode(data: bytes, name: str, encoding: str) -> list[str]:
    if encoding.replace("_", "-").lower() in ("utf-8", "utf8"):
        return split_lines(data, name, keep_bom=True)
    try:
        text = data.decode(encoding)
    except LookupError:
        raise _error(2, f"unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as e:
        raise _error(1, f"{name} is not valid {encoding} (byte {e.start + 1})") from None
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines


def _read_file(path: str, encoding: str) -> list[str]:
    """A file's lines as sacreBLEU's ``smart_open`` gives them, each right-stripped."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        if path.endswith(".gz"):
            data = gzip.decompress(data)
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise _error(1, f"cannot read {path!r}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return [line.rstrip() for line in _decode(data, path, encoding)]
    except InputError as e:
        raise _error(1, str(e)) from None


def _read_stdin(encoding: str) -> list[str]:
    """Standard input as sacreBLEU reads it: universal newlines."""
    stream = sys.stdin
    buf = getattr(stream, "buffer", None) if stream is not None else None
    data = buf.read() if buf is not None else (stream.read().encode("utf-8") if stream is not None else b"")
    try:
        text = data.decode(encoding)
    except (LookupError, UnicodeDecodeError) as e:
        raise _error(1, f"standard input: {e}") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if text.endswith("\n") or not text:
        lines.pop()
    return lines


def _references(args: argparse.Namespace) -> list[list[str]]:
    streams: list[list[str]] = [[] for _ in range(max(len(args.refs), args.num_refs))]
    for refno, path in enumerate(args.refs):
        for lineno, line in enumerate(_read_file(path, args.encoding), 1):
            if args.num_refs == 1:
                streams[refno].append(line)
                continue
            fields = line.split("\t", args.num_refs - 1)
            if len(fields) != args.num_refs:
                raise _error(17, f"FATAL: line {lineno}: expected {args.num_refs} fields, but found {len(fields)}.")
            for j, ref in enumerate(fields):
                streams[j].append(ref)
    return streams


def _systems(args: argparse.Namespace, paired: bool) -> tuple[list[list[str]], list[str]]:
    systems: list[list[str]] = []
    names: list[str] = []
    if args.input is None:
        lines = _read_stdin(args.encoding)
        first = lines[0].rstrip().split("\t") if lines else [""]
        systems = [[x] for x in first]
        for line in lines[1:]:
            fields = line.rstrip().split("\t")
            if len(fields) != len(systems):
                raise _error(17, "FATAL: the number of tab-delimited fields in the input stream differ across lines.")
            for column, sent in zip(systems, fields):
                column.append(sent.rstrip())
        names = [f"System {i + 1}" for i in range(len(systems))]
        if paired:
            names = ["Baseline"] + [f"System {i + 1}" for i in range(len(systems) - 1)]
        return systems, names
    for path in args.input:
        if path in names:
            if paired and path == names[0]:
                continue  # sacreBLEU: ignored, it is the baseline
            raise _error(
                1, f"{path!r} already used to name a system.", "Make sure to have a different basename for each system."
            )
        systems.append(_read_file(path, args.encoding))
        names.append(path)
    if paired:
        names[0] = f"Baseline: {names[0]}"
    return systems, names


# --------------------------------------------------------------------------- the run


def _seed_env() -> tuple[str, int | None]:
    raw = os.environ.get("SACREBLEU_SEED", "12345")
    try:
        return raw.lower(), None if raw.lower() == "none" else int(raw)
    except ValueError:
        raise _error(2, f"SACREBLEU_SEED must be an integer or 'none', got {raw!r}") from None


def _warn(args: argparse.Namespace, *lines: str) -> None:
    prefix = "" if args.quiet else "sacreBLEU: "
    for text in lines:
        sys.stderr.write(f"{prefix}{text}\n")


def _tokenized_warning(args: argparse.Namespace, system: Sequence[str]) -> None:
    if not args.bleu_force and sum(1 for h in system if h.endswith(" .")) >= 100:
        _warn(
            args,
            "That's 100 lines that end in a tokenized period ('.')",
            "It looks like you forgot to detokenize your test data, which may hurt your score.",
            "If you insist your data is detokenized, or don't care, you can suppress this message with the "
            "`force` parameter.",
        )


def run(args: argparse.Namespace, colors: Colors) -> str:
    """Check, read, score and format as sacreBLEU 2.6.0's ``main``; return stdout's text.

    Raises:
        _Exit: sacreBLEU's errors (status 1, 2 or 17).
    """
    _refuse(args)
    if args.sentence_level and len(args.metrics) > 1:
        raise _error(1, "Only one metric can be used in sentence-level mode.")
    paired = args.paired_bs or args.paired_ar
    if args.num_refs != 1 and len(args.refs) > 1:
        raise _error(
            1,
            "The --num-refs argument allows you to provide any number of tab-delimited references in a single file.",
            "You can only use it with externally provided references, however (i.e., not with `-t`),",
            "and you cannot then provide multiple reference files.",
        )
    if not args.refs:
        raise _error(
            1,
            "If manual references given, make sure to provide them before the -i/--input argument to avoid confusion.",
            "bleu2 has no built-in test sets (-t): give the reference files.",
        )
    streams = _references(args)
    systems, names = _systems(args, paired)
    n_sys = len(systems)
    if args.sentence_level:
        if n_sys > 1:
            raise _error(1, "Only one system can be evaluated in sentence-level mode.")
        if args.confidence or paired:
            raise _error(1, "Statistical tests are unavailable in sentence-level mode.")
    if paired and n_sys == 1:
        raise _error(1, "Paired tests require multiple input systems given to --input (-i).")
    if n_sys > 1 and args.confidence:
        raise _error(1, "Use paired tests (--paired) for multiple systems.")
    for system in systems:
        if not system:
            raise _error(1, "Test set None contains no sentence")
        if any(len(s) != len(system) for s in streams):
            raise _error(1, "System and reference streams have different lengths.")

    n_refs = len(streams)
    metrics = _metrics(args, n_refs)
    short = args.short
    out = io.StringIO()

    if args.sentence_level:
        metric = next(iter(metrics.values()))
        sig = metric.signature(n_refs, short)
        for score in _guard(lambda: metric.sentences(streams, systems[0])):
            out.write(score.format(args.width, args.score_only, sig) + "\n")
        return out.getvalue()

    fmt = "text" if args.detail and args.format == "json" else args.format
    if any(isinstance(m, BleuMetric) for m in metrics.values()):
        for system in systems:
            _tokenized_warning(args, system)
    test, n, seed, seed_text = None, None, None, ""
    if n_sys == 1 and args.confidence:
        seed_text, seed = _seed_env()
        test, n = "confidence", args.confidence_n
    elif paired:
        seed_text, seed = _seed_env()
        test = "paired-bs" if args.paired_bs else "paired-ar"
        n = args.paired_bs_n if args.paired_bs else args.paired_ar_n
        n = n if n > 0 else DEFAULT_RESAMPLES[test]
        seed = seed or None
    extra: dict[str, Any] = {}
    if test == "confidence":
        extra = {"bs": n, "seed": seed_text}
    elif test is not None:
        extra = {("bs" if args.paired_bs else "ar"): n, "seed": seed_text}
    # sacreBLEU's order: by metric name, but in the order given for the paired tests
    order = list(metrics) if paired else sorted(metrics)
    runs = {key: _guard(partial(metrics[key].corpus, streams, systems, test, n, seed)) for key in order}

    if n_sys == 1:
        lines = []
        for key, run_ in runs.items():
            score = run_.scores[0]
            if run_.results is not None:
                (res,) = run_.results
                score._mean, score._ci = res.percent or (-1.0, -1.0)  # sacreBLEU's methods: always in its frame
            sig = metrics[key].signature(n_refs, short if fmt != "json" else False, **extra)
            lines.append(score.format(args.width, args.score_only, sig, fmt == "json"))
        _single_results(out, lines, fmt, colors)
        if args.detail:
            out.write("No subset information found. Consider using --origlang argument.\n")
        return out.getvalue()

    sigs = {run_.name: metrics[key].signature(n_refs, short, **extra) for key, run_ in runs.items()}
    columns: dict[str, list[Any]] = {"System": names}
    for run_ in runs.values():
        if run_.results is None:
            columns[run_.name] = [f"{s.score:.{args.width}f}" for s in run_.scores]
            continue
        rows = []
        for s, (score, res) in enumerate(zip(run_.scores, run_.results)):
            mean, ci = res.percent if res.percent else (None, None)
            rows.append({"score": score.score, "p_value": res.p_value if s else None, "mean": mean, "ci": ci})
        columns[run_.name] = rows
    return _results_table(out, args, fmt, columns, sigs, colors, n=n or 0)


def _with_bleu(args: argparse.Namespace) -> bool:
    """Whether ``-m`` asks for BLEU, the metric with a tokenizer (the registry's, by its class)."""
    return any(face(name) is BleuMetric for name in args.metrics)


def _metrics(args: argparse.Namespace, n_refs: int) -> dict[str, SacreMetric]:
    """The metrics asked for, by sacreBLEU's key (``BLEU``, ``CHRF``, ``TER``), in the order
    first given."""
    metrics: dict[str, SacreMetric] = {}
    for name in args.metrics:
        try:
            metric = make_metric(name, args, n_refs)
        except (TypeError, ValueError) as e:
            raise _error(2, str(e)) from None
        metrics.setdefault(metric.key, metric)
    return metrics


_T = TypeVar("_T")


def _guard(work: Callable[[], _T]) -> _T:
    """Run a metric's scoring; its errors (a test that cannot run, bad input) exit with status 1."""
    try:
        return work()
    except (TypeError, ValueError) as e:
        raise _error(1, str(e)) from None


def _single_results(out: io.StringIO, lines: list[str], fmt: str, colors: Colors) -> None:
    """sacreBLEU's ``print_single_results``: a JSON list, or the lines aligned on their first ``=``."""
    if fmt == "json":
        out.write(("[\n" + ",\n".join(lines) + "\n]" if len(lines) > 1 else lines[0]) + "\n")
        return
    if "μ" in lines[0]:
        lines = [re.sub(r"(\(μ = [0-9\.]+ ± [0-9\.]+\))", lambda m: colors(m.group(), "cyan"), x) for x in lines]
    if len(lines) == 1:
        out.write(lines[0] + "\n")
        return
    lens = []
    for line in lines:
        if "=" in line:
            lens.append(line.index("=") - 1)
        else:
            out.write(line + "\n")
    if lens:
        w = max(lens)
        for n, line in zip(lens, lines):
            out.write(f"{line[:n]:>{w}}{line[n:]}\n")


def _results_table(
    out: io.StringIO,
    args: argparse.Namespace,
    fmt: str,
    columns: dict[str, list[Any]],
    sigs: dict[str, str],
    colors: Colors,
    n: int = 0,
) -> str:
    """sacreBLEU's ``print_results_table`` (with ``_format_score_lines``): ``columns`` holds
    the systems' names, then each metric's formatted scores or, for the paired tests, its
    rows ``{"score", "p_value", "mean", "ci"}``."""
    names = columns["System"]
    if fmt == "json":
        objs = []
        for i, name in enumerate(names):
            value: dict[str, Any] = {"system": name}
            for metric, values in list(columns.items())[1:]:
                value[metric] = values[i]
            objs.append(value)
        out.write(json.dumps(objs, indent=4) + "\n")
        return out.getvalue()
    tablefmt = "fancy_grid" if fmt == "text" else "latex_booktabs"
    paired = args.paired_bs or args.paired_ar
    if paired:
        w = args.width
        brk = "\n" if tablefmt == "fancy_grid" else " "
        table: dict[str, list[str]] = {"System": names}
        is_bootstrap = False  # as sacreBLEU's: once set, every later column is titled so
        for metric, rows in list(columns.items())[1:]:
            cells = []
            for r in rows:
                text = f"{r['score']:.{w}f}"
                if r["mean"] is not None:
                    is_bootstrap = True
                    text += f" ({r['mean']:.{w}f} ± {r['ci']:.{w}f})"
                if r["p_value"] is not None:
                    msg = f"(p = {r['p_value']:.4f})"
                    text += brk + (colors(msg, "red") if r["p_value"] > 0.05 else msg + "*")
                cells.append(text)
            table[metric + (" (μ ± 95% CI)" if is_bootstrap else "")] = cells
        columns = table
    baseline = names[0].startswith("Baseline:")  # sacreBLEU colours the baseline's row
    out.write(tabulate(columns, tablefmt, args.width, colors, baseline) + "\n\n")
    if paired:
        c = colors
        test_type = "bootstrap resampling" if args.paired_bs else "approximate randomization"
        kind = "resampling trials" if args.paired_bs else "trials"
        msg = f"Paired {test_type} test with {n} {kind}"
        bline, bname = c("baseline", "yellow"), c(names[0] if baseline else "", "yellow")
        null = c("Null hypothesis", "green")
        lines = ["-" * len(msg) + "\n" + msg + "\n" + "-" * len(msg)]
        lines.append(f" - Each system is pairwise compared to {bname}.")
        if args.paired_bs:
            lines.append(
                "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric."
            )
        else:
            lines.append("   Actual system score is provided for each metric.")
        lines += [
            "",
            f" - {null}: the system and the {bline} translations are essentially",
            f"   generated by the same underlying process. For a given system and the {bline},",
            "   the p-value is roughly the probability of the absolute score difference (delta)",
            f"   or higher occurring due to chance, under the assumption that the {null.lower()} is correct.",
            "",
            f" - Assuming a significance threshold of 0.05, the {null.lower()} can be rejected",
            '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed',
            f'   to chance, hence the system is significantly "different" than the {bline}.',
            f"   Otherwise, the p-values are {c('highlighted in red', 'red')}.",
            "",
            f' - NOTE: Significance does not tell whether a system is "better" than the {bline} but rather',
            '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
            "",
        ]
        out.write("\n".join(lines) + "\n")
    out.write("-----------------\nMetric signatures\n-----------------\n")
    for name, sig in sigs.items():
        out.write(f" - {name:<10} {sig}\n")
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``bleu2 sacrebleu``; return the exit status.

    Args:
        argv: the arguments after ``sacrebleu``; None: ``sys.argv[2:]``.
    """
    parser = build_sacrebleu_parser()
    try:
        args = parser.parse_args(sys.argv[2:] if argv is None else list(argv))
    except SystemExit as e:
        return exit_status(e)
    if "SACREBLEU_FORMAT" in os.environ and os.environ["SACREBLEU_FORMAT"].lower() in FORMATS:
        args.format = os.environ["SACREBLEU_FORMAT"].lower()
    enabled = not (os.environ.get("NO_COLOR") or args.no_color)
    try:
        enabled = enabled and sys.stdout.isatty()
    except (AttributeError, ValueError):
        enabled = False
    try:
        output = run(args, Colors(enabled))
        if enabled:
            output += Colors.RESET  # colorama resets the terminal at exit
    except _Exit as e:
        for msg in e.messages:
            sys.stderr.write(f"{PROG}: error: {msg}\n")
        return e.status
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:
        reader_gone()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
