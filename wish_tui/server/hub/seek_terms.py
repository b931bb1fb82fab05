"""A seek's terms as a member asks them, each checked, and a seek as the lobby lists it."""

from __future__ import annotations

from dataclasses import dataclass, field

from wish_tui import games
from wish_tui.club.clock_settings import check_clock
from wish_tui.club.errors import ClubError
from wish_tui.tables.protocol import ProtocolError
from wish_tui.tables.seek_words import seek_line

from .table import TableError

BOTS_AFTER = (10, 600)
"""The wait in seconds a member may choose before bots take a seek's seats left."""
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
    node_id: str = ""
    """The node it was posted on."""

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


def rating_bound(value, name: str) -> float | None:
    """A bound of a seek's rating range, checked (None: open)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ProtocolError(f'"{name}" must be a number, or null.')
    if not -RATING_BOUND <= value <= RATING_BOUND:
        raise TableError(f"A rating bound is from {-RATING_BOUND:g} to {RATING_BOUND:g}.")
    return float(value)


def said(limit: float | None) -> str:
    """A bound of a rating range in words."""
    return "any" if limit is None else f"{limit:g}"


def posted(seek: Seek) -> str:
    """What a member is told of the seek they posted."""
    bots = f" Bots take it after {seek.bots_after} seconds." if seek.bots_after else ""
    return f"{seek_line(seek.to_json(seek.player.id))} It waits in the lobby.{bots}"


def asked(message: dict) -> dict:
    """A seek's terms as its message asks them ('game', 'seats', 'kind', 'clock', the rating
    range's 'low' and 'high', the bots' wait 'bots_after'), each checked; a wrong one is refused
    in one sentence."""
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
    low, high = (
        (rating_bound(bound[0], "range"), rating_bound(bound[1], "range"))
        if bound
        else (None, None)
    )
    if low is not None and high is not None and low > high:
        raise TableError("A rating range goes from the lower bound to the higher.")
    bots_after = message.get("bots_after")
    if bots_after is not None and (
        type(bots_after) is not int or not BOTS_AFTER[0] <= bots_after <= BOTS_AFTER[1]
    ):
        raise TableError(
            f"Bots may answer a seek after {BOTS_AFTER[0]} to {BOTS_AFTER[1]} seconds, or never."
        )
    return {
        "game": game,
        "seats": seats,
        "kind": kind,
        "clock": clock,
        "low": low,
        "high": high,
        "bots_after": bots_after,
    }
