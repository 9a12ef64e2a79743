"""Corpus mode's DOM adapter (Pyodide; beside static/app.py's ``DomPort``, the sentence view's):
:class:`GluePort`, a :class:`bleu2.page.corpus.port.CorpusPort` over ``static/corpus.js``'s
``port`` object. pyscript.toml's [files] writes it into Pyodide's working directory as
corpus_glue.py, which static/app.py imports (its bytecode is in bleu2.zip: tools/compile_pyc.mjs).
No browser object is imported here, so the tests run it in CPython with a fake glue object
(tests/page/test_corpus_control.py)."""

import json
from collections.abc import Callable
from typing import Any

from bleu2.page.corpus.port import CorpusPainter
from bleu2.page.ports import Updates


class GluePort:
    """A :class:`bleu2.page.corpus.port.CorpusPort` over ``static/corpus.js``'s ``port``
    object: updates cross as one JSON text per call, a file's bytes untouched, and each
    callback through ``once`` (in the page ``pyodide.ffi.create_once_callable``, so
    JavaScript may call it later)."""

    def __init__(self, glue: Any, once: Callable[[Callable[..., Any]], Any] = lambda fn: fn) -> None:
        self.glue, self.once = glue, once

    def write(self, updates: Updates) -> None:
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
