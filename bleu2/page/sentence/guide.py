""" "How it works" and the questions, with the numbers of the candidate shown.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from typing import TypedDict

from ...smoothing import DEFAULT_SMOOTHING
from .. import i18n
from ..tables import NO_NUMBER
from .breakdown import CandidateView

__all__ = ["HELP_STEPS", "FAQ", "NO_SMOOTHING", "FaqEntry", "HelpSections", "help_sections", "smoothing_key"]


class FaqEntry(TypedDict):
    """One question: its element id, the question and the answer."""

    id: str
    q: str
    a: str


class HelpSections(TypedDict):
    """What ``bleu2Paint.help`` paints (:func:`help_sections`)."""

    heading: str
    intro: str
    steps: list[str]
    faq_heading: str
    faq: list[FaqEntry]


#: The steps of "How it works" and the questions, in order (catalog keys ``help_step_<name>``,
#: ``faq_<name>_q`` / ``faq_<name>_a``).
HELP_STEPS = ("tokens", "clip", "precisions", "mean", "smoothing", "bp", "score")

FAQ = ("papers", "low", "good", "languages", "rc", "order", "scale", "metrics")

#: The smoothing methods that smooth nothing (``help_step_smoothing_none``).
NO_SMOOTHING = frozenset({"none", "method0"})


def smoothing_key(method: str) -> str:
    """The catalog key of the smoothing step for ``method``: ``help_step_smoothing`` for the
    default (add-1, said to be the default), ``help_step_smoothing_none`` for a method that
    smooths nothing, else ``help_step_smoothing_chosen`` (the method named)."""
    if method == DEFAULT_SMOOTHING:
        return "help_step_smoothing"
    return "help_step_smoothing_none" if method in NO_SMOOTHING else "help_step_smoothing_chosen"


def help_sections(v: CandidateView, lang: str = "en") -> HelpSections:
    """What the page's "How it works" and questions say, in ``lang``, with the numbers of
    the candidate shown (:func:`candidate_view` ``v``) where they help: c, r, BP, p1, p2,
    the score, and the smoothing method of its result by name (:func:`smoothing_key`).

    Returns:
        ``{"heading": str, "intro": str, "steps": [str], "faq_heading": str, "faq":
        [{"id": "faq-<name>", "q": str, "a": str}]}``: plain text, for ``textContent``.
    """
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
    return {
        "heading": i18n.t(lang, "help_heading"),
        "intro": i18n.t(lang, "help_intro"),
        "steps": [i18n.t(lang, key, **live) for key in keys],
        "faq_heading": i18n.t(lang, "faq_heading"),
        "faq": [
            {"id": f"faq-{name}", "q": i18n.t(lang, f"faq_{name}_q"), "a": i18n.t(lang, f"faq_{name}_a", **live)}
            for name in FAQ
        ],
    }
