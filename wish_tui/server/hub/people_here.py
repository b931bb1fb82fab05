"""Who has a session here: each person's sessions on this node, kept as they come and go, so
that `Hub.connected` answers at once (it is asked for every seat of every table message)."""

from __future__ import annotations

from .session import Session


class PeopleHere:
    """Each person's sessions connected to this node (a person is counted once welcomed)."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._sessions_of: dict[str, set[Session]] = {}

    def arrived(self, session: Session) -> None:
        """`session` is welcomed as its person (`session.person` set)."""
        self._sessions_of.setdefault(session.person, set()).add(session)
        self.hub.lobby_lists.arrived(session)

    def gone(self, session: Session) -> None:
        """`session` is gone (out of `Hub.sessions`): its table and the club's other nodes are
        told when it was its person's last here, and its tables when it was the last anywhere."""
        if not session.person:
            return
        hub = self.hub
        hub.lobby_lists.gone(session)
        if session.table:
            hub.presence.left_table(session.person, session.name, session.table)
        sessions = self._sessions_of.get(session.person, set())
        sessions.discard(session)
        if not sessions:
            self._sessions_of.pop(session.person, None)
            hub.node.here(session, False)
        if not hub.connected(session.person):
            hub.away(session.person, session.name)

    def here(self, person: str) -> bool:
        """True when `person` has a session on this node."""
        return person in self._sessions_of

    def sessions_of(self, person: str) -> set[Session]:
        """`person`'s sessions on this node (none: an empty set)."""
        return self._sessions_of.get(person, _NONE)


_NONE: frozenset = frozenset()
