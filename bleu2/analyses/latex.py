"""The analyses as LaTeX tables (``tabular`` in ``table`` floats, plain LaTeX, no package needed),
from the JSON object. Pure: a str from plain data. Text is escaped (``\\ & % $ # _ { } ~ ^ < >``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .text import num, pairs_of, pct

__all__ = ["escape", "render"]

_ESCAPES = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}


def escape(text: str) -> str:
    """``text`` safe in LaTeX body text."""
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def _table(caption: str, label: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cols = "l|" + "r" * (len(header) - 1)
    lines = [
        r"\begin{table}[t]",
        r"  \centering",
        rf"  \begin{{tabular}}{{{cols}}}",
        "    " + " & ".join(escape(h) for h in header) + r" \\ \hline",
    ]
    lines += ["    " + " & ".join(escape(c) for c in row) + r" \\" for row in rows]
    lines += [
        r"  \end{tabular}",
        rf"  \caption{{{escape(caption)}}}",
        rf"  \label{{tab:{label}}}",
        r"\end{table}",
    ]
    return "\n".join(lines) + "\n"


def _columns(buckets: Sequence[str], columns: Sequence[Sequence[str]]) -> list[list[str]]:
    return [[b] + [c[i] for c in columns] for i, b in enumerate(buckets)]


def render(report: Mapping[str, Any], signature: str = "") -> str:
    """Every analysis as a LaTeX table (scores in percent, fractions with 4 decimals)."""
    names = list(report["systems"])
    out = []
    rows = [
        [s["system"], pct(s["bleu"]), num(s["length_ratio"]), str(s["hyp_len"]), str(s["ref_len"])]
        for s in report["scores"]
    ]
    out.append(
        _table("BLEU and length ratio", "compare-scores", ["system", "BLEU", "length ratio", "hyp", "ref"], rows)
    )
    w = report["word_accuracy"]
    cols = [[num(b["f"]) for b in row] for row in w["systems"]]
    out.append(
        _table(
            "Word F-measure by frequency bucket", "compare-words", ["frequency", *names], _columns(w["buckets"], cols)
        )
    )
    lb = report["length_buckets"]
    cols = [[pct(x) for x in row] for row in lb["bleu"]]
    out.append(_table("BLEU by reference length", "compare-length", ["length", *names], _columns(lb["buckets"], cols)))
    ld = report["length_difference"]
    cols = [[str(x) for x in row] for row in ld["counts"]]
    out.append(
        _table(
            "Sentences by len(output) - len(reference)",
            "compare-lengthdiff",
            ["difference", *names],
            _columns(ld["buckets"], cols),
        )
    )
    sb = report["sentence_bleu_buckets"]
    cols = [[str(x) for x in row] for row in sb["counts"]]
    out.append(
        _table(
            "Sentences by sentence BLEU", "compare-sentbleu", ["sentence BLEU", *names], _columns(sb["buckets"], cols)
        )
    )
    for k, pair in enumerate(pairs_of(report), start=1):
        ng = pair["ngrams"]
        left, right = names[ng["left"]], names[ng["right"]]
        for key, a, b in (("left_better", left, right), ("right_better", right, left)):
            rows = [[r["ngram"], num(r["score"]), str(r["left"]), str(r["right"])] for r in ng[key]]
            caption = f"N-grams where {a} > {b} in {ng['compare']}"
            out.append(_table(caption, f"compare-ngrams-{k}-{key}", ["n-gram", "score", left, right], rows))
    if signature:
        out.append(f"% signature: {signature}\n")
    return "\n".join(out)
