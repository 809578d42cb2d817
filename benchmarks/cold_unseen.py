"""Cold calls on unseen text beside Cite-Right, interleaved per workload, in CPU time.

For each of ``--w1`` unseen W1-shaped and ``--w2`` W2-shaped workloads (other CUAD
contracts, see ``speed.unseen_workloads``), Cite-Right and a first citemark
``align(answer, sources)`` run back to back, so that both meet the same machine load;
then a prepared ``SourceIndex`` call on the seed workload. Prints the medians and
Cite-Right's time over citemark's (above 1.0: citemark is faster).

To compare two versions of citemark on the same machine, run it once per checkout, in
turns::

    OPENBLAS_NUM_THREADS=1 python benchmarks/cold_unseen.py
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=../other-checkout/src python benchmarks/cold_unseen.py
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable

import _common
import speed

import citemark
from citemark.config import load_config
from citemark.index import SourceIndex
from citemark.pipeline import align


def _cpu(call: Callable[[], object]) -> float:
    """CPU seconds of one call, after a collection (as ``speed.unseen_row`` does)."""
    gc.collect()
    return _common.time_once(call)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    speed.add_unseen_options(parser)
    args = parser.parse_args()
    from cite_right import SourceDocument, align_citations

    _common.clock = time.process_time
    config = load_config(args.preset)
    speed.warm_up(config)
    print(f"citemark from {citemark.__file__}, preset {args.preset}")
    for seed, count in ((_common.w1(), args.w1), (_common.w2(), args.w2)):
        ours, peer = [], []
        for w in speed.unseen_workloads(seed, count):
            sources = w.as_dicts()
            docs = [SourceDocument(id=sid, text=text) for sid, text in w.sources]
            peer.append(_cpu(lambda w=w, docs=docs: align_citations(w.answer, docs)))
            ours.append(_cpu(lambda w=w, s=sources: align(w.answer, s, config=config)))
        index = SourceIndex(seed.as_dicts(), config)
        align(seed.answer, None, index=index, config=config)
        again = lambda a=seed.answer, i=index: align(a, None, index=i, config=config)  # noqa: E731
        prepared = [_cpu(again) for _ in range(10)]
        cold, cr, prep = (statistics.median(v) for v in (ours, peer, prepared))
        print(
            f"{seed.name}: cold {cold * 1e3:.1f} ms, prepared {prep * 1e3:.2f} ms, "
            f"Cite-Right {cr * 1e3:.1f} ms; Cite-Right/citemark cold {cr / cold:.2f}, "
            f"prepared {cr / prep:.2f}"
        )


if __name__ == "__main__":
    main()
