# Nuffle Codex. Two commands do everything on a fresh machine with Python 3.11, Node.js and npm:
#   make serve   install, build the three-language site, serve it on http://127.0.0.1:8000
#   make test    install, run every test (browser tests included: needs /usr/bin/chromium)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: install build serve test test-fast bench messages clean

install: $(VENV)/.installed node_modules/.installed

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

test: install
	$(BIN)/python -m pytest

test-fast: install
	$(BIN)/python -m pytest -m "not browser and not slow"

bench: install
	$(BIN)/python benchmarks/run.py

# Re-extract the UI strings and merge them into the French and Japanese catalogs.
messages: install
	$(BIN)/pybabel extract -F babel.cfg -k t --no-location --omit-header --sort-output -o plugins/locale/messages.pot .
	$(BIN)/pybabel update -i plugins/locale/messages.pot -d plugins/locale --no-fuzzy-matching --omit-header

clean:
	rm -rf site tests/fixtures/site/site .pytest_cache
