"""The architecture pages against the code: docs/architecture.md and docs/architecture-page.md
name every module of bleu2/ (and no module that is gone), and the layering they describe
holds: no import cycle, every import points down, the rooms stay apart, modules stay small."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bleu2"
MAPS = [ROOT / "docs" / "architecture.md", ROOT / "docs" / "architecture-page.md"]
GENERATED = {"bleu2/tokenizers/_unicode_tables.py"}  # written by tools/gen_unicode_tables.py
MAX_LINES = 600
MAX_SHARED_PAGE_MODULES = 10


def module_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in module_files()}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions too), except under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def imported_modules(name: str, path: Path) -> set[str]:
    """The modules of bleu2 that module ``name`` imports (``from p import m`` counts m when it
    is a module, p otherwise)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in MODULES)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if not (target == "bleu2" or target.startswith("bleu2.")):
            continue
        subs = {f"{target}.{alias.name}" for alias in node.names} & MODULES.keys()
        out.update(subs)
        if len(subs) < len(node.names) and target in MODULES:
            out.add(target)
    out.discard(name)
    return out


GRAPH = {name: imported_modules(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_the_import_graph_of_bleu2_has_no_cycle():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _room(name: str) -> str:
    """engine, cli, compat, page (its shared modules), page.sentence, page.corpus or
    page.protocol (the message protocol, above both rooms)."""
    parts = name.split(".")
    if name == "bleu2.page.protocol":
        return "page.protocol"
    if parts[1:2] == ["page"]:
        return (
            ".".join(parts[1:3])
            if len(parts) > 3 or (len(parts) == 3 and parts[2] in ("sentence", "corpus"))
            else "page"
        )
    if parts[1:2] in (["cli"], ["__main__"]):
        return "cli"
    if parts[1:2] == ["compat"]:
        return "compat"
    return "engine"


#: Which rooms a room may import (itself included): every import points down.
ALLOWED = {
    "engine": {"engine"},
    "cli": {"cli", "engine"},
    "compat": {"compat", "engine"},  # the peers' APIs, above the engine
    "page": {"page", "engine"},
    "page.sentence": {"page.sentence", "page", "engine"},
    "page.corpus": {"page.corpus", "page", "engine"},
    "page.protocol": {"page.protocol", "page.sentence", "page.corpus", "page", "engine"},  # both rooms' host
}


def test_every_import_points_down():
    wrong = sorted(
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        for target in targets
        if _room(target) not in ALLOWED[_room(name)]
    )
    assert wrong == []


def test_the_page_has_two_rooms_and_few_shared_modules():
    page = PACKAGE / "page"
    assert (page / "sentence" / "__init__.py").is_file()
    assert (page / "corpus" / "__init__.py").is_file()
    shared = sorted(p.name for p in page.glob("*.py"))
    assert len(shared) <= MAX_SHARED_PAGE_MODULES, shared
    assert [p.name for p in page.rglob("corpus_*.py")] == []


@pytest.mark.parametrize(
    "path",
    [p for p in module_files() if p.relative_to(ROOT).as_posix() not in GENERATED],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_no_module_is_over_600_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)}: {lines} lines"


def _named_paths() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in MAPS)
    return set(re.findall(r"`(bleu2/[\w/]+\.py)`", text))


def test_the_architecture_pages_name_every_module():
    named = _named_paths()
    missing = sorted(
        p.relative_to(ROOT).as_posix() for p in module_files() if p.relative_to(ROOT).as_posix() not in named
    )
    assert missing == [], "add a line for each to docs/architecture.md or docs/architecture-page.md"


def test_the_architecture_pages_name_no_module_that_is_gone():
    assert sorted(p for p in _named_paths() if not (ROOT / p).is_file()) == []


def test_each_module_has_one_line_in_the_maps():
    lines = "\n".join(p.read_text(encoding="utf-8") for p in MAPS).splitlines()
    for path in sorted(_named_paths()):
        rows = [line for line in lines if re.match(rf"\s*(?:[-|*]\s*)?`{re.escape(path)}`", line)]
        assert len(rows) == 1, (path, rows)


def _layout_block() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text.split("## Layout", 1)[1].split("```", 2)[1]


def test_the_layout_names_every_package_of_bleu2_and_no_package_that_is_gone():
    packages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    named = set(re.findall(r"^  (\w+)/", _layout_block(), re.MULTILINE))
    assert named == packages
    metrics = {p.parent.name for p in (PACKAGE / "metrics").glob("*/__init__.py")}
    assert (
        set(re.search(r"^    ((?:\w+/ )*\w+/)", _layout_block(), re.MULTILINE)[1].replace("/", "").split()) == metrics
    )


def test_bleu2_shows_only_packages_and_its_face():
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert modules == ["__init__.py", "__main__.py", "_version.py"]


#: Metric packages with a library and compat modules but no registry entry yet.
LIBRARY_ONLY: set[str] = set()

#: The files every registered metric's package has, each for the same part of the metric.
METRIC_FILES = {"options.py", "stats.py", "scoring.py", "result.py", "breakdown.py", "api.py"}

#: Files a registered metric lacks, with where that part lives instead: BLEU's sentence
#: breakdown (the matched and clipped n-grams the page marks) is the page's own
#: (bleu2/page/sentence/explain.py, breakdown.py) on the engine's stats and result.
ELSEWHERE = {"bleu": {"breakdown.py"}}


def test_every_metric_package_is_in_the_registry_with_the_same_files():
    from bleu2.metrics import registry

    packages = sorted(p.parent.name for p in (PACKAGE / "metrics").glob("*/__init__.py"))
    modules = {m.module.split(".")[2] for m in registry.metrics()}
    # a metric package that does not register fails here, but for the library-only ones the
    # layout names as such (their command line and page views are still to come)
    assert sorted(modules | LIBRARY_ONLY) == packages
    assert not modules & LIBRARY_ONLY
    for name in packages:
        files = {p.name for p in (PACKAGE / "metrics" / name).glob("*.py")}
        assert {"__init__.py", "api.py", "result.py"} <= files, name
    for name in sorted(modules):
        files = {p.name for p in (PACKAGE / "metrics" / name).glob("*.py")}
        assert METRIC_FILES - files == ELSEWHERE.get(name, set()), name
    assert (PACKAGE / "page" / "sentence" / "explain.py").is_file()
