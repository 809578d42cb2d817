"""Peak memory of ``citemark.batch.run_batch`` as its input grows.

The LFQA dev file is turned into batch input (``{"id", "answer", "sources"}`` per
line) in a temporary folder, repeated 1x, 2x, 4x and 8x with fresh ids, and each
file is aligned by ``run_batch`` in a fresh interpreter whose peak resident set
size (``ru_maxrss``) is reported. A streaming batch keeps it flat: what grows with
the input is only the output file.

Run from the repository root::

    python benchmarks/batch_memory.py                  # lexical, 1x-8x (~2 minutes)
    python benchmarks/batch_memory.py --mode hybrid --copies 1,2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from _common import DATA_DIR, environment_header, markdown_table

LFQA = DATA_DIR / "lfqa.jsonl"
CHILD = """
import json, resource, sys
from citemark.batch import run_batch
from citemark.config import load_config
stats = run_batch(sys.argv[1], sys.argv[2], config=load_config("default").with_(mode=sys.argv[3]),
                  progress=False)
peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"records": stats.records, "errors": stats.errors, "seconds": stats.seconds,
                  "peak_mib": peak_kib / 1024}))
"""


def write_input(path: Path, copies: int) -> int:
    """LFQA records as batch input, ``copies`` times over; returns the size in bytes."""
    with LFQA.open(encoding="utf-8") as source, path.open("w", encoding="utf-8") as out:
        lines = source.readlines()
        for copy in range(copies):
            for line in lines:
                record = json.loads(line)
                batch = {"id": f"{record['id']}#{copy}", "answer": record["answer"]}
                batch["sources"] = record["sources"]
                out.write(json.dumps(batch, ensure_ascii=False) + "\n")
    return path.stat().st_size


def measure(copies: int, mode: str, folder: Path) -> tuple[str, ...]:
    in_path, out_path = folder / f"in{copies}.jsonl", folder / f"out{copies}.jsonl"
    size = write_input(in_path, copies)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(in_path), str(out_path), mode],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return (
        f"{copies}x",
        f"{result['records']:,}",
        f"{size / 2**20:.1f} MiB",
        f"{out_path.stat().st_size / 2**20:.1f} MiB",
        f"{result['peak_mib']:.0f} MiB",
        f"{result['seconds']:.1f} s",
        f"{result['records'] / result['seconds']:.0f}",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("lexical", "hybrid"), default="lexical")
    parser.add_argument("--copies", default="1,2,4,8", help="input sizes, comma-separated")
    args = parser.parse_args(argv)
    if not LFQA.is_file():
        print(f"skipped: {LFQA} not found", file=sys.stderr)
        return 0
    copies = [int(c) for c in args.copies.split(",")]
    with tempfile.TemporaryDirectory(prefix="citemark-batch-") as folder:
        rows = [measure(n, args.mode, Path(folder)) for n in copies]
    header = ("input", "records", "input size", "output size", "peak RSS", "time", "records/s")
    print(f"## Batch memory: LFQA dev file as batch input, {args.mode} mode, 1 worker\n")
    print(environment_header(("citemark", "spacy", "torch")) + "\n")
    print(markdown_table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
