# Nuffle Codex. Two commands do everything on a fresh machine with Python 3.11, Node.js and npm:
#   make serve   install, build the three-language site, serve it on http://127.0.0.1:8000
#   make test    install, run every test (browser tests included: installs Debian's chromium when it can)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Test workers: one per core (pytest-xdist); TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= auto
CHROMIUM := /usr/bin/chromium

.PHONY: install browser build serve test test-fast lint-js bench messages clean

install: $(VENV)/.installed node_modules/.installed

# The browser tests drive Debian's Chromium (never a downloaded browser) and need CJK fonts for the Japanese
# pages: installed here when missing and apt-get can be used, else the one command to run is printed.
browser:
	@if [ ! -x $(CHROMIUM) ] || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium and fonts-noto-cjk for the browser tests"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	  else \
	    echo "The browser tests need Debian's Chromium and CJK fonts. Run:"; \
	    echo "    sudo apt-get install chromium fonts-noto-cjk"; \
	    exit 1; \
	  fi; \
	fi

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: install
	$(BIN)/python -m plugins.build

# Pre-compressed siblings and cache headers, as a production host would serve them (plugins/serve.py).
serve: build
	$(BIN)/python -m plugins.serve --host $(HOST) --port $(PORT) --directory site

test: install browser lint-js
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# ESLint's recommended rules on the site's own scripts (eslint.config.mjs): ES modules for the browser.
lint-js: node_modules/.installed
	npx --no-install eslint --max-warnings 0 .

test-fast: install
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m "not browser and not slow"

bench: install
	$(BIN)/python benchmarks/run.py

# Re-extract the UI strings and merge them into the French and Japanese catalogs. Only pybabel, from the venv:
# not `install`, whose `npm ci` would delete and reinstall node_modules (tests/test_makefile.py).
messages: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel.cfg -k t -k tn:1,2 --no-location --omit-header --sort-output -o plugins/locale/messages.pot .
	$(BIN)/pybabel update -i plugins/locale/messages.pot -d plugins/locale --no-fuzzy-matching --omit-header --ignore-obsolete

clean:
	rm -rf site tests/fixtures/site/site .pytest_cache
