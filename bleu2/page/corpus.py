"""Corpus mode: whole test sets scored, ranked and tested for significance, as plain data.

A :class:`Session` holds the files a person loaded (read as the command line reads them:
:mod:`bleu2.lines`), runs scoring jobs step by step and answers views of the results.
The page runs it in a PyScript worker (``static/worker.py``), or on the main thread in
short steps where no worker can start, as :mod:`bleu2.page.corpus_control` decides; what
it answers (checks, messages, tables, pages, exports) is decided here, tested in CPython.

A job is the engine's corpus pipeline (:func:`bleu2.pipeline.corpus_steps`, the command
line's too): the lines in chunks, every system's statistics and sentence scores line by
line (each line's references counted once for all systems), the corpus scores and, when
asked, sacreBLEU's significance tests on those statistics (:mod:`bleu2.significance`:
bootstrap confidence intervals, paired bootstrap, paired approximate randomization;
Koehn 2004, Riezler & Maxwell 2005, Post 2018). :meth:`Session.step` advances it for a
time budget (:func:`bleu2.steps.drive`) and reports the fraction done, so the caller can
show progress and cancel between steps.

Scores are floats in [0, 1] (the JSON is the CLI's ``--json``, exactly); display
strings are in the page's language.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..lines import InputError, check_line_counts, split_lines
from ..options import BleuConfig
from ..pipeline import Keep, chunks_of, corpus_steps
from ..report import (
    best_first,
    competition_ranks,
    corpus_json,
    csv_table,
    csv_text_cell,
    markdown_cell,
    markdown_table,
    sentences_jsonl,
)
from ..significance import DEFAULT_RESAMPLES
from ..steps import drive
from . import chart, i18n
from .compare import scorer as page_scorer
from .options_form import normalize_options, options_from_form

__all__ = ["Session", "MAX_FILE_BYTES", "PAGE_SIZE", "TESTS", "CHUNK"]

#: Largest file accepted (bytes).
MAX_FILE_BYTES = 50 * 2**20
#: Lines scored between two progress reports.
CHUNK = 256
#: Rows of the per-sentence table on one page.
PAGE_SIZE = 50
#: The significance tests (sacreBLEU's flags) and their default numbers of resamples.
TESTS = {"none": 0, **DEFAULT_RESAMPLES}
#: Longest text excerpt in the per-sentence table (characters).
EXCERPT = 160


class _File:
    __slots__ = ("id", "role", "name", "lines", "size")

    def __init__(self, file_id, role, name, lines, size):
        self.id, self.role, self.name, self.lines, self.size = file_id, role, name, lines, size


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


class Session:
    """The files, jobs and results of corpus mode (one per page)."""

    def __init__(self):
        self.files: dict[int, _File] = {}
        self.next_id = 1
        self.jobs: dict[int, Iterator] = {}
        self.results: dict[int, dict] = {}

    # --- files ------------------------------------------------------------------------

    def load(self, role: str, name: str, data: bytes, lang: str = "en") -> dict:
        """Read one file (``role``: "reference" or "system") as the command line does.

        Returns:
            ``{"ok": True, "file": {"id", "role", "name", "lines", "size"}}`` or ``{"ok":
            False, "message": str}`` naming the file (and the line and byte for invalid
            UTF-8 or binary data); a refused file changes nothing already loaded.
        """
        if role not in ("reference", "system"):
            raise ValueError(f"role must be 'reference' or 'system', got {role!r}")
        if len(data) > MAX_FILE_BYTES:
            return {
                "ok": False,
                "message": i18n.t(
                    lang, "corpus_too_big", name=name, limit=i18n.format_integer(MAX_FILE_BYTES // 2**20, lang)
                ),
            }
        try:
            lines = split_lines(bytes(data), name)
        except InputError as error:
            return {"ok": False, "message": i18n.t(lang, "corpus_bad_file", error=str(error))}
        if not lines:
            return {"ok": False, "message": i18n.t(lang, "corpus_empty_file", name=name)}
        f = _File(self.next_id, role, name, lines, len(data))
        self.files[f.id] = f
        self.next_id += 1
        return {"ok": True, "file": self.file_dict(f)}

    @staticmethod
    def file_dict(f: _File) -> dict:
        return {"id": f.id, "role": f.role, "name": f.name, "lines": len(f.lines), "size": f.size}

    def remove(self, file_id: int) -> None:
        self.files.pop(int(file_id), None)

    def of_role(self, role: str) -> list[_File]:
        return [f for f in self.files.values() if f.role == role]

    def files_view(self, lang: str = "en") -> dict:
        """The loaded files as the page lists them, and what keeps them from being scored.

        Returns:
            ``{"references": [row], "systems": [row], "problem": str | None, "ready":
            bool}``, each row ``{"id", "name", "lines" (text, e.g. "2,445 lines"),
            "remove" (the Remove button's accessible name)}``.
        """
        rows = {}
        for role in ("reference", "system"):
            rows[role] = [
                {
                    "id": f.id,
                    "name": f.name,
                    "lines": i18n.tn(lang, "corpus_lines", len(f.lines)),
                    "remove": i18n.t(lang, "corpus_remove", name=f.name),
                }
                for f in self.of_role(role)
            ]
        return {
            "references": rows["reference"],
            "systems": rows["system"],
            "problem": self.problem(lang),
            "ready": self.problem(lang) is None,
        }

    def problem(self, lang: str = "en") -> str | None:
        """Why the loaded files cannot be scored yet (None when they can)."""
        refs, systems = self.of_role("reference"), self.of_role("system")
        if not refs:
            return i18n.t(lang, "corpus_need_reference")
        if not systems:
            return i18n.t(lang, "corpus_need_system")
        try:
            check_line_counts([(f.name, f.lines) for f in refs + systems])
        except InputError as error:
            return i18n.t(lang, "corpus_bad_file", error=str(error))
        return None

    # --- jobs -------------------------------------------------------------------------

    def start(self, request: Mapping[str, Any]) -> dict:
        """Start scoring the loaded files.

        Args:
            request: ``{"form": the options form's fields (see
                :func:`bleu2.page.state.options_from_form`), "lang", "test": one of
                :data:`TESTS`, "n": resamples (0: the test's default), "seed": int or None,
                "baseline": file id of the baseline system (default: the first), "chunk":
                lines per step of work (default :data:`CHUNK`; smaller on the main thread)}``.
        Returns:
            ``{"ok": True, "job": id}`` or ``{"ok": False, "message": str}``.
        """
        lang = i18n.language(request.get("lang"))
        problem = self.problem(lang)
        if problem:
            return {"ok": False, "message": problem}
        try:
            options = normalize_options(options_from_form(request.get("form") or {}, lang))
        except ValueError as error:
            return {"ok": False, "message": i18n.t(lang, "option_invalid", error=str(error))}
        test = request.get("test") or "none"
        if test not in TESTS:
            return {"ok": False, "message": f"unknown test {test!r}"}
        systems = self.of_role("system")
        if test.startswith("paired") and len(systems) < 2:
            return {"ok": False, "message": i18n.t(lang, "corpus_need_two_systems")}
        baseline = request.get("baseline")
        ids = [f.id for f in systems]
        if baseline in ids:  # the baseline first, the others in loading order
            systems = [self.files[baseline]] + [f for f in systems if f.id != baseline]
        n = int(request.get("n") or TESTS[test])
        if test != "none" and n < 1:
            return {"ok": False, "message": i18n.t(lang, "corpus_bad_resamples")}
        seed = request.get("seed")
        seed = None if seed in (None, "") else int(seed)
        chunk = max(1, int(request.get("chunk") or CHUNK))
        job_id = self.next_id
        self.next_id += 1
        self.jobs[job_id] = self._job(job_id, self.of_role("reference"), systems, options, test, n, seed, chunk)
        return {"ok": True, "job": job_id}

    def step(self, job_id: int, budget_ms: float = 150.0) -> dict:
        """Advance job ``job_id`` for about ``budget_ms`` milliseconds.

        Returns:
            ``{"done": False, "fraction": float in [0, 1], "stage": "scoring" |
            "significance"}``, or ``{"done": True, "result": id}`` once finished, or
            ``{"done": True, "error": str}``.
        """
        job = self.jobs.get(int(job_id))
        if job is None:
            return {"done": True, "error": "no such job"}
        done, progress = drive(job, budget=budget_ms / 1000)
        if not done:
            return {"done": False, "fraction": progress.share(), "stage": progress.stage}
        del self.jobs[int(job_id)]
        return {"done": True, "result": int(job_id)}

    def cancel(self, job_id: int) -> None:
        """Forget a job (its generator is closed)."""
        job = self.jobs.pop(int(job_id), None)
        if job is not None:
            job.close()

    def _job(self, job_id, refs, systems, options, test, n, seed, chunk):
        """The corpus pipeline (:func:`bleu2.pipeline.corpus_steps`) on the loaded files,
        every line's statistics and score kept for the per-sentence views."""
        bleu = page_scorer(**options)
        lines = len(refs[0].lines)
        outcome = yield from corpus_steps(
            bleu,
            chunks_of([f.lines for f in refs], [f.lines for f in systems], chunk),
            len(systems),
            keep=Keep(stats=True, scores=True),
            test=None if test == "none" else test,
            n=n,
            seed=seed,
            total=lines,
            shared_cache=True,
        )
        self.results[job_id] = {
            "options": options,
            "config": bleu.config,
            "test": test,
            "n": n,
            "seed": seed,
            "systems": [(f.name, c) for f, c in zip(systems, outcome.systems)],
            "significance": None if outcome.significance is None else [r.to_dict() for r in outcome.significance],
            "signature": outcome.signature,
            "references": refs,
            "system_files": systems,
        }

    # --- views ------------------------------------------------------------------------

    def view(self, result_id: int, request: Mapping[str, Any]) -> dict:
        """What the page shows of a result.

        Args:
            request: ``{"lang", "system": index in the result's systems (default 0),
                "sort": "worst" | "best" | "line", "page": 0-based}``.
        Returns:
            ``{"table": :func:`system_table`, "signature": str, "json": the CLI's
            --json text, "sentences": :func:`sentence_page`, "histogram": SVG data,
            "system_names": [str]}``.
        """
        res = self.results[int(result_id)]
        lang = i18n.language(request.get("lang"))
        index = min(max(int(request.get("system") or 0), 0), len(res["systems"]) - 1)
        return {
            "table": system_table(res, lang),
            "signature": res["signature"],
            "json": corpus_json(res["systems"], res["significance"], res["signature"] if res["significance"] else None),
            "sentences": sentence_page(res, index, request.get("sort") or "worst", int(request.get("page") or 0), lang),
            "histogram": histogram(res, index, lang),
            "system_names": [name for name, _ in res["systems"]],
        }

    def line(self, result_id: int, system: int, line: int) -> dict:
        """The texts of one line, for the sentence view: ``{"references": [str],
        "candidate": str, "candidates": [the candidate], "options": page options}``: the
        sentence view's state (:func:`bleu2.page.state.normalize_state`'s shape)."""
        res = self.results[int(result_id)]
        candidate = res["system_files"][system].lines[line]
        return {
            "references": [f.lines[line] for f in res["references"]],
            "candidate": candidate,
            "candidates": [candidate],
            "options": res["options"],
        }

    def export(self, result_id: int, what: str, fmt: str, lang: str = "en") -> dict:
        """An export: ``what`` "systems" or "sentences", ``fmt`` "json" (the CLI's
        ``--json`` / ``--sentence`` shapes), "csv" or "markdown".

        Returns:
            ``{"text", "filename", "mime"}``.
        """
        res = self.results[int(result_id)]
        text, ext, mime = _export(res, what, fmt, i18n.language(lang))
        return {"text": text, "filename": f"bleu2-corpus-{what}.{ext}", "mime": mime + ";charset=utf-8"}

    def tokenize(self, lines: Sequence[str], form: Mapping[str, Any], lang: str = "en") -> list[list[str]]:
        """The tokens of each line under the options of the form (its tokenizer and
        lower-casing), as the page's scoring sees them."""
        options = normalize_options(options_from_form(form or {}, lang))
        tokenize = BleuConfig.make(**options).tokenize_function()
        return [tokenize(line) for line in lines]

    #: The methods :meth:`call` runs.
    METHODS = frozenset(
        {"load", "load_text", "remove", "files_view", "start", "step", "cancel", "view", "line", "export", "tokenize"}
    )

    def call(self, method: str, args_json: str, data: Any = None) -> str:
        """A session method by name, its arguments a JSON list, its answer JSON: how the page
        calls the session, in the worker (``static/worker.py``) or on its own thread.

        ``load`` takes ``[role, name, lang]`` and the file's bytes as ``data`` (bytes, or a
        JavaScript ``Uint8Array``: its ``to_bytes()``); ``load_text`` takes ``[role, name,
        text, lang]`` (a pasted text, read as the bytes a file would hold). Raises
        ValueError for a method not in :data:`METHODS`.
        """
        method = str(method)
        if method not in self.METHODS:
            raise ValueError(f"unknown session method {method!r}")
        args = json.loads(str(args_json))
        if method == "load":
            role, name, lang = args
            raw = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
            out = self.load(role, name, raw, lang)
        elif method == "load_text":
            role, name, text, lang = args
            out = self.load(role, name, text.encode("utf-8", "surrogatepass"), lang)
        else:
            out = getattr(self, method)(*args)
        return json.dumps(out, ensure_ascii=False)


# --- tables ----------------------------------------------------------------------------------


def system_table(res: Mapping, lang: str = "en") -> dict:
    """The systems ranked by corpus BLEU (best first; equal scores share a rank).

    Returns:
        ``{"head": [str], "rows": [[str]], "note": str}``: rank, system, BLEU-N (four
        decimals, 0–1), p1..pN as matches/total, BP, the ratio c/r, c, r, and with a
        significance test the mean ± 95% half-width and the p-value (the baseline's
        cell says "baseline").
    """
    systems = res["systems"]
    order = systems[0][1].max_order

    def num(v: float) -> str:
        return i18n.format_number(v, lang)

    head = [i18n.t(lang, "col_rank"), i18n.t(lang, "corpus_col_system"), i18n.t(lang, "col_score", order=order)]
    head += [i18n.t(lang, "col_precision", n=k) for k in range(1, order + 1)]
    head += [
        i18n.t(lang, "col_bp"),
        i18n.t(lang, "corpus_col_ratio"),
        i18n.t(lang, "col_hyp_len"),
        i18n.t(lang, "col_ref_len"),
    ]
    sig = res["significance"]
    if sig:
        if sig[0].get("mean") is not None:
            head.append(i18n.t(lang, "corpus_col_ci"))
        if res["test"].startswith("paired"):
            head.append(i18n.t(lang, "corpus_col_p"))
    scores = [r.score for _, r in systems]
    ranks = competition_ranks(scores)
    rows = []
    for i in best_first(scores):
        name, r = systems[i]
        row = [i18n.format_integer(ranks[i], lang), name, num(r.score)]
        row += [f"{i18n.format_integer(p.matches, lang)}/{i18n.format_integer(p.total, lang)}" for p in r.precisions]
        ratio = num(r.hyp_len / r.ref_len) if r.ref_len else "–"
        row += [
            num(r.brevity_penalty),
            ratio,
            i18n.format_integer(r.hyp_len, lang),
            i18n.format_integer(r.ref_len, lang),
        ]
        if sig:
            s = sig[i]
            if sig[0].get("mean") is not None:
                row.append(f"{num(s['mean'])} ± {num(s['ci'])}")
            if res["test"].startswith("paired"):
                row.append(i18n.t(lang, "corpus_baseline") if s["p_value"] is None else num(s["p_value"]))
        rows.append(row)
    note = i18n.t(
        lang,
        "corpus_note_" + res["test"].replace("-", "_"),
        n=i18n.format_integer(res["n"], lang),
        seed="–" if res["seed"] is None else str(res["seed"]),
    )
    return {"head": head, "rows": rows, "note": note}


def _order(scores: Sequence[float], sort: str) -> list[int]:
    idx = range(len(scores))
    if sort == "line":
        return list(idx)
    if sort == "best":
        return sorted(idx, key=lambda i: (-scores[i], i))
    return sorted(idx, key=lambda i: (scores[i], i))  # worst first


def sentence_page(res: Mapping, system: int, sort: str, page: int, lang: str = "en") -> dict:
    """One page of the per-sentence table of ``system`` (sentence BLEU with the same
    options), sorted worst first by default.

    Returns:
        ``{"head": [str], "rows": [{"line": int (0-based), "cells": [str], "open": the line
        button's accessible name}], "page": int,
        "pages": int, "label": str (e.g. "Lines 1–50 of 2,445"), "sort": str}``; the
        cells are the line number, the score, the candidate and the (first) reference,
        shortened to :data:`EXCERPT` characters.
    """
    name, result = res["systems"][system]
    scores = result.sentence_scores
    order = _order(scores, sort if sort in ("worst", "best", "line") else "worst")
    pages = max(1, -(-len(order) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    chunk = order[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    cand = res["system_files"][system].lines
    ref = res["references"][0].lines
    rows = [
        {
            "line": i,
            "cells": [
                i18n.format_integer(i + 1, lang),
                i18n.format_number(scores[i], lang),
                _excerpt(cand[i]),
                _excerpt(ref[i]),
            ],
            "open": i18n.t(lang, "corpus_open_line", line=i18n.format_integer(i + 1, lang)),
        }
        for i in chunk
    ]
    first = page * PAGE_SIZE + 1
    label = i18n.t(
        lang,
        "corpus_page_label",
        first=i18n.format_integer(first, lang),
        last=i18n.format_integer(first + len(chunk) - 1, lang),
        total=i18n.format_integer(len(order), lang),
    )
    head = [
        i18n.t(lang, "corpus_col_line"),
        i18n.t(lang, "col_score", order=result.max_order),
        i18n.t(lang, "corpus_col_candidate", name=name),
        i18n.t(lang, "corpus_col_reference"),
    ]
    return {"head": head, "rows": rows, "page": page, "pages": pages, "label": label, "sort": sort}


def histogram(res: Mapping, system: int, lang: str = "en", bins: int = 10) -> dict:
    """SVG data (as :func:`bleu2.page.chart.bar_chart`) of the sentence scores of ``system``."""
    name, result = res["systems"][system]
    return chart.histogram(
        result.sentence_scores,
        lang,
        bins=bins,
        title=i18n.t(lang, "corpus_histogram", name=name),
        id_prefix="bleu2-corpus-hist",
    )


def _export(res: Mapping, what: str, fmt: str, lang: str) -> tuple[str, str, str]:
    systems = res["systems"]
    if what == "systems":
        if fmt == "json":
            sig = res["significance"]
            return corpus_json(systems, sig, res["signature"] if sig else None), "json", "application/json"
        table = system_table(res, lang)
        if fmt == "csv":
            order = systems[0][1].max_order
            head = ["rank", "system", "score"] + [
                f"p{k}_{x}" for k in range(1, order + 1) for x in ("matches", "total")
            ]
            head += ["bp", "c", "r", "signature"]
            ranks = competition_ranks([r.score for _, r in systems])
            rows = []
            for i in best_first([r.score for _, r in systems]):
                name, r = systems[i]
                row = [ranks[i], csv_text_cell(name), repr(r.score)]
                for p in r.precisions:
                    row += [p.matches, p.total]
                rows.append(row + [repr(r.brevity_penalty), r.hyp_len, r.ref_len, res["signature"]])
            return csv_table(head, rows), "csv", "text/csv"
        md = markdown_table(
            [markdown_cell(h) for h in table["head"]],
            [[markdown_cell(c) for c in row] for row in table["rows"]],
            left=[1],
        )
        return md + "\n" + markdown_cell(res["signature"]) + "\n", "md", "text/markdown"
    # per-sentence scores, every system
    if fmt == "json":
        return sentences_jsonl([(name, r) for name, r in systems]), "jsonl", "application/x-ndjson"
    rows = [[name, i + 1, repr(sc)] for name, r in systems for i, sc in enumerate(r.sentence_scores)]
    if fmt == "csv":
        return csv_table(["system", "line", "score"], [[csv_text_cell(a), b, c] for a, b, c in rows]), "csv", "text/csv"
    head = [
        i18n.t(lang, "corpus_col_system"),
        i18n.t(lang, "corpus_col_line"),
        i18n.t(lang, "col_score", order=systems[0][1].max_order),
    ]
    body = [[markdown_cell(a), str(b), i18n.format_number(float(c), lang)] for a, b, c in rows]
    return markdown_table(head, body, left=[0]), "md", "text/markdown"
