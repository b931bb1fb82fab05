"""`projected_scores`: the scoring if the game ended now (base page, "Scoring"; the module's
Wishes before it and Hexes after it; "Solo").

A face-down Favor token is its holder's secret ("its owner looks at it secretly and keeps it face
down"): only its holder counts it before the end. "Before scoring, Wishes check who has the most of
something ... After scoring, Hexes check who has the least": the projection checks them on the
counts as they stand.
"""

from __future__ import annotations

from wish_tui.spirits import rules

from .helpers import FOUR, act, endgame, tile, tiles_of, token

LAST = tile("spiders")


def test_a_seat_counts_its_own_face_down_tokens_and_not_the_others():
    """Base page, "Favor tokens": "A spirit or power token counts as one more symbol of its kind at
    the end." Only Air knows its Moss token."""
    state = endgame(FOUR, modules=(), held={0: [token("moss")]}, aside=[], last=LAST)
    own = rules.projected_scores(state, 0)["seats"][0]
    moss = own["symbols"]["moss"]
    assert own["counts"]["moss"] == moss + 1
    assert own["unknown"] == []
    for viewer in (1, None):
        theirs = rules.projected_scores(state, viewer)["seats"][0]
        assert theirs["counts"]["moss"] == moss
        assert theirs["favor_tokens"] == len(state.held[0])
        assert theirs["unknown"] == ["favor_tokens"]


def test_a_wish_met_now_pays_its_reward_before_the_last_tile():
    """Wish Cards: "At the end of the game, before scoring nature points, all players check their
    Wish card." Morning Dew (the most Dew Drops) pays one Flowers symbol."""
    hands = {1: tiles_of("dewdrops")}
    state = endgame(FOUR, modules=("wishes",), hands=hands, wishes={1: "Morning Dew"}, last=LAST)
    assert not state.met[1]
    entry = rules.projected_scores(state, 1)["seats"][1]
    assert entry["wish_met"] and entry["wish"] == "Morning Dew"
    assert entry["counts"]["flowers"] == entry["symbols"]["flowers"] + 1
    assert entry["total"] == sum(entry["steps"].values())


def test_a_favor_reward_not_chosen_yet_is_marked_unknown():
    """Wish Cards: "Gain one favor token, chosen from among the tokens removed during the Setup
    phase": which one is the seat's choice at the end."""
    state = endgame(FOUR, modules=("wishes",), wishes={0: "Gem Hoard"}, last=LAST)
    entry = rules.projected_scores(state, 0)["seats"][0]
    assert entry["wish_met"] and "wish_reward" in entry["unknown"]


def test_a_hex_as_it_stands_costs_six():
    """Hex Cards: "Lose 6 nature points." Air holds the fewest Favor tokens (Forsaken)."""
    state = endgame(
        FOUR,
        hexes={0: "Forsaken"},
        held={1: [token("moss")], 2: [token("sun")], 3: [token("fire")]},
        last=LAST,
    )
    entry = rules.projected_scores(state, None)["seats"][0]
    assert entry["steps"]["hex"] == -6 and not entry["hex_met"]
    final = act(state, "take 1 left").final_scores()["seats"][0]
    assert entry["steps"]["hex"] == final["steps"]["hex"]


def test_the_minus_three_and_the_majorities_as_they_stand():
    """Base page, "Scoring": "the player or players with the highest count score that count ... A
    player with none of a category loses 3"."""
    state = endgame(FOUR, modules=(), last=LAST)
    sheet = rules.projected_scores(state, None)
    for entry in sheet["seats"]:
        for category in rules.CATEGORIES:
            counts = [e["counts"][category] for e in sheet["seats"]]
            scored = entry["counts"][category] if entry["counts"][category] == max(counts) else 0
            if max(counts) == 0:
                scored = 0
            minus = -3 if entry["symbols"][category] == 0 else 0
            assert entry["steps"][category] == scored + minus


def test_the_solo_face_up_token_counts_in_the_projection():
    """Solo: "The game ends when one row remains; you then gain your face-up token." The
    forest's face-down tokens, all shown by then, are unknown until they turn."""
    state = rules.new_game(["earth"], seed=2, solo="standard")
    mine = rules.CATALOG.tokens[state.held[0][0]]
    entry = rules.projected_scores(state, 0)["seats"][0]
    assert entry["counts"][mine] == entry["symbols"][mine] + 1
    assert entry["unknown"] == ["forest_tokens"]
