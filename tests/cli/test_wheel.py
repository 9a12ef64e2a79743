"""What `pip install .` installs: the engine and the command line, nothing of the page or the tests."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_holds_the_engine_and_the_command_line_only(tmp_path):
    subprocess.run(
        # the test extra pins setuptools, so no build environment is made (no download)
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("bleu2-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    modules = {n for n in names if n.endswith(".py")}
    assert "bleu2/cli.py" in modules and "bleu2/tokenizers/default.py" in modules
    assert not [n for n in modules if n.startswith("bleu2/page/") or n.endswith("conftest.py")], modules
    assert not [n for n in names if n.startswith(("tests/", "tools/", "bench/"))]
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "bleu2 = bleu2.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
