"""Nothing typed is lost on any path through a boot, in Debian's Firefox ESR (WebDriver BiDi,
tests/browser/firefox_boot.mjs), as test_typing_through_a_boot.py checks in Chromium: the
full page with several references and candidates, reloaded once for each stage of a boot
from the first paint to the moment Python is ready (typing_through_a_boot.MILESTONES: waited
for, never timed), each box typed into at each (the next reload right after);
then two embeds on one docs page: a waiting embed shows its own texts, and a key typed into
it adds to them. The driver waits on what the page shows; it records, this judges.
"""

from __future__ import annotations

import json
import re

import pytest

from browser_helpers import SUB_PATH, run_firefox_driver
from typing_through_a_boot import CANDIDATES, REFERENCES, docs_html, milestones

# (fewer than in Chromium: each is a boot; the driver's reload returns at DOMContentLoaded,
# when the tab's texts are shown already)
MOMENTS = milestones("committed", "the page loaded", "the worker asked for", "Pyodide up in the worker", "Python ready")
EMBED_MOMENTS = milestones("committed", "Pyodide up in the worker", "Python ready")


@pytest.fixture(scope="module")
def run(served_root, site_url, origin) -> dict:
    """The driver's findings, one Firefox run for every test here."""
    (served_root / "firefox-docs-typing-through-a-boot.html").write_text(docs_html(f"{SUB_PATH}/"), encoding="utf-8")
    out = run_firefox_driver(
        "firefox_boot.mjs",
        *("--url", site_url, "--docs", f"{origin}/firefox-docs-typing-through-a-boot.html"),
        *("--texts", json.dumps({"references": REFERENCES, "candidates": CANDIDATES})),
        *("--moments", json.dumps(MOMENTS), "--embed-moments", json.dumps(EMBED_MOMENTS), "--allow", origin),
        timeout=900,
    )
    assert "error" not in out, out["error"]
    return out


def test_the_firefox_run_asks_only_its_origin_and_logs_no_error(run):
    assert run["blocked"] == [] and run["pageErrors"] == []
    assert run["consoleErrors"] == []


def test_every_box_keeps_its_texts_and_what_is_typed_at_any_moment_of_a_boot_in_firefox(run):
    full = run["full"]
    assert full["reloaded"] == full["reloadedExpected"]
    assert [moment["moment"] for moment in full["moments"]] == [name for name, _ in MOMENTS]
    for moment in full["moments"]:
        assert moment["shown"] == moment["expected"], moment["moment"]
    final = full["final"]
    assert final["shown"] == final["expected"] and final["boxes"] == len(REFERENCES) + len(CANDIDATES)
    assert final["kept"] == {"bleu2-state": list(final["expected"].values())}
    assert re.fullmatch(r"\d\.\d{4}", final["score"]) and "Texts restored from this tab." in final["status"]


def test_two_embeds_keep_their_texts_and_what_is_typed_at_any_moment_of_a_boot_in_firefox(run):
    embeds = run["embeds"]
    for name, waiting in embeds["waiting"].items():  # a waiting embed shows its own texts
        assert waiting == {"state": "waiting", "shown": embeds["waitingExpected"][name]}
    assert [moment["moment"] for moment in embeds["moments"]] == [name for name, _ in EMBED_MOMENTS]
    for moment in embeds["moments"]:
        assert moment["shown"] == moment["expected"], moment["moment"]
    final = embeds["final"]
    assert final["shown"] == final["expected"]
    kept = final["kept"]
    assert len(kept) == 2 and all(key.startswith("bleu2-embed.") for key in kept), kept
    assert sorted(kept.values()) == sorted(list(texts.values()) for texts in final["expected"].values())
