"""What streaming a long answer costs, beside ``align`` of the whole text.

Each row feeds one long text through :class:`citemark.Streamer` in small chunks, as a
model's tokens arrive, then aligns the whole text once; a stream that re-read what it
had released, or re-segmented a long pending sentence per chunk, shows here as a
stream far slower than ``align`` (``tests/test_stream.py`` counts the characters read).
The texts repeat one sentence; the source is one sentence of a lease. Run it with
``PYTHONPATH`` at another checkout's ``src`` to time that code.

    python benchmarks/stream_scaling.py [--quick]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import _common

from citemark import Streamer, align, load_config

SOURCES = [
    {
        "id": "lease",
        "text": "The tenant shall pay rent of $2,400 per month. The landlord repairs the roof.",
    }
]
# (label, the text's unit, its length, chunk size)
CASES = (
    ("short sentences", "The tenant shall pay rent monthly to the landlord. ", 200_000, 20),
    ("one sentence, no terminator", "the tenant shall pay rent to the landlord and ", 130_000, 20),
    (
        "one sentence, many abbreviations",
        "the tenant under 42 U.S.C. § 1983 and Cal. Civ. Code § 1950.5 shall pay 8.5 "
        "percent of rent and ",
        10_000,
        20,
    ),
    ("Chinese, no spaces", "租金每月支付。押金三十天内退还。房东必须同意转租。", 40_000, 5),
)


def _seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _stream(text: str, size: int) -> None:
    streamer = Streamer(SOURCES, config=load_config("lexical"))
    for n in range(0, len(text), size):
        streamer.feed(text[n : n + size])
    streamer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of each length")
    args = parser.parse_args()
    print(_common.environment_header())
    print("| text | characters | chunk | stream | align of the whole | stream / align |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, unit, length, size in CASES:
        length = length // 10 if args.quick else length
        text = (unit * (length // len(unit) + 1))[:length]
        streamed = _seconds(lambda text=text, size=size: _stream(text, size))
        whole = _seconds(lambda text=text: align(text, SOURCES, config="lexical"))
        print(
            f"| {label} | {length:,} | {size} | {streamed:.2f} s | {whole:.2f} s "
            f"| {streamed / whole:.1f}x |"
        )


if __name__ == "__main__":
    main()
