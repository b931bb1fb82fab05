"""The Spirits expert's search: it deals a new hidden position for every determinization it
plays (its look-ahead is deterministic, so a deal played again teaches nothing), between two
seats its tree holds the other seat's answer and the seat's next turn, and in the last turns it
plays on to the end of the game and is judged by the result."""

from __future__ import annotations

import random

import pytest

from wish_tui import games
from wish_tui.spirits.bots.expert import ENDGAME_TILES, SpiritsSearch

SPEC = games.get("spirits")


def _position(until_tiles: int, seed: int = 11):
    """A two-seat game of medium bots played until at most `until_tiles` tiles are left."""
    state = SPEC.new_state(list(SPEC.seats[:2]), seed, "", SPEC.parse_options({}))
    bots = [SPEC.bots.make_bot("medium", s) for s in range(2)]
    while state.phase != "play" or state.tiles_left > until_tiles:
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def test_every_determinization_is_a_new_deal() -> None:
    state = _position(40)
    search = SpiritsSearch(state.view(state.current_player))
    rng = random.Random(5)
    drawn = [search.sample(rng) for _ in range(100)]
    assert len({id(st) for st in drawn}) == 100


def test_the_last_turns_are_played_to_the_end() -> None:
    state = _position(ENDGAME_TILES)
    search = SpiritsSearch(state.view(state.current_player))
    assert search.play_out(search.sample(random.Random(1))).is_over


def test_a_look_ahead_before_the_last_turns_stops_after_a_round() -> None:
    state = _position(30)
    search = SpiritsSearch(state.view(state.current_player))
    assert not search.play_out(search.sample(random.Random(1))).is_over


def test_a_finished_game_rewards_the_winner_and_then_the_margin() -> None:
    state = _position(ENDGAME_TILES)
    search = SpiritsSearch(state.view(state.current_player))
    over = search.play_out(search.sample(random.Random(1)))
    rewards = search.rewards_at(over)
    winners = over.final_scores()["winners"]
    for seat, reward in enumerate(rewards):
        if seat in winners and len(winners) == 1:
            assert 0.9 < reward < 1.0
        elif seat not in winners:
            assert 0.0 < reward < 0.1


def test_a_lead_is_judged_against_the_lead_at_the_decision() -> None:
    state = _position(30)
    search = SpiritsSearch(state.view(state.current_player))
    search.sample(random.Random(1))
    assert max(abs(c) for c in search.centers) > 1.0  # a position with a lead
    assert search.rewards_at(search.root) == pytest.approx([0.5, 0.5])


def test_a_decision_before_the_last_turns_never_plays_to_the_end() -> None:
    state = _position(ENDGAME_TILES + 1)
    search = SpiritsSearch(state.view(state.current_player))
    search.sample(random.Random(1))
    assert not search.to_the_end()


def test_between_two_seats_the_tree_holds_the_next_two_turns_and_no_more() -> None:
    state = _position(30)
    seat = state.current_player
    search = SpiritsSearch(state.view(seat))
    st = search.sample(random.Random(1))
    deciders = []
    while search.mover(st) is not None:
        deciders.append(search.mover(st))
        st = search.play(st, search.moves(st)[0])
    assert deciders == [seat, 1 - seat, seat]
    assert st.turn_no == state.turn_no + 3  # the look-ahead's end: after the seat's next turn
    assert search.play_out(st) is st


def test_the_other_seat_answers_with_its_own_best_ways_to_take() -> None:
    state = _position(30)
    seat = state.current_player
    search = SpiritsSearch(state.view(seat))
    st = search.play(search.sample(random.Random(1)), search.moves(search.root)[0])
    moves = search.moves(st)
    priors = search.priors(st, moves)
    assert st.current_player == 1 - seat and len(moves) > 1
    assert priors[0] == max(priors) == 1.0  # its best plan by its own judgement comes first


def test_at_four_seats_the_tree_holds_the_decision_alone() -> None:
    state = SPEC.new_state(list(SPEC.seats[:4]), 3, "", SPEC.parse_options({}))
    bots = [SPEC.bots.make_bot("medium", s) for s in range(4)]
    while state.phase != "play" or state.tiles_left > 30:
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    search = SpiritsSearch(state.view(state.current_player))
    dealt = search.sample(random.Random(1))
    after = search.play(dealt, search.moves(dealt)[0])
    assert search.mover(after) is None
    assert search.play_out(after).turn_no == state.turn_no + 5
