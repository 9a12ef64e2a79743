"""The progress meter on stderr: a bar on a terminal, progress lines in a log."""

from __future__ import annotations

import io
import os
import sys
import time
from typing import TextIO

from ..common.steps import Progress
from .reading import PROG, isatty

__all__ = ["PROGRESS_DELAY", "PROGRESS_INTERVAL", "PROGRESS_LOG_INTERVAL", "Meter"]

#: Seconds a run must last before the progress bar appears.
PROGRESS_DELAY = 1.0
#: Seconds between two redraws of the progress bar.
PROGRESS_INTERVAL = 0.1
#: Seconds between two progress lines in a log (``--progress`` when stderr is not a terminal).
PROGRESS_LOG_INTERVAL = 5.0

# The clock of the progress bar (tests replace it).
_now = time.monotonic


class Meter:
    """Progress on stderr, from the :class:`~bleu2.common.steps.Progress` of a run.

    On a terminal: a ``\\r`` bar, drawn once the run has lasted :data:`PROGRESS_DELAY`
    seconds and erased by :meth:`close`. Elsewhere (a log), with ``log``: a line every
    :data:`PROGRESS_LOG_INTERVAL` seconds (the lines or resamples done, their rate, the
    total or the part of the input read when known) and one when each stage ends.
    """

    width = 30

    def __init__(self, stream: TextIO | None = None, log: bool = False, units: dict[str, str] | None = None):
        self.stream = sys.stderr if stream is None else stream
        self.bar = isatty(self.stream)
        self.log = log and not self.bar
        self.units = {"scoring": "lines", "significance": "resamples", **(units or {})}
        self.start = self.stage_start = self.last_log = _now()
        self.stage: str | None = None
        self.last: Progress | None = None
        self.last_draw: float | None = None
        self.drawn_len = 0
        self.columns = _columns(self.stream) if self.bar else 80

    def __call__(self, p: Progress) -> None:
        now = _now()
        if p.stage != self.stage:
            if self.stage is not None:  # the first stage started with the meter (reading)
                self._stage_line(now)
                self.stage_start = self.last_log = now
            self.stage = p.stage
        self.last = p
        if self.bar:
            self._draw(p, now)
        elif self.log and now - self.last_log >= PROGRESS_LOG_INTERVAL:
            self.last_log = now
            rate = _rate(p.done, now - self.stage_start)
            self._write(f"{PROG}: {p.stage}: {self._count(p)}, {rate} {self.units[p.stage]}/s\n")

    def _count(self, p: Progress) -> str:
        unit = self.units[p.stage]
        if p.total is not None:
            return f"{p.done:,}/{p.total:,} {unit} ({p.share() or 0:.0%})"
        if p.fraction is not None:
            return f"{p.done:,} {unit} ({p.fraction:.0%} read)"
        return f"{p.done:,} {unit}"

    def _stage_line(self, now: float) -> None:
        p = self.last
        if not self.log or p is None:
            return
        seconds = now - self.stage_start
        rate = f", {_rate(p.done, seconds)} {self.units[p.stage]}/s" if seconds > 0 else ""
        self._write(f"{PROG}: {p.stage}: {self._count(p)} in {seconds:.1f} s{rate}\n")

    def _draw(self, p: Progress, now: float) -> None:
        if now - self.start < PROGRESS_DELAY:
            return
        share = p.share()
        if self.last_draw is not None and now - self.last_draw < PROGRESS_INTERVAL and share != 1.0:
            return
        self.last_draw = now
        unit = self.units[p.stage]
        count = f"{p.done}/{p.total} {unit}" if p.total is not None else f"{p.done} {unit}"
        if share is None:
            text = f"{PROG} {count}  {p.stage}"
        else:
            filled = round(share * self.width)
            bar = "#" * filled + "-" * (self.width - filled)
            text = f"{PROG} [{bar}] {share * 100:3.0f}% {count}  {p.stage}"
        text = text[: max(self.columns - 1, 20)]  # one line: a wrapped line breaks \r
        pad = " " * max(self.drawn_len - len(text), 0)
        self._write("\r" + text + pad)
        self.drawn_len = len(text)

    def close(self, completed: bool = True) -> None:
        """Erase the bar; in a log, the last stage's line (when the run completed)."""
        if completed:
            self._stage_line(_now())
        if self.drawn_len:
            self._write("\r" + " " * self.drawn_len + "\r")
            self.drawn_len = 0

    def _write(self, s: str) -> None:
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            self.bar = self.log = False


def _rate(done: int, seconds: float) -> str:
    """``done`` per second for a log: whole numbers, two significant digits below 10."""
    rate = done / seconds if seconds > 0 else 0.0
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return 80
