"""The Compare view as data: tables, charts, n-grams, examples, a bucket's sentences, exports.

Strings in the page's language; user text is data (painted with ``textContent``). Tokens carry the sentence view's
classes: ``hl-matched`` (clipped as BLEU clips), ``hl-unmatched``, ``hl-ngram``, ``hl-word``.

Under another page's metric than BLEU (``by``: :class:`~bleu2.page.corpus.compare_verdict.PageMetric`) the scores
table has its column, the sentence examples are the lines where the two differ most by that metric, each sentence
shows its score in it and the difference to the baseline's (in bits for NIST), and the JSON has a ``page_metric``
object; the other analyses are compare-mt's (BLEU).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...analyses import CompareResult
from ...analyses import buckets as bk
from ...analyses.examples import examples as pick_examples
from ...analyses.words import WordBucketer, frequencies
from .. import i18n
from ..chart import SvgDrawing
from .compare_chart import grouped_bars
from .compare_verdict import PageMetric
from .compare_verdict import metric_text as _metric_text
from .views import short_names

__all__ = ["KINDS", "EXPORTS", "view", "bucket_lines", "ngram_lines", "export", "metric_examples", "to_json"]

#: The sentence analyses whose buckets list their sentences: kind -> (edges, a line's value).
KINDS: Mapping[str, tuple[tuple[float, ...], Callable[[Mapping[str, Sequence[float]], int], float]]] = {
    "length": (tuple(bk.LENGTH_EDGES), lambda f, i: f["ref_len"][i]),
    "length_difference": (tuple(bk.LENGTH_DIFFERENCE_EDGES), lambda f, i: f["hyp_len"][i] - f["ref_len"][i]),
    "sentence_bleu": (bk.percent_edges(tuple(bk.SENTENCE_BLEU_EDGES)), lambda f, i: 100 * f["bleu"][i]),
}
#: Sentences listed at most for one click.
LIST_LIMIT = 50
#: Sentence examples each way under the page's metric (compare-mt's default, as the analyses').
EXAMPLES = 10
#: format -> (file name, MIME type, the result's method): ``bleu2 compare``'s --html, --json, --latex.
EXPORTS = {
    "html": ("bleu2-compare.html", "text/html", "to_html"),
    "json": ("bleu2-compare.json", "application/json", "to_json"),
    "latex": ("bleu2-compare.tex", "application/x-tex", "to_latex"),
}

Split = Callable[[str], list[str]]


def _pct(x: float, lang: str) -> str:
    return i18n.format_number(x, lang)


def _count_cell(
    count: int, kind: str, bucket: int, system: int, names: Sequence[str], label: str, lang: str
) -> dict[str, Any]:
    cell: dict[str, Any] = {"text": i18n.format_integer(count, lang)}
    if count:
        aria = i18n.t(lang, "compare_list_bucket", count=cell["text"], system=names[system], bucket=label)
        cell["button"] = {"kind": kind, "bucket": bucket, "system": system, "label": aria}
    return cell


def _f_cell(
    stats: Mapping[str, Any], bucket: int, system: int, names: Sequence[str], label: str, lang: str
) -> dict[str, Any]:
    """A word-accuracy cell: the F-measure, a button when the bucket has words."""
    cell: dict[str, Any] = {"text": _pct(stats["f"], lang)}
    if stats["ref"] or stats["out"]:
        aria = i18n.t(lang, "compare_list_words", f=cell["text"], system=names[system], bucket=label)
        cell["button"] = {"kind": "words", "bucket": bucket, "system": system, "label": aria}
    return cell


def _block(block_id: str, caption: str, head: list[str], rows: list[Any], chart: SvgDrawing) -> dict[str, Any]:
    return {"id": block_id, "caption": caption, "head": head, "rows": rows, "chart": chart}


def view(
    result: CompareResult, lang: str = "en", pair: int = 0, split: Split | None = None, by: PageMetric | None = None
) -> dict[str, Any]:
    """What the Compare view shows of ``result`` for ``pair`` (the baseline against the ``pair``-th other system);
    ``split``: how its rules make words of a line (default: :func:`_split_of`); ``by``: the page's metric."""
    d = result.to_dict()
    names = d["systems"]
    short = short_names(names)  # in the charts' legends and the tables' heads (the full names elsewhere)

    def t(key: str, **kw: Any) -> str:
        return i18n.t(lang, key, **kw)

    scores = {
        "caption": t("compare_scores"),
        "head": [t("compare_system"), *([by["name"]] if by else []), "BLEU", t("compare_length_ratio"), "c", "r"],
        "rows": [
            [s["system"], *([_metric_text(by, by["scores"][k], lang)] if by else [])]
            + [_pct(s["bleu"], lang), _pct(s["length_ratio"], lang)]
            + [i18n.format_integer(s["hyp_len"], lang), i18n.format_integer(s["ref_len"], lang)]
            for k, s in enumerate(d["scores"])
        ],
    }
    blocks = []
    w = d["word_accuracy"]
    series = [(short[k], [b["f"] for b in row]) for k, row in enumerate(w["systems"])]
    rows = [
        [{"text": short[k]}, *(_f_cell(row[i], i, k, names, b, lang) for i, b in enumerate(w["buckets"]))]
        for k, row in enumerate(w["systems"])
    ]
    chart = grouped_bars(t("compare_word_accuracy"), w["buckets"], series, lang, "compare-words-chart", y_title="F")
    head = [t("compare_head_f", bucket=t("compare_kind_words")), *w["buckets"]]
    blocks.append(_block("compare-words", t("compare_word_accuracy"), head, rows, chart))
    lb = d["length_buckets"]
    series = [(short[k], row) for k, row in enumerate(lb["bleu"])]
    rows = [
        [{"text": short[k]}]
        + [
            dict(_count_cell(lb["sentences"][k][i], "length", i, k, names, b, lang), value=_pct(bleu[i], lang))
            for i, b in enumerate(lb["buckets"])
        ]
        for k, bleu in enumerate(lb["bleu"])
    ]
    head = [t("compare_head_bleu_count", bucket=t("compare_kind_length")), *lb["buckets"]]
    chart = grouped_bars(t("compare_length_bleu"), lb["buckets"], series, lang, "compare-length-chart", y_title="BLEU")
    blocks.append(_block("compare-length", t("compare_length_bleu"), head, rows, chart))
    for kind, key in (("length_difference", "compare_length_difference"), ("sentence_bleu", "compare_sentence_bleu")):
        c = d[kind if kind == "length_difference" else "sentence_bleu_buckets"]
        series = [(short[k], [float(x) for x in row]) for k, row in enumerate(c["counts"])]
        rows = [
            [{"text": short[k]}, *(_count_cell(row[i], kind, i, k, names, b, lang) for i, b in enumerate(c["buckets"]))]
            for k, row in enumerate(c["counts"])
        ]
        drawing = grouped_bars(
            t(key), c["buckets"], series, lang, f"compare-{kind}-chart", integers=True, y_title=t("compare_count")
        )
        head = [t("compare_head_count", bucket=t(f"compare_kind_{kind}")), *c["buckets"]]
        blocks.append(_block(f"compare-{kind.replace('_', '-')}", t(key), head, rows, drawing))
    pairs = d["pairs"] if "pairs" in d else [{"ngrams": d["ngrams"], "examples": d["examples"]}]
    pair = min(max(int(pair), 0), len(pairs) - 1)
    p = pairs[pair]
    left, right = names[p["ngrams"]["left"]], names[p["ngrams"]["right"]]
    ngrams = []
    for side, a, b in (("left_better", left, right), ("right_better", right, left)):
        rows = []
        for i, row in enumerate(p["ngrams"][side]):
            button = {"pair": pair, "side": side, "index": i, "label": t("compare_list_ngram", ngram=row["ngram"])}
            counts = [{"text": i18n.format_integer(row[k], lang)} for k in ("left", "right")]
            rows.append([{"text": row["ngram"], "button": button}, *counts, {"text": _pct(row["score"], lang)}])
        li, ri = p["ngrams"]["left"], p["ngrams"]["right"]
        head = [t("compare_ngram"), short[li], short[ri], t("compare_ngram_score")]
        ngrams.append({"caption": t("compare_ngrams_better", better=a, worse=b), "head": head, "rows": rows})
    examples = []
    if result.lines is not None:
        li, ri = p["ngrams"]["left"], p["ngrams"]["right"]
        split = split or _split_of(result)
        chosen = p["examples"] if by is None else metric_examples(result, by, li, ri)
        caption = "compare_examples_better" if by is None else "compare_examples_better_metric"
        for side, a, b in (("left_better", left, right), ("right_better", right, left)):
            items = [_item(result, e["line"] - 1, (li, ri), split, lang, by=by) for e in chosen[side]]
            named = {"metric": by["name"]} if by else {}
            examples.append({"caption": t(caption, better=a, worse=b, **named), "items": items})
    for block in blocks:
        block["chart_label"] = t("compare_chart_region", title=block["caption"])
    others = [n for k, n in enumerate(names) if k != d["baseline"]]
    return {
        "json": to_json(result, by),
        "signature": result.signature,
        "scores": scores,
        "blocks": blocks,
        "pairs": {"options": others, "selected": pair, "baseline": names[d["baseline"]]},
        "ngrams_heading": t("compare_ngrams_heading"),
        "ngrams": ngrams,
        "examples_heading": t("compare_examples_heading"),
        "examples": examples,
    }


def _signed(by: PageMetric, delta: float, lang: str) -> str:
    sign = "+" if delta > 0 else ("−" if delta < 0 else "±")
    return sign + _metric_text(by, abs(delta), lang)


def metric_examples(result: CompareResult, by: PageMetric, left: int, right: int) -> dict[str, list[dict[str, Any]]]:
    """The lines where ``left`` beats ``right`` most by the page's metric and the other way round, as compare-mt
    picks them (:func:`bleu2.analyses.examples.examples`: repeated lines left out; lower TER is better): ``{side:
    [{"line" (1-based), "left", "right", "diff" (left - right)}]}``; undefined scores count as the worst."""
    assert result.lines is not None
    sign = -1.0 if by["lower_is_better"] else 1.0

    def good(x: float | None) -> float:
        return -1e9 if x is None else sign * x

    a, b = by["sentences"][left], by["sentences"][right]
    lines = result.lines
    keys = [
        (lines["systems"][left][i], lines["systems"][right][i], *(s[i] for s in lines["references"]))
        for i in range(len(a))
    ]
    first, last = pick_examples([good(x) for x in a], [good(x) for x in b], keys, EXAMPLES)

    def rows(found: list[tuple[int, float, float, float]]) -> list[dict[str, Any]]:
        out = []
        for line, _, _, _ in found:
            x, y = a[line - 1], b[line - 1]
            diff = None if x is None or y is None else x - y
            out.append({"line": line, "left": x, "right": y, "diff": diff})
        return out

    return {"left_better": rows(first), "right_better": rows(last)}


def to_json(result: CompareResult, by: PageMetric | None = None) -> str:
    """``bleu2 compare --json``'s text; under another page's metric, with ``page_metric``: its key, name, corpus
    scores, paired test's p-values, signature and each pair's sentence examples by it."""
    if by is None:
        return result.to_json()
    names = result.systems
    block = {
        "key": by["key"],
        "name": by["name"],
        "lower_is_better": by["lower_is_better"],
        "unit": "fraction" if by["percent"] else "bits",
        "signature": by["signature"],
        "scores": [
            {"system": names[k], "score": by["scores"][k], "p_value": by["p_values"].get(k)} for k in range(len(names))
        ],
    }
    if result.lines is not None:
        block["pairs"] = [
            {
                "left": p.ngrams.left,
                "right": p.ngrams.right,
                "examples": metric_examples(result, by, p.ngrams.left, p.ngrams.right),
            }
            for p in result.pairs
        ]
    return json.dumps({**result.to_dict(), "page_metric": block}, indent=2, ensure_ascii=False) + "\n"


def _split_of(result: CompareResult) -> Split:
    """The words of a line under ``result``'s rules if they are a preset's or the defaults (else the caller's split)."""
    from ...analyses import rules_for

    preset = None if result.rules in ("default", "options") else result.rules
    return rules_for(preset).split


def _marked(words: list[str], refs: list[list[str]]) -> list[list[str]]:
    """An output's words, each marked matched (clipped at its largest count in one reference) or not."""
    limit: Counter[str] = Counter()
    for r in refs:
        for w, k in Counter(r).items():
            limit[w] = max(limit[w], k)
    used: Counter[str] = Counter()
    out = []
    for w in words:
        used[w] += 1
        out.append([w, "hl-matched" if used[w] <= limit[w] else "hl-unmatched"])
    return out


def _with_ngram(words: list[str], gram: tuple[str, ...]) -> tuple[list[list[str]], int]:
    """Words with every occurrence of ``gram`` marked ``hl-ngram``, and how many there are."""
    n, hits = len(gram), [False] * len(words)
    found = 0
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) == gram:
            found += 1
            for j in range(i, i + n):
                hits[j] = True
    return [[w, "hl-ngram" if h else ""] for w, h in zip(words, hits)], found


def _item(
    result: CompareResult,
    i: int,
    systems: tuple[int, int],
    split: Split,
    lang: str,
    gram: tuple[str, ...] | None = None,
    word: Callable[[str], bool] | None = None,
    by: PageMetric | None = None,
) -> dict[str, Any]:
    """Line ``i``: its references and ``systems``' outputs, tokens marked, and each system's sentence BLEU (``by``:
    its score in the page's metric, the second with its difference to the first's)."""
    assert result.lines is not None
    refs = [split(stream[i]) for stream in result.lines["references"]]
    several = len(refs) > 1

    def marked(words: list[str], output: bool) -> list[list[str]]:
        if gram:
            return _with_ngram(words, gram)[0]
        if word is not None:
            return [[w, "hl-word" if word(w) else ""] for w in words]
        return _marked(words, refs) if output else [[w, ""] for w in words]

    rows = []
    for k, words in enumerate(refs):
        label = i18n.t(lang, "compare_reference_n", number=k + 1) if several else i18n.t(lang, "compare_reference")
        rows.append({"label": label, "tokens": marked(words, False)})
    figures = result.line_figures
    for k, s in enumerate(systems):
        words = split(result.lines["systems"][s][i])
        tokens = marked(words, True)
        score = "" if figures is None else _pct(figures[s]["bleu"][i], lang)
        if by is not None:
            own, first = by["sentences"][s][i], by["sentences"][systems[0]][i]
            score = f"{by['name']} {_metric_text(by, own, lang)}"
            if k and own is not None and first is not None:
                score = i18n.t(lang, "compare_example_delta", score=score, delta=_signed(by, own - first, lang))
        rows.append({"label": result.systems[s], "tokens": tokens, "score": score})
    return {"line": i + 1, "title": i18n.t(lang, "compare_line", number=i18n.format_integer(i + 1, lang)), "rows": rows}


def _listed(
    result: CompareResult,
    lines: list[int],
    systems: tuple[int, int],
    lang: str,
    caption: str,
    gram: tuple[str, ...] | None = None,
    word: Callable[[str], bool] | None = None,
    split: Split | None = None,
    by: PageMetric | None = None,
) -> dict[str, Any]:
    split = split or _split_of(result)
    shown = lines[:LIST_LIMIT]
    more = len(lines) - len(shown)
    return {
        "caption": caption,
        "items": [_item(result, i, systems, split, lang, gram, word, by) for i in shown],
        "more": i18n.tn(lang, "compare_more", more) if more else "",
    }


def _shown_systems(result: CompareResult, system: int, pair: int) -> tuple[int, int]:
    base = result.baseline
    if system != base:
        return base, system
    return base, result.pairs[min(pair, len(result.pairs) - 1)].ngrams.right


def bucket_lines(
    result: CompareResult,
    kind: str,
    bucket: int,
    system: int,
    pair: int = 0,
    lang: str = "en",
    split: Split | None = None,
    by: PageMetric | None = None,
) -> dict[str, Any]:
    """The sentences of ``system`` in ``bucket`` of the analysis ``kind`` (:data:`KINDS`, or "words": the lines with a
    word of that frequency bucket), in line order, at most :data:`LIST_LIMIT`; ``by``: scored in the page's metric."""
    if kind == "words":
        return _word_lines(result, int(bucket), int(system), pair, lang, split, by)
    if kind not in KINDS or result.line_figures is None:
        raise ValueError(f"no sentences for {kind!r}")
    edges, value = KINDS[kind]
    figures = result.line_figures[int(system)]
    lines = [i for i in range(len(figures["bleu"])) if bk.bucket_of(value(figures, i), edges) == int(bucket)]
    labels = {
        "length": result.length_buckets.buckets,
        "length_difference": result.length_difference.buckets,
        "sentence_bleu": result.sentence_bleu_buckets.buckets,
    }[kind]
    named = {"system": result.systems[int(system)], "analysis": i18n.t(lang, f"compare_kind_{kind}")}
    caption = i18n.tn(lang, "compare_bucket_caption", len(lines), bucket=labels[int(bucket)], **named)
    return _listed(result, lines, _shown_systems(result, int(system), pair), lang, caption, split=split, by=by)


def _word_lines(
    result: CompareResult, bucket: int, system: int, pair: int, lang: str, split: Split | None, by: PageMetric | None
) -> dict[str, Any]:
    """:func:`bucket_lines` for a word-frequency bucket (the references' frequencies, compare-mt's edges)."""
    assert result.lines is not None
    split = split or _split_of(result)
    refs = result.lines["references"]
    freq = frequencies(split(line) for stream in refs for line in stream)
    bucketer = WordBucketer(freq, tuple(bk.FREQUENCY_EDGES))

    def word(w: str) -> bool:
        return bucketer(w) == bucket

    out = result.lines["systems"][system]
    lines = [
        i
        for i in range(len(out))
        if any(word(w) for w in split(out[i])) or any(word(w) for stream in refs for w in split(stream[i]))
    ]
    named = {"system": result.systems[system], "analysis": i18n.t(lang, "compare_kind_words")}
    caption = i18n.tn(lang, "compare_bucket_caption", len(lines), bucket=result.word_accuracy.buckets[bucket], **named)
    return _listed(result, lines, _shown_systems(result, system, pair), lang, caption, word=word, split=split, by=by)


def ngram_lines(
    result: CompareResult,
    pair: int,
    side: str,
    index: int,
    lang: str = "en",
    split: Split | None = None,
    by: PageMetric | None = None,
) -> dict[str, Any]:
    """Sentences with n-gram ``index`` of ``side`` (``left_better`` or ``right_better``), as :func:`bucket_lines`."""
    p = result.pairs[int(pair)]
    rows = p.ngrams.left_better if side == "left_better" else p.ngrams.right_better
    text = rows[int(index)].ngram
    gram = tuple(text.split(" "))
    split = split or _split_of(result)
    assert result.lines is not None
    streams = (
        list(result.lines["references"])
        if p.ngrams.compare == "under"
        else [result.lines["systems"][p.ngrams.left], result.lines["systems"][p.ngrams.right]]
    )
    lines = [i for i in range(len(streams[0])) if any(_with_ngram(split(s[i]), gram)[1] for s in streams)]
    caption = i18n.tn(lang, "compare_ngram_caption", len(lines), ngram=text)
    return _listed(result, lines, (p.ngrams.left, p.ngrams.right), lang, caption, gram, split=split, by=by)


def export(result: CompareResult, fmt: str, by: PageMetric | None = None) -> dict[str, str]:
    """``bleu2 compare``'s output of ``fmt`` (``html``, ``json``, ``latex``) exactly, with file name and MIME type;
    under another page's metric (``by``) the JSON has its ``page_metric`` (:func:`to_json`)."""
    if fmt not in EXPORTS:
        raise ValueError(f"unknown export {fmt!r}")
    name, mime, method = EXPORTS[fmt]
    text = to_json(result, by) if fmt == "json" else getattr(result, method)()
    return {"text": text, "filename": name, "mime": mime}
