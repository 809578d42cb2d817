"""Start-up cost: fresh-process wall times of importing citemark and of one `citemark check`.

Prints the median of ``--runs`` runs of a bare interpreter (``python -c pass``),
``import citemark``, ``from citemark import align`` and ``citemark check`` on the
bundled lease example, each a new process, so what is measured is what a script or a
CI step pays before its first answer. The goals: ``import citemark`` within 0.30 s of
the bare interpreter, ``citemark check`` within 1.5 s.

    python benchmarks/startup.py --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "citemark" / "examples" / "lease.json"


def _median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = json.loads(EXAMPLE.read_text("utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        sources, answer = Path(tmp) / "sources.json", Path(tmp) / "answer.txt"
        sources.write_text(json.dumps(data["sources"]), "utf-8")
        answer.write_text(data["answer"], "utf-8")
        py = sys.executable
        commands = {
            "python -c pass": [py, "-c", "pass"],
            "import citemark": [py, "-c", "import citemark"],
            "from citemark import align": [py, "-c", "from citemark import align"],
            "citemark check (lease example)": [
                py, "-m", "citemark", "check", "--sources", str(sources), str(answer),
            ],
        }  # fmt: skip
        medians = {name: _median_seconds(argv, args.runs) for name, argv in commands.items()}
    bare = medians["python -c pass"]
    for name, seconds in medians.items():
        over = f"  ({seconds - bare:+.3f} s over bare)" if seconds is not bare else ""
        print(f"{name:32s} {seconds:.3f} s{over}")


if __name__ == "__main__":
    main()
