"""The analyses as terminal tables, from the JSON object (:meth:`CompareResult.to_dict`).

BLEU and sentence BLEU are shown in percent and other fractions as they are, with 4
decimals, compare-mt's ``--decimals`` default, so the tables read like compare-mt's report.
Pure: a str from plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..corpus.report import text_table

__all__ = ["render", "pairs_of", "pct", "num"]


def pct(x: float) -> str:
    """A score in percent, 4 decimals: 0.224309 -> "22.4309"."""
    return f"{x * 100:.4f}"


def num(x: float) -> str:
    """A fraction, 4 decimals."""
    return f"{x:.4f}"


def pairs_of(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The report's pairs as ``[{"ngrams": ..., "examples": ...}, ...]`` (two systems: one)."""
    if "pairs" in report:
        return list(report["pairs"])
    return [{"ngrams": report["ngrams"], "examples": report["examples"]}]


def _section(title: str) -> str:
    return f"\n== {title} ==\n"


def _scores(report: Mapping[str, Any]) -> str:
    sig = {r["system"]: r for r in report["significance"]["systems"]} if "significance" in report else None
    header = ["system", "BLEU", "length ratio", "hyp_len", "ref_len"] + (["p-value"] if sig else [])
    rows = []
    for i, s in enumerate(report["scores"]):
        row = [s["system"], pct(s["bleu"]), num(s["length_ratio"]), str(s["hyp_len"]), str(s["ref_len"])]
        if sig:
            p = sig[i]["p_value"]
            row.append("baseline" if p is None else num(p))
        rows.append(row)
    return text_table(header, rows, left=[0])


def _by_bucket(buckets: Sequence[str], columns: Sequence[tuple[str, Sequence[str]]], first: str) -> str:
    header = [first] + [name for name, _ in columns]
    rows = [[b] + [col[i] for _, col in columns] for i, b in enumerate(buckets)]
    return text_table(header, rows, left=[0])


def _words(report: Mapping[str, Any], names: Sequence[str]) -> str:
    w = report["word_accuracy"]
    cols = []
    for name, row in zip(names, w["systems"]):
        cols.append((f"{name} F", [num(b["f"]) for b in row]))
        cols.append((f"{name} P", [num(b["precision"]) for b in row]))
        cols.append((f"{name} R", [num(b["recall"]) for b in row]))
    return _by_bucket(w["buckets"], cols, w["by"])


def _examples_text(
    ex: Mapping[str, Any], left: str, right: str, lines: Mapping[str, Any] | None, li: int, ri: int
) -> str:
    out = []
    for key, a, b in (("left_better", left, right), ("right_better", right, left)):
        out.append(f"-- {len(ex[key])} sentences where {a} > {b} (sentence BLEU)\n")
        for e in ex[key]:
            out.append(
                f"line {e['line']}: {left}-{right} = {pct(e['diff'])}, {left} = {pct(e['left'])}, {right} = {pct(e['right'])}\n"
            )
            if lines is not None:
                i = e["line"] - 1
                for k, ref in enumerate(lines["references"]):
                    out.append(f"  Ref{k + 1 if len(lines['references']) > 1 else ''}: {ref[i]}\n")
                out.append(f"  {left}: {lines['systems'][li][i]}\n  {right}: {lines['systems'][ri][i]}\n")
    return "".join(out)


def _ngrams_text(ng: Mapping[str, Any], left: str, right: str) -> str:
    out = []
    for key, a, b in (("left_better", left, right), ("right_better", right, left)):
        out.append(f"-- {len(ng[key])} n-grams where {a} > {b} in {ng['compare']}\n")
        rows = [[r["ngram"], num(r["score"]), str(r["left"]), str(r["right"])] for r in ng[key]]
        out.append(text_table(["n-gram", "score", left, right], rows, left=[0]))
    return "".join(out)


def render(report: Mapping[str, Any], lines: Mapping[str, Any] | None = None, signature: str = "") -> str:
    """Every analysis as text tables (examples with their sentences when ``lines`` are given)."""
    names = report["systems"]
    out = [_section("Scores"), _scores(report)]
    if "significance" in report:
        s = report["significance"]
        out.append(f"{s['test']}, n = {s['n']}, seed = {s['seed']}; p-values against {names[report['baseline']]}\n")
    out += [_section("Word accuracy by frequency bucket (F-measure, precision, recall)"), _words(report, names)]
    lb = report["length_buckets"]
    cols = [(f"{n} BLEU", [pct(x) for x in row]) for n, row in zip(names, lb["bleu"])]
    cols += [(f"{n} sentences", [str(x) for x in row]) for n, row in zip(names, lb["sentences"])]
    out += [_section("BLEU by reference length"), _by_bucket(lb["buckets"], cols, "length")]
    ld = report["length_difference"]
    cols = [(n, [str(x) for x in row]) for n, row in zip(names, ld["counts"])]
    out += [_section("Sentences by len(output) - len(reference)"), _by_bucket(ld["buckets"], cols, "difference")]
    sb = report["sentence_bleu_buckets"]
    cols = [(n, [str(x) for x in row]) for n, row in zip(names, sb["counts"])]
    out += [_section("Sentences by sentence BLEU"), _by_bucket(sb["buckets"], cols, "sentence BLEU")]
    for pair in pairs_of(report):
        ng = pair["ngrams"]
        left, right = names[ng["left"]], names[ng["right"]]
        out.append(
            _section(
                f"Characteristic n-grams: {left} and {right} (n = {ng['n'][0]}..{ng['n'][1]}, alpha = {ng['alpha']:g})"
            )
        )
        out.append(_ngrams_text(ng, left, right))
        out.append(_section(f"Sentence examples: {left} and {right}"))
        out.append(_examples_text(pair["examples"], left, right, lines, ng["left"], ng["right"]))
    if signature:
        out.append(f"\nsignature = {signature}\n")
    return "".join(out).lstrip("\n")
