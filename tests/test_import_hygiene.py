"""The command line's fast path imports no torch; the MiniLM path still can.

Each test runs a real ``citemark`` process (the CLI's ``main`` under a ``-c`` wrapper
that reports ``sys.modules`` when the command exits), since what is imported is a
property of the whole process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "citemark" / "examples" / "lease.json"

# Runs the CLI as `citemark ARGS...` and, whatever it exits with, prints which of the
# watched modules ended up imported, as the last line of standard output.
WRAPPER = """
import atexit, json, sys
WATCHED = ("torch", "sentence_transformers", "fastapi", "dask", "sklearn", "matplotlib")
atexit.register(lambda: print(json.dumps({m: m in sys.modules for m in WATCHED})))
from citemark.cli import main
main(args=sys.argv[1:], prog_name="citemark")
"""

needs_torch = pytest.mark.skipif(find_spec("torch") is None, reason="torch is not installed")


def _example(tmp_path: Path) -> tuple[Path, Path]:
    data = json.loads(EXAMPLE.read_text("utf-8"))
    sources, answer = tmp_path / "sources.json", tmp_path / "answer.txt"
    sources.write_text(json.dumps(data["sources"]), "utf-8")
    answer.write_text(data["answer"], "utf-8")
    return sources, answer


def _run_cli(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, dict[str, bool]]:
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
    )
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr
    return done.returncode, "\n".join(lines[:-1]), json.loads(lines[-1])


@needs_torch
@pytest.mark.parametrize("command", ["check", "tag"])
def test_lexical_command_never_imports_torch(tmp_path: Path, command: str) -> None:
    sources, answer = _example(tmp_path)
    code, out, modules = _run_cli(
        command, "--config", "lexical", "--sources", str(sources), str(answer)
    )
    assert code in (0, 1), out
    assert "lease" in out  # it really aligned: citations name the example's source
    assert modules == {name: False for name in modules}, modules


@needs_torch
def test_the_switch_can_be_turned_off(tmp_path: Path) -> None:
    """CITEMARK_SPACY_TORCH=1 leaves spaCy's import as it was: thinc loads torch."""
    sources, answer = _example(tmp_path)
    _, _, modules = _run_cli(
        "check", "--config", "lexical", "--sources", str(sources), str(answer),
        env={"CITEMARK_SPACY_TORCH": "1"},
    )  # fmt: skip
    assert modules["torch"] is True


@needs_torch
def test_torch_still_imports_after_spacy_was_imported_without_it() -> None:
    """The MiniLM embedder imports torch itself after the segmenter built its pipeline."""
    code = (
        "import os, sys; os.environ['CITEMARK_SPACY_TORCH'] = '0'\n"
        "from citemark.segment import segment\n"
        "assert len(segment('One. Two.')) == 2\n"
        "assert 'torch' not in sys.modules\n"
        "import torch\n"
        "print(float(torch.tensor([1.5, 2.0]).sum()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "3.5"


# A batch worker as the process pool starts it: its initializer, then one chunk.
WORKER = """
import json, sys
from citemark.batch import _Item, _init_worker, process_chunk
from citemark.config import load_config
config = load_config(sys.argv[1])
_init_worker(config, 1)
record = json.loads(sys.argv[2])
(line,) = process_chunk([_Item(0, record)], config)
print(json.dumps(json.loads(line)["report"]["summary"]))
print(json.dumps({"torch": "torch" in sys.modules}))
"""


@needs_torch
@pytest.mark.parametrize("preset", ["default", "lexical"])
def test_a_batch_worker_of_the_fast_presets_never_imports_torch(preset: str) -> None:
    data = json.loads(EXAMPLE.read_text("utf-8"))
    record = json.dumps({"id": "r1", "answer": data["answer"], "sources": data["sources"]})
    done = subprocess.run(
        [sys.executable, "-c", WORKER, preset, record],
        capture_output=True,
        text=True,
        env={**os.environ, "CITEMARK_SPACY_TORCH": "0"},  # as the command line's workers inherit
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    summary, modules = (json.loads(line) for line in done.stdout.strip().splitlines()[-2:])
    assert summary["sentences"] == 7  # it really aligned the example
    assert modules == {"torch": False}
