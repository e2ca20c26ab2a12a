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

# two workers (pytest-xdist), each test file on one of them: the suite's
# VM runs and simulations are single-threaded, and a machine has 2 cores
test: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest -q -n 2 --dist loadfile

play: $(STAMP)
	$(PY) -m simulator

bench: $(STAMP) $(NODE_STAMP)
	$(PY) -m tools.bench

clean:
	rm -rf $(VENV) node_modules
