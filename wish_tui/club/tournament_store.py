"""The club's tournaments as stored: created, joined, started, their tables and results.

A Swiss or an arena for one game and its options, with the seats of its tables, a live or a
turn-based clock, and whether bots may enter. The store keeps who entered and every table a
round (or the arena) made; the pure core (`tournaments/`) pairs and ranks from them. A table's
result is noted in the transaction that finishes it (`Club.finish`), so every result counts once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from wish_tui import games

from . import ratings
from .bot_ratings import bot_prior
from .clock_settings import check_clock
from .errors import ClubError, InputRefused
from .part import ClubPart
from .ratings import FORFEITS
from .rows import FinishedGame, JsonRow
from .tournaments import Entrant, TableResult

SYSTEMS = ("swiss", "arena")
ROUNDS = (1, 20)
"""A Swiss's rounds, fewest and most."""
MINUTES = (5, 7 * 24 * 60)
"""An arena's window in minutes, shortest and longest (a week: turn-based arenas)."""
DEFAULT_CLOCKS = {
    "live": {"type": "live", "minutes": 10, "increment": 5},
    "turn": {"type": "turn", "hours": 24, "total_days": 14},
}
"""A tournament's clock when none is chosen: every table has one, so a no-show forfeits."""
NAME_MAX = 40
LIST_MAX = 200
COLUMNS = (
    "id, name, system, game, options, seats, kind, clock, rounds, minutes, bots, status, round, "
    "created_by, created_at, started_at, ends_at, finished_at"
)
NO_RATING = 0.0
"""The ordinal of a player not yet rated in the game (mu 25 - 3 sigma 25/3)."""


@dataclass(frozen=True)
class Tournament(JsonRow):
    """A tournament's setting and where it stands."""

    id: int
    name: str
    system: str
    """'swiss' or 'arena'."""
    game: str
    options: dict
    seats: int
    kind: str
    """'live' or 'turn': the kind of its tables."""
    clock: dict
    rounds: int
    """A Swiss's rounds (0 for an arena)."""
    minutes: int
    """An arena's window (0 for a Swiss)."""
    bots: bool
    """Whether bots may enter (the keeper's choice)."""
    status: str
    """'open' (entries taken), 'running' or 'finished'."""
    round: int
    """A Swiss's round under way (0 before the first)."""
    created_by: int | None
    created_at: int
    started_at: int | None
    ends_at: int | None
    finished_at: int | None


@dataclass(frozen=True)
class RoundTable(JsonRow):
    """One table a tournament made (a bye has no table)."""

    n: int
    round: int
    table_id: int | None
    code: str
    players: tuple[int, ...]
    places: tuple[int, ...]
    no_shows: tuple[int, ...]
    ended_at: int | None


def results_of(tables: list[RoundTable]) -> list[TableResult]:
    """A tournament's tables as the pure core reads them."""
    return [
        TableResult(
            t.players,
            t.places if t.ended_at is not None else (),
            frozenset(t.no_shows),
            t.round,
            t.ended_at or 0,
        )
        for t in tables
    ]


def _row(row) -> Tournament:
    values = list(row)
    values[4] = json.loads(values[4])
    values[7] = json.loads(values[7])
    values[10] = bool(values[10])
    return Tournament(*values)


class Tournaments(ClubPart):
    """Tournaments in one club database."""

    def create(
        self,
        name: str,
        system: str,
        game: str,
        seats: int,
        *,
        rounds: int = 0,
        minutes: int = 0,
        kind: str = "live",
        clock: dict | None = None,
        options: dict | None = None,
        bots: bool = False,
        created_by: int | None = None,
    ) -> Tournament:
        """Store a new tournament, open for entries.

        Raises:
            InputRefused: a name, system, game, seat count, rounds, window, kind, clock or
                option that is refused (one sentence).
        """
        name = " ".join(str(name).split())
        if not 2 <= len(name) <= NAME_MAX or not name.isprintable():
            raise InputRefused(f"A tournament's name has 2 to {NAME_MAX} printable characters.")
        if system not in SYSTEMS:
            raise InputRefused(f"A tournament is a 'swiss' or an 'arena', not '{system[:20]}'.")
        try:
            spec = games.get(game)
            options_json = spec.options_to_json(spec.parse_options(options))
        except (KeyError, ValueError) as exc:
            raise InputRefused(str(exc.args[0])) from None
        if type(seats) is not int or not 2 <= seats <= spec.max_seats:
            raise InputRefused(
                f"A tournament's tables of {spec.title} have 2 to {spec.max_seats} seats."
            )
        if system == "swiss" and not ROUNDS[0] <= rounds <= ROUNDS[1]:
            raise InputRefused(f"A Swiss has {ROUNDS[0]} to {ROUNDS[1]} rounds.")
        if system == "arena" and not MINUTES[0] <= minutes <= MINUTES[1]:
            raise InputRefused(f"An arena lasts {MINUTES[0]} to {MINUTES[1]} minutes.")
        clock_json = check_clock(kind, clock)
        if clock_json["type"] == "none":
            clock_json = dict(DEFAULT_CLOCKS[kind])
        with self.db.transaction():
            tid = self.db.one(
                "INSERT INTO tournaments (name, system, game, options, seats, kind, clock, rounds, "
                "minutes, bots, created_by, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    name,
                    system,
                    spec.name,
                    json.dumps(options_json, sort_keys=True),
                    seats,
                    kind,
                    json.dumps(clock_json, sort_keys=True),
                    rounds if system == "swiss" else 0,
                    minutes if system == "arena" else 0,
                    int(bots),
                    created_by,
                    self.db.clock(),
                ),
            )[0]
        return self.get(tid)

    def get(self, tournament_id: int) -> Tournament:
        """One tournament.

        Raises:
            NotFound: no such tournament.
        """
        return self._one(tournament_id, "")

    def listing(self, status: str | None = None, limit: int = LIST_MAX) -> list[Tournament]:
        """The newest tournaments first (only those of `status` if given)."""
        limit = max(1, min(limit, LIST_MAX))
        if status is None:
            rows = self.db.rows(
                f"SELECT {COLUMNS} FROM tournaments ORDER BY id DESC LIMIT ?", (limit,)
            )
        else:
            rows = self.db.rows(
                f"SELECT {COLUMNS} FROM tournaments WHERE status = ? ORDER BY id DESC LIMIT ?",
                (status, limit),
            )
        return [_row(r) for r in rows]

    # -- entries ---------------------------------------------------------------------------------
    def join(self, tournament_id: int, player_id: int) -> Tournament:
        """Enter a player, or bring back one who withdrew.

        Raises:
            ClubError: the tournament is over, a Swiss past its first half, a guest, or a bot
                where bots are not allowed (one sentence).
        """
        with self.db.transaction():
            found = self._locked(tournament_id)
            player = self.players.get(player_id)
            if found.status == "finished":
                raise ClubError(f"The tournament {found.name} is over.")
            if found.system == "swiss" and found.round > found.rounds // 2:
                raise ClubError(f"The tournament {found.name} is past its first half: too late.")
            if player.is_guest or player.is_removed:
                raise ClubError(
                    "Only the club's members enter a tournament: connect with a key to be one."
                )
            if (player.is_bot or player.is_bot_member) and not found.bots:
                raise ClubError(f"Bots may not enter the tournament {found.name}.")
            self.db.execute(
                "INSERT INTO tournament_entrants (tournament_id, player_id, joined_at, free_since) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, player_id) DO UPDATE SET "
                "withdrawn = 0, free_since = excluded.free_since",
                (tournament_id, player_id, self.db.clock(), self.db.clock()),
            )
        return found

    def withdraw(self, tournament_id: int, player_id: int) -> None:
        """Take a player out of the pairings (their results and line stay)."""
        with self.db.transaction():
            self._locked(tournament_id)
            self.db.execute(
                "UPDATE tournament_entrants SET withdrawn = 1, free_since = NULL "
                "WHERE tournament_id = ? AND player_id = ?",
                (tournament_id, player_id),
            )

    def entrants(self, tournament_id: int) -> list[Entrant]:
        """Everyone entered, with their rating in the tournament's game, in order of entry (a
        bot level that has not played the game yet: the rating its first game starts from)."""
        game = self.get(tournament_id).game
        rows = self.db.rows(
            "SELECT e.player_id, p.name, p.is_removed, r.ordinal, e.withdrawn, p.is_bot "
            "FROM tournament_entrants e JOIN players p ON p.id = e.player_id "
            "LEFT JOIN ratings r ON r.player_id = e.player_id AND r.game = ? "
            "WHERE e.tournament_id = ? ORDER BY e.joined_at, e.player_id",
            (game, tournament_id),
        )
        return [
            Entrant(
                pid,
                "removed player" if removed else name,
                _unrated(game, name if is_bot else None) if rating is None else rating,
                bool(withdrawn),
            )
            for pid, name, removed, rating, withdrawn, is_bot in rows
        ]

    def free(self, tournament_id: int) -> list[int]:
        """An arena's entrants waiting for a table, the longest waiting first."""
        return [
            r[0]
            for r in self.db.rows(
                "SELECT player_id FROM tournament_entrants WHERE tournament_id = ? AND "
                "withdrawn = 0 AND free_since IS NOT NULL ORDER BY free_since, player_id",
                (tournament_id,),
            )
        ]

    # -- the course of a tournament --------------------------------------------------------------
    def start(self, tournament_id: int) -> Tournament:
        """Close the entries and start (an arena's window opens now).

        Raises:
            ClubError: it started already, or fewer than two have entered.
        """
        with self.db.transaction():
            found = self._locked(tournament_id)
            if found.status != "open":
                raise ClubError(f"The tournament {found.name} has started already.")
            count = self.db.scalar(
                "SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ? "
                "AND withdrawn = 0",
                (tournament_id,),
                default=0,
            )
            if count < 2:
                raise ClubError(f"The tournament {found.name} needs two entrants to start.")
            now = self.db.clock()
            ends = now + found.minutes * 60_000 if found.system == "arena" else None
            self.db.execute(
                "UPDATE tournaments SET status = 'running', started_at = ?, ends_at = ? "
                "WHERE id = ?",
                (now, ends, tournament_id),
            )
        return self.get(tournament_id)

    def seat(
        self,
        tournament_id: int,
        round_: int,
        tables: list[tuple[int, tuple[int, ...]]],
        byes: tuple[int, ...] = (),
    ) -> None:
        """Note the tables a pairing made (the club's table id and its players in seat order)
        and the round's byes (ended at once); a Swiss moves to `round_`."""
        with self.db.transaction():
            self._locked(tournament_id)
            now = self.db.clock()
            n = self.db.scalar(
                "SELECT MAX(n) FROM tournament_tables WHERE tournament_id = ?",
                (tournament_id,),
                default=0,
            )
            rows = [(table_id, players, None) for table_id, players in tables]
            rows += [(None, (player,), now) for player in byes]
            for table_id, players, ended in rows:
                n += 1
                self.db.execute(
                    "INSERT INTO tournament_tables (tournament_id, n, round, table_id, players, "
                    "places, created_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        tournament_id,
                        n,
                        round_,
                        table_id,
                        json.dumps(list(players)),
                        "[1]" if table_id is None else "[]",
                        now,
                        ended,
                    ),
                )
                self.db.execute(
                    "UPDATE tournament_entrants SET free_since = ? WHERE tournament_id = ? "
                    f"AND player_id IN ({', '.join('?' * len(players))})",
                    (ended, tournament_id, *players),
                )
            self.db.execute(
                "UPDATE tournaments SET round = ? WHERE id = ?", (round_, tournament_id)
            )

    def table_ended(self, finished: FinishedGame) -> int | None:
        """Note a finished table's places, if a tournament made it (inside the transaction that
        finishes it); returns that tournament's id. In an aborted game the players who gave up
        (ran out of time, resigned) are no-shows: they forfeit, and are withdrawn."""
        row = self.db.one(
            "SELECT tournament_id, n, players FROM tournament_tables WHERE table_id = ? "
            "AND ended_at IS NULL",
            (finished.table_id,),
        )
        if row is None:
            return None
        tid, n, players = row[0], row[1], json.loads(row[2])
        by_seat = sorted(finished.seats, key=lambda s: s.seat)
        places = [s.place for s in by_seat]
        no_shows = [players[s.seat] for s in by_seat if finished.aborted and s.outcome in FORFEITS]
        now = self.db.clock()
        self.db.execute(
            "UPDATE tournament_tables SET places = ?, no_shows = ?, ended_at = ? "
            "WHERE tournament_id = ? AND n = ?",
            (json.dumps(places), json.dumps(no_shows), now, tid, n),
        )
        for player in players:
            gone = player in no_shows
            self.db.execute(
                "UPDATE tournament_entrants SET withdrawn = CASE WHEN ? = 1 THEN 1 ELSE withdrawn END,"
                " free_since = CASE WHEN ? = 1 OR withdrawn = 1 THEN NULL ELSE ? END "
                "WHERE tournament_id = ? AND player_id = ?",
                (int(gone), int(gone), now, tid, player),
            )
        return tid

    def finish(self, tournament_id: int) -> None:
        """Close a tournament: its standings are final."""
        with self.db.transaction():
            self._locked(tournament_id)
            self.db.execute(
                "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?",
                (self.db.clock(), tournament_id),
            )
            self.db.execute(
                "UPDATE tournament_entrants SET free_since = NULL WHERE tournament_id = ?",
                (tournament_id,),
            )

    # -- reading ---------------------------------------------------------------------------------
    def tables(self, tournament_id: int) -> list[RoundTable]:
        """Every table the tournament made, in order (a bye has no table)."""
        rows = self.db.rows(
            "SELECT t.n, t.round, t.table_id, c.code, t.players, t.places, t.no_shows, "
            "t.ended_at FROM tournament_tables t LEFT JOIN tables c ON c.id = t.table_id "
            "WHERE t.tournament_id = ? ORDER BY t.n",
            (tournament_id,),
        )
        return [
            RoundTable(
                n,
                round_,
                table_id,
                code or "",
                tuple(json.loads(players)),
                tuple(json.loads(places)),
                tuple(json.loads(no_shows)),
                ended,
            )
            for n, round_, table_id, code, players, places, no_shows, ended in rows
        ]

    def results(self, tournament_id: int) -> list[TableResult]:
        """The tables as the pure core reads them."""
        return results_of(self.tables(tournament_id))

    def playing(self, tournament_id: int) -> int:
        """Tables of the tournament still being played."""
        return self.db.scalar(
            "SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ? AND ended_at IS NULL",
            (tournament_id,),
            default=0,
        )

    def _locked(self, tournament_id: int) -> Tournament:
        """The tournament, its row held until the transaction commits."""
        return self._one(tournament_id, self.db.dialect.for_update)

    def _one(self, tournament_id: int, lock: str) -> Tournament:
        row = self.db.found(
            f"SELECT {COLUMNS} FROM tournaments WHERE id = ?{lock}",
            (tournament_id,),
            f"There is no tournament {tournament_id}.",
        )
        return _row(row)


def _unrated(game: str, level: str | None) -> float:
    """The rating of an entrant without one in `game`: a bot level's measured start, else 0."""
    prior = bot_prior(game, level) if level else None
    return NO_RATING if prior is None else ratings.ordinal(*prior)
