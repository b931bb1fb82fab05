"""The club's figures: leaderboards, a player's page, a game's page, the best solo scores.

Every query is bounded (a page, or one group per game, seat or bot level) and served by an index
(docs/club.md names which); benchmarks/club.py times them on a club of 10,000 games.
"""

from __future__ import annotations

from .limits import REMOVED_NAME
from .part import ClubPart
from .rows import BoardRow, GamePage, GameStats, PlayerPage, SoloBest, WinRate

PAGE_MAX = 100
TREND = 20
"""Rated games the trend of a player's rating shows."""
LADDER_PEOPLE, LADDER_BOTS = "people", "bots"
"""The two ladders of a game's leaderboard (`Standings.leaderboard`)."""


def _rate(won: int, played: int) -> float:
    return round(won / played, 4) if played else 0.0


def _add(counts: dict, key, played: int, wins: int) -> None:
    total = counts.setdefault(key, [0, 0])
    total[0] += played
    total[1] += wins


class Standings(ClubPart):
    """Figures of one club database."""

    def rating_of(self, player_id: int, game: str) -> float:
        """A player's rating (openskill's ordinal) in `game`; 0 before their first rated game."""
        return float(
            self.db.scalar(
                "SELECT ordinal FROM ratings WHERE player_id = ? AND game = ?",
                (player_id, game),
                default=0.0,
            )
        )

    def leaderboard(
        self, game: str, page: int = 0, size: int = 20, ladder: str = LADDER_PEOPLE
    ) -> list[BoardRow]:
        """A game's rated players, the highest ordinal first; removed players and guests left
        out. One rating pool for everyone, two ladders over it (as lichess lists its BOT
        accounts apart): `LADDER_PEOPLE`, the people and the bot levels they measure themselves
        by; `LADDER_BOTS`, the bot members and the bot levels."""
        size = max(1, min(size, PAGE_MAX))
        offset = max(0, page) * size
        who = (
            "p.is_bot_member = 0"
            if ladder != LADDER_BOTS
            else "(p.is_bot_member = 1 OR p.is_bot = 1)"
        )
        rows = self.db.rows(
            "SELECT r.player_id, p.name, p.is_bot + p.is_bot_member, r.ordinal, r.mu, r.sigma, "
            "r.games FROM ratings r JOIN players p ON p.id = r.player_id "
            f"WHERE r.game = ? AND p.is_removed = 0 AND p.is_guest = 0 AND {who} "
            "ORDER BY r.ordinal DESC, r.player_id DESC LIMIT ? OFFSET ?",
            (game, size, offset),
        )
        return [
            BoardRow(offset + i + 1, pid, name, bool(bot), ordinal, mu, sigma, played)
            for i, (pid, name, bot, ordinal, mu, sigma, played) in enumerate(rows)
        ]

    def player_page(self, player_id: int) -> PlayerPage:
        """Per game: played, won, win rate, average and best score, rating and its trend; and
        the best solo scores.

        Raises:
            NotFound: no such player.
        """
        player = self.players.get(player_id)
        rated = {
            game: (ordinal, played)
            for game, ordinal, played in self.db.rows(
                "SELECT game, ordinal, games FROM ratings WHERE player_id = ?", (player_id,)
            )
        }
        stats = []
        # An aborted game (no places) counts for no one; the points of a seat its person left
        # to a bot (resigned, out of time) are the bot's, not the person's score.
        for game, played, won, average, best in self.db.rows(
            "SELECT game, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), "
            "AVG(CASE WHEN outcome = '' THEN score END), "
            "MAX(CASE WHEN outcome = '' THEN score END) FROM results "
            "WHERE player_id = ? AND seats > 1 AND place > 0 GROUP BY game ORDER BY game",
            (player_id,),
        ):
            ordinal, games_rated = rated.get(game, (None, 0))
            trend = [
                r[0]
                for r in self.db.rows(
                    "SELECT ordinal FROM rating_history WHERE player_id = ? AND game = ? "
                    "ORDER BY at DESC, table_id DESC LIMIT ?",
                    (player_id, game, TREND),
                )
            ]
            stats.append(
                GameStats(
                    game,
                    played,
                    won,
                    _rate(won, played),
                    None if average is None else round(float(average), 2),
                    best,
                    ordinal,
                    games_rated,
                    tuple(reversed(trend)),
                )
            )
        solo = self.best_solo(player_id=player_id)
        return PlayerPage(player, tuple(stats), tuple(solo))

    def game_page(self, game: str) -> GamePage:
        """A game's win rates by seat position (per number of seats), by seat name and by bot
        level, over its finished games between seats (aborted games, with no places, left out)."""
        finished = self.db.scalar(
            "SELECT COUNT(*) FROM results WHERE game = ? AND seats > 1 AND seat = 0 AND place > 0",
            (game,),
            default=0,
        )
        by_seat: dict[tuple[int, int], list[int]] = {}
        by_name: dict[str, list[int]] = {}
        by_bot: dict[str, list[int]] = {}
        for seats, seat, name, who, played, wins in self.db.rows(
            "SELECT seats, seat, name, who, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) "
            "FROM results WHERE game = ? AND seats > 1 AND place > 0 "
            "GROUP BY seats, seat, name, who",
            (game,),
        ):
            _add(by_seat, (seats, seat), played, wins)
            _add(by_name, name, played, wins)
            if who != "human":
                _add(by_bot, who, played, wins)
        return GamePage(
            game,
            finished,
            tuple(
                WinRate(str(seat + 1), seats, p, w, _rate(w, p))
                for (seats, seat), (p, w) in sorted(by_seat.items())
            ),
            tuple(WinRate(name, 0, p, w, _rate(w, p)) for name, (p, w) in sorted(by_name.items())),
            tuple(WinRate(who, 0, p, w, _rate(w, p)) for who, (p, w) in sorted(by_bot.items())),
        )

    def best_solo(
        self,
        *,
        player_id: int | None = None,
        game: str | None = None,
        setup: str | None = None,
        size: int = 10,
    ) -> list[SoloBest]:
        """Best solo scores: a player's, per game and setup; or a game's (setup's) best players,
        the highest first."""
        where, params = [], []
        for column, value in (("b.player_id", player_id), ("b.game", game), ("b.setup", setup)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        order = "b.game, b.setup" if player_id is not None else "b.score DESC, b.at"
        rows = self.db.rows(
            "SELECT b.player_id, p.name, p.is_removed, b.game, b.setup, b.score, b.games, "
            f"b.table_id, b.at FROM best_solo b JOIN players p ON p.id = b.player_id {clause} "
            f"ORDER BY {order} LIMIT ?",
            (*params, max(1, min(size, PAGE_MAX))),
        )
        return [
            SoloBest(pid, REMOVED_NAME if removed else name, g, s, score, n, table, at)
            for pid, name, removed, g, s, score, n, table, at in rows
        ]
