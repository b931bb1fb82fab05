"""Seeks: a member asks for a game ('a two-seat live Wish, 10+5, rated 0 to 10') that waits in
every lobby until others accept it, or the server pairs it with a matching seek, or (when the
member allows) bots take the seats left after a wait.

A service the hub composes (`Hub.seeks`). Seeks live in the server's memory, as lichess's live
seeks do: one per member, gone when they leave the server, when it is taken, or when they cancel
it. A seek's range is of the club's ratings in its game (openskill's ordinal, 0 before a first
rated game); a member outside it, one the seeker blocks or who blocks the seeker cannot take it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wish_tui import games
from wish_tui.club.clock_settings import check_clock
from wish_tui.club.errors import ClubError
from wish_tui.club.identity import person_of
from wish_tui.tables.protocol import ProtocolError
from wish_tui.tables.seek_words import seek_line

from .periodic import every_while
from .seated_tables import open_seated
from .table import TableError

SEEK_EVERY = 1.0
"""Seconds between two looks at the seeks: who left, which wait is over for bots."""
BOTS_AFTER = (10, 600)
"""The wait in seconds a member may choose before bots take a seek's seats left."""
BOT_LEVELS = ("easy", "medium", "hard")
"""The bots that may answer a seek: the one rated closest to the seeker."""
RATING_BOUND = 100.0


@dataclass
class Seek:
    """One member's seek, and who took it so far."""

    id: int
    player: object
    game: str
    seats: int
    kind: str
    clock: dict
    low: float | None
    high: float | None
    bots_after: int | None
    since: float
    rating: float
    takers: list = field(default_factory=list)

    def admits(self, rating: float) -> bool:
        return (self.low is None or rating >= self.low) and (
            self.high is None or rating <= self.high
        )

    def same_game(self, other: Seek) -> bool:
        return (self.game, self.seats, self.kind, self.clock) == (
            other.game,
            other.seats,
            other.kind,
            other.clock,
        )

    def to_json(self, viewer_id: int | None) -> dict:
        return {
            "id": self.id,
            "by": self.player.name,
            "game": self.game,
            "title": games.get(self.game).title,
            "seats": self.seats,
            "kind": self.kind,
            "clock": self.clock,
            "range": None if self.low is None and self.high is None else [self.low, self.high],
            "rating": round(self.rating, 3),
            "takers": [p.name for p in self.takers],
            "bots_after": self.bots_after,
            "yours": viewer_id == self.player.id,
        }


def _bound(value, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ProtocolError(f'"{name}" must be a number, or null.')
    if not -RATING_BOUND <= value <= RATING_BOUND:
        raise TableError(f"A rating bound is from {-RATING_BOUND:g} to {RATING_BOUND:g}.")
    return float(value)


class Seeks:
    """The seeks waiting at a `Hub`."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.waiting: dict[int, Seek] = {}
        self._next = 1

    def handlers(self) -> dict:
        return {"seek": self.seek, "accept_seek": self.accept, "cancel_seek": self.cancel}

    def listed(self, session) -> list[dict]:
        """The seeks as the lobby lists them to `session`, the oldest first."""
        viewer = session.player.id if session.player is not None else None
        return [s.to_json(viewer) for s in self.waiting.values()]

    def summary(self) -> tuple:
        """What changes the seeks' list (the lobby sends it again when it does)."""
        return tuple((s.id, len(s.takers)) for s in self.waiting.values())

    def _member(self, session) -> None:
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members seek a game: connect with a key.")

    async def seek(self, session, message: dict) -> None:
        """Post a seek (it replaces the member's own), or take a matching one at once."""
        self._member(session)
        hub = self.hub
        game, seats, kind, clock, low, high, bots_after = _asked(message)
        rating = await hub.record(hub.club.standings.rating_of, session.player.id, game)
        self._drop(session.player.id)
        new = Seek(
            self._next,
            session.player,
            game,
            seats,
            kind,
            clock,
            low,
            high,
            bots_after,
            hub.clock(),
            rating,
        )
        self._next += 1
        for other in list(self.waiting.values()):  # a matching two-seat seek: paired at once
            matches = other.seats == seats == 2 and other.same_game(new)
            if (
                matches
                and other.admits(rating)
                and new.admits(other.rating)
                and not await self._blocked(other.player.id, session.player.id)
            ):
                del self.waiting[other.id]
                await self._open(other, [other.player, session.player])
                return
        self.waiting[new.id] = new
        session.send({"type": "notice", "table": None, "text": _posted(new)})
        hub.tell_lobby()

    async def accept(self, session, message: dict) -> None:
        """Take a seat of a waiting seek; the game starts once every seat is taken."""
        self._member(session)
        hub = self.hub
        seek_id = message.get("id")
        found = self.waiting.get(seek_id) if type(seek_id) is int else None
        if found is None:
            raise TableError("That seek is gone: the lobby lists those still waiting.")
        me = session.player
        if found.player.id == me.id or any(p.id == me.id for p in found.takers):
            raise TableError("You are in that seek already.")
        rating = await hub.record(hub.club.standings.rating_of, me.id, found.game)
        if not found.admits(rating):
            raise TableError(
                f"That seek is for ratings from {_said(found.low)} to {_said(found.high)}; "
                f"yours in {games.get(found.game).title} is {rating:.1f}."
            )
        if await self._blocked(found.player.id, me.id):
            raise TableError("You cannot take that seek.")
        found.takers.append(me)
        if 1 + len(found.takers) >= found.seats:
            del self.waiting[found.id]
            await self._open(found, [found.player, *found.takers])
            return
        session.send(
            {
                "type": "notice",
                "table": None,
                "text": "You took a seat of that seek; the game starts when it is full.",
            }
        )
        hub.tell_lobby()

    async def cancel(self, session, message: dict) -> None:
        """Take back the member's own seek."""
        self._member(session)
        if not self._drop(session.player.id):
            raise TableError("You have no seek waiting.")
        session.send({"type": "notice", "table": None, "text": "Your seek is taken back."})
        self.hub.tell_lobby()

    def _drop(self, player_id: int) -> bool:
        """Take away the seek of `player_id`, and their seat in others'; True for a seek."""
        mine = [s.id for s in self.waiting.values() if s.player.id == player_id]
        for seek_id in mine:
            del self.waiting[seek_id]
        for other in self.waiting.values():
            other.takers = [p for p in other.takers if p.id != player_id]
        return bool(mine)

    async def _blocked(self, one: int, other: int) -> bool:
        follows = self.hub.club.follows
        return bool(
            await self.hub.record(follows.blockers, [one], other)
            or await self.hub.record(follows.blockers, [other], one)
        )

    async def _open(self, seek: Seek, members: list) -> None:
        how = {"kind": seek.kind, "clock": seek.clock}
        title = games.get(seek.game).title
        text = (
            seek.player.name + "'s seek of " + title + " is full: your table is {table} "
            "('open {table}' sits you there)."
        )
        await open_seated(
            self.hub, seek.game, members, person_of(seek.player.id), seek.player.name, how, text
        )

    async def look(self) -> None:
        """Drop the seeks of those who left, and the seats of takers who left; let bots take the
        seats left of those whose wait for people is over."""
        hub = self.hub
        now = hub.clock()
        changed = False
        for seek in list(self.waiting.values()):
            here = [p for p in seek.takers if hub.connected(person_of(p.id))]
            changed = changed or len(here) < len(seek.takers)
            seek.takers = here  # a taker who left gives their seat back
            if not hub.connected(person_of(seek.player.id)):
                self._drop(seek.player.id)
                changed = True
            elif seek.bots_after is not None and now - seek.since >= seek.bots_after:
                del self.waiting[seek.id]
                bot = await self._closest_bot(seek)
                left = seek.seats - 1 - len(seek.takers)
                await self._open(seek, [seek.player, *seek.takers, *[bot] * left])
        if changed:
            hub.tell_lobby()

    async def _closest_bot(self, seek: Seek):
        hub = self.hub
        bots = [await hub.record(hub.club.players.bot, level) for level in BOT_LEVELS]
        ratings = [await hub.record(hub.club.standings.rating_of, b.id, seek.game) for b in bots]
        return min(zip(bots, ratings, strict=True), key=lambda pair: abs(pair[1] - seek.rating))[0]

    async def look_every_while(self) -> None:
        """Pair seeks and seat bots every `SEEK_EVERY` seconds, for the server's life."""
        await every_while(SEEK_EVERY, self.look, "seeks could not be looked at")


def _said(bound: float | None) -> str:
    return "any" if bound is None else f"{bound:g}"


def _posted(seek: Seek) -> str:
    bots = f" Bots take it after {seek.bots_after} seconds." if seek.bots_after else ""
    return f"{seek_line(seek.to_json(seek.player.id))} It waits in the lobby.{bots}"


def _asked(message: dict) -> tuple:
    """A seek's terms as its message asks them (game, seats, kind, clock, rating range, bots'
    wait), each checked; a wrong one is refused in one sentence."""
    game = message.get("game")
    if not isinstance(game, str) or game not in games.GAMES:
        raise TableError(f"There is no game called '{str(game)[:20]}': {', '.join(games.GAMES)}.")
    spec = games.get(game)
    seats = message.get("seats", 2)
    if type(seats) is not int or not spec.min_seats <= seats <= spec.max_seats:
        raise TableError(
            f"A seek of {spec.title} is for {spec.min_seats} to {spec.max_seats} seats."
        )
    kind = message.get("kind", "live")
    try:
        clock = check_clock(kind, message.get("clock"))
    except ClubError as exc:
        raise TableError(str(exc)) from None
    bound = message.get("range")
    if bound is not None and (not isinstance(bound, list) or len(bound) != 2):
        raise ProtocolError('"range" must be [LOW, HIGH] (either may be null), or null.')
    low, high = (_bound(bound[0], "range"), _bound(bound[1], "range")) if bound else (None, None)
    if low is not None and high is not None and low > high:
        raise TableError("A rating range goes from the lower bound to the higher.")
    bots_after = message.get("bots_after")
    if bots_after is not None and (
        type(bots_after) is not int or not BOTS_AFTER[0] <= bots_after <= BOTS_AFTER[1]
    ):
        raise TableError(
            f"Bots may answer a seek after {BOTS_AFTER[0]} to {BOTS_AFTER[1]} seconds, or never."
        )
    return game, seats, kind, clock, low, high, bots_after
