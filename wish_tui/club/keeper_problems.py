"""`wish-tui club problems`: the unfinished tables the server cannot resume, and why.

A table whose rows are damaged (an action that is not legal where it stands, a clock or seed that
does not parse, a game or options that are not a game's) is left out of the lobby and kept as it
is; `serve` says so once at its start, and this command lists them whenever the keeper asks:
one sentence a table, or JSON::

    {"format": "wish_tui.club.problems",
     "tables": [{"table_id": 1, "code": "a1b2c3", "game": "wish",
                 "problem": "action 3 'fly to the moon' is not legal there",
                 "sentence": "Table 1 (Wish, a1b2c3) cannot be resumed: …; its rows are kept."}]}
"""

from __future__ import annotations

import json

FORMAT = "wish_tui.club.problems"


def add_parser(inner) -> None:
    """Add `problems` to the commands of `wish-tui club`."""
    problems = inner.add_parser(
        "problems", help="list the unfinished tables whose rows are damaged, and why"
    )
    problems.add_argument("--json", action="store_true", help="print one JSON object")


def list_problems(club, as_json: bool) -> None:
    """Print each damaged unfinished table of `club` (read only: nothing is changed)."""
    damaged = club.tables.damaged()
    if as_json:
        print(json.dumps({"format": FORMAT, "tables": [d.to_json() for d in damaged]}))
        return
    if not damaged:
        print("Every unfinished table can be resumed: no rows are damaged.")
        return
    for table in damaged:
        print(table)
