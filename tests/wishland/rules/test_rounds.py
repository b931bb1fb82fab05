"""A round: Choosing Turn Order with its five rewards, the Income Phase, four turns each, and
Ending a Round (rulebook, "Gameplay > Rounds", "End of the Game > Ending a Round")."""

from __future__ import annotations

import pytest

from wish_tui.wishland import rules

from .helpers import BLUE, GREEN, RED, act, cards_where, names, position

FOUR = ["red", "blue", "green", "yellow"]


def _ordering(seed=1, seats=FOUR, **options):
    return rules.new_game(list(seats), seed=seed, **options)


def test_turn_order_spaces_are_taken_clockwise_from_the_first_player():
    state = _ordering()
    first = state.first
    assert names(state.legal_actions()) == [f"order {k}" for k in range(1, 6)]
    state = act(state, "order 3")
    assert state.current_player == (first + 1) % 4
    assert "order 3" not in names(state.legal_actions())
    assert "taken by" in state.why_illegal(rules.Action("order", "3"))


@pytest.mark.parametrize(
    ("space", "credits", "vp", "tickets"), [(1, 0, 0, 1), (2, 1, 0, 1), (3, 0, 1, 1), (5, 0, 0, 2)]
)
def test_turn_order_rewards(space, credits, vp, tickets):
    """ "Space 1: There is no Reward for choosing to go first. Space 2: 1 Credit. Space 3: 1
    Victory Point. ... Space 5: 1 Ticket Office Card." (Income follows once all have chosen.)"""
    state = _ordering(seats=["red", "blue", "green"])
    seat = state.current_player
    after = act(state, f"order {space}")
    p = after.players[seat]
    assert (p.credits, p.vp, p.tickets) == (credits, vp, tickets)


def test_turn_order_space_4_gives_a_choice():
    """ "Space 4: Immediate Reward: Player's choice of 1 Happiness, 1 Visitor, or 1 Worker." """
    state = _ordering()
    seat = state.current_player
    after = act(state, "order 4")
    assert after.current_player == seat
    assert names(after.legal_actions()) == ["gain happiness", "gain visitor", "gain worker"]
    after = act(after, "gain worker")
    assert after.players[seat].workers == 5 and after.players[seat].reserve == 5
    assert after.current_player == (seat + 1) % 4


def test_player_turn_order_follows_the_track_and_income_is_paid():
    """ "The Turn Order Track defines Player Turn Order for the rest of the Round, with the
    player on the leftmost space going first." Income: "Gain 5 Credits from the Credit Pool." """
    state = _ordering()
    first = state.first
    choices = {first: 5, (first + 1) % 4: 1, (first + 2) % 4: 3, (first + 3) % 4: 2}
    for _ in range(4):
        state = act(state, f"order {choices[state.current_player]}")
    assert state.phase == "turns" and state.turn == 1
    expected = sorted(range(4), key=lambda s: choices[s])
    assert list(state.order) == expected
    assert state.current_player == expected[0]
    for seat in range(4):
        bonus = {2: 1}.get(choices[seat], 0)
        assert state.players[seat].credits == 5 + bonus


def test_each_seat_takes_four_turns_a_round():
    """ "In Player Turn Order, Players take 1 Action, until each player has taken 4 Turns and the
    Round ends." """
    state = position(("red", "blue", "green"))
    seen = []
    while state.round == 1:
        assert state.phase == "turns"
        seen.append((state.turn, state.current_player))
        state = act(state, "collect")
    assert seen == [(t, s) for t in range(1, 5) for s in state.order or (RED, BLUE, GREEN)]
    assert state.round == 2 and state.phase == "order"


def test_end_of_round_discards_refills_and_passes_the_first_player_token():
    """Ending a Round: "Take all face up cards that have not been purchased from the Marketplace
    and place them face up on their matching Discard Piles. ... Draw 4 new cards from the top of
    each Deck ... Finally, the First Player Token is passed to the left." Workers stay out."""
    ride = cards_where("ride", cost=2)[0]

    def last_turn(d):
        d["turn"] = 4

    state = position(market=[ride], fn=last_turn, players={RED: {"credits": 5}})
    first = state.first
    market = list(state.market)
    decks = [list(d) for d in state.decks]
    after = act(state, f"buy {ride}", "collect")
    assert after.round == 2 and after.phase == "order"
    for row in range(5):
        left = [c for c in market[row * 4 : row * 4 + 4] if c >= 0 and CAT.cards[c].id != ride]
        assert list(after.discards[row]) == left
        assert after.market[row * 4 : row * 4 + 4] == decks[row][-1:-5:-1]
        assert len(after.decks[row]) == len(decks[row]) - 4
    assert after.first == (first + 1) % 2
    assert after.current_player == after.first
    assert after.stacks[0] == ((RED, 1),), "Workers are not collected at the end of a round"


CAT = rules.CATALOG


def test_empty_slots_wait_for_the_end_of_the_round():
    """ "Empty spaces in the Marketplace are not filled with new cards at the end of each Turn." """
    ride = cards_where("ride", cost=2)[0]
    state = position(market=[ride], players={RED: {"credits": 5}})
    slot = state.market.index(CAT.by_id[ride].index)
    after = act(state, f"buy {ride}")
    assert after.market[slot] == -1 and after.current_player == BLUE


def test_after_round_6_the_discard_piles_are_shuffled_into_the_decks():
    """ "If you have just completed Round 6, shuffle all discard piles into their respective
    decks." """
    state = position()
    while not (state.round == 6 and state.turn == 4):
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.kind == "collect"), legal[0]))
    assert all(state.discards), "unbought cards were discarded in rounds 1-5"
    before = [
        set(state.decks[row])
        | set(state.discards[row])
        | {c for c in state.market[row * 4 : row * 4 + 4] if c >= 0}
        for row in range(5)
    ]
    after = act(state, "collect", "collect")
    assert after.round == 7
    assert all(p == () for p in after.discards)
    for row in range(5):
        now = set(after.decks[row]) | set(after.market[row * 4 : row * 4 + 4])
        assert now == before[row]
        assert all(c >= 0 for c in after.market[row * 4 : row * 4 + 4])


def test_a_full_game_lasts_seven_rounds():
    state = position()
    rounds = set()
    while not state.is_over:
        rounds.add(state.round)
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.kind == "collect"), legal[0]))
    assert rounds == set(range(1, 8))
    assert state.current_player is None and state.legal_actions() == []
    assert state.final_scores()["final"] is True
