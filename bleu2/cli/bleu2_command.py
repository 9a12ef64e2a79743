"""``bleu2``'s own command: line-aligned files read in step, scored by the corpus pipeline
(:mod:`bleu2.corpus.pipeline`), printed as one line, a ranked table, JSON or JSON Lines.

Nothing is printed before everything is read, checked and computed, but with
``--sentence``, which writes each line's result as it goes. Exit status: 0 on success, 1
for unreadable or inconsistent input, 2 for bad options, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from typing import Any, TextIO

from ..common.steps import finish
from ..corpus.layouts import CHUNK_LINES
from ..corpus.lines import STDIN, LineReader, aligned_chunks, label
from ..corpus.pipeline import Keep, Outcome, corpus_steps, cpu_count
from ..corpus.report import corpus_json, ranked_table, summary_line
from ..corpus.significance import DEFAULT_SEED
from ..metrics import registry
from ..metrics.bleu.options import PRESETS
from ..metrics.bleu.peers import peer_report
from ..metrics.bleu.scorer import BLEU
from .metric_command import metric_scorer, metric_text, refuse_other_options
from .parser import build_parser, given_bleu_options, join_weights
from .progress import Meter
from .reading import PROG, isatty, run_main, stdin_stream

__all__ = ["SACREBLEU_FLAGS", "SACREBLEU_READING", "main", "run", "score_files"]

#: Presets under which files are read as sacreBLEU's command line reads them (a byte-order
#: mark is kept as part of the first word).
SACREBLEU_READING = frozenset({"sacrebleu", "sacrebleu-sentence"})

#: Said once on stderr when the classic BLEU-2 calculator's defaults score a text line or table:
#: its number is not sacreBLEU's "BLEU" (BLEU-4, 13a, case kept), which papers report.
CLASSIC_NOTE = (
    f"{PROG}: note: this is the classic calculator's BLEU-2 (lower-cased, add-1 smoothing), "
    f"not sacreBLEU's BLEU; for sacreBLEU's number: {PROG} --sacrebleu -r REF SYSTEM...\n"
)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The scoring options given on the command line (on top of a preset's with --preset)."""
    options = dict(PRESETS[args.preset]) if args.preset else {}
    options.update(given_bleu_options(args))
    return options


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None) -> str:
    """Validate, read, score and format; return the text for stdout (with ``--sentence``,
    the lines are written to ``out`` as they come and "" is returned).

    Every metric's files are read and scored by the one call of :func:`score_files`; BLEU
    (the command's own options, presets and output) and the other metrics
    (:mod:`bleu2.cli.metric_command`) differ only in their scorer and their text.

    Raises:
        InputError: bad input files.
        SystemExit: bad options (via ``parser.error``).
    """
    refuse_other_options(args, parser)
    own = args.metric == registry.DEFAULT  # BLEU: -n, -w, --preset, --presets and BLEU's own output
    scorer = _bleu(args, parser) if own else metric_scorer(args, parser)
    systems = list(args.systems) or [STDIN]
    if systems.count(STDIN) + args.references.count(STDIN) > 1:
        parser.error("standard input ('-') can be read only once")
    test, n = (None, 0) if args.sentence else _test(args, parser, len(systems))
    seed = _seed(args.seed, parser) if test else DEFAULT_SEED
    jobs = _jobs(args.jobs, parser)
    if STDIN in systems and isatty(sys.stdin):
        sys.stderr.write(f"{PROG}: reading the system from standard input (end with Ctrl-D)\n")

    outcome = score_files(
        scorer,
        args.references,
        systems,
        test=test,
        n=n or None,
        seed=seed,
        jobs=jobs,
        sentences=(sys.stdout if out is None else out) if args.sentence else None,
        sentence_names=None if own else [label(s) for s in systems],  # BLEU's lines name stdin "-"
        progress_log=args.progress,
        parser=parser,
        keep_bom=args.preset in SACREBLEU_READING,
        peers=args.presets,
    )
    if args.sentence:
        return ""
    return _bleu_text(args, systems, outcome, test) if own else metric_text(args, systems, outcome)


def _bleu(args: argparse.Namespace, parser: argparse.ArgumentParser) -> BLEU:
    """BLEU with the options given (``--sentence``: sacreBLEU's corpus preset as ``sentence_bleu``)."""
    try:
        bleu = BLEU(**_options(args))
    except (ValueError, TypeError) as e:
        parser.error(str(e))
    if args.sentence:  # each line scored on its own: sacreBLEU's corpus preset as sentence_bleu
        sentence = bleu.config.sentence_level()
        if sentence != bleu.config:
            bleu = BLEU(**sentence.options())
    return bleu


def _bleu_text(args: argparse.Namespace, systems: Sequence[str], outcome: Outcome, test: str | None) -> str:
    """BLEU's text for stdout: one line, a ranked table or JSON, then ``--presets``' tables."""
    signature = outcome.signature if test else None
    corpus = [(path, res.corpus) for path, res in zip(systems, outcome.systems)]
    sig = None if outcome.significance is None else [r.to_dict() for r in outcome.significance]
    peers = outcome.peers or []
    if args.json:
        return corpus_json(corpus, sig, signature, [{"presets": t.to_dict()["presets"]} for t in peers] or None)
    if not args.preset and not given_bleu_options(args) and not peers:  # (not --json: it reached here)
        sys.stderr.write(CLASSIC_NOTE)
    if len(corpus) == 1:
        text = summary_line(corpus[0][1], sig[0] if sig else None, signature)
    else:
        text = ranked_table([(label(path), r) for path, r in corpus], sig, signature)
    return text + "".join("\n" + peer_report(t, label(path)) for path, t in zip(systems, peers))


def score_files(
    bleu: Any,
    references: Sequence[str],
    systems: Sequence[str],
    *,
    test: str | None = None,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    jobs: int = 1,
    sentences: TextIO | None = None,
    sentence_names: Sequence[str] | None = None,
    progress_log: bool = False,
    parser: argparse.ArgumentParser | None = None,
    keep_bom: bool = False,
    peers: bool = False,
) -> Outcome:
    """Read line-aligned files in step and run the corpus pipeline on them
    (:func:`bleu2.corpus.pipeline.corpus_steps`), with the progress bar (or log lines) on stderr.

    Args:
        bleu: the scorer: a :class:`~bleu2.BLEU`, or any registry metric's
            (``registry.get("chrf").make()``; :mod:`bleu2.corpus.pipeline`).
        references, systems: file paths (``-``: standard input, once).
        test, n, seed, jobs: as :func:`~bleu2.corpus.pipeline.corpus_steps`.
        sentences: a text stream: write ``--sentence``'s JSON Lines there, as they come
            (the first system's at once, the others' after it); None: no sentence lines.
        sentence_names: the systems' names in those lines (default: the paths).
        progress_log: progress lines on stderr even when it is not a terminal.
        parser: where a test that cannot run is reported (``parser.error``); None: raise.
        keep_bom: keep a leading byte-order mark as part of the first line, as sacreBLEU
            does (:func:`bleu2.corpus.lines.split_lines`).
        peers: also each system's table under every preset (``Outcome.peers``).
    Returns:
        :class:`~bleu2.corpus.pipeline.Outcome` (names: the paths given).
    Raises:
        InputError: a file that cannot be read, is not UTF-8 text, or has another
            number of lines than the first reference. ValueError: a test that cannot run.
    """
    readers: list[LineReader] = []
    out = meter = None
    completed = False
    try:
        for path in [*references, *systems]:  # one by one: those opened are closed if the next fails
            readers.append(LineReader(path, stdin_stream() if path == STDIN else None, keep_bom=keep_bom))  # noqa: PERF401
        if sentences is not None:
            out = _Sentences(sentences, len(systems))
        meter = Meter(log=progress_log, units={"significance": "trials" if test == "paired-ar" else "resamples"})
        steps = corpus_steps(
            bleu,
            aligned_chunks(readers, CHUNK_LINES, len(references)),
            len(systems),
            keep=Keep(sentences=tuple(sentence_names or systems) if sentences is not None else None, peers=peers),
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
    "-f --format -sh --short -q --quiet -nc --no-color -l --language-pair".split()
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
    """Run ``bleu2`` (not ``bleu2 sacrebleu``); return the exit status (0 on success).

    Args:
        argv: the arguments without the program name; ``None``: ``sys.argv[1:]``.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()

    def work() -> str:
        # Intermixed: system files may come before, between and after the options.
        _refuse_sacrebleu_spelling(argv, parser)
        args = parser.parse_intermixed_args(join_weights(argv))
        _check_combination(args, parser)
        _warn_reference_read_as_system(argv, args)
        return run(args, parser)

    return run_main(PROG, work)
