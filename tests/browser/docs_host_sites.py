"""Documentation sites that embed the calculator, built into the served folder by the browser
tests of embedding (a MkDocs Material site, a Sphinx site with the furo theme), each page
holding the documentation's own snippet (docs/snippets/embed.html) twice."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

from browser_helpers import ROOT
from conftest import Guard
from docs_site import PLACEHOLDER

SNIPPET = (ROOT / "docs" / "snippets" / "embed.html").read_text(encoding="utf-8")
PALETTE = """
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {icon: material/weather-night, name: Dark theme}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {icon: material/weather-sunny, name: Light theme}
"""


def snippet(site_url: str) -> str:
    return SNIPPET.replace(PLACEHOLDER, site_url).strip()


def build_material(out, site_url: str, after: str = "") -> None:
    """``after``: HTML put on the page after the two snippets."""
    src = out.parent / (out.name + "-src")
    (src / "docs").mkdir(parents=True)
    page = f"# Embedded twice\n\nText above.\n\n{snippet(site_url)}\n\nBetween.\n\n{snippet(site_url)}\n\n{after}\n"
    (src / "docs" / "index.md").write_text(page, encoding="utf-8")
    config = f"site_name: host docs\nplugins: []\ntheme:\n  name: material\n  font: false\n{PALETTE}"
    (src / "mkdocs.yml").write_text(config, encoding="utf-8")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)]
    subprocess.run(command, cwd=src, check=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def build_sphinx(out, site_url: str) -> None:
    src = out.parent / (out.name + "-src")
    src.mkdir(parents=True)
    (src / "conf.py").write_text('project = "host docs"\nhtml_theme = "furo"\n', encoding="utf-8")
    raw = "\n".join("   " + line for part in (snippet(site_url), snippet(site_url)) for line in part.splitlines())
    (src / "index.rst").write_text(f"Embedded twice\n==============\n\n.. raw:: html\n\n{raw}\n", encoding="utf-8")
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", str(src), str(out)]
    subprocess.run(command, check=True, timeout=300)


@dataclass
class HostGuard(Guard):
    """A guard that also lets the documentation site's own URLs through."""

    docs_prefix: str = ""

    def _allowed(self, url: str) -> bool:
        return url.startswith(self.docs_prefix) or super()._allowed(url)


BUILDERS = {"material": build_material, "furo": build_sphinx}
