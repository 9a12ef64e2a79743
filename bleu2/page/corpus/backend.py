"""Where corpus mode's session runs, and how the controller calls it.

The session (:class:`bleu2.page.corpus.session.Session`) runs in the page's PyScript worker
(:data:`WORKER`: long steps, the page's thread stays free), started the first time corpus
mode needs it, or, where no worker can start (the one-file offline page, opened from
``file://``) or the worker fails to start, on the page's own thread (:data:`PAGE`: short
steps, the page gets a turn between two). Calls made before the choice is made wait for
it, in order. Every call is the same JSON call (:meth:`bleu2.page.corpus.session.Session.call`)
either way, and answers by callback: in the worker asynchronously, on the page's thread at
once. Standard library only.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .port import CorpusPort
from .session import Session

__all__ = ["PAGE", "WORKER", "Backend", "SessionLink", "call_here"]


@dataclass(frozen=True)
class Backend:
    """Where the session runs: ``name`` ("worker" or "page", the page's
    ``data-corpus-backend``), ``budget_ms`` of work per step and ``chunk`` lines per piece
    of work (:meth:`bleu2.page.corpus.session.Session.start`'s)."""

    name: str
    budget_ms: float
    chunk: int


#: The page's PyScript worker.
WORKER = Backend("worker", 250.0, 256)
#: The page's own thread.
PAGE = Backend("page", 30.0, 32)

Reply = Callable[[Any], None]


class SessionLink:
    """The controller's calls to the session, wherever it runs.

    Args:
        port: the page (:class:`bleu2.page.corpus.port.CorpusPort`).
        offline: the one-file offline page: no worker is asked for.
        make_session: makes the session for the page's thread.
        fell_back: told why, when the worker could not start.
        failed: told why, when a call failed and its caller gave no handler of its own.
    """

    def __init__(
        self,
        port: CorpusPort,
        offline: bool,
        make_session: Callable[[], Session],
        fell_back: Callable[[str], None],
        failed: Callable[[str], None],
    ) -> None:
        self.port, self.offline, self.make_session = port, offline, make_session
        self.fell_back, self.failed = fell_back, failed
        self.backend: Backend | None = None
        self.local: Session | None = None  # the session on the page's thread
        self.asked = False  # the worker was asked for
        self.waiting: list[Callable[[Backend], None]] = []

    def when_ready(self, fn: Callable[[Backend], None]) -> None:
        """Run ``fn`` with the backend once it is chosen (now if it is); the first call asks for the worker."""
        if self.backend is not None:
            fn(self.backend)
            return
        self.waiting.append(fn)
        if self.offline:
            self._use(PAGE)
        elif not self.asked:
            self.asked = True
            self.port.start_worker(lambda: self._use(WORKER), self._no_worker)

    def _no_worker(self, why: str) -> None:
        self.fell_back(why)
        self._use(PAGE)

    def _use(self, backend: Backend) -> None:
        if self.backend is not None:
            return
        self.backend = backend
        if backend is PAGE:
            self.local = self.make_session()
        self.port.paint("root", json.dumps({"data-corpus-backend": backend.name}))
        waiting, self.waiting = self.waiting, []
        for fn in waiting:
            fn(backend)

    def call(
        self,
        method: str,
        args: list[Any],
        reply: Reply | None = None,
        data: Any = None,
        failed: Callable[[str], None] | None = None,
    ) -> None:
        """Call session ``method`` with ``args`` (a file's bytes as ``data``); ``reply`` gets
        the answer (parsed), ``failed`` why the call itself failed (default: the link's)."""
        on_reply = reply or (lambda out: None)
        on_failed = failed or self.failed
        args_json = json.dumps(args, ensure_ascii=False)

        def send(backend: Backend) -> None:
            if backend is WORKER:
                self.port.session_call(method, args_json, data, lambda out: on_reply(json.loads(out)), on_failed)
                return
            assert self.local is not None
            call_here(self.local, method, args_json, data, lambda out: on_reply(json.loads(out)), on_failed)

        self.when_ready(send)


def call_here(
    session: Session, method: str, args_json: str, data: Any, done: Callable[[str], None], failed: Callable[[str], None]
) -> None:
    """Call ``session`` on this thread: ``done(answer JSON)``, or ``failed("Type: message")``
    when the call raised (its traceback printed: shown on the page, never swallowed)."""
    try:
        out = session.call(method, args_json, data)
    except Exception as error:  # noqa: BLE001 - shown on the page, never swallowed
        traceback.print_exc()
        failed(f"{type(error).__name__}: {error}")
        return
    done(out)
