# bleu2: build, serve, test and benchmark the page and the package.
#   make serve   venv with the build's pinned deps only ([serve]), build _site/, serve it on http://127.0.0.1:8000
#   make test    venv + pinned test deps (+ Chromium, Firefox ESR if missing), lint, build, node --test, pytest (unit + browser)
#   make lint    ruff check, ruff format --check, mypy (the engine, the page, tools/), zizmor and
#                check-jsonschema (.github/workflows/, offline), Biome's linter (the JavaScript: biome.jsonc)
#   make bench   benchmarks (page in headless Chromium; engine in CPython)
# Works on a fresh Debian machine with python3 and node/npm; run as root (or with sudo
# available) the first time if Chromium must be installed.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
CHROMIUM ?= /usr/bin/chromium
FIREFOX ?= /usr/bin/firefox-esr
PYTEST_ARGS ?=
# Two processes (pytest-xdist, --dist loadfile), a unit test file to each at a time; the top
# conftest.py makes the browser tests one unit, so in `make test` one process runs them in
# turn (one browser, its shared pages) while the other runs the unit test files beside it
# (docs/testing.md). PYTEST_PARALLEL= runs in one process. (Exit code 5: PYTEST_ARGS
# selected no test, e.g. -k golden.)
PYTEST_PARALLEL ?= -n 2 --dist loadfile

.PHONY: all site site-test serve screenshot lint test test-unit test-js test-browser bench bench-page bench-engine bench-offline bench-corpus bench-significance bench-compare bench-rouge bench-gleu bench-scale bench-lighthouse venv venv-serve chromium firefox node_modules clean

all: site

# --- One Python virtual environment, filled per extra (pyproject.toml), each with its marker ---
# .installed-serve: what the build needs ([serve]: MkDocs for the docs, brotli), all that
# `make site` and `make serve` install. .installed: the whole test set ([test], which holds
# [serve]) for lint, tests and benchmarks, added to the same venv.
$(VPY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-serve: pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[serve]'
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.installed-serve
	$(VPY) -m pip install --quiet -e '.[test]'
	touch $@

venv-serve: $(VENV)/.installed-serve

venv: $(VENV)/.installed

# --- Chromium from Debian packages (never a downloaded browser build) ---
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "Installing Chromium from Debian packages"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# --- Firefox ESR from Debian packages, for the offline page's Firefox check (never a
# downloaded browser build). Allowed to fail: the test then skips and says why. ---
firefox:
	@if [ ! -x "$(FIREFOX)" ]; then \
	  echo "Installing Firefox ESR from Debian packages"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  { $$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y firefox-esr; } \
	    || echo "Firefox ESR could not be installed: the offline page's Firefox test will be skipped"; \
	fi

# --- the site: npm ci (pinned runtime) + vendoring + _site/ assembly ---
# npm ci when node_modules/ does not match package-lock.json (the unit tests compare the
# engine with Pyodide under Node too).
node_modules:
	@command -v npm >/dev/null || { echo "npm is missing: apt-get install -y nodejs npm"; exit 1; }
	@$(PYTHON) -m tools.build_site --runtime

# The build runs with the venv's Python and the build's set only (venv-serve): MkDocs (the
# docs extra) builds _site/docs/, and `brotli` lets the build write Brotli copies next to the
# gzip ones. `make test` has installed the test set by then (test: venv ... site-test: the site first).
site: node_modules venv-serve
	@if [ -x "$(VPY)" ]; then $(VPY) -m tools.build_site; else $(PYTHON) -m tools.build_site; fi

# The test build: _site/ with the browser tests' and benchmarks' hooks, in _site_test/
# (tools/test_site.py); _site/ itself ships none of them.
site-test: site
	$(VPY) -m tools.build_site --test-build

serve: site
	$(PYTHON) -m tools.serve --host $(HOST) --port $(PORT)

# --- lint (pyproject.toml: [tool.ruff], [tool.mypy]), before the tests ---
# The workflows: zizmor's audits (actions pinned to commits, least permissions, no persisted
# credentials...) without the GitHub API, and the GitHub-workflow schema check-jsonschema
# bundles (no download). The JavaScript (static/, tools/, the docs blocks' script, the tests'):
# Biome's linter, pinned in package.json's devDependencies (biome.jsonc: which files, which rules).
lint: venv node_modules
	$(VPY) -m ruff check .
	$(VPY) -m ruff format --check .
	$(VPY) -m mypy
	$(VENV)/bin/zizmor --offline --no-progress .github/workflows/
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
	node_modules/.bin/biome lint --error-on-warnings

# --- tests ---
test: venv lint chromium firefox site-test test-js
	$(VPY) -m pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS) || [ $$? -eq 5 ]

test-unit: venv node_modules
	$(VPY) -m pytest -m "not browser" $(PYTEST_PARALLEL) $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory test-js

# The page's JavaScript modules in Node's own test runner (tests/js/*.test.mjs; the painters
# and the host run on linkedom's DOM, a devDependency).
test-js: node_modules
	node --test tests/js/

test-browser: venv chromium firefox site-test
	$(VPY) -m pytest -m browser $(PYTEST_ARGS)

# --- benchmarks (printed, never asserted) ---
bench: bench-page bench-engine bench-offline bench-corpus bench-significance

# The page in headless Chromium (load, keystrokes, 1 MB and 2 MB pastes beside a bare text area;
# BENCH_ARGS="--paste-only --trace": the pastes only, with where the main-thread time goes).
bench-page: venv chromium site-test
	$(VPY) -m bench.page_bench $(BENCH_ARGS)

bench-offline: venv chromium firefox site
	$(VPY) -m bench.offline_bench

bench-corpus: venv chromium site
	$(VPY) -m bench.corpus_bench

bench-significance: venv
	$(VPY) -m bench.significance_bench

# GLEU against NLTK's corpus_gleu on TED (printed, never asserted).
bench-gleu: venv
	$(VPY) -m bench.gleu_bench

# Lighthouse 12.2.3 (page mobile and desktop, the docs' accessibility, docs/embedding/ with its
# embed beside it without one) and pa11y 9 on the built site; Lighthouse is package.json's
# devDependency (node_modules/), pa11y installed on first use into build/bench-node/ (not part
# of `make bench`). BENCH_ARGS=--docs-embed-only: only the docs page with and without its embed.
bench-lighthouse: venv chromium node_modules site
	$(VPY) -m bench.lighthouse_bench $(BENCH_ARGS)

# bleu2.compare against compare-mt 0.2.10's command line (the test extra installs it).
bench-compare: venv
	$(VPY) -m bench.compare_bench

# ROUGE against rouge-score 0.1.2 (the test extra installs it) and rouge-score-rs (its wheel
# fetched on first use into build/bench-py/; --no-fetch: not), and HF evaluate's path.
bench-rouge: venv
	$(VPY) -m bench.rouge_bench

# 10^5..10^7 unique lines against sacreBLEU, --jobs 2, paired bootstrap, Dask (takes long;
# not part of `make bench`).
bench-scale: venv
	$(VPY) -m bench.scale_bench $(BENCH_ARGS)

bench-engine: venv
	@if [ -f bench/engine_bench.py ]; then $(VPY) -m bench.engine_bench; else echo "bench/engine_bench.py not there yet"; fi

# --- the README's picture of the page (docs/img/page.png), from the built site in headless Chromium ---
screenshot: venv chromium site
	$(VPY) -m tools.screenshot

clean:
	rm -rf _site _site.tmp _site_test _site_test.tmp static/vendor .pytest_cache
