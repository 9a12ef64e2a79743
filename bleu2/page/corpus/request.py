"""A corpus job's request from the significance boxes, and the values refused before it runs."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .port import Message
from .session import whole_number

__all__ = ["job_request", "request_problem"]


def _number(text: str) -> float | None:
    """A number box's value (the browser gives "" or a number's text); None when empty or not finite."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def job_request(fields: Mapping[str, str], form: Mapping[str, Any], lang: str, chunk: int) -> dict[str, Any]:
    """A job's request (:meth:`~bleu2.page.corpus.session.Session.start`'s argument) from the boxes' ``fields`` (text:
    empty "n" is the test's default, empty "seed" none, empty "baseline" the first system), ``form`` and ``chunk``."""

    def whole(value: float | None) -> int | float | None:
        return int(value) if value is not None and value.is_integer() else value

    baseline = _number(fields.get("baseline", ""))
    return {
        "form": dict(form),
        "lang": lang,
        "test": fields.get("test") or "none",
        "n": whole(_number(fields.get("n", ""))) or 0,
        "seed": whole(_number(fields.get("seed", ""))),
        "baseline": None if baseline is None else int(baseline),
        "chunk": chunk,
    }


def request_problem(request: Mapping[str, Any], fields: Mapping[str, str]) -> Message | None:
    """Why a request must not run (resamples or seed not a whole number >= 0, quoting ``fields``), else None."""
    if not whole_number(request["n"]):
        return {"key": "corpus_bad_resamples", "params": {"value": fields.get("n", "")}}
    if request["seed"] is not None and not whole_number(request["seed"]):
        return {"key": "corpus_bad_seed", "params": {"value": fields.get("seed", "")}}
    return None
