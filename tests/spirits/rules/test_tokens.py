"""Favor tokens (base game, "A turn", 2. Favor tokens)."""

from __future__ import annotations

from .helpers import act, arrange, names, on_turn, patch, refused, sparse, started, tile, token

AIR, WATER = 0, 1


def test_a_token_comes_with_its_tile_and_stays_face_down():
    """Favor tokens: "A tile taken with a token on it brings the token: its owner looks at it
    secretly and keeps it face down." """
    moss = token("moss")
    state = sparse(started(), drop=["r1c1"], to=WATER)
    state = on_turn(arrange(state, {"r1c2": tile("vines", 2)}, marks={"r1c2": moss}), AIR)
    assert state.view(WATER)["forest"][0][1]["token"]
    after = act(state, "take 1 left")
    assert after.held[AIR] == (moss,)
    assert after.view(AIR)["players"][AIR]["tokens"] == ["moss"]
    theirs = after.view(WATER)["players"][AIR]
    assert theirs["token_count"] == 1 and "tokens" not in theirs
    assert after.view(WATER)["forest"][0][1] is None
    entry = state.view(WATER)["forest"][0][1]
    assert entry["token"] is True and "moss" not in str(entry)


def test_a_spirit_or_power_token_counts_as_one_more_symbol():
    """Favor tokens: "A spirit or power token counts as one more symbol of its kind at the end." """
    from .helpers import endgame

    base = endgame(seats=("air", "water"), modules=(), held={AIR: [token("moss"), token("sun")]})
    scores = act(base, "take 1 left").final_scores()
    air = scores["seats"][AIR]
    assert air["counts"]["moss"] == air["symbols"]["moss"] + 1
    assert air["counts"]["sun"] == air["symbols"]["sun"] + 1


def _lost_one(with_plus=True):
    state = on_turn(started(), AIR)
    held = [token("plus")] if with_plus else [token("moss")]
    data_players = {AIR: {"supply": 2, "lost": 1, "tokens": held}}
    data = state.to_dict()
    for row in data["marks"]:
        for c, t in enumerate(row):
            if t in held:
                row[c] = None
    aside = data["aside"]
    moved = [t for t in held if t in aside]
    if moved:
        # Keep six aside: the token comes from the aside pile, one forest token takes its place.
        marks = [t for row in data["marks"] for t in row if t is not None]
        for row in data["marks"]:
            for c, t in enumerate(row):
                if t == marks[0]:
                    row[c] = None
        aside = sorted([t for t in aside if t not in held] + [marks[0]])
        return patch(state, players=data_players, aside=aside, marks=data["marks"])
    return patch(state, players=data_players, marks=data["marks"])


def test_a_plus_token_takes_back_a_lost_gemstone():
    """Favor tokens: "A "+" token may be spent at any time to take back one gemstone lost
    earlier." """
    state = _lost_one()
    assert names(state.legal_actions())[-1] == "plus"
    after = act(state, "plus")
    assert after.supply[AIR] == 3 and after.lost[AIR] == 0
    assert after.held[AIR] == () and after.spent == (token("plus"),)
    assert after.current_player == AIR and after.step == "take"
    assert after.view(WATER)["spent"] == ["plus"]


def test_a_plus_token_can_be_spent_in_any_step_of_the_turn():
    state = act(arrange(_lost_one(), {"r1c1": tile("moss", 2)}), "take 1 left")
    assert state.step == "gem" and "plus" in names(state.legal_actions())
    assert act(state, "plus").supply[AIR] == 3


def test_a_plus_token_cannot_be_spent_with_nothing_lost():
    """Favor tokens: "spent with nothing lost, it does nothing; our reading: it cannot be spent
    then." """
    state = patch(_lost_one(), players={AIR: {"supply": 3, "lost": 0}})
    assert "plus" not in names(state.legal_actions())
    refused(state, "plus", "lost no gemstone")
    refused(_lost_one(with_plus=False), "plus", "no '+'")
