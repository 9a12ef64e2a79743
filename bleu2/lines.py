"""Line-aligned text files, read the same way by the command line and the page's corpus mode.

A file is UTF-8; a leading byte-order mark (U+FEFF) is dropped; lines are split on
``\\n`` only and one trailing ``\\r`` is removed from each (so CRLF files read as LF
files, while a lone ``\\r`` or another Unicode line break stays inside its line); a
final newline does not make an extra empty line. Line i of every file belongs to
sentence i.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["InputError", "split_lines", "read_lines", "check_line_counts", "STDIN", "label"]

STDIN = "-"
STDIN_LABEL = "<stdin>"


class InputError(Exception):
    """Bad input (unreadable file, bad encoding, binary data, line counts): a message
    for the person who gave it, naming the file and, where there is one, the line."""


def label(path: str) -> str:
    """How a file is named in messages (``-`` is standard input)."""
    return STDIN_LABEL if path == STDIN else path


def split_lines(data: bytes, name: str) -> list[str]:
    """The lines of a UTF-8 file's bytes.

    Args:
        data: the file's content.
        name: the file's name, for messages.
    Returns:
        list[str], one entry per line (``[]`` for an empty file).
    Raises:
        InputError: binary data (a NUL byte; the message names the line), or not valid
            UTF-8 (the message names the file, the 1-based line and the byte).
    """
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(f"{name}: line {line} holds a NUL byte: this looks like a binary file, not text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise InputError(
            f"{name}: line {line} is not valid UTF-8 (byte 0x{data[e.start]:02x} at byte {col} of the line)"
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [s[:-1] if s.endswith("\r") else s for s in lines]


def read_lines(path: str, stdin: Callable[[], bytes] | None = None) -> list[str]:
    """The lines of a UTF-8 file (``-``: standard input, read from ``stdin``'s bytes).

    Raises:
        InputError: the file cannot be read, or its content is refused by :func:`split_lines`.
    """
    name = label(path)
    if path == STDIN:
        return split_lines(stdin() if stdin else b"", name)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        reason = e.strerror or str(e)
        raise InputError(f"cannot read {path!r}: {reason}") from None
    return split_lines(data, name)


def _lines_word(k: int) -> str:
    return f"{k} line{'' if k == 1 else 's'}"


def check_line_counts(files: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Check that every file has as many lines as the first.

    Args:
        files: ``(name, lines)`` pairs.
    Raises:
        InputError: naming each file whose count differs, e.g. "line counts differ:
            ref.txt has 3 lines, sys.txt has 2 lines".
    """
    if not files:
        return
    first_name, first_lines = files[0]
    n = len(first_lines)
    bad = [(p, len(lines)) for p, lines in files[1:] if len(lines) != n]
    if bad:
        others = ", ".join(f"{label(p)} has {_lines_word(k)}" for p, k in bad)
        raise InputError(f"line counts differ: {label(first_name)} has {_lines_word(n)}, {others}")
