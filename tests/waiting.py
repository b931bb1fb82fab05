"""Waiting in a test for what a server, a table or a bot does in its own time, with a bound."""

from __future__ import annotations

import asyncio

WAIT_S = 30.0
"""The most a test waits for what must come (it comes in a fraction of a second)."""


async def eventually(test, what: str, timeout: float = WAIT_S):
    """Wait on the event loop until `test()` is true (checked every 5 ms); its value. Fails
    saying `what` never came once `timeout` seconds have passed."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        value = test()
        if value:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.005)
