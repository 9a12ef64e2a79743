# pytest collects the package's docstring examples (--doctest-modules); running
# bleu2/__main__.py would start the command line. (Here, not in bleu2/, so the wheel
# does not ship a conftest.py.)
#
# At the end of a run: the time its tests took, summed by directory (tests/browser,
# tests/engine, ... and bleu2 for the doctests), set-up and tear-down included; with
# pytest-xdist (-n), the sums are the workers' time, beside the run's wall time; then the
# slowest test files (where to look first when the suite grows).
#
# With pytest-xdist's --dist loadfile (`make test`), each unit test file is one unit of work
# and the browser tests (tests/browser/) are one: one process runs them all in turn, with one
# browser and its shared pages, while the other runs the unit test files (and the Firefox
# files, which share no page) beside it.
from __future__ import annotations

import time
from collections import defaultdict

collect_ignore = ["bleu2/__main__.py"]

_TIMES: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])  # directory -> [seconds, tests]
_FILES: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])  # test file -> [seconds, tests]
SLOWEST_FILES = 12
_START = time.monotonic()


def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadfile``: each unit test file one unit of work, the browser tests one
    (but the Firefox files, whose runs share nothing with the Chromium pages: each its own)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTestsTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            alone = path.startswith("tests/browser/test_firefox_")  # Firefox's own runs: no shared Chromium page
            return "tests/browser" if path.startswith("tests/browser/") and not alone else path

    return BrowserTestsTogether(config, log)


def _directory(nodeid: str) -> str:
    """``tests/browser/test_x.py::test_y`` -> ``tests/browser``; ``bleu2/page/x.py::x`` -> ``bleu2``."""
    parts = nodeid.split("::", 1)[0].split("/")[:-1]
    return "/".join(parts[:2] if parts[:1] == ["tests"] else parts[:1]) or "."


def pytest_runtest_logreport(report) -> None:
    for entry in (_TIMES[_directory(report.nodeid)], _FILES[report.nodeid.split("::", 1)[0]]):
        entry[0] += report.duration
        if report.when == "call" or (report.when == "setup" and not report.passed):
            entry[1] += 1


def pytest_terminal_summary(terminalreporter) -> None:
    if not _TIMES:
        return
    write = terminalreporter.write_line
    terminalreporter.section("time by directory")
    total = sum(seconds for seconds, _ in _TIMES.values())
    for name, (seconds, count) in sorted(_TIMES.items(), key=lambda item: -item[1][0]):
        write(f"{seconds:9.1f} s  {count:5d} tests  {name}")
    write(f"{total:9.1f} s  {sum(n for _, n in _TIMES.values()):5d} tests  (sum)")
    write(f"{time.monotonic() - _START:9.1f} s  wall time since pytest started")
    terminalreporter.section(f"slowest {SLOWEST_FILES} test files")
    for name, (seconds, count) in sorted(_FILES.items(), key=lambda item: -item[1][0])[:SLOWEST_FILES]:
        write(f"{seconds:9.1f} s  {count:5d} tests  {name}")
