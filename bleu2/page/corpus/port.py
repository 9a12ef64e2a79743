"""What corpus mode's controller (:mod:`bleu2.page.corpus_control`) asks of the page.

The conventions are the sentence view's port's (``bleu2.page.port``): a port call returns
at once, and what ends later (a timer, the worker started, a session call answered) is
reported by calling the Python callable the controller passed, once; element updates are
data (``{element id: {"text", "attrs", "props", "classes"}}``, written with
``textContent``/``setAttribute`` only); painters get JSON text; times are milliseconds.
Messages are kept as data (:class:`Message`) so that a language switch writes them again.

In the page, ``static/corpus.js`` binds the port to the DOM and the worker, and
:class:`GluePort` reaches it from Python; in CPython the tests bind a fake
(``tests/page/test_corpus_control.py``). Standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal, Protocol, TypedDict

from .. import i18n

__all__ = ["CorpusPainter", "CorpusPort", "GluePort", "Message", "input_message", "lines_message", "message_text"]

#: The painters the port runs (``static/corpus.js``'s, and ``static/paint.js``'s "svg"):
#: "mode" (the mode shown), "root" (attributes of ``<html>``), "job" (``{"job", "event":
#: "start" | "done" | "stop"}``, for the tests and benchmarks), "files" (the file lists and
#: the baseline chosen), "results" (the tables, the systems), "svg" (a chart into ``target``).
CorpusPainter = Literal["mode", "root", "job", "files", "results", "svg"]


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
        k: message_text(v, lang) if isinstance(v, dict) else str(v) for k, v in (message.get("params") or {}).items()
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


class CorpusPort(Protocol):
    """Everything corpus mode's controller uses of the page."""

    def write(self, updates: dict[str, dict[str, Any]]) -> None:
        """Write element updates (``static/paint.js`` ``bleu2Paint.set``)."""

    def paint(self, painter: CorpusPainter, data_json: str, target: str = "") -> None:
        """Build DOM from data (:data:`CorpusPainter`)."""

    def read_value(self, element_id: str) -> str:
        """The ``value`` of an input, select or text box ("" when there is no such element)."""

    def read_options(self) -> dict[str, Any]:
        """The options form's fields (:func:`bleu2.page.state.options_from_form`'s input)."""

    def set_timer(self, ms: float, callback: Callable[[], None]) -> Any:
        """Call ``callback`` once after ``ms`` milliseconds; returns a handle."""

    def clear_timer(self, handle: Any) -> None:
        """Cancel a timer (nothing when it has run)."""

    def download(self, filename: str, mime: str, text: str) -> None:
        """Offer ``text`` as a file."""

    def start_worker(self, ready: Callable[[], None], failed: Callable[[str], None]) -> None:
        """Start the page's worker (once per page); ``ready()``, or ``failed(why)`` where
        none can start."""

    def session_call(
        self, method: str, args_json: str, data: Any, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """Run a session method in the worker (:meth:`bleu2.page.corpus.Session.call`:
        its name, its arguments' JSON, a file's bytes or None); ``done(answer JSON)``, or
        ``failed(why)`` when the call itself failed."""

    def to_sentence_view(self, texts_json: str) -> None:
        """Show one line's texts in the sentence view (:meth:`bleu2.page.corpus.Session.line`'s JSON)."""


class GluePort:
    """A :class:`CorpusPort` over ``static/corpus.js``'s ``port`` object: updates cross
    as one JSON text per call, a file's bytes untouched, and each callback through
    ``once`` (in the page ``pyodide.ffi.create_once_callable``, so JavaScript may call it
    later)."""

    def __init__(self, glue: Any, once: Callable[[Callable[..., Any]], Any] = lambda fn: fn) -> None:
        self.glue, self.once = glue, once

    def write(self, updates: dict[str, dict[str, Any]]) -> None:
        self.glue.write(json.dumps(updates, ensure_ascii=False))

    def paint(self, painter: CorpusPainter, data_json: str, target: str = "") -> None:
        self.glue.paint(painter, data_json, target)

    def read_value(self, element_id: str) -> str:
        return str(self.glue.readValue(element_id))

    def read_options(self) -> dict[str, Any]:
        form: dict[str, Any] = json.loads(str(self.glue.readOptions()))
        return form

    def set_timer(self, ms: float, callback: Callable[[], None]) -> Any:
        return self.glue.setTimer(ms, self.once(callback))

    def clear_timer(self, handle: Any) -> None:
        self.glue.clearTimer(handle)

    def download(self, filename: str, mime: str, text: str) -> None:
        self.glue.download(filename, mime, text)

    def start_worker(self, ready: Callable[[], None], failed: Callable[[str], None]) -> None:
        self.glue.startWorker(self.once(ready), self.once(lambda why: failed(str(why))))

    def session_call(
        self, method: str, args_json: str, data: Any, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        self.glue.sessionCall(
            method, args_json, data, self.once(lambda out: done(str(out))), self.once(lambda why: failed(str(why)))
        )

    def to_sentence_view(self, texts_json: str) -> None:
        self.glue.toSentenceView(texts_json)
