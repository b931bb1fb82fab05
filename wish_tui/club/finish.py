"""Finishing a table: its result, its compacted record, the ratings, in one transaction.

`finish_table` is called once the game is over (or when it ends early: a resignation or a timeout
at two seats, no person left, an aborted game): it stores each seat's score and place (`results`), folds the table's events, final scores and chat into one
compressed record (`record_codec.pack`) and deletes the rows they came from, and, for a rated
game, moves every player's rating (`ratings.py`) with a row of rating history each; a bot member
starts from its level's measured rating (`bot_ratings.py`). A solo game updates the player's best
score of its setup instead. An aborted game (it ended before every person at it took a decision of
their own) keeps its record with no places (0 at every seat), moves no rating and no best score.
Either all of it is committed or none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import ratings
from .bot_ratings import bot_prior
from .errors import ClubError
from .limits import BOT_NAMES
from .ratings import FORFEITS
from .rows import FinishedGame, Notice, RatingChange, SeatResult, StoredTable
from .store.database import Database
from .store.record_codec import pack, resolve
from .store.table_store import Tables
from .tournament_store import Tournaments

UPSERT_RATING = """
    INSERT INTO ratings (player_id, game, mu, sigma, ordinal, games, updated_at)
    VALUES (?, ?, ?, ?, ?, 1, ?)
    ON CONFLICT (player_id, game) DO UPDATE SET
        mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
        games = ratings.games + 1, updated_at = excluded.updated_at
"""
UPSERT_SOLO = """
    INSERT INTO best_solo (player_id, game, setup, score, table_id, at, games)
    VALUES (?, ?, ?, ?, ?, ?, 1)
    ON CONFLICT (player_id, game, setup) DO UPDATE SET
        games = best_solo.games + 1,
        table_id = CASE WHEN excluded.score > best_solo.score
                        THEN excluded.table_id ELSE best_solo.table_id END,
        at = CASE WHEN excluded.score > best_solo.score THEN excluded.at ELSE best_solo.at END,
        score = CASE WHEN excluded.score > best_solo.score
                     THEN excluded.score ELSE best_solo.score END
"""


def solo_setup(table: StoredTable, scores: Mapping) -> str:
    """The setup a solo score is compared within: the game's own ('solo+entrepreneurs'), else
    the level and the options set ('hard', 'standard+wishes')."""
    if isinstance(scores.get("setup"), str) and scores["setup"]:
        return scores["setup"][:60]
    parts = [table.solo]
    for key, value in sorted(table.options.items()):
        if value is True:
            parts.append(key)
        elif isinstance(value, list):
            parts.extend(str(v) for v in value)
    return "+".join(parts)[:60]


def _totals(scores: Mapping, seats: int) -> list[int]:
    entries = scores.get("seats")
    if not isinstance(entries, list) or len(entries) != seats:
        raise ClubError("The final scores do not have one entry a seat.")
    totals = []
    for entry in entries:
        total = entry.get("total") if isinstance(entry, dict) else None
        if type(total) is not int:
            raise ClubError("A seat's final score has no whole total.")
        totals.append(total)
    return totals


def _is_rated(db: Database, table: StoredTable) -> bool:
    """Games between seats where every person is a player with a key (no guest, no open seat)."""
    if table.solo or len(table.seats) < 2:
        return False
    people = [s.player_id for s in table.seats if s.who == "human"]
    if not people or None in people:
        return False
    marks = "?, " * (len(people) - 1) + "?"
    unrated = db.scalar(
        f"SELECT COUNT(*) FROM players WHERE id IN ({marks}) AND (is_guest = 1 OR is_removed = 1)",
        tuple(people),
        default=0,
    )
    return unrated == 0


def finish_table(
    db: Database,
    tables: Tables,
    tournaments: Tournaments,
    table_id: int,
    scores: Mapping,
    *,
    outcomes: Sequence[str] | None = None,
    rated: bool | None = None,
    aborted: bool = False,
) -> FinishedGame:
    """Store a table's end: results, compacted record, ratings (or best solo score), and its
    places in the tournament that made it, if one did; none of them for an aborted game.

    Args:
        scores: the rules' `final_scores()` (each seat's "total" and the "ranking").
        outcomes: per seat, '' or 'resigned' / 'timeout' / 'bot' (handed to a bot for good);
            by default each seat's stored outcome (`Tables.set_seat`).
        rated: None rates every game between seats whose people all have keys; False keeps a
            game unrated.
        aborted: the game ended before every person at it took a decision of their own: no
            places, no rating, no best score.

    Raises:
        ClubError: no such table, it is finished already, the scores do not fit its seats.
    """
    with db.transaction():
        tables._unfinished(table_id)
        table = tables.get(table_id)
        count = len(table.seats)
        seat_outcomes = list(outcomes) if outcomes is not None else [s.outcome for s in table.seats]
        if len(seat_outcomes) != count or any(o not in ("", *FORFEITS) for o in seat_outcomes):
            raise ClubError("A table's outcomes are one a seat: '', resigned, timeout or bot.")
        totals = _totals(scores, count)
        ranking = scores.get("ranking") if isinstance(scores.get("ranking"), list) else []
        seat_places = ratings.places(ranking, count, seat_outcomes, aborted=aborted)
        is_rated = not aborted and (rated is not False) and _is_rated(db, table)
        actions, times = resolve(tables._all_events(table_id))
        chat = [[c.player_id, c.text, c.at] for c in tables.chat_lines(table_id)]
        now = db.clock()
        db.execute(
            "INSERT INTO finished_games (table_id, game, seats, solo, finished_at, rated, record) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                table.game,
                count,
                table.solo,
                now,
                int(is_rated),
                pack(actions, times, table.created_at, dict(scores), chat),
            ),
        )
        for seat in table.seats:
            db.execute(
                "INSERT INTO results (table_id, seat, name, who, player_id, game, seats, "
                "finished_at, score, place, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    seat.seat,
                    seat.name,
                    seat.who,
                    seat.player_id,
                    table.game,
                    count,
                    now,
                    totals[seat.seat],
                    seat_places[seat.seat],
                    seat_outcomes[seat.seat],
                ),
            )
        last = tables._last_seq(table_id)
        for what in ("table_events", "table_chat", "table_seats", "table_leases"):
            db.execute(f"DELETE FROM {what} WHERE table_id = ?", (table_id,))
        db.execute("UPDATE tables SET finished_at = ? WHERE id = ?", (now, table_id))
        changes = _rate(db, table, seat_places, now) if is_rated else ()
        if table.solo and table.seats[0].player_id is not None and not aborted:
            db.execute(
                UPSERT_SOLO,
                (
                    table.seats[0].player_id,
                    table.game,
                    solo_setup(table, scores),
                    totals[0],
                    table_id,
                    now,
                ),
            )
        db.notify(Notice("finished", table_id, last))
        seats = tuple(
            SeatResult(
                s.seat,
                s.name,
                s.who,
                s.player_id,
                s.player_name,
                totals[s.seat],
                seat_places[s.seat],
                seat_outcomes[s.seat],
            )
            for s in table.seats
        )
        finished = FinishedGame(
            table_id,
            table.code,
            table.game,
            table.solo,
            now,
            is_rated,
            seats,
            tuple(changes),
            aborted,
        )
        tournaments.table_ended(finished)
    return finished


def _rate(db: Database, table: StoredTable, seat_places: list[int], now: int) -> list:
    """Move the rating of every player of a rated game; return how each ordinal moved."""
    seat_players = [s.player_id for s in table.seats]
    people = sorted(set(seat_players))
    # hold the players' rows, in one order, so two tables finishing at once on two nodes move a
    # shared player's rating one after the other
    db.rows(
        f"SELECT id FROM players WHERE id IN ({', '.join('?' * len(people))}) ORDER BY id"
        f"{db.dialect.for_update}",
        tuple(people),
    )
    bots = {s.player_id: s.who for s in table.seats if s.who in BOT_NAMES}
    priors, played = {}, {}
    for player in set(seat_players):
        row = db.one(
            "SELECT mu, sigma, games FROM ratings WHERE player_id = ? AND game = ?",
            (player, table.game),
        )
        start = bot_prior(table.game, bots[player]) if player in bots else None
        priors[player] = (row[0], row[1]) if row else start or (ratings.MU, ratings.SIGMA)
        played[player] = row[2] if row else 0
    after = ratings.rate_players(seat_players, priors, seat_places)
    changes = []
    for player in sorted(after):
        mu, sigma = after[player]
        value = ratings.ordinal(mu, sigma)
        db.execute(UPSERT_RATING, (player, table.game, mu, sigma, value, now))
        db.execute(
            "INSERT INTO rating_history (table_id, player_id, game, at, ordinal) "
            "VALUES (?, ?, ?, ?, ?)",
            (table.id, player, table.game, now, value),
        )
        before = ratings.ordinal(*priors[player])
        changes.append(RatingChange(player, before, value, played[player] + 1))
    return changes
