"""A table's news to its spectators: one message for each group of them that hold the same
message before it, built, diffed and encoded once, the same bytes written to each.

At a club event hundreds of people may watch one table; each round of its news (a few a second
at most, `table_news.py`) was a message made, diffed and encoded for each of them, though they
all see the same: what anyone at the table may see. Spectators are grouped by what makes their
messages differ (whom they muted or block, the log and chat lines they were told, whether they
asked for diffs and for the lists' diffs, and the message of the table they hold); each group is
sent one message, numbered from a count of the hub's own, whose base (a diff's) is the group's
number before. A session sent anything else of the table (`Session.send_table`, numbered by its
own `Teller`) holds no shared number, and is sent the next shared message whole.
"""

from __future__ import annotations

from wish_tui.tables.protocol import ProtocolError, encode
from wish_tui.tables.table_diff import base_of, diff

from .table import Table


class SpectatorNews:
    """The shared messages of each table to its spectators, and their bases."""

    def __init__(self) -> None:
        self._number = 0
        self._bases: dict[str, dict[int, dict]] = {}
        """Per table: the base of each shared message some spectator may hold, by number."""

    def tell(self, hub, table: Table, spectators: list, muted: dict) -> None:
        """Send each of `spectators` the table as it stands (`muted`: per session, whom it had
        muted when the news began to wait)."""
        groups: dict[tuple, list] = {}
        for session in spectators:
            hidden = muted.get(session, frozenset()) | session.blocked
            groups.setdefault(self._key(table, session, hidden), []).append(session)
        bases = self._bases.get(table.id, {})
        kept: dict[int, dict] = {}
        for key, sessions in groups.items():
            first = sessions[0]
            whole = table.message_for(first, hub.connected, hub.clock(), key[0])
            for session in sessions[1:]:
                session.log_count, session.chat_count = first.log_count, first.chat_count
            if first.teller is None:
                self._write(sessions, whole)
                continue
            self._number += 1
            number, held = self._number, key[-1]
            if held in bases:
                message = {"type": "table_diff", "table": table.id, "n": number, "base": held}
                message["changes"] = diff(bases[held], whole, first.teller.lists)
            else:
                message = {**whole, "n": number}
            kept[number] = base = base_of(whole)
            self._write(sessions, message)
            for session in sessions:
                session.teller.took(table.id, number, base)
                session.spectated = (table.id, number)
        self._bases[table.id] = kept

    @staticmethod
    def _key(table: Table, session, hidden: frozenset) -> tuple:
        """What makes `session`'s message differ from another spectator's."""
        own = table.owner == session.person or any(
            place.person == session.person for place in table.seats
        )
        held = (
            session.spectated[1] if session.spectated and session.spectated[0] == table.id else None
        )
        return (
            frozenset(hidden),
            frozenset(session.muted),
            session.person if own else "",
            session.log_count,
            session.chat_count,
            None if session.teller is None else session.teller.lists,
            held,
        )

    @staticmethod
    def _write(sessions: list, message: dict) -> None:
        try:
            data = encode(message)
        except ProtocolError:
            data = encode({"type": "error", "error": "An answer was too long to send."})
        for session in sessions:
            session.send_encoded(data)

    def forget(self, table_id: str) -> None:
        """The table is gone: its bases with it."""
        self._bases.pop(table_id, None)
