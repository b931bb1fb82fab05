"""A clock that a test moves on by hand, for whatever takes a clock to call."""

from __future__ import annotations


class FakeTime:
    """Returns `now` (seconds) when called; the test moves it on."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
