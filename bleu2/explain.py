"""N-gram highlighting that explains modified (clipped) precision, as plain data.

For each order n, every n-gram occurrence of the candidate gets a status:

* ``"matched"``: one of the first min(k, m) occurrences, where k is the n-gram's count in
  the candidate and m its largest count in any one reference;
* ``"clipped"``: a later occurrence of an n-gram the references do contain (m > 0): the
  candidate uses it more often than any one reference allows, so clipping removed its
  credit;
* ``"unmatched"``: no reference contains the n-gram (m = 0).

So the number of matched candidate spans of order n is
sum_g min(count_cand(g), max_ref count_ref(g)), the clipped matches of
:func:`bleu2.stats.sentence_stats` (Papineni et al. 2002), and the number of spans is
max(c - n + 1, 0), the total.

On the reference side, each n-gram occurrence of a reference is matched when it is one of
the first min(count in the candidate, count in this reference) occurrences.

Nothing here builds markup: tokens and labels are returned as strings for the page to set
with ``textContent``. Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from . import i18n

__all__ = [
    "MATCHED",
    "CLIPPED",
    "UNMATCHED",
    "MAX_TOKENS",
    "ngram_spans",
    "highlight",
    "span_label",
    "ngram_text",
    "highlight_sections",
]

MATCHED = "matched"
CLIPPED = "clipped"
UNMATCHED = "unmatched"

#: Highlighting is switched off when the candidate or a reference has more tokens than
#: this: thousands of marked spans would freeze the page after every pause in typing.
MAX_TOKENS = 2000

#: Shown between the tokens of an n-gram in labels.
NGRAM_SEPARATOR = " "


def ngram_spans(tokens: Sequence[str], n: int) -> list[tuple[int, tuple[str, ...]]]:
    """``[(start, ngram), ...]`` for every n-gram of ``tokens`` in order; ngram is a tuple of n
    tokens. Empty when there are fewer than n tokens."""
    return [(i, tuple(tokens[i : i + n])) for i in range(len(tokens) - n + 1)]


def _grams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return list(zip(*[tokens[i:] for i in range(n)]))


def _count(grams: list) -> dict:
    counts: dict = {}
    get = counts.get
    for g in grams:
        counts[g] = get(g, 0) + 1
    return counts


def _max_counts(per_ref: list[dict]) -> dict:
    """n-gram -> its largest count in any one reference (the clipping limit)."""
    if len(per_ref) == 1:
        return per_ref[0]
    out: dict = {}
    for counts in per_ref:
        for g, k in counts.items():
            if k > out.get(g, 0):
                out[g] = k
    return out


def highlight(
    candidate_tokens: Sequence[str], references_tokens: Sequence[Sequence[str]], max_order: int = 2
) -> dict:
    """Which n-grams of the candidate and of each reference were matched, per order.

    Args:
        candidate_tokens: the candidate's tokens (as the tokenizer gave them).
        references_tokens: one token list per reference (references with no tokens simply
            have no spans; pass only the references that were scored).
        max_order: N >= 1; orders 1..N are explained.
    Returns:
        dict::

            {"max_order": N,
             "candidate": {"tokens": [str], "orders": [
                 {"n": 1, "matched": int, "clipped": int, "unmatched": int, "total": int,
                  "spans": [{"start": i, "end": i + n, "ngram": [str],
                             "status": "matched" | "clipped" | "unmatched",
                             "count": k, "max_ref_count": m, "occurrence": j}, ...]},
                 ...]},
             "references": [{"index": i, "tokens": [str], "orders": [
                 {"n": 1, "matched": int, "total": int,
                  "spans": [{"start", "end", "ngram", "matched": bool,
                             "count_in_candidate": k, "count_in_reference": m,
                             "occurrence": j}, ...]}, ...]}, ...]}

        ``start``/``end`` are token indices (end exclusive); ``occurrence`` is 1-based.
        ``candidate.orders[n-1].matched`` equals the clipped matches of order n and
        ``total`` the candidate's n-gram count (max(c - n + 1, 0)).
    Raises:
        ValueError: max_order is not an integer >= 1.
    """
    if isinstance(max_order, bool) or not isinstance(max_order, int) or max_order < 1:
        raise ValueError(f"max_order must be an integer >= 1, got {max_order!r}")
    cand = list(candidate_tokens)
    refs = [list(r) for r in references_tokens]
    cand_orders = []
    ref_orders: list[list[dict]] = [[] for _ in refs]
    for n in range(1, max_order + 1):
        cand_grams = _grams(cand, n)
        cand_counts = _count(cand_grams)
        ref_grams = [_grams(r, n) for r in refs]
        per_ref = [_count(g) for g in ref_grams]
        max_ref = _max_counts(per_ref)
        seen: dict = {}
        spans = []
        n_matched = n_clipped = n_unmatched = 0
        for start, g in enumerate(cand_grams):
            j = seen.get(g, 0) + 1
            seen[g] = j
            m = max_ref.get(g, 0)
            if m == 0:
                status = UNMATCHED
                n_unmatched += 1
            elif j <= m:  # j <= count in the candidate always: the first min(k, m) match
                status = MATCHED
                n_matched += 1
            else:
                status = CLIPPED
                n_clipped += 1
            spans.append(
                {
                    "start": start,
                    "end": start + n,
                    "ngram": list(g),
                    "status": status,
                    "count": cand_counts[g],
                    "max_ref_count": m,
                    "occurrence": j,
                }
            )
        cand_orders.append(
            {"n": n, MATCHED: n_matched, CLIPPED: n_clipped, UNMATCHED: n_unmatched, "total": len(spans),
             "spans": spans}
        )
        for i, (grams, counts) in enumerate(zip(ref_grams, per_ref)):
            seen = {}
            rspans = []
            matched = 0
            for start, g in enumerate(grams):
                j = seen.get(g, 0) + 1
                seen[g] = j
                k = cand_counts.get(g, 0)
                ok = j <= k  # j <= count in this reference always
                matched += ok
                rspans.append(
                    {
                        "start": start,
                        "end": start + n,
                        "ngram": list(g),
                        "matched": ok,
                        "count_in_candidate": k,
                        "count_in_reference": counts[g],
                        "occurrence": j,
                    }
                )
            ref_orders[i].append({"n": n, "matched": matched, "total": len(rspans), "spans": rspans})
    return {
        "max_order": max_order,
        "candidate": {"tokens": cand, "orders": cand_orders},
        "references": [
            {"index": i, "tokens": ref, "orders": orders} for i, (ref, orders) in enumerate(zip(refs, ref_orders))
        ],
    }


def ngram_text(span: Mapping) -> str:
    """The n-gram of a span as one string, its tokens joined by a space."""
    return NGRAM_SEPARATOR.join(span["ngram"])


def span_label(span: Mapping, strings: Mapping[str, str] | str = "en") -> str:
    """The hover/focus text of a span from :func:`highlight` (candidate or reference side).

    Args:
        span: a candidate span (has ``status``) or a reference span (has ``matched``).
        strings: an interface strings dict of :mod:`bleu2.i18n` (``i18n.ES``) or a
            language code.
    Returns:
        str, e.g. ``“the”: 3× in the candidate, at most 1× in a reference: 2 clipped``.
        Plain text (the n-gram is user text): set it with ``textContent``/``title``/
        ``aria-label``, never as HTML.
    Raises:
        KeyError: a span without the fields of either side.
    """
    lang = i18n.strings_for(strings)

    def num(x: int) -> str:
        return i18n.format_integer(x, lang)

    g = ngram_text(span)
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


def _summary(lang, counts: list[tuple[str, int]]) -> str:
    return " · ".join(i18n.tn(lang, key, k) for key, k in counts)


def highlight_sections(
    candidate_tokens: Sequence[str],
    references_tokens: Sequence[Sequence[str]],
    reference_numbers: Sequence[int],
    max_order: int = 2,
    lang: str | Mapping[str, str] = "en",
    max_tokens: int = MAX_TOKENS,
) -> dict:
    """What the page's highlighting shows, ready to paint: the result of :func:`highlight`
    turned into titled lines of ``[text, css class]`` items, in ``lang``.

    The hover/focus text of an item is not built here (thousands of labels would make
    every repaint slow): the page asks :func:`label_at` for the one a person points at.

    Args:
        candidate_tokens, references_tokens, max_order: as :func:`highlight`.
        reference_numbers: the 1-based box number of each reference (for the titles).
        lang: interface language (code or strings dict).
        max_tokens: above this many tokens in the candidate or in one reference nothing is
            marked (``off`` says why), so long texts stay quick to edit.
    Returns:
        ``{"off": str | None, "candidate": [section], "references": [section]}``, each
        section ``{"title", "id", "orders": [{"n", "title", "summary", "items":
        [[text, css_class], ...]}]}``; ``id`` is ``hl-cand`` or ``hl-ref-<number>``;
        ``css_class`` is ``hl-matched``, ``hl-clipped``, ``hl-unmatched`` (candidate) or
        ``hl-ref-matched``, ``hl-ref-unmatched`` (references). ``off`` is the message
        shown instead when a text is too long (both lists empty then). Plain text
        throughout (user text): set with ``textContent``.
    """
    strings = i18n.strings_for(lang)
    sizes = [len(candidate_tokens)] + [len(r) for r in references_tokens]
    if max(sizes) > max_tokens:
        return {"off": i18n.t(strings, "highlight_off", limit=i18n.format_integer(max_tokens, strings)),
                "candidate": [], "references": []}
    cand = list(candidate_tokens)
    refs = [list(r) for r in references_tokens]

    def order_title(n: int) -> str:
        return i18n.t(strings, f"order_{n}") if n <= 4 else i18n.t(strings, "order_n", n=n)

    # The statuses of highlight(), computed without its per-span records (this runs after
    # every pause in typing; label_at gives the counts of the one token pointed at).
    sep = NGRAM_SEPARATOR
    cand_orders = []
    ref_orders: list[list[dict]] = [[] for _ in refs]
    for n in range(1, max_order + 1):
        cand_grams = _grams(cand, n)
        cand_counts = _count(cand_grams)
        per_ref = [_count(_grams(r, n)) for r in refs]
        max_ref = _max_counts(per_ref)
        seen: dict = {}
        items = []
        tally = {MATCHED: 0, CLIPPED: 0, UNMATCHED: 0}
        for g in cand_grams:
            j = seen.get(g, 0) + 1
            seen[g] = j
            m = max_ref.get(g, 0)
            status = UNMATCHED if m == 0 else (MATCHED if j <= m else CLIPPED)
            tally[status] += 1
            items.append([g[0] if n == 1 else sep.join(g), "hl-" + status])
        summary = _summary(strings, [("hl_matched", tally[MATCHED]), ("hl_clipped", tally[CLIPPED]),
                                     ("hl_unmatched", tally[UNMATCHED])])
        cand_orders.append({"n": n, "title": order_title(n), "summary": summary, "items": items})
        for r, ref in enumerate(refs):
            seen = {}
            items = []
            matched = 0
            for g in _grams(ref, n):
                j = seen.get(g, 0) + 1
                seen[g] = j
                ok = j <= cand_counts.get(g, 0)
                matched += ok
                items.append([g[0] if n == 1 else sep.join(g), "hl-ref-matched" if ok else "hl-ref-unmatched"])
            summary = i18n.t(strings, "hl_ref_summary", matched=i18n.format_integer(matched, strings),
                             total=i18n.format_integer(len(items), strings))
            ref_orders[r].append({"n": n, "title": order_title(n), "summary": summary, "items": items})
    candidate = [{"title": i18n.t(strings, "highlight_candidate"), "id": "hl-cand", "orders": cand_orders}]
    references = [
        {"title": i18n.t(strings, "highlight_reference", number=i18n.format_integer(number, strings)),
         "id": f"hl-ref-{number}", "orders": orders}
        for number, orders in zip(reference_numbers, ref_orders)
    ]
    return {"off": None, "candidate": candidate, "references": references}


def label_at(data: Mapping, section: int | None, n: int, index: int, lang: str | Mapping[str, str] = "en") -> str:
    """The hover/focus text (:func:`span_label`) of one item of :func:`highlight_sections`.

    Args:
        data: :func:`highlight` of the same tokens.
        section: None for the candidate, else the reference's position in
            ``data["references"]`` (0-based).
        n: the n-gram order (1-based); index: the span's position in that order's line.
    Raises:
        IndexError: no such order or span.
    """
    side = data["candidate"] if section is None else data["references"][section]
    return span_label(side["orders"][n - 1]["spans"][index], lang)
