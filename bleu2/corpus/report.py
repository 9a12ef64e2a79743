"""Ranking and report tables, shared by the command line and the page's exports.

* :func:`competition_ranks`: equal scores share a rank (1, 1, 3).
* Tables from a header and rows of cells: :func:`text_table` (aligned columns, for a
  terminal), :func:`csv_table` (RFC 4180), :func:`markdown_table` (GitHub-flavoured).
* The corpus reports of the command line: :func:`summary_line` (one system),
  :func:`ranked_table` (several), :func:`corpus_json` (``--json``) and
  :func:`sentences_jsonl` (``--sentence``); the page's corpus mode writes the same.

Scores in JSON are the exact floats in [0, 1]; percent (two decimals) is for display only.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..metrics.bleu.result import BleuResult, CorpusBleuResult
from ..metrics.bleu.stats import SentenceStats

#: One system's significance figures: ``mean``, ``ci`` and ``p_value`` (see :mod:`bleu2.corpus.significance`).
Figures = Mapping[str, Any]

__all__ = [
    "competition_ranks",
    "best_first",
    "percent",
    "text_table",
    "csv_table",
    "csv_text_cell",
    "markdown_table",
    "markdown_cell",
    "system_dict",
    "corpus_json",
    "sentences_jsonl",
    "sentence_lines",
    "metric_sentence_lines",
    "summary_line",
    "ranked_table",
]


def best_first(scores: Sequence[float]) -> list[int]:
    """Indices of ``scores`` from the best (highest) to the worst; ties keep input order."""
    return sorted(range(len(scores)), key=lambda i: -scores[i])


def competition_ranks(scores: Sequence[float]) -> list[int]:
    """The rank of each score (in input order), 1 = best; equal scores share a rank and
    the next rank skips (standard competition ranking: 1, 1, 3).

    Example:
        >>> competition_ranks([0.2, 0.5, 0.2, 0.1])
        [2, 1, 2, 4]
    """
    ranks = [0] * len(scores)
    prev = None
    for pos, i in enumerate(best_first(scores), start=1):
        ranks[i] = ranks[prev] if prev is not None and scores[i] == scores[prev] else pos
        prev = i
    return ranks


def percent(x: float) -> str:
    """A score for display in percent with two decimals: ``0.37253 -> "37.25"``."""
    return f"{x * 100:.2f}"


# --------------------------------------------------------------------------- tables


def text_table(header: Sequence[str], rows: Iterable[Sequence[str]], left: Iterable[int] = ()) -> str:
    """Columns aligned with two spaces between them; columns in ``left`` are
    left-aligned, the others (numbers) right-aligned; no trailing spaces."""
    cells = [list(map(str, r)) for r in rows]
    head = list(map(str, header))
    lefts = set(left)
    widths = [max(len(r[j]) for r in [head, *cells]) for j in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if j in lefts else c.rjust(w) for j, (c, w) in enumerate(zip(row, widths))).rstrip()

    return "\n".join(fmt(r) for r in [head, *cells]) + "\n"


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text_cell(text: str) -> str:
    """A text for a CSV cell that spreadsheets will not run as a formula: a leading
    ``'`` when it starts with ``=``, ``+``, ``-``, ``@``, tab or CR (OWASP's advice
    against CSV injection)."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_table(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """RFC 4180 CSV (:mod:`csv`: comma, double quotes where needed, CRLF line ends).
    Text cells that could be formulas must go through :func:`csv_text_cell` first."""
    buf = io.StringIO(newline="")
    w = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_NEWLINES = re.compile(r"\r\n|\r|\n|\u2028|\u2029")


def markdown_cell(text: str) -> str:
    """A text escaped for a Markdown table cell: shown literally, one cell, one row.

    Backslash-escapes ``\\ ` * _ [ ] < > | ~ &`` and turns each line break into ``<br>``.

    Example:
        >>> markdown_cell("a|b *c*")
        'a\\\\|b \\\\*c\\\\*'
    """
    return _NEWLINES.sub("<br>", _MD_SPECIAL.sub(r"\\\1", text))


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]], left: Iterable[int] = ()) -> str:
    """A GitHub-flavoured Markdown table; cells are written as given (escape user text
    with :func:`markdown_cell`); columns in ``left`` are left-aligned, others right."""
    lefts = set(left)
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "".join(":---|" if j in lefts else "---:|" for j in range(len(header))))
    lines += ["| " + " | ".join(map(str, r)) + " |" for r in rows]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- corpus reports


def _ratio(c: int, r: int) -> str:
    return f"{c / r:.3f}" if r else "n/a"


def system_dict(result: BleuResult, significance: Figures | None = None) -> dict[str, Any]:
    """One system's JSON object: ``result.to_dict()``, plus ``mean``, ``ci`` (the 95%
    half-width) and ``p_value`` (None for the baseline) when significance was computed."""
    d = result.to_dict()
    if significance is not None:
        d["mean"] = significance.get("mean")
        d["ci"] = significance.get("ci")
        d["p_value"] = significance.get("p_value")
    return d


def corpus_json(
    systems: Sequence[tuple[str, BleuResult]],
    significance: Sequence[Figures] | None = None,
    signature: str | None = None,
    extra: Sequence[Mapping[str, Any]] | None = None,
) -> str:
    """The command line's ``--json``: one system -> one object (:func:`system_dict`);
    several -> a list in the given order, each object with ``"system"`` (the name) and
    ``"rank"`` (competition rank, 1 = best) too. ``signature`` replaces each object's
    signature (the significance test adds its seed and resamples there); ``extra``, one
    mapping per system, adds keys (``--presets``: ``"presets"``)."""
    sig: Sequence[Figures | None] = significance or [None] * len(systems)
    objs = []
    for k, ((_, result), s) in enumerate(zip(systems, sig)):
        d = system_dict(result, s)
        if signature is not None:
            d["signature"] = signature
        if extra is not None:
            d.update(extra[k])
        objs.append(d)
    if len(objs) == 1:
        return json.dumps(objs[0], indent=2) + "\n"
    ranks = competition_ranks([r.score for _, r in systems])
    out = [dict(d, system=name, rank=k) for d, (name, _), k in zip(objs, systems, ranks)]
    return json.dumps(out, indent=2) + "\n"


def sentences_jsonl(systems: Sequence[tuple[str, CorpusBleuResult]]) -> str:
    """The command line's ``--sentence``: JSON Lines, one object per sentence with
    ``"line"`` (1-based), ``"score"``, ``"matches"``, ``"totals"``, ``"hyp_len"``,
    ``"ref_len"``; with several systems also ``"system"`` (systems in the given order)."""
    several = len(systems) > 1
    return "".join(
        sentence_lines(name if several else None, 1, res.sentence_stats, res.sentence_scores) for name, res in systems
    )


def sentence_lines(system: str | None, first_line: int, stats: Sequence[SentenceStats], scores: Sequence[float]) -> str:
    """Lines ``first_line``, ``first_line + 1``, ... of :func:`sentences_jsonl` for one system
    (``system``: the ``"system"`` value, None to leave the key out), from each line's
    :class:`~bleu2.metrics.bleu.stats.SentenceStats` and sentence score."""
    out = []
    dumps = json.dumps
    for i, (st, sc) in enumerate(zip(stats, scores), start=first_line):
        obj: dict[str, Any] = {"system": system} if system is not None else {}
        obj["line"] = i
        obj["score"] = sc
        obj.update(st.to_dict())
        out.append(dumps(obj) + "\n")
    return "".join(out)


def metric_sentence_lines(scorer: Any, system: str | None, first_line: int, stats: Sequence[Any]) -> str:
    """``--sentence``'s lines ``first_line``, ... for a registry metric's scorer (chrF, TER):
    ``{"line", "system" (None: left out), then the result's JSON without its signature,
    orders and name}``, each line scored from its own statistics (``score_from_stats``)."""
    out = []
    dumps = json.dumps
    for i, st in enumerate(stats, start=first_line):
        obj: dict[str, Any] = {"line": i}
        if system is not None:
            obj["system"] = system
        r = scorer.score_from_stats(st).to_dict()
        obj.update({k: v for k, v in r.items() if k not in ("signature", "orders", "name")})
        out.append(dumps(obj) + "\n")
    return "".join(out)


def _score_cell(result: BleuResult, s: Figures | None) -> str:
    if s is None or s.get("mean") is None:
        return percent(result.score)
    return f"{percent(result.score)} ({percent(s['mean'])} ± {percent(s['ci'])})"


def summary_line(result: BleuResult, significance: Figures | None = None, signature: str | None = None) -> str:
    """One system in one line: BLEU in percent, p_n as matches/total, BP, the ratio c/r,
    c, r and the signature (with the significance: ``(μ ± 95% CI)`` after the score)."""
    parts = [f"BLEU-{result.max_order} = {_score_cell(result, significance)}"]
    parts += [f"p{p.n} = {p.matches}/{p.total}" for p in result.precisions]
    parts += [
        f"BP = {result.brevity_penalty:.3f}",
        f"ratio = {_ratio(result.hyp_len, result.ref_len)}",
        f"hyp_len = {result.hyp_len}",
        f"ref_len = {result.ref_len}",
        f"signature = {signature or result.signature}",
    ]
    return "  ".join(parts) + "\n"


def ranked_table(
    systems: Sequence[tuple[str, BleuResult]],
    significance: Sequence[Figures] | None = None,
    signature: str | None = None,
) -> str:
    """Systems ranked by score, best first (equal scores share a rank), with p_n as
    matches/total, BP, c and r; the signature(s) below. With significance, the score
    cell holds ``score (mean ± ci)`` and a ``p-value`` column follows ("baseline" for
    the baseline)."""
    scores = [r.score for _, r in systems]
    ranks = competition_ranks(scores)
    order = systems[0][1].max_order
    header = ["rank", "system", f"BLEU-{order}"] + [f"p{n}" for n in range(1, order + 1)] + ["BP", "c", "r"]
    has_p = significance is not None and any(s.get("p_value") is not None for s in significance)
    if has_p:
        header.append("p-value")
    rows = []
    for i in best_first(scores):
        name, b = systems[i]
        s = significance[i] if significance is not None else None
        row = [str(ranks[i]), name, _score_cell(b, s)]
        row += [f"{p.matches}/{p.total}" for p in b.precisions]
        row += [f"{b.brevity_penalty:.3f}", str(b.hyp_len), str(b.ref_len)]
        if has_p and s is not None:  # (has_p: every system has its figures)
            row.append("baseline" if s.get("p_value") is None else f"{s['p_value']:.4f}")
        rows.append(row)
    text = text_table(header, rows, left=[1])
    signatures = [signature] if signature else dict.fromkeys(systems[i][1].signature for i in best_first(scores))
    return text + "".join(f"signature = {s}\n" for s in signatures)
