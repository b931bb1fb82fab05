"""Setup (rulebook, "Setup", "Optional Cards and Tiles") and the arguments of `new_game`."""

from __future__ import annotations

import json

import pytest

from wish_tui.wishland import rules

from .helpers import BLUE, RED, names

CAT = rules.CATALOG
FOUR = ["red", "blue", "green", "yellow"]


def test_the_marketplace_has_five_rows_of_four_matching_their_decks():
    """ "For each row in the Card Display, place 4 cards face up in the Marketplace, matching the
    colour of the row to the colour of the card backs. Place the remaining cards of each deck
    face down, on the Deck Space that matches their colour." """
    state = rules.new_game(["red", "blue"], seed=3)
    for row in range(5):
        cards = state.market[row * 4 : row * 4 + 4]
        assert all(c >= 0 and CAT.cards[c].kind == row for c in cards)
        assert len(state.decks[row]) == 20
        assert all(CAT.cards[c].kind == row for c in state.decks[row])
        assert state.discards[row] == ()


def test_each_seat_starts_the_same():
    """Tracks at the beginning; 6 Workers on the Reserve and 4 kept; 1 Ticket Office Card."""
    state = rules.new_game(FOUR, seed=1)
    for p in state.players:
        assert (p.credits, p.vp, p.happiness, p.visitors) == (0, 0, 0, 0)
        assert (p.workers, p.reserve) == (4, 6)
        assert p.tickets == 1 and p.park == ()
    assert state.tickets == 20 - 4
    assert state.stacks == [()] * 6


def test_the_first_player_is_drawn_from_the_seed_and_chooses_turn_order_first():
    """ "Determine a first player ... Each Round begins with the First Player placing their
    Player Token ... This continues clockwise"."""
    firsts = set()
    for seed in range(30):
        state = rules.new_game(FOUR, seed=seed)
        assert state.phase == "order" and state.round == 1
        assert state.current_player == state.first
        firsts.add(state.first)
        assert rules.new_game(FOUR, seed=seed).first == state.first
    assert firsts == {0, 1, 2, 3}


def test_the_same_seed_gives_the_same_game():
    a = rules.new_game(FOUR, seed=9, entrepreneurs=True, achievement_tiles=True)
    b = rules.new_game(FOUR, seed=9, entrepreneurs=True, achievement_tiles=True)
    c = rules.new_game(FOUR, seed=10, entrepreneurs=True, achievement_tiles=True)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict()["decks"] != c.to_dict()["decks"]


def test_entrepreneurs_are_dealt_two_each_and_kept_in_secret():
    """ "each player is dealt 2 random Entrepreneur Cards. Keeping them both secret, they choose
    1 card to keep and 1 to discard. After all players have made their choice, all players
    reveal their Entrepreneur Cards simultaneously"."""
    state = rules.new_game(FOUR, seed=5, entrepreneurs=True)
    assert state.phase == "setup"
    dealt = [e for p in state.players for e in p.ent_options]
    assert len(dealt) == 8 and len(set(dealt)) == 8
    order = []
    while state.phase == "setup":
        seat = state.current_player
        order.append(seat)
        assert [a.kind for a in state.legal_actions()] == ["keep", "keep"]
        for other in range(4):
            if other != seat:
                text = json.dumps(state.view(other))
                for e in state.players[seat].ent_options:
                    assert f'"E{e}"' not in text
        state = state.apply(state.legal_actions()[1])
        if state.phase == "setup":
            kept = state.players[seat].ent
            for other in range(4):
                if other != seat:
                    assert state.view(other)["players"][seat]["entrepreneur"] is None
            assert state.view(seat)["players"][seat]["entrepreneur"]["number"] == kept
    first = order[0]
    assert order == [(first + k) % 4 for k in range(4)]
    assert state.phase == "order"
    for seat in range(4):
        view = state.view((seat + 1) % 4)
        assert view["players"][seat]["entrepreneur"]["number"] == state.players[seat].ent
        assert "entrepreneur_discarded" not in view["players"][seat]


def test_achievement_tiles_fill_the_nine_spaces():
    """ "draw 9 random Tiles and place them on the Achievement Spaces on the game board. Then,
    return any Tiles that have no effect to the game box."""
    state = rules.new_game(["red", "blue"], seed=2, achievement_tiles=True)
    assert len(state.ach) == 9
    tiles = [a for a in state.ach if a.startswith("T")]
    assert sorted(tiles + list(state.tile_box)) == sorted(CAT.tiles)


def test_solo_shuffles_every_deck_into_one_marketplace_deck():
    """Solo Mode, Setup: "shuffle all of them together to make one large Marketplace Deck. Do not
    shuffle Ticket Office Cards into this deck. Place the deck on the Mascot Deck Space"."""
    state = rules.new_game(["green"], seed=3, solo=True)
    assert state.decks[:4] == ((),) * 4
    assert sorted(state.decks[4]) == list(range(120))
    assert all(c < 0 for c in state.market)
    assert state.tickets == 19
    assert state.current_player == 0 and names(state.legal_actions()) == [
        f"order {k}" for k in range(1, 6)
    ]


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        ((["red"],), {}, "solo"),
        ((["red", "red"],), {}, "one seat only"),
        ((["red", "pink"],), {}, "not a player colour"),
        ((["red", "blue", "green", "yellow", "red"],), {}, "one seat only"),
        ((["red", "blue"],), {"solo": True}, "exactly one seat"),
        (([],), {}, "2 to 4"),
        (("red",), {}, "list of player colours"),
        ((["red", "blue"],), {"seed": "7"}, "whole number"),
        ((["red", "blue"],), {"seed": 1.5}, "whole number"),
        ((["red", "blue"],), {"entrepreneurs": "yes"}, "True or False"),
        ((["red", "blue"],), {"achievement_tiles": 1}, "True or False"),
        ((["red", "blue"],), {"solo": None}, "True or False"),
        (([["red"], "blue"],), {}, "not a player colour"),
    ],
)
def test_bad_arguments_are_refused_in_one_sentence(args, kwargs, words):
    with pytest.raises(ValueError) as info:
        rules.new_game(*args, **kwargs)
    message = str(info.value)
    assert words in message
    assert message.endswith(".") and ". " not in message.replace("e.g. ", "")
    assert len(message) < 120


def test_seats_play_in_the_order_given():
    state = rules.new_game(["yellow", "red"], seed=4)
    assert state.seats == ("yellow", "red")
    assert state.view(RED)["seats"] == ["yellow", "red"]
    assert state.view(BLUE)["players"][1]["colour"] == "red"
