"""The ROUGE breakdown as plain data: each type's matches, totals, P, R, F and marked LCS or n-grams

Per type the matches over the candidate's and the reference's totals, precision, recall
and F; the matched n-grams (ROUGE-N) and the LCS alignment (ROUGE-L; ROUGE-Lsum per
sentence) marked; a note where rouge-score's tokenizer erased most of the text.

Scores are rouge-score 0.1.2's (Lin 2004): P = matches / candidate total, R = matches /
reference total, F = 2PR / (P + R), floats in [0, 1]; with several references each type
keeps its best by F (``score_multi``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from ...metrics import registry
from ...metrics.rouge.breakdown import RougeBreakdown, TypeBreakdown, rouge_breakdown
from ...metrics.rouge.scorer import type_name
from ...metrics.rouge.sentences import newline_sentences, split_sentences
from ...metrics.rouge.tokenize import make_tokenizer
from .. import i18n
from .explain import candidate_statuses, order_line, reference_matched, sections
from .metric_types import MetricRow, MetricView, ViewInput, view_head

__all__ = ["rouge_view", "dropped_note"]


def dropped_note(b: RougeBreakdown, lang: str = "en") -> str:
    """The note when rouge-score's tokenizer dropped most of the two texts' characters ("" otherwise)."""
    if b.dropped is None:
        return ""
    dropped = sum(d for d, _ in b.dropped)
    total = sum(t for _, t in b.dropped)
    if 2 * dropped <= total:
        return ""
    counts = {"dropped": i18n.format_integer(dropped, lang), "total": i18n.format_integer(total, lang)}
    return i18n.t(lang, "rouge_dropped", **counts)


def _ngram_lines(t: TypeBreakdown, b: RougeBreakdown, lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
    n = int(t.rouge_type[5:])

    def grams(tokens: list[str]) -> list[tuple[str, ...]]:
        return list(zip(*[tokens[i:] for i in range(n)]))

    cand, ref = grams(b.prediction_tokens), grams(b.reference_tokens)
    statuses = candidate_statuses(cand, Counter(ref))  # type: ignore[arg-type]
    flags = reference_matched(ref, Counter(cand))  # type: ignore[arg-type]
    title = type_name(t.rouge_type)

    def summary(k: int, total: int) -> str:
        return i18n.t(
            lang, "chrf_highlight_order", matched=i18n.format_integer(k, lang), total=i18n.format_integer(total, lang)
        )

    c_items = ([" ".join(g), "hl-" + s] for g, s in zip(cand, statuses))
    r_items = ([" ".join(g), "hl-ref-matched" if ok else "hl-ref-unmatched"] for g, ok in zip(ref, flags))
    return (
        order_line(n, title, summary(t.matches, len(cand)), c_items, len(cand), lang),
        order_line(n, title, summary(t.matches, len(ref)), r_items, len(ref), lang),
    )


def _marked(tokens: Sequence[str], hits: set[int], matched: str, unmatched: str) -> list[list[str]]:
    return [[w, matched if i in hits else unmatched] for i, w in enumerate(tokens)]


def _lcs_lines(
    t: TypeBreakdown, cand_sents: list[list[str]], ref_sents: list[list[str]], k: int, lang: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """ROUGE-L (one sentence each) or ROUGE-Lsum (per sentence): the tokens that count marked."""
    title = type_name(t.rouge_type)
    ref_hits: dict[int, set[int]] = {}
    cand_hits: dict[int, set[int]] = {}
    for rs, ri, ps, pi in t.matched:
        ref_hits.setdefault(int(rs), set()).add(int(ri))  # type: ignore[call-overload]
        cand_hits.setdefault(int(ps), set()).add(int(pi))  # type: ignore[call-overload]
    several = len(cand_sents) > 1 or len(ref_sents) > 1
    summary = i18n.t(lang, "rouge_lcs_summary", matches=i18n.format_integer(t.matches, lang))
    cand, ref = [], []
    for s, tokens in enumerate(cand_sents):
        name = i18n.t(lang, "rouge_sentence", title=title, k=i18n.format_integer(s + 1, lang)) if several else title
        items = _marked(tokens, cand_hits.get(s, set()), "hl-matched", "hl-unmatched")
        cand.append(order_line(k, name, summary if s == 0 else "", items, len(items), lang))
    for s, tokens in enumerate(ref_sents):
        name = i18n.t(lang, "rouge_sentence", title=title, k=i18n.format_integer(s + 1, lang)) if several else title
        items = _marked(tokens, ref_hits.get(s, set()), "hl-ref-matched", "hl-ref-unmatched")
        ref.append(order_line(k, name, summary if s == 0 else "", items, len(items), lang))
    return cand, ref


def rouge_highlight(
    b: RougeBreakdown, candidate: str, reference: str, reference_number: int, config: Any, lang: str = "en"
) -> dict[str, list[dict[str, Any]]]:
    """Each type's marks: ROUGE-N's n-grams, ROUGE-L's LCS, ROUGE-Lsum's union LCS per sentence."""
    tokenize = make_tokenizer(config.tokenizer, config.use_stemmer)
    split = split_sentences if config.split_summaries else newline_sentences
    cand_lines: list[dict[str, Any]] = []
    ref_lines: list[dict[str, Any]] = []
    for k, t in enumerate(b.types, start=1):
        if t.rouge_type[5:].isdigit():
            c, r = _ngram_lines(t, b, lang)
            cand_lines.append(c)
            ref_lines.append(r)
        elif t.rouge_type == "rougeL":
            cs, rs = _lcs_lines(t, [b.prediction_tokens], [b.reference_tokens], k, lang)
            cand_lines += cs
            ref_lines += rs
        else:
            cs, rs = _lcs_lines(
                t, [tokenize(x) for x in split(candidate)], [tokenize(x) for x in split(reference)], k, lang
            )
            cand_lines += cs
            ref_lines += rs
    return sections(cand_lines, [(reference_number, ref_lines)], lang)


def type_row(rouge_type: str, stats: Sequence[int], score: Any, lang: str = "en") -> MetricRow:
    """One type's cells: name, matches, candidate and reference totals, P, R, F."""
    num, integer = i18n.format_number, i18n.format_integer
    cells = [
        type_name(rouge_type),
        integer(stats[0], lang),
        integer(stats[1], lang),
        integer(stats[2], lang),
        num(score.precision, lang),
        num(score.recall, lang),
        num(score.fmeasure, lang),
    ]
    return {"cells": cells, "class": ""}


def rouge_view(inp: ViewInput) -> MetricView:
    """What the page shows for a candidate under ROUGE or one of its presets. Raises ValueError: no reference."""
    candidate, references, reference_numbers, number, metric, _, lang = inp
    scorer = registry.get(metric).make(**inp.options)
    config = scorer.config
    refs = list(references)
    result = scorer.score_from_stats(scorer.extract(candidate, refs), len(refs))
    parts = [rouge_breakdown(candidate, r, config) for r in refs]
    best = max(range(len(parts)), key=lambda i: (parts[i].types[0].score.fmeasure, -i))
    b = parts[best]
    ref_number = reference_numbers[best]
    first, label = result.means[0], type_name(config.rouge_types[0])
    value = i18n.format_number(result.score, lang)
    p_text, r_text = i18n.format_number(first.precision, lang), i18n.format_number(first.recall, lang)
    rows = [type_row(t, s, m, lang) for t, s, m in zip(config.rouge_types, result.totals, result.means)]
    columns = ("rouge_type", "matches", "hyp_total", "ref_total", "chrf_precision", "recall", "f")
    shown_number = i18n.format_integer(number, lang)
    caption = i18n.t(lang, "metric_caption_rouge", number=shown_number, ref=i18n.format_integer(ref_number, lang))
    note = dropped_note(b, lang)
    live = {
        "name": label,
        "tokens": i18n.format_integer(len(b.prediction_tokens), lang),
        "ref_tokens": i18n.format_integer(len(b.reference_tokens), lang),
        "matches": i18n.format_integer(result.totals[0][0], lang),
        "p": p_text,
        "r": r_text,
        "score": value,
    }
    steps = ["tokens", "n", "l", "f", "refs"]
    return cast(
        MetricView,
        {
            **view_head(inp, label, result.score, value),
            "percent": i18n.format_number(result.score * 100, lang, 2),
            "formula": i18n.t(lang, "rouge_formula", name=label, p=p_text, r=r_text, score=value),
            "signature": result.signature,
            "caption": f"{caption}. {note}" if note else caption,
            "head": [i18n.t(lang, "col_" + key) for key in columns],
            "rows": rows,
            "summary": f"P {p_text} · R {r_text}" + (f" · {note}" if note else ""),
            "ranking_cells": [p_text, r_text],
            "json": json.dumps(result.to_dict(), indent=2, ensure_ascii=False),
            "highlight": rouge_highlight(b, candidate, refs[best], ref_number, config, lang),
            "help_intro": i18n.t(lang, "help_rouge_intro"),
            "help_steps": [i18n.t(lang, f"help_rouge_step_{name}", **live) for name in steps],
            "faq": ["rouge_types", "rouge_tokenizer", "metrics"],
        },
    )
