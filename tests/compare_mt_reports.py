"""compare-mt 0.2.10's own report objects on the shared data (its ``compare_mt_main.generate_*``
functions, the code its command line runs), read by the compare-mt parity tests of
tests/engine/ and tests/cli/. compare-mt runs under MPLBACKEND=Agg (its reporters import
matplotlib; nothing is drawn: only print() is called)."""

from __future__ import annotations

import contextlib
import io
import math
import os
from functools import cache

os.environ.setdefault("MPLBACKEND", "Agg")
from compare_mt import compare_mt_main, reporters

from shared_data import MULTITED_JA, TED

DATASETS = {
    "ted-tok": (TED / "ted.ref.eng", [TED / "ted.sys1.eng", TED / "ted.sys2.eng"]),
    "ted-detok": (TED / "ted.ref.detok.eng", [TED / "ted.sys1.detok.eng", TED / "ted.sys2.detok.eng"]),
    "multited-ja": (
        MULTITED_JA / "multited.ref.jpn",
        [MULTITED_JA / "multited.sys1.jpn", MULTITED_JA / "multited.sys2.jpn"],
    ),
}


def _lines(path) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]


@cache
def data(name: str) -> tuple[list[str], list[list[str]]]:
    """(reference lines, system lines); "ted-3" adds sys3: line i from sys1 when i % 3 == 0, else sys2."""
    if name == "ted-3":
        ref, (s1, s2) = data("ted-tok")
        s3 = [a if i % 3 == 0 else b for i, (a, b) in enumerate(zip(s1, s2))]
        return ref, [s1, s2, s3]
    ref, outs = DATASETS[name]
    return _lines(ref), [_lines(p) for p in outs]


def tokens(lines: list[str]) -> list[list[str]]:
    return [line.strip().split(" ") for line in lines]


@cache
def theirs(name: str) -> dict:
    """compare-mt's report objects for dataset ``name`` (directions 0-1, 0-2, ...)."""
    ref_lines, out_lines = data(name)
    ref = tokens(ref_lines)
    outs = [tokens(o) for o in out_lines]
    reporters.sys_names = [f"sys{i + 1}" for i in range(len(outs))]
    directions = ";".join(f"0-{i}" for i in range(1, len(outs)))
    with contextlib.redirect_stdout(io.StringIO()):
        bleu = compare_mt_main.generate_score_report(ref, outs, score_type="bleu")
        length = compare_mt_main.generate_score_report(ref, outs, score_type="length")
        words = compare_mt_main.generate_word_accuracy_report(ref, outs)
        by_length = compare_mt_main.generate_sentence_bucketed_report(
            ref, outs, bucket_type="length", statistic_type="score", score_measure="bleu"
        )
        # compare-mt's own count-by-length report fails (statistic_type=count drops the
        # reference, bucketers.py then appends to None): its bucketer is read directly
        bucketer = compare_mt_main.bucketers.LengthSentenceBucketer()
        length_count = [[len(b[0]) for b in bucketer.create_bucketed_corpus(out, ref=ref)] for out in outs]
        lengthdiff = compare_mt_main.generate_sentence_bucketed_report(ref, outs, bucket_type="lengthdiff")
        sentbleu = compare_mt_main.generate_sentence_bucketed_report(
            ref, outs, bucket_type="score", score_measure="sentbleu"
        )
        ngrams = compare_mt_main.generate_ngram_report(ref, outs, compare_directions=directions)
        examples = compare_mt_main.generate_sentence_examples(ref, outs, compare_directions=directions)
    return dict(
        bleu=bleu,
        length=length,
        words=words,
        by_length=by_length,
        length_count=length_count,
        lengthdiff=lengthdiff,
        sentbleu=sentbleu,
        ngrams=ngrams,
        examples=examples,
    )


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-15) and f"{a * 100:.4f}" == f"{b * 100:.4f}"
