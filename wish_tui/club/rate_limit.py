"""A small rate limiter for the hub: so many of one kind of request per person in a window.

Each (person, kind) has a bucket of `Limit.count` tokens that refills evenly over `Limit.per`
seconds; a request takes one token, or is refused with the seconds to wait. The clock is
injectable, so tests need no sleeping. Memory stays bounded: buckets that have refilled are
forgotten when there are too many.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from .errors import InputRefused


@dataclass(frozen=True)
class Limit:
    """At most `count` requests of a kind in any `per` seconds (a burst of `count` is allowed)."""

    count: int
    per: float
    what: str
    """The requests in words, plural: 'new tables', 'chat lines'."""


DEFAULT_LIMITS = {
    "table": Limit(5, 60.0, "new tables"),
    "chat": Limit(5, 10.0, "chat lines"),
    "move": Limit(30, 10.0, "moves"),
    "invite": Limit(10, 60.0, "invitations"),
    "name": Limit(5, 60.0, "name changes"),
    "review": Limit(10, 60.0, "reviews asked for"),
}
"""The hub's limits per person, by kind of request."""


class RateLimited(InputRefused):
    """A request over its limit; the message says how long to wait."""


class RateLimiter:
    """Token buckets per (person, kind)."""

    def __init__(
        self,
        limits: dict[str, Limit] | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_buckets: int = 10_000,
    ) -> None:
        self.limits = dict(DEFAULT_LIMITS if limits is None else limits)
        self.clock = clock
        self.max_buckets = max_buckets
        self._buckets: dict[tuple, tuple[float, float]] = {}
        """(person, kind) -> (tokens left, when counted)."""

    def _tokens(self, key: tuple, limit: Limit, now: float) -> float:
        tokens, then = self._buckets.get(key, (float(limit.count), now))
        return min(float(limit.count), tokens + (now - then) * limit.count / limit.per)

    def wait(self, person, kind: str) -> float:
        """Take a token: 0.0 when the request may go ahead, else the seconds until it may.

        A kind without a limit always goes ahead.
        """
        limit = self.limits.get(kind)
        if limit is None:
            return 0.0
        now = self.clock()
        key = (person, kind)
        tokens = self._tokens(key, limit, now)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) * limit.per / limit.count
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self.max_buckets:
            self._forget(now)
        return 0.0

    def check(self, person, kind: str) -> None:
        """Take a token, or refuse.

        Raises:
            RateLimited: one sentence: the limit, and how long to wait.
        """
        seconds = self.wait(person, kind)
        if seconds > 0:
            limit = self.limits[kind]
            raise RateLimited(
                f"Slow down: at most {limit.count} {limit.what} in {limit.per:g} seconds; "
                f"try again in {math.ceil(seconds)} s."
            )

    def _forget(self, now: float) -> None:
        """Drop buckets that have refilled (they hold nothing a fresh one would not)."""
        for key in list(self._buckets):
            limit = self.limits[key[1]]
            if self._tokens(key, limit, now) >= limit.count:
                del self._buckets[key]
