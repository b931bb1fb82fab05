"""A look the hub takes every few seconds for as long as it runs (tournaments to pair, turn
alerts to send): a refusal of the club or of a table is logged, and the next look comes as usual."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from wish_tui.club.errors import ClubError

from .table import TableError

LOG = logging.getLogger(__name__)


async def every_while(seconds: float, look: Callable[[], Awaitable[None]], failed: str) -> None:
    """Await `look` every `seconds`, for the server's life; a `ClubError` or `TableError` it
    raises is logged as `failed: <its sentence>` and does not stop the next."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await look()
        except (ClubError, TableError) as exc:
            LOG.warning("%s: %s", failed, exc)
