"""A smaller ``python_stdlib.zip`` for the page: only the standard-library modules it can
import, without their docstrings and comments (run by tools/build_site.py).

Pyodide's ``python_stdlib.zip`` (2.5 MB, every pure-Python module of the standard library,
already deflated) is downloaded at every first visit, but the page imports about 150 of its
600 modules. Pyodide takes any zip (``stdLibURL``; here the trimmed one simply replaces the
vendored file), and imports from it lazily, so a module left out only matters if something
imports it.

What is kept: the closure, under the module-level ``import`` statements of their source
(also those inside top-level ``try``/``if`` blocks; not those inside functions, classes or
``if __name__ == "__main__":``, which would drag in doctest, pdb, argparse, email...), of

- :data:`ROOTS_FILE` (``tools/stdlib_roots.txt``): the standard-library modules loaded in the
  page once it runs (Pyodide's and PyScript's own Python, bleu2 and the page's glue),
  listed from ``sys.modules`` in the browser (see that file's header), and
- the standard-library modules that bleu2 and ``static/app.py`` import (found the same
  way, so a new import in bleu2 is kept without editing the list),
- the codecs a page might name (UTF-8/16/32, ASCII, Latin-1 and the escapes),
- :data:`LAZY`: modules that kept ones import inside functions on paths the page may take
  (an error's traceback, a warning, resources read from the zip).

The kept modules' docstrings and comments are taken out (:func:`strip_source`: what
``python -OO`` leaves of them, a third of the zip; line numbers kept for tracebacks).

Imports are found with a regular expression, not by compiling the source: Pyodide's
standard library is a newer Python than the one running the build. Over-keeping is
harmless; the browser tests (every one runs on the trimmed zip, and the browser-made
snapshot, static/snapshot-worker.mjs, imports the page's modules from it) catch a module left out.

Standard library only. ``python3 -m tools.trim_stdlib IN.zip OUT.zip`` prints what it kept.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
import zipfile
from collections.abc import Set
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROOTS_FILE = Path(__file__).resolve().parent / "stdlib_roots.txt"

# Codecs kept whatever imports them (encodings looks them up by name at run time).
CODECS = (
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_16_le",
    "encodings.utf_16_be",
    "encodings.utf_32",
    "encodings.utf_32_le",
    "encodings.utf_32_be",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.charmap",
    "encodings.cp437",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "encodings.idna",
    "encodings.punycode",
)

# Imported inside functions of kept modules, on paths the page may take: traceback's
# suggestions (difflib), warnings (tracemalloc), random's string seeds (hashlib),
# threading.local, resources of zip-imported packages, pathlib's file: URIs.
LAZY = ("difflib", "tracemalloc", "hashlib", "_threading_local", "importlib.readers", "urllib.parse")

_IMPORT_RE = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^#\n]*)|import[ \t]+([^#\n]+))",
    re.M,
)


def zip_modules(names: list[str]) -> dict[str, str]:
    """module name -> its file in the zip (``pkg/__init__.py`` for a package)."""
    out = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        parts = name[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts and all(p.isidentifier() for p in parts):
            out[".".join(parts)] = name
    return out


_NOT_MODULE_LEVEL = re.compile(r"(?:async[ \t]+def|def|class)\b|@|if[ \t]+__name__[ \t]*==")


def module_level(source: str) -> str:
    """The lines of ``source`` that run when it is imported: top-level statements and the
    bodies of top-level ``try``/``if``/``with``/``for`` blocks, without the bodies of
    functions, classes and ``if __name__ == "__main__":`` (by indentation)."""
    out, inside = [], False
    for line in source.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[0] not in " \t":
            inside = bool(_NOT_MODULE_LEVEL.match(stripped))
        if not inside:
            out.append(line)
    return "\n".join(out)


def imported_names(source: str, module: str, is_package: bool) -> set[str]:
    """Every module name an import statement of ``source`` may load (absolute names;
    ``from a import b`` gives ``a`` and ``a.b``, which is kept only if it is a module)."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for m in _IMPORT_RE.finditer(source):
        frm, what, plain = m.groups()
        if plain is not None:
            for item in plain.split(","):
                name = item.strip().split(" as ")[0].strip().rstrip("\\").strip()
                if re.fullmatch(r"[\w.]+", name):
                    found.add(name)
            continue
        dots = len(frm) - len(frm.lstrip("."))
        base = frm[dots:]
        if dots:
            anchor = package.split(".") if package else []
            anchor = anchor[: len(anchor) - (dots - 1)] if dots > 1 else anchor
            base = ".".join([*anchor, base] if base else anchor)
        if not base:
            continue
        found.add(base)
        for item in what.strip("()").replace("\n", " ").split(","):
            name = item.strip().split(" as ")[0].strip().rstrip("\\").strip()
            if re.fullmatch(r"\w+", name):
                found.add(f"{base}.{name}")
    # a dotted name also imports its parents
    return {".".join(n.split(".")[: i + 1]) for n in found for i in range(n.count(".") + 1)}


def read_roots(path: Path = ROOTS_FILE) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [word for line in lines for word in line.split("#", 1)[0].split()]


def page_imports() -> set[str]:
    """The modules bleu2 (but its command line, bleu2/cli/) and the Python files of static/ import."""
    files = [
        p
        for p in (ROOT / "bleu2").rglob("*.py")
        if p.name not in ("__main__.py", "conftest.py") and p.relative_to(ROOT / "bleu2").parts[0] != "cli"
    ]
    files += sorted((ROOT / "static").glob("*.py"))  # app.py, and any other Python the site runs
    found: set[str] = set()
    for path in files:
        found |= imported_names(path.read_text(encoding="utf-8"), "bleu2.x", False)
    return found


def closure(zf: zipfile.ZipFile, roots: set[str]) -> set[str]:
    """The modules of ``zf`` reached from ``roots`` through import statements."""
    modules = zip_modules(zf.namelist())
    keep: set[str] = set()
    todo = [r for r in roots if r in modules]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        path = modules[name]
        source = module_level(zf.read(path).decode("utf-8", "replace"))
        found = imported_names(source, name, path.endswith("/__init__.py"))
        todo.extend(m for m in found if m in modules and m not in keep)
        parent = name.rpartition(".")[0]
        if parent and parent not in keep:
            todo.append(parent)
    return keep


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.AST) -> list[ast.Expr]:
    """The docstring statements of ``tree`` (module, classes, functions)."""
    out = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None) if isinstance(node, _DOCUMENTED) else None
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            out.append(first)
    return out


def _shape(source: str) -> str | None:
    """``source``'s syntax tree with docstrings as ``pass`` (None: not parsable here)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in _docstrings(tree):
        node.value = ast.Constant(value=None)
    return ast.dump(tree).replace("Pass()", "Expr(value=Constant(value=None))")


def strip_source(source: str) -> str:
    """``source`` without docstrings (each becomes ``pass``: ``__doc__`` is None, as under
    ``python -OO``) and comments, every line where it was. Kept as it is unless the build's
    Python parses both to the same tree (a newer syntax than the build's: unchanged)."""
    shape = _shape(source)
    if shape is None:
        return source
    lines = source.splitlines(keepends=True)
    for node in sorted(_docstrings(ast.parse(source)), key=lambda n: -n.lineno):
        start, end = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        if lines[end][node.end_col_offset or 0 :].strip() not in ("", ";"):
            continue  # more code after it on its line
        lines[start : end + 1] = [lines[start][: node.col_offset] + "pass\n"] + ["\n"] * (end - start)
    text = "".join(lines)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        tokens = []
    lines = text.splitlines(keepends=True)
    for token in reversed(tokens):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col].rstrip() + ("\n" if line.endswith("\n") else "")
    for candidate in ("".join(lines), text):
        if _shape(candidate) == shape:
            return candidate
    return source


def trim(source: Path, dest: Path, extra_roots: Set[str] = frozenset()) -> dict[str, Any]:
    """Write the trimmed zip; return {"kept": [modules], "size": bytes, "source_size": bytes}."""
    with zipfile.ZipFile(source) as zf:
        roots = set(read_roots()) | page_imports() | set(CODECS) | set(LAZY) | set(extra_roots)
        keep = closure(zf, roots)
        modules = zip_modules(zf.namelist())
        files = {modules[m] for m in keep}
        packages = {modules[m].rsplit("/", 1)[0] + "/" for m in keep if modules[m].endswith("/__init__.py")}
        tmp = dest.with_suffix(".tmp")
        with zipfile.ZipFile(tmp, "w") as out:
            for info in zf.infolist():
                name = info.filename
                top_level_file = "/" not in name and not name.endswith("/")
                in_package = any(name.startswith(p) and "/" not in name[len(p) :].rstrip("/") for p in packages)
                keep_it = (
                    name in files
                    or (name.endswith("/") and name in packages)
                    or (not name.endswith(".py") and in_package)  # data files of kept packages
                    or (top_level_file and name.startswith("_sysconfigdata"))
                )
                if keep_it:
                    data = zf.read(name)
                    if name.endswith(".py"):
                        data = strip_source(data.decode("utf-8")).encode("utf-8")
                    out.writestr(
                        info,
                        data,
                        compress_type=info.compress_type,
                        compresslevel=9 if info.compress_type == zipfile.ZIP_DEFLATED else None,
                    )
        tmp.replace(dest)
    return {"kept": sorted(keep), "size": dest.stat().st_size, "source_size": source.stat().st_size}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: trim_stdlib.py IN.zip OUT.zip")
    result = trim(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{len(result['kept'])} modules kept, {result['source_size']} -> {result['size']} bytes")
    print(" ".join(result["kept"]))
