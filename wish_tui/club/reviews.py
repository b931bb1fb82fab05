"""The coach's reviews of the club's finished games, kept with each game so a review is made once.

A review is the JSON of `core.review.Review` (one seat's decisions as the expert judged them),
stored by game and seat; it is read back with the game's record (`History.archived`), and what a
stored review holds is checked where it is read (`Review.from_json`), never trusted here.
"""

from __future__ import annotations

import json

from .errors import NotFound
from .store.database import Database

MAX_REVIEW = 200_000
"""The longest review kept, in characters of JSON (a long game's is a few tens of thousands)."""


class Reviews:
    """The stored reviews of one club database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def of_game(self, table_id: int) -> dict[int, dict]:
        """The reviews kept of a finished game, by seat (one that is no JSON object is left out)."""
        found = {}
        for seat, text in self.db.rows(
            "SELECT seat, review FROM game_reviews WHERE table_id = ? ORDER BY seat", (table_id,)
        ):
            try:
                review = json.loads(text)
            except ValueError:
                continue
            if isinstance(review, dict):
                found[seat] = review
        return found

    def keep(self, table_id: int, seat: int, review: dict) -> None:
        """Keep a seat's review of a finished game (replacing the one kept before).

        Raises:
            NotFound: no finished game of that table, or the review is too long (one sentence).
        """
        text = json.dumps(review, separators=(",", ":"), ensure_ascii=False)
        if len(text) > MAX_REVIEW:
            raise NotFound("That review is too long to keep.")
        with self.db.transaction():
            if self.db.one("SELECT 1 FROM finished_games WHERE table_id = ?", (table_id,)) is None:
                raise NotFound(
                    f"There is no finished game number {table_id}: 'history' lists them."
                )
            self.db.execute(
                "INSERT INTO game_reviews (table_id, seat, review, made_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET review = excluded.review, "
                "made_at = excluded.made_at",
                (table_id, seat, text, self.db.clock()),
            )
