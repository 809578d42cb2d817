"""Chunks of one document read as the document: reports on random chunkings, beside the whole.

For unseen W1- and W2-shaped workloads (other CUAD contracts, see
``speed.unseen_workloads``), each source is cut into random chunks (300-3,000 characters,
each reaching up to 200 characters back into the one before, LangChain-shaped with
``start_index``), the chunks of all sources shuffled together, and the answer aligned
against them and against the whole sources given in the same document order (a document's
place being its first chunk's). Prints, per workload, whether the two reports'
``to_dict()`` are the same (which chunk a citation names aside) and whether every citation
names a chunk that holds where its evidence starts.

    python benchmarks/chunk_equivalence.py [--preset default] [--count 4] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import _common
import speed

from citemark import SourceIndex, align
from citemark.config import load_config


def seen(data: Any) -> Any:
    """A report's ``to_dict()`` without the chunk each citation names (``source_index``,
    which counts places in the list as given): everything else must be the same."""
    if isinstance(data, dict):
        return {k: seen(v) for k, v in data.items() if k != "source_index"}
    if isinstance(data, list):
        return [seen(v) for v in data]
    return data


def chunked(sources: list[dict[str, str]], rng: random.Random) -> list[dict[str, Any]]:
    """Random overlapping chunks of every source, shuffled together."""
    out: list[dict[str, Any]] = []
    for source in sources:
        text, at = source["text"], 0
        while at < len(text):
            size = rng.randint(300, 3000)
            start = max(at - rng.randint(0, 200), 0)
            metadata = {"source": source["id"], "start_index": start}
            out.append({"page_content": text[start : at + size], "metadata": metadata})
            at += size
    rng.shuffle(out)
    return out


def holds(chunk: dict[str, Any], start: int) -> bool:
    offset = chunk["metadata"]["start_index"]
    return offset <= start < offset + len(chunk["page_content"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="default")
    parser.add_argument("--count", type=int, default=4, help="workloads of each shape")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    config = load_config(args.preset)
    rng = random.Random(args.seed)
    same = total = 0
    for seed in (_common.w1(), _common.w2()):
        for w in speed.unseen_workloads(seed, args.count):
            sources = w.as_dicts()
            chunks = chunked(sources, rng)
            order = [d.id for d in SourceIndex(chunks, config).documents]
            whole = sorted(sources, key=lambda s: order.index(s["id"]))
            report = align(w.answer, chunks, config=config)
            equal = seen(report.to_dict()) == seen(align(w.answer, whole, config=config).to_dict())
            misplaced = sum(
                not holds(chunks[c.source_index], c.source_start)
                for s in report.sentences
                for c in s.citations
            )
            same += equal
            total += 1
            print(
                f"{w.name}: {len(chunks)} chunks, report {'the same' if equal else 'DIFFERENT'}, "
                f"citations naming a chunk that does not hold them: {misplaced}"
            )
    print(f"{same} of {total} reports the same as the whole documents'")


if __name__ == "__main__":
    main()
