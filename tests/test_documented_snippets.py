"""The snippets the README and docs/integrations.md show for pytest, ragas, DeepEval,
LlamaIndex, LangChain and notebooks, and docs/citations.md for the citation fields of LLM
APIs, run as written, offline.

Each Python block runs in a fresh process in an empty folder, with no API key, telemetry
off and a home folder of its own, as a user pasting it would run it; a block defining a
``test_`` function runs under pytest with citemark's plugin. A printed value the block
promises in a trailing comment (``print(x)  # 0.5``) must appear in its output.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"```python\n(.*?)```", re.DOTALL)
# "print(...)  # 0.5" or "print(...)  # {'citemark_faithfulness': 0.5000}"
PROMISE = re.compile(r"^print\(.*\)[ \t]+#[ \t]*([^#\n]+?)[ \t]*$", re.MULTILINE)


def _blocks(path: Path, heading: str | None = None) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if heading is not None:
        start = text.index(heading)
        end = text.find("\n## ", start + len(heading))
        text = text[start : end if end != -1 else len(text)]
    return FENCE.findall(text)


README_BLOCKS = _blocks(ROOT / "README.md", "## Use it where you already test")
DOCS_BLOCKS = _blocks(ROOT / "docs" / "integrations.md")
CITATION_BLOCKS = _blocks(ROOT / "docs" / "citations.md", "## What is read")


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        RAGAS_DO_NOT_TRACK="true",
        DEEPEVAL_TELEMETRY_OPT_OUT="YES",
        DEEPEVAL_DISABLE_DOTENV="1",
        LANGSMITH_TRACING="false",
        LANGCHAIN_TRACING_V2="false",
        PYTHONWARNINGS="ignore",
    )
    return env


def _run(block: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    home = tmp_path / "home"
    home.mkdir()
    if re.search(r"^def test_", block, re.MULTILINE):
        path = tmp_path / "test_snippet.py"
        path.write_text(block, encoding="utf-8")
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:deepeval",
            "-p",
            "no:cacheprovider",
            str(path),
        ]
    else:
        path = tmp_path / "snippet.py"
        path.write_text(block, encoding="utf-8")
        command = [sys.executable, str(path)]
    return subprocess.run(
        command, cwd=tmp_path, env=_env(home), capture_output=True, text=True, timeout=300
    )


def _check(block: str, tmp_path: Path) -> None:
    done = _run(block, tmp_path)
    assert done.returncode == 0, f"{block}\n--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}"
    for promised in PROMISE.findall(block):
        first = promised.split("...")[0].strip()
        assert first in done.stdout, f"{block}\nprinted:\n{done.stdout}\npromised: {first}"


def test_the_readme_shows_a_snippet_for_each_place_users_test() -> None:
    joined = "\n".join(README_BLOCKS)
    for name in (
        "citemark.testing",
        "integrations.ragas",
        "integrations.deepeval",
        "integrations.llamaindex",
    ):
        assert name in joined


@pytest.mark.slow
@pytest.mark.parametrize("block", README_BLOCKS, ids=lambda b: b.split("\n", 1)[0][:40])
def test_every_readme_integration_snippet_runs_as_written(block: str, tmp_path: Path) -> None:
    _check(block, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("block", DOCS_BLOCKS, ids=lambda b: b.split("\n", 1)[0][:40])
def test_every_integrations_doc_snippet_runs_as_written(block: str, tmp_path: Path) -> None:
    _check(block, tmp_path)


@pytest.mark.parametrize("block", CITATION_BLOCKS, ids=lambda b: b.split("\n", 1)[0][:40])
def test_every_structured_citations_snippet_runs_as_written(block: str, tmp_path: Path) -> None:
    _check(block, tmp_path)
