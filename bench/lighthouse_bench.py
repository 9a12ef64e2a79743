"""Audits by tools nobody here wrote (``make bench-lighthouse``), printed, never asserted.

    python -m bench.lighthouse_bench [--runs 3] [--skip-pa11y] [--skip-docs] [--docs-embed-only]
                                     [--keep-reports DIR]

On the built site (``_site/``, served by tools/serve.py on a free loopback port):
- Lighthouse 12.2.3 on the page, mobile (its default: simulated throttling), median of
  ``--runs`` runs, and desktop (``--preset=desktop``): the four category scores, total
  blocking time, cumulative layout shift, time to interactive, the long tasks and the
  failed audits;
- Lighthouse's accessibility score of the docs pages (home, embedding, page, cli, library);
- Lighthouse mobile (performance only, median of ``--runs``) on a docs page with an embed,
  ``docs/embedding/`` (its "Try it" example: the snippet's iframe, the calculator beside the
  docs on one origin), and on the same page with its embed taken out (beside it, as
  ``without-embed.html``, for the run; target: both >= 95), and with an empty frame
  (``about:blank``) in the embed's place (``empty-frame.html``: what any frame there costs),
  the three in turn: performance, TBT, LCP, CLS; the bytes it fetched, by Lighthouse's
  ``total-byte-weight`` (the page's, its frames' and their dedicated workers' requests:
  Lighthouse 12 attaches to page, iframe and worker targets, not to service workers; it
  stops recording at network and CPU quiet) and counted at the server (every request
  Chromium made until Lighthouse closed it, the service worker's and those after the
  recording too), each split into the docs' own files and the calculator's, and what the
  server sent beyond Lighthouse's requests; whether any Pyodide file
  (``static/vendor/pyodide/``) was fetched;
- pa11y 9 (HTML_CodeSniffer, WCAG2AA) on the page in the sentence view and in corpus mode:
  its errors.

Lighthouse's scores move with the machine's load (its simulated throttling multiplies the
observed task times): each figure is printed with the load average (1 minute) at its end;
compare the docs page with and without its embed from one run. ``--keep-reports DIR`` keeps
each Lighthouse JSON report there (its ``bootup-time``, ``mainthread-work-breakdown`` and
``long-tasks`` audits say where the main thread's time went).

Lighthouse is the project's (package.json's devDependencies, in node_modules/) where
installed; else it and pa11y are installed on first use into ``build/bench-node/`` from the npm
registry (``PUPPETEER_SKIP_DOWNLOAD=1``: no browser download); both drive Debian's
Chromium (``/usr/bin/chromium``). Targets (the page): performance >= 85, accessibility 100,
best practices >= 95, SEO 100, CLS <= 0.05, TBT <= 300 ms; desktop performance >= 98; the
docs' accessibility 100; pa11y 0 errors; the docs page with an embed: no Pyodide file and
<= 250 KB from the calculator until the reader touches the embed (docs/embedding.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.first_visit import ByteCounter, counting_server
from tools.chromium import CHROMIUM

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
TOOLS = ROOT / "build" / "bench-node"
PACKAGES = {"lighthouse": "12.2.3", "pa11y": "9.1.1"}
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
    " --disable-component-update --disable-sync"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
DOCS_PAGES = ("", "embedding/", "page/", "cli/", "library/")
#: The docs page with an embed (docs/embedding.md's "Try it": the snippet, as it is).
DOCS_EMBED_PAGE = "embedding/"
#: Where the site keeps Pyodide's files (a request path containing it is a Pyodide file).
PYODIDE_PATH = "/static/vendor/pyodide/"
#: Targets for a docs page with an embed nobody has touched: bytes from the calculator.
EMBED_UNTOUCHED_BYTES = 250_000


#: Where each Lighthouse JSON report is kept (``--keep-reports``), else None.
KEEP_REPORTS: list[Path] = []


def load_average() -> str:
    """The machine's load average over the last minute, for the printed figures."""
    return f"load average {os.getloadavg()[0]:.1f}"


#: The project's own Lighthouse (package.json's devDependencies), used where installed.
PROJECT_LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
#: The docs page with its embed taken out (the iframe and the host script's line), written
#: beside it for the run (with its Brotli and gzip copies, as the site's own pages have).
DOCS_WITHOUT_EMBED = "without-embed.html"
#: The docs page with an empty frame (about:blank) where its embed is: the floor any iframe costs.
DOCS_EMPTY_FRAME = "empty-frame.html"


def lighthouse_bin() -> Path:
    """The project's Lighthouse 12.2.3 (node_modules), else build/bench-node/'s."""
    found = ROOT / "node_modules" / "lighthouse" / "package.json"
    if found.exists() and json.loads(found.read_text())["version"] == PACKAGES["lighthouse"]:
        return PROJECT_LIGHTHOUSE
    return TOOLS / "node_modules" / ".bin" / "lighthouse"


def install_tools() -> None:
    """npm-install the pinned Lighthouse and pa11y into build/bench-node/ (once)."""
    wanted = {name: TOOLS / "node_modules" / name / "package.json" for name in PACKAGES}
    if all(p.exists() and json.loads(p.read_text())["version"] == PACKAGES[n] for n, p in wanted.items()):
        return
    TOOLS.mkdir(parents=True, exist_ok=True)
    specs = [f"{name}@{version}" for name, version in PACKAGES.items()]
    print(f"installing {' '.join(specs)} into {TOOLS.relative_to(ROOT)}/ (npm)", flush=True)
    env = {**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}
    subprocess.run(
        ["npm", "install", "--prefix", str(TOOLS), "-E", "--no-audit", "--no-fund", *specs], check=True, env=env
    )


def lighthouse(url: str, desktop: bool = False, only: str | None = None) -> dict[str, Any]:
    """One Lighthouse run; its JSON report."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        command = [
            str(lighthouse_bin()),
            url,
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            f"--chrome-flags={CHROME_FLAGS} --user-data-dir={tmp}/profile",
        ]
        if desktop:
            command.append("--preset=desktop")
        if only:
            command.append(f"--only-categories={only}")
        subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        if KEEP_REPORTS:
            kept = KEEP_REPORTS[0]
            kept.mkdir(parents=True, exist_ok=True)
            name = urlsplit(url).path.strip("/").replace("/", "_") or "index"
            n = len(list(kept.glob(f"{name}-*.json")))
            (kept / f"{name}-{'desktop' if desktop else 'mobile'}-{n + 1}.json").write_text(out.read_text())
        return report


def summary(report: dict[str, Any]) -> dict[str, Any]:
    """Scores (0-100), TBT and TTI (ms), CLS, the long tasks and the audits that failed."""
    audits = report["audits"]
    scores = {c: round(100 * report["categories"][c]["score"]) for c in CATEGORIES if c in report["categories"]}
    numbers = {
        key: audits[key].get("numericValue")
        for key in ("total-blocking-time", "cumulative-layout-shift", "interactive", "largest-contentful-paint")
        if key in audits
    }
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items", [])
    failed = sorted(
        f"{key}: {a['title']}"
        for key, a in audits.items()
        if a.get("score") is not None
        and a["score"] < 1
        and a.get("scoreDisplayMode") in ("binary", "numeric")
        and key
        not in (
            "total-blocking-time",
            "cumulative-layout-shift",
            "interactive",
            "largest-contentful-paint",
            "first-contentful-paint",
            "speed-index",
            "max-potential-fid",
        )
    )
    return {"scores": scores, "numbers": numbers, "long_tasks": tasks, "failed": failed}


def median_summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-field medians of several summaries (scores and numbers); the run with the median
    performance score gives the long tasks and failed audits."""
    scores = {c: statistics.median(r["scores"][c] for r in runs) for c in runs[0]["scores"]}
    numbers = {k: statistics.median(r["numbers"][k] for r in runs) for k in runs[0]["numbers"]}
    middle = sorted(runs, key=lambda r: r["scores"].get("performance", 0))[len(runs) // 2]
    return {"scores": scores, "numbers": numbers, "long_tasks": middle["long_tasks"], "failed": middle["failed"]}


def print_page(label: str, s: dict[str, Any], runs: int) -> None:
    sc, n = s["scores"], s["numbers"]
    print(
        f"{label} (median of {runs}): performance {sc.get('performance')}, accessibility {sc.get('accessibility')}, "
        f"best practices {sc.get('best-practices')}, SEO {sc.get('seo')}"
    )
    print(
        f"  TBT {n.get('total-blocking-time', 0):.0f} ms, CLS {n.get('cumulative-layout-shift', 0):.3f}, "
        f"TTI {n.get('interactive', 0) / 1000:.1f} s, LCP {n.get('largest-contentful-paint', 0) / 1000:.1f} s, "
        f"{len(s['long_tasks'])} long tasks ({load_average()})"
    )
    for task in sorted(s["long_tasks"], key=lambda t: -t.get("duration", 0))[:5]:
        print(f"    {task.get('duration', 0):7.0f} ms  {task.get('url', '')}")
    for line in s["failed"]:
        print(f"  failed: {line}")


def docs_request(path: str) -> bool:
    """Whether a request path is the docs' own (``/docs/...``), not the calculator's."""
    return path.startswith("/docs/")


def docs_embed_run(url: str, counter: ByteCounter) -> dict[str, Any]:
    """One Lighthouse mobile run (performance only) on a docs page with an embed: its summary,
    plus ``lighthouse`` (request path -> transfer bytes, from its network-requests audit),
    ``total_byte_weight`` (bytes) and ``server`` (request path -> bytes the server sent)."""
    counter.reset()
    report = lighthouse(url, only="performance")
    server = counter.snapshot()
    out = summary(report)
    items = (report["audits"].get("network-requests", {}).get("details") or {}).get("items", [])
    requests: dict[str, int] = {}
    targets: dict[str, int] = {}
    for item in items:
        path = urlsplit(item.get("url", "")).path
        size = int(item.get("transferSize") or 0)
        requests[path] = requests.get(path, 0) + size
        target = str(item.get("sessionTargetType") or "page")
        targets[target] = targets.get(target, 0) + size
    out["lighthouse"] = requests
    out["targets"] = targets
    out["total_byte_weight"] = report["audits"]["total-byte-weight"]["numericValue"]
    out["server"] = server
    return out


def split_bytes(files: dict[str, int]) -> tuple[int, int]:
    """(the docs' own bytes, the calculator's bytes) of request path -> bytes."""
    docs = sum(n for path, n in files.items() if docs_request(path))
    return docs, sum(files.values()) - docs


def pyodide_files(files: dict[str, int]) -> dict[str, int]:
    return {path.removeprefix(PYODIDE_PATH): n for path, n in files.items() if PYODIDE_PATH in path and n}


def print_docs_embed(label: str, runs: list[dict[str, Any]]) -> None:
    """The median run's figures (by performance score); bytes as medians of the runs."""
    s = median_summary(runs)
    sc, n = s["scores"], s["numbers"]
    print(f"{label} (median of {len(runs)}): performance {sc.get('performance')}")
    print(
        f"  TBT {n.get('total-blocking-time', 0):.0f} ms, LCP {n.get('largest-contentful-paint', 0) / 1000:.1f} s, "
        f"CLS {n.get('cumulative-layout-shift', 0):.3f}, TTI {n.get('interactive', 0) / 1000:.1f} s, "
        f"{len(s['long_tasks'])} long tasks ({load_average()})"
    )
    for task in sorted(s["long_tasks"], key=lambda t: -t.get("duration", 0))[:5]:
        print(f"    {task.get('duration', 0):7.0f} ms  {task.get('url', '')}")
    weight = statistics.median(r["total_byte_weight"] for r in runs)
    lh_docs = statistics.median(split_bytes(r["lighthouse"])[0] for r in runs)
    lh_calc = statistics.median(split_bytes(r["lighthouse"])[1] for r in runs)
    workers = statistics.median(r["targets"].get("worker", 0) for r in runs)
    print(
        f"  Lighthouse total-byte-weight {weight / 1e6:.2f} MB (page, frames, dedicated workers; no service "
        f"worker): docs {lh_docs / 1e6:.3f} MB, calculator {lh_calc / 1e6:.3f} MB, of which workers "
        f"{workers / 1e6:.2f} MB"
    )
    sv_total = statistics.median(sum(r["server"].values()) for r in runs)
    sv_docs = statistics.median(split_bytes(r["server"])[0] for r in runs)
    sv_calc = statistics.median(split_bytes(r["server"])[1] for r in runs)
    print(
        f"  at the server (every request until Lighthouse closed Chromium, the service worker's too) "
        f"{sv_total / 1e6:.2f} MB: "
        f"docs {sv_docs / 1e6:.3f} MB, calculator {sv_calc / 1e6:.3f} MB "
        f"({sv_calc / EMBED_UNTOUCHED_BYTES:.1f}x the untouched target <= {EMBED_UNTOUCHED_BYTES // 1000} KB)"
    )
    first = runs[0]
    unseen = {
        path: n - first["lighthouse"].get(path, 0)
        for path, n in first["server"].items()
        if n - first["lighthouse"].get(path, 0) > 1000
    }
    if unseen:
        listed = ", ".join(f"{path} {n / 1e3:.0f} KB" for path, n in sorted(unseen.items(), key=lambda kv: -kv[1])[:4])
        print(
            f"  at the server, more than in Lighthouse's requests (run 1): {sum(unseen.values()) / 1e6:.3f} MB: {listed}"
        )
    fetched = [pyodide_files(r["server"]) for r in runs]
    middle = sorted(fetched, key=lambda f: sum(f.values()))[len(fetched) // 2]
    if middle:
        listed = ", ".join(f"{name} {b / 1e6:.2f} MB" for name, b in sorted(middle.items(), key=lambda kv: -kv[1]))
        print(
            f"  Pyodide fetched: yes, in {sum(1 for f in fetched if f)} of {len(runs)} run(s) "
            f"(target: none until touched): {sum(middle.values()) / 1e6:.2f} MB at the server: {listed}"
        )
    else:
        print(f"  Pyodide fetched: no, in none of {len(runs)} run(s) (target: none until touched)")
    for line in s["failed"]:
        print(f"  failed: {line}")
    print("  largest at the server (run 1):")
    for path, size in sorted(runs[0]["server"].items(), key=lambda kv: -kv[1])[:8]:
        print(f"      {size / 1e6:7.3f} MB  {path}")


def write_variant(site: Path, name: str, empty_frame: bool) -> Path:
    """docs/embedding/ as ``name`` beside it, with Brotli and gzip copies; returns its path
    (the caller removes it and its copies). ``empty_frame``: each ``<iframe class="bleu2">``
    shows ``about:blank`` instead of the calculator (the host script stays); else the embed is
    taken out (every such iframe and the host script's ``<script src=".../embed.js">``)."""
    import re

    from tools.precompress import brotli_bytes, gzip_bytes

    page = site / "docs" / DOCS_EMBED_PAGE / "index.html"
    text = page.read_text(encoding="utf-8")
    if empty_frame:
        text = re.sub(r'(<iframe class="bleu2"[^>]*?\ssrc=")[^"]*(")', r"\1about:blank\2", text)
    else:
        text = re.sub(r'<iframe class="bleu2"[\s\S]*?</iframe>', "", text)
        text = re.sub(r'<script src="[^"]*embed\.js"[^>]*></script>', "", text)
    out = page.with_name(name)
    data = text.encode("utf-8")
    out.write_bytes(data)
    out.with_name(out.name + ".br").write_bytes(brotli_bytes(data))
    out.with_name(out.name + ".gz").write_bytes(gzip_bytes(data))
    return out


def docs_pair(base: str, counter: ByteCounter, runs: int) -> None:
    """Lighthouse mobile (performance, median of ``runs``) on docs/embedding/, on the same
    page with an empty frame (``about:blank``) in the embed's place, and without its embed,
    printed side by side (target: with and without >= 95). The empty frame is the floor: what
    any same-origin iframe there costs in Lighthouse's simulation, whatever it shows."""
    written = [write_variant(SITE, DOCS_EMPTY_FRAME, True), write_variant(SITE, DOCS_WITHOUT_EMBED, False)]
    start = load_average()
    pages = {
        "with its embed": f"{base}docs/{DOCS_EMBED_PAGE}",
        "with an empty frame": f"{base}docs/{DOCS_EMBED_PAGE}{DOCS_EMPTY_FRAME}",
        "without": f"{base}docs/{DOCS_EMBED_PAGE}{DOCS_WITHOUT_EMBED}",
    }
    results: dict[str, list[dict[str, Any]]] = {label: [] for label in pages}
    try:
        for _ in range(runs):  # in turn, so that a change of the machine's load falls on all alike
            for label, url in pages.items():
                results[label].append(docs_embed_run(url, counter))
    finally:
        for path in written:
            for each in (path, path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
                each.unlink(missing_ok=True)
    print_docs_embed(f"docs/{DOCS_EMBED_PAGE} (a docs page with an embed), mobile", results["with its embed"])
    print_docs_embed(
        f"docs/{DOCS_EMBED_PAGE} with an empty frame (about:blank) in the embed's place, mobile",
        results["with an empty frame"],
    )
    print_docs_embed(
        f"docs/{DOCS_EMBED_PAGE} without its embed (the iframe and embed.js taken out), mobile", results["without"]
    )
    medians = {label: median_summary(r) for label, r in results.items()}

    def each(label: str) -> str:
        return " ".join(f"{r['scores'].get('performance', 0):g}" for r in results[label])

    scores = ", ".join(
        f"{label} {m['scores'].get('performance', 0):g} (TBT {m['numbers'].get('total-blocking-time', 0):.0f} ms; "
        f"runs {each(label)})"
        for label, m in medians.items()
    )
    print(
        f"docs page, mobile performance: {scores} (target: with and without >= 95; {runs} runs, the pages in "
        f"turn; {start} at its start, {load_average()} at its end)"
    )


PA11Y_CORPUS_ACTIONS = [
    "click element #mode-corpus",
    "wait for element #corpus to be visible",
]


def pa11y(url: str, actions: list[str]) -> list[dict[str, Any]]:
    """pa11y's issues (HTML_CodeSniffer, WCAG2AA) on ``url`` after ``actions``."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "pa11y.json"
        config.write_text(
            json.dumps(
                {
                    "standard": "WCAG2AA",
                    "runners": ["htmlcs"],
                    "timeout": 180_000,
                    "actions": ["wait for element html[data-state=ready] to be added", *actions],
                    "chromeLaunchConfig": {"executablePath": CHROMIUM, "args": CHROME_FLAGS.split()},
                }
            ),
            encoding="utf-8",
        )
        proc = subprocess.run(
            [str(TOOLS / "node_modules" / ".bin" / "pa11y"), "--config", str(config), "--reporter", "json", url],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if proc.returncode not in (0, 2):  # 2: issues found
            raise RuntimeError(f"pa11y failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}")
        issues: list[dict[str, Any]] = json.loads(proc.stdout or "[]")
        return issues


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Lighthouse and pa11y on the built site (printed, never asserted)")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs on the page, mobile (median)")
    parser.add_argument("--skip-pa11y", action="store_true")
    parser.add_argument("--skip-docs", action="store_true")
    parser.add_argument("--docs-embed-only", action="store_true", help="only the docs page with and without its embed")
    parser.add_argument("--keep-reports", type=Path, metavar="DIR", help="keep each Lighthouse JSON report in DIR")
    args = parser.parse_args(argv)
    KEEP_REPORTS[:] = [args.keep_reports] if args.keep_reports else []
    if not (SITE / "index.html").exists():
        print("_site/ is missing: run `make site` first", file=sys.stderr)
        return 2
    if not (args.docs_embed_only and lighthouse_bin() == PROJECT_LIGHTHOUSE):
        install_tools()
    counter = ByteCounter()
    server, base = counting_server(SITE, counter)
    try:
        if args.docs_embed_only:
            docs_pair(base, counter, args.runs)
            return 0
        page = base + "index.html"
        mobile = [summary(lighthouse(page)) for _ in range(args.runs)]
        print_page("page, mobile", median_summary(mobile), args.runs)
        desktop = [summary(lighthouse(page, desktop=True)) for _ in range(args.runs)]
        print_page("page, desktop", median_summary(desktop), args.runs)
        if not args.skip_docs:
            for path in DOCS_PAGES:
                s = summary(lighthouse(f"{base}docs/{path}", only="accessibility"))
                print(f"docs/{path}: accessibility {s['scores']['accessibility']}")
                for line in s["failed"]:
                    print(f"  failed: {line}")
            docs_pair(base, counter, args.runs)
        if not args.skip_pa11y:
            for label, actions in (("sentence view", []), ("corpus mode", PA11Y_CORPUS_ACTIONS)):
                issues = pa11y(page, actions)
                errors = [i for i in issues if i.get("type") == "error"]
                print(f"pa11y (HTML_CodeSniffer, WCAG2AA), {label}: {len(errors)} errors")
                for issue in errors:
                    print(f"  {issue.get('code')}: {issue.get('selector')}: {issue.get('message')}")
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
