"""The lines between the server, the pool and its hosts: JSON, one message a line, bounded."""

from __future__ import annotations

import json

MAX_LINE = 4096
"""The most bytes of one message between the server and the pool."""
MAX_ENV = 32 * 1024
"""The most bytes of one app's environment (it must fit a pipe's buffer at once)."""
FDS_PER_SPAWN = 4
"""Standard input, output and error of the app, and the pipe holding its environment."""
MAX_GROUP = 100
"""The longest address group a request may name."""
FULL = "the server is full; try again later"
FULL_FOR_GROUP = "too many sessions from your address; close one and try again"


def encode(message: dict) -> bytes:
    """One message as a JSON line."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"
