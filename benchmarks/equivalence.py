"""Hash every report citemark gives over the dev files and the speed workloads.

A refactor that means to change no behaviour is checked by running this on the code
before and after it and comparing the two hash files::

    python benchmarks/equivalence.py --ignore rule --out before.tsv   # on the old code
    python benchmarks/equivalence.py --ignore rule --out after.tsv    # on the new code
    python benchmarks/equivalence.py --compare before.tsv after.tsv

Each line is ``preset, dataset, record id, sha256`` of ``align(...).to_dict()`` as
canonical JSON (sorted keys), with the keys named by ``--ignore`` removed at every
depth first, so that a field added on purpose does not hide every other difference.
Records are aligned twice: with the segmenter, as a user calls it, and with the gold
sentence offsets, as ``citemark eval`` does. ``--jobs`` splits the records over
processes; ``--limit`` takes the first N records of each file for a quick look, and
``--every N`` every Nth record (the ``precise`` preset runs the full MiniLM, about a
hundred times the default's cost, so its check over every record takes hours here).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = ("lfqa", "wice", "vitaminc", "summedits")
PRESETS = ("default", "lexical", "legal-strict", "precise")


def _records(
    files: Sequence[str], limit: int | None, every: int
) -> Iterator[tuple[str, str, str, list, list | None]]:
    for name in files:
        with open(DATA / f"{name}.jsonl", encoding="utf-8") as handle:
            for n, line in enumerate(handle):
                if limit is not None and n >= limit:
                    break
                if n % every:
                    continue
                data = json.loads(line)
                gold = [(int(s["start"]), int(s["end"])) for s in data["sentences"]]
                yield name, str(data["id"]), data["answer"], data["sources"], gold


def _workloads() -> Iterator[tuple[str, str, str, list, list | None]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import w1, w2

    for load in (w1(), w2()):
        sources = [{"id": doc_id, "text": text} for doc_id, text in load.sources]
        yield "workload", load.name, load.answer, sources, None


def _strip(value: object, ignore: frozenset[str]) -> object:
    if isinstance(value, dict):
        return {k: _strip(v, ignore) for k, v in value.items() if k not in ignore}
    if isinstance(value, list | tuple):
        return [_strip(v, ignore) for v in value]
    return value


def digest(report_dict: object, ignore: frozenset[str]) -> str:
    text = json.dumps(_strip(report_dict, ignore), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _run(args: tuple[str, list, frozenset[str]]) -> list[str]:
    import citemark

    preset, items, ignore = args
    lines = []
    for dataset, rid, answer, sources, gold in items:
        for how, sentences in (("segmented", None), ("gold", gold)):
            if how == "gold" and sentences is None:
                continue
            try:
                got = citemark.align(answer, sources, config=preset, sentences=sentences)
                sha = digest(got.to_dict(), ignore)
            except citemark.CitemarkError as exc:
                sha = "error:" + hashlib.sha256(str(exc).encode()).hexdigest()[:16]
            lines.append(f"{preset}\t{dataset}\t{rid}\t{how}\t{sha}")
    return lines


def produce(
    out: Path,
    presets: Sequence[str],
    files: Sequence[str],
    limit: int | None,
    every: int,
    jobs: int,
    ignore: frozenset[str],
) -> None:
    items = [*_records(files, limit, every), *_workloads()]
    chunks = max(jobs * 8, 1)
    tasks = [(preset, items[i::chunks], ignore) for preset in presets for i in range(chunks)]
    with ProcessPoolExecutor(jobs) as pool, open(out, "w", encoding="utf-8") as handle:
        for lines in pool.map(_run, tasks):
            handle.writelines(line + "\n" for line in lines)
    print(f"{out}: {len(out.read_text(encoding='utf-8').splitlines())} reports hashed")


def compare(before: Path, after: Path) -> int:
    def read(path: Path) -> dict[tuple[str, ...], str]:
        rows = (line.split("\t") for line in path.read_text(encoding="utf-8").splitlines())
        return {tuple(r[:4]): r[4] for r in rows if r and r[0]}

    a, b = read(before), read(after)
    differ = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    only = sorted(a.keys() ^ b.keys())
    by_preset: dict[str, list[int]] = {}
    for key in a.keys() | b.keys():
        row = by_preset.setdefault(key[0], [0, 0])
        row[0] += 1
        row[1] += key in differ or key in only
    for preset, (n, bad) in sorted(by_preset.items()):
        print(f"{preset:13} {n:7} reports  {n - bad:7} equal  {bad:5} differ")
    for key in differ[:20]:
        print("differs:", *key)
    for key in only[:20]:
        print("in one file only:", *key)
    return 1 if differ or only else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--every", type=int, default=1, help="take every Nth record of a file")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--ignore", default="", help="comma-separated keys left out")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("give --out FILE or --compare BEFORE AFTER")
    ignore = frozenset(filter(None, args.ignore.split(",")))
    produce(
        args.out,
        args.presets.split(","),
        args.files.split(","),
        args.limit,
        args.every,
        args.jobs,
        ignore,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
