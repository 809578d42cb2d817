"""Emptying what citemark remembers from one call to the next.

Words, stems, passages, their analyses and their vectors recur across answers, so the
pipeline keeps tables of them, each bounded (an ``lru_cache`` with a ``maxsize``, the
embedder's vectors, the static tokenizer's chunks, the fact tokens' traits). A worker
that has seen many thousands of new texts holds them all up to their bounds: a
process aligning new texts grew by about 20 KB a call over 5,000 calls.
:func:`clear_caches` empties them at a moment the caller chooses (between batches, in
an idle worker); results never depend on them, only the speed of the next calls does.
What is loaded once per process (the segmenter's pipeline, the models) stays.
"""

from __future__ import annotations

import sys


def clear_caches() -> int:
    """Empty citemark's bounded memo tables; returns how many were emptied."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if name != "citemark" and not name.startswith("citemark."):
            continue
        for value in list(vars(module).values()):
            info = getattr(value, "cache_info", None)
            # maxsize None: a loaded-once value (a pipeline, a model), not a memo table
            if callable(info) and info().maxsize is not None:
                value.cache_clear()
                emptied += 1
    from .embed import loaded_embedders
    from .facts.text import clear_traits

    clear_traits()
    emptied += 1
    for embedder in loaded_embedders():
        embedder.clear_cache()
        emptied += 1
    return emptied
