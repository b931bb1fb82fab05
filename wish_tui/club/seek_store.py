"""The club's seeks as stored: every node of a club lists and takes the same seeks.

A seek ('a two-seat live Wish, 10+5, rated 0 to 10') is a row until its seats are full: then it
is marked taken (`TAKING`) in the transaction that took its last seat, so two nodes never open
two tables of one seek, and once its table is open the row names it (`table_code`), so the node
of each of its people tells them. One waiting seek per member. Its terms are checked by the
server (`server/hub/seeks.py`); this keeps them and takes seats one at a time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .store.database import Database

TAKING = "~"
"""`table_code` of a seek whose seats are full while its table is being opened."""
COLUMNS = (
    "id, player_id, game, seats, kind, clock, low, high, bots_after, since_ms, rating, node_id, "
    "takers, table_code, opened_ms"
)


@dataclass(frozen=True)
class SeekRow:
    """One seek as stored."""

    id: int
    player_id: int
    game: str
    seats: int
    kind: str
    clock: dict
    low: float | None
    high: float | None
    bots_after: int | None
    since_ms: int
    """When it was posted, by the posting server's clock (ms)."""
    rating: float
    """The seeker's rating in the game when they posted it."""
    node_id: str
    """The node it was posted on (it drops the seek when its member leaves)."""
    takers: tuple[int, ...]
    table_code: str
    """'' while it waits; `TAKING` while its table is opened; then the table's code."""
    opened_ms: int | None
    """When its table opened (ms), by the opening server's clock."""


def _row(row) -> SeekRow:
    values = list(row)
    values[5] = json.loads(values[5])
    values[12] = tuple(json.loads(values[12]))
    return SeekRow(*values)


class SeekStore:
    """The seeks of one club database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def post(
        self,
        player_id: int,
        terms: dict,
        since_ms: int,
        rating: float,
        node_id: str,
    ) -> SeekRow:
        """Store a member's seek (`terms`: game, seats, kind, clock, low, high, bots_after); it
        replaces their own waiting one and their seats in others'."""
        with self.db.transaction():
            self._drop(player_id)
            row = self.db.one(
                "INSERT INTO seeks (player_id, game, seats, kind, clock, low, high, bots_after, "
                "since_ms, rating, node_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {COLUMNS}",
                (
                    player_id,
                    terms["game"],
                    terms["seats"],
                    terms["kind"],
                    json.dumps(terms["clock"], sort_keys=True),
                    terms["low"],
                    terms["high"],
                    terms["bots_after"],
                    since_ms,
                    rating,
                    node_id,
                ),
            )
        return _row(row)

    def waiting(self) -> list[SeekRow]:
        """The seeks waiting for takers, the oldest first."""
        rows = self.db.rows(f"SELECT {COLUMNS} FROM seeks WHERE table_code = '' ORDER BY id")
        return [_row(r) for r in rows]

    def opened(self) -> list[SeekRow]:
        """The seeks whose table is open (their people may still be told of it)."""
        rows = self.db.rows(
            f"SELECT {COLUMNS} FROM seeks WHERE table_code NOT IN ('', ?) ORDER BY id", (TAKING,)
        )
        return [_row(r) for r in rows]

    def take(self, seek_id: int, player_id: int, full_at: int) -> SeekRow | None:
        """Give `player_id` a seat of a waiting seek; once `full_at` people hold it, it is marked
        `TAKING` (the caller opens its table). None: it is gone, or taken."""
        with self.db.transaction():
            row = self.db.one(
                f"SELECT {COLUMNS} FROM seeks WHERE id = ? AND table_code = ''"
                f"{self.db.dialect.for_update}",
                (seek_id,),
            )
            if row is None:
                return None
            found = _row(row)
            takers = found.takers + (() if player_id in found.takers else (player_id,))
            code = TAKING if 1 + len(takers) >= full_at else ""
            self.db.execute(
                "UPDATE seeks SET takers = ?, table_code = ? WHERE id = ?",
                (json.dumps(takers), code, seek_id),
            )
        return SeekRow(**{**found.__dict__, "takers": takers, "table_code": code})

    def take_for_bots(self, seek_id: int) -> SeekRow | None:
        """Mark a waiting seek `TAKING`: bots take its seats left. None: it is gone, or taken."""
        with self.db.transaction():
            row = self.db.one(
                f"UPDATE seeks SET table_code = ? WHERE id = ? AND table_code = '' "
                f"RETURNING {COLUMNS}",
                (TAKING, seek_id),
            )
        return None if row is None else _row(row)

    def became(self, seek_id: int, table_code: str, opened_ms: int) -> None:
        """The seek's table is open: `table_code`, at `opened_ms`."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE seeks SET table_code = ?, opened_ms = ? WHERE id = ?",
                (table_code, opened_ms, seek_id),
            )

    def cancel(self, player_id: int) -> bool:
        """Take back a member's waiting seek, and their seats in others'; True for a seek."""
        with self.db.transaction():
            return self._drop(player_id)

    def give_back(self, seek_id: int, player_id: int) -> None:
        """A taker gives their seat of a waiting seek back."""
        with self.db.transaction():
            row = self.db.one(
                f"SELECT takers FROM seeks WHERE id = ? AND table_code = ''"
                f"{self.db.dialect.for_update}",
                (seek_id,),
            )
            if row is not None:
                takers = [p for p in json.loads(row[0]) if p != player_id]
                self.db.execute(
                    "UPDATE seeks SET takers = ? WHERE id = ?", (json.dumps(takers), seek_id)
                )

    def remove(self, seek_id: int) -> bool:
        """Take away a waiting seek (its member left, or bots take it); True when it was."""
        with self.db.transaction():
            gone = self.db.one(
                "DELETE FROM seeks WHERE id = ? AND table_code = '' RETURNING id", (seek_id,)
            )
        return gone is not None

    def forget(self, seek_ids: list[int]) -> None:
        """Seeks whose table is open and whose people were told."""
        with self.db.transaction():
            for seek_id in seek_ids:
                self.db.execute("DELETE FROM seeks WHERE id = ?", (seek_id,))

    def _drop(self, player_id: int) -> bool:
        gone = self.db.rows(
            "DELETE FROM seeks WHERE player_id = ? AND table_code = '' RETURNING id", (player_id,)
        )
        for seek_id, takers in self.db.rows("SELECT id, takers FROM seeks WHERE table_code = ''"):
            if player_id in json.loads(takers):
                left = [p for p in json.loads(takers) if p != player_id]
                self.db.execute(
                    "UPDATE seeks SET takers = ? WHERE id = ?", (json.dumps(left), seek_id)
                )
        return bool(gone)
