"""Seeks: a member asks for a game ('a two-seat live Wish, 10+5, rated 0 to 10') that waits in
every lobby until others accept it, or the server pairs it with a matching seek, or (when the
member allows) bots take the seats left after a wait.

A service the hub composes (`Hub.seeks`). Seeks are kept in the club's database
(`club.seek_store`), so every node of a club lists the same seeks and a member on any node takes
one; each node keeps a copy for its lobbies (`waiting`), read again at every look (every
`SEEK_EVERY` seconds) and after each change it makes. One seek per member, gone when they leave
the server (the node they posted it on drops it; another drops it once they have been away from
every node for `STALE_S`), when it is taken, or when they cancel it. The node that takes a seek's
last seat opens its table; each other node tells its own people of it. A seek's range is of the
club's ratings in its game (openskill's ordinal, 0 before a first rated game); a member outside
it, one the seeker blocks or who blocks the seeker cannot take it.
"""

from __future__ import annotations

import asyncio

from wish_tui import games
from wish_tui.club.identity import person_of
from wish_tui.club.seek_store import SeekRow

from .periodic import every_while
from .seated_tables import open_seated, tell_seated
from .seek_terms import Seek, asked, posted, said
from .table import TableError

SEEK_EVERY = 1.0
"""Seconds between two looks at the seeks: what other nodes changed, who left, which wait is
over for bots."""
SEEK_IDLE_EVERY = 10.0
"""Seconds between two looks while no seek waits nor opened a table lately, on a node that holds
the club alone: it changes the seeks itself, and reads them again when it does (each look is
three reads in line with the club's writes, every second for nothing in most clubs). A seek
posted wakes the looks."""
BOT_LEVELS = ("easy", "medium", "hard")
"""The bots that may answer a seek: the one rated closest to the seeker."""
STALE_S = 30.0
"""Seconds after which a seek posted on another node is dropped when its member is connected to
no node (its own node drops it at once; this is for a node that died)."""
OPENED_KEEP_S = 30.0
"""Seconds a seek whose table opened is kept, for every node to tell its people."""
_UNPOSTED = {"node_id": "", "takers": (), "table_code": "", "opened_ms": None}
"""What a seek not yet stored holds beyond its terms: no node, no takers, no table."""


class Seeks:
    """The seeks of a `Hub`'s club, as its lobbies list them."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.waiting: dict[int, Seek] = {}
        """The waiting seeks as last read, by id, the oldest first."""
        self._took_here: dict[int, set[int]] = {}
        """Per seek, the takers whose seat was taken on this node (it gives them back)."""
        self.told: set[int] = set()
        """The opened seeks whose people on this node were told."""
        self._quiet = False
        """The last look found no seek waiting nor opened (`_look_every`)."""
        self._woken = asyncio.Event()
        """Set when a seek is posted here: the next look comes at once."""

    def handlers(self) -> dict:
        return {"seek": self.seek, "accept_seek": self.accept, "cancel_seek": self.cancel}

    def listed(self, session) -> list[dict]:
        """The seeks as the lobby lists them to `session`, the oldest first."""
        viewer = session.player.id if session.player is not None else None
        return [s.to_json(viewer) for s in self.waiting.values()]

    def summary(self) -> tuple:
        """What changes the seeks' list (the lobby sends it again when it does)."""
        return tuple((s.row.id, len(s.takers)) for s in self.waiting.values())

    def _member(self, session) -> None:
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members seek a game: connect with a key.")

    @property
    def _store(self):
        return self.hub.club.seeks

    async def seek(self, session, message: dict) -> None:
        """Post a seek (it replaces the member's own), or take a matching one at once."""
        self._member(session)
        hub = self.hub
        terms = asked(message)
        me = session.player
        rating = await hub.record(hub.club.standings.rating_of, me.id, terms["game"])
        await hub.record(self._store.cancel, me.id)
        await self._refresh()
        since_ms = int(hub.clock() * 1000)
        new = Seek(SeekRow(0, me.id, **terms, since_ms=since_ms, rating=rating, **_UNPOSTED), me)
        for other in list(self.waiting.values()):  # a matching two-seat seek: paired at once
            matches = other.row.seats == terms["seats"] == 2 and other.same_game(new)
            if (
                matches
                and other.admits(rating)
                and new.admits(other.row.rating)
                and not await self._blocked(other.player.id, me.id)
                and await self._take(other, me)
            ):
                return
        row = await hub.record(self._store.post, me.id, terms, since_ms, rating, self._node)
        self._woken.set()
        await self._refresh()
        session.send({"type": "notice", "table": None, "text": posted(Seek(row, me))})

    async def accept(self, session, message: dict) -> None:
        """Take a seat of a waiting seek; the game starts once every seat is taken."""
        self._member(session)
        hub = self.hub
        seek_id = message.get("id")
        await self._refresh()
        found = self.waiting.get(seek_id) if type(seek_id) is int else None
        if found is None:
            raise TableError("That seek is gone: the lobby lists those still waiting.")
        me = session.player
        if found.player.id == me.id or any(p.id == me.id for p in found.takers):
            raise TableError("You are in that seek already.")
        terms = found.row
        rating = await hub.record(hub.club.standings.rating_of, me.id, terms.game)
        if not found.admits(rating):
            raise TableError(
                f"That seek is for ratings from {said(terms.low)} to {said(terms.high)}; "
                f"yours in {games.get(terms.game).title} is {rating:.1f}. Seek a game of your "
                f"own instead (k in the lobby, 'seek {terms.game}' in the plain client) or open "
                "a table (n, 'new')."
            )
        if await self._blocked(found.player.id, me.id):
            raise TableError("You cannot take that seek.")
        if not await self._take(found, me):
            session.send(
                {
                    "type": "notice",
                    "table": None,
                    "text": "You took a seat of that seek; the game starts when it is full.",
                }
            )

    async def _take(self, seek: Seek, member) -> bool:
        """Give `member` a seat of `seek` (in the database, where every node takes seats); open
        its table when that was the last seat. True when it opened.

        Raises:
            TableError: the seek is gone (taken or withdrawn on another node meanwhile).
        """
        hub = self.hub
        seek_id = seek.row.id
        row = await hub.record(self._store.take, seek_id, member.id, seek.row.seats)
        if row is None:
            await self._refresh()
            raise TableError("That seek is gone: the lobby lists those still waiting.")
        self._took_here.setdefault(seek_id, set()).add(member.id)
        if row.table_code:
            self.waiting.pop(seek_id, None)  # out of the lobbies before anyone is at its table
            await self._open(row)
        await self._refresh()
        return bool(row.table_code)

    async def cancel(self, session, message: dict) -> None:
        """Take back the member's own seek."""
        self._member(session)
        gone = await self.hub.record(self._store.cancel, session.player.id)
        await self._refresh()
        if not gone:
            raise TableError("You have no seek waiting.")
        session.send({"type": "notice", "table": None, "text": "Your seek is taken back."})

    async def _blocked(self, one: int, other: int) -> bool:
        follows = self.hub.club.follows
        return bool(
            await self.hub.record(follows.blockers, [one], other)
            or await self.hub.record(follows.blockers, [other], one)
        )

    @property
    def _node(self) -> str:
        return self.hub.club.cluster.node_id

    async def _refresh(self) -> None:
        """Read the waiting seeks again (any node may have changed them); the lobbies hear of a
        change."""
        hub = self.hub
        before = self.summary()
        self.waiting = await hub.record(_read_waiting, hub.club)
        if self.summary() != before:
            hub.tell_lobby()

    async def _open(self, row: SeekRow, bots: tuple = ()) -> None:
        hub = self.hub
        members = await hub.record(_members, hub.club, (row.player_id, *row.takers))
        seeker = members[0]
        how = {"kind": row.kind, "clock": row.clock}
        try:
            table = await open_seated(
                hub,
                row.game,
                [*members, *bots],
                person_of(seeker.id),
                seeker.name,
                how,
                _full(row, seeker.name),
            )
        except TableError:
            await hub.record(self._store.forget, [row.id])  # not left taken with no table
            raise
        self.told.add(row.id)
        await hub.record(self._store.became, row.id, table.id, int(hub.clock() * 1000))

    async def look(self) -> None:
        """Read the seeks again; drop those of members who left, and the seats of takers who
        left; let bots take the seats left of those whose wait for people is over; tell the
        people here of a seek another node opened."""
        hub = self.hub
        now = hub.clock()
        await self._refresh()
        for seek in list(self.waiting.values()):
            mine = await self._look_at(seek, now)
            wait = seek.row.bots_after
            if mine and wait is not None and now - seek.since >= wait:
                row = await hub.record(self._store.take_for_bots, seek.row.id)
                if row is not None:
                    self.waiting.pop(row.id, None)
                    bot = await self._closest_bot(seek)
                    await self._open(row, (bot,) * (row.seats - 1 - len(row.takers)))
        await self._tell_opened(now)
        await self._refresh()

    async def _look_at(self, seek: Seek, now: float) -> bool:
        """Drop `seek` when its member left, give back the seats its takers here left; True
        when it stays and was posted on this node."""
        hub = self.hub
        store = self._store
        seek_id = seek.row.id
        for taker in seek.takers:
            here = self._took_here.get(seek_id, set())
            if taker.id in here and not hub.connected(person_of(taker.id)):
                await hub.record(store.give_back, seek_id, taker.id)
                here.discard(taker.id)
        mine = seek.row.node_id == self._node
        if not hub.connected(person_of(seek.player.id)) and (mine or now - seek.since > STALE_S):
            await hub.record(store.remove, seek_id)
            return False
        return mine

    async def _tell_opened(self, now: float) -> None:
        """Tell this node's people at the table another node opened of a seek; forget the seeks
        opened a while ago."""
        hub = self.hub
        opened = await hub.record(self._store.opened)
        self._quiet = not opened and not self.waiting
        for row in opened:
            if row.id in self.told or row.table_code not in hub.tables:
                continue
            self.told.add(row.id)
            table = hub.tables[row.table_code]
            members = await hub.record(_members, hub.club, (row.player_id, *row.takers))
            tell_seated(hub, table, members, _full(row, members[0].name))
        old = [r.id for r in opened if now * 1000 - r.opened_ms > OPENED_KEEP_S * 1000]
        if old:
            await hub.record(self._store.forget, old)

    async def _closest_bot(self, seek: Seek):
        hub = self.hub
        bots = [await hub.record(hub.club.players.bot, level) for level in BOT_LEVELS]
        game, rating = seek.row.game, seek.row.rating
        ratings = [await hub.record(hub.club.standings.rating_of, b.id, game) for b in bots]
        return min(zip(bots, ratings, strict=True), key=lambda pair: abs(pair[1] - rating))[0]

    async def look_every_while(self) -> None:
        """Look at the seeks every `SEEK_EVERY` seconds, for the server's life."""
        await every_while(
            self._look_every, self.look, "seeks could not be looked at", woken=self._woken
        )

    def _look_every(self) -> float:
        """Seconds to the next look: SEEK_EVERY, or SEEK_IDLE_EVERY when the last found nothing
        and no other node shares the club."""
        if self._quiet and not self.waiting and not self.hub.node.is_shared:
            return SEEK_IDLE_EVERY
        return SEEK_EVERY


def _full(row: SeekRow, seeker_name: str) -> str:
    title = games.get(row.game).title
    return (
        f"{seeker_name}'s seek of {title} is full: your table is {{table}} "
        "('open {table}' sits you there)."
    )


def _members(club, player_ids: tuple[int, ...]) -> list:
    return [club.players.get(p) for p in player_ids]


def _read_waiting(club) -> dict[int, Seek]:
    """The waiting seeks with their members (in the recorder's thread: one read)."""
    return {
        row.id: Seek(row, club.players.get(row.player_id), _members(club, row.takers))
        for row in club.seeks.waiting()
    }
