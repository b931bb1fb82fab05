"""The club's tournaments at the server: each round's tables made, an arena's free players paired
at once, entries from members, and a tournament's pages.

A service the hub composes (`Hub.tournaments`). While it runs it looks at the running
tournaments every `PAIR_EVERY` seconds: a Swiss whose round has no table left playing is paired
again (`tournaments.swiss`), until its last round ends or fewer than two players are left in it; an arena pairs its free entrants who are
connected (bots always are: `tournaments.arena`) until its window closes, and ends once its last
table has. Each table is an ordinary table of the club, its seats held by the players it seats,
its clock the tournament's; a player's sessions are told, and those in the lobby taken to it.
A table's end is noted in the tournament by the club itself (`Club.finish`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from wish_tui.club.identity import person_of
from wish_tui.club.tournament_page import latest, page, summary
from wish_tui.club.tournaments import arena, swiss
from wish_tui.tables.protocol import ProtocolError, encode, int_field, text_field

from .listed_tables import TOURNAMENT_OWNER
from .page_cache import PageCache
from .page_reader import PageReader
from .periodic import every_while
from .seated_tables import open_seated_all
from .table import BOT_LEVELS, TableError

LOG = logging.getLogger(__name__)
PAIR_EVERY = 0.5
"""Seconds between two looks at the running tournaments."""
IDLE_LOOK_EVERY = 5.0
"""Seconds between two looks while the last found no tournament running: each look is a read
on the pages' thread (at 200 sessions and 4 actions a second, the two looks a second cost the
server more than a tenth of its processor time per action, with no tournament in sight). A
tournament started from a session is looked at at once; one the keeper starts from the shell,
within these seconds."""
OWNER_PREFIX = TOURNAMENT_OWNER
"""A tournament's table is owned by no person (no one may close it): by its tournament."""


class TournamentRunner:
    """A `Hub`'s tournaments: pairing while they run, and their requests."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._pairing = asyncio.Lock()
        """Held by one look at a time: two at once would pair one round twice."""
        self.pages = PageReader(hub)
        """The members' pages, read beside the club's writes."""
        self.shown = PageCache()
        """The pages read, sent again at once until what they show changes."""
        self._woken = asyncio.Event()
        """Set when a tournament's table ends or one is started: the next look comes at once."""
        self._opening: dict[int, set[int]] = {}
        """Per arena, the players whose tables are being opened outside the pairing lock."""
        self._running = True
        """Whether the last look found a tournament running (the looks' pace: `_look_every`)."""

    def handlers(self) -> dict:
        """The requests this service answers, by the message's type."""
        return {
            "tournaments": self.listing,
            "tournament": self.show,
            "tournament_join": self.join,
            "tournament_withdraw": self.withdraw,
            "tournament_create": self.create,
            "tournament_start": self.start,
        }

    # -- requests --------------------------------------------------------------------------------
    async def listing(self, session, message: dict) -> None:
        listed = await self.pages.read(_listing)
        session.send({"type": "page", "page": "tournaments", "tournaments": listed})

    async def show(self, session, message: dict) -> None:
        tid = int_field(message, "id", "a tournament's number", 1, 1 << 62)
        session.send_encoded(self.shown.get(tid) or await self._read_page(tid))

    async def _read_page(self, tid: int) -> bytes:
        """A tournament's page read beside the writes, encoded; kept while it runs."""
        generation, read_at = self.shown.generation, self.shown.now()
        message = await self.pages.read(_page_message, tid)
        data = encode(message)
        if message["tournament"]["status"] == "running":
            self.shown.keep(tid, generation, data, read_at)
        else:
            self.shown.forget(tid)
        return data

    async def _keep_pages_up_to_date(self) -> None:
        """Read again the pages of running tournaments asked for lately that changed."""
        for tid in self.shown.to_read_again():
            try:
                await self._read_page(tid)
            except (TableError, ProtocolError):
                self.shown.forget(tid)

    def pages_changed(self) -> None:
        """What a tournament's page may show changed (a table's end was kept, a rating moved)."""
        self.shown.changed()

    async def join(self, session, message: dict) -> None:
        tid = int_field(message, "id", "a tournament's number", 1, 1 << 62)
        found = await self.hub.record(self.hub.club.tournaments.join, tid, session.player.id)
        self.shown.changed()
        session.send({"type": "notice", "table": None, "text": f"You are in {found.name}."})
        await self.show(session, message)

    async def withdraw(self, session, message: dict) -> None:
        tid = int_field(message, "id", "a tournament's number", 1, 1 << 62)
        await self.hub.record(self.hub.club.tournaments.withdraw, tid, session.player.id)
        self.shown.changed()
        await self.show(session, message)

    async def create(self, session, message: dict) -> None:
        """A member's new tournament, open for entries (no bots: only the keeper lets them in)."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members create a tournament.")
        system = text_field(message, "system", "'swiss' or 'arena'", limit=10)
        clock = message.get("clock")
        if clock is not None and not isinstance(clock, dict):
            raise ProtocolError('"clock" must be an object.')
        made = await self.hub.record(
            self.hub.club.tournaments.create,
            text_field(message, "name", "a tournament's name", limit=80),
            system,
            text_field(message, "game", "a game's name", limit=30),
            int_field({"seats": message.get("seats", 2)}, "seats", "2 to 4 seats", 2, 4),
            rounds=int_field({"rounds": message.get("rounds", 0)}, "rounds", "a count", 0, 99),
            minutes=int_field(
                {"minutes": message.get("minutes", 0)}, "minutes", "a count", 0, 1 << 20
            ),
            kind=text_field(message, "kind", "'live' or 'turn'", limit=10, required=False)
            or "live",
            clock=clock,
            created_by=session.player.id,
        )
        self.shown.changed()
        await self.show(session, {"id": made.id})

    async def start(self, session, message: dict) -> None:
        """Its creator starts a tournament (the keeper starts any from the shell)."""
        tid = int_field(message, "id", "a tournament's number", 1, 1 << 62)
        found = await self.hub.record(self.hub.club.tournaments.get, tid)
        if session.player is None or found.created_by != session.player.id:
            raise TableError(f"Only the member who created {found.name} may start it.")
        await self.hub.record(self.hub.club.tournaments.start, tid)
        self._woken.set()
        self.shown.changed()
        await self.show(session, message)

    # -- running ---------------------------------------------------------------------------------
    async def pair_every_while(self) -> None:
        """Look at the running tournaments every `PAIR_EVERY` seconds, and as soon as one of
        their tables ends, for the server's life."""
        try:
            await every_while(
                self._look_every, self.tick, "a tournament could not be paired", woken=self._woken
            )
        finally:
            self.pages.close()

    def _look_every(self) -> float:
        """Seconds to the next look: PAIR_EVERY while a tournament runs, else IDLE_LOOK_EVERY."""
        return PAIR_EVERY if self._running else IDLE_LOOK_EVERY

    def table_ended(self, table) -> None:
        """A table's end was kept: if a tournament made it, look again at once (an arena seats
        its players again without waiting for the next look; the look, read beside the writes,
        finds them free)."""
        if table.owner.startswith(OWNER_PREFIX):
            self._woken.set()

    async def tick(self) -> None:
        """Pair every running tournament that has players to pair, end those that are over."""
        hub = self.hub
        async with self._pairing:
            # beside the writes, as the pages are: behind every table's queued moves the look
            # waited a commit or two before it could pair (what it reads was committed before
            # it began: the ends that woke it, and every pairing before it)
            looks = await self.pages.read(_looks, hub.clock() * 1000)
            self._running = bool(looks)
            for tournament, look in looks:
                if tournament.system == "swiss":
                    await self._swiss(tournament, look)
                elif groups := await self._arena(tournament, look):
                    # opened beside the next looks: a table's end wakes one that pairs at once
                    hub.spawn(self._opened(tournament, look, groups))
        await self._keep_pages_up_to_date()

    async def _swiss(self, tournament, look: _Look) -> None:
        if look.playing:
            return
        if tournament.round >= tournament.rounds or sum(not e.withdrawn for e in look.entrants) < 2:
            await self._end(tournament)
            return
        pairing = swiss.pair_round(look.entrants, look.results, tournament.seats)
        await self._open(
            tournament, look, pairing.tables, tournament.round + 1, pairing.sitting_out
        )

    async def _arena(self, tournament, look: _Look) -> tuple[tuple[int, ...], ...]:
        """An arena's next tables (its free players paired, but those whose tables are being
        opened: they are noted in `_opening`), or none; ends it once it is over."""
        hub = self.hub
        opening = self._opening.setdefault(tournament.id, set())
        if look.over:
            if not look.playing and not opening:
                await self._end(tournament)
            return ()
        bots = {e.player_id for e in look.entrants if e.name in BOT_LEVELS}
        free = [
            p for p in look.free if p not in opening and (p in bots or hub.connected(person_of(p)))
        ]
        if len(free) < 2:
            return ()
        pairing = arena.pair_free(look.entrants, look.results, free, tournament.seats)
        opening.update(p for table in pairing.tables for p in table)
        return pairing.tables

    async def _opened(self, tournament, look: _Look, groups) -> None:
        """Open an arena's tables outside the pairing lock, so that the next look pairs at
        once whoever is freed meanwhile; their players are left out of the looks until the
        tables are stored (a look begun before that would still find them free)."""
        try:
            await self._open(tournament, look, groups, 0)
        except TableError as exc:  # (a look's own refusals are logged by its loop)
            LOG.warning("an arena's tables could not be opened: %s", exc)
        finally:
            async with self._pairing:
                self._opening[tournament.id].difference_update(p for t in groups for p in t)

    async def _open(
        self,
        tournament,
        look: _Look,
        groups: tuple[tuple[int, ...], ...],
        round_: int,
        byes: tuple[int, ...] = (),
    ) -> None:
        """Make and start a table of the tournament for each group of players (in seat order),
        all stored, with the round they make, before any is told."""
        hub = self.hub
        store = hub.club.tournaments

        def noted(club, stored: list) -> None:
            made = [(row.id, players) for row, players in zip(stored, groups, strict=True)]
            club.tournaments.seat(tournament.id, round_, made, byes)

        if not groups:
            await hub.record(store.seat, tournament.id, round_, [], byes)
            self.shown.changed()
            return
        how = {"options": tournament.options, "kind": tournament.kind, "clock": tournament.clock}
        text = (
            f"Your table {{table}} of {tournament.name} is ready: 'open {{table}}' sits you there."
        )
        await open_seated_all(
            hub,
            tournament.game,
            [[look.players[p] for p in players] for players in groups],
            f"{OWNER_PREFIX}{tournament.id}",
            tournament.name,
            how,
            text,
            noted,
        )
        self.shown.changed()

    async def _end(self, tournament) -> None:
        hub = self.hub
        await hub.record(hub.club.tournaments.finish, tournament.id)
        self.shown.changed()
        entrants = await hub.record(hub.club.tournaments.entrants, tournament.id)
        ids = {e.player_id for e in entrants}
        text = f"{tournament.name} is over: 'tournament {tournament.id}' shows its standings."
        for session in list(hub.sessions):
            if session.player is not None and session.player.id in ids:
                session.send({"type": "notice", "table": None, "text": text})


@dataclass(frozen=True)
class _Look:
    """What one look at a running tournament reads: its tables still playing, entrants and
    results; an arena's free players and whether its window closed; the players it may seat."""

    playing: int
    entrants: list
    results: list
    free: list[int] = field(default_factory=list)
    over: bool = False
    players: dict = field(default_factory=dict)


def _looks(club, now_ms: float) -> list[tuple]:
    """Every running tournament with what its look reads (on the pages' read-only connection,
    in one call)."""
    store = club.tournaments
    looks = []
    for tournament in store.listing("running"):
        tid = tournament.id
        playing = store.playing(tid)
        if tournament.system == "arena" and now_ms >= tournament.ends_at:
            looks.append((tournament, _Look(playing, [], [], over=True)))
            continue
        entrants = store.entrants(tid)
        if tournament.system == "arena":
            free = store.free(tid)
            may_sit = free
        else:
            free = []
            may_sit = [] if playing else [e.player_id for e in entrants if not e.withdrawn]
        players = {p: club.players.get(p) for p in may_sit}
        looks.append(
            (tournament, _Look(playing, entrants, store.results(tid), free, players=players))
        )
    return looks


def _listing(club) -> list[dict]:
    store = club.tournaments
    return [summary(t, len(store.entrants(t.id))) for t in store.listing(limit=50)]


def _page_message(club, tournament_id: int) -> dict:
    return {"type": "page", "page": "tournament", **latest(page(club.tournaments, tournament_id))}
