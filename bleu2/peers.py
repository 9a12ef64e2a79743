"""One text under every peer's rules, with what makes each differ named.

:func:`peer_table` (one candidate) and :func:`corpus_peer_table` (a corpus) score the same
text under every preset of :data:`bleu2.options.PRESETS` and, for each, name the rules that
make its numbers differ from the options in use. A difference is *computed*, never
guessed: a rule (the tokenizer, lower-casing, right-stripping, the n-gram order and
weights, the smoothing, effective order, the empty-reference rule, the reference-length
rule) is named only when changing that rule alone changes the numbers (the score or the
statistics: matches, totals, c, r), starting from the options in use or from the
preset's. When the numbers differ and no rule alone explains it, the row says that the
rules differ only together (``peers.diff.combination``).

The results are typed data with message keys and numbers (:class:`PeerTable`,
:class:`PeerRow`, :class:`Difference`, :class:`Note`), for the page to translate (its
catalogs, ``bleu2/page/locales/*.json``) and for the command line, which writes them in
English with :func:`describe` (``bleu2 --presets``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .layouts import as_references, check_candidate, n_refs_label
from .options import PRESETS, BleuConfig
from .report import percent, text_table
from .result import BleuResult
from .scoring import score_from_stats
from .stats import SentenceStats, pool_stats, ref_len_for, reference_stats, sentence_stats

__all__ = [
    "RULES",
    "Difference",
    "Note",
    "PeerRow",
    "PeerSums",
    "PeerTable",
    "corpus_peer_table",
    "describe",
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

#: Orders counted once for all the configs (NLTK's method5/method7 read order 5).
_DEPTH = 5

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
        key: the message key (``peers.note.hf-zero-division``: HF evaluate divides by zero
            on these statistics, c = 0 or r = 0, where bleu2 gives the number shown).
        values: the numbers it is about.
    """

    key: str
    values: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "values": self.values}


@dataclass(frozen=True, slots=True)
class PeerRow:
    """One preset's numbers for the text.

    Attributes:
        preset: the preset's name (:data:`bleu2.options.PRESETS`).
        result: the :class:`~bleu2.result.BleuResult` under the preset (score, precisions,
            BP, c, r, signature).
        same: whether its numbers (score and statistics) equal those of the options in use.
        differences: the rules that make them differ (empty when ``same``).
        notes: :class:`Note` items.
    """

    preset: str
    result: BleuResult
    same: bool
    differences: tuple[Difference, ...]
    notes: tuple[Note, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            "preset": self.preset,
            "score": r.score,
            "precisions": [{"n": p.n, "matches": p.matches, "total": p.total, "value": p.value} for p in r.precisions],
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
        result: the :class:`~bleu2.result.BleuResult` under the options in use.
        options: the options in use (:meth:`bleu2.options.BleuConfig.options`).
        rows: one :class:`PeerRow` per preset, in the order of :data:`PRESETS`.
    """

    result: BleuResult
    options: dict[str, Any]
    rows: tuple[PeerRow, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"options", "score", "presets": [row.to_dict(), ...]}``."""
        return {"options": self.options, "score": self.result.score, "presets": [r.to_dict() for r in self.rows]}


_TokKey = tuple[str, bool, bool]
#: the candidates' tokens and, per candidate, its references' tokens
_Tokens = tuple[list[list[str]], list[list[list[str]]]]
#: per sentence: its statistics counted deep, and its references' lengths
_Counts = tuple[list[SentenceStats], list[tuple[int, ...]]]


class _TextCounter:
    """Counts one set of texts under many configs: the texts are tokenized once per way of
    tokenizing (tokenizer, lower-casing, right-stripping), the references counted once per
    way of counting them, the statistics pooled once per way of pairing them (orders, the
    reference-length rule); scoring the pooled statistics is then cheap (:class:`PeerSums`)."""

    def __init__(self, candidates: Sequence[object], references: Sequence[str | Sequence[str | None]]):
        self.candidates = [check_candidate(c, f"candidates[{i}]") for i, c in enumerate(candidates)]
        if len(self.candidates) != len(references):
            raise ValueError(f"{len(self.candidates)} candidate(s) but {len(references)} references entries")
        self.references = [as_references(r, f"references[{i}]") for i, r in enumerate(references)]
        self._tokens: dict[_TokKey, _Tokens] = {}
        self._counts: dict[_TokKey, _Counts] = {}
        self._stats: dict[_PoolKey, SentenceStats] = {}

    def _tokenized(self, c: BleuConfig) -> _Tokens:
        key = (c.tokenizer, c.lowercase, c.rstrip)
        found = self._tokens.get(key)
        if found is None:
            memo: dict[str, list[str]] = {}
            fn = c.tokenize_function()

            def tok(text: str) -> list[str]:
                t = memo.get(text)
                if t is None:
                    t = memo[text] = fn(text)
                return t

            found = self._tokens[key] = (
                [tok(h) for h in self.candidates],
                [[tok(r) for r in rs] for rs in self.references],
            )
        return found

    def _counted(self, c: BleuConfig) -> _Counts:
        """Per sentence: the statistics counted to :data:`_DEPTH` orders (or more) and the
        lengths of all the references. An order's counts depend neither on the highest order
        counted nor on the empty-reference rule (an empty reference has no n-grams), and
        ways of tokenizing that give the same tokens share their counts."""
        depth = max(_DEPTH, c.stats_order)
        key = (c.tokenizer, c.lowercase, c.rstrip)
        found = self._counts.get(key)
        if found is None or (found[0] and len(found[0][0].matches) < depth):
            tokens = self._tokenized(c)
            for other, counts in list(self._counts.items()):
                if self._tokens[other] == tokens and (not counts[0] or len(counts[0][0].matches) >= depth):
                    found = self._counts[key] = counts
                    return found
            hyps, refs = tokens
            ref_stats = [reference_stats(r, depth, "count") for r in refs]
            found = self._counts[key] = (
                [sentence_stats(h, rs, depth) for h, rs in zip(hyps, ref_stats)],
                [rs.lengths for rs in ref_stats],
            )
        return found

    def pooled(self, c: BleuConfig) -> SentenceStats:
        """The texts' statistics under ``c``, pooled."""
        key = _pool_key(c)
        pooled = self._stats.get(key)
        if pooled is None:
            counted, lengths = self._counted(c)
            if c.empty_references == "ignore":  # reference_stats' rule
                lengths = [tuple(x for x in L if x) or (0,) for L in lengths]
            n, depth, rule = c.max_order, c.stats_order, c.ref_length
            per_sentence = [
                SentenceStats(
                    s.matches[:n],
                    s.totals[:n],
                    s.hyp_len,
                    ref_len_for(s.hyp_len, L, rule),
                    (),
                    s.matches[n:depth],
                    s.totals[n:depth],
                )
                for s, L in zip(counted, lengths)
            ]
            pooled = self._stats[key] = pool_stats(per_sentence, n)
        return pooled


_PoolKey = tuple[str, bool, bool, str, int, int, str]


def _pool_key(c: BleuConfig) -> _PoolKey:
    """What a config's pooled statistics depend on (not the smoothing, weights or
    effective order, which only score them)."""
    return (c.tokenizer, c.lowercase, c.rstrip, c.empty_references, c.max_order, c.stats_order, c.ref_length)


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
        options: the options in use (:meth:`bleu2.options.BleuConfig.options`).
        pooled: pooled statistics per way of counting (:func:`_pool_key`).
        ref_counts: the numbers of references the lines have.
    """

    options: dict[str, Any]
    pooled: dict[_PoolKey, SentenceStats]
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
        scorer = _TextCounter(candidates, references)
        pooled: dict[_PoolKey, SentenceStats] = {}
        for c in _configs(ours):
            key = _pool_key(c)
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
        return score_from_stats(self.pooled[_pool_key(config)], config, config.signature(n_refs_label(self.ref_counts)))

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


def _notes(preset: str, r: BleuResult) -> tuple[Note, ...]:
    if preset == "hf-evaluate" and (r.hyp_len == 0 or r.ref_len == 0):
        return (Note("peers.note.hf-zero-division", {"hyp_len": r.hyp_len, "ref_len": r.ref_len}),)
    return ()


def _table(scorer: PeerSums, options: dict[str, Any]) -> PeerTable:
    ours = BleuConfig.make(**options)
    r_ours = scorer.result(ours)
    rows = []
    for name, preset_options in PRESETS.items():
        theirs = BleuConfig.make(**preset_options)
        r = scorer.result(theirs)
        same = _same(r, r_ours)
        diffs: list[Difference] = []
        if not same:
            diffs = _differences(scorer, ours, theirs, r_ours, r)
            if not diffs:
                diffs = [Difference("combination", "peers.diff.combination", {}, {}, None)]
        rows.append(PeerRow(name, r, same, tuple(diffs), _notes(name, r)))
    return PeerTable(r_ours, ours.options(), tuple(rows))


def peer_table(candidate: str, references: str | Sequence[str | None], **options: Any) -> PeerTable:
    """One candidate under the options in use and under every preset.

    Args:
        candidate: the candidate text.
        references: one reference string or a sequence of them.
        **options: the options in use (:mod:`bleu2.options`; ``preset=`` too).
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


def describe(item: Difference | Note) -> str:
    """A :class:`Difference` or :class:`Note` in plain English, e.g. ``"tokenizer: 13a
    (yours: default)"``."""
    if isinstance(item, Note):
        if item.key == "peers.note.hf-zero-division":
            return "HF evaluate itself divides by zero here (c = 0 or r = 0); bleu2 gives bleuscore's number"
        return item.key
    if item.rule == "combination":
        return "the rules differ only together"
    return f"{RULE_NAMES[item.rule]}: {_phrase(item.rule, item.theirs)} (yours: {_phrase(item.rule, item.ours)})"


def peer_report(table: PeerTable, title: str = "") -> str:
    """The table as the command line prints it (``bleu2 --presets``): one row per preset with
    BLEU in percent, p_n as matches/total, BP, c, r and what differs from the options in
    use ("= yours" when nothing does), then the notes.

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
        cells += [f"{p.matches}/{p.total}" for p in r.precisions] + [""] * (order - len(r.precisions))
        cells += [f"{r.brevity_penalty:.3f}", str(r.hyp_len), str(r.ref_len)]
        cells.append("= yours" if row.same else "; ".join(describe(d) for d in row.differences))
        rows.append(cells)
        notes += [f"{row.preset}: {describe(n)}" for n in row.notes]
    head = (
        f"presets ({title}; yours: BLEU-{table.result.max_order} = {percent(table.result.score)}):\n" if title else ""
    )
    return head + text_table(header, rows, left=[0, len(header) - 1]) + "".join(f"  note: {n}\n" for n in notes)
