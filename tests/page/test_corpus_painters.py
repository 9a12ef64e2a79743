"""Corpus mode paints only with painters the page has: every painter name the corpus
controllers pass to their port is one of :data:`bleu2.page.corpus.port.CorpusPainter`, and
each of those is defined in ``static/corpus.js`` (its own painters), ``static/paint.js`` or
``static/compare.js`` (its exported ``painters``)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from bleu2.page.corpus.port import CorpusPainter

ROOT = Path(__file__).resolve().parents[2]
PAINTED = re.compile(r"""(?:\bpaint\(self\.port,|port\.paint\()\s*["'](\w+)["']""")


def painted_names() -> set[str]:
    return {
        name
        for path in (ROOT / "bleu2" / "page" / "corpus").glob("*.py")
        for name in PAINTED.findall(path.read_text("utf-8"))
    }


def test_the_corpus_controllers_paint_only_the_ports_painters():
    names = painted_names()
    assert {"mode", "files", "results", "compareView"} <= names
    assert names <= set(typing.get_args(CorpusPainter))


def test_every_painter_of_the_port_is_defined_in_the_pages_javascript():
    corpus = (ROOT / "static" / "corpus.js").read_text(encoding="utf-8")
    painters = corpus[corpus.index("var painters = {") : corpus.index("// A table's head")]
    own = set(re.findall(r"^    (\w+): function", painters, re.M)) | set(
        re.findall(r"painters\.(\w+) = function", corpus)
    )
    shared = set()
    for name in ("paint.js", "compare.js"):
        text = (ROOT / "static" / name).read_text(encoding="utf-8")
        shared |= set(re.findall(r"^    (\w+): function", text, re.M)) | set(
            re.findall(r"\bpainters\.(\w+) = function", text)
        )
    missing = set(typing.get_args(CorpusPainter)) - own - shared
    assert missing == set()
