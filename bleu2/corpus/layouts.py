"""Input layouts: the library's two reference layouts (one entry per candidate; sacreBLEU's
streams) checked, cut into chunks of lines, and the messages when they do not fit."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any, TypeGuard

from ..metrics import registry

__all__ = [
    "CHUNK_LINES",
    "LAYOUTS",
    "metric_names",
    "Chunk",
    "ambiguous_layout",
    "as_references",
    "check_layout",
    "candidate_chunks",
    "check_candidate",
    "check_stream",
    "check_stream_list",
    "check_streams",
    "chunks_of",
    "corpus_sequences",
    "count_mismatch",
    "in_step",
    "is_sized",
    "layout_mismatch",
    "n_refs_label",
    "not_one_string",
    "pair_chunks",
    "stream_chunks",
    "stream_length_error",
    "streams_to_references",
]

#: Lines per chunk where the caller does not choose (the command line, the library).
CHUNK_LINES = 2048

#: A chunk: (references per line, candidates per system per line).
Chunk = tuple[Sequence[Any], Sequence[Sequence[str]]]

#: The values of ``corpus_bleu``'s ``layout``: one references entry per candidate, or
#: sacreBLEU's reference streams (``references[j][i]``: reference j of candidate i).
LAYOUTS = ("per-candidate", "streams")


def metric_names(metric: str) -> tuple[str, str, str]:
    """The entry points the messages name for ``metric`` (a key of :mod:`bleu2.metrics.registry`):
    its corpus function, sentence function and scorer class (``corpus_ter``, ``sentence_ter``, ``TER``)."""
    m = registry.get(metric)
    return m.corpus_function, m.sentence_function, m.scorer


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


def stream_length_error(n: int, lengths: Sequence[int], metric: str = registry.DEFAULT) -> ValueError:
    """The error for reference streams of ``lengths`` lines where there are ``n``
    hypotheses (some length differs): as many streams as hypotheses is read as
    bleu2.corpus_bleu's per-candidate layout, and the message says so (naming
    ``metric``'s functions: :func:`metric_names`)."""
    corpus, _, scorer = metric_names(metric)
    if len(lengths) == n:
        return ValueError(
            f"references has one entry per hypothesis ({n}), which is the per-candidate layout of "
            f"bleu2.{corpus}(candidates, references); {scorer}.corpus_score takes reference streams as "
            f"sacreBLEU does: references[j] is the j-th reference of every hypothesis ({n} lines each), "
            "so one reference per hypothesis is [refs]"
        )
    j = next(j for j, k in enumerate(lengths) if k != n)
    return ValueError(f"reference stream {j} has {lengths[j]} lines, but there are {n} hypotheses")


def check_streams(n: int, streams: object, metric: str = registry.DEFAULT) -> Sequence[Sequence[Any]]:
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
        raise stream_length_error(n, [len(s) if _is_stream(s) else -1 for s in streams], metric)
    return streams


def streams_to_references(
    hypotheses: Sequence[str], streams: object, metric: str = registry.DEFAULT
) -> list[list[str | None]]:
    """sacreBLEU's reference streams (``streams[j][i]``: the j-th reference of hypothesis i)
    as one list per hypothesis, checked against ``hypotheses`` (:func:`check_streams`).

    Raises:
        TypeError, ValueError: see :func:`check_streams`.
    """
    return [list(refs) for refs in zip(*check_streams(len(hypotheses), streams, metric))]


def n_refs_label(counts: set[int] | frozenset[int]) -> int | str:
    """The signature's number of references: the one count all lines share, ``"var"``
    when it varies, 1 for no lines."""
    if not counts:
        return 1
    return next(iter(counts)) if len(counts) == 1 else "var"


def corpus_sequences(
    candidates: Iterable[Any], references: Iterable[Any], metric: str = registry.DEFAULT
) -> tuple[Sequence[Any], Sequence[Any]]:
    """``candidates`` and ``references`` as sequences of the same length (lists and tuples
    as they are, other iterables listed); messages name ``metric``'s functions.

    Raises:
        TypeError: either is a single string; ValueError: their lengths differ.
    """
    not_one_string(candidates, references, metric)
    candidates = candidates if isinstance(candidates, (list, tuple)) else list(candidates)
    references = references if isinstance(references, (list, tuple)) else list(references)
    if len(candidates) != len(references):
        raise ValueError(layout_mismatch(len(candidates), references, metric))
    return candidates, references


def not_one_string(candidates: object, references: object, metric: str = registry.DEFAULT) -> None:
    """Raise TypeError when ``candidates`` or ``references`` is a single string, not a corpus."""
    if isinstance(candidates, str) or isinstance(references, str):
        raise TypeError(
            "a corpus is a sequence of candidates and a sequence of references "
            f"(one entry per candidate); for one sentence use {metric_names(metric)[1]} / sentence_score"
        )


def check_layout(layout: object) -> str | None:
    """``layout`` itself when it is None or a name of :data:`LAYOUTS`.

    Raises:
        ValueError: another value.
    """
    if layout is None or (isinstance(layout, str) and layout in LAYOUTS):
        return layout
    raise ValueError(f"layout must be one of {', '.join(map(repr, LAYOUTS))} (or None), got {layout!r}")


def ambiguous_layout(candidates: Sequence[Any], references: Sequence[Any]) -> str | None:
    """The message when ``references`` reads both ways with different numbers, else None.

    Both layouts parse when there are as many entries as candidates (n >= 2) and each entry
    is a list of n texts: per candidate, ``references[i]`` belongs to candidate i; as
    streams, ``references[j][i]`` does. The two readings pair the same references with the
    same candidates only when ``references[i][j] == references[j][i]`` throughout (then
    nothing is ambiguous). An entry that is an iterator (a generator, a file) could be
    either too, and its length is unknown until read.
    """
    n = len(candidates)
    if len(references) != n:
        return None
    hint = (
        "say which with layout='streams' (sacreBLEU's layout: references[j][i] is the j-th "
        "reference of candidate i) or layout='per-candidate' (references[i] holds the references of candidate i)"
    )
    for i, entry in enumerate(references):
        if isinstance(entry, Iterator):
            return f"references[{i}] is an iterator, which reads as one candidate's references or as a stream: {hint}"
    if n < 2 or not all(_is_stream(e) and len(e) == n for e in references):
        return None
    if all(references[i][j] == references[j][i] for i in range(n) for j in range(i + 1, n)):
        return None
    return (
        f"references reads two ways: {n} entries of {n} texts each are {n} references per candidate "
        f"or {n} reference streams, and the two pair different references with the candidates; {hint}"
    )


def layout_mismatch(n_candidates: int, references: Sequence[Any], metric: str = registry.DEFAULT) -> str:
    """The message for a corpus whose ``references`` are not one entry per candidate: when
    they have the shape of sacreBLEU's streams (each as long as the candidates), it names
    the streams layout (``layout="streams"``); else :func:`count_mismatch`."""
    corpus, _, scorer = metric_names(metric)
    if references and all(_is_stream(s) and len(s) == n_candidates for s in references):
        return (
            f"references holds {len(references)} reference streams of {n_candidates} lines each "
            f"(sacreBLEU's layout), but {corpus} takes one entry per candidate unless told: "
            f"use {corpus}(candidates, streams, layout='streams') or "
            f"bleu2.{scorer}(...).corpus_score(candidates, streams), as in sacreBLEU"
        )
    return count_mismatch(n_candidates, len(references), metric)


def count_mismatch(n_candidates: int, n_references: int, metric: str = registry.DEFAULT) -> str:
    """The message for a corpus with different numbers of candidates and references."""
    return (
        f"{metric_names(metric)[0]} needs one references entry per candidate: got {n_candidates} "
        f"candidate(s) and {n_references} references entr{'y' if n_references == 1 else 'ies'}"
    )


# --------------------------------------------------------------------------- chunks


def chunks_of(
    reference_streams: Sequence[Sequence[str]], system_streams: Sequence[Sequence[str]], size: int = CHUNK_LINES
) -> Iterator[Chunk]:
    """Texts held in memory as chunks of ``size`` lines.

    Args:
        reference_streams: ``reference_streams[j][i]``, reference j of line i
            (sacreBLEU's layout; every stream as long as the systems).
        system_streams: ``system_streams[s][i]``, the candidate of system s on line i.
    """
    n = len(system_streams[0]) if system_streams else 0
    for start in range(0, n, max(1, size)):
        end = start + size
        if len(reference_streams) == 1:
            refs: Sequence[Any] = reference_streams[0][start:end]
        else:
            refs = list(zip(*[r[start:end] for r in reference_streams]))
        yield refs, [s[start:end] for s in system_streams]


def pair_chunks(pairs: Iterable[tuple[str, Any]], size: int = CHUNK_LINES) -> Iterator[Chunk]:
    """``(candidate, references)`` pairs (references: a string or strings) as chunks of
    ``size`` lines.

    Raises:
        TypeError: an entry that is not a pair.
    """
    it = iter(pairs)
    while True:
        part = [p for _, p in zip(range(size), it)]
        if not part:
            return
        for p in part:
            if not isinstance(p, (tuple, list)) or len(p) != 2:
                raise TypeError(f"expected (hypothesis, references) pairs, got {p!r:.80}")
        yield [r for _, r in part], [[c for c, _ in part]]


def is_sized(x: object) -> bool:
    """Whether ``x`` has a length (a list, a tuple), not only an iterator."""
    return hasattr(x, "__len__")


def candidate_chunks(
    candidates: Iterable[str],
    references: Iterable[Any],
    whole: bool | None = None,
    size: int = CHUNK_LINES,
    layout: str | None = None,
    metric: str = registry.DEFAULT,
) -> tuple[Iterator[Chunk], bool]:
    """One system with one references entry per candidate (:func:`bleu2.corpus_bleu`'s
    layout) as chunks: lists checked at once (:func:`corpus_sequences`), other iterables
    read in step, ``size`` lines at a time, their lengths checked when one ends.

    Args:
        whole: inputs with a length come as one chunk (None: when both have one).
        layout: None (not said): a call that also reads as sacreBLEU's streams with other
            numbers is refused (:func:`ambiguous_layout`); ``"per-candidate"``: read as given.
    Returns:
        ``(chunks, sized)``: ``sized``, whether both inputs have a length.
    Raises:
        TypeError: a single string; ValueError: different lengths (when known), or a call
            that reads two ways.
    """
    if is_sized(candidates) and is_sized(references):
        cands, refs = corpus_sequences(candidates, references, metric)
        message = None if layout else ambiguous_layout(cands, refs)
        if message:
            raise ValueError(message)
        return chunks_of([refs], [cands], max(len(cands), 1) if whole is None or whole else size), True
    not_one_string(candidates, references, metric)
    steps = in_step([iter(candidates), iter(references)], partial(_pair_mismatch, metric=metric), size)
    chunks = ((refs, [cands]) for cands, refs in steps)
    return (chunks if layout else _unambiguous(chunks, size)), False


def _unambiguous(chunks: Iterator[Chunk], size: int) -> Iterator[Chunk]:
    """``chunks`` of iterables, refusing what :func:`ambiguous_layout` refuses: on the
    whole input when it is one chunk; beyond, any iterator entry and any entry of ``size``
    texts or more (as many as the candidates, it could be a stream)."""
    for number, (refs, (cands,)) in enumerate(chunks):
        if number == 0 and len(cands) < size:
            message = ambiguous_layout(cands, refs)
        else:
            message = ambiguous_layout(cands, [e if isinstance(e, Iterator) else None for e in refs])
            long = next((i for i, e in enumerate(refs) if _is_stream(e) and len(e) >= size), None)
            if message is None and long is not None:
                message = (
                    f"references[{number * size + long}] holds {len(refs[long])} texts, as many as a "
                    "reference stream may: say layout='streams' or layout='per-candidate'"
                )
        if message:
            raise ValueError(message)
        yield refs, [cands]


def stream_chunks(
    hypotheses: Iterable[str],
    streams: Sequence[Iterable[Any]],
    whole: bool | None = None,
    size: int = CHUNK_LINES,
    metric: str = registry.DEFAULT,
) -> tuple[Iterator[Chunk], bool]:
    """One system with sacreBLEU's reference streams (:meth:`bleu2.BLEU.corpus_score`'s
    layout) as chunks; per line, the tuple of its references. With every length known
    (lists, tuples) the lengths are checked at once (:func:`check_streams`); with other
    iterables when the first of them ends, with the same messages.

    Args:
        whole: inputs with a length come as one chunk (None: when all have one).
    Returns:
        ``(chunks, sized)``: ``sized``, whether the hypotheses and every stream have a length.
    Raises:
        TypeError, ValueError: see :func:`check_streams`.
    """
    if isinstance(hypotheses, str):
        raise TypeError("hypotheses must be a sequence of strings; for one sentence use sentence_score")
    streams = check_stream_list(streams)
    if is_sized(hypotheses) and all(is_sized(s) for s in streams):
        hyps = hypotheses if isinstance(hypotheses, (list, tuple)) else list(hypotheses)
        checked = check_streams(len(hyps), streams, metric)
        return _stream_chunks(hyps, checked, max(len(hyps), 1) if whole is None or whole else size), True
    for j, stream in enumerate(streams):
        check_stream(stream, j, iterable=True)
    steps = in_step([iter(hypotheses), *map(iter, streams)], partial(_stream_mismatch, metric=metric), size)
    return ((list(zip(*refs)), [hyps]) for hyps, *refs in steps), False


def _stream_chunks(hypotheses: Sequence[str], streams: Sequence[Sequence[Any]], size: int) -> Iterator[Chunk]:
    """Chunks of hypotheses and reference streams of the same length: per line, the tuple
    of its references."""
    for start in range(0, len(hypotheses), size):
        end = start + size
        yield list(zip(*[s[start:end] for s in streams])), [hypotheses[start:end]]


_END = object()


def in_step(
    iterators: Sequence[Iterator[Any]],
    mismatch: Callable[[list[int], list[list[Any]], bool], Exception],
    size: int = CHUNK_LINES,
) -> Iterator[list[list[Any]]]:
    """``size`` items of each iterator at a time, read in step (none runs ahead by more
    than a chunk).

    Raises:
        the exception ``mismatch(lengths, parts, whole)`` returns, once an iterator ends
        before another: ``lengths``, each one's number of items (the rest counted to the
        end); ``parts``, the items read last; ``whole``: whether those are all there are.
    """
    done = 0
    while True:
        parts = [[x for _, x in zip(range(size), iterators[0])]]
        k = len(parts[0])
        parts += [[x for _, x in zip(range(k), it)] for it in iterators[1:]]
        more = [False] * len(iterators)
        if k < size:  # the first has ended: so must the others
            more[1:] = [next(it, _END) is not _END for it in iterators[1:]]
        if any(more) or any(len(p) != k for p in parts):
            rest = [int(m) + sum(1 for _ in it) for m, it in zip(more, iterators)]
            lengths = [done + len(p) + r for p, r in zip(parts, rest)]
            raise mismatch(lengths, parts, done == 0 and not any(rest))
        if k:
            yield parts
        done += k
        if k < size:
            return


def _pair_mismatch(
    lengths: list[int], parts: list[list[Any]], whole: bool, metric: str = registry.DEFAULT
) -> Exception:
    n_candidates, n_references = lengths
    if whole:  # every reference is at hand: it may be sacreBLEU's streams
        return ValueError(layout_mismatch(n_candidates, parts[1], metric))
    return ValueError(count_mismatch(n_candidates, n_references, metric))


def _stream_mismatch(
    lengths: list[int], parts: list[list[Any]], whole: bool, metric: str = registry.DEFAULT
) -> Exception:
    return stream_length_error(lengths[0], lengths[1:], metric)
