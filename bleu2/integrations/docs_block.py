"""A calculator block of a documentation page (``bleu2.sphinx``'s ``.. bleu2::`` directive,
``bleu2.mkdocs``' ```` ```bleu2 ```` fence): its texts and options checked, the breakdown
computed at docs build time and written as HTML that reads with scripts off, and the
live calculator's address (``?embed`` with the texts in the fragment, as share links carry
them). The element contract is in docs/embedding.md; ``docs_assets/bleu2-docs.js`` starts
the live calculator.

Standard library only; neither Sphinx nor MkDocs is imported here.
"""

from __future__ import annotations

import base64
import html
import json
import posixpath
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..metrics.bleu.api import sentence_bleu
from ..metrics.bleu.options import DEFAULTS, PRESETS
from ..metrics.bleu.result import BleuResult

__all__ = [
    "ASSETS",
    "CSS_FILE",
    "JS_FILE",
    "SITE_FOLDER",
    "LANGUAGES",
    "THEMES",
    "DEFAULT_HEIGHT",
    "MAX_TEXTS",
    "Block",
    "make_block",
    "text_lines",
    "parse_fence",
    "engine_options",
    "fragment",
    "scores",
    "breakdown_html",
    "block_html",
    "error_html",
    "calculator_url",
    "check_site",
]

#: The block's stylesheet and script, shipped in the wheel (package data).
ASSETS = Path(__file__).with_name("docs_assets")
CSS_FILE = "bleu2-docs.css"
JS_FILE = "bleu2-docs.js"
#: Where a copied calculator site goes in the docs output (``bleu2_site_dir``, ``site_dir:``).
SITE_FOLDER = "_bleu2"
#: The calculator's languages and themes (``bleu2.page.i18n.LANGUAGES``,
#: ``bleu2.page.embed.THEMES``: the page is not in the wheel, a test keeps them equal).
LANGUAGES: tuple[str, ...] = ("en", "es", "pt")
THEMES: tuple[str, ...] = ("light", "dark", "auto")
#: The live calculator's height before it reports its own (CSS pixels: the snippet's).
DEFAULT_HEIGHT = 460
#: At most this many references and candidates (a share link's boxes, ``bleu2.page.share.MAX_BOXES``).
MAX_TEXTS = 100
_SHARE_PREFIX = "v1."  # bleu2.page.share.VERSION_PREFIX


@dataclass(frozen=True, slots=True)
class Block:
    """A checked block: texts (one line each), the preset (None: bleu2's defaults), the
    frame's height (CSS pixels), its ``?theme=`` (None: none) and language (None: the
    reader's browser's)."""

    references: tuple[str, ...]
    candidates: tuple[str, ...]
    preset: str | None = None
    height: int = DEFAULT_HEIGHT
    theme: str | None = None
    lang: str | None = None


def text_lines(value: str | None) -> list[str]:
    """The non-blank lines of an option's value, each stripped (one text per line)."""
    return [line.strip() for line in (value or "").splitlines() if line.strip()]


def _choice(name: str, value: str | None, valid: Iterable[str]) -> str | None:
    if value is None or value == "":
        return None
    valid = tuple(valid)
    if value not in valid:
        raise ValueError(f"{name}: unknown value {value!r}; valid: {', '.join(valid)}")
    return value


def make_block(
    references: Sequence[str],
    candidates: Sequence[str],
    preset: str | None = None,
    height: int | str | None = None,
    theme: str | None = None,
    lang: str | None = None,
) -> Block:
    """A :class:`Block`, checked.

    Raises:
        ValueError: no reference or no candidate, more than :data:`MAX_TEXTS`, a text
            that is not one line, an unknown preset, theme or language, a height that is
            not a positive integer; the message names the option.
    """
    for name, texts in (("reference", references), ("candidate", candidates)):
        if not texts:
            raise ValueError(f"{name}: at least one {name} is needed")
        if len(texts) > MAX_TEXTS:
            raise ValueError(f"{name}: at most {MAX_TEXTS} texts, got {len(texts)}")
        for text in texts:
            if not isinstance(text, str) or "\n" in text or "\r" in text:
                raise ValueError(f"{name}: each {name} is one line of text, got {text!r}")
    if height is None or height == "":
        size = DEFAULT_HEIGHT
    else:
        try:
            size = int(str(height).strip().removesuffix("px"))
        except ValueError:
            raise ValueError(f"height: a whole number of CSS pixels, got {height!r}") from None
        if size <= 0:
            raise ValueError(f"height: a positive number of CSS pixels, got {height!r}")
    return Block(
        references=tuple(references),
        candidates=tuple(candidates),
        preset=_choice("preset", preset, PRESETS),
        height=size,
        theme=_choice("theme", theme, THEMES),
        lang=_choice("lang", lang, LANGUAGES),
    )


_FENCE_KEYS = ("reference", "candidate", "preset", "height", "theme", "lang")


def parse_fence(source: str) -> Block:
    """A block from a fence's lines ``key: value`` (``reference:`` and ``candidate:`` once
    per text, the others once each; blank lines skipped).

    Raises:
        ValueError: a line without ``key:``, an unknown or repeated key (the message
            names the line, counted from 1 inside the fence), or :func:`make_block`'s.
    """
    texts: dict[str, list[str]] = {"reference": [], "candidate": []}
    single: dict[str, str] = {}
    for number, line in enumerate(source.splitlines(), 1):
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in _FENCE_KEYS:
            raise ValueError(
                f"line {number}: expected 'key: value' with a key of {', '.join(_FENCE_KEYS)}, got {line!r}"
            )
        if key in texts:
            if value.strip():
                texts[key].append(value.strip())
        elif key in single:
            raise ValueError(f"line {number}: {key} is given twice")
        else:
            single[key] = value.strip()
    return make_block(texts["reference"], texts["candidate"], **single)


def engine_options(block: Block) -> dict[str, Any]:
    """The options of :func:`bleu2.sentence_bleu` the block is scored with: its preset's
    (:data:`bleu2.metrics.bleu.options.PRESETS`), or none (bleu2's defaults)."""
    return dict(PRESETS[block.preset]) if block.preset else {}


def fragment(block: Block) -> str:
    """The live calculator's fragment (without ``#``): a share link's ``v1.`` form
    (docs/architecture-page.md; ``bleu2.page.share.decode_state`` reads it back): the
    texts, the options that differ from bleu2's defaults, the language."""
    options = {k: v for k, v in engine_options(block).items() if k != "weights" and v != DEFAULTS[k]}
    packed: dict[str, Any] = {"r": list(block.references), "c": list(block.candidates)}
    if options:
        packed["o"] = options
    if block.lang:
        packed["l"] = block.lang
    data = json.dumps(packed, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return _SHARE_PREFIX + base64.urlsafe_b64encode(zlib.compress(data, 9)).rstrip(b"=").decode("ascii")


def scores(block: Block) -> list[BleuResult]:
    """Each candidate's sentence BLEU against all the block's references (:func:`bleu2.sentence_bleu`).

    Raises:
        ValueError: options the engine refuses.
    """
    options = engine_options(block)
    return [sentence_bleu(candidate, list(block.references), **options) for candidate in block.candidates]


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def breakdown_html(block: Block, results: Sequence[BleuResult] | None = None) -> str:
    """The build-time breakdown (escaped; readable with scripts off): the references as a
    ``<dl>``, then a ``<table>`` with one row per candidate (its text as the row's header):
    BLEU and BP with four decimals, p1…pN as clipped matches/n-grams (``*``: smoothed),
    c and r; the options' signature under it. Each cell has ``data-bleu2`` (``score``,
    ``p1``…, ``bp``, ``c``, ``r``). ``results``: :func:`scores`'s, when already computed.

    Raises:
        ValueError: options the engine refuses.
    """
    results = scores(block) if results is None else results
    order = results[0].max_order
    where = f"preset {block.preset}" if block.preset else "bleu2's defaults"
    label = "Reference" if len(block.references) == 1 else "References"
    texts = "".join(f"<dd>{_e(text)}</dd>" for text in block.references)
    heads = "".join(f'<th scope="col">p<sub>{n}</sub></th>' for n in range(1, order + 1))
    rows = []
    smoothed = False
    for candidate, result in zip(block.candidates, results):
        cells = [f'<td data-bleu2="score">{result.score:.4f}</td>']
        for p in result.precisions:
            smoothed |= p.smoothed
            mark = "*" if p.smoothed else ""
            cells.append(f'<td data-bleu2="p{p.n}">{p.matches}/{p.total}{mark}</td>')
        cells += [
            f'<td data-bleu2="bp">{result.brevity_penalty:.4f}</td>',
            f'<td data-bleu2="c">{result.hyp_len}</td>',
            f'<td data-bleu2="r">{result.ref_len}</td>',
        ]
        rows.append(f'<tr><th scope="row">{_e(candidate)}</th>{"".join(cells)}</tr>')
    note = '<p class="bleu2-note">* smoothed: the score uses the smoothed precision.</p>' if smoothed else ""
    return (
        f'<dl class="bleu2-texts"><dt>{label}</dt>{texts}</dl>'
        f'<table class="bleu2-breakdown"><caption>BLEU-{order}, {_e(where)}</caption>'
        f'<thead><tr><th scope="col">Candidate</th><th scope="col">BLEU</th>{heads}'
        '<th scope="col"><abbr title="brevity penalty">BP</abbr></th>'
        '<th scope="col"><abbr title="candidate length, tokens">c</abbr></th>'
        '<th scope="col"><abbr title="reference length, tokens">r</abbr></th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{note}"
        f'<p class="bleu2-signature"><code>{_e(results[0].signature)}</code></p>'
    )


def block_html(block: Block, inner: str, url: str | None, name: str) -> str:
    """The block's element (docs/embedding.md, "The block's element"): ``inner``
    (:func:`breakdown_html`) in ``<div class="bleu2-static">``; with a calculator ``url``
    (ends with ``/``), the live calculator's address on ``data-bleu2-src`` (``?embed&start``:
    it starts at once), a start button (``hidden`` until the script shows it) and a link to
    the full calculator that works with scripts off. ``name`` (unique in the page) names the frame."""
    attrs = f' id="{_e(name)}"'
    actions = ""
    if url is not None:
        # &start: the frame is made when the reader presses "Try it live", which is the start
        query = "?embed&start" + (f"&theme={block.theme}" if block.theme else "")
        frag = fragment(block)
        attrs += (
            f' data-bleu2-src="{_e(url + query + "#" + frag)}" data-bleu2-height="{block.height}"'
            f' data-bleu2-name="{_e(name)}"'
        )
        actions = (
            '<p class="bleu2-actions"><button type="button" class="bleu2-start" hidden>Try it live</button> '
            f'<a class="bleu2-open" href="{_e(url + "#" + frag)}">Open in the BLEU calculator</a></p>'
        )
    return f'<div class="bleu2-block"{attrs}><div class="bleu2-static">{inner}</div>{actions}</div>'


def error_html(message: str) -> str:
    """A block that could not be made: its message, escaped."""
    return f'<div class="bleu2-block bleu2-error" role="alert"><p>bleu2: {_e(message)}</p></div>'


def calculator_url(url: str | None, site_copied: bool, page_to_root: str) -> str | None:
    """The calculator's address as a page links it (ends with ``/``), or None (no live calculator).

    Args:
        url: the configured address: absolute (``https://…``, ``//…``, ``/…``) is kept;
            relative is from the docs' root; None: unset.
        site_copied: the calculator's site is copied into the docs at :data:`SITE_FOLDER`
            (used where ``url`` is None).
        page_to_root: the path from the page's folder to the docs' root (``""``, ``"../"``, …).
    """
    if url is None or url == "":
        if not site_copied:
            return None
        url = SITE_FOLDER + "/"
        absolute = False
    else:
        parts = urlsplit(url)
        absolute = bool(parts.scheme or parts.netloc or url.startswith("/"))
    if not url.endswith("/") and not posixpath.basename(urlsplit(url).path).endswith(".html"):
        url += "/"
    return url if absolute else page_to_root + url


def check_site(site: Path, option: str) -> Path:
    """``site`` if it is a built calculator site (``index.html`` and ``embed.js``).

    Raises:
        ValueError: it is not; the message names ``option`` and the folder.
    """
    missing = [name for name in ("index.html", "embed.js") if not (site / name).is_file()]
    if missing:
        raise ValueError(
            f"{option}: {site} is not a built bleu2 site (no {' or '.join(missing)}; build it with `make site`)"
        )
    return site
