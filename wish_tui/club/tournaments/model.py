"""A tournament's plain records: who entered, what each table gave, what a round pairs.

Pure: no database, no clock. Scores are `Fraction`s so that a third of a point stays a third;
`to_json` writes them as numbers rounded to 3 places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Entrant:
    """A member (or a bot, when the keeper allows) entered in a tournament."""

    player_id: int
    name: str
    rating: float = 0.0
    """The rating pairing and ties read (the leaderboard's ordinal for the game)."""
    withdrawn: bool = False
    """Left the tournament, or was withdrawn after not showing up: paired no more, still ranked."""


@dataclass(frozen=True)
class TableResult:
    """One table a tournament made, and how it ended.

    A table of one player is a Swiss bye. `places` is empty while the table plays; once it ended
    it holds each seat's place (1 the best, tied seats sharing one), and `no_shows` the players
    who never took a decision of their own (a forfeit: they finish last, with no points).
    """

    players: tuple[int, ...]
    places: tuple[int, ...] = ()
    no_shows: frozenset[int] = frozenset()
    round: int = 0
    """The Swiss round (1 the first); 0 in an arena."""
    ended_at: int = 0
    """When the table ended (an arena counts a player's tables in this order)."""

    @property
    def is_finished(self) -> bool:
        """True once every seat has a place, or the table is a bye."""
        return self.is_bye or len(self.places) == len(self.players)

    @property
    def is_bye(self) -> bool:
        """True for a Swiss round's bye: a table of one."""
        return len(self.players) == 1


@dataclass(frozen=True)
class Pairing:
    """What one pairing makes: tables in rank order, and who sits out (a bye, or waits)."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...] = ()
    """A Swiss round's bye (a point each), or the arena's players left waiting for the next."""
    rematches: int = 0
    """Pairs of players meeting again that could not be avoided."""


@dataclass(frozen=True)
class Standing:
    """One line of a tournament's standings."""

    rank: int
    player_id: int
    name: str
    score: Fraction
    tie_break: Fraction = Fraction(0)
    """Swiss: Buchholz (opponents' scores); arena: none."""
    games: int = 0
    wins: int = 0
    byes: int = 0
    rating: float = 0.0
    withdrawn: bool = False
    on_fire: bool = False
    """Arena: two wins in a row, so the next game scores double."""
    results: tuple[str, ...] = field(default=())
    """Per table in order: its points as said (e.g. '1', '½', '0', 'bye', 'forfeit')."""

    def to_json(self) -> dict:
        """The line as JSON-safe values (scores as numbers rounded to 3 places)."""
        return {
            "rank": self.rank,
            "player_id": self.player_id,
            "name": self.name,
            "score": as_number(self.score),
            "tie_break": as_number(self.tie_break),
            "games": self.games,
            "wins": self.wins,
            "byes": self.byes,
            "rating": round(self.rating, 3),
            "withdrawn": self.withdrawn,
            "on_fire": self.on_fire,
            "results": list(self.results),
        }


def as_number(value: Fraction) -> int | float:
    """A score as JSON writes it: an integer when whole, else rounded to 3 places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


def said(value: Fraction) -> str:
    """A score in words for a standings line: '2', '1½', '⅔' as near as 2 decimals allow."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return f"{int(whole) or ''}½"
    return f"{float(value):.2f}"


def ranked(
    entrants: Iterable[Entrant], tie: Callable[[Entrant], tuple[Fraction, ...]]
) -> list[tuple[int, Entrant]]:
    """The entrants best first, each with its rank: by `tie` (the higher the better), then by
    rating, then by id; entrants equal in `tie` share a rank (1, 2, 2, 4)."""
    ordered = sorted(entrants, key=lambda e: (*(-v for v in tie(e)), -e.rating, e.player_id))
    lines: list[tuple[int, Entrant]] = []
    for index, entrant in enumerate(ordered):
        shared = lines and tie(lines[-1][1]) == tie(entrant)
        lines.append((lines[-1][0] if shared else index + 1, entrant))
    return lines


def standing(
    rank: int, entrant: Entrant, score: Fraction, said_lines: list[str], **figures
) -> Standing:
    """`entrant`'s line at `rank`: who they are from their entry, `figures` (games, wins, …) as
    the tournament's system counts them."""
    return Standing(
        rank=rank,
        player_id=entrant.player_id,
        name=entrant.name,
        score=score,
        rating=entrant.rating,
        withdrawn=entrant.withdrawn,
        results=tuple(said_lines),
        **figures,
    )
