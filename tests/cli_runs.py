"""The command line's tests' shared pieces (tests/cli/): the TED files they score, the command
run in this process (:func:`run_cli`) or in a child whose clock runs fast (:data:`CLOCKED`),
and a standard error that says it is a terminal (:class:`TtyStringIO`)."""

from __future__ import annotations

import io
from pathlib import Path

from bleu2 import cli
from shared_data import TED

__all__ = ["CLOCKED", "N_LINES", "REF", "REF2", "SYS1", "SYS2", "TtyStringIO", "lines", "run_cli"]

REF = TED / "ted.ref.detok.eng"
REF2 = TED / "ted.ref.eng"  # a second, differently written reference stream
SYS1 = TED / "ted.sys1.detok.eng"
SYS2 = TED / "ted.sys2.detok.eng"
#: The TED files' lines: more than one chunk.
N_LINES = 2445

#: ``python -c CLOCKED ARGS...`` runs ``bleu2 ARGS...`` with a clock that is 6 s later at
#: every read (progress lines are logged without waiting).
CLOCKED = (
    "import itertools, sys\n"
    "import bleu2.cli as c\n"
    "import bleu2.cli.progress as p\n"
    "t = itertools.count()\n"
    "p._now = lambda: next(t) * 6.0\n"
    "sys.exit(c.main(sys.argv[1:]))\n"
)


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """Run ``bleu2 argv`` in this process; return (exit status, stdout, stderr)."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def lines(path: Path, k: int | None = None) -> list[str]:
    """The first ``k`` lines of a file that ends with a newline (all with None)."""
    return path.read_text(encoding="utf-8").split("\n")[:-1][:k]


class TtyStringIO(io.StringIO):
    """A text stream that says it is a terminal (the progress bar draws on it)."""

    def isatty(self) -> bool:
        return True
