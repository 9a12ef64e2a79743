"""One text under every peer's rules, with what makes each differ named.

:func:`peer_table` (one candidate) and :func:`corpus_peer_table` (a corpus) score the same
text under every preset of :data:`bleu2.metrics.bleu.options.PRESETS` and, for each, name the rules that
make its numbers differ from the options in use. A difference is *computed*, never
guessed: a rule (the tokenizer, lower-casing, right-stripping, the n-gram order and
weights, the smoothing, effective order, the empty-reference rule, the reference-length
rule) is named only when changing that rule alone changes the numbers (the score or the
statistics: matches, totals, c, r), starting from the options in use or from the
preset's. When the numbers differ and no rule alone explains it, the row says that the
rules differ only together (``peers.diff.combination``).

Every row shows the fractions its peer divides: p_n as matches over the denominator the
peer divides by (:func:`divisors`: NLTK divides each sentence's n-gram total by at least 1,
so its corpus denominator is the total plus the sentences without n-grams of that order),
so that the shown fractions, BP and the peer's smoothing give the shown score. A row whose
fractions, c and r equal an earlier row's while its score differs says why
(``peers.note.same-counts``, the rules computed as above); a row whose denominators are not
its totals says so (``peers.note.nltk-divisors``).

The results are typed data with message keys and numbers (:class:`PeerTable`,
:class:`PeerRow`, :class:`Difference`, :class:`Note`), for the page to translate (its
catalogs, ``bleu2/page/locales/*.json``) and for the command line, which writes them in
English with :func:`describe` (``bleu2 --presets``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...corpus.layouts import as_references, n_refs_label
from ...corpus.report import percent, text_table
from .options import PRESETS, BleuConfig
from .peer_counts import PoolKey, TextCounter, pool_key
from .result import BleuResult
from .scoring import score_from_stats
from .smoothing import NLTK_METHODS
from .stats import SentenceStats, pool_stats

__all__ = [
    "RULES",
    "Difference",
    "Note",
    "PeerRow",
    "PeerSums",
    "PeerTable",
    "corpus_peer_table",
    "describe",
    "divisors",
    "peer_report",
    "peer_table",
]

#: rule -> the options it covers, in the order rows name them.
RULES: dict[str, tuple[str, ...]] = {
    "tokenizer": ("tokenizer",),
    "lowercase": ("lowercase",),
    "rstrip": ("rstrip",),
    "order": ("max_order", "weights"),
    "smoothing": ("smoothing", "smooth_value"),
    "effective_order": ("effective_order",),
    "empty_references": ("empty_references",),
    "ref_length": ("ref_length",),
}

#: Scores closer than this are equal (both sides come from the same statistics).
_EPS = 1e-12


@dataclass(frozen=True, slots=True)
class Difference:
    """One rule that changes the numbers.

    Attributes:
        rule: a key of :data:`RULES`, or ``"combination"``.
        key: the message key, ``peers.diff.<rule>``.
        ours: the options in use for this rule (``{option: value}``).
        theirs: the preset's values for this rule.
        score: the score of the options in use with only this rule changed to the
            preset's (a float in [0, 1]), or None when that combination is not valid
            (e.g. effective order with an NLTK smoothing).
    """

    rule: str
    key: str
    ours: dict[str, Any]
    theirs: dict[str, Any]
    score: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "key": self.key, "ours": self.ours, "theirs": self.theirs, "score": self.score}


@dataclass(frozen=True, slots=True)
class Note:
    """Something about a peer's number that the statistics show.

    Attributes:
        key: the message key: ``peers.note.hf-zero-division`` (HF evaluate divides by zero
            on these statistics, c = 0 or r = 0, where bleu2 gives the number shown);
            ``peers.note.nltk-divisors`` (the denominators are not the totals: NLTK divides
            each sentence's n-gram total by at least 1; ``values["added"]``: per order, the
            sentences without n-grams of that order, each adding 1);
            ``peers.note.same-counts`` (the same fractions, c and r as the row of
            ``values["preset"]``, another score; ``differences``: the rules that make it,
            ``ours`` being that row's values, ``theirs`` this row's).
        values: the numbers it is about.
        differences: the rules a ``peers.note.same-counts`` note names.
    """

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    differences: tuple[Difference, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "values": self.values}
        if self.differences:
            out["differences"] = [d.to_dict() for d in self.differences]
        return out


@dataclass(frozen=True, slots=True)
class PeerRow:
    """One preset's numbers for the text.

    Attributes:
        preset: the preset's name (:data:`bleu2.metrics.bleu.options.PRESETS`).
        result: the :class:`~bleu2.metrics.bleu.result.BleuResult` under the preset (score, precisions,
            BP, c, r, signature).
        same: whether its numbers (score and statistics) equal those of the options in use.
        differences: the rules that make them differ (empty when ``same``).
        notes: :class:`Note` items.
        divisors: per order, the denominator the peer divides the matches by
            (:func:`divisors`); ``()``: the totals.
    """

    preset: str
    result: BleuResult
    same: bool
    differences: tuple[Difference, ...]
    notes: tuple[Note, ...] = ()
    divisors: tuple[int, ...] = ()

    def fractions(self) -> list[tuple[int, int]]:
        """Per order: (matches, the denominator the peer divides them by)."""
        r = self.result
        divs = self.divisors or tuple(p.total for p in r.precisions)
        return [(p.matches, d) for p, d in zip(r.precisions, divs)]

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            "preset": self.preset,
            "score": r.score,
            "precisions": [
                {"n": p.n, "matches": p.matches, "total": p.total, "divisor": d, "value": p.value}
                for p, (_, d) in zip(r.precisions, self.fractions())
            ],
            "brevity_penalty": r.brevity_penalty,
            "hyp_len": r.hyp_len,
            "ref_len": r.ref_len,
            "signature": r.signature,
            "same": self.same,
            "differences": [d.to_dict() for d in self.differences],
            "notes": [n.to_dict() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class PeerTable:
    """The text under the options in use and under every preset.

    Attributes:
        result: the :class:`~bleu2.metrics.bleu.result.BleuResult` under the options in use.
        options: the options in use (:meth:`bleu2.metrics.bleu.options.BleuConfig.options`).
        rows: one :class:`PeerRow` per preset, in the order of :data:`PRESETS`.
    """

    result: BleuResult
    options: dict[str, Any]
    rows: tuple[PeerRow, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"options", "score", "presets": [row.to_dict(), ...]}``."""
        return {"options": self.options, "score": self.result.score, "presets": [r.to_dict() for r in self.rows]}


def _configs(ours: BleuConfig) -> list[BleuConfig]:
    """Every config a peer table reads (:func:`_table`): the options in use, each preset,
    and each of the two with one rule of the other."""
    out = [ours]
    for preset_options in PRESETS.values():
        theirs = BleuConfig.make(**preset_options)
        out.append(theirs)
        o_opts, t_opts = ours.options(), theirs.options()
        for keys in RULES.values():
            if any(o_opts[k] != t_opts[k] for k in keys):
                out += [c for c in (_with(ours, theirs, keys), _with(theirs, ours, keys)) if c is not None]
    return out


@dataclass(slots=True)
class PeerSums:
    """A corpus's statistics pooled under every config its peer table reads: what
    :func:`corpus_peer_table` needs, summed chunk by chunk (:meth:`add`), so that a corpus
    of any length is compared in flat memory (``bleu2 --presets`` on streamed files).

    Attributes:
        options: the options in use (:meth:`bleu2.metrics.bleu.options.BleuConfig.options`).
        pooled: pooled statistics per way of counting (:func:`pool_key`).
        ref_counts: the numbers of references the lines have.
    """

    options: dict[str, Any]
    pooled: dict[PoolKey, SentenceStats]
    ref_counts: set[int]

    @classmethod
    def of(
        cls, candidates: Sequence[object], references: Sequence[str | Sequence[str | None]], **options: Any
    ) -> PeerSums:
        """The sums of some lines (one references entry per candidate, as
        :func:`bleu2.corpus_bleu`).

        Raises:
            TypeError, ValueError: as :func:`bleu2.corpus_bleu`.
        """
        ours = BleuConfig.make(**options)
        scorer = TextCounter(candidates, references)
        pooled: dict[PoolKey, SentenceStats] = {}
        for c in _configs(ours):
            key = pool_key(c)
            if key not in pooled:
                pooled[key] = scorer.pooled(c)
        return cls(ours.options(), pooled, {len(r) for r in scorer.references})

    def add(self, other: PeerSums) -> None:
        """Add the sums of other lines (under the same options)."""
        for key, stats in other.pooled.items():
            mine = self.pooled.get(key)
            self.pooled[key] = stats if mine is None else pool_stats([mine, stats], key[4])
        self.ref_counts |= other.ref_counts

    def result(self, config: BleuConfig) -> BleuResult:
        """The corpus result under ``config`` (one of :func:`_configs`)."""
        return score_from_stats(self.pooled[pool_key(config)], config, config.signature(n_refs_label(self.ref_counts)))

    def table(self) -> PeerTable:
        """The :class:`PeerTable` of the lines added so far."""
        return _table(self, self.options)


def _numbers(r: BleuResult) -> tuple[Any, ...]:
    s = r.stats
    return (s.matches, s.totals, s.hyp_len, s.ref_len)


def _same(a: BleuResult, b: BleuResult) -> bool:
    return abs(a.score - b.score) <= _EPS and _numbers(a) == _numbers(b)


def _with(base: BleuConfig, other: BleuConfig, keys: tuple[str, ...]) -> BleuConfig | None:
    options = base.options()
    theirs = other.options()
    options.update({k: theirs[k] for k in keys})
    try:
        return BleuConfig.make(**options)
    except ValueError:
        return None


def _differences(
    scorer: PeerSums, ours: BleuConfig, theirs: BleuConfig, r_ours: BleuResult, r_theirs: BleuResult
) -> list[Difference]:
    out = []
    o_opts, t_opts = ours.options(), theirs.options()
    for rule, keys in RULES.items():
        if all(o_opts[k] == t_opts[k] for k in keys):
            continue
        changed = False
        score = None
        for base, other, reference in ((ours, theirs, r_ours), (theirs, ours, r_theirs)):
            config = _with(base, other, keys)
            if config is None:
                continue
            r = scorer.result(config)
            if base is ours:
                score = r.score
            if not _same(r, reference):
                changed = True
        if changed:
            out.append(
                Difference(
                    rule, f"peers.diff.{rule}", {k: o_opts[k] for k in keys}, {k: t_opts[k] for k in keys}, score
                )
            )
    return out


def divisors(result: BleuResult, smoothing: str) -> tuple[int, ...]:
    """The denominators a peer divides each order's matches by: the totals, but under
    NLTK's methods (``smoothing`` in :data:`bleu2.metrics.bleu.smoothing.NLTK_METHODS`) each sentence's
    total counts at least 1 (NLTK 3.10.4's ``modified_precision``: ``max(1, sum(counts))``,
    summed by ``corpus_bleu`` into ``p_denominators``): the total plus the sentences
    without n-grams of that order."""
    s = result.stats
    if smoothing not in NLTK_METHODS:
        return s.totals
    return tuple(t + e for t, e in zip(s.totals, s.empties()))


def _notes(preset: str, r: BleuResult, divs: tuple[int, ...]) -> list[Note]:
    out = []
    if preset == "hf-evaluate" and (r.hyp_len == 0 or r.ref_len == 0):
        out.append(Note("peers.note.hf-zero-division", {"hyp_len": r.hyp_len, "ref_len": r.ref_len}))
    if divs != r.stats.totals:
        out.append(Note("peers.note.nltk-divisors", {"added": [d - t for d, t in zip(divs, r.stats.totals)]}))
    return out


def _shown(row: PeerRow) -> tuple[Any, ...]:
    r = row.result
    return (tuple(row.fractions()), r.hyp_len, r.ref_len)


def _same_counts(
    scorer: PeerSums, row: PeerRow, config: BleuConfig, earlier: list[tuple[PeerRow, BleuConfig]]
) -> list[Note]:
    """A note for the first earlier row with the same fractions, c and r and another score
    (none when an earlier row has these numbers and this score, or has the numbers of the
    options in use: then the row's differences say why), naming the rules (of :data:`RULES`) whose change alone, from that row's values, changes
    this row's numbers."""
    alike = [(o, c) for o, c in earlier if _shown(o) == _shown(row)]
    if any(o.same or abs(o.result.score - row.result.score) <= _EPS for o, _ in alike):
        return []  # an earlier row has these numbers and this score, or yours (then the differences say why)
    for other, other_config in alike[:1]:
        o_opts, t_opts = other_config.options(), config.options()
        diffs = []
        for rule, keys in RULES.items():
            if all(o_opts[k] == t_opts[k] for k in keys):
                continue
            swapped = _with(config, other_config, keys)
            if swapped is None or pool_key(swapped) not in scorer.pooled:
                continue
            r = scorer.result(swapped)
            if not _same(r, row.result):
                theirs, ours = {k: t_opts[k] for k in keys}, {k: o_opts[k] for k in keys}
                diffs.append(Difference(rule, f"peers.diff.{rule}", ours, theirs, r.score))
        if not diffs:
            diffs = [Difference("combination", "peers.diff.combination", {}, {}, None)]
        return [Note("peers.note.same-counts", {"preset": other.preset}, tuple(diffs))]
    return []


def _table(scorer: PeerSums, options: dict[str, Any]) -> PeerTable:
    ours = BleuConfig.make(**options)
    r_ours = scorer.result(ours)
    rows: list[tuple[PeerRow, BleuConfig]] = []
    for name, preset_options in PRESETS.items():
        theirs = BleuConfig.make(**preset_options)
        r = scorer.result(theirs)
        same = _same(r, r_ours)
        diffs: list[Difference] = []
        if not same:
            diffs = _differences(scorer, ours, theirs, r_ours, r)
            if not diffs:
                diffs = [Difference("combination", "peers.diff.combination", {}, {}, None)]
        divs = divisors(r, theirs.smoothing)
        row = PeerRow(name, r, same, tuple(diffs), tuple(_notes(name, r, divs)), divs)
        more = _same_counts(scorer, row, theirs, rows)
        if more:
            row = PeerRow(name, r, same, tuple(diffs), row.notes + tuple(more), divs)
        rows.append((row, theirs))
    return PeerTable(r_ours, ours.options(), tuple(row for row, _ in rows))


def peer_table(candidate: str, references: str | Sequence[str | None], **options: Any) -> PeerTable:
    """One candidate under the options in use and under every preset.

    Args:
        candidate: the candidate text.
        references: one reference string or a sequence of them.
        **options: the options in use (:mod:`bleu2.metrics.bleu.options`; ``preset=`` too).
    Returns:
        :class:`PeerTable`.
    Raises:
        TypeError, ValueError: bad texts or options, as :func:`bleu2.sentence_bleu`.

    Example:
        >>> t = peer_table("Thank you .", "Thank you .", preset="sacrebleu")
        >>> [(r.preset, round(r.result.score, 4), [d.rule for d in r.differences]) for r in t.rows][:2]
        [('sacrebleu', 0.0, []), ('sacrebleu-sentence', 1.0, ['effective_order'])]
    """
    return PeerSums.of([candidate], [as_references(references)], **options).table()


def corpus_peer_table(
    candidates: Sequence[str], references: Sequence[str | Sequence[str | None]], **options: Any
) -> PeerTable:
    """A corpus under the options in use and under every preset (corpus scores: statistics
    pooled over the sentences).

    Args:
        candidates: one string per sentence.
        references: one entry per candidate, as :func:`bleu2.corpus_bleu` takes them.
        **options: the options in use.
    Returns:
        :class:`PeerTable`.
    Raises:
        TypeError, ValueError: as :func:`bleu2.corpus_bleu`.
    """
    return PeerSums.of(list(candidates), list(references), **options).table()


# --------------------------------------------------------------------------- English


def _value(option: str, value: Any) -> str:
    if option == "lowercase":
        return "lower-cased" if value else "case-sensitive"
    if option == "rstrip":
        return "trailing whitespace removed" if value else "trailing whitespace kept"
    if option == "effective_order":
        return "on" if value else "off"
    if option == "weights":
        return "uniform weights" if value is None else "weights " + ",".join(f"{x:g}" for x in value)
    if option == "smooth_value":
        return "" if value is None else f"[{value:g}]"
    return str(value)


def _phrase(rule: str, values: dict[str, Any]) -> str:
    if rule == "order":
        text = f"BLEU-{values['max_order']}"
        return text if values["weights"] is None else f"{text} ({_value('weights', values['weights'])})"
    if rule == "smoothing":
        return f"{values['smoothing']}{_value('smooth_value', values['smooth_value'])}"
    (option,) = RULES[rule]
    return _value(option, values[option])


#: English names of the rules (the page's catalogs hold the same keys).
RULE_NAMES = {
    "tokenizer": "tokenizer",
    "lowercase": "case",
    "rstrip": "segment ends",
    "order": "n-gram order",
    "smoothing": "smoothing",
    "effective_order": "effective order",
    "empty_references": "empty references",
    "ref_length": "reference length",
}


def describe(item: Difference | Note, yours: str = "yours") -> str:
    """A :class:`Difference` or :class:`Note` in plain English, e.g. ``"tokenizer: 13a
    (yours: default)"``; ``yours`` names the other side of a difference."""
    if isinstance(item, Note):
        if item.key == "peers.note.hf-zero-division":
            return "HF evaluate itself divides by zero here (c = 0 or r = 0); bleu2 gives bleuscore's number"
        if item.key == "peers.note.nltk-divisors":
            added = ", ".join(f"p{n} + {k}" for n, k in enumerate(item.values["added"], start=1) if k)
            return f"counts each sentence's n-gram total as at least 1 ({added}: the sentences without such n-grams)"
        if item.key == "peers.note.same-counts":
            other = item.values["preset"]
            why = "; ".join(describe(d, other) for d in item.differences)
            return f"the same fractions, c and r as {other}, another score: {why}"
        return item.key
    if item.rule == "combination":
        return "the rules differ only together"
    return f"{RULE_NAMES[item.rule]}: {_phrase(item.rule, item.theirs)} ({yours}: {_phrase(item.rule, item.ours)})"


def peer_report(table: PeerTable, title: str = "") -> str:
    """The table as the command line prints it (``bleu2 --presets``): one row per preset with
    BLEU in percent, p_n as matches over the denominator the peer divides by
    (:func:`divisors`), BP, c, r and what differs from the options in use ("= yours" when
    nothing does), then the notes (why a row's denominators are not its totals, why rows
    with the same fractions score differently).

    Args:
        title: printed above the table (e.g. the system's file name).
    """
    order = max(len(r.result.precisions) for r in table.rows)
    header = ["preset", "BLEU"] + [f"p{n}" for n in range(1, order + 1)] + ["BP", "c", "r", "differs from yours in"]
    rows = []
    notes = []
    for row in table.rows:
        r = row.result
        cells = [row.preset, percent(r.score)]
        cells += [f"{m}/{d}" for m, d in row.fractions()] + [""] * (order - len(r.precisions))
        cells += [f"{r.brevity_penalty:.3f}", str(r.hyp_len), str(r.ref_len)]
        cells.append("= yours" if row.same else "; ".join(describe(d) for d in row.differences))
        rows.append(cells)
        notes += [f"{row.preset}: {describe(n)}" for n in row.notes]
    head = (
        f"presets ({title}; yours: BLEU-{table.result.max_order} = {percent(table.result.score)}):\n" if title else ""
    )
    return head + text_table(header, rows, left=[0, len(header) - 1]) + "".join(f"  note: {n}\n" for n in notes)
