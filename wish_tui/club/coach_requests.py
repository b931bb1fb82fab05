"""The coach at the club: a finished game's review made at the server, once, and kept with the game.

``review {game_id, seat}`` asks for the expert's review of one seat of a finished game of the
club (the asker's own seat when they sat at it and name none); ``review {table, seat}`` of the
game just finished at a table still open. A review kept with the game
(`club.reviews`) is sent at once; otherwise it is made here, one review at a time for the whole
server (each decision judged in a worker process, `tables.coach`), and everyone who asked for it
is told how far it went every tenth of the way, then sent it whole; it is kept with the game
before it is sent, so it is made once whoever asks next. What is sent, hub → session::

    {"type": "review", "game_id": 12, "seat": "air", "title": "Air", "done": 4, "total": 40,
     "waiting": 0, "review": {...core.review.Review...}, "lines": ["...", ...]}

``review`` and ``lines`` (the summary and the three costliest decisions in words) come only
with the whole review; ``waiting`` counts the reviews to be made before this one. A person has
one review waiting at a time, and the server at most QUEUE_MAX: past that, one sentence.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from wish_tui.records import SaveError, replay
from wish_tui.tables.coach import Coach, seat_of
from wish_tui.tables.protocol import int_field, text_field
from wish_tui.tables.seat import Refused

from .errors import ClubError

QUEUE_MAX = 8
"""The most reviews the server makes or holds to make at once."""
STEPS = 10
"""How many times a review under way is told to those who asked for it."""


class CoachRooms(Protocol):
    """What the coach asks of the table server that composes it."""

    club: object

    async def record(self, fn, *args, **kwargs):
        """Call the club off the event loop, in order; a refusal is one sentence."""

    def table(self, message: dict):
        """The open table a request names (refused, in one sentence, when there is none)."""

    def spawn(self, coro) -> asyncio.Task:
        """Run `coro` as a task the server ends when it closes."""


@dataclass
class Making:
    """A review being made (or waiting its turn), and who is told of it."""

    coach: Coach
    table_id: int
    listeners: set = field(default_factory=set)
    """The sessions told of its progress and sent the review."""
    asker: str = ""
    """The person who asked first (one review waiting at a time each)."""


class ClubCoach:
    """The club's reviews of finished games, made at the server and kept in its database."""

    def __init__(self, rooms: CoachRooms) -> None:
        self.rooms = rooms
        self.making: dict[tuple[int, int], Making] = {}
        """The reviews under way or waiting, by (table id, seat), in the order asked."""
        self._one_at_a_time = asyncio.Lock()

    def handlers(self) -> dict[str, Callable]:
        return {"review": self.review}

    async def review(self, session, message: dict) -> None:
        table_id = self._game_of(message)
        seat_name = text_field(message, "seat", "a seat's name", limit=40, required=False)
        archived = await self.rooms.record(self.rooms.club.history.archived, table_id)
        loop = asyncio.get_running_loop()
        try:
            seat = (
                seat_of(archived.record, seat_name) if seat_name else _own_seat(session, archived)
            )
            coach = await loop.run_in_executor(None, _coach, archived.record, seat)
        except (ValueError, SaveError) as exc:
            raise ClubError(str(exc)) from None
        key = (table_id, seat)
        making = self.making.get(key)
        if making is not None:
            making.listeners.add(session)
            session.send(self._told(making))
            return
        making = Making(coach, table_id, {session}, session.person)
        if coach.review.complete:
            session.send(self._told(making, whole=True))
            return
        if len(self.making) >= QUEUE_MAX:
            raise ClubError(
                f"The club's coach has {len(self.making)} reviews to make: ask again later."
            )
        if any(m.asker == session.person for m in self.making.values()):
            raise ClubError(
                "A review you asked for is still being made: ask for the next once it is done."
            )
        self.making[key] = making
        session.send(self._told(making))
        self.rooms.spawn(self._make(key, making))

    def _game_of(self, message: dict) -> int:
        """The number of the finished game a request names, by itself or by its table."""
        if message.get("table") is None:
            return int_field(message, "game_id", "a finished game's number", 1, 1 << 62)
        table = self.rooms.table(message)
        if not table.finished or table.club_id is None:
            raise ClubError("A review is of a finished game: play this one to its end first.")
        return table.club_id

    async def _make(self, key: tuple[int, int], making: Making) -> None:
        """Judge the review's decisions left (its turn come), keep it, and send it."""
        try:
            async with self._one_at_a_time:
                loop = asyncio.get_running_loop()
                review = making.coach.review
                steps = making.coach.steps()
                every = max(1, review.total // STEPS)
                while await loop.run_in_executor(None, next, steps, None) is not None:
                    if len(review.judged) % every == 0 and not review.complete:
                        self._tell(making, self._told(making))
                await self.rooms.record(
                    self.rooms.club.reviews.keep, making.table_id, key[1], review.to_json()
                )
                self._tell(making, self._told(making, whole=True))
        except (ClubError, Refused) as exc:
            self._tell(making, {"type": "notice", "text": f"The review is not kept: {exc}"})
        finally:
            self.making.pop(key, None)

    def _tell(self, making: Making, message: dict) -> None:
        for session in making.listeners:
            session.send(message)

    def _told(self, making: Making, whole: bool = False) -> dict:
        """The ``review`` message of a review: how far it went, or the whole of it."""
        coach, review = making.coach, making.coach.review
        ahead = list(self.making).index((making.table_id, coach.seat)) if not whole else 0
        message = {
            "type": "review",
            "game_id": making.table_id,
            "seat": coach.seat_name,
            "title": coach.seat_title,
            "done": len(review.judged),
            "total": review.total,
            "waiting": ahead,
        }
        if whole:
            message |= {"review": review.to_json(), "lines": review.summary(coach.seat_title)}
        return message


def _coach(record, seat: int) -> Coach:
    """The coach of a seat of a finished game's record (its kept review read back)."""
    return Coach(record, replay(record), seat)


def _own_seat(session, archived) -> int:
    """The seat the session's player sat at in the game, else the first person's seat."""
    player = session.player
    mine = [s.seat for s in archived.game.seats if player is not None and s.player_id == player.id]
    return mine[0] if mine else seat_of(archived.record, None)
