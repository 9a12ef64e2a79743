"""Long work in steps: a generator yields progress now and then and returns its result.

The corpus pipeline (:mod:`bleu2.corpus.pipeline`) and the significance tests
(:mod:`bleu2.corpus.significance`) are written as such generators, so that one caller can run
them to their end (the command line, drawing its progress) and another a slice at a time
(the page, which must hand the browser back its thread between two slices, and may
cancel). :func:`drive` is the one loop that runs them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["Progress", "drive", "finish"]

Y = TypeVar("Y")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a piece of work is.

    Attributes:
        stage: what is being done: ``"scoring"`` (lines read and scored) or
            ``"significance"`` (resamples or trials of a significance test).
        done: lines scored, or resamples/trials done, so far.
        total: how many there are in all; None while it is not known (lines of a file
            still being read).
        fraction: how much of the input has been read, in [0, 1], when ``total`` is not
            known but the input's size is (bytes of regular files); None otherwise.
    """

    stage: str
    done: int
    total: int | None = None
    fraction: float | None = None

    def share(self) -> float | None:
        """The part done, in [0, 1]: ``done / total`` (1.0 for an empty total), else
        ``fraction``; None when neither is known."""
        if self.total is not None:
            return min(self.done / self.total, 1.0) if self.total else 1.0
        return self.fraction


def drive(
    steps: Generator[Y, None, R],
    report: Callable[[Y], Any] | None = None,
    budget: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[bool, Y | R | None]:
    """Advance ``steps`` to its end, or for about ``budget`` seconds.

    Args:
        steps: a generator that yields progress values and returns its result.
        report: called with each value yielded; if it raises (to cancel, or on
            Ctrl-C), the generator is closed (its ``finally`` clauses run) and the
            exception goes on.
        budget: seconds of work; None: no limit. The clock is read after each step, so
            a budget of 0 takes exactly one step.
    Returns:
        ``(True, the return value)`` once the generator has ended, or ``(False, the last
        value yielded)`` when the budget ran out first (call again to go on).
    """
    deadline = None if budget is None else clock() + budget
    last: Y | None = None
    try:
        while True:
            last = next(steps)
            if report is not None:
                report(last)
            if deadline is not None and clock() >= deadline:
                return False, last
    except StopIteration as stop:
        return True, stop.value
    except BaseException:
        steps.close()
        raise


def finish(steps: Generator[Any, None, R], report: Callable[[Any], Any] | None = None) -> R:
    """Run ``steps`` to its end (:func:`drive` without a budget) and return its result."""
    _, value = drive(steps, report)
    return value  # type: ignore[return-value]  # drive without a budget returns only at the end
