"""The Compare view's verdict, its rules line and the detokenized-text warning, as data.

Under another page's metric than BLEU (:class:`PageMetric`), the verdict goes by that metric's corpus scores and
paired test (the systems table's), naming it in the same sentence; the buckets stay the analyses' (BLEU, F).

The warning says when the rules' words keep punctuation attached (``mother."``): detokenized text under rules that
split at spaces only (compare-mt expects tokenized text). Scores are floats in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypedDict

from ...analyses import CompareResult
from ...metrics import registry
from ...metrics.bleu.options import BleuConfig
from .. import i18n
from ..options_form import metric_name

__all__ = [
    "MIN_SENTENCES",
    "MIN_WORDS",
    "DETOKENIZED_SHARE",
    "Difference",
    "Verdict",
    "PageMetric",
    "PageRules",
    "describe",
    "glued",
    "detokenized_share",
    "warning",
    "rules_line",
    "verdict",
    "page_rules",
    "metric_text",
]

#: A paired test's p-value below this is called significant.
SIGNIFICANCE_LEVEL = 0.05
#: A reference-length bucket is compared only when both systems have this many sentences in it.
MIN_SENTENCES = 20
#: A frequency bucket is compared only when its reference words and each output's words number this many.
MIN_WORDS = 50
#: How many buckets the verdict names.
DIFFERENCES = 3
#: Text looks detokenized from this share of glued words (TED: 0.06–0.16 % tokenized, 14.8–16.2 % detokenized).
DETOKENIZED_SHARE = 0.05
#: Lines of each file the warning looks at (the first ones).
SAMPLE_LINES = 1000

_CLOSING = frozenset('.,!?;:"”’)»]}…。、，！？')
_OPENING = frozenset('"“‘(«[{¿¡')

Split = Callable[[str], list[str]]


class Difference(TypedDict):
    """A bucket where the pair differs: ``kind`` "words" (F-measure) or "length" (BLEU)."""

    kind: str
    bucket: str
    left: float
    right: float
    text: str


class Verdict(TypedDict):
    """The pair's verdict: ``winner`` the higher scorer (None: equal); ``p_value``, ``significant`` None untested."""

    heading: str
    winner: str | None
    headline: str
    test: str
    p_value: float | None
    significant: bool | None
    significance: str
    differences_caption: str
    differences: list[Difference]


class PageMetric(TypedDict):
    """The page's metric (not BLEU) on the Compare view's systems (by their index there), from the systems
    table: its registry ``key``, ``name`` (``chrF2``), direction, whether a fraction (NIST: bits), corpus
    ``scores``, the paired test's ``p_values`` (the others against the baseline), each line's scores
    (``sentences``; None undefined) and the ``signature``."""

    key: str
    name: str
    lower_is_better: bool
    percent: bool
    scores: list[float]
    p_values: dict[int, float]
    sentences: list[Sequence[float | None]]
    signature: str


class PageRules(TypedDict):
    """The systems table's options, whether the Compare view scores by the same rules, its test, p-values
    and the page's ``metric`` (the analyses score BLEU whatever it is, and say so); ``by``: that metric's
    figures when it is not BLEU and the table scored the Compare view's systems (else None)."""

    config: BleuConfig
    same: bool
    test: str
    p_values: dict[int, float]
    metric: str
    by: PageMetric | None


def describe(config: BleuConfig) -> str:
    """A rule set in a few words: ``BLEU-2, tok:default, smooth:add-1`` (and ``lc``)."""
    out = f"BLEU-{config.max_order}, tok:{config.tokenizer}, smooth:{config.smoothing}"
    return out + (", lc" if config.lowercase else "")


def glued(word: str) -> bool:
    """Whether ``word`` keeps punctuation attached (``them,``, ``mother."``, ``"Hello``)."""
    if len(word) < 2:
        return False
    return (word[-1] in _CLOSING and word[-2].isalnum()) or (word[0] in _OPENING and word[1].isalnum())


def detokenized_share(streams: Iterable[Sequence[str]], split: Split) -> tuple[float, list[str]]:
    """The share of :func:`glued` words in the first :data:`SAMPLE_LINES` lines of each stream, and three examples."""
    words = found = 0
    examples: list[str] = []
    for stream in streams:
        for line in stream[:SAMPLE_LINES]:
            for w in split(line):
                words += 1
                if glued(w):
                    found += 1
                    if len(examples) < 3 and w not in examples:
                        examples.append(w)
    return (found / words if words else 0.0), examples


def warning(result: CompareResult, split: Split, lang: str = "en") -> str:
    """The warning when the texts look detokenized under the analyses' rules, naming examples; "" otherwise."""
    if result.lines is None:
        return ""
    share, examples = detokenized_share([*result.lines["references"], *result.lines["systems"]], split)
    if share < DETOKENIZED_SHARE:
        return ""
    percent = i18n.format_number(100 * share, lang, 1)
    return i18n.t(lang, "compare_detokenized", percent=percent, examples=" ".join(examples))


def rules_line(result: CompareResult, compare_config: BleuConfig, page: PageRules | None, lang: str = "en") -> str:
    """Which rules the analyses score by and, if not the systems table's, both and that the numbers differ;
    under another metric than BLEU, that the analyses score BLEU."""
    own = i18n.t(lang, "compare_rules_compare_mt") if result.rules == "compare-mt" else describe(compare_config)
    if page is None:
        return i18n.t(lang, "compare_rules_own", rules=own)
    line = i18n.t(lang, "compare_rules_same", rules=own)
    if not page["same"]:
        line = i18n.t(lang, "compare_rules_differ", rules=own, page=describe(page["config"]))
    if page["metric"] != registry.DEFAULT:
        by = page.get("by")
        key = "compare_rules_metric_verdict" if by else "compare_rules_metric"
        line += " " + i18n.t(lang, key, metric=by["name"] if by else metric_name(page["metric"]))
    return line


def _num(x: float, lang: str) -> str:
    return i18n.format_number(x, lang)


def _differences(result: CompareResult, left: int, right: int, lang: str) -> list[Difference]:
    found: list[Difference] = []
    names = {"left_name": result.systems[left], "right_name": result.systems[right]}

    def add(kind: str, bucket: str, a: float, b: float) -> None:
        text = i18n.t(lang, f"compare_verdict_{kind}", bucket=bucket, left=_num(a, lang), right=_num(b, lang), **names)
        found.append({"kind": kind, "bucket": bucket, "left": a, "right": b, "text": text})

    w = result.word_accuracy
    for i, bucket in enumerate(w.buckets):
        wa, wb = w.systems[left][i], w.systems[right][i]
        if min(wa.ref, wa.out, wb.out) >= MIN_WORDS:
            add("words", bucket, wa.f, wb.f)
    lb = result.length_buckets
    for i, bucket in enumerate(lb.buckets):
        if min(lb.sentences[left][i], lb.sentences[right][i]) >= MIN_SENTENCES:
            add("length", bucket, lb.bleu[left][i], lb.bleu[right][i])
    found.sort(key=lambda d: -abs(d["right"] - d["left"]))
    return found[:DIFFERENCES]


def verdict(result: CompareResult, pair: int, lang: str = "en", page: PageRules | None = None) -> Verdict:
    """The baseline against the ``pair``-th other system: the higher corpus BLEU, the paired test's p-value (the
    systems table's of ``page`` under the same rules, else the analyses' own) and the :data:`DIFFERENCES` buckets
    that differ most."""
    p = result.pairs[min(max(pair, 0), len(result.pairs) - 1)].ngrams
    left, right = p.left, p.right
    names = result.systems
    by = page.get("by") if page is not None else None
    if page is not None and by is not None:
        return _metric_verdict(result, by, left, right, lang, page)
    a, b = result.scores[left].bleu, result.scores[right].bleu
    other = page is not None and page["metric"] != registry.DEFAULT  # the table ranks by another metric
    suffix = "_other" if other else ""
    table = registry.get(page["metric"]).display if page is not None else ""
    if round(a, 4) == round(b, 4):
        winner = None
        headline = i18n.t(
            lang, "compare_verdict_tie" + suffix, left=names[left], right=names[right], score=_num(a, lang), table=table
        )
    else:
        hi, lo = (left, right) if a > b else (right, left)
        winner = names[hi]
        high, low = _num(result.scores[hi].bleu, lang), _num(result.scores[lo].bleu, lang)
        fill = {"winner": names[hi], "loser": names[lo], "high": high, "low": low, "table": table}
        headline = i18n.t(lang, "compare_verdict_wins" + suffix, **fill)
    test, p_value = "none", None
    if result.significance is not None:  # the analyses' own test, under their rules
        test = result.significance.test
        p_value = next((r.p_value for r in result.significance.rows if r.system == right), None)
    elif page is not None and page["same"] and page["test"].startswith("paired"):  # the systems table's
        test, p_value = page["test"], page["p_values"].get(right)
    significant, significance = _significance(test, p_value, a == b, lang)
    return {
        "heading": i18n.t(lang, "compare_verdict_heading"),
        "winner": winner,
        "headline": headline,
        "test": test,
        "p_value": p_value,
        "significant": significant,
        "significance": significance,
        "differences_caption": i18n.t(lang, "compare_verdict_differences"),
        "differences": _differences(result, left, right, lang),
    }


def _significance(test: str, p_value: float | None, equal: bool, lang: str) -> tuple[bool | None, str]:
    """Whether the paired test's ``p_value`` is below :data:`SIGNIFICANCE_LEVEL` (None: untested) and the line that
    says so; ``equal``: the two corpus scores are the same number, so there is no difference to test (sacreBLEU's
    paired bootstrap still prints a small p-value for two identical systems: not significant here)."""
    if p_value is None:
        return None, i18n.t(lang, "compare_verdict_no_test")
    name = i18n.t(lang, f"compare_test_{test.replace('-', '_')}")
    if equal:
        return False, i18n.t(lang, "compare_verdict_equal_scores", test=name, p=_num(p_value, lang))
    significant = p_value < SIGNIFICANCE_LEVEL
    key = "compare_verdict_significant" if significant else "compare_verdict_not_significant"
    return significant, i18n.t(lang, key, test=name, p=_num(p_value, lang))


def metric_text(by: PageMetric, value: float | None, lang: str) -> str:
    """A score of the page's metric: ``0.4834``; NIST's ``6.5097 bits``; undefined ``–``."""
    if value is None:
        return "–"
    text = i18n.format_number(value, lang)
    return text if by["percent"] else i18n.t(lang, "compare_bits", value=text)


def _metric_verdict(
    result: CompareResult, by: PageMetric, left: int, right: int, lang: str, page: PageRules
) -> Verdict:
    """:func:`verdict` by the page's metric ``by``: its corpus scores (lower better under TER), its paired
    test's p-value (the systems table's), the analyses' buckets."""
    names, a, b = result.systems, by["scores"][left], by["scores"][right]
    name = by["name"]
    if round(a, 4) == round(b, 4):
        winner = None
        headline = i18n.t(
            lang,
            "compare_verdict_tie_metric",
            left=names[left],
            right=names[right],
            score=metric_text(by, a, lang),
            metric=name,
        )
    else:
        left_wins = (a < b) if by["lower_is_better"] else (a > b)
        hi, lo = (left, right) if left_wins else (right, left)
        winner = names[hi]
        high, low = metric_text(by, by["scores"][hi], lang), metric_text(by, by["scores"][lo], lang)
        kind = "lower" if by["lower_is_better"] else "higher"
        fill = {"winner": winner, "loser": names[lo], "high": high, "low": low, "metric": name}
        headline = i18n.t(lang, f"compare_verdict_{kind}_metric", **fill)
    test, p_value = page["test"], by["p_values"].get(right) if page["test"].startswith("paired") else None
    significant, significance = _significance(test, p_value, a == b, lang)
    return {
        "heading": i18n.t(lang, "compare_verdict_heading"),
        "winner": winner,
        "headline": headline,
        "test": test if p_value is not None else "none",
        "p_value": p_value,
        "significant": significant,
        "significance": significance,
        "differences_caption": i18n.t(lang, "compare_verdict_differences"),
        "differences": _differences(result, left, right, lang),
    }


def page_rules(
    config: BleuConfig,
    same: bool,
    test: str,
    p_values: Mapping[int, float],
    metric: str = registry.DEFAULT,
    by: PageMetric | None = None,
) -> PageRules:
    return {"config": config, "same": same, "test": test, "p_values": dict(p_values), "metric": metric, "by": by}
