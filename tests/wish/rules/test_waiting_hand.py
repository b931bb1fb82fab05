"""The hand of a seat not taking its turn: its Wishes' statuses are kept for what they read of
the position, and a kept one is the one `fulfil_status` gives (every seat, random games of two
to four seats, and positions a bot made up with `determinize`)."""

from __future__ import annotations

import random

import pytest

from wish_tui import games
from wish_tui.records import GameRecord
from wish_tui.wish import rules
from wish_tui.wish.rules import explain


def positions(seats: int, seed: int, steps: int = 400):
    spec = games.get("wish")
    names = [{spec.seat_key: name, "who": "human"} for name in spec.seats[:seats]]
    state = GameRecord.new(names, seed, None, "wish", games=games.GAMES)[1]
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_kept_status_is_the_one_the_rules_give(seats):
    compared = 0
    for seed in (1, 2):
        for state in positions(seats, seed):
            for seat in range(seats):
                made = {c: explain.fulfil_status(state, seat, c) for c in state.players[seat].hand}
                assert explain.hand_status(state, seat) == made
                compared += len(made)
            if state.round and seed == 1:
                other = rules.determinize(state.view(0), 7)  # (its Monuments as lists)
                made = {c: explain.fulfil_status(other, 1, c) for c in other.players[1].hand}
                assert explain.hand_status(other, 1) == made
    assert compared > 500


def test_a_waiting_hand_is_worked_out_once_while_what_it_reads_stays(monkeypatch):
    monkeypatch.setattr(explain, "_WAITING", {})
    worked = []
    status = explain.fulfil_status

    def counted(st, seat, card):
        worked.append(card)
        return status(st, seat, card)

    monkeypatch.setattr(explain, "fulfil_status", counted)
    state = next(s for s in positions(2, 3) if s.players[1 - s.current_player].hand)
    waiting = 1 - state.current_player
    first = explain.hand_status(state, waiting)
    assert worked  # worked out the first time
    count = len(worked)
    again = explain.hand_status(state, waiting)
    assert len(worked) == count and again == first
    again[next(iter(again))]["why"] = "changed by a caller"
    assert explain.hand_status(state, waiting) == first  # each caller's own dicts


def test_the_kept_statuses_are_bounded(monkeypatch):
    monkeypatch.setattr(explain, "_WAITING", {})
    monkeypatch.setattr(explain, "WAITING_KEPT", 5)
    for state in positions(2, 4, 60):
        explain.hand_status(state, 1 - state.current_player)
        assert len(explain._WAITING) <= 5


def test_the_hand_of_the_seat_taking_its_turn_reads_the_turn_once(monkeypatch):
    """What keeps the turn from any Fulfill (markers, columns, the Potion) is the same for every
    Wish of the hand: worked out once a hand, not once a Wish."""
    asked = []
    obstacle = explain._turn_obstacle

    def counted(p, columns):
        asked.append(columns)
        return obstacle(p, columns)

    monkeypatch.setattr(explain, "_turn_obstacle", counted)
    hands = 0
    for state in positions(3, 4):
        seat = state.current_player
        if not explain._moves_now(state, seat) or len(state.players[seat].hand) < 2:
            continue
        asked.clear()
        statuses = explain.hand_status(state, seat)
        assert len(asked) <= 1
        hands += len(asked) == 1 and sum(not s["now"] for s in statuses.values()) > 1
    assert hands > 10  # hands of several Wishes that could not be fulfilled, each asked once
