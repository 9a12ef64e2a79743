"""Every element the page writes exists: each id in the controller's element updates, the
painters' containers, the events it wires, the focus it moves and the ids the glue's scripts
name is in index.html, or is one the painters create (added boxes, the rows of the terms
table, the ranking's rows, the questions, the highlight sections)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from bleu2.page.sentence.controller import DEFERRED_MS, EVENTS
from bleu2.page.sentence.updates import COPY_AREAS
from bleu2.page.share import encode_state
from fake_port import event, open_page, set_control, type_in

ROOT = Path(__file__).resolve().parents[2]
GLUE = ["static/paint.js", "static/storage.js", "static/tokens.js", "static/host.js", "static/browser-actions.js"]

#: Ids the painters of static/paint.js create (see its box, ranking, help and highlight, the
#: terms table's rows the controller describes for its insert, the chart's own ids in its
#: SVG), and the many-lines hint's button (items).
CREATED = re.compile(
    r"(reference|candidate)-\d+(-box|-label|-remove|-tokens|-tokens-more|-token-count)?"
    r"|p\d+-(row|fraction|value|note)|rank-row-\d+|faq-heading|faq-\w+|hl-cand|hl-ref-\d+|hint-corpus|bleu2-chart-[\w-]+"
)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id" and value)


def page_ids() -> set[str]:
    parser = _Ids()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.ids


def written_ids() -> set[str]:
    """The ids the controller writes, paints into and focuses, over the page's states."""
    ids: set[str] = set()
    for lang in ("en", "es", "pt"):
        port, page = open_page(languages=[lang], embed=lang == "pt")
        ref, cand = "the cat sat on the mat", "the cat is on the mat"
        type_in(port, page, "reference", ref)
        type_in(port, page, "candidate", cand)
        for kind in ("reference", "candidate", "candidate"):
            page.on_add(event("click", f"add-{kind}", f"add-{kind}"))
            type_in(port, page, port.box_ids(kind)[-1], cand)
        set_control(port, page, "opt-max-order", "4")
        set_control(port, page, "opt-smoothing", "floor")
        set_control(port, page, "opt-smooth-value", "x")  # refused: the error line
        set_control(port, page, "opt-effective-order", True)
        set_control(port, page, "opt-preset", "hf-evaluate", "on_preset")
        port.advance(DEFERRED_MS)  # the peers table
        page.on_ranking_click(event("click", "", "", index="2"))
        port.clipboard = lang != "es"
        page.on_share(event("click", "share-button", "share-button"))
        page.on_copy_json(event("click", "copy-json", "copy-json"))
        page.on_export(event("click", "", "copy-export-csv", format="csv"))
        page.on_export(event("click", "", "download-export-json", format="json"))
        type_in(port, page, "candidate", "\n".join(f"line {i}" for i in range(40)))
        port.advance(DEFERRED_MS)
        page.on_box(event("click", "candidate-2-remove", "candidate-2-remove"))
        port.tab.hash = "#" + encode_state({"references": [ref], "candidates": [cand]})
        page.on_hashchange(event("hashchange"))
        type_in(port, page, "reference", "word " * 30_000)  # the worker: "scoring…"
        port.advance(0)
        port.advance(DEFERRED_MS)
        port.controls["lang-select"]["value"] = "en" if lang != "en" else "es"
        page.on_language(event("change", "lang-select"))
        page.on_clear(event("click", "clear", "clear"))
        page.failed("ValueError: x")
        ids |= set(port.elements) | {target for _, target in port.paint_log if target}
        ids |= {m.group(1) for selector in port.focused for m in [re.match(r"#([\w-]+)", selector)] if m}
        for data in port.painted.values():  # ids inside painted data (sections, questions, hint buttons)
            ids |= set(re.findall(r'"(?:id|before)": "([\w-]+)"', json.dumps(data)))
    return ids


def glue_ids() -> set[str]:
    """The ids the glue's scripts name, and the events and copy boxes the controller names."""
    ids = {element_id for element_id, _, _ in EVENTS if element_id not in ("window", "document")}
    ids |= set(COPY_AREAS) | set(COPY_AREAS.values())
    for path in GLUE:
        text = (ROOT / path).read_text(encoding="utf-8")
        ids |= set(re.findall(r"""(?:\$|getElementById)\(\s*["']([\w-]+)["']\s*\)""", text))
        ids |= set(re.findall(r"""closest\(\s*["']#([\w-]+)["']\s*\)""", text))
    return ids


def test_every_element_id_the_page_writes_is_in_index_html_or_created_by_a_painter():
    known = page_ids()
    written, named = written_ids(), glue_ids()
    assert {"score", "status-text", "candidate-3-label", "p4-fraction", "embed-full", "option-error"} <= written
    assert {"terms-body", "ref-len-row"} <= written  # where the terms table's rows go (insert)
    assert {"summary-link", "hl-detail", "ranking-scroll-cue"} <= named
    missing = sorted(i for i in written | named if i not in known and not CREATED.fullmatch(i))
    assert missing == []
