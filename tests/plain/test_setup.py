"""A new game in one line of words (a local game, or a new table at a server)."""

from __future__ import annotations

import pytest

from wish_tui.plain.setup import Setup, SetupError, parse


def test_a_solo_game_names_its_level_and_seat():
    assert parse("wish solo easy water") == Setup("wish", (("water", "human"),), "easy")
    # Wishland has one solo level; its seat defaults to the first colour.
    chosen = parse("Wishland solo entrepreneurs")
    assert chosen.seats == (("red", "human"),) and chosen.solo == "standard"
    assert chosen.options == {"entrepreneurs": True, "achievement_tiles": False}


def test_seats_options_and_a_seed():
    chosen = parse("spirits air water:hard fire:random wishes seed 12")
    assert chosen.seats == (("air", "human"), ("water", "hard"), ("fire", "random"))
    assert chosen.options == {"modules": ("wishes",)} and chosen.seed == 12
    assert parse("spi air earth modules=hexes,wishes").options == {"modules": ("wishes", "hexes")}


def test_at_a_server_a_seat_without_who_is_yours_then_open():
    chosen = parse("wish fire earth water:medium", at_server=True)
    assert chosen.seats == (("fire", "me"), ("earth", "open"), ("water", "medium"))
    with pytest.raises(SetupError, match="one seat of a table"):
        parse("wish fire:me earth:me", at_server=True)
    with pytest.raises(SetupError, match="no seat, option or level"):
        parse("wish fire earth seed 3", at_server=True)


@pytest.mark.parametrize(
    "line, words",
    [
        ("", "Name a game, e.g. 'wish solo easy air'."),
        ("chess", "'chess' is not a game here"),
        ("wish", "Name the seats of Wish"),
        ("wish air", "One seat is a solo game: say 'wish solo air'"),
        ("wish solo", "A solo game of Wish needs a level: easy, medium, hard."),
        ("wish air air:hard", "Each Djinn sits at one seat only."),
        ("wish air water:god", "who plays a seat is human, random, easy, medium, hard"),
        ("wish air water earth fire air", "at most 4 seats"),
        ("spirits solo easy air water", "A solo game has one seat, yours."),
        ("wishland red blue modules=x", "is no seat, option or level of Wishland"),
        ("spirits air water modules=", "modules names parts"),
        ("wish air water seed x", "seed needs a whole number"),
    ],
)
def test_a_line_that_is_no_game_is_one_sentence(line, words):
    with pytest.raises(SetupError) as refused:
        parse(line)
    sentence = str(refused.value)
    assert words in sentence and sentence.endswith(".") and "\n" not in sentence
