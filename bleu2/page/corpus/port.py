"""``CorpusPort``: what corpus mode's controllers ask of the page; ``Message``: text as data.

Every port's conventions are :mod:`bleu2.page.ports`'s; messages are data so that a
language switch writes them again. In the page the port is
:class:`bleu2.page.protocol.CorpusSide`; the tests bind ``tests/fake_port.py``.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any, Literal, Protocol, TypedDict, cast

from .. import i18n
from ..ports import Downloads, Elements, Painting, Timers, Updates

__all__ = [
    "CorpusPainter", "CorpusPort", "Message", "event", "events_of", "guarded", "input_message",
    "message_text", "paint", "progress",
]  # fmt: skip

#: The painters the port runs: ``static/corpus.js``'s, ``static/compare.js``'s
#: ("compareView", "compareLines") and ``static/paint.js``'s "svg".
CorpusPainter = Literal["mode", "root", "files", "results", "svg", "help", "compareView", "compareLines"]


class Message(TypedDict, total=False):
    """A catalog ``key`` with ``params`` (texts or messages), ``numbers`` (integers formatted
    when shown) and ``count`` (plural forms); or a ``text`` no catalog words."""

    key: str
    params: dict[str, Any]
    numbers: dict[str, int]
    count: int
    text: str


def message_text(message: Message | None, lang: str = "en") -> str:
    """``message`` in ``lang`` ("" for None)."""
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


#: The engine's input errors (:class:`bleu2.corpus.lines.InputError` ``key``) the page words itself.
INPUT_KEYS = {"not_text": "input_not_text", "nul": "input_nul", "not_utf8": "input_not_utf8"}


def input_message(error: Exception) -> Message:
    """An engine's :class:`bleu2.corpus.lines.InputError` as an ``input_*`` message (else its English text)."""
    key, params = getattr(error, "key", ""), dict(getattr(error, "params", {}))
    if key not in INPUT_KEYS:
        return {"text": str(error)}
    if key == "not_text" and params.get("format") == "gzip":
        return {"key": "input_gzip", "params": {"name": str(params["name"])}}
    numbers = {k: v for k, v in params.items() if isinstance(v, int)}
    texts = {k: str(v) for k, v in params.items() if k not in numbers}
    return {"key": INPUT_KEYS[key], "params": texts, "numbers": numbers}


def paint(port: CorpusPort, painter: CorpusPainter, data: Any, target: str = "") -> None:
    """Run ``painter`` on ``data`` as JSON text."""
    port.paint(painter, json.dumps(data, ensure_ascii=False), target)


def progress(name: str, fraction: float | None) -> Updates:
    """The update of progress bar ``#{name}-progress``: ``fraction`` done, or hidden (None)."""
    props = {"hidden": True} if fraction is None else {"hidden": False, "value": fraction}
    return {f"{name}-progress": {"props": props}}


def event(method: Callable[..., None]) -> Callable[..., None]:
    """Mark a method as one the glue may call by name (:meth:`CorpusControl.on`)."""
    method.is_event = True  # type: ignore[attr-defined]
    return method


def events_of(cls: type) -> frozenset[str]:
    """The names of ``cls``'s methods marked with :func:`event`."""
    return frozenset(name for name, fn in vars(cls).items() if getattr(fn, "is_event", False))


def guarded(failed: Callable[[str], None], fn: Callable[[], Any]) -> Any:
    """``fn()``, or None after ``failed("Type: message")`` when it raised (traceback printed)."""
    try:
        return fn()
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        traceback.print_exc()
        failed(f"{type(error).__name__}: {error}")
        return None


class CorpusPort(Elements, Painting[CorpusPainter], Timers, Downloads, Protocol):
    """Everything corpus mode's controllers use of the page: the shared pieces and its own."""

    def read_options(self, lang: str = "en") -> dict[str, Any]:
        """The options form's fields (:func:`bleu2.page.options_form.options_from_form`'s input), with
        ``"metric_options"``: what the metric's own form shows (:func:`bleu2.page.sentence.metric_form.read_options`;
        ``lang``: its decimal separator)."""
