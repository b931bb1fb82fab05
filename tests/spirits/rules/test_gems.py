"""Gemstones (base game, "A turn", 3. Gemstone) and the end of the game."""

from __future__ import annotations

from .helpers import act, arrange, names, on_turn, patch, place, refused, sparse, started, tile

AIR, WATER = 0, 1


def _gem_step(supply=3, **arranged):
    """Air in its gemstone step, after taking a two-symbol tile."""
    state = on_turn(arrange(started(), {"r1c1": tile("spiders", 2)}, **arranged), AIR)
    if supply != 3:
        state = patch(
            state, players={AIR: {"supply": supply, "lost": 3 - supply - state.gems.count(AIR)}}
        )
    return act(state, "take 1 left")


def test_a_gemstone_from_the_supply_goes_on_any_free_tile():
    """Gemstone: "Put a gemstone from your supply on any forest tile without one: it reserves the
    tile." """
    state = _gem_step(gems={"r2c5": WATER})
    legal = names(state.legal_actions())
    assert "gem r3c6" in legal  # an inner tile
    assert "gem r2c5" not in legal  # Water's
    assert "gem r1c1" not in legal  # taken
    after = act(state, "gem r3c6")
    assert after.gems[place("r3c6")] == AIR and after.supply[AIR] == 2
    assert after.turn == WATER
    refused(state, "gem r2c5", "already reserved by Water")
    refused(state, "gem r1c1", "no tile")


def test_the_gemstone_step_is_optional_and_once():
    """Gemstone: "(optional, once)"."""
    state = _gem_step()
    assert names(state.legal_actions())[-1] == "skip"
    after = act(state, "skip")
    assert after.turn == WATER and after.supply[AIR] == 3
    placed = act(state, "gem r2c2")
    assert placed.turn == WATER


def test_with_none_in_the_supply_move_one_of_yours():
    """Gemstone: "With none left in your supply you may instead move one of yours to another free
    tile." """
    state = _gem_step(supply=0, gems={"r2c5": AIR, "r3c3": AIR})
    legal = state.legal_actions()
    assert not any(a.kind == "gem" for a in legal)
    assert "move gem r2c5 r4c4" in names(legal) and "move gem r2c5 r3c3" not in names(legal)
    after = act(state, "move gem r2c5 r4c4")
    assert after.gems[place("r2c5")] == -1 and after.gems[place("r4c4")] == AIR
    refused(state, "gem r4c4", "supply has no gemstone")
    refused(state, "move gem r4c4 r4c5", "no gemstone of yours")
    full = _gem_step(gems={"r2c5": AIR})
    refused(full, "move gem r2c5 r4c4", "still have a gemstone")


def test_taking_your_own_reserved_tile_returns_the_gem():
    """Gemstone: "Taking a tile with your own gem returns the gem to you." """
    state = on_turn(arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": AIR}), AIR)
    assert state.supply[AIR] == 2
    after = act(state, "take 1 left")
    assert after.supply[AIR] == 3 and after.lost[AIR] == 0


def test_taking_another_players_reserved_tile_costs_a_gem():
    """Gemstone: "Taking a tile with another player's gem costs you one of your gems, out of the
    game (our reading: you choose one from your supply or from the forest), and the owner gets
    theirs back." """
    state = on_turn(
        arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": WATER, "r3c3": AIR}), AIR
    )
    after = act(state, "take 1 left")
    assert after.step == "give" and after.supply[WATER] == 3
    assert names(after.legal_actions()) == ["give supply", "give r3c3"]
    from_forest = act(after, "give r3c3")
    assert from_forest.gems[place("r3c3")] == -1 and from_forest.supply[AIR] == 2
    assert from_forest.lost[AIR] == 1
    from_supply = act(after, "give supply")
    assert from_supply.supply[AIR] == 1 and from_supply.gems[place("r3c3")] == AIR
    refused(after, "skip", "first choose the gemstone")


def test_the_gem_to_give_is_not_asked_when_there_is_no_choice():
    state = on_turn(arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": WATER}), AIR)
    after = act(state, "take 1 left")
    assert after.step == "gem" and after.supply[AIR] == 2 and after.lost[AIR] == 1


def test_with_no_gem_to_give_another_players_reserved_tile_cannot_be_taken():
    """Gemstone: "With no gem to give you cannot take another player's reserved tile." """
    state = on_turn(arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": WATER}), AIR)
    state = patch(state, players={AIR: {"supply": 0, "lost": 3}})
    assert "take 1 left" not in names(state.legal_actions())
    refused(state, "take 1 left", "reserved by Water", "no gemstone to give")


def test_a_player_with_no_legal_collection_passes():
    """Gemstone: "A player with no legal collection passes (our reading)." """
    state = sparse(started(), ["r1c1", "r1c2"], to=WATER)
    state = arrange(state, {}, gems={"r1c1": WATER, "r1c2": WATER})
    state = on_turn(patch(state, players={AIR: {"supply": 0, "lost": 3}}), AIR)
    assert names(state.legal_actions()) == ["pass"]
    refused(on_turn(started(), AIR), "pass", "can take a tile")
    after = act(state, "pass")
    assert after.turn == WATER and after.tiles_left == 2


def test_the_game_ends_when_the_last_tile_is_taken():
    """ "The game ends when the last tile is taken (no gemstone step after it)." """
    state = on_turn(sparse(started(), ["r2c7"], to=WATER), AIR)
    after = act(state, "take 2 left")
    assert after.is_over and after.current_player is None
    assert after.legal_actions() == []
    refused(after, "skip", "game is over")


def test_gemstones_score_nothing():
    """Scoring: "Gemstones score nothing." """
    state = on_turn(sparse(started(), ["r2c7"], to=WATER), AIR)
    rich = act(state, "take 2 left").final_scores()
    poor = act(patch(state, players={AIR: {"supply": 0, "lost": 3}}), "take 2 left").final_scores()
    assert rich["seats"][AIR]["total"] == poor["seats"][AIR]["total"]
    assert rich["seats"][AIR]["gems"] == 3 and poor["seats"][AIR]["gems"] == 0
