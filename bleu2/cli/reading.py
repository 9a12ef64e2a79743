"""What both commands share: the program's name, standard input, a file's lines, a reader
that went away, argparse's exit status, the run of a command's main and its exit status."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import BinaryIO, TextIO, cast

from ..corpus.lines import InputError
from ..corpus.lines import read_lines as _read_lines

__all__ = ["PROG", "exit_status", "isatty", "read_lines", "reader_gone", "run_main", "stdin_stream"]

PROG = "bleu2"


def stdin_stream() -> BinaryIO | None:
    """Standard input as a binary stream (its text stream where it has no buffer; None
    for none)."""
    stream = sys.stdin
    if stream is None:
        return None
    return cast(BinaryIO, getattr(stream, "buffer", stream))  # a text stream: LineReader encodes what it reads


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        return b""
    buf: BinaryIO | None = getattr(stream, "buffer", None)
    try:
        if buf is not None:
            return buf.read()
        data = stream.read()
    except (OSError, ValueError):  # closed or detached stdin: nothing to read
        return b""
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


def read_lines(path: str, keep_bom: bool = False) -> list[str]:
    """The lines of a UTF-8 file (``-``: standard input), as :func:`bleu2.corpus.lines.split_lines`
    reads them (BOM dropped unless ``keep_bom``, split on ``\\n``, one trailing ``\\r``
    removed per line).

    Raises:
        InputError: unreadable, not UTF-8 (the message names the file and line; gzip and
            UTF-16 files are named as such) or binary.
    """
    return _read_lines(path, _read_stdin, keep_bom)


def isatty(stream: TextIO | None) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def exit_status(e: SystemExit) -> int:
    """The exit status of argparse's SystemExit (--help, --version: 0; a usage error: 2)."""
    return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)


def reader_gone() -> None:
    """After a BrokenPipeError (the reader went away, e.g. ``| head``): point stdout at
    devnull so that Python's final flush does not fail again; the command stops quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def run_main(prog: str, work: Callable[[], str]) -> int:
    """Run a command's ``work`` and write the text it returns on standard output; return
    the exit status.

    0 on success; argparse's status on its SystemExit (--help, --version: 0; a usage
    error: 2, :func:`exit_status`); 1 on an InputError, said on standard error as
    ``<prog>: error: <message>``; 130 on Ctrl-C (a newline on standard error); 0 when the
    reader of standard output went away (BrokenPipeError: :func:`reader_gone`, quietly).
    """
    try:
        output = work()
        sys.stdout.write(output)
        sys.stdout.flush()
    except SystemExit as e:  # argparse: --help, --version, usage errors
        return exit_status(e)
    except InputError as e:
        sys.stderr.write(f"{prog}: error: {e}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        reader_gone()
    return 0
