"""Achievements: the nine on the board and the Achievement Tiles, each claimed once per game,
as a free action on one's own turn, for 1 VP (rulebook, "Achievements", "Optional Achievement
Tiles")."""

from __future__ import annotations

import pytest

from wish_tui.wishland import rules

from .helpers import (
    BLUE,
    RED,
    act,
    cards_where,
    edit,
    names,
    one_of_each_category,
    position,
    set_workers,
    to_market,
)

CAT = rules.CATALOG


def _on_board(tile: str, space: int = 0):
    """An edit that lays Achievement Tile `tile` on Achievement space `space`."""

    def lay(d):
        ach = d["achievements"]
        if tile in ach:
            where = ach.index(tile)
            ach[where] = f"A{where + 1}"
        else:
            d["tile_box"].remove(tile)
        if ach[space].startswith("T"):
            d["tile_box"].append(ach[space])
        d["tile_box"].sort(key=lambda t: int(t[1:]))
        ach[space] = tile

    return lay


def _claims(state) -> list[str]:
    return [a.arg for a in state.legal_actions() if a.kind == "claim"]


def _penalties(n):
    return cards_where("restaurant", subtype="credits")[:n]


# Each requirement: (Achievement, pieces that meet it, pieces one short of it).
# Pieces: a dict of player fields, plus "cards", "tickets" and "reserve".
BOARD = {
    "A1": ({"happiness": 7}, {"happiness": 6}),
    "A2": ({"visitors": 7}, {"visitors": 6}),
    "A3": ({"reserve": 1}, {"reserve": 2}),
    "A4": ({"vp": 15}, {"vp": 14}),
    "A5": ({"cards": cards_where("ride")[:5]}, {"cards": cards_where("ride")[:4]}),
    "A6": (
        {"cards": cards_where("actor")[:5], "tickets": 5},
        {"cards": cards_where("actor")[:4], "tickets": 5},
    ),
    "A7": (
        {"cards": cards_where("restaurant")[:5], "tickets": 5},
        {"cards": cards_where("restaurant")[:4], "tickets": 5},
    ),
    "A8": (
        {"cards": ["G1", "G2", "G3", "G4", "G5"], "tickets": 5},
        {"cards": ["G1", "G2", "G3", "G4"], "tickets": 5},
    ),
    "A9": (
        {"cards": cards_where("mascot")[:5], "tickets": 5},
        {"cards": cards_where("mascot")[:4], "tickets": 5},
    ),
}

_TWELVE = one_of_each_category()
_SETS = lambda n: [c for kind in rules.KINDS for c in cards_where(kind)[:n]]  # noqa: E731
_INCOME_7 = (
    cards_where("restaurant", subtype="income", income=3)[:2]
    + cards_where("restaurant", subtype="income", income=1)[:1]
)

TILES = {
    "T1": ({"happiness": 5, "visitors": 5}, {"happiness": 5, "visitors": 4}),
    "T2": ({"cards": cards_where("ride")[:7]}, {"cards": cards_where("ride")[:6]}),
    "T3": ({"visitors": 10}, {"happiness": 9, "visitors": 9}),
    "T4": ({"cards": _SETS(3)}, {"cards": _SETS(3)[1:]}),
    "T5": (
        {"cards": cards_where("ride", category="castle")[:5]},
        {"cards": cards_where("ride", category="castle")[:4]},
    ),
    "T6": ({"cards": _TWELVE[:10]}, {"cards": _TWELVE[:9]}),
    "T7": ({"cards": cards_where("ride")[:14]}, {"cards": cards_where("ride")[:13]}),
    "T8": (
        {"cards": _INCOME_7, "tickets": 3},
        {"cards": _INCOME_7[:2] + _penalties(1), "tickets": 3},
    ),
    "T9": ({"credits": 20}, {"credits": 19}),
    "T10": (
        {"cards": cards_where("ride", cost=6)[:3]},
        {"cards": cards_where("ride", cost=6)[:2] + cards_where("ride", cost=5)[:1]},
    ),
}


def _red_with(pieces: dict, fn=None, **options):
    pieces = dict(pieces)
    cards = pieces.pop("cards", [])
    tickets = pieces.pop("tickets", 1)
    reserve = pieces.pop("reserve", None)

    def build(d):
        if reserve is not None:
            set_workers(d, RED, 10 - reserve, reserve)
        if fn:
            fn(d)

    return position(cards=cards, tickets=tickets, fn=build, players={RED: pieces}, **options)


@pytest.mark.parametrize("aid", sorted(BOARD, key=lambda a: int(a[1:])))
def test_board_achievement(aid):
    """Achievements #1-#9 on the board: claimable exactly when the requirement is met."""
    met, short = BOARD[aid]
    state = _red_with(met)
    assert aid in _claims(state), CAT.achievements[aid].text
    assert aid not in _claims(_red_with(short))
    vp = state.players[RED].vp
    after = act(state, f"claim {aid}")
    assert after.players[RED].vp == vp + 1
    assert after.claimed[after.ach.index(aid)] == RED
    assert after.current_player == RED, "claiming does not cost the action"
    assert aid not in _claims(after)


@pytest.mark.parametrize("tile", sorted(TILES, key=lambda t: int(t[1:])))
def test_achievement_tile(tile):
    """Achievement Tiles #1-#10: claimable exactly when the requirement is met."""
    met, short = TILES[tile]
    state = _red_with(met, fn=_on_board(tile), achievement_tiles=True)
    assert tile in _claims(state), CAT.achievements[tile].text
    assert tile not in _claims(_red_with(short, fn=_on_board(tile), achievement_tiles=True))
    after = act(state, f"claim {tile}")
    assert after.claimed[0] == RED and after.players[RED].vp == state.players[RED].vp + 1


def test_tile_2_counts_ticket_offices():
    """Tile #2: "This includes Ticket Office Cards." """
    state = _red_with({"tickets": 7}, fn=_on_board("T2"), achievement_tiles=True)
    assert "T2" in _claims(state)


def test_tile_4_does_not_count_ticket_offices():
    """Tile #4: "This does not include Ticket Office Cards or Entrepreneur Cards." """
    cards = [c for kind in rules.KINDS[:4] for c in cards_where(kind)[:3]]
    state = _red_with({"cards": cards, "tickets": 3}, fn=_on_board("T4"), achievement_tiles=True)
    assert "T4" not in _claims(state)


def test_tile_7_counts_ticket_offices():
    """Tile #7: "This does include Ticket Office Cards." """
    state = _red_with(
        {"cards": cards_where("ride")[:12], "tickets": 3},
        fn=_on_board("T7"),
        achievement_tiles=True,
    )
    assert "T7" in _claims(state)


def test_blank_tiles_leave_the_board_achievement_in_place():
    """ "return any Tiles that have no effect to the game box. Use the Achievements written on
    those spaces of the game board instead." """
    seen_board = seen_tile = 0
    for seed in range(40):
        state = rules.new_game(["red", "blue"], seed=seed, achievement_tiles=True)
        for space, aid in enumerate(state.ach):
            if aid.startswith("A"):
                assert aid == f"A{space + 1}"
                seen_board += 1
            else:
                assert not CAT.achievements[aid].is_blank
                seen_tile += 1
        on_board = [a for a in state.ach if a.startswith("T")]
        assert sorted(on_board + list(state.tile_box)) == sorted(CAT.tiles)
    assert seen_board and seen_tile


def test_without_tiles_the_board_achievements_are_used():
    assert rules.new_game(["red", "blue"], seed=1).ach == CAT.board_achievements


def test_each_achievement_is_claimed_once_per_game():
    """ "each Achievement may only be claimed once per game." """
    state = _red_with({"happiness": 7})
    state = edit(state, players={BLUE: {"happiness": 7}})
    after = act(state, "claim A1", "collect")
    assert after.current_player == BLUE
    assert "A1" not in _claims(after)
    assert "already claimed by Red" in after.why_illegal(rules.Action("claim", "A1"))


def test_several_achievements_in_one_turn_and_after_the_action():
    """ "players may claim multiple Achievements in the same turn if they have met the
    requirements"; a purchase that completes a requirement can be claimed in the same turn."""
    rides = cards_where("ride", cost=2)
    state = _red_with(
        {"happiness": 7, "visitors": 7, "credits": 5, "cards": cards_where("ride")[3:7]}
    )
    state = edit(state, lambda d: to_market(d, rides[0]))
    assert {"A1", "A2"} <= set(_claims(state))
    after = act(state, "claim A1", "claim A2", f"buy {rides[0]}")
    assert after.current_player == RED
    assert names(after.legal_actions()) == ["claim A5", "end"]
    assert act(after, "end").current_player == BLUE
    after = act(after, "claim A5")
    assert after.current_player == RED, "claiming never ends the turn"
    assert names(after.legal_actions()) == ["end"]
    after = act(after, "end")
    assert after.current_player == BLUE
    assert after.players[RED].vp == state.players[RED].vp + 3 + rules.CATALOG.by_id[rides[0]].vp


def test_only_the_seat_whose_turn_it_is_claims():
    state = edit(position(), players={BLUE: {"happiness": 7}})
    assert "A1" not in _claims(state)
    assert state.apply(rules.parse_action(state, "collect")).current_player == BLUE


def test_achievement_3_counts_workers_controlled_on_the_board_too():
    """#3: "if they control 9 or more Workers" — Workers on the board are still controlled."""

    def board(d):
        d["stacks"][0] = [[RED, 5]]
        set_workers(d, RED, 4, 1)

    state = position(fn=board)
    assert "A3" in _claims(state)


def test_after_a_collect_the_turn_waits_while_an_achievement_can_be_claimed():
    """Achievements: "During their Turn, players may claim an Achievement ... Claiming an
    Achievement does not cost an action." A standard Collect used to pass the turn at once, so an
    Achievement met by then could not be claimed in that turn."""
    state = _red_with({"happiness": 7})
    after = act(state, "collect")
    assert after.current_player == RED and after.stage == "after"
    assert names(after.legal_actions()) == ["claim A1", "end"]
    claimed = act(after, "claim A1")
    assert claimed.current_player == RED, "claiming never ends the turn by itself"
    assert names(claimed.legal_actions()) == ["end"]
    assert act(claimed, "end").current_player == BLUE


def test_with_no_free_action_left_the_turn_ends_with_its_action():
    """One rule for every standard action: with nothing free left to do, the turn passes at once."""
    assert act(position(), "collect").current_player == BLUE
    ride = cards_where("ride", cost=2)[0]
    bought = act(
        edit(position(players={RED: {"credits": 5}}), lambda d: to_market(d, ride)), f"buy {ride}"
    )
    assert bought.current_player == BLUE


def test_solo_collect_ends_the_turn_even_with_an_achievement_to_claim():
    """Solo Mode: "If you choose to collect your Workers, your turn ends after collecting them."
    The Achievement stays claimable in the seat's next turn."""
    state = position(("green",), seat=0, solo=True, players={0: {"happiness": 7}})
    assert "claim A1" in names(state.legal_actions())
    after = act(state, "collect")
    assert after.turn == state.turn + 1 and after.stage == "start"
    assert "claim A1" in names(after.legal_actions())
