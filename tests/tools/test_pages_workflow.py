"""The GitHub Pages workflow (.github/workflows/pages.yml) read as data (no browser): what it
runs, that its docs say the same, that its actions are pinned and its checkers (zizmor,
check-jsonschema, as `make lint` runs them) pass; and what `make serve` installs.

The artifact it uploads, served under a sub-path, is tested in
tests/browser/test_pages_deployment.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml  # PyYAML, pinned in the test extra (MkDocs reads its configuration with it)

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
BIN = Path(sys.executable).parent  # the venv's scripts: zizmor, check-jsonschema
MAKE_COMMAND = re.compile(r"`make ([a-z][a-z-]*)`")


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _runs(job: dict) -> list[str]:
    return [step["run"].strip() for step in job["steps"] if "run" in step]


def _make_targets(workflow: dict) -> set[str]:
    """The targets of every `make X` step of every job."""
    return {run.split()[1] for job in workflow["jobs"].values() for run in _runs(job) if run.startswith("make ")}


def _paragraphs_naming_the_workflow(doc: str) -> list[str]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    return [p for p in re.split(r"\n\s*\n", text) if ".github/workflows/pages.yml" in p]


def test_the_workflow_tests_then_builds_with_make_site_then_deploys_the_site_dir():
    workflow = _workflow()
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads the key `on` as true
    assert on["push"] == {"branches": ["main"]} and "workflow_dispatch" in on
    jobs = workflow["jobs"]
    assert list(jobs) == ["test", "build", "deploy"]
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    # lint and the unit tests (no browser) gate the build, hence the deployment
    assert _runs(jobs["test"])[-2:] == ["make lint", "make test-unit"]
    assert _runs(jobs["build"]) == ["make site"]
    build_steps = jobs["build"]["steps"]
    upload = next(s for s in build_steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"] == {"path": "_site"}
    assert [s["uses"].split("@")[0] for s in jobs["deploy"]["steps"]] == ["actions/deploy-pages"]
    for name in ("test", "build"):
        uses = {s["uses"].split("@")[0]: s.get("with", {}) for s in jobs[name]["steps"] if "uses" in s}
        assert uses["actions/setup-node"] == {"node-version": 20}
        assert uses["actions/setup-python"] == {"python-version": "3.11"}


@pytest.mark.parametrize("doc", ["building.md", "testing.md", "lint-and-types.md"])
def test_the_docs_name_exactly_the_make_targets_the_workflow_runs(doc):
    """Where a page speaks of the workflow, it names the `make` targets the workflow runs,
    no more (no `make test` or `make test-browser`: the browser tests do not run there) and
    no fewer."""
    paragraphs = _paragraphs_naming_the_workflow(doc)
    assert paragraphs, f"docs/{doc} does not name .github/workflows/pages.yml"
    named = {target for p in paragraphs for target in MAKE_COMMAND.findall(p)}
    assert named == _make_targets(_workflow()) == {"lint", "test-unit", "site"}


def test_each_action_is_pinned_to_a_commit_with_its_release_tag_beside_it():
    lines = [line for line in WORKFLOW.read_text(encoding="utf-8").splitlines() if "uses:" in line]
    assert len(lines) == 9
    for line in lines:
        assert re.fullmatch(r"\s*(- )?uses: [\w.-]+/[\w.-]+@[0-9a-f]{40}  # v\d+\.\d+\.\d+", line), line


def test_each_job_gets_its_own_least_permissions_and_checkout_keeps_no_credentials():
    workflow = _workflow()
    assert workflow["permissions"] == {}
    jobs = workflow["jobs"]
    assert jobs["test"]["permissions"] == {"contents": "read"}
    assert jobs["build"]["permissions"] == {"contents": "read", "pages": "read"}
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    checkouts = [s for job in jobs.values() for s in job["steps"] if s.get("uses", "").startswith("actions/checkout@")]
    assert len(checkouts) == 2
    assert all(s["with"]["persist-credentials"] is False for s in checkouts)


def _zizmor(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "zizmor"), "--offline", "--no-progress", "--format", "plain", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_zizmor_offline_finds_nothing_in_the_workflow():
    proc = _zizmor(WORKFLOW.parent)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "No findings to report" in proc.stdout


def test_zizmor_offline_reports_an_action_referenced_by_its_tag(tmp_path):
    """The audit runs offline and is not silent: the workflow with one action back on its
    moving tag and credentials persisted is reported."""
    text = WORKFLOW.read_text(encoding="utf-8")
    pinned = re.search(r"actions/checkout@[0-9a-f]{40}  # v\d+\.\d+\.\d+", text)
    assert pinned
    loose = text.replace(pinned.group(0), "actions/checkout@v4", 1)
    loose = loose.replace("        with:\n          persist-credentials: false\n", "", 1)
    assert loose.count("persist-credentials: false") == 1
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "pages.yml").write_text(loose, encoding="utf-8")
    proc = _zizmor(tmp_path / ".github" / "workflows")
    assert proc.returncode != 0
    assert "unpinned-uses" in proc.stdout and "artipacked" in proc.stdout, proc.stdout


def test_the_workflow_is_valid_under_check_jsonschemas_bundled_github_workflow_schema():
    proc = subprocess.run(
        [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok -- validation done" in proc.stdout


def test_make_lint_runs_both_workflow_checkers_offline():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = re.search(r"^lint: venv node_modules\n((?:\t.*\n)+)", makefile, re.M)
    assert lint
    assert "\t$(VENV)/bin/zizmor --offline --no-progress .github/workflows/\n" in lint.group(1)
    assert "\t$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml\n" in (
        lint.group(1)
    )


def _extras() -> dict[str, list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["optional-dependencies"]


def test_make_serve_installs_the_builds_dependencies_only():
    """`make site` (hence `make serve`) fills the venv from the serve extra: MkDocs for the
    docs and brotli for the Brotli copies, none of the test set; `make test` adds the test
    extra, which holds the serve extra."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^site: node_modules venv-serve\n", makefile, re.M)
    assert re.search(r"^serve: site\n", makefile, re.M)
    assert "\t$(VPY) -m pip install --quiet -e '.[serve]'\n" in makefile
    assert re.search(r"^test: venv ", makefile, re.M)
    assert "\t$(VPY) -m pip install --quiet -e '.[test]'\n" in makefile
    extras = _extras()
    assert extras["serve"] == ["bleu2[docs]", "brotli==1.2.1"]
    assert [p.split("==")[0] for p in extras["docs"]] == ["mkdocs", "mkdocs-material", "pymdown-extensions"]
    assert "bleu2[serve]" in extras["test"]
    assert all("==" in p for extra in extras.values() for p in extra if not p.startswith("bleu2["))
