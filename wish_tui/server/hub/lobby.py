"""What the lobby says: every table in a few words, who is online, the invitations waiting; and
when each session in the lobby is told again.

A service the hub composes (`Hub.lobby_lists`). A change a session cares about (a new table, an
open seat, its move) is told within LOBBY_EVERY seconds, a burst of them once; a change in the
background only (who is online, how far the other tables have got) waits for the next news, or
for LOBBY_BACKGROUND_EVERY seconds, told a few sessions at a time.
"""

from __future__ import annotations

import asyncio
import time

from .session import Session
from .table import Table

LOBBY_EVERY = 0.5
"""Seconds between two lobby lists sent to the sessions in the lobby (changes in between are
told once, as they stand last)."""
LOBBY_BACKGROUND_EVERY = 10.0
"""Seconds between two lobby lists sent to a session when all that changed is in the background:
who is online, and how far the other tables have got (at a club of hundreds, one of them changes
every moment, and each list sent is drawn again by every session in the lobby: at 200 sessions
these lists were nearly half of all the processor time the apps spent, every 5 s). Whatever
concerns the session itself (a new table, an open seat, its move) is told at once."""
LOBBY_BACKGROUND_BATCH = 16
"""The most sessions told only background news at one round of news (every LOBBY_EVERY)."""


class LobbyLists:
    """Each session's lobby list, and when it is sent."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._due: asyncio.TimerHandle | None = None

    def open(self, session: Session, message: dict) -> None:
        """A session shows the lobby (the `lobby` request): its list now, and every change."""
        session.in_lobby = True
        self.hub.presence.show_table(session, "")
        lobby = self.for_session(session)
        self.tell_session(session, lobby, without_waiting(lobby), time.monotonic())

    def _common_summary(self, table: Table, here: set[str]) -> dict:
        """What the lobby says of `table` to everyone (`here`: the people connected)."""
        progress, _ = table.spec.summary(table.state)
        return {
            "table": table.id,
            "game": table.spec.name,
            "title": table.spec.title,
            "seats": [table.seat_label(i) for i in range(len(table.seats))],
            "open": table.open_seats(),
            "connected": [bool(s.person) and s.person in here for s in table.seats],
            "progress": progress,
            "solo": table.record.solo,
            "over": table.is_over,
            "ended": table.finished,
            "kind": table.kind,
            "clock": dict(table.clock.setting) if table.clock.is_on else None,
        }

    def _summary(self, table: Table, common: dict, session: Session) -> dict:
        """What the lobby says of `table` to `session`: `common`, and what the table is to it."""
        seat = table.seat_of(session.person)
        your_move = seat is not None and table.deciding() == seat and not table.seats[seat].zombie
        return {
            **common,
            "mine": seat is not None,
            "owner": table.owner == session.person,
            "your_move": your_move,
            "since": max(0, round(self.hub.clock() - table.since)) if your_move else None,
            "new": your_move and table.seats[seat].seen < table.actions,
        }

    def common(self) -> tuple[list[tuple[Table, dict]], list[dict]]:
        """What every session's lobby list shares: each table's summary, and who is online."""
        people = {other.person: other.name for other in self.hub.sessions if other.person}
        everyone = {**self.hub.node.elsewhere, **people}
        here = set(everyone)
        tables_of: dict[str, list[str]] = {}
        for table in self.hub.tables.values():
            for place in table.seats:
                if place.person and table.id not in tables_of.setdefault(place.person, []):
                    tables_of[place.person].append(table.id)
        online: dict[str, list[str]] = {}
        for person, name in everyone.items():
            online.setdefault(name, tables_of.get(person, []))
        summaries = [(t, self._common_summary(t, here)) for t in self.hub.tables.values()]
        return summaries, [{"name": n, "tables": t} for n, t in sorted(online.items())]

    def for_session(self, session: Session, common=None) -> dict:
        """The lobby's list as `session` sees it (`common`: `common()`, if at hand)."""
        summaries, online = common or self.common()
        entries = [self._summary(table, shared, session) for table, shared in summaries]
        # Where it is your move first (the longest waiting first), then your tables, then others.
        entries.sort(key=lambda e: (not e["your_move"], -(e["since"] or 0), not e["mine"]))
        return {
            "type": "lobby",
            "tables": entries,
            "you": session.name,
            "online": online,
            "invitations": self.hub.club_service.invitations_for(session),
        }

    def tell(self) -> None:
        """Have the lobby's list sent to every session in the lobby, at most every LOBBY_EVERY
        seconds (a burst of changes is told once, as it stands last)."""
        if self._due is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def send() -> None:
            self._due = None
            common = self.common()
            now = time.monotonic()
            later = False
            background = []
            for session in list(self.hub.sessions):
                if session.in_lobby and session.person:
                    lobby = self.for_session(session, common)
                    # A list that only waited longer is not news (each client counts on).
                    unchanged = without_waiting(lobby)
                    if unchanged == session.lobby_told:
                        continue
                    if session.lobby_told is not None and foreground(unchanged) == foreground(
                        session.lobby_told
                    ):
                        if now - session.lobby_told_at < LOBBY_BACKGROUND_EVERY:
                            later = True  # told with the next news, or when it is due
                        else:
                            background.append((session.lobby_told_at, session, lobby, unchanged))
                        continue
                    self.tell_session(session, lobby, unchanged, now)
            # The background of many sessions is due at once: told a few at a time, those told
            # longest ago first, spread over the round, so that no moment is spent drawing the
            # lobby everywhere (a person's keypress would wait behind every app woken at once).
            background.sort(key=lambda due: due[0])
            for i, (_, session, lobby, unchanged) in enumerate(background[:LOBBY_BACKGROUND_BATCH]):
                delay = i * LOBBY_EVERY / LOBBY_BACKGROUND_BATCH
                loop.call_later(delay, self._tell_background, session, lobby, unchanged, now)
            later = later or len(background) > LOBBY_BACKGROUND_BATCH
            if later and self._due is None:
                self._due = loop.call_later(LOBBY_EVERY, send)

        self._due = loop.call_later(LOBBY_EVERY, send)

    def _tell_background(self, session: Session, lobby: dict, unchanged: dict, then: float) -> None:
        """Background news worked out at `then`, told now: unless the session has left the lobby
        or been told a newer list since."""
        if session.in_lobby and session.lobby_told_at <= then and session in self.hub.sessions:
            self.tell_session(session, lobby, unchanged, time.monotonic())

    @staticmethod
    def tell_session(session: Session, lobby: dict, unchanged: dict, now: float) -> None:
        session.lobby_told, session.lobby_told_at = unchanged, now
        session.send(lobby)


def without_waiting(lobby: dict) -> dict:
    """A lobby list without how long each move has waited (what changes every second)."""
    return {**lobby, "tables": [{**t, "since": None} for t in lobby["tables"]]}


def foreground(lobby: dict) -> dict:
    """A lobby list without its background: who is online, and how far each table has got."""
    return {
        **lobby,
        "online": None,
        "tables": [{**t, "progress": None} for t in lobby["tables"]],
    }
