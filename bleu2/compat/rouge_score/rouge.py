"""``python -m bleu2.compat.rouge_score.rouge``: rouge-score 0.1.2's ``rouge`` command
(``rouge_score/rouge.py`` and ``io.py``) with its flags and CSV, parsed with argparse
(rouge-score uses absl; the same flags: ``--flag=value`` or ``--flag value``, booleans as
``--use_stemmer``, ``--nouse_stemmer``, ``--use_stemmer=false``).

Flags: ``--target_filepattern``, ``--prediction_filepattern``, ``--output_filename``
(required), ``--delimiter`` (record delimiter, a newline), ``--rouge_types``
(comma-separated, ``rouge1,rouge2,rougeL``), ``--use_stemmer``, ``--aggregate`` (on),
``--split_summaries``; bleu2 adds ``--seed`` (12345): rouge-score's bootstrap is unseeded
(a new interval each run), bleu2's gives rouge-score's numbers after ``np.random.seed(seed)``.

Output (``--aggregate``): ``score_type,low,mid,high`` then ``TYPE-R``, ``TYPE-P``,
``TYPE-F`` rows per type, types sorted, values ``%f``; ``--noaggregate``: ``id`` and
``TYPE-P,TYPE-R,TYPE-F`` columns per type, one row per record.
"""

from __future__ import annotations

import argparse
import glob
import sys
from collections.abc import Iterator, Sequence
from itertools import zip_longest

from .rouge_scorer import RougeScorer
from .scoring import AggregateScore, BootstrapAggregator, Score

__all__ = ["main", "compute_scores_and_write_to_csv"]

_BOOLEANS = ("use_stemmer", "aggregate", "split_summaries")
_TRUE = {"true", "t", "1", "yes"}
_FALSE = {"false", "f", "0", "no"}


def _bool(value: str) -> bool:
    v = value.lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got {value!r}")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bleu2.compat.rouge_score.rouge",
        description="rouge-score's ROUGE over text files, its CSV output (bleu2's engine, seeded bootstrap).",
    )
    p.add_argument("--target_filepattern", required=True, help="Files containing target text.")
    p.add_argument("--prediction_filepattern", required=True, help="Files containing prediction text.")
    p.add_argument("--output_filename", required=True, help="File in which to write calculated ROUGE scores as a CSV.")
    p.add_argument("--delimiter", default="\n", help="Record delimiter in files.")
    p.add_argument(
        "--rouge_types",
        default=["rouge1", "rouge2", "rougeL"],
        type=lambda s: [x.strip() for x in s.split(",") if x.strip()],
        help="List of ROUGE types to calculate (comma-separated).",
    )
    p.add_argument("--use_stemmer", nargs="?", const=True, default=False, type=_bool, help="Porter-stem tokens.")
    p.add_argument("--aggregate", nargs="?", const=True, default=True, type=_bool, help="Write aggregates (default).")
    p.add_argument(
        "--split_summaries",
        nargs="?",
        const=True,
        default=False,
        type=_bool,
        help="Split into sentences for rougeLsum.",
    )
    p.add_argument("--seed", type=int, default=12345, help="bleu2: the bootstrap's seed (rouge-score is unseeded).")
    return p


def _absl_argv(argv: Sequence[str]) -> list[str]:
    """absl's spellings argparse does not know: ``--nofoo`` and a single dash."""
    out = []
    for a in argv:
        if a.startswith("-") and not a.startswith("--") and len(a) > 2:
            a = "-" + a
        name = a[2:].split("=", 1)[0] if a.startswith("--") else ""
        if name.startswith("no") and name[2:] in _BOOLEANS and "=" not in a:
            a = f"--{name[2:]}=false"
        out.append(a)
    return out


def _records(filename: str, delimiter: str) -> Iterator[str]:
    with open(filename, encoding="utf-8") as f:
        records = f.read().split(delimiter)
    if records[-1]:
        print(f"WARNING: Expected delimiter at end of file ({filename})", file=sys.stderr)
    else:
        records = records[:-1]
    yield from records


def _compute_scores(
    targets: list[str], predictions: list[str], scorer: RougeScorer, delimiter: str
) -> list[dict[str, Score]]:
    scores = []
    for target_file, prediction_file in zip(sorted(targets), sorted(predictions)):
        for t, p in zip_longest(_records(target_file, delimiter), _records(prediction_file, delimiter)):
            if t is None or p is None:
                raise ValueError(
                    "Must have equal number of lines across target and prediction files. "
                    f"Mismatch between files: {target_file}, {prediction_file}."
                )
            scores.append(scorer.score(t, p))
    return scores


def _write_aggregates(output_filename: str, aggregates: dict[str, AggregateScore]) -> None:
    with open(output_filename, "w", encoding="utf-8") as out:
        out.write("score_type,low,mid,high\n")
        for t, a in sorted(aggregates.items()):
            out.write(f"{t}-R,{a.low.recall:f},{a.mid.recall:f},{a.high.recall:f}\n")
            out.write(f"{t}-P,{a.low.precision:f},{a.mid.precision:f},{a.high.precision:f}\n")
            out.write(f"{t}-F,{a.low.fmeasure:f},{a.mid.fmeasure:f},{a.high.fmeasure:f}\n")


def _write_scores(output_filename: str, scores: list[dict[str, Score]]) -> None:
    if not scores:
        print("WARNING: No scores to write", file=sys.stderr)
        return
    types = sorted(scores[0])
    with open(output_filename, "w", encoding="utf-8") as out:
        out.write("id")
        for t in types:
            out.write(f",{t}-P,{t}-R,{t}-F")
        out.write("\n")
        for i, result in enumerate(scores):
            out.write(f"{i}")
            for t in types:
                out.write(f",{result[t].precision:f},{result[t].recall:f},{result[t].fmeasure:f}")
            out.write("\n")


def compute_scores_and_write_to_csv(
    target_filepattern: str,
    prediction_filepattern: str,
    output_filename: str,
    scorer: RougeScorer,
    aggregator: BootstrapAggregator | None,
    delimiter: str = "\n",
) -> None:
    """rouge-score's ``io.compute_scores_and_write_to_csv``.

    Raises:
        ValueError: no files, unequal file counts or record counts (rouge-score's messages).
    """
    targets = glob.glob(target_filepattern)
    predictions = glob.glob(prediction_filepattern)
    if len(targets) < 1 or len(targets) != len(predictions):
        raise ValueError(
            "Must have equal and positive number of target and prediction files. "
            f"Found: {len(targets)} target files ({target_filepattern}), "
            f"{len(predictions)} prediction files ({prediction_filepattern})."
        )
    scores = _compute_scores(targets, predictions, scorer, delimiter)
    if aggregator:
        for s in scores:
            aggregator.add_scores(s)
        _write_aggregates(output_filename, aggregator.aggregate())
    else:
        _write_scores(output_filename, scores)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; returns the exit status (1 with a message on bad input)."""
    args = _parser().parse_args(_absl_argv(sys.argv[1:] if argv is None else argv))
    scorer = RougeScorer(args.rouge_types, use_stemmer=args.use_stemmer, split_summaries=args.split_summaries)
    aggregator = BootstrapAggregator(seed=args.seed) if args.aggregate else None
    try:
        compute_scores_and_write_to_csv(
            args.target_filepattern,
            args.prediction_filepattern,
            args.output_filename,
            scorer,
            aggregator,
            args.delimiter,
        )
    except (ValueError, OSError) as e:
        print(f"python -m bleu2.compat.rouge_score.rouge: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
