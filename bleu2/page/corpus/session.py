"""``Session``: corpus mode's files, jobs (the engine's corpus pipeline) and results, as data.

Scores are floats in [0, 1]; each method's arguments and answer: docs/corpus-mode-design.md.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any

from ...analyses import ANALYSIS_PRESETS, PAIRED_TESTS, CompareResult, Rules, compare_steps, rules_for
from ...analyses.run import counts_steps
from ...analyses.tally import Tally
from ...common.steps import Progress, drive
from ...corpus.lines import InputError, split_lines
from ...corpus.pipeline import Keep, chunks_of, corpus_steps
from ...corpus.significance import DEFAULT_RESAMPLES
from ...metrics import registry
from ...metrics.bleu.api import scorer_for
from ...metrics.bleu.options import DEFAULTS, BleuConfig
from ...metrics.bleu.result import CorpusBleuResult
from ...metrics.bleu.scoring import bleu_score
from .. import i18n
from ..options_form import bleu_options, normalize_options, options_from_form
from . import compare_verdict, compare_view, guide, metrics, views
from .port import Message, input_message

__all__ = ["Session", "ROLES", "MAX_FILE_BYTES", "PAGE_SIZE", "TEST_RESAMPLES", "CHUNK", "whole_number"]

#: Largest file accepted (bytes).
MAX_FILE_BYTES = 50 * 2**20
#: Lines scored between two progress reports.
CHUNK = 256
#: Rows of the per-sentence table on one page.
PAGE_SIZE = views.PAGE_SIZE
#: The roles of the files loaded: references, and the systems scored against them.
ROLES = ("reference", "system")
#: The significance tests (sacreBLEU's flags; "none": no test) and their default numbers of resamples.
TEST_RESAMPLES = {"none": 0, **DEFAULT_RESAMPLES}


def whole_number(value: Any) -> bool:
    """Whether ``value`` is an int (not a bool) of 0 or more: what resamples and a seed must be."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True, eq=False)
class _File:
    """A file loaded: its id, role, name, lines and size in bytes."""

    id: int
    role: str
    name: str
    lines: list[str]
    size: int


class Session:
    """The files, jobs and results of corpus mode (one per page)."""

    def __init__(self) -> None:
        self.files: dict[int, _File] = {}
        self.ids = count(1)  # of files and jobs
        self.jobs: dict[int, Generator[Progress, None, None]] = {}
        self.results: dict[int, views.JobResult] = {}
        self.compares: dict[int, CompareResult] = {}  # the Compare view's results, by job
        self.compare_keys: dict[int, tuple[Any, ...]] = {}  # what each was computed from (files, rules, baseline)
        self.counts: tuple[tuple[Any, ...], Tally] | None = None  # the analyses' pass, kept for reuse
        self.compare_rules: dict[int, tuple[str, Rules]] = {}  # the preset asked for and its rules, by result

    def load(self, role: str, name: str, data: bytes) -> dict[str, Any]:
        """Read one file as the command line does; too big, not text, empty or of another length: refused."""
        if role not in ROLES:
            raise ValueError(f"role must be 'reference' or 'system', got {role!r}")
        if len(data) > MAX_FILE_BYTES:
            return _refused("corpus_too_big", params={"name": name}, numbers={"limit": MAX_FILE_BYTES // 2**20})
        try:
            lines = split_lines(bytes(data), name)
        except InputError as error:
            return _refused("corpus_bad_file", params={"error": input_message(error)})
        if not lines:
            return _refused("corpus_empty_file", params={"name": name})
        loaded = next(iter(self.files.values()), None)
        if loaded is not None and len(loaded.lines) != len(lines):
            got, expected = ({"key": "corpus_lines", "count": len(f)} for f in (lines, loaded.lines))
            params = {"name": name, "lines": got, "expected": expected}
            return _refused("corpus_count_differs", params=params)
        f = _File(next(self.ids), role, name, lines, len(data))
        self.files[f.id] = f
        return {"ok": True, "file": {"id": f.id, "role": role, "name": name, "lines": len(lines), "size": f.size}}

    def load_text(self, role: str, name: str, text: str) -> dict[str, Any]:
        """A pasted text, read as the bytes a file would hold (:meth:`load`)."""
        return self.load(role, name, text.encode("utf-8", "surrogatepass"))

    def remove(self, file_id: int) -> None:
        self.files.pop(int(file_id), None)

    def of_role(self, role: str) -> list[_File]:
        return [f for f in self.files.values() if f.role == role]

    def files_view(self, lang: str = "en") -> dict[str, Any]:
        """The file lists, the ``problem`` that keeps them from being scored (or None), ``ready``."""

        def row(f: _File) -> dict[str, Any]:
            lines = i18n.tn(lang, "corpus_lines", len(f.lines))
            return {"id": f.id, "name": f.name, "lines": lines, "remove": i18n.t(lang, "corpus_remove", name=f.name)}

        refs, systems = ([row(f) for f in self.of_role(role)] for role in ROLES)
        problem = self.problem()
        return {"references": refs, "systems": systems, "problem": problem, "ready": not problem}

    def problem(self) -> Message | None:
        """Why the loaded files cannot be scored yet (None when they can)."""
        if not self.of_role("reference"):
            return {"key": "corpus_need_reference"}
        if not self.of_role("system"):
            return {"key": "corpus_need_system"}
        return None

    def start(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Start scoring the loaded files (``request``: :func:`bleu2.page.corpus.request.job_request`'s)."""
        lang = i18n.language(request.get("lang"))
        problem = self.problem()
        if problem:
            return {"ok": False, "message": problem}
        try:
            checked = normalize_options(options_from_form(request.get("form") or {}, lang))
        except ValueError as error:
            return _refused("option_invalid", params={"error": str(error)})
        test = request.get("test") or "none"
        if test not in TEST_RESAMPLES:
            return {"ok": False, "message": {"text": f"unknown test {test!r}"}}
        systems = self.of_role("system")
        if test.startswith("paired") and len(systems) < 2:
            return _refused("corpus_need_two_systems")
        baseline = request.get("baseline")
        ids = [f.id for f in systems]
        if baseline in ids:  # the baseline first, the others in loading order
            systems = [f for f in systems if f.id == baseline] + [f for f in systems if f.id != baseline]
        n, seed = request.get("n") or 0, request.get("seed")
        if not whole_number(n):
            return _refused("corpus_bad_resamples", params={"value": str(n)})
        if seed is not None and not whole_number(seed):
            return _refused("corpus_bad_seed", params={"value": str(seed)})
        n = n or TEST_RESAMPLES[test]
        chunk = max(1, int(request.get("chunk") or CHUNK))
        job_id = next(self.ids)
        options, metric = bleu_options(checked), checked["metric"]
        refs = self.of_role("reference")
        streams, outputs = [f.lines for f in refs], [f.lines for f in systems]
        test_name = None if test == "none" else test

        def job() -> Generator[Progress, None, None]:
            # each line scored with the sentence-level rules, from the same statistics; then
            # the metrics scored beside BLEU under the page's metric (metrics.extra_metrics)
            bleu = scorer_for(**options)
            sentence = bleu.config.sentence_level()
            same = sentence == bleu.config
            outcome = yield from corpus_steps(
                bleu,
                chunks_of(streams, outputs, chunk),
                len(systems),
                keep=Keep(stats=True, scores=same),
                test=test_name,
                n=n,
                seed=seed,
                total=len(streams[0]),
                shared_cache=True,
            )
            scored = outcome.systems if same else (yield from _sentence_scores(outcome.systems, sentence, chunk))
            extra = []
            for key in metrics.extra_metrics(metric):
                own = key == metric  # the page's metric: each line scored too (the per-sentence table), its options
                mine = checked["metric_options"] if own else {}
                found = yield from metrics.metric_steps(key, streams, outputs, test_name, n, seed, chunk, own, mine)
                extra.append(found)
            sig = outcome.significance
            self.results[job_id] = views.JobResult(
                options=options,
                config=bleu.config,
                sentence_config=sentence,
                test=test,
                n=n,
                seed=seed,
                systems=tuple((f.name, c) for f, c in zip(systems, scored)),
                significance=None if sig is None else tuple(r.to_dict() for r in sig),
                signature=outcome.signature,
                references=tuple(refs),
                system_files=tuple(systems),
                metric=metric,
                metrics=tuple(extra),
                metric_options=checked["metric_options"],
            )

        self.jobs[job_id] = job()
        return {"ok": True, "job": job_id}

    def step(self, job_id: int, budget_ms: float = 150.0) -> dict[str, Any]:
        """Advance a job for about ``budget_ms`` milliseconds."""
        job = self.jobs.get(int(job_id))
        if job is None:
            return {"done": True, "error": {"text": "no such job"}}
        done, progress = drive(job, budget=budget_ms / 1000)
        if not done:
            assert isinstance(progress, Progress)  # a step not done yields its progress
            return {"done": False, "fraction": progress.share(), "stage": progress.stage}
        del self.jobs[int(job_id)]
        return {"done": True, "result": int(job_id)}

    def cancel(self, job_id: int) -> None:
        """Forget a job (its generator is closed)."""
        job = self.jobs.pop(int(job_id), None)
        if job is not None:
            job.close()

    def view(self, result_id: int, request: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`bleu2.page.corpus.views.view`, with ``"help"`` (:func:`bleu2.page.corpus.guide.corpus_help`)."""
        res = self.results[int(result_id)]
        out = views.view(res, request)
        out["help"] = guide.corpus_help(res, int(request.get("system") or 0), i18n.language(request.get("lang")))
        return out

    def line(self, result_id: int, system: int, line: int) -> dict[str, Any]:
        """One line as the sentence view's state (:func:`bleu2.page.share.validate_state`'s shape)."""
        res = self.results[int(result_id)]
        candidate = res.system_files[system].lines[line]
        options = {**res.options, "metric": res.metric, "metric_options": dict(res.metric_options)}
        refs = [f.lines[line] for f in res.references]
        return {"references": refs, "candidate": candidate, "candidates": [candidate], "options": options}

    def export(self, result_id: int, what: str, fmt: str, lang: str = "en") -> dict[str, Any]:
        """:func:`bleu2.page.corpus.views.export` of a result."""
        return views.export(self.results[int(result_id)], what, fmt, lang)

    def compare_start(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """``bleu2 compare --preset P --baseline B -r REF... SYS...`` on the loaded files, stepped by :meth:`step`."""
        systems, refs = self.of_role("system"), self.of_role("reference")
        if len(systems) < 2 or not refs:
            return _refused("compare_need_two")
        preset = request.get("preset") or "compare-mt"
        if preset not in ANALYSIS_PRESETS and preset not in ("defaults", "page"):
            return {"ok": False, "message": {"text": f"unknown preset {preset!r}"}}
        # the page's BLEU options (the analyses score BLEU; another metric's options are not theirs)
        page_options = {k: v for k, v in (request.get("options") or {}).items() if k in DEFAULTS}
        options = page_options if preset == "page" else None
        # a paired test under other rules than the systems table's: the analyses run it on their statistics
        test = request.get("test") or {}
        own_test = preset != "page" and test.get("name") in PAIRED_TESTS
        test_key = (test["name"], test.get("n") or None, test.get("seed")) if own_test else None
        test_args = dict(zip(("significance", "significance_n", "seed"), test_key or ()))
        rules_preset = None if preset in ("defaults", "page") else preset
        ids = [f.id for f in systems]
        baseline = ids.index(request["baseline"]) if request.get("baseline") in ids else 0
        counted = (tuple(f.id for f in refs), tuple(ids), rules_preset, tuple(sorted((options or {}).items())))
        key = (*counted, baseline, test_key)
        for result_id, kept in self.compare_keys.items():
            if kept == key:
                return {"ok": True, "result": result_id}
        lines, ref_lines = [f.lines for f in systems], [f.lines for f in refs]
        job_id = next(self.ids)

        def job() -> Generator[Progress, None, None]:
            if self.counts is not None and self.counts[0] == counted:
                tally = self.counts[1]
            else:
                self.counts = None
                tally = yield from counts_steps(lines, ref_lines, preset=rules_preset, options=options)
                self.counts = (counted, tally)
            result = yield from compare_steps(
                lines,
                ref_lines,
                names=[f.name for f in systems],
                baseline=baseline,
                preset=rules_preset,
                options=options,
                tally=tally,
                **test_args,
            )
            # only the latest is kept (the lines are copied in it)
            self.compares, self.compare_keys = {job_id: result}, {job_id: key}
            self.compare_rules = {job_id: (preset, rules_for(rules_preset, options))}

        self.jobs[job_id] = job()
        return {"ok": True, "job": job_id}

    def compare_view(self, result_id: int, request: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`bleu2.page.corpus.compare_view.view` with :mod:`~bleu2.page.corpus.compare_verdict`'s lines."""
        res = self.compares[int(result_id)]
        lang = i18n.language(request.get("lang"))
        pair = int(request.get("pair") or 0)
        preset, rules = self.compare_rules[int(result_id)]
        page = self._page_rules(int(result_id), preset, request.get("corpus"))
        by = page["by"] if page is not None else None
        out = compare_view.view(res, lang, pair, rules.split, by)
        out["verdict"] = compare_verdict.verdict(res, out["pairs"]["selected"], lang, page)
        out["rules"] = compare_verdict.rules_line(res, rules.config, page, lang)
        out["warning"] = compare_verdict.warning(res, rules.split, lang)
        return out

    def _page_by(self, result_id: int, corpus: Any) -> compare_verdict.PageMetric | None:
        """The page's metric on the Compare view's systems (:func:`_page_metric`), from the systems table's
        result ``corpus``; None without one."""
        job = self.results.get(int(corpus)) if isinstance(corpus, int) else None
        return None if job is None else _page_metric(job, self.compare_keys[result_id][1])

    def _page_rules(self, result_id: int, preset: str, corpus: Any) -> compare_verdict.PageRules | None:
        """The systems table's rules and p-values, as the Compare view's systems (by file id)."""
        job = self.results.get(int(corpus)) if isinstance(corpus, int) else None
        if job is None:
            return None
        system_ids = self.compare_keys[result_id][1]
        p_values: dict[int, float] = {}
        for k, f in enumerate(job.system_files):
            figures = job.significance[k] if job.significance else {}
            file_id = getattr(f, "id", None)
            if figures.get("p_value") is not None and file_id in system_ids:
                p_values[system_ids.index(file_id)] = figures["p_value"]
        by = _page_metric(job, system_ids)
        return compare_verdict.page_rules(job.config, preset == "page", job.test, p_values, job.metric, by)

    def compare_lines(self, result_id: int, request: Mapping[str, Any]) -> dict[str, Any]:
        """A bucket's (``{"kind", "bucket", "system"}``) or an n-gram's (``{"side", "index"}``) sentences."""
        res, lang = self.compares[int(result_id)], i18n.language(request.get("lang"))
        by, split = self._page_by(int(result_id), request.get("corpus")), self.compare_rules[int(result_id)][1].split
        pair = int(request.get("pair") or 0)
        if "side" in request:
            return compare_view.ngram_lines(res, pair, str(request["side"]), int(request["index"]), lang, split, by)
        return compare_view.bucket_lines(
            res, str(request["kind"]), int(request["bucket"]), int(request["system"]), pair, lang, split, by
        )

    def compare_export(self, result_id: int, fmt: str, corpus: int | None = None) -> dict[str, Any]:
        """``bleu2 compare``'s --html, --json or --latex output of a result: ``{"text", "filename", "mime"}``;
        its JSON with the page's metric's figures (``corpus``: the systems table's result) under another
        metric than BLEU."""
        return compare_view.export(self.compares[int(result_id)], str(fmt), self._page_by(int(result_id), corpus))


def _page_metric(job: views.JobResult, system_ids: Sequence[int]) -> compare_verdict.PageMetric | None:
    """The page's metric (not BLEU) on the Compare view's systems (file ids ``system_ids``), from the systems
    table's result ``job``; None under BLEU or when the table did not score every one of them."""
    m = metrics.ranked_by(job.metric, job.metrics)
    ids = [getattr(f, "id", None) for f in job.system_files]
    if m is None or m.sentences is None or any(i not in ids for i in system_ids):
        return None
    at = [ids.index(i) for i in system_ids]
    p_values = {}
    for k, j in enumerate(at):
        p = m.significance[j].get("p_value") if m.significance else None
        if p is not None:
            p_values[k] = p
    entry = registry.get(m.key)
    return {
        "key": m.key,
        "name": m.name,
        "lower_is_better": entry.lower_is_better,
        "percent": entry.percent,
        "scores": [m.scores[j] for j in at],
        "p_values": p_values,
        "sentences": [m.sentences[j] for j in at],
        "signature": m.signature,
    }


def _sentence_scores(
    systems: Sequence[CorpusBleuResult], sentence: BleuConfig, chunk: int
) -> Generator[Progress, None, list[CorpusBleuResult]]:
    """Each system's lines scored from their statistics with the sentence-level rules."""
    total = sum(len(r.sentence_stats) for r in systems)
    out = []
    for r in systems:
        stats = r.sentence_stats
        scores: list[float] = []
        for start in range(0, len(stats), chunk):
            scores += (bleu_score(st, sentence) for st in stats[start : start + chunk])
            yield Progress("scoring", total, total)
        out.append(CorpusBleuResult(r.corpus, stats, tuple(scores)))
    return out


def _refused(key: str, **parts: Any) -> dict[str, Any]:
    """A refusal's answer: ``{"ok": False, "message": {"key": key, "params"?, "numbers"?}}``."""
    return {"ok": False, "message": {"key": key, **parts}}
