"""Line-aligned text files, read the same way by the command line and the page's corpus mode.

A file is UTF-8 (gzip, UTF-16 and UTF-32 files are refused, named as such); a leading
byte-order mark (U+FEFF) is dropped (kept where sacreBLEU's rules are asked for); lines are split on
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


_CONVERT = "convert it to UTF-8 first (iconv -f {} -t UTF-8 FILE)"

#: Leading bytes of files that are not UTF-8 text -> how the message names them.
_NOT_UTF8 = (
    (b"\x1f\x8b", "a gzip file: decompress it first (gunzip -k FILE)"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian, with a byte-order mark): " + _CONVERT.format("UTF-32")),
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian, with a byte-order mark): " + _CONVERT.format("UTF-32")),
    (b"\xff\xfe", "UTF-16 (little-endian, with a byte-order mark): " + _CONVERT.format("UTF-16")),
    (b"\xfe\xff", "UTF-16 (big-endian, with a byte-order mark): " + _CONVERT.format("UTF-16")),
)


def _not_utf8(data: bytes) -> str | None:
    """What ``data`` is when it is plainly not UTF-8 text (gzip, UTF-16, UTF-32), else None."""
    for magic, what in _NOT_UTF8:
        if data.startswith(magic):
            return what
    head = data[:4096]
    if len(head) >= 4:  # UTF-16 without a byte-order mark: Latin text has every other byte NUL
        even, odd = head[0::2], head[1::2]
        for order, zeros, text in (("little", odd, even), ("big", even, odd)):
            if zeros.count(0) >= 0.9 * len(zeros) and text.count(0) <= 0.1 * len(text):
                return f"UTF-16 ({order}-endian, no byte-order mark): " + _CONVERT.format(f"UTF-16{order[0].upper()}E")
    return None


def split_lines(data: bytes, name: str, keep_bom: bool = False) -> list[str]:
    """The lines of a UTF-8 file's bytes.

    Args:
        data: the file's content.
        name: the file's name, for messages.
        keep_bom: keep a leading U+FEFF as part of the first line, as sacreBLEU's command
            line does (bleu2's own reading drops it).
    Returns:
        list[str], one entry per line (``[]`` for an empty file).
    Raises:
        InputError: a gzip, UTF-16 or UTF-32 file (named as such), binary data (a NUL
            byte; the message names the line), or not valid UTF-8 (the message names the
            file, the 1-based line and the byte).
    """
    what = _not_utf8(data)
    if what is not None:
        raise InputError(f"{name} is {what}")
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
    if text.startswith("\ufeff") and not keep_bom:
        text = text[1:]
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [s[:-1] if s.endswith("\r") else s for s in lines]


def read_lines(path: str, stdin: Callable[[], bytes] | None = None, keep_bom: bool = False) -> list[str]:
    """The lines of a UTF-8 file (``-``: standard input, read from ``stdin``'s bytes).

    Args:
        keep_bom: see :func:`split_lines`.
    Raises:
        InputError: the file cannot be read, or its content is refused by :func:`split_lines`.
    """
    name = label(path)
    if path == STDIN:
        return split_lines(stdin() if stdin else b"", name, keep_bom)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        reason = e.strerror or str(e)
        raise InputError(f"cannot read {path!r}: {reason}") from None
    return split_lines(data, name, keep_bom)


def _lines_word(k: int) -> str:
    return f"{k} line{'' if k == 1 else 's'}"


def check_line_counts(files: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Check that every file has as many lines as the first.

    Args:
        files: ``(name, lines)`` pairs.
    Raises:
        InputError: naming each file whose count differs, e.g. "line counts differ:
            ref.txt has 3 lines, sys.txt has 2 lines"; or every file is empty.
    """
    if not files:
        return
    first_name, first_lines = files[0]
    n = len(first_lines)
    if all(not lines for _, lines in files):
        names = [label(p) for p, _ in files]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        raise InputError(f"{listed} {'is' if len(names) == 1 else 'are'} empty: nothing to score")
    bad = [(p, len(lines)) for p, lines in files[1:] if len(lines) != n]
    if bad:
        others = ", ".join(f"{label(p)} has {_lines_word(k)}" for p, k in bad)
        raise InputError(f"line counts differ: {label(first_name)} has {_lines_word(n)}, {others}")
