"""Embedder speed: model size, load time in a fresh process, sentences per second.

    PYTHONPATH=src python benchmarks/embed.py [--minilm] [--sentences 2000]

Load time is measured in a new interpreter (import of the embedder module plus the
model load and one encode), as a process pays it on its first hybrid call.
Throughput embeds distinct sentences of the dev data (or of the bundled example
when the dev data is absent), uncached, in batches of 256.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

LOAD = """
import time, sys
t = time.perf_counter()
from citemark.embed import make_embedder
e = make_embedder(sys.argv[1], "cpu")
e.encode(["Warm-up sentence."])
print(time.perf_counter() - t, "torch" in sys.modules)
"""


def sentences(limit: int) -> list[str]:
    """Distinct source sentences to embed: the dev data's if present, else the example's."""
    from citemark.segment import segment

    texts: list[str] = []
    files = sorted(DATA.glob("*.jsonl")) if DATA.is_dir() else []
    for path in files:
        for line in path.read_text("utf-8").splitlines():
            record = json.loads(line)
            for source in record.get("sources", []):
                text = source.get("text", "")
                texts.extend(text[s.start : s.end] for s in segment(text[:20_000]))
            if len(set(texts)) >= limit:
                return sorted(set(texts))[:limit]
    if not texts:
        from importlib import resources

        example = json.loads(
            resources.files("citemark").joinpath("examples/lease.json").read_text()
        )
        for source in example["sources"]:
            texts.extend(source["text"][s.start : s.end] for s in segment(source["text"]))
    return sorted(set(texts))[:limit]


def load_seconds(kind: str) -> tuple[float, bool]:
    out = subprocess.run(
        [sys.executable, "-c", LOAD, kind], capture_output=True, text=True, check=True
    )
    seconds, torch = out.stdout.split()
    return float(seconds), torch == "True"


def throughput(kind: str, texts: list[str]) -> float:
    from citemark.embed import make_embedder

    embedder = make_embedder(kind, "cpu")
    embedder.encode(["Warm-up sentence."])
    start = time.perf_counter()
    for first in range(0, len(texts), 256):
        embedder.encode_uncached(texts[first : first + 256])
    return len(texts) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minilm", action="store_true", help="also measure the MiniLM embedder")
    parser.add_argument("--sentences", type=int, default=2000)
    args = parser.parse_args()
    from citemark.embed.static import MODEL_FILES, model_dir

    texts = sentences(args.sentences)
    size = sum((model_dir() / name).stat().st_size for name in MODEL_FILES)
    kinds = ["static", "minilm"] if args.minilm else ["static"]
    print(f"{len(texts)} distinct sentences; static model files {size / 2**20:.1f} MiB\n")
    print("| embedder | load (fresh process) | imports torch | sentences/s | vs static |")
    print("| --- | --- | --- | --- | --- |")
    base = None
    for kind in kinds:
        seconds, torch = load_seconds(kind)
        rate = throughput(kind, texts if kind == "static" else texts[: min(len(texts), 500)])
        base = base or rate
        ratio = "1x" if rate == base else f"{base / rate:.0f}x slower"
        print(f"| {kind} | {seconds:.2f} s | {torch} | {rate:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
