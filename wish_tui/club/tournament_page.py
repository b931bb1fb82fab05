"""A tournament's page: its setting, standings, and rounds with their tables, as JSON and lines.

What `wish-tui club tournament show ID`, the plain client and the terminal app all show; the
standings come from the pure core (`tournaments.swiss` or `tournaments.arena`).
"""

from __future__ import annotations

from wish_tui import games

from .tournament_store import Tournament, Tournaments
from .tournaments import Standing, arena, swiss

FORMAT = "wish_tui.club.tournament"


def standings(store: Tournaments, tournament: Tournament) -> list[Standing]:
    """The tournament's standings now, the best first."""
    core = swiss if tournament.system == "swiss" else arena
    return core.standings(store.entrants(tournament.id), store.results(tournament.id))


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
    lines = standings(store, tournament)
    names = {line.player_id: line.name for line in lines}
    rounds: dict[int, list] = {}
    for table in store.tables(tournament_id):
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


def heading(tournament: dict) -> str:
    """One line naming a tournament and where it stands."""
    spec = games.get(tournament["game"])
    length = (
        f"{tournament['rounds']} rounds"
        if tournament["system"] == "swiss"
        else f"{tournament['minutes']} minutes"
    )
    where = {
        "open": "open for entries",
        "running": (
            f"round {tournament['round']} of {tournament['rounds']}"
            if tournament["system"] == "swiss" and tournament["round"]
            else "starting"
            if tournament["system"] == "swiss"
            else "playing"
        ),
        "finished": "finished",
    }[tournament["status"]]
    system = "Swiss" if tournament["system"] == "swiss" else "Arena"
    return (
        f"#{tournament['id']} {tournament['name']}: {system} of {spec.title}, "
        f"{tournament['seats']} seats, {length}, {tournament['entrants']} entrants, {where}"
    )


def lines(shown: dict) -> list[str]:
    """A tournament's page as text lines (standings, then its rounds)."""
    out = [heading(shown["tournament"]), ""]
    tie = "Buchholz" if shown["tournament"]["system"] == "swiss" else ""
    out.append(f"{'#':>3}  {'name':<20} {'score':>6} {tie:>8}  games")
    for line in shown["standings"]:
        mark = " (withdrawn)" if line["withdrawn"] else " (on fire)" if line["on_fire"] else ""
        tie_break = f"{line['tie_break']:8}" if tie else " " * 8
        out.append(
            f"{line['rank']:>3}  {line['name'][:20]:<20} {line['score']:>6} {tie_break}  "
            f"{' '.join(line['results']) or '-'}{mark}"
        )
    for shown_round in shown["rounds"]:
        label = f"Round {shown_round['round']}" if shown_round["round"] else "Tables"
        out += ["", label]
        for table in shown_round["tables"]:
            who = ", ".join(_seat(p["name"], table, i) for i, p in enumerate(table["players"]))
            where = "bye" if table["bye"] else table["code"]
            state = "" if table["finished"] or table["bye"] else " (playing)"
            out.append(f"  {where:<7} {who}{state}")
    return out


def _seat(name: str, table: dict, index: int) -> str:
    if not table["finished"] or table["bye"]:
        return name
    if table["players"][index]["id"] in table["no_shows"]:
        return f"{name} (no-show)"
    return f"{name} ({table['places'][index]})"
