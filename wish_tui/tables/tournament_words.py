"""A tournament's page in lines: its heading, standings and rounds, from the page's JSON
(`club/tournament_page.py`), as the keeper's command, the plain client and the terminal app say it.

Pure text of JSON-safe values; no club, no Textual.
"""

from __future__ import annotations

from wish_tui import games


def length(tournament: dict) -> str:
    """How long a tournament lasts: a Swiss's rounds ('1 round'), an arena's minutes."""
    if tournament["system"] == "swiss":
        return _count(tournament["rounds"], "round")
    return _count(tournament["minutes"], "minute")


def heading(tournament: dict) -> str:
    """One line naming a tournament and where it stands."""
    spec = games.get(tournament["game"])
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
        f"{tournament['seats']} seats, {length(tournament)}, "
        f"{_count(tournament['entrants'], 'entrant')}, "
        f"{where}"
    )


def lines(shown: dict) -> list[str]:
    """A tournament's page as sentences: its heading, a line a player, then its rounds."""
    out = [heading(shown["tournament"]), "Standings:" if shown["standings"] else "No entrant yet."]
    swiss = shown["tournament"]["system"] == "swiss"
    for line in shown["standings"]:
        mark = " (withdrawn)" if line["withdrawn"] else " (on fire)" if line["on_fire"] else ""
        tie_break = f", Buchholz {line['tie_break']}" if swiss else ""
        tables = " ".join(line["results"]) or "no table yet"
        out.append(
            f"{line['rank']:>3}. {line['name']}{mark}: {_count(line['score'], 'point')}{tie_break}; "
            f"{tables}."
        )
    left_out = shown.get("tables_left_out", 0)
    if left_out:
        out.append(
            f"{_count(left_out, 'earlier table')} left out here: the games are in the history."
        )
    for shown_round in shown["rounds"]:
        out.append(f"Round {shown_round['round']}:" if shown_round["round"] else "Tables:")
        for table in shown_round["tables"]:
            who = ", ".join(_seat(p["name"], table, i) for i, p in enumerate(table["players"]))
            if table["bye"]:
                out.append(f"  a bye: {who}.")
            else:
                state = f" (game {table['table_id']})" if table["finished"] else " (playing)"
                out.append(f"  table {table['code']}: {who}{state}.")
    return out


def _seat(name: str, table: dict, index: int) -> str:
    if not table["finished"] or table["bye"]:
        return name
    if table["players"][index]["id"] in table["no_shows"]:
        return f"{name} (no-show)"
    # An aborted table (places 0) was won by those who came, over the no-shows.
    return f"{name} ({table['places'][index] or 1})"


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def list_lines(tournaments: list[dict]) -> list[str]:
    """The club's tournaments, one line each, the newest first."""
    if not tournaments:
        return [
            "The club has no tournament yet: 'tournament new swiss wish 5 NAME' creates one "
            "('tournament new arena GAME MINUTES NAME' an arena)."
        ]
    return [heading(t) for t in tournaments]
