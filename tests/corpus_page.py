"""Corpus mode's controller on the fake page (CPython), shared by the corpus-mode tests of
tests/page/: :class:`Page` holds a real :class:`bleu2.page.corpus.session.Session`;
:func:`ted` loads the shared TED files; :func:`cli_compare` is ``bleu2 compare``'s output,
the Compare view's oracle."""

from __future__ import annotations

import contextlib
import io
import json
import os
from typing import Any

from bleu2 import cli
from bleu2.page.corpus.controller import DEBOUNCE_MS, PAGE, WORKER, Budget, CorpusControl
from bleu2.page.corpus.session import Session
from bleu2.page.tab_storage import TabStore
from fake_port import FakePage
from shared_data import TED

__all__ = [
    "DEBOUNCE_MS",
    "DETOK",
    "PAGE",
    "REF",
    "REF2",
    "SACREBLEU",
    "SYS1",
    "SYS2",
    "TOK",
    "Page",
    "cli_compare",
    "ready",
    "ted",
    "view",
]

REF = b"the cat sat on the mat\na dog ran in the park\n"
REF2 = b"the cat was on the mat\nthe dog ran in a park\n"
SYS1 = b"the cat sat on a mat\na dog ran in the park\n"
SYS2 = b"a cat on the mat\nthe dog is in the park\n"


class Page:
    """Corpus mode's controller on a fake page, holding a real session."""

    def __init__(
        self, lang: str = "en", budget: Budget = WORKER, tab: TabStore | None = None, show: bool = True, port=None
    ):
        self.port, self.session, self.opened = port or FakePage(), Session(), []
        self.control = CorpusControl(self.port, self.session, budget, lang, tab, self.opened.append)
        if show:
            self.on("show_mode", "corpus")

    def on(self, *event: Any) -> None:
        self.control.on(*event)

    def fire(self, ms: float) -> None:
        self.port.fire(ms)

    def work(self) -> None:
        """Run every step until nothing is left but a pause."""
        while 0 in self.port.delays:
            self.fire(0)

    def load(self, role: str, *files: tuple[str, bytes]) -> None:
        self.on("files_chosen", role, len(files))
        for name, data in files:
            self.on("file_read", role, name, data)

    def scored(self) -> dict | list:
        """Load nothing more: let the pause pass and the job run to its end; the JSON shown."""
        self.work()
        self.fire(DEBOUNCE_MS)
        self.work()
        return json.loads(self.port.text("corpus-json"))

    def spy(self, method: str) -> list:
        """The arguments of every call to session ``method`` from now on."""
        calls: list = []
        real = getattr(self.session, method)
        setattr(self.session, method, lambda *args: calls.append(args) or real(*args))
        return calls


def ready(page: Page, *systems: tuple[str, bytes]) -> None:
    page.load("reference", ("ref.txt", REF))
    page.load("system", *(systems or (("sys1.txt", SYS1),)))
    page.work()


def cli_compare(tmp_path, *argv: str, files=(("ref.txt", REF), ("sys1.txt", SYS1), ("sys2.txt", SYS2))) -> str:
    for name, data in files:
        (tmp_path / name).write_bytes(data)
    out, here = io.StringIO(), os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            assert cli.main(["compare", *argv]) == 0
    finally:
        os.chdir(here)
    return out.getvalue()


DETOK = ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")
TOK = ("ted.ref.eng", "ted.sys1.eng", "ted.sys2.eng")
SACREBLEU = {"opt-max-order": "4", "opt-smoothing": "exp", "opt-tokenizer": "13a"}


def ted(names=DETOK, rules="page", options=None, test="none", n="0", lang="en") -> Page:
    page = Page(lang=lang)
    page.port.set("compare-rules", rules)
    for element_id, value in (options or {}).items():
        page.port.set(element_id, value)
    if options:
        page.port.controls["opt-rstrip"]["checked"] = True
    page.port.set("corpus-test", test)
    page.port.set("corpus-n", n)
    page.load("reference", (names[0], (TED / names[0]).read_bytes()))
    page.load("system", *((name, (TED / name).read_bytes()) for name in names[1:]))
    page.work()
    page.fire(DEBOUNCE_MS)
    page.work()
    return page


def view(page: Page) -> dict:
    return page.port.last("compareView")[1]
