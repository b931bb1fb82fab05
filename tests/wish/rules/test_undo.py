"""The undo policy: own decisions within one's turn that revealed nothing and involved no one else."""

from __future__ import annotations

import random

import pytest

from wish_tui.wish import rules
from wish_tui.wish.rules import undo_points, undo_target, why_no_undo

from .helpers import patch
from .positions import table


def play(history, *texts):
    """Append the states after each action to a copy of `history`.

    Each text is notation, or its start: the first legal action it begins is taken.
    """
    history = list(history)
    for text in texts:
        state = history[-1]
        action = next(a for a in state.legal_actions() if str(a).startswith(text))
        history.append(state.apply(action))
    return history


def test_solo_setup_destiny_can_be_taken_back_before_the_discard():
    state = rules.new_game(["fire"], seed=3, solo="medium")
    keep = state.legal_actions()[0]
    history = [state, state.apply(keep)]
    assert history[1].pending[0][0] == "setup_discard"
    assert undo_target(history) == 0
    assert why_no_undo(history) == ""


def test_nothing_to_undo_at_the_very_start():
    history = [rules.new_game(["fire"], seed=3, solo="hard")]
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: you have made no decision yet this turn."


def test_travel_and_empower_can_be_undone_one_by_one_back_to_the_turn_start():
    start = table(("fire", "earth"), at="Volcano")
    history = play([start], "travel Dock", "empower")
    assert undo_points(history) == [1, 0]
    assert undo_target(history) == 1
    assert undo_target(history[:2]) == 0


def test_a_fulfill_that_draws_from_the_deck_cannot_be_undone():
    start = table(("fire", "earth"), at="Volcano", hand=["Kingdom"], crystals=[5] * 6)
    fulfill = next(a for a in start.legal_actions() if a.kind == "fulfill")
    history = [start, start.apply(fulfill)]
    while history[-1].current_player == 0 and history[-1].pending:
        history = play(history, str(history[-1].legal_actions()[0]))
    assert len(history[-1].deck) != len(start.deck)
    assert undo_target(history) is None
    assert "a Wish card has been drawn from the deck" in why_no_undo(history)


def test_the_next_seat_cannot_undo_into_the_previous_turn():
    start = table(("fire", "earth"), at="Volcano")
    history = play([start], "travel Dock", "end")
    assert history[-1].current_player == 1
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: you have made no decision yet this turn."


def test_another_seats_decision_blocks_undo():
    start = table(("fire", "earth"), at="Cataracts")
    history = play([start], "manifest")
    seat_of = [s.current_player for s in history]
    while history[-1].current_player != 1:
        history = play(history, str(history[-1].legal_actions()[0]))
    history = play(history, str(history[-1].legal_actions()[0]))  # the Earth Djinn gains
    while history[-1].pending:
        history = play(history, str(history[-1].legal_actions()[0]))
    assert seat_of[0] == 0 and history[-1].current_player == 0
    assert undo_target(history) is None
    assert why_no_undo(history) == (
        "You cannot undo your last decision: the Earth Djinn decided since then."
    )


def test_seeing_an_opponents_hand_at_the_palace_blocks_undo():
    start = table(("fire", "earth"), at="Palace", hand=["Kingdom"])
    history = play([start], "manifest")
    assert history[-1].pending[0][0] == "palace_swap"
    assert undo_target(history) is None
    assert why_no_undo(history) == (
        "You cannot undo your last decision: you have seen an opponent's hand since then."
    )


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("caravan_deck", "a Caravan card has been turned since then"),
        ("challenge_deck", "a Challenge card has been turned since then"),
        ("deck", "a Wish card has been drawn from the deck since then"),
    ],
)
def test_a_card_turned_between_two_states_blocks_undo(field, message):
    solo = "easy" if field == "challenge_deck" else None
    djinns = ("fire",) if solo else ("fire", "earth")
    start = table(djinns, at="Volcano", solo=solo)
    moved = play([start], "travel Dock")[-1]
    data = moved.to_dict()
    turned = data[field].pop()
    changes = {field: data[field]}
    if field == "deck":
        changes["discard"] = [*data["discard"], turned]
    history = [start, patch(moved, **changes)]
    assert undo_target(history) is None
    assert why_no_undo(history) == f"You cannot undo your last decision: {message}."


def test_a_reshuffle_blocks_undo_even_when_the_deck_size_matches():
    start = table(("fire", "earth"), at="Volcano")
    moved = play([start], "travel Dock")[-1]
    history = [start, patch(moved, rng=moved.rng + 1)]
    assert undo_target(history) is None


def random_game(djinns, seed: int, limit: int = 2000) -> list:
    """The states of a seeded random game, mostly taking actions other than ending the turn."""
    rng = random.Random(seed)
    state = rules.new_game(djinns, seed=seed)
    history = [state]
    while not state.is_over and len(history) < limit:
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind != "end"]
        state = state.apply(rng.choice(moves) if moves and rng.random() < 0.85 else legal[-1])
        history.append(state)
    return history


def test_nothing_can_be_undone_once_the_game_is_over():
    history = random_game(["air", "water"], seed=5)
    assert history[-1].is_over
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: the game is over."


@pytest.mark.parametrize("seed", range(6))
def test_every_undo_point_is_the_same_seats_turn_with_nothing_revealed(seed):
    djinns = [["air", "water"], ["fire", "earth", "water"], ["air", "water", "fire", "earth"]]
    game = random_game(djinns[seed % 3], seed=seed, limit=400)
    undoable = 0
    for k in range(1, len(game) + 1):
        history = game[:k]
        state = history[-1]
        seat = state.current_player
        points = undo_points(history)
        assert (undo_target(history) is None) == (not points) == bool(why_no_undo(history))
        for j in points:
            then = history[j]
            assert then.current_player == seat
            assert (then.round, then.turn_idx, then.phase) == (
                state.round,
                state.turn_idx,
                state.phase,
            )
            assert (len(then.deck), len(then.caravan_deck), then.rng) == (
                len(state.deck),
                len(state.caravan_deck),
                state.rng,
            )
            assert all(h.current_player == seat for h in history[j:])
        undoable += bool(points)
    assert undoable > 10
