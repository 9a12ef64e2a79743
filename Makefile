# bleu2: build, serve, test and benchmark the page and the package.
#   make serve   install what is needed, build _site/, serve it on http://127.0.0.1:8000
#   make test    venv + pinned test deps (+ Chromium if missing), build, run pytest (unit + browser)
#   make bench   benchmarks (page in headless Chromium; engine in CPython)
# Works on a fresh Debian machine with python3 and node/npm; run as root (or with sudo
# available) the first time if Chromium must be installed.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=

.PHONY: all site serve test test-unit test-browser bench bench-page bench-engine venv chromium node_modules clean sync-config

all: site

# --- Python virtual environment with the pinned test dependencies (pyproject.toml [test]) ---
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet -e '.[test]'
	touch $@

venv: $(VENV)/.installed

# --- Chromium from Debian packages (never a downloaded browser build) ---
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "Installing Chromium from Debian packages"; \
	  SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# --- the site: npm ci (pinned runtime) + vendoring + _site/ assembly ---
node_modules:
	@command -v npm >/dev/null || { echo "npm is missing: apt-get install -y nodejs npm"; exit 1; }

site: node_modules
	$(PYTHON) tools/build_site.py

serve: site
	$(PYTHON) tools/serve.py --host $(HOST) --port $(PORT)

# --- tests ---
test: venv chromium site
	$(VPY) -m pytest $(PYTEST_ARGS)

test-unit: venv
	$(VPY) -m pytest -m "not browser" $(PYTEST_ARGS)

test-browser: venv chromium site
	$(VPY) -m pytest -m browser $(PYTEST_ARGS)

# --- benchmarks (printed, never asserted) ---
bench: bench-page bench-engine

bench-page: venv chromium site
	$(VPY) bench/page_bench.py

bench-engine: venv
	@if [ -f bench/engine_bench.py ]; then $(VPY) bench/engine_bench.py; else echo "bench/engine_bench.py not there yet"; fi

clean:
	rm -rf _site _site.tmp static/vendor .pytest_cache

# Rewrite pyscript.toml's [files] to list exactly bleu2/*.py (after adding a module).
sync-config:
	$(PYTHON) tools/build_site.py --sync-config
