"""A look the hub takes every few seconds for as long as it runs (tournaments to pair, turn
alerts to send): a refusal of the club or of a table is logged, and the next look comes as usual."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from wish_tui.club.errors import ClubError

from .table import TableError

LOG = logging.getLogger(__name__)


async def every_while(
    seconds: float | Callable[[], float],
    look: Callable[[], Awaitable[None]],
    failed: str,
    woken: asyncio.Event | None = None,
) -> None:
    """Await `look` every `seconds` (or as many as `seconds()` says before each wait), or as soon
    as `woken` is set, for the server's life; a `ClubError` or `TableError` it raises is logged
    as `failed: <its sentence>` and does not stop the next."""
    while True:
        wait = seconds() if callable(seconds) else seconds
        if woken is None:
            await asyncio.sleep(wait)
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), wait)
            woken.clear()
        try:
            await look()
        except (ClubError, TableError) as exc:
            LOG.warning("%s: %s", failed, exc)
