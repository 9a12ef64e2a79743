"""N-gram highlighting that explains modified (clipped) precision, as plain data.

Of an n-gram with k occurrences in the candidate and at most m in any one reference, the first min(k, m) are
``"matched"``, later ones ``"clipped"``, all ``"unmatched"`` if m = 0; so the matched spans of order n are the clipped
matches of :func:`bleu2.metrics.bleu.stats.sentence_stats` (Papineni et al. 2002). A reference's occurrence is matched when it is
one of the first min(count in the candidate, count in this reference). Plain text only (set with ``textContent``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, TypedDict

from ...metrics.bleu.stats import Gram, ngram_counts, reference_stats
from ...metrics.bleu.stats import ngrams as _grams
from .. import i18n
from .breakdown import SHOWN_ITEMS, shorten

__all__ = [
    "MATCHED",
    "order_line",
    "sections",
    "MAX_TOKENS",
    "highlight",
    "candidate_statuses",
    "reference_matched",
    "span_label",
    "ngram_text",
    "highlight_sections",
    "label_at",
    "Labels",
    "page_highlight_key",
    "page_highlight",
]

MATCHED = "matched"
CLIPPED = "clipped"
UNMATCHED = "unmatched"

#: Above this many tokens in the candidate or a reference nothing is marked (the page stays quick to edit).
MAX_TOKENS = 2000

#: The page marks unigrams and bigrams (whatever the max order).
PAGE_MAX_ORDER = 2

NGRAM_SEPARATOR = " "


class HighlightSections(TypedDict):
    """:func:`highlight_sections`: why nothing is marked (or None), the candidate's and the references' sections."""

    off: str | None
    candidate: list[dict[str, Any]]
    references: list[dict[str, Any]]


class PageHighlight(HighlightSections):
    labels: Labels


#: Per order (:func:`_analyse`): n, candidate n-grams, statuses, counts, limits, per reference (n-grams, flags, counts).
Analysis = tuple[
    int,
    list[Gram],
    list[str],
    dict[Gram, int],
    Mapping[Gram, int],
    list[tuple[list[Gram], list[bool], dict[Gram, int]]],
]


def _span(start: int, n: int, g: Gram, occurrence: int, **fields: Any) -> dict[str, Any]:
    """A span of :func:`highlight`: token indices ``start``/``end`` (exclusive), the n-gram, its 1-based occurrence."""
    ngram = [g] if isinstance(g, str) else list(g)
    return {"start": start, "end": start + n, "ngram": ngram, **fields, "occurrence": occurrence}


def _label(g: Gram, n: int) -> str:
    return g if isinstance(g, str) else NGRAM_SEPARATOR.join(g)


def candidate_statuses(grams: list[Gram], limits: Mapping[Gram, int]) -> list[str]:
    """Each candidate n-gram occurrence's status; ``limits``: n-gram -> m, its largest count in one reference."""
    seen: dict[Gram, int] = {}
    out = []
    for g in grams:
        j = seen.get(g, 0) + 1
        seen[g] = j
        m = limits.get(g, 0)
        out.append(UNMATCHED if m == 0 else (MATCHED if j <= m else CLIPPED))
    return out


def reference_matched(grams: list[Gram], candidate_counts: Mapping[Gram, int]) -> list[bool]:
    """Whether each reference n-gram occurrence is one of the first min(count in candidate, count here)."""
    seen: dict[Gram, int] = {}
    out = []
    for g in grams:
        j = seen.get(g, 0) + 1
        seen[g] = j
        out.append(j <= candidate_counts.get(g, 0))
    return out


def _analyse(
    candidate_tokens: Sequence[str], references_tokens: Sequence[Sequence[str]], max_order: int
) -> Iterator[Analysis]:
    cand = list(candidate_tokens)
    refs = [list(r) for r in references_tokens]
    cand_counts = ngram_counts(cand, max_order)
    limits = reference_stats(refs, max_order, "count").max_counts if refs else ({},) * max_order
    ref_counts = [ngram_counts(r, max_order) for r in refs]
    for n in range(1, max_order + 1):
        grams = _grams(cand, n)
        sides = []
        for ref, counts in zip(refs, ref_counts):
            rgrams = _grams(ref, n)
            sides.append((rgrams, reference_matched(rgrams, cand_counts[n - 1]), counts[n - 1]))
        yield n, grams, candidate_statuses(grams, limits[n - 1]), cand_counts[n - 1], limits[n - 1], sides


def highlight(
    candidate_tokens: Sequence[str], references_tokens: Sequence[Sequence[str]], max_order: int = 2
) -> dict[str, Any]:
    """Which n-grams of the candidate and of each reference were matched, per order 1..``max_order``.

    Spans have token indices ``start``/``end`` (exclusive) and a 1-based ``occurrence``; a candidate order's
    ``matched`` is the clipped matches and ``total`` max(c - n + 1, 0) (docs/architecture-page.md).
    Raises ValueError: max_order is not an integer >= 1."""
    if isinstance(max_order, bool) or not isinstance(max_order, int) or max_order < 1:
        raise ValueError(f"max_order must be an integer >= 1, got {max_order!r}")
    refs = [list(r) for r in references_tokens]
    cand_orders = []
    ref_orders: list[list[dict[str, Any]]] = [[] for _ in refs]
    for n, grams, statuses, counts, limits, sides in _analyse(candidate_tokens, refs, max_order):
        seen: dict[Gram, int] = {}
        spans = []
        for start, (g, status) in enumerate(zip(grams, statuses)):
            seen[g] = j = seen.get(g, 0) + 1
            spans.append(_span(start, n, g, j, status=status, count=counts[g], max_ref_count=limits.get(g, 0)))
        tally = {s: statuses.count(s) for s in (MATCHED, CLIPPED, UNMATCHED)}
        cand_orders.append({"n": n, **tally, "total": len(spans), "spans": spans})
        for i, (rgrams, matched, rcounts) in enumerate(sides):
            seen = {}
            rspans = []
            for start, (g, ok) in enumerate(zip(rgrams, matched)):
                seen[g] = j = seen.get(g, 0) + 1
                ref_counts = {"count_in_candidate": counts.get(g, 0), "count_in_reference": rcounts[g]}
                rspans.append(_span(start, n, g, j, matched=ok, **ref_counts))
            ref_orders[i].append({"n": n, "matched": sum(matched), "total": len(rspans), "spans": rspans})
    return {
        "max_order": max_order,
        "candidate": {"tokens": list(candidate_tokens), "orders": cand_orders},
        "references": [
            {"index": i, "tokens": ref, "orders": orders} for i, (ref, orders) in enumerate(zip(refs, ref_orders))
        ],
    }


def ngram_text(span: Mapping[str, Any]) -> str:
    return NGRAM_SEPARATOR.join(span["ngram"])


def span_label(span: Mapping[str, Any], lang: str = "en") -> str:
    """A span's hover text: ``“the”: 3× in the candidate, at most 1× in a reference: 2 clipped`` (plain text).
    Raises KeyError: a span without the fields of either side."""

    def num(x: int) -> str:
        return i18n.format_integer(x, lang)

    g = i18n.isolate(ngram_text(span))
    if "status" in span:
        k, m = span["count"], span["max_ref_count"]
        status = span["status"]
        params = {"ngram": g, "count": num(k), "max_ref": num(m)}
        if status == CLIPPED:
            return i18n.t(lang, "span_clipped", clipped=i18n.tn(lang, "hl_clipped", k - m), **params)
        if status == MATCHED:
            return i18n.t(lang, "span_matched", **params)
        return i18n.t(lang, "span_unmatched", **params)
    params = {"ngram": g, "count": num(span["count_in_candidate"]), "ref_count": num(span["count_in_reference"])}
    return i18n.t(lang, "span_ref_matched" if span["matched"] else "span_ref_unmatched", **params)


def order_line(n: int, title: str, summary: str, items: Iterable[list[str]], count: int, lang: str) -> dict[str, Any]:
    """One titled line of a section: its first :data:`SHOWN_ITEMS` ``[text, css class]`` items of ``count``."""
    shown, more = shorten(list(islice(items, SHOWN_ITEMS)), lang, count=count)
    return {"n": n, "title": title, "summary": summary, "items": shown, "more": more}


def sections(candidate: list[dict[str, Any]], references: Iterable[tuple[int, Any]], lang: str) -> dict[str, Any]:
    """The candidate's lines and each ``(box number, lines)`` of a reference as highlight sections."""
    refs = [
        {
            "title": i18n.t(lang, "highlight_reference", number=i18n.format_integer(number, lang)),
            "id": f"hl-ref-{number}",
        }
        | {"orders": orders}
        for number, orders in references
    ]
    return {
        "candidate": [{"title": i18n.t(lang, "highlight_candidate"), "id": "hl-cand", "orders": candidate}],
        "references": refs,
    }


def highlight_sections(
    candidate_tokens: Sequence[str],
    references_tokens: Sequence[Sequence[str]],
    reference_numbers: Sequence[int],
    max_order: int = 2,
    lang: str = "en",
    max_tokens: int = MAX_TOKENS,
) -> HighlightSections:
    """:func:`highlight` as titled lines of ``[text, css class]`` items in ``lang``, ready to paint (plain text).

    Each line shows the first :data:`~bleu2.page.sentence.breakdown.SHOWN_ITEMS` n-grams and "and N more"; past
    ``max_tokens`` nothing is marked and ``off`` says why. Hover texts come on demand from :func:`label_at`.
    """
    sizes = [len(candidate_tokens)] + [len(r) for r in references_tokens]
    if max(sizes) > max_tokens:
        off = i18n.t(lang, "highlight_off", limit=i18n.format_integer(max_tokens, lang))
        return {"off": off, "candidate": [], "references": []}
    cand = list(candidate_tokens)
    refs = [list(r) for r in references_tokens]

    def order_title(n: int) -> str:
        return i18n.t(lang, f"order_{n}") if n <= 4 else i18n.t(lang, "order_n", n=n)

    # The statuses of highlight(), without its per-span records (this runs after every
    # pause in typing; label_at gives the counts of the one token pointed at).
    cand_orders = []
    ref_orders: list[list[dict[str, Any]]] = [[] for _ in refs]
    for n, grams, statuses, _, _, sides in _analyse(cand, refs, max_order):
        counts = [(f"hl_{s}", statuses.count(s)) for s in (MATCHED, CLIPPED, UNMATCHED)]
        summary = " · ".join(i18n.tn(lang, key, k) for key, k in counts)
        items = ([_label(g, n), "hl-" + status] for g, status in zip(grams, statuses))
        cand_orders.append(order_line(n, order_title(n), summary, items, len(grams), lang))
        for r, (rgrams, matched, _) in enumerate(sides):
            items = ([_label(g, n), "hl-ref-matched" if ok else "hl-ref-unmatched"] for g, ok in zip(rgrams, matched))
            matches, total = i18n.format_integer(sum(matched), lang), i18n.format_integer(len(rgrams), lang)
            summary = i18n.t(lang, "hl_ref_summary", matched=matches, total=total)
            ref_orders[r].append(order_line(n, order_title(n), summary, items, len(rgrams), lang))
    out = sections(cand_orders, zip(reference_numbers, ref_orders), lang)
    return {"off": None, "candidate": out["candidate"], "references": out["references"]}


def label_at(data: Mapping[str, Any], section: int | None, n: int, index: int, lang: str = "en") -> str:
    """The hover text of item ``index`` of order ``n`` (``section``: None for the candidate, else a reference).
    Raises IndexError: no such order or span."""
    side = data["candidate"] if section is None else data["references"][section]
    return span_label(side["orders"][n - 1]["spans"][index], lang)


class Labels:
    """The hover texts of one painting of :func:`highlight_sections`, :func:`highlight` computed at the first use."""

    def __init__(
        self,
        candidate_tokens: Sequence[str],
        references_tokens: Sequence[Sequence[str]],
        reference_numbers: Sequence[int],
        max_order: int = 2,
    ) -> None:
        self.args = (candidate_tokens, references_tokens, max_order)
        self.numbers = list(reference_numbers)
        self.data: dict[str, Any] | None = None

    def label(self, section_id: str, n: int, index: int, lang: str = "en") -> str:
        """The text of item ``index`` of order ``n`` in section ``section_id`` (``hl-cand`` or ``hl-ref-<number>``)."""
        if self.data is None:
            tokens, refs, order = self.args
            self.data = highlight(tokens, refs, max_order=order)
        section = None if section_id == "hl-cand" else self.numbers.index(int(section_id.rsplit("-", 1)[1]))
        return label_at(self.data, section, int(n), int(index), lang)


def page_highlight_key(comparison: Mapping[str, Any], index: int, lang: str = "en") -> tuple[Any, ...]:
    """What candidate ``index``'s highlighting depends on (texts, signature, language): while equal, no repaint."""
    used = comparison["used_references"]
    return (
        comparison["candidates"][index]["text"],
        tuple(comparison["references"][i]["text"] for i in used),
        comparison["signature"],
        comparison["options"]["max_order"],
        lang,
        index,
    )


def page_highlight(comparison: Mapping[str, Any], index: int, lang: str = "en") -> PageHighlight:
    """Candidate ``index``'s highlighting up to :data:`PAGE_MAX_ORDER`, with the :class:`Labels` of its tokens."""
    row = comparison["candidates"][index]
    used = comparison["used_references"]
    refs = [comparison["references"][i]["tokens"] for i in used]
    numbers = [i + 1 for i in used]
    order = min(comparison["options"]["max_order"], PAGE_MAX_ORDER)
    data = highlight_sections(row["tokens"], refs, numbers, order, lang)
    return {**data, "labels": Labels(row["tokens"], refs, numbers, order)}
