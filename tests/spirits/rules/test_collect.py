"""Collecting tiles (base game, "A turn", 1. Collect)."""

from __future__ import annotations

from wish_tui.spirits import rules

from .helpers import act, arrange, names, on_turn, refused, sparse, started, tile

AIR, WATER = 0, 1


def _turn(layout, seat=AIR, **kwargs):
    """Air's turn (not the first of the game) with tiles placed as `layout` says."""
    return on_turn(arrange(started(), layout, **kwargs), seat)


def test_only_the_tile_at_either_end_of_a_row_may_be_taken():
    """Collect: "Only the tile at either end of a row may be taken." """
    state = on_turn(started(), AIR)
    takes = [a for a in state.legal_actions() if a.kind == "take"]
    assert names(takes) == [f"take {r} {e}" for r in (1, 2, 3, 4) for e in ("left", "right")]
    message = refused(state, "take 1 left", seat=WATER)
    assert message == "It is Air's decision now, not Water's."
    try:
        rules.parse_action(state, "take r1c5")
    except rules.IllegalAction as exc:
        assert "not at the end of its row" in str(exc)
    else:
        raise AssertionError("an inner tile was taken")


def test_a_two_symbol_tile_is_taken_alone():
    """Collect: "Either take one tile with two spirit symbols (and stop)"."""
    double = tile("moss", 2)
    state = _turn({"r1c1": double, "r2c1": tile("moss", power="moon")})
    after = act(state, "take 1 left")
    assert after.tiles[AIR][-1] == double
    assert after.step == "gem"
    assert not any(a.kind == "take" for a in after.legal_actions())


def test_one_or_two_one_symbol_tiles_of_the_same_spirit():
    """Collect: "or take one or two tiles with one spirit symbol each, of the same spirit." """
    first, same, other = tile("vines", power="moon"), tile("vines"), tile("leaves")
    state = _turn({"r1c1": first, "r2c12": same, "r3c1": other})
    after = act(state, "take 1 left")
    assert after.step == "more"
    legal = names(after.legal_actions())
    assert "take 2 right" in legal and "take 3 left" not in legal and legal[-1] == "stop"
    two = act(after, "take 2 right")
    assert two.tiles[AIR][-2:] == (first, same)
    assert two.step == "gem"


def test_power_icons_do_not_count_towards_the_pair():
    """Collect: "Power icons do not count towards this." A Moon Moss and a Fire Moss pair up; a
    two-symbol Moss does not join a one-symbol one."""
    moon, fire, double = (
        tile("moss", power="moon"),
        tile("moss", power="fire"),
        tile("moss", 2),
    )
    state = _turn({"r1c1": moon, "r2c1": fire, "r3c1": double})
    after = act(state, "take 1 left")
    legal = names(after.legal_actions())
    assert "take 2 left" in legal and "take 3 left" not in legal
    message = refused(after, "take 3 left", "one spirit symbol")
    assert "two-symbol" in message


def test_the_second_tile_may_be_the_one_the_first_uncovered():
    """Collect: "The second tile may be the one the first uncovered or an end of another row." """
    state = _turn(
        {"r4c12": tile("fruits", power="fire"), "r4c11": tile("fruits", power="fire", nth=1)}
    )
    after = act(state, "take 4 right")
    assert "take 4 right" in names(after.legal_actions())
    after = act(after, "take 4 right")
    assert after.hi[3] == 10


def test_stopping_after_the_first_tile():
    """Collect: "one or two tiles": the second is optional ('stop')."""
    state = _turn({"r1c1": tile("leaves", power="sun"), "r1c2": tile("leaves")})
    after = act(state, "take 1 left", "stop")
    assert len(after.tiles[AIR]) == 1
    assert after.step == "gem" and after.current_player == AIR


def test_the_very_first_turn_takes_only_one_tile():
    """Collect: "The very first turn of the game takes only one tile." """
    state = arrange(started(), {"r1c1": tile("vines"), "r1c2": tile("vines", power="sun")})
    assert state.turn_no == 0
    first = state.turn
    after = act(state, "take 1 left")
    assert after.step == "gem"
    message = refused(after, "take 1 left", "very first turn", "only one tile")
    assert message.startswith("The very first turn")
    again = act(after, "skip")
    assert again.turn == 1 - first and again.turn_no == 1
    # The next turn may take two.
    again = arrange(
        again, {"r2c1": tile("vines", power="moon"), "r2c2": tile("vines", power="fire")}
    )
    assert act(again, "take 2 left").step == "more"


def test_no_second_step_when_no_matching_end():
    layout = {"r1c1": tile("moss", power="sun")}
    others = [tile("leaves", nth=0), tile("vines"), tile("branches"), tile("spiders")]
    others += [tile(s, power="moon") for s in ("leaves", "vines", "branches", "spiders")]
    for name, other in zip(
        ["r1c2", "r1c12", "r2c1", "r2c12", "r3c1", "r3c12", "r4c1", "r4c12"], others, strict=True
    ):
        layout[name] = other
    state = _turn(layout)
    after = act(state, "take 1 left")
    assert after.step == "gem"


def test_collected_tiles_are_public():
    """Collect: "Collected tiles are public." """
    state = act(_turn({"r1c1": tile("spiders", 2)}), "take 1 left")
    for seat in (AIR, WATER):
        assert state.view(seat)["players"][AIR]["tiles"] == list(state.tiles[AIR])
        assert state.view(seat)["players"][AIR]["symbols"]["spiders"] == 2


def test_a_single_tile_row_has_one_end():
    state = on_turn(
        sparse(started(), ["r1c1", "r2c1", "r2c2", "r3c5", "r3c6", "r4c12"], WATER), AIR
    )
    legal = names(state.legal_actions())
    assert "take 1 left" in legal and "take 1 right" not in legal
    assert rules.parse_action(state, "take 1 right") == rules.parse_action(state, "take 1 left")
    refused(state, rules.Action("take", a=0, b=1), "one tile left")
