"""The club's history: finished games, newest first, yours or everyone's, by game; and the kept
record of one of them, with the coach's reviews of it, for its replay and its final table.

Each page is two bounded queries on an index (which games, then their seats), whatever the size
of the club.
"""

from __future__ import annotations

import json

from wish_tui import games
from wish_tui.records import GameRecord

from .errors import NotFound
from .limits import REMOVED_NAME
from .ratings import NO_PLACE
from .reviews import Reviews
from .rows import ArchivedGame, FinishedGame, SeatResult
from .store.database import Database
from .store.record_codec import RecordDamaged, unpack

PAGE_MAX = 100


def _marks(n: int) -> str:
    return ", ".join("?" * n)


def _is_aborted(seats: list[SeatResult]) -> bool:
    """An aborted game is kept with no places: NO_PLACE at every seat."""
    return bool(seats) and all(s.place == NO_PLACE for s in seats)


class History:
    """Finished games of one club database."""

    def __init__(self, db: Database, reviews: Reviews) -> None:
        self.db = db
        self.reviews = reviews

    def page(
        self,
        *,
        player_id: int | None = None,
        game: str | None = None,
        page: int = 0,
        size: int = 20,
    ) -> list[FinishedGame]:
        """One page of finished games, the newest first.

        Args:
            player_id: only the games this player sat at (None: everyone's).
            game: only games of this game (None: every game).
            page: 0 for the newest; `size` (at most PAGE_MAX) games a page.
        """
        size = max(1, min(size, PAGE_MAX))
        offset = max(0, page) * size
        where, params = [], []
        if player_id is not None:
            where.append("player_id = ?")
            params.append(player_id)
            source = "results"
        else:
            source = "finished_games"
        if game is not None:
            where.append("game = ?")
            params.append(game)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        ids = [
            r[0]
            for r in self.db.rows(
                f"SELECT table_id FROM {source} {clause} "
                "ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?",
                (*params, size, offset),
            )
        ]
        return self.games(ids)

    def games(self, table_ids: list[int]) -> list[FinishedGame]:
        """The finished games of these tables, in the order given (unknown ids left out)."""
        if not table_ids:
            return []
        marks = _marks(len(table_ids))
        heads = {
            r[0]: r
            for r in self.db.rows(
                "SELECT f.table_id, t.code, f.game, f.solo, f.finished_at, f.rated "
                f"FROM finished_games f JOIN tables t ON t.id = f.table_id "
                f"WHERE f.table_id IN ({marks})",
                tuple(table_ids),
            )
        }
        seats: dict[int, list[SeatResult]] = {}
        for row in self.db.rows(
            "SELECT r.table_id, r.seat, r.name, r.who, r.player_id, p.name, p.is_removed, "
            "r.score, r.place, r.outcome FROM results r "
            "LEFT JOIN players p ON p.id = r.player_id "
            f"WHERE r.table_id IN ({marks}) ORDER BY r.table_id, r.seat",
            tuple(table_ids),
        ):
            table_id, seat, name, who, player_id, player, removed, score, place, outcome = row
            shown = REMOVED_NAME if removed else (player or "")
            seats.setdefault(table_id, []).append(
                SeatResult(seat, name, who, player_id, shown, score, place, outcome)
            )
        return [
            FinishedGame(
                table_id=h[0],
                code=h[1],
                game=h[2],
                solo=h[3],
                finished_at=h[4],
                rated=bool(h[5]),
                seats=tuple(seats.get(h[0], ())),
                aborted=_is_aborted(seats.get(h[0], ())),
            )
            for h in (heads.get(t) for t in table_ids)
            if h is not None
        ]

    def archived(self, table_id: int) -> ArchivedGame:
        """A finished game's record (to replay it, with the reviews kept of it), final scores
        and chat.

        Raises:
            NotFound: no finished game of that table, or its record is damaged.
        """
        found = self.games([table_id])
        row = self.db.one(
            "SELECT t.seed, t.options, f.record FROM finished_games f "
            "JOIN tables t ON t.id = f.table_id WHERE f.table_id = ?",
            (table_id,),
        )
        if not found or row is None:
            raise NotFound(f"There is no finished game number {table_id}: 'history' lists them.")
        finished = found[0]
        try:
            data = unpack(row[2])
        except RecordDamaged as exc:
            raise NotFound(f"The record of table {finished.code} is damaged: {exc}.") from None
        spec = games.get(finished.game)
        names = [s.name for s in finished.seats]
        reviews = self.reviews.of_game(table_id)
        record = GameRecord(
            seed=int(row[0]),
            seats=[{spec.seat_key: s.name, "who": s.who} for s in finished.seats],
            solo=finished.solo,
            actions=list(data["actions"]),
            state={},
            spec=spec,
            id=finished.code,
            options=spec.parse_options(json.loads(row[1])),
            reviews={names[seat]: review for seat, review in reviews.items() if seat < len(names)},
        )
        return ArchivedGame(
            finished,
            record,
            data["scores"],
            tuple(tuple(c) for c in data["chat"]),
            tuple(data["ds"]),
        )
