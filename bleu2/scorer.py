"""The scorer object: ``bleu2.BLEU(**options)``, in the shape of sacreBLEU's ``BLEU``.

Options are checked once (:class:`bleu2.options.BleuConfig`); tokenized references and
their n-gram counts are cached, so scoring several systems against the same references,
or re-scoring while someone types, tokenizes each reference once. The work is split as
sacreBLEU splits ``_extract_corpus_statistics`` from ``_compute_score_from_stats``
(Post 2018): text -> sufficient statistics per sentence (:mod:`bleu2.stats`) -> score
from statistics (:mod:`bleu2.scoring`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeGuard

from .options import BleuConfig, options_signature
from .result import BleuResult, CorpusBleuResult
from .scoring import bleu_score, score_from_stats
from .stats import ReferenceStats, SentenceStats, pool_stats, reference_stats, sentence_stats

__all__ = [
    "BLEU",
    "as_references",
    "check_candidate",
    "check_stream",
    "check_stream_list",
    "check_streams",
    "corpus_sequences",
    "count_mismatch",
    "layout_mismatch",
    "n_refs_label",
    "stream_length_error",
    "streams_to_references",
]

#: Texts kept by :meth:`BLEU.tokenize` (the cache starts over when full).
CACHE_SIZE = 4096
#: Reference sets whose statistics are kept (sentence and corpus scoring; the cache starts
#: over when full). 65,536 covers the references of WMT-size test sets, so systems scored
#: one after another, or a corpus scored in chunks, count each reference once.
REFERENCE_CACHE_SIZE = 65536
#: :meth:`BLEU.corpus_stats` reports progress every this many sentences.
PROGRESS_EVERY = 256


#: How to score NLTK's token lists with bleu2 (the end of several messages).
NLTK_HINT = "bleu2 takes texts: join each token list with ' ' and use tokenizer='none' (or preset='nltk')"


def _is_token_list(x: object) -> bool:
    return isinstance(x, (list, tuple)) and bool(x) and all(isinstance(t, str) for t in x)


def check_candidate(candidate: object, where: str = "candidate") -> str:
    """``candidate`` itself when it is a string.

    Raises:
        TypeError: None, a token list (NLTK's layout) or another non-string; the message
            names ``where`` and the fix.
    """
    if isinstance(candidate, str):
        return candidate
    if candidate is None:
        raise TypeError(f"{where} is None: every candidate needs a text (use '' for an empty output)")
    if _is_token_list(candidate):
        raise TypeError(f"{where} is a list of tokens, not a text: {NLTK_HINT}")
    raise TypeError(f"{where} must be a str, not {type(candidate).__name__}")


def as_references(references: str | Iterable[str | None] | None, where: str = "references") -> list[str]:
    """One candidate's references as a list of strings (a single string is one reference).

    ``None`` entries are placeholders for a missing reference and are left out, as in
    sacreBLEU (where a line may have fewer references than another).

    Raises:
        TypeError: not a string or a sequence of strings (a token list, as NLTK takes,
            gets a message saying how to pass it).
        ValueError: an empty sequence, or only ``None`` entries.
    """
    if isinstance(references, str):
        return [references]
    if references is None:
        raise TypeError(f"{where} is None: give the reference text(s) of the candidate")
    try:
        refs: list[object] = list(references)
    except TypeError:
        raise TypeError(f"{where} must be a string or a sequence of strings, not {type(references).__name__}") from None
    if not refs:
        raise ValueError(f"{where}: at least one reference is needed")
    texts = [r for r in refs if isinstance(r, str)]
    if len(texts) == len(refs):
        return texts
    for j, r in enumerate(refs):
        if r is None or isinstance(r, str):
            continue
        if _is_token_list(r):
            raise TypeError(f"{where}[{j}] is a list of tokens, not a text: {NLTK_HINT}")
        raise TypeError(f"{where}[{j}] must be a str (or None for a missing reference), not {type(r).__name__}")
    if not texts:
        raise ValueError(f"{where}: every reference is None; a candidate needs at least one reference")
    return texts


def _is_stream(x: object) -> TypeGuard[Sequence[Any]]:
    return not isinstance(x, str) and isinstance(x, Sequence)


def check_stream_list(streams: object) -> Sequence[Any]:
    """``streams`` itself when it is a non-empty list (or tuple) of reference streams, as
    sacreBLEU takes them; each stream is checked by :func:`check_stream`.

    Raises:
        TypeError: ``streams`` is a string or not a sequence; ValueError: it is empty.
    """
    if isinstance(streams, str) or not isinstance(streams, Sequence):
        hint = ""
        if isinstance(streams, Iterator):
            hint = " (a stream may be a generator, but the streams come in a list: [stream])"
        raise TypeError(
            "references must be a list of reference streams (each a list of lines, one per hypothesis), "
            f"as in sacreBLEU, not {type(streams).__name__}{hint}"
        )
    if not streams:
        raise ValueError("references: at least one reference stream is needed")
    return streams


def check_stream(stream: object, j: int, iterable: bool = False) -> None:
    """Check that reference stream ``j`` is a stream of lines: a sequence (or, with
    ``iterable``, any iterable) that is not a string.

    Raises:
        TypeError: a string (the message says how to give one reference per hypothesis)
            or another object.
    """
    if isinstance(stream, str):
        raise TypeError(
            f"references[{j}] is a string, not a stream of lines: for one reference per hypothesis "
            "give [refs] (a list holding one stream)"
        )
    if not (isinstance(stream, Iterable) if iterable else _is_stream(stream)):
        raise TypeError(f"references[{j}] must be a stream (a list of lines), not {type(stream).__name__}")


def stream_length_error(n: int, lengths: Sequence[int]) -> ValueError:
    """The error for reference streams of ``lengths`` lines where there are ``n``
    hypotheses (some length differs): as many streams as hypotheses is read as
    bleu2.corpus_bleu's per-candidate layout, and the message says so."""
    if len(lengths) == n:
        return ValueError(
            f"references has one entry per hypothesis ({n}), which is the per-candidate layout of "
            "bleu2.corpus_bleu(candidates, references); BLEU.corpus_score takes reference streams as "
            f"sacreBLEU does: references[j] is the j-th reference of every hypothesis ({n} lines each), "
            "so one reference per hypothesis is [refs]"
        )
    j = next(j for j, k in enumerate(lengths) if k != n)
    return ValueError(f"reference stream {j} has {lengths[j]} lines, but there are {n} hypotheses")


def check_streams(n: int, streams: object) -> Sequence[Sequence[Any]]:
    """``streams`` when it is sacreBLEU's reference streams for ``n`` hypotheses: a list of
    streams (sequences) of ``n`` lines each.

    Raises:
        TypeError: ``streams`` is a string, or a stream is.
        ValueError: a stream's length is not the number of hypotheses; when ``streams``
            has one entry per hypothesis instead (bleu2.corpus_bleu's layout), the message
            says so.
    """
    streams = check_stream_list(streams)
    bad = [j for j, s in enumerate(streams) if not _is_stream(s) or len(s) != n]
    if bad:
        if len(streams) != n:
            check_stream(streams[bad[0]], bad[0])
        raise stream_length_error(n, [len(s) if _is_stream(s) else -1 for s in streams])
    return streams


def streams_to_references(hypotheses: Sequence[str], streams: object) -> list[list[str | None]]:
    """sacreBLEU's reference streams (``streams[j][i]``: the j-th reference of hypothesis i)
    as one list per hypothesis, checked against ``hypotheses`` (:func:`check_streams`).

    Raises:
        TypeError, ValueError: see :func:`check_streams`.
    """
    return [list(refs) for refs in zip(*check_streams(len(hypotheses), streams))]


def n_refs_label(counts: set[int] | frozenset[int]) -> int | str:
    """The signature's number of references: the one count all lines share, ``"var"``
    when it varies, 1 for no lines."""
    if not counts:
        return 1
    return next(iter(counts)) if len(counts) == 1 else "var"


def corpus_sequences(candidates: Iterable[Any], references: Iterable[Any]) -> tuple[Sequence[Any], Sequence[Any]]:
    """``candidates`` and ``references`` as sequences of the same length (lists and tuples
    as they are, other iterables listed).

    Raises:
        TypeError: either is a single string; ValueError: their lengths differ.
    """
    not_one_string(candidates, references)
    candidates = candidates if isinstance(candidates, (list, tuple)) else list(candidates)
    references = references if isinstance(references, (list, tuple)) else list(references)
    if len(candidates) != len(references):
        raise ValueError(layout_mismatch(len(candidates), references))
    return candidates, references


def not_one_string(candidates: object, references: object) -> None:
    """Raise TypeError when ``candidates`` or ``references`` is a single string, not a corpus."""
    if isinstance(candidates, str) or isinstance(references, str):
        raise TypeError(
            "a corpus is a sequence of candidates and a sequence of references "
            "(one entry per candidate); for one sentence use sentence_bleu / sentence_score"
        )


def layout_mismatch(n_candidates: int, references: Sequence[Any]) -> str:
    """The message for a corpus whose ``references`` are not one entry per candidate: when
    they have the shape of sacreBLEU's streams (each as long as the candidates), it names
    the streams layout's function; else :func:`count_mismatch`."""
    if references and all(_is_stream(s) and len(s) == n_candidates for s in references):
        return (
            f"references holds {len(references)} reference streams of {n_candidates} lines each "
            "(sacreBLEU's layout), but corpus_bleu takes one entry per candidate: "
            "use bleu2.BLEU(...).corpus_score(candidates, streams), or "
            "corpus_bleu(candidates, bleu2.references_from_streams(streams))"
        )
    return count_mismatch(n_candidates, len(references))


def count_mismatch(n_candidates: int, n_references: int) -> str:
    """The message for a corpus with different numbers of candidates and references."""
    return (
        f"corpus_bleu needs one references entry per candidate: got {n_candidates} "
        f"candidate(s) and {n_references} references entr{'y' if n_references == 1 else 'ies'}"
    )


class BLEU:
    """BLEU with fixed options: sentence and corpus scores from text or statistics.

    Args:
        **options: see :mod:`bleu2.options` (``max_order``, ``weights``, ``smoothing``,
            ``smooth_value``, ``effective_order``, ``tokenizer``, ``lowercase``,
            ``empty_references``); missing ones take the defaults.
    Raises:
        TypeError: an unknown option; ValueError: a bad value (checked here, once).

    Attributes:
        config: the checked :class:`~bleu2.options.BleuConfig`.

    Example:
        >>> bleu = BLEU(max_order=2)
        >>> round(bleu.sentence_score("the cat is on the mat", ["the cat sat on the mat"]).score, 6)
        0.707107
    """

    def __init__(self, **options: Any) -> None:
        self.config = BleuConfig.make(**options)
        self._tokenize_text = self.config.tokenize_function()
        self._tokens: dict[str, list[str]] = {}
        self._references: dict[str | tuple[str, ...], ReferenceStats] = {}  # keyed by the reference text(s)

    def __repr__(self) -> str:
        return f"BLEU({self.config.signature('?')})"

    def derive(self, **options: Any) -> BLEU:
        """A scorer for other ``options`` that shares this one's caches where they still
        apply: the tokens when the tokenizer, lower-casing and right-stripping are the same,
        the reference statistics when the counted orders and the empty-reference rule are
        too. (Changing the smoothing on the page re-scores without re-tokenizing.)"""
        other = BLEU(**options)
        a, b = self.config, other.config
        if (a.tokenizer, a.lowercase, a.rstrip) == (b.tokenizer, b.lowercase, b.rstrip):
            other._tokenize_text = self._tokenize_text
            other._tokens = self._tokens
            if (a.stats_order, a.empty_references) == (b.stats_order, b.empty_references):
                other._references = self._references
        return other

    # --- text -> statistics -----------------------------------------------------------

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text`` under these options (cached; do not modify the list).

        Raises:
            TypeError: ``text`` is not a str.
        """
        tokens = self._tokens.get(text)
        if tokens is None:
            if not isinstance(text, str):
                raise TypeError(f"a text must be str, not {type(text).__name__}")
            if len(self._tokens) >= CACHE_SIZE:
                self._tokens.clear()
            tokens = self._tokens[text] = self._tokenize_text(text)
        return tokens

    def _reference_stats(self, refs: Sequence[str]) -> ReferenceStats:
        c = self.config
        return reference_stats([self._tokenize_text(r) for r in refs], c.stats_order, c.empty_references)

    def reference_stats(self, references: str | Sequence[str | None]) -> ReferenceStats:
        """The clipping limits and lengths of one candidate's references (cached).

        Args:
            references: a string or a sequence of strings.
        """
        key = references if isinstance(references, str) else tuple(as_references(references))
        rs = self._references.get(key)
        if rs is None:
            if len(self._references) >= REFERENCE_CACHE_SIZE:
                self._references.clear()
            refs = (key,) if isinstance(key, str) else key
            c = self.config
            rs = self._references[key] = reference_stats(
                [self.tokenize(r) for r in refs], c.stats_order, c.empty_references
            )
        return rs

    def sentence_stats(self, candidate: str, references: str | Sequence[str]) -> SentenceStats:
        """Sufficient statistics of one candidate against its references.

        Raises:
            TypeError: a text that is not a str (see :func:`check_candidate`, :func:`as_references`).
        """
        check_candidate(candidate)
        c = self.config
        return sentence_stats(self.tokenize(candidate), self.reference_stats(references), c.max_order, c.ref_length)

    def corpus_stats(
        self,
        candidates: Sequence[str],
        references: Sequence[str | Sequence[str | None]],
        progress: Callable[[int], object] | None = None,
    ) -> tuple[list[SentenceStats], int | str]:
        """Per-sentence statistics of a corpus (sacreBLEU's ``_extract_corpus_statistics``).

        Args:
            candidates: one string per sentence.
            references: per candidate: ``references[i]`` is the string or the list of
                strings of ``candidates[i]`` (not sacreBLEU's streams: see
                :func:`bleu2.references_from_streams`).
            progress: None, or a function called with the number of sentences done
                every :data:`PROGRESS_EVERY` sentences (it may raise to stop the work).
        Returns:
            ``(stats, n_refs)``: one SentenceStats per sentence, and the number of
            references per sentence (``"var"`` when it varies) for the signature.
        Raises:
            TypeError: ``candidates`` or ``references`` is a single string, or an entry
                is not a string; ValueError: different lengths (when ``references`` has
                the shape of sacreBLEU's streams instead, the message says so).
        """
        candidates, references = corpus_sequences(candidates, references)
        step = PROGRESS_EVERY if progress is not None else max(len(candidates), 1)
        stats: list[SentenceStats] = []
        n_refs: set[int] = set()
        for start in range(0, len(candidates), step):
            (part,), counts = self.line_stats(
                references[start : start + step], [candidates[start : start + step]], start
            )
            stats += part
            n_refs |= counts
            if progress is not None and len(part) == step:
                progress(start + step)
        return stats, n_refs_label(n_refs)

    def line_stats(
        self,
        references: Sequence[Any],
        systems: Sequence[Sequence[str]],
        first_line: int = 0,
        cache: dict[Any, ReferenceStats] | None = None,
    ) -> tuple[list[list[SentenceStats]], set[int]]:
        """Per-line statistics of one or more systems against the same references: each
        line's references are tokenized and counted once for every system.

        Args:
            references: per line, a string or a sequence of strings (``None`` entries
                mark a missing reference: :func:`as_references`).
            systems: ``systems[s][i]``, the candidate of system s on line i (each as long
                as ``references``).
            first_line: the 0-based number of the first line, for messages.
            cache: reference text(s) -> :class:`ReferenceStats`, filled as lines come;
                None: this scorer's own (kept across calls, at most
                :data:`REFERENCE_CACHE_SIZE` entries). A fresh dict per call keeps the
                memory of a long stream flat.
        Returns:
            ``(stats, n_refs)``: ``stats[s][i]`` for each system and line, and the set of
            the numbers of references of the lines.
        Raises:
            TypeError: an entry that is not a string (:func:`check_candidate`,
                :func:`as_references`); ValueError: a system whose length is not the
                references'.
        """
        n_lines = len(references)
        for s, lines in enumerate(systems):
            if len(lines) != n_lines:
                raise ValueError(f"system {s} has {len(lines)} lines, the references {n_lines}")
        n = self.config.max_order
        ref_length = self.config.ref_length
        tokenize = self._tokenize_text
        own = cache is None
        refs_cache = self._references if cache is None else cache
        # Each distinct candidate text is tokenized once per call (repeated segments are
        # common: "Thank you.", "(Applause)").
        tokens_of: dict[str, list[str]] = {}
        out: list[list[SentenceStats]] = [[] for _ in systems]
        appends = [o.append for o in out]
        n_refs: set[int] = set()
        several = len(systems) > 1
        for i, (refs, *cands) in enumerate(zip(references, *systems), first_line):
            hyps = []  # the candidates first: their errors come before the references'
            for s, cand in enumerate(cands):
                hyp = tokens_of.get(cand) if isinstance(cand, str) else None
                if hyp is None:
                    where = f"system {s}, candidates[{i}]" if several else f"candidates[{i}]"
                    hyp = tokens_of[cand] = tokenize(check_candidate(cand, where))
                hyps.append(hyp)
            key = refs if isinstance(refs, str) else tuple(as_references(refs, f"references[{i}]"))
            rs = refs_cache.get(key)
            if rs is None:
                if own and len(refs_cache) >= REFERENCE_CACHE_SIZE:
                    refs_cache.clear()
                rs = refs_cache[key] = self._reference_stats((key,) if isinstance(key, str) else key)
            n_refs.add(1 if isinstance(key, str) else len(key))
            for append, hyp in zip(appends, hyps):
                append(sentence_stats(hyp, rs, n, ref_length))
        return out, n_refs

    # --- statistics -> scores ----------------------------------------------------------

    def score_stats(self, stats: SentenceStats, n_refs: int | str = 1) -> BleuResult:
        """Score statistics (one sentence's, or pooled): :func:`bleu2.scoring.score_from_stats`
        with these options and their signature."""
        return score_from_stats(stats, self.config, self.config.signature(n_refs))

    def score_only(self, stats: SentenceStats) -> float:
        """Just the score of ``stats`` (a float), for loops over many statistics."""
        return bleu_score(stats, self.config)

    def signature(self, n_refs: int | str = 1, **extra: object) -> str:
        """:meth:`bleu2.options.BleuConfig.signature` of these options."""
        return self.config.signature(n_refs, **extra)

    def sentence_score(self, candidate: str, references: str | Sequence[str]) -> BleuResult:
        """BLEU of one candidate against one or more references (see :func:`bleu2.sentence_bleu`)."""
        stats = self.sentence_stats(candidate, references)
        return self.score_stats(stats, len(as_references(references)))

    def corpus_score(
        self,
        hypotheses: Iterable[str],
        references: Sequence[Iterable[str | None]],
        *,
        sentence_scores: bool = True,
        sentence_stats: bool | None = None,
    ) -> CorpusBleuResult:
        """Corpus BLEU with sacreBLEU's layout: statistics pooled over the sentences, then
        scored once, as ``sacrebleu.BLEU().corpus_score(hypotheses, references)``.

        Args:
            hypotheses: one string per sentence: a list, or any iterable (a generator, an
                open file's lines), read once.
            references: reference *streams*, as in sacreBLEU: ``references[j][i]`` is the
                j-th reference of hypothesis i (every stream has one line per hypothesis;
                ``None`` marks a missing reference). ``references`` itself is a list (or
                tuple) of streams; each stream a list, or any iterable read in step with
                the hypotheses. For one list of references per candidate use
                :func:`bleu2.corpus_bleu`.
            sentence_scores: also score every sentence (computed when first read).
            sentence_stats: keep every line's statistics; None: when the hypotheses and
                every stream have a length (lists, tuples), not for other iterables, whose
                memory then stays flat (the sums only).
        Raises:
            TypeError, ValueError: see :func:`streams_to_references`; a call in
                :func:`bleu2.corpus_bleu`'s layout gets a message naming it. With lists the
                lengths are checked before any line is scored; with other iterables when
                the shorter one ends (the message is the same).
        """
        from .pipeline import streams_result  # the pipeline is built on this module

        return streams_result(
            self, hypotheses, references, sentence_scores=sentence_scores, sentence_stats=sentence_stats
        )

    def corpus_from_stats(
        self, stats: Sequence[SentenceStats], n_refs: int | str = 1, *, sentence_scores: bool = True
    ) -> CorpusBleuResult:
        """A :class:`CorpusBleuResult` from per-sentence statistics (pooled, then scored)."""
        stats = tuple(stats)
        corpus = self.score_stats(pool_stats(stats, self.config.max_order), n_refs)
        return CorpusBleuResult(corpus, stats, scorer=self.score_only if sentence_scores else None)


# (inspect.signature reads __signature__, which typeshed does not declare on functions)
BLEU.__init__.__signature__ = options_signature(  # type: ignore[attr-defined]
    inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
)
