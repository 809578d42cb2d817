"""A time budget for one call, checked cooperatively between pieces of work.

``align(..., deadline=5)`` (or a :class:`Deadline`) makes the pipeline look at
the clock between stages, every few hundred sentences, between embedding
batches and between source documents, and raise :class:`DeadlineExceeded` once
the budget is spent. A check is one ``time.monotonic()`` call, so checking often
costs nothing measurable. The HTTP service gives every request one
(``--max-seconds``): the worker thread stops at the next check and is free again.

A check cannot interrupt a step already running; the overrun is bounded by the
longest step between two checks: segmenting one text with spaCy, one embedding
batch of 64 sentences, or matching and scoring one block of sentences.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .errors import InputError


class DeadlineExceeded(TimeoutError):
    """The call ran past its time budget and was stopped; nothing was returned."""

    def __init__(self, seconds: float, stage: str) -> None:
        super().__init__(
            f"stopped after the time budget of {seconds:g} s was spent ({stage}); "
            "send a shorter answer or fewer sources, or allow more time"
        )
        self.seconds = seconds
        self.stage = stage


@dataclass(frozen=True)
class Deadline:
    """A point on the monotonic clock, and the budget it was made from (for messages)."""

    at: float
    seconds: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """The deadline ``seconds`` from now."""
        return cls(time.monotonic() + seconds, seconds)

    @property
    def remaining(self) -> float:
        return self.at - time.monotonic()

    def check(self, stage: str) -> None:
        """Raise :class:`DeadlineExceeded` if the budget is spent; ``stage`` says where."""
        if time.monotonic() > self.at:
            raise DeadlineExceeded(self.seconds, stage)


def as_deadline(value: Deadline | float | None) -> Deadline | None:
    """A :class:`Deadline` from one, from a budget in seconds (from now), or ``None``."""
    if value is None or isinstance(value, Deadline):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise InputError(
            f"deadline must be a Deadline or a positive number of seconds, got {value!r}"
        )
    if math.isinf(value):
        return None
    return Deadline.after(float(value))


def check(deadline: Deadline | None, stage: str) -> None:
    """:meth:`Deadline.check` when there is a deadline."""
    if deadline is not None:
        deadline.check(stage)
