""" "How it works" and the questions, with the numbers of the candidate shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from ...metrics.bleu.smoothing import DEFAULT_SMOOTHING
from .. import i18n
from ..tables import NO_NUMBER
from .breakdown import CandidateView

__all__ = ["HELP_STEPS", "FAQ", "NO_SMOOTHING", "HelpSections", "help_sections", "help_paint"]


class FaqEntry(TypedDict):
    id: str
    q: str
    a: str


class HelpSections(TypedDict):
    heading: str
    intro: str
    steps: list[str]
    faq_heading: str
    faq: list[FaqEntry]


#: The steps of "How it works" and the questions, in order (catalog keys ``help_step_<name>``, ``faq_<name>_q/_a``).
HELP_STEPS = ("tokens", "clip", "precisions", "mean", "smoothing", "bp", "score")

FAQ = ("papers", "low", "good", "languages", "rc", "order", "scale", "metrics")

#: The smoothing methods that smooth nothing (``help_step_smoothing_none``).
NO_SMOOTHING = frozenset({"none", "method0"})


def smoothing_key(method: str) -> str:
    """The smoothing step's catalog key for ``method``: the default's, a method that smooths nothing, or the chosen."""
    if method == DEFAULT_SMOOTHING:
        return "help_step_smoothing"
    return "help_step_smoothing_none" if method in NO_SMOOTHING else "help_step_smoothing_chosen"


def help_sections(v: CandidateView, lang: str = "en") -> HelpSections:
    """ "How it works" and the questions in ``lang`` with the numbers of ``v`` (c, r, BP, p1, p2, score, smoothing)."""
    result = v["result"]
    values = {p["label"]: p["value"] for p in v["precisions"]}
    live = {
        "c": v["hyp_len"],
        "r": v["ref_len"],
        "bp": v["brevity_penalty"]["value"],
        "p1": values.get("p1", NO_NUMBER),
        "p2": values.get("p2", NO_NUMBER),
        "precisions": ", ".join(f"{p['label']} = {p['fraction']}" for p in v["precisions"] if p["used"]),
        "score": v["score"]["value"],
        "percent": v["score"]["percent"],
        "label": v["score"]["label"],
        "number": i18n.format_integer(v["number"], lang),
        "c_tokens": i18n.tn(lang, "tokens", result.hyp_len),
        "method": result.smoothing,
    }
    keys = [smoothing_key(result.smoothing) if name == "smoothing" else f"help_step_{name}" for name in HELP_STEPS]
    return help_paint(lang, i18n.t(lang, "help_intro"), [i18n.t(lang, key, **live) for key in keys], FAQ, live)


def help_paint(
    lang: str, intro: str, steps: list[str], faq: Sequence[str], live: Mapping[str, Any] | None = None
) -> HelpSections:
    """ "How it works" with ``steps`` and the questions ``faq``, their answers filled from ``live``."""
    answers = {name: i18n.t(lang, f"faq_{name}_a", **(live or {})) for name in faq}
    return {
        "heading": i18n.t(lang, "help_heading"),
        "intro": intro,
        "steps": steps,
        "faq_heading": i18n.t(lang, "faq_heading"),
        "faq": [{"id": f"faq-{name}", "q": i18n.t(lang, f"faq_{name}_q"), "a": answers[name]} for name in faq],
    }
