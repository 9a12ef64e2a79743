"""The two halves of a box read as a change agree: static/textdiff.mjs (run in Node) makes
the change, bleu2.page.sentence.boxes.apply_read applies it in Python (code points both)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from bleu2.page.sentence.boxes import apply_read

MODULE = Path(__file__).resolve().parents[2] / "static" / "textdiff.mjs"
NODE = shutil.which("node")
SCRIPT = """
import {change} from %s;
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const pairs = JSON.parse(input);
  process.stdout.write(JSON.stringify(pairs.map(([old, value]) => change(value, old, Array.from(old).length))));
});
"""


def js_changes(pairs: list[tuple[str, str]]) -> list[list]:
    if NODE is None:
        pytest.fail("node is missing: it is needed to build and test the site (apt-get install -y nodejs)")
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT % json.dumps(MODULE.as_uri())],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_python_applies_exactly_the_changes_the_page_makes():
    rng = random.Random(7)
    alphabet = ["a", "b", " ", "é", "中", "😀", "😁", "🏳️‍🌈", "\n", "\u2028"]
    pairs = [("the cat sat", "the dog sat"), ("", "new"), ("x😀y", "x😁y"), ("😀", "!😀"), ("same", "same")]
    for _ in range(500):
        old = "".join(rng.choices(alphabet, k=rng.randrange(30)))
        at = rng.randrange(len(old) + 1)
        cut = rng.randrange(len(old) - at + 1)
        pairs.append((old, old[:at] + "".join(rng.choices(alphabet, k=rng.randrange(4))) + old[at + cut :]))
    for (old, new), change in zip(pairs, js_changes(pairs)):
        assert apply_read(old, *change) == new, (old, new, change)
