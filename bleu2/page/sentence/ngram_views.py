"""The GLEU and NIST breakdowns as plain data: each order's counts, with its n-grams marked

GLEU (Wu et al. 2016; NLTK's ``sentence_gleu``, HF evaluate's ``google_bleu``): matched
n-grams of orders 1..4 over the larger of the candidate's and the reference's n-gram
totals, a float in [0, 1]. NIST (Doddington 2002; mteval-v13a.pl's rules by default): per
order the information of the matched n-grams (bits, from the sentence's own references)
per candidate n-gram, summed over orders, times the length penalty; a float >= 0, in bits.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from ...metrics import registry
from ...metrics.gleu import scorer as _gleu_scorer  # noqa: F401  (loaded with the page: its archive's modules)
from ...metrics.gleu.breakdown import gleu_breakdown
from ...metrics.nist import scorer as _nist_scorer  # noqa: F401
from ...metrics.nist.breakdown import nist_breakdown
from .. import i18n
from .explain import candidate_statuses, order_line, reference_matched, sections
from .metric_types import MetricRow, MetricView, ViewInput, view_head

__all__ = ["gleu_view", "nist_view"]


def _grams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return list(zip(*[tokens[i:] for i in range(n)]))


def _order_lines(
    cand: Sequence[str], refs: Sequence[Sequence[str]], numbers: Sequence[int], orders: Sequence[int], lang: str
) -> dict[str, list[dict[str, Any]]]:
    """Per order the candidate's n-grams (matched while within the largest count in any of
    ``refs``) and each reference's (matched while within the candidate's count)."""

    def summary(k: int, total: int) -> str:
        return i18n.t(
            lang, "chrf_highlight_order", matched=i18n.format_integer(k, lang), total=i18n.format_integer(total, lang)
        )

    cand_lines = []
    ref_lines: list[list[dict[str, Any]]] = [[] for _ in refs]
    for n in orders:
        title = i18n.t(lang, "ngram_order", n=n)
        hyp = _grams(cand, n)
        limits: Counter[tuple[str, ...]] = Counter()
        for ref in refs:
            limits |= Counter(_grams(ref, n))
        statuses = candidate_statuses(hyp, limits)  # type: ignore[arg-type]
        items = ([" ".join(g), "hl-" + s] for g, s in zip(hyp, statuses))
        cand_lines.append(order_line(n, title, summary(statuses.count("matched"), len(hyp)), items, len(hyp), lang))
        for j, ref in enumerate(refs):
            grams = _grams(ref, n)
            flags = reference_matched(grams, Counter(hyp))  # type: ignore[arg-type]
            r_items = ([" ".join(g), "hl-ref-matched" if ok else "hl-ref-unmatched"] for g, ok in zip(grams, flags))
            ref_lines[j].append(order_line(n, title, summary(sum(flags), len(grams)), r_items, len(grams), lang))
    return sections(cand_lines, list(zip(numbers, ref_lines)), lang)


def gleu_view(inp: ViewInput) -> MetricView:
    """What the page shows for a candidate under GLEU (the registry entry's options and ``inp.options``)."""
    candidate, references, reference_numbers, number, metric, _, lang = inp
    scorer = registry.get(metric).make(**inp.options)
    tok, config = scorer._tokenize, scorer.config
    cand, refs = tok(candidate), [tok(r) for r in references]
    result = scorer.score_from_stats(scorer.extract(candidate, list(references)), len(refs))
    b = gleu_breakdown(cand, refs, config.min_len, config.max_len)
    k = max(b.reference, 0)
    value = i18n.format_number(result.score, lang)
    integer = i18n.format_integer
    rows: list[MetricRow] = [
        {
            "cells": [
                i18n.t(lang, "ngram_order", n=o.n),
                integer(o.matches, lang),
                integer(o.hyp, lang),
                integer(o.ref, lang),
            ],
            "class": "",
        }
        for o in b.orders
    ]
    hyp_sum, ref_sum = sum(o.hyp for o in b.orders), sum(o.ref for o in b.orders)
    rows.append(
        {
            "cells": [
                i18n.t(lang, "gleu_all_orders"),
                integer(b.matches, lang),
                integer(hyp_sum, lang),
                integer(ref_sum, lang),
            ],
            "class": "average",
        }
    )
    live = {
        "matches": integer(b.matches, lang),
        "total": integer(b.total, lang),
        "hyp": integer(hyp_sum, lang),
        "ref": integer(ref_sum, lang),
        "score": value,
    }
    ref_number = reference_numbers[k]
    shown = integer(number, lang)
    return cast(
        MetricView,
        {
            **view_head(inp, "GLEU", result.score, value),
            "percent": i18n.format_number(result.score * 100, lang, 2),
            "formula": i18n.t(lang, "gleu_formula", **live),
            "signature": result.signature,
            "caption": i18n.t(lang, "metric_caption_gleu", number=shown, ref=integer(ref_number, lang)),
            "head": [i18n.t(lang, "col_" + c) for c in ("order", "matches", "hyp_total", "ref_total")],
            "rows": rows,
            "summary": f"{integer(b.matches, lang)} / {integer(b.total, lang)}",
            "ranking_cells": [integer(b.matches, lang), integer(b.total, lang)],
            "json": json.dumps(result.to_dict(), indent=2, ensure_ascii=False),
            "highlight": _order_lines(cand, [refs[k]], [ref_number], [o.n for o in b.orders], lang),
            "help_intro": i18n.t(lang, "help_gleu_intro"),
            "help_steps": [i18n.t(lang, f"help_gleu_step_{s}", **live) for s in ("grams", "score")],
            "faq": ["gleu", "metrics"],
        },
    )


def nist_view(inp: ViewInput) -> MetricView:
    """What the page shows for a candidate under NIST (weights from the sentence's own references, as
    ``sentence_nist``); 0 where NIST is undefined (no reference words)."""
    candidate, references, reference_numbers, number, metric, _, lang = inp
    scorer = registry.get(metric).make(**inp.options)
    tok, config = scorer._tokenize, scorer.config
    cand, refs = tok(candidate), [tok(r) for r in references]
    num, integer = i18n.format_number, i18n.format_integer
    try:
        b = nist_breakdown(cand, refs, config)
        result: Any = scorer.score_from_stats(scorer.extract(candidate, list(references)), len(refs))
    except ValueError:  # NistUndefined: the references have no words
        b, result = None, None
    score = b.score if b is not None else 0.0
    value = num(score, lang)
    rows: list[MetricRow] = []
    if b is not None:
        rows = [
            {
                "cells": [
                    i18n.t(lang, "ngram_order", n=o.n),
                    integer(o.ngrams, lang),
                    integer(o.matched, lang),
                    num(o.info, lang),
                    num(o.gain, lang),
                ],
                "class": "",
            }
            for o in b.orders
        ]
        rows.append({"cells": [i18n.t(lang, "nist_penalty"), "", "", "", num(b.penalty, lang)], "class": "average"})
    gains = " + ".join(num(o.gain, lang) for o in b.orders) if b is not None else ""
    live = {"gains": gains, "penalty": num(b.penalty, lang) if b is not None else "", "score": value}
    formula = i18n.t(lang, "nist_formula", **live) if b is not None else i18n.t(lang, "nist_undefined")
    shown = integer(number, lang)
    orders = list(range(1, config.n + 1))
    return cast(
        MetricView,
        {
            **view_head(inp, "NIST", score, value),
            "percent": value,
            "formula": formula,
            "signature": result.signature if result is not None else scorer.signature(len(refs)),
            "caption": i18n.t(lang, "metric_caption_nist", number=shown),
            "head": [i18n.t(lang, "col_" + c) for c in ("order", "hyp_total", "matches", "nist_info", "nist_gain")],
            "rows": rows,
            "summary": f"{i18n.t(lang, 'nist_penalty')} {live['penalty']}" if b is not None else "",
            "ranking_cells": [gains, live["penalty"]],
            "json": json.dumps(
                result.to_dict() if result is not None else {"nist": None}, indent=2, ensure_ascii=False
            ),
            "highlight": _order_lines(cand, refs, list(reference_numbers), orders, lang),
            "help_intro": i18n.t(lang, "help_nist_intro"),
            "help_steps": [i18n.t(lang, f"help_nist_step_{s}", **live) for s in ("info", "score")],
            "faq": ["nist_peers", "metrics"],
        },
    )
