"""A seek's terms as a member asks them, each checked, and a seek as the lobby lists it."""

from __future__ import annotations

from dataclasses import dataclass, field

from wish_tui import games
from wish_tui.club.clock_settings import check_clock
from wish_tui.club.errors import ClubError
from wish_tui.club.seek_store import SeekRow
from wish_tui.tables.protocol import ProtocolError
from wish_tui.tables.seek_words import seek_line

from .table import TableError

BOTS_AFTER = (10, 600)
"""The wait in seconds a member may choose before bots take a seek's seats left."""
RATING_BOUND = 100.0


@dataclass
class Seek:
    """One member's seek as the lobbies list it: its terms as the club stores them (`row`), its
    member and those who took its seats so far."""

    row: SeekRow
    player: object
    takers: list = field(default_factory=list)

    @property
    def since(self) -> float:
        """When it was posted, in seconds of the posting server's clock."""
        return self.row.since_ms / 1000

    def admits(self, rating: float) -> bool:
        low, high = self.row.low, self.row.high
        return (low is None or rating >= low) and (high is None or rating <= high)

    def same_game(self, other: Seek) -> bool:
        """True when both seek the same game: its name, seats, kind and clock."""
        return _game_sought(self.row) == _game_sought(other.row)

    def to_json(self, viewer_id: int | None) -> dict:
        row = self.row
        return {
            "id": row.id,
            "by": self.player.name,
            "game": row.game,
            "title": games.get(row.game).title,
            "seats": row.seats,
            "kind": row.kind,
            "clock": row.clock,
            "range": None if row.low is None and row.high is None else [row.low, row.high],
            "rating": round(row.rating, 3),
            "takers": [p.name for p in self.takers],
            "bots_after": row.bots_after,
            "yours": viewer_id == self.player.id,
        }


def _game_sought(row: SeekRow) -> tuple:
    return row.game, row.seats, row.kind, row.clock


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
    bots_after = seek.row.bots_after
    bots = f" Bots take it after {bots_after} seconds." if bots_after else ""
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
