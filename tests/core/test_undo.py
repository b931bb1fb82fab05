"""The shared undo walk: a seat takes back its own decisions within its own turn, back to the
first step that another seat decided, that lies in an earlier turn, or that revealed something."""

from __future__ import annotations

from types import SimpleNamespace

from wish_tui.core.undo import UndoPolicy


def _state(turn: int, seat: int, shown: int = 0, ended: bool = False):
    return SimpleNamespace(turn=turn, current_player=seat, shown=shown, ended=ended)


POLICY = UndoPolicy(
    same_turn=lambda a, b: a.turn == b.turn,
    seat_name=lambda st, seat: f"seat {seat}",
    blocker=lambda before, after, seat: "a card was shown" if before.shown != after.shown else "",
    ends_turn=lambda before, after: after.ended,
)


def test_a_seat_goes_back_over_its_own_decisions_of_this_turn() -> None:
    history = [_state(1, 1), _state(2, 0), _state(2, 0), _state(2, 0)]
    assert POLICY.undo_points(history) == [2, 1]
    assert POLICY.undo_target(history) == 2 and POLICY.why_no_undo(history) == ""


def test_another_seats_decision_is_final() -> None:
    history = [_state(2, 0), _state(2, 1), _state(2, 0)]
    assert POLICY.undo_points(history) == []
    assert POLICY.why_no_undo(history) == (
        "You cannot undo your last decision: seat 1 decided since then."
    )


def test_the_games_own_reasons_come_after_the_turn_and_the_seat() -> None:
    history = [_state(2, 0), _state(2, 0, shown=1), _state(2, 0, shown=1)]
    assert POLICY.undo_points(history) == [1]
    assert POLICY.why_final(history[0], history[1], 0) == "a card was shown"
    assert POLICY.why_final(_state(2, 1), _state(2, 0, shown=1), 0) == "seat 1 decided since then"
    assert POLICY.why_final(_state(1, 0), _state(2, 0, shown=1), 0) == "that was in an earlier turn"
    assert POLICY.why_final(_state(2, 1), _state(2, 0, ended=True), 0) == (
        "that was in an earlier turn"
    )


def test_nothing_to_undo_says_why() -> None:
    assert POLICY.why_no_undo([_state(3, 1), _state(4, 0)]).endswith("no decision yet this turn.")
    assert POLICY.why_no_undo([_state(4, None)]).endswith("the game is over.")
    assert POLICY.undo_target([]) is None
