# Every set-up step lives here: `make test` and `make play` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: test play bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

test: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest -q

play: $(STAMP)
	$(PY) -m simulator

bench: $(STAMP) $(NODE_STAMP)
	$(PY) -m tools.bench

clean:
	rm -rf $(VENV) node_modules
