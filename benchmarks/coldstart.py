"""Cold start of the command line: ``citemark check`` on the bundled lease example.

Each sample is a fresh ``python -m citemark check --config PRESET`` process on
``src/citemark/examples/lease.json`` (its answer and its documents), timed from
outside (wall clock, and the child's CPU time, which a busy machine distorts
less). A last run under ``python -X importtime`` says how much of that is
importing, which modules cost most, and whether torch was imported at all (it
must not be for a preset that needs no MiniLM model).

Run from the repository root::

    python benchmarks/coldstart.py                       # lexical and default, 5 runs each
    python benchmarks/coldstart.py --preset lexical --runs 9
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from _common import REPO, environment_header, fmt_seconds, markdown_table

EXAMPLE = REPO / "src" / "citemark" / "examples" / "lease.json"
# Imports worth naming when they show up on the path of a command that does not need them.
WATCHED = ("torch", "sentence_transformers", "sklearn", "scipy", "fastapi", "dask", "matplotlib")
_IMPORT_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)$")


@dataclass(frozen=True)
class ColdRun:
    """Medians over fresh processes of one preset, and what the import profile showed."""

    preset: str
    wall: float
    cpu: float
    spread: float
    runs: int
    exit_code: int
    imports: float
    top: tuple[tuple[str, float], ...]
    watched: tuple[str, ...]


def example_files(directory: Path) -> tuple[Path, Path]:
    """The example's sources (a JSON list) and answer (text), as ``check`` reads them."""
    data = json.loads(EXAMPLE.read_text("utf-8"))
    sources = directory / "sources.json"
    answer = directory / "answer.txt"
    sources.write_text(json.dumps(data["sources"]), "utf-8")
    answer.write_text(data["answer"], "utf-8")
    return sources, answer


def check_command(preset: str, sources: Path, answer: Path) -> list[str]:
    sources_args = ["--sources", str(sources), str(answer)]
    return [sys.executable, "-m", "citemark", "check", "--config", preset, *sources_args]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # An explicit PYTHONPATH comes first, so another checkout can be timed the same way.
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (env.get("PYTHONPATH", ""), str(REPO / "src")) if p
    )
    return env


def time_process(command: Sequence[str]) -> tuple[float, float, int]:
    """Wall seconds, child CPU seconds (user + system) and exit code of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=_env(), capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}")
    return wall, cpu, done.returncode


def import_profile(command: Sequence[str]) -> tuple[float, list[tuple[str, float]], list[str]]:
    """Total import seconds, the costliest top-level imports, and the watched ones seen."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]], env=_env(), capture_output=True, text=True
    )
    top: list[tuple[str, float]] = []
    seen: set[str] = set()
    for line in done.stderr.splitlines():
        match = _IMPORT_LINE.match(line)
        if match is None:
            continue
        cumulative, indent, module = int(match[2]) / 1e6, len(match[3]), match[4]
        # A failed import (thinc's `import torch` while it is hidden) is listed too, with
        # a few microseconds and no submodules: only a real import counts.
        if "." in module or cumulative >= 0.001:
            seen.add(module.split(".")[0])
        if indent == 1:  # imported by the program itself, not by another import
            top.append((module, cumulative))
    top.sort(key=lambda item: -item[1])
    watched = [name for name in WATCHED if name in seen]
    return sum(seconds for _, seconds in top), top, watched


def cold_run(preset: str, runs: int, sources: Path, answer: Path) -> ColdRun:
    command = check_command(preset, sources, answer)
    time_process(command)  # warm the OS file cache; not counted
    samples = [time_process(command) for _ in range(runs)]
    walls = [s[0] for s in samples]
    wall = statistics.median(walls)
    imports, top, watched = import_profile(command)
    return ColdRun(
        preset=preset,
        wall=wall,
        cpu=statistics.median(s[1] for s in samples),
        spread=(max(walls) - min(walls)) / wall,
        runs=runs,
        exit_code=samples[-1][2],
        imports=imports,
        top=tuple(top[:4]),
        watched=tuple(watched),
    )


def table(results: Sequence[ColdRun]) -> str:
    header = (
        "preset",
        "wall (median)",
        "±spread",
        "CPU (median)",
        "imports",
        "costliest imports",
        "heavy modules imported",
        "exit",
    )
    rows = [
        (
            r.preset,
            f"**{fmt_seconds(r.wall)}**",
            f"±{r.spread:.0%}",
            fmt_seconds(r.cpu),
            fmt_seconds(r.imports),
            ", ".join(f"{name} {fmt_seconds(s)}" for name, s in r.top),
            ", ".join(r.watched) or "none",
            str(r.exit_code),
        )
        for r in results
    ]
    return markdown_table(header, rows)


def _available(preset: str) -> bool:
    from citemark.config import preset_names

    return preset in preset_names()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", action="append", help="preset(s); default: lexical, default")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per preset")
    args = parser.parse_args(argv)
    presets = args.preset or ["lexical", "default"]
    print("## Cold start: `citemark check` on the bundled lease example\n")
    print(environment_header(("citemark", "spacy", "torch")))
    print(f"- load average at start: {', '.join(f'{v:.2f}' for v in os.getloadavg())}\n")
    with tempfile.TemporaryDirectory() as tmp:
        sources, answer = example_files(Path(tmp))
        results = []
        for preset in presets:
            if not _available(preset):
                print(f"(preset {preset!r} is not in this installation; skipped)")
                continue
            results.append(cold_run(preset, args.runs, sources, answer))
    print(table(results))
    print(
        f"\nMedian of {args.runs} fresh processes each (one warm-up run not counted); "
        "*imports* = sum of the top-level imports under `-X importtime` in one more run; "
        "exit 1 = `check` found an unsupported sentence (the example has one)."
    )


if __name__ == "__main__":
    main()
