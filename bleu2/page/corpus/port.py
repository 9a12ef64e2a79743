"""``CorpusPort``: what corpus mode's controllers ask of the page; ``Message``: text as data.

The controllers (:mod:`bleu2.page.corpus.controller`, :mod:`bleu2.page.corpus.compare_control`)
mark the methods the glue may call by name (:func:`event`).

The conventions are every port's (:mod:`bleu2.page.ports`): a port call returns at once,
and what ends later (a timer) is reported by calling the Python callable the controller
passed, once; element updates are data (:data:`bleu2.page.ports.Updates`, written with
``textContent``/``setAttribute`` only); painters get JSON text; times are milliseconds.
Messages are kept as data (:class:`Message`) so that a language switch writes them again.
The methods the glue may call by name are marked (:func:`event`).

In the page, :class:`bleu2.page.protocol.CorpusSide` makes it of commands, which
``static/host.js`` and ``static/corpus.js`` apply to the DOM; in CPython the tests bind
a fake (``tests/fake_port.py``). Standard library only.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any, Literal, Protocol, TypedDict, cast

from .. import i18n
from ..ports import Downloads, Elements, Painting, Timers

__all__ = [
    "CorpusPainter", "CorpusPort", "Message", "event", "events_of", "guarded", "input_message", "lines_message",
    "message_text",
]  # fmt: skip

#: The painters the port runs (``static/corpus.js``'s, and ``static/paint.js``'s "svg"):
#: "mode" (the mode shown), "root" (attributes of ``<html>``), "files" (the file lists and
#: the baseline chosen), "results" (the tables, the systems), "svg" (a chart into ``target``),
#: "help" (the steps of "How it works": :func:`bleu2.page.corpus.guide.corpus_help`);
#: ``static/compare.js``'s "compareView" (the Compare view into ``target``:
#: :func:`bleu2.page.corpus.compare_view.view`) and "compareLines" (a bucket's or an n-gram's
#: sentences).
CorpusPainter = Literal["mode", "root", "files", "results", "svg", "help", "compareView", "compareLines"]


class Message(TypedDict, total=False):
    """A line of text as data: a catalog ``key`` with its ``params`` (texts, or messages
    written in the same language) and ``numbers`` (integers, formatted for the language
    when shown), and ``count`` for a key with plural forms; or a ``text`` already written
    (what no catalog words, e.g. a browser's error)."""

    key: str
    params: dict[str, Any]
    numbers: dict[str, int]
    count: int
    text: str


def message_text(message: Message | None, lang: str = "en") -> str:
    """``message`` in ``lang`` ("" for None).

    >>> message_text({"key": "corpus_progress_scoring", "numbers": {"percent": 12}}, "es")
    'Puntuando: 12 %'
    >>> message_text({"key": "corpus_empty_file", "params": {"name": "a.txt"}}, "pt")
    'a.txt está vazio (sem linhas): não foi carregado.'
    """
    if message is None:
        return ""
    if "key" not in message:
        return message.get("text", "")
    params = {
        k: message_text(cast(Message, v), lang) if isinstance(v, dict) else str(v)
        for k, v in (message.get("params") or {}).items()
    }
    numbers = {k: i18n.format_integer(v, lang) for k, v in (message.get("numbers") or {}).items()}
    if "count" in message:
        return i18n.tn(lang, message["key"], message["count"], **params, **numbers)
    return i18n.t(lang, message["key"], **params, **numbers)


def lines_message(count: int) -> Message:
    """ "2,445 lines" as data."""
    return {"key": "corpus_lines", "count": count}


#: The engine's input errors (:class:`bleu2.lines.InputError` ``key``) the page words itself.
INPUT_KEYS = {"not_text": "input_not_text", "nul": "input_nul", "not_utf8": "input_not_utf8"}


def input_message(error: Exception) -> Message:
    """An input error of the engine (:class:`bleu2.lines.InputError`: its ``key`` and
    ``params``) as data, worded by the page's catalogs (``input_*``: a gzip file gets its
    own); one the page has no words for keeps the engine's English text."""
    key, params = getattr(error, "key", ""), dict(getattr(error, "params", {}))
    if key not in INPUT_KEYS:
        return {"text": str(error)}
    if key == "not_text" and params.get("format") == "gzip":
        return {"key": "input_gzip", "params": {"name": str(params["name"])}}
    numbers = {k: v for k, v in params.items() if isinstance(v, int)}
    texts = {k: str(v) for k, v in params.items() if k not in numbers}
    return {"key": INPUT_KEYS[key], "params": texts, "numbers": numbers}


def event(method: Callable[..., None]) -> Callable[..., None]:
    """Mark a method as one the glue may call by name (:meth:`CorpusControl.on`)."""
    method.is_event = True  # type: ignore[attr-defined]
    return method


def events_of(cls: type) -> frozenset[str]:
    """The names of ``cls``'s methods marked with :func:`event`."""
    return frozenset(name for name, fn in vars(cls).items() if getattr(fn, "is_event", False))


def guarded(failed: Callable[[str], None], fn: Callable[[], Any]) -> Any:
    """``fn()``, or None after ``failed("Type: message")`` when it raised (its traceback
    printed: a bug shown on the page, never swallowed)."""
    try:
        return fn()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        traceback.print_exc()
        failed(f"{type(error).__name__}: {error}")
        return None


class CorpusPort(Elements, Painting[CorpusPainter], Timers, Downloads, Protocol):
    """Everything corpus mode's controller uses of the page: the shared pieces
    (:mod:`bleu2.page.ports`: element updates, painters, timers, downloads) and its own."""

    def read_options(self) -> dict[str, Any]:
        """The options form's fields (:func:`bleu2.page.options_form.options_from_form`'s input)."""
