"""A corpus job's request from the significance boxes, and the values refused before it runs.

The boxes' values come as the page gives them (text). Standard library only."""

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
    """The request of a job (:meth:`bleu2.page.corpus.session.Session.start`'s argument).

    Args:
        fields: the significance boxes' values as the page gives them (text): "test",
            "n" (resamples; empty: the test's default, 0), "seed" (empty: none),
            "baseline" (a file id; empty: the first system).
        form: the options form (:func:`bleu2.page.options_form.options_from_form`'s input).
        chunk: lines per piece of work (the backend's).
    Returns:
        ``{"form", "lang", "test", "n", "seed", "baseline", "chunk"}``.

    >>> job_request({"test": "paired-bs", "n": "200", "seed": "", "baseline": "3"}, {}, "en", 256)
    {'form': {}, 'lang': 'en', 'test': 'paired-bs', 'n': 200, 'seed': None, 'baseline': 3, 'chunk': 256}
    """

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
    """Why a job's request (:func:`job_request`) must not run: resamples or a seed that are
    not whole numbers of 0 or more (named with the box's text, ``fields``); None when it can.

    >>> request_problem(job_request({"n": "1.5"}, {}, "en", 256), {"n": "1.5"})
    {'key': 'corpus_bad_resamples', 'params': {'value': '1.5'}}
    >>> request_problem(job_request({"seed": "-1"}, {}, "en", 256), {"seed": "-1"})
    {'key': 'corpus_bad_seed', 'params': {'value': '-1'}}
    """
    if not whole_number(request["n"]):
        return {"key": "corpus_bad_resamples", "params": {"value": fields.get("n", "")}}
    if request["seed"] is not None and not whole_number(request["seed"]):
        return {"key": "corpus_bad_seed", "params": {"value": fields.get("seed", "")}}
    return None
