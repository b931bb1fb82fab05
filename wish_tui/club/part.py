"""What each part of the club that speaks of its players is given: the database and the players."""

from __future__ import annotations

from .players import Players
from .store.database import Database


class ClubPart:
    """A part of one club database (its tables, tournaments, standings, …) that names players."""

    def __init__(self, db: Database, players: Players) -> None:
        self.db = db
        self.players = players
