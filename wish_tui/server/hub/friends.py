"""Friends and blocks at the server: whom each member follows (the lobby shows them online and
their open tables first) and blocks (who then cannot invite them, join a table they play at or
own, or be read by them in chat; `club.follows`).

A service the hub composes (`Hub.friends`). A session's follows and blocks are read when its
member is welcomed and kept on the session (`Session.follows`, `Session.blocked`).
"""

from __future__ import annotations

from wish_tui.club.identity import person_of, player_id_of
from wish_tui.tables.protocol import ProtocolError

from .table import Table, TableError

SAID = {
    "follow": "You follow {name}: you see when they are online, and their open tables first.",
    "block": "You block {name}: they cannot invite you, join your tables or chat to you.",
    None: "You neither follow nor block {name} now.",
}


class Friends:
    """Follows and blocks for a `Hub`."""

    def __init__(self, hub) -> None:
        self.hub = hub

    def handlers(self) -> dict:
        return {"follow": self.choose, "friends": self.page}

    async def load(self, session) -> None:
        """Read whom the session's member follows and blocks."""
        chosen = await self.hub.record(self.hub.club.follows.chosen_by, session.player.id)
        session.follows = {person_of(i) for i in chosen["follow"]}
        session.blocked = {person_of(i) for i in chosen["block"]}

    async def choose(self, session, message: dict) -> None:
        """Follow, block, or neither (`kind`: 'follow', 'block' or null) the member `name`."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members follow or block: connect with a key.")
        name, kind = message.get("name"), message.get("kind")
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise ProtocolError('"name" must be a member\'s name.')
        if kind not in ("follow", "block", None):
            raise ProtocolError('"kind" must be "follow", "block" or null.')
        hub = self.hub
        other = await hub.record(hub.club.follows.choose, session.player.id, name.strip(), kind)
        for mine in hub.sessions:
            if mine.player is not None and mine.player.id == session.player.id:
                await self.load(mine)
                if mine.in_lobby:
                    mine.send(hub.lobby_lists.list_told(mine))
        session.send({"type": "notice", "table": None, "text": SAID[kind].format(name=other.name)})

    async def page(self, session, message: dict) -> None:
        """The friends page: whom the member follows (online or not, at which tables), whom
        they block, who follows them."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members have friends here: connect with a key.")
        hub = self.hub
        friends = (await hub.record(hub.club.follows.friends, session.player.id)).to_json()
        for friend in friends["follows"]:
            person = person_of(friend["id"])
            friend["online"] = hub.connected(person)
            friend["tables"] = [t.id for t in hub.tables.values() if t.seat_of(person) is not None]
        session.send({"type": "page", "page": "friends", **friends})

    async def refuse_join(self, session, table: Table) -> None:
        """Refuse a member a seat at a table where someone who blocks them plays, or its owner
        does (one sentence).

        Raises:
            TableError: one of them blocks the member.
        """
        joiner = player_id_of(session.person)
        people = {player_id_of(s.person) for s in table.seats if s.person} | {
            player_id_of(table.owner or "")
        }
        among = sorted(p for p in people if p is not None and p != joiner)
        if joiner is None or not among:
            return
        if await self.hub.record(self.hub.club.follows.blockers, among, joiner):
            raise TableError("You cannot sit at this table: one of its players has blocked you.")
