"""The lobby's shared part (`tables/lobby_shared.py`), numbered as it changes, and each message of
it built and encoded once for every session that holds the same part before it.

At a club event of a thousand sessions, a new table was a list made, diffed and encoded for each
of the 840 sessions in the lobby (most of the server's time while tables were seated); now it is
one message, the same bytes written to each.
"""

from __future__ import annotations

from wish_tui.tables.lobby_shared import shared_part
from wish_tui.tables.protocol import encode
from wish_tui.tables.table_diff import diff


class SharedNews:
    """The shared part as it stands (numbered `number`), the parts sessions still hold, and the
    encoded messages from each of those to it."""

    def __init__(self) -> None:
        self.number = 0
        self._part: dict | None = None
        self._held: dict[int, dict] = {}
        """The parts some session may still hold, by number."""
        self._messages: dict[int | None, bytes] = {}
        """The encoded message to the part as it stands, by the number of the part it is sent
        over (None: whole)."""

    def update(self, summaries: list[dict], online: list[dict]) -> None:
        """The part as it stands now (a new number when it changed)."""
        part = shared_part(summaries, online)
        if part == self._part:
            return
        self.number += 1
        self._part = part
        self._held[self.number] = part
        self._messages = {}

    def message(self, base: int | None) -> bytes:
        """The encoded ``lobby_shared`` message that brings a session holding part `base` (None:
        none) to the part as it stands: built once for all the sessions that hold `base`."""
        if base not in self._held:
            base = None
        data = self._messages.get(base)
        if data is None:
            message: dict = {"type": "lobby_shared", "n": self.number}
            if base is None:
                message["whole"] = self._part
            else:
                message["base"] = base
                message["changes"] = diff(self._held[base], self._part)
            data = self._messages[base] = encode(message)
        return data

    def keep_only(self, held: set[int | None]) -> None:
        """Forget the parts no session holds any more (`held`: the numbers they hold)."""
        for number in list(self._held):
            if number != self.number and number not in held:
                del self._held[number]
