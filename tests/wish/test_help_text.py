"""Wish's rules reference describes the Djinns as the data defines them (Player Board)."""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.help_text import RULES


def test_each_djinn_entry_shows_its_board_columns():
    entries = dict(RULES)
    for djinn, info in CATALOG.djinns.items():
        text = entries[djinn.capitalize()]
        board = text.split(" Board: ", 1)[1]
        columns = board.rstrip(".").split(" · ")
        assert len(columns) == len(info.columns)
        assert columns[1].startswith("2 (locked) ")
        for n, (shown, symbols) in enumerate(zip(columns, info.columns, strict=True), start=1):
            assert shown.startswith(str(n))
            for symbol in symbols:
                assert (info.special if symbol == "special" else symbol.capitalize()) in shown


def test_air_board_in_the_reference_has_cloudbearer_twice_and_no_second_travel():
    board = dict(RULES)["Air"].split(" Board: ", 1)[1]
    assert board.count("Cloudbearer") == 2 and board.count("Travel") == 1
