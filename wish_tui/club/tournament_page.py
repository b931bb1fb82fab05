"""A tournament's page: its setting, standings, and rounds with their tables, as JSON.

What `wish-tui club tournament show ID --json` prints and the server sends a member (said in
lines by `tables/tournament_words.py`); the standings come from the pure core
(`tournaments.swiss` or `tournaments.arena`).
"""

from __future__ import annotations

from .tournament_store import Tournament, Tournaments, results_of
from .tournaments import Standing, arena, swiss

FORMAT = "wish_tui.club.tournament"


def standings(store: Tournaments, tournament: Tournament, tables=None) -> list[Standing]:
    """The tournament's standings now, the best first (from `tables` when read already)."""
    core = swiss if tournament.system == "swiss" else arena
    made = store.tables(tournament.id) if tables is None else tables
    return core.standings(store.entrants(tournament.id), results_of(made))


def summary(tournament: Tournament, entrants: int) -> dict:
    """A tournament as a list shows it."""
    return {
        "id": tournament.id,
        "name": tournament.name,
        "system": tournament.system,
        "game": tournament.game,
        "seats": tournament.seats,
        "kind": tournament.kind,
        "clock": tournament.clock,
        "options": tournament.options,
        "rounds": tournament.rounds,
        "minutes": tournament.minutes,
        "bots": tournament.bots,
        "status": tournament.status,
        "round": tournament.round,
        "entrants": entrants,
        "created_at": tournament.created_at,
        "started_at": tournament.started_at,
        "ends_at": tournament.ends_at,
        "finished_at": tournament.finished_at,
    }


def page(store: Tournaments, tournament_id: int) -> dict:
    """The whole page of one tournament as JSON-safe values."""
    tournament = store.get(tournament_id)
    tables = store.tables(tournament_id)
    lines = standings(store, tournament, tables)
    names = {line.player_id: line.name for line in lines}
    rounds: dict[int, list] = {}
    for table in tables:
        rounds.setdefault(table.round, []).append(
            {
                "table_id": table.table_id,
                "code": table.code,
                "bye": table.table_id is None,
                "players": [{"id": p, "name": names.get(p, "")} for p in table.players],
                "places": list(table.places) if table.ended_at is not None else [],
                "no_shows": list(table.no_shows),
                "finished": table.ended_at is not None,
            }
        )
    return {
        "format": FORMAT,
        "tournament": summary(tournament, len(lines)),
        "standings": [line.to_json() for line in lines],
        "rounds": [{"round": n, "tables": tables} for n, tables in sorted(rounds.items())],
    }


TABLES_SHOWN = 200
"""The most tables a tournament's page sent to a member lists: the latest (an arena's grow with
every game; at 1,087 tables its page neared the largest message the server sends). Every game
is in the history."""


def latest(shown: dict, most: int = TABLES_SHOWN) -> dict:
    """A tournament's `page` with its latest `most` tables only, and how many it leaves out
    (``"tables_left_out"``)."""
    left_out = sum(len(shown_round["tables"]) for shown_round in shown["rounds"]) - most
    if left_out <= 0:
        return shown
    rounds, room = [], most
    for shown_round in reversed(shown["rounds"]):
        if room <= 0:
            break
        kept = shown_round["tables"][-room:]
        rounds.append({**shown_round, "tables": kept})
        room -= len(kept)
    return {**shown, "rounds": rounds[::-1], "tables_left_out": left_out}
