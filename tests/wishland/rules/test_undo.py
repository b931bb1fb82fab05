"""The undo policy: a seat's own decisions within its own turn, while nothing hidden was
revealed and no other seat decided since."""

from __future__ import annotations

from wish_tui.wishland import rules
from wish_tui.wishland.rules import undo_points, undo_target, why_no_undo

from .helpers import RED, act, cards_where, position, set_workers


def play(history, *texts):
    """Append the states after each action (in notation) to a copy of `history`."""
    history = list(history)
    for text in texts:
        history.append(act(history[-1], text))
    return history


def test_nothing_to_undo_at_the_start():
    history = [rules.new_game(["red", "blue"], seed=1)]
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: you have made no decision yet this turn."
    assert undo_points([]) == []


def test_a_turn_order_choice_can_be_taken_back_until_its_reward_is_chosen():
    state = rules.new_game(["red", "blue", "green"], seed=1)
    history = play([state], "order 4")
    assert history[-1].current_player == state.current_player
    assert undo_target(history) == 0
    assert why_no_undo(history) == ""
    history = play(history, "gain happiness")
    assert undo_target(history) is None, "the next seat chooses now"


def test_a_purchase_and_its_payment_can_be_undone_step_by_step():
    ride = cards_where("ride", cost=5)[0]
    state = position(
        market=[ride],
        fn=lambda d: set_workers(d, RED, 10, 0),
        players={RED: {"credits": 9, "happiness": 7}},
    )
    history = play([state], "claim A1", f"buy {ride}")
    assert history[-1].current_player == RED and history[-1].pending
    assert undo_points(history) == [1, 0]
    history = play(history, "extra 2")
    assert history[-1].current_player == RED, "the turn waits for 'end' (A3 is claimable)"
    assert undo_points(history) == [2, 1, 0]


def test_the_next_seat_cannot_undo_the_previous_turn():
    history = play([position()], "collect")
    assert undo_target(history) is None
    assert "no decision yet" in why_no_undo(history)


def test_a_solo_draw_reveals_a_card():
    state = rules.new_game(["green"], seed=3, solo=True)
    history = play([state], "order 1", "draw")
    assert undo_target(history) is None
    assert why_no_undo(history) == (
        "You cannot undo your last decision: a card has been drawn from a Deck since then."
    )
    history = play(history, "advertise")
    assert undo_points(history) == [2], "back to just after the draw"


def test_the_game_over_has_nothing_to_undo():
    state = position()
    history = [state]
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.kind == "collect"), legal[0]))
        history.append(state)
    assert undo_target(history) is None
    assert why_no_undo(history) == "Nothing can be undone: the game is over."


def test_the_last_entrepreneur_keep_reveals_them_all():
    state = rules.new_game(["red", "blue"], seed=2, entrepreneurs=True)
    history = play([state], str(state.legal_actions()[0]))
    history = play(history, str(history[-1].legal_actions()[0]))
    assert history[-1].phase == "order"
    assert undo_target(history) is None


def test_undo_points_in_random_games_stay_within_the_seats_own_stretch():
    import random

    found = 0
    for seed, seats, options in (
        (1, ["red", "blue", "green"], {"entrepreneurs": True}),
        (2, ["yellow"], {"solo": True}),
    ):
        rng = random.Random(seed)
        state = rules.new_game(seats, seed=seed, **options)
        history = [state]
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            history.append(state)
            points = undo_points(history)
            assert (undo_target(history) is None) == (why_no_undo(history) != "")
            for j in points:
                then = history[j]
                assert then.current_player == state.current_player
                assert then.round == state.round and then.rng == state.rng
                assert [len(d) for d in then.decks] == [len(d) for d in state.decks]
                found += 1
    assert found >= 5
