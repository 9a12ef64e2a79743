"""Line-aligned text files, read the same way by the command line and the page's corpus mode.

A file is UTF-8 (gzip, UTF-16 and UTF-32 files are refused, named as such); a leading
byte-order mark (U+FEFF) is dropped (kept where sacreBLEU's rules are asked for); lines are split on
``\\n`` only and one trailing ``\\r`` is removed from each (so CRLF files read as LF
files, while a lone ``\\r`` or another Unicode line break stays inside its line); a
final newline does not make an extra empty line. Line i of every file belongs to
sentence i.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import Any, BinaryIO

__all__ = [
    "STDIN",
    "InputError",
    "LineReader",
    "aligned_chunks",
    "check_counts",
    "check_line_counts",
    "label",
    "read_lines",
    "split_lines",
]

STDIN = "-"
STDIN_LABEL = "<stdin>"


class InputError(Exception):
    """Bad input (unreadable file, bad encoding, binary data, line counts): a message
    for the person who gave it, naming the file and, where there is one, the line.

    Attributes:
        key: what went wrong, stable for other front ends to word it themselves ("" when
            none is given): ``"unreadable"``, ``"not_text"``, ``"nul"``, ``"not_utf8"``,
            ``"all_empty"``, ``"counts_differ"``.
        params: the message's parts by name (texts, numbers, lists), as each key's
            ``raise`` below gives them.
    """

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key, self.params = key, params


def label(path: str) -> str:
    """How a file is named in messages (``-`` is standard input)."""
    return STDIN_LABEL if path == STDIN else path


_CONVERT = "convert it to UTF-8 first (iconv -f {} -t UTF-8 FILE)"

#: Leading bytes of files that are not UTF-8 text -> how the message names them, and the
#: format's name (:class:`InputError` ``"not_text"``'s ``format``).
_NOT_UTF8 = (
    (b"\x1f\x8b", "a gzip file: decompress it first (gunzip -k FILE)", "gzip"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian, with a byte-order mark): " + _CONVERT.format("UTF-32"), "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian, with a byte-order mark): " + _CONVERT.format("UTF-32"), "UTF-32"),
    (b"\xff\xfe", "UTF-16 (little-endian, with a byte-order mark): " + _CONVERT.format("UTF-16"), "UTF-16"),
    (b"\xfe\xff", "UTF-16 (big-endian, with a byte-order mark): " + _CONVERT.format("UTF-16"), "UTF-16"),
)


def _not_utf8(data: bytes) -> tuple[str, str] | None:
    """What ``data`` is when it is plainly not UTF-8 text (gzip, UTF-16, UTF-32): the
    message's words and the format's name; else None."""
    for magic, what, fmt in _NOT_UTF8:
        if data.startswith(magic):
            return what, fmt
    head = data[:4096]
    if len(head) >= 4:  # UTF-16 without a byte-order mark: Latin text has every other byte NUL
        even, odd = head[0::2], head[1::2]
        for order, zeros, text in (("little", odd, even), ("big", even, odd)):
            if zeros.count(0) >= 0.9 * len(zeros) and text.count(0) <= 0.1 * len(text):
                fmt = f"UTF-16{order[0].upper()}E"
                return f"UTF-16 ({order}-endian, no byte-order mark): " + _CONVERT.format(fmt), fmt
    return None


def split_lines(data: bytes, name: str, keep_bom: bool = False, first_line: int = 1) -> list[str]:
    """The lines of a UTF-8 file's bytes.

    Args:
        data: the file's content (or a part of it that starts a line; then
            ``first_line`` is the number of that line and a leading U+FEFF is kept).
        name: the file's name, for messages.
        keep_bom: keep a leading U+FEFF as part of the first line, as sacreBLEU's command
            line does (bleu2's own reading drops it).
        first_line: the 1-based number of the first line of ``data``, for messages; above
            1, ``data`` is not the file's start: neither its first bytes are checked nor a
            U+FEFF dropped.
    Returns:
        list[str], one entry per line (``[]`` for an empty file).
    Raises:
        InputError: a gzip, UTF-16 or UTF-32 file (named as such), binary data (a NUL
            byte; the message names the line), or not valid UTF-8 (the message names the
            file, the 1-based line and the byte).
    """
    what = _not_utf8(data) if first_line == 1 else None
    if what is not None:
        raise InputError(f"{name} is {what[0]}", "not_text", name=name, format=what[1])
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + first_line
        raise InputError(
            f"{name}: line {line} holds a NUL byte: this looks like a binary file, not text",
            "nul",
            name=name,
            line=line,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + first_line
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        byte = f"0x{data[e.start]:02x}"
        raise InputError(
            f"{name}: line {line} is not valid UTF-8 (byte {byte} at byte {col} of the line)",
            "not_utf8",
            name=name,
            line=line,
            byte=byte,
            column=col,
        ) from None
    if first_line == 1 and text.startswith("\ufeff") and not keep_bom:
        text = text[1:]
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [s.removesuffix("\r") for s in lines]


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
        raise InputError(f"cannot read {path!r}: {reason}", "unreadable", name=path, reason=reason) from None
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
    check_counts([(name, len(lines)) for name, lines in files])


def check_counts(files: Sequence[tuple[str, int]]) -> None:
    """:func:`check_line_counts` from ``(name, number of lines)`` pairs."""
    if not files:
        return
    first_name, n = files[0]
    if all(k == 0 for _, k in files):
        names = [label(p) for p, _ in files]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        raise InputError(
            f"{listed} {'is' if len(names) == 1 else 'are'} empty: nothing to score", "all_empty", names=names
        )
    bad = [(p, k) for p, k in files[1:] if k != n]
    if bad:
        others = ", ".join(f"{label(p)} has {_lines_word(k)}" for p, k in bad)
        raise InputError(
            f"line counts differ: {label(first_name)} has {_lines_word(n)}, {others}",
            "counts_differ",
            first=label(first_name),
            lines=n,
            others=[(label(p), k) for p, k in bad],
        )


# --------------------------------------------------------------------------- streaming

#: Bytes read from a file at a time.
BLOCK_BYTES = 1 << 20
#: Bytes of a file's start read before its first lines are split (what :func:`split_lines`
#: checks for gzip, UTF-16 and UTF-32).
HEAD_BYTES = 4096


class LineReader:
    """The lines of one file, read a block at a time (memory: a block, not the file),
    with :func:`split_lines`' rules and messages.

    Args:
        path: the file's path; ``-``: standard input, read from ``stdin`` (a binary
            stream, or None for none).
        keep_bom: see :func:`split_lines`.
    Raises:
        InputError: the file cannot be opened. Reading raises :func:`split_lines`' errors:
            a gzip, UTF-16 or UTF-32 file is named as such from its first
            :data:`HEAD_BYTES` bytes, before any of its lines is handed out.

    Attributes:
        name: the file's name in messages; lines: lines handed out so far;
        size: the file's size in bytes when it is a regular file, else None.
    """

    def __init__(self, path: str, stdin: BinaryIO | None = None, block: int = BLOCK_BYTES, keep_bom: bool = False):
        self.path = path
        self.name = label(path)
        self.block = block
        self.keep_bom = keep_bom
        self.lines = 0
        self._buffer: list[str] = []
        self._pos = 0
        self._rest = b""  # bytes after the last newline read
        self._next_line = 1  # number of the first line of _rest
        self._eof = False
        self._own = path != STDIN
        if path == STDIN:
            self._stream: BinaryIO | None = stdin
        else:
            try:
                self._stream = open(path, "rb")  # noqa: SIM115 (open while the reader reads; close() closes it)
            except OSError as e:
                reason = e.strerror or str(e)
                raise InputError(f"cannot read {path!r}: {reason}", "unreadable", name=path, reason=reason) from None
        self.size = _regular_size(self._stream)
        self._read = 0
        if self._stream is None:
            self._eof = True

    def fraction(self) -> float | None:
        """The part of the file read so far, in [0, 1] (None when its size is unknown)."""
        if self.size is None:
            return None
        return min(self._read / self.size, 1.0) if self.size else 1.0

    def _fill(self) -> None:
        """Read blocks until some whole lines are buffered or the file ends."""
        while not self._eof:
            data = _read_block(self._stream, self.block)
            self._read += len(data)
            if not data:
                self._eof = True
                data, self._rest = self._rest, b""
                if data:
                    self._take_lines(data)
                return
            if self._rest:
                data = self._rest + data
            if self._next_line == 1 and len(data) < HEAD_BYTES:
                self._rest = data  # the file's first bytes say what it is: read enough of them
                continue
            cut = data.rfind(b"\n") + 1
            if cut:
                self._rest = data[cut:]
                self._take_lines(data[:cut])
                return
            self._rest = data

    def _take_lines(self, data: bytes) -> None:
        lines = split_lines(data, self.name, self.keep_bom, self._next_line)
        self._next_line += len(lines)
        if self._pos:
            del self._buffer[: self._pos]
            self._pos = 0
        self._buffer += lines

    def take(self, k: int) -> list[str]:
        """The next ``k`` lines (fewer only where the file ends)."""
        while len(self._buffer) - self._pos < k and not self._eof:
            self._fill()
        out = self._buffer[self._pos : self._pos + k]
        self._pos += len(out)
        self.lines += len(out)
        return out

    def count(self) -> int:
        """The file's number of lines: those handed out and buffered, then the rest
        counted (not decoded) to the end."""
        if self._next_line == 1:
            self._fill()  # the first block, with its byte-order mark
        total = self.lines + len(self._buffer) - self._pos
        last = b""
        data = self._rest
        while True:
            if data:
                total += data.count(b"\n")
                last = data[-1:]
            if self._eof:
                break
            data = _read_block(self._stream, self.block)
            self._eof = not data
        if last not in (b"", b"\n"):
            total += 1
        self._buffer, self._pos, self._rest = [], 0, b""
        self.lines = total
        return total

    def close(self) -> None:
        if self._own and self._stream is not None:
            self._stream.close()


def _read_block(stream: BinaryIO | None, size: int) -> bytes:
    if stream is None:
        return b""
    read1 = getattr(stream, "read1", None)  # a pipe or a terminal: what is there, not a whole block
    try:
        data = read1(size) if read1 is not None else stream.read(size)
    except (OSError, ValueError):  # closed or detached standard input: nothing to read
        return b""
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data


def _regular_size(stream: BinaryIO | None) -> int | None:
    try:
        st = os.fstat(stream.fileno())  # type: ignore[union-attr]
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def aligned_chunks(
    readers: Sequence[LineReader], size: int, n_references: int
) -> Iterator[tuple[list[Any], list[list[str]]]]:
    """Read ``readers`` in step, ``size`` lines at a time: the references' files first
    (``n_references`` of them), then the systems'.

    Yields:
        chunks for :func:`bleu2.corpus.pipeline.corpus_steps`: ``(references, systems)``,
        ``references[i]`` a string (one reference file) or a tuple of strings.
    Raises:
        InputError: once a file ends before another, naming each file whose number of
            lines differs from the first file's (:func:`check_counts`; the longer files
            are counted to their end); every file empty.
    """
    first = True
    while True:
        parts = [r.take(size) for r in readers]
        k = len(parts[0])
        if any(len(p) != k for p in parts) or (first and not k):
            check_counts([(r.path, r.count()) for r in readers])
        first = False
        if not k:
            return
        refs = parts[:n_references]
        yield (refs[0] if n_references == 1 else list(zip(*refs))), parts[n_references:]
        if k < size:
            return
