"""The plain client's welcome says what to type next, as the terminal app's lobby names its keys:
a newcomer with a table waiting for their move was shown the table and then nothing to type."""

from __future__ import annotations

import io

from wish_tui.plain.lobby import PlainLobby
from wish_tui.plain.output import Output


def _entry(mine: bool, open_seats: list[int]) -> dict:
    return {
        "table": "566d5b",
        "game": "wish",
        "title": "Wish",
        "seats": ["Earth (ann)", "Air (bob)" if mine else "Air (open seat)"],
        "open": open_seats,
        "connected": [True, True],
        "mine": mine,
        "owner": False,
        "progress": "round 1",
        "solo": "",
        "over": False,
        "ended": "",
        "kind": "live",
        "clock": None,
    }


def _welcome(entry: dict) -> str:
    stream = io.StringIO()
    lobby = PlainLobby(lambda message: None, Output(stream, width=100), lambda: None)
    lobby.enter("bob")
    lobby.show({"type": "lobby", "tables": [entry], "online": []})
    return stream.getvalue()


def test_a_table_of_yours_is_named_with_the_command_that_opens_it():
    said = _welcome(_entry(True, []))
    assert "'open 566d5b'" in said and "help" in said.split("Welcome", 1)[1]
