"""The pages of running tournaments, kept up to date as results land and sent at once.

While a Swiss of 64 plays, the hub's event loop is busy with every table's moves: a page read on
its own thread (`page_reader`) waited for a turn of the loop to ask, for the thread to get the
interpreter from the loop, and for another turn of the loop to answer (a member's query took
20 to 45 ms for a read of 1.5 ms). A page kept here is answered in the turn that asked for it.

The hub says when what pages show changed (`changed`: a table's end kept, an entry, a round
opened, a tournament ended): a kept page is sent no more until it is read again, and a read
begun before the change is not kept. The tournament runner reads again the pages asked for
lately at each of its looks (a table's end wakes it at once, and it looks every half second),
so a page is rarely missing when asked for. What changes beside this hub (the keeper's commands
from the shell, another node of a shared club) shows once a kept page is older than
`PAGE_FRESH` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

PAGE_FRESH = 1.0
"""Seconds a kept page is sent again without being read again (for changes made beside this
hub; its own changes drop it at once)."""
ASKED_LATELY = 10.0
"""Seconds after it was last asked for that a page is still kept up to date."""


@dataclass
class _Kept:
    data: bytes
    generation: int
    read_at: float
    asked_at: float


class PageCache:
    """Encoded pages by key, each with the change it saw and the time it was read."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._kept: dict[Hashable, _Kept] = {}
        self.generation = 0
        """Grows with every change: a read begun in an older generation is not kept."""

    def get(self, key: Hashable) -> bytes | None:
        """The page kept under `key` if nothing changed since it was read and it is fresh."""
        kept = self._kept.get(key)
        now = self._clock()
        if kept is None or kept.generation != self.generation or now - kept.read_at >= PAGE_FRESH:
            return None
        kept.asked_at = now
        return kept.data

    def keep(self, key: Hashable, generation: int, data: bytes, read_at: float) -> None:
        """Keep a page read from `read_at` on, unless something changed since `generation`."""
        if generation != self.generation:
            return
        before = self._kept.get(key)
        asked_at = read_at if before is None else before.asked_at
        self._kept[key] = _Kept(data, generation, read_at, asked_at)

    def to_read_again(self) -> list[Hashable]:
        """The pages to read again to keep them up to date: asked for in the last
        `ASKED_LATELY` seconds, and changed since they were read or half as old as
        `PAGE_FRESH`; the pages not asked for lately are let go."""
        now = self._clock()
        for key in [k for k, kept in self._kept.items() if now - kept.asked_at >= ASKED_LATELY]:
            del self._kept[key]
        return [
            key
            for key, kept in self._kept.items()
            if kept.generation != self.generation or now - kept.read_at >= PAGE_FRESH / 2
        ]

    def forget(self, key: Hashable) -> None:
        """Keep `key`'s page no more (its tournament is not running)."""
        self._kept.pop(key, None)

    def now(self) -> float:
        """The cache's clock (a read notes it before it starts)."""
        return self._clock()

    def changed(self) -> None:
        """What the pages show changed: no kept page is sent until it is read again."""
        self.generation += 1
