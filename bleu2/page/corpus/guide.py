"""Corpus mode's "How it works": corpus BLEU's steps with the numbers of a system.

Under another page's metric, a last step on that metric: the peer its numbers equal, the system's score in it, its
sentence scores."""

from __future__ import annotations

from typing import TypedDict

from ...metrics import registry
from .. import i18n
from .views import JobResult, sentence_metric, sentence_rules, short_names

__all__ = ["NO_SMOOTHING", "corpus_help"]

#: The steps, in order (catalog keys ``corpus_help_<name>``).
CORPUS_STEPS = ("pool", "mean", "smoothing", "bp", "score", "sentences")
#: The smoothing methods that smooth nothing (``corpus_help_smoothing_none``).
NO_SMOOTHING = frozenset({"none", "method0"})


class CorpusHelp(TypedDict):
    """What ``static/corpus.js``'s ``help`` painter writes: the steps, plain text."""

    steps: list[str]


def corpus_help(res: JobResult, system: int, lang: str = "en") -> CorpusHelp:
    """Corpus BLEU's steps in ``lang`` with the pooled numbers of system ``system``, its smoothing and rules."""
    system = min(max(system, 0), len(res.systems) - 1)
    _, r = res.systems[system]
    name = short_names([n for n, _ in res.systems])[system]
    config = res.config

    precisions = ", ".join(
        f"p{k} = {i18n.format_integer(p.matches, lang)}/{i18n.format_integer(p.total, lang)}"
        for k, p in enumerate(r.precisions, 1)
    )
    smoothing = "smoothing_none" if config.smoothing in NO_SMOOTHING else "smoothing"
    values = {
        "lines": i18n.tn(lang, "corpus_lines", len(r.sentence_stats)),
        "name": name,
        "precisions": precisions,
        "order": str(config.max_order),
        "weights": ", ".join(f"{w:g}" for w in config.weights),
        "method": config.smoothing,
        "c": i18n.format_integer(r.hyp_len, lang),
        "r": i18n.format_integer(r.ref_len, lang),
        "bp": i18n.format_number(r.brevity_penalty, lang),
        "label": i18n.t(lang, "col_score", order=config.max_order),
        "score": i18n.format_number(r.score, lang),
        "rules": sentence_rules(res, lang),
    }
    keys = [smoothing if step == "smoothing" else step for step in CORPUS_STEPS]
    steps = [i18n.t(lang, f"corpus_help_{key}", **values) for key in keys]
    m = sentence_metric(res)
    if m is not None:
        entry = registry.get(m.key)
        score = i18n.format_number(m.scores[system], lang)
        score = score if entry.percent else i18n.t(lang, "compare_bits", value=score)
        steps.append(
            i18n.t(lang, "corpus_help_metric", metric=m.name, peer=entry.peer or m.name, name=name, score=score)
        )
    return {"steps": steps}
