"""The standard library's sources without docstrings and comments (tools/trim_stdlib.py's
strip_source) and the zips' compressed copies with stored members (tools/precompress.py)."""

from __future__ import annotations

import io
import zipfile

from tools import precompress, trim_stdlib

SOURCE = '''"""The module's docstring."""
# a comment
import math  # why


class Shape:
    """A shape."""

    def area(self, r):
        """The area of a disc of radius r.

        More words.
        """
        return math.pi * r * r  # pi r squared


def empty():
    """Only a docstring."""


def text():
    return "# not a comment"
'''


def test_strip_source_drops_docstrings_and_comments_and_keeps_every_line():
    stripped = trim_stdlib.strip_source(SOURCE)
    assert stripped.splitlines() == [
        "pass",
        "",
        "import math",
        "",
        "",
        "class Shape:",
        "    pass",
        "",
        "    def area(self, r):",
        "        pass",
        "",
        "",
        "",
        "        return math.pi * r * r",
        "",
        "",
        "def empty():",
        "    pass",
        "",
        "",
        "def text():",
        '    return "# not a comment"',
    ]
    names: dict[str, object] = {}
    exec(compile(stripped, "stripped.py", "exec"), names)
    assert names["Shape"]().area(1.0) == 3.141592653589793
    assert names["empty"]() is None and names["empty"].__doc__ is None  # as under python -OO
    assert names["text"]() == "# not a comment"


def test_strip_source_keeps_what_the_builds_python_cannot_parse():
    newer = 'type Point = tuple[float, float]  # PEP 695\n"""not a docstring here"""\n'
    assert trim_stdlib.strip_source(newer) == newer


def test_a_zips_compressed_copy_holds_its_members_stored():
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("pkg/__init__.py", "x = 1\n" * 100)
        z.writestr("pkg/data.json", '{"a": 1}')
    stored = precompress.stored_zip(data.getvalue())
    with zipfile.ZipFile(io.BytesIO(stored)) as z:
        assert z.namelist() == ["pkg/__init__.py", "pkg/data.json"]
        assert [i.compress_type for i in z.infolist()] == [zipfile.ZIP_STORED] * 2
        assert z.read("pkg/__init__.py") == b"x = 1\n" * 100 and z.read("pkg/data.json") == b'{"a": 1}'
