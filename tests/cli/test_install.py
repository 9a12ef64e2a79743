"""``pip install .`` gives a working ``bleu2`` command: the wheel, installed into a fresh
virtual environment with nothing else (the package has no dependency), scores in percent
and gives the exact fractions with ``--json``. It holds the engine and the command line only."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import bleu2
from bleu2.cli.bleu2_command import CLASSIC_NOTE
from shared_data import TED

ROOT = Path(__file__).resolve().parents[2]
REF, SYS = TED / "ted.ref.detok.eng", TED / "ted.sys1.detok.eng"


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the wheel, the ``bleu2`` script of a fresh venv with only that wheel installed)."""
    work = tmp_path_factory.mktemp("install")
    # a copy of what the wheel is built from, so the build writes nothing into the checkout;
    # the test extra pins setuptools, so no isolated build environment is made
    source = work / "source"
    shutil.copytree(ROOT / "bleu2", source / "bleu2", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(work / "dist"),
            str(source),
        ],
        check=True,
        timeout=600,
    )
    (wheel,) = (work / "dist").glob("bleu2-*.whl")
    venv.create(work / "venv")  # no pip of its own: the tests' pip installs into it
    python = work / "venv" / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-index",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        timeout=600,
    )
    return wheel, work / "venv" / "bin" / "bleu2"


def run(script: Path, *args) -> subprocess.CompletedProcess:
    # run from an empty folder, so the checkout's bleu2/ cannot be imported instead
    return subprocess.run(
        [str(script), *map(str, args)], cwd=script.parent, capture_output=True, text=True, check=False, timeout=300
    )


def test_the_installed_command_prints_percent(installed):
    _, script = installed
    proc = run(script, "-r", REF, SYS)
    assert proc.returncode == 0 and proc.stderr == CLASSIC_NOTE
    expected = bleu2.corpus_bleu(lines_of(SYS), lines_of(REF)).score
    assert proc.stdout.startswith(f"BLEU-2 = {expected * 100:.2f}  ")


def test_the_installed_command_gives_fractions_in_json(installed):
    _, script = installed
    proc = run(script, "-r", REF, "--json", SYS)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["score"] == bleu2.corpus_bleu(lines_of(SYS), lines_of(REF)).score
    assert 0 < got["score"] < 1


def test_the_installed_command_runs_sacrebleus_command_line(installed):
    _, script = installed
    proc = run(script, "sacrebleu", REF, "-i", SYS, "-b")
    assert proc.returncode == 0, proc.stderr
    assert 0 < float(proc.stdout) < 100


def test_the_installed_command_is_the_installed_package(installed):
    _, script = installed
    python = script.parent / "python"
    proc = subprocess.run(
        [str(python), "-c", "import bleu2, sys; print(bleu2.__file__); print(bleu2.__version__)"],
        cwd=script.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    where, version = proc.stdout.split()
    assert "site-packages" in where and version == bleu2.__version__
    assert run(script, "--version").stdout.strip() == f"bleu2 {bleu2.__version__}"


def test_the_wheel_depends_on_nothing(installed):
    """Standard library only: no Requires-Dist outside the extras (test, docs)."""
    wheel, _ = installed
    with zipfile.ZipFile(wheel) as z:
        metadata = z.read(next(n for n in z.namelist() if n.endswith("/METADATA"))).decode()
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist")]
    assert requires and all("extra ==" in line for line in requires), requires


def test_the_wheel_holds_the_engine_and_the_command_line_only(installed):
    """No page (bleu2/page ships with the site only), no conftest.py, no tests or tools."""
    wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    modules = {n for n in names if n.endswith(".py")}
    assert "bleu2/cli/__init__.py" in modules and "bleu2/tokenizers/default.py" in modules
    assert {f"bleu2/cli/{p.name}" for p in (ROOT / "bleu2" / "cli").glob("*.py")} <= modules
    # the peers' drop-in modules, subpackages included (each must be listed in pyproject.toml)
    compat = ROOT / "bleu2" / "compat"
    assert {f"bleu2/compat/{p.relative_to(compat).as_posix()}" for p in compat.rglob("*.py")} <= modules
    assert "bleu2/py.typed" in names  # PEP 561: the engine's types are checked
    assert not [n for n in modules if n.startswith("bleu2/page/") or n.endswith("conftest.py")], modules
    assert not [n for n in names if n.startswith(("tests/", "tools/", "bench/", "docs/"))]
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "bleu2 = bleu2.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_wheel_ships_the_docs_extensions(installed):
    """bleu2.sphinx, the MkDocs plugin (its entry point) and their stylesheet and script; the
    build-time breakdown works in a venv without Sphinx or MkDocs."""
    wheel, script = installed
    z = zipfile.ZipFile(wheel)
    names = set(z.namelist())
    assert {
        "bleu2/integrations/sphinx.py",
        "bleu2/integrations/mkdocs.py",
        "bleu2/integrations/docs_block.py",
        "bleu2/integrations/docs_assets/bleu2-docs.css",
        "bleu2/integrations/docs_assets/bleu2-docs.js",
    } <= names
    entry_points = z.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "[mkdocs.plugins]\nbleu2 = bleu2.mkdocs:Bleu2Plugin" in entry_points
    code = (
        "from bleu2.integrations import docs_block as b\n"
        "print(b.breakdown_html(b.make_block(['the cat sat on the mat'], ['the cat is on the mat'])).count('>5/6<'))\n"
        "print((b.ASSETS / b.JS_FILE).is_file())\n"
        "import bleu2.sphinx\n"
    )
    proc = subprocess.run(
        [str(script.parent / "python"), "-c", code],
        cwd=script.parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.stdout.split() == ["1", "True"]
    assert "ModuleNotFoundError: No module named 'docutils'" in proc.stderr  # Sphinx: not a dependency
