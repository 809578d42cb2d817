"""The batch on a real Dask cluster (two worker processes) equals the single-process run.

Worker processes and the reference run share a pinned ``PYTHONHASHSEED``; see
``test_batch.py`` for why results of processes with different seeds may differ.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_batch import HASH_SEED, LEXICAL, make_records, run_in_subprocess, write_jsonl

from citemark.batch import run_batch, run_on_dask

distributed = pytest.importorskip("distributed")


def _loaded_states() -> int:
    """How many per-process states (config, prepared sources, model) a worker holds."""
    from citemark import batch

    return len(batch._STATES)


@pytest.mark.timeout(180)
def test_dask_batch_equals_single_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONHASHSEED", HASH_SEED)  # inherited by the spawned workers
    records = make_records(20, seed=3)
    in_path = write_jsonl(tmp_path / "in.jsonl", [*records[:7], "not json", *records[7:]])
    reference = run_in_subprocess(in_path, tmp_path / "single.jsonl")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        worker_dashboard_address=None,
    ) as cluster:
        stats = run_batch(
            in_path,
            tmp_path / "dask.jsonl",
            config=LEXICAL,
            dask_address=cluster.scheduler_address,
            progress=False,
            chunk_size=3,
        )
        with distributed.Client(cluster) as client:
            assert set(client.run(_loaded_states).values()) == {1}
            streamed = list(run_on_dask(records[:4], client, config=LEXICAL, chunk_size=1))
    assert (stats.records, stats.written, stats.errors) == (21, 21, 1)
    assert reference.wait(timeout=120) == 0
    single = (tmp_path / "single.jsonl").read_bytes()
    assert (tmp_path / "dask.jsonl").read_bytes() == single
    first = [json.loads(line) for line in single.splitlines()[:4]]
    assert streamed == first
