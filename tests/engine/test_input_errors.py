"""bleu2.corpus.lines.InputError: the English message the command line prints, and a stable key
with the message's parts, for front ends that word it themselves (the page's catalogs).

Oracles: the messages as the command line documents them (docs/cli.md: input files).
"""

from __future__ import annotations

import pytest

from bleu2.corpus.lines import InputError, LineReader, check_line_counts, read_lines, split_lines


@pytest.mark.parametrize(
    ("data", "message", "key", "params"),
    [
        (
            b"fine\n\xff oops\n",
            "f.txt: line 2 is not valid UTF-8 (byte 0xff at byte 1 of the line)",
            "not_utf8",
            {"name": "f.txt", "line": 2, "byte": "0xff", "column": 1},
        ),
        (
            b"a\nb\x00\n",
            "f.txt: line 2 holds a NUL byte: this looks like a binary file, not text",
            "nul",
            {"name": "f.txt", "line": 2},
        ),
        (
            b"\x1f\x8b\x08\x00",
            "f.txt is a gzip file: decompress it first (gunzip -k FILE)",
            "not_text",
            {"name": "f.txt", "format": "gzip"},
        ),
        (
            "one\n".encode("utf-16-le"),
            (
                "f.txt is UTF-16 (little-endian, no byte-order mark): convert it to UTF-8 first"
                " (iconv -f UTF-16LE -t UTF-8 FILE)"
            ),
            "not_text",
            {"name": "f.txt", "format": "UTF-16LE"},
        ),
        (
            b"\xff\xfe\x00\x00a\x00\x00\x00",
            (
                "f.txt is UTF-32 (little-endian, with a byte-order mark): convert it to UTF-8 first"
                " (iconv -f UTF-32 -t UTF-8 FILE)"
            ),
            "not_text",
            {"name": "f.txt", "format": "UTF-32"},
        ),
    ],
)
def test_a_refused_file_has_the_clis_message_a_key_and_its_parts(data, message, key, params):
    with pytest.raises(InputError) as caught:
        split_lines(data, "f.txt")
    assert str(caught.value) == message
    assert (caught.value.key, caught.value.params) == (key, params)


def test_line_counts_and_empty_files_have_keys_and_parts():
    with pytest.raises(InputError) as caught:
        check_line_counts([("ref.txt", ["a", "b", "c"]), ("sys.txt", ["a", "b"]), ("s2.txt", ["a"])])
    assert str(caught.value) == "line counts differ: ref.txt has 3 lines, sys.txt has 2 lines, s2.txt has 1 line"
    assert caught.value.key == "counts_differ"
    assert caught.value.params == {"first": "ref.txt", "lines": 3, "others": [("sys.txt", 2), ("s2.txt", 1)]}
    with pytest.raises(InputError) as caught:
        check_line_counts([("a.txt", []), ("b.txt", [])])
    assert str(caught.value) == "a.txt and b.txt are empty: nothing to score"
    assert (caught.value.key, caught.value.params) == ("all_empty", {"names": ["a.txt", "b.txt"]})


def test_a_file_that_cannot_be_opened_names_it(tmp_path):
    missing = str(tmp_path / "missing.txt")
    for read in (read_lines, LineReader):
        with pytest.raises(InputError) as caught:
            read(missing)
        assert str(caught.value) == f"cannot read {missing!r}: No such file or directory"
        assert caught.value.key == "unreadable"
        assert caught.value.params == {"name": missing, "reason": "No such file or directory"}


def test_a_message_without_a_key_is_still_an_input_error():
    error = InputError("something else")
    assert (str(error), error.key, error.params) == ("something else", "", {})
