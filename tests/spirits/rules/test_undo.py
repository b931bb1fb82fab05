"""The undo policy: the acting seat's own decisions within its turn, while nothing hidden was
revealed and no other seat decided since."""

from __future__ import annotations

from wish_tui.spirits import rules
from wish_tui.spirits.rules import undo_points, undo_target, why_no_undo

from .helpers import arrange, on_turn, sparse, started, tile, token

AIR, WATER = 0, 1


def play(history, *texts):
    """Append the states after each action (notation) to a copy of `history`."""
    history = list(history)
    for text in texts:
        history.append(history[-1].apply(rules.parse_action(history[-1], text)))
    return history


def _air(**marks):
    layout = {"r1c1": tile("vines", power="moon"), "r2c1": tile("vines")}
    return on_turn(arrange(started(), layout), AIR)


def test_own_decisions_can_be_undone_one_by_one_back_to_the_turn_start():
    history = play([_air()], "take 1 left", "stop")
    assert history[-1].step == "gem" and history[-1].current_player == AIR
    assert undo_points(history) == [1, 0]
    assert undo_target(history) == 1
    assert undo_target(history[:2]) == 0
    assert why_no_undo(history) == ""


def test_nothing_to_undo_at_the_start_of_a_turn():
    history = [_air()]
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: you have made no decision yet this turn."


def test_the_next_seat_cannot_undo_into_the_previous_turn():
    history = play([_air()], "take 1 left", "stop", "skip")
    assert history[-1].current_player == WATER
    assert undo_target(history) is None
    assert "no decision yet this turn" in why_no_undo(history)


def test_a_favor_token_seen_blocks_undo():
    state = sparse(started(), drop=["r1c1"], to=WATER)
    state = on_turn(
        arrange(state, {"r1c2": tile("spiders", 2)}, marks={"r1c2": token("moss")}), AIR
    )
    history = play([state], "take 1 left")
    assert history[-1].current_player == AIR and history[-1].step == "gem"
    assert undo_target(history) is None
    assert (
        why_no_undo(history)
        == "You cannot undo your last decision: you have seen a Favor token since then."
    )
    # Decisions after the token can still be taken back, down to the token.
    history = play(history, "gem r2c5")
    assert history[-1].current_player == WATER


def test_setup_keeps_can_be_undone_before_the_next_seat_keeps():
    state = rules.new_game(["air", "water"], seed=3, modules=rules.MODULES)
    seat = state.current_player
    history = [state, state.apply(state.legal_actions()[1])]
    assert history[-1].current_player == seat
    assert undo_target(history) == 0
    history.append(history[-1].apply(history[-1].legal_actions()[0]))
    assert history[-1].current_player != seat
    assert undo_target(history) is None


def test_solo_turns_reveal_tiles_so_they_cannot_be_undone():
    state = rules.new_game(["fire"], seed=2, solo="standard")
    history = play([state], "take 1 left")
    assert undo_target(history) is None


def test_nothing_is_undone_once_the_game_is_over():
    state = on_turn(sparse(started(), ["r1c1"], WATER), AIR)
    history = play([state], "take 1 left")
    assert history[-1].is_over
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: the game is over."
