"""`projected_scores`: Final Scoring ("Final Scoring", "Determining the Winner") if the game
ended now.

Issue 19: a newcomer led the Victory Track all game and finished third after Final Scoring;
nothing during play said what Happiness, Visitors, Restaurants, Mascots, Entertainment Symbols
and Hotels would add. The projection is Final Scoring's own sheet, step by step, for every seat.
"""

from __future__ import annotations

from wish_tui.wishland import rules

from .helpers import BLUE, RED, act, cards_where, position


def _park():
    """RED mid-game with something for every step of Final Scoring."""
    rides = cards_where("ride")[:5]
    restaurants = cards_where("restaurant", subtype="credits")[:5]
    mascot = cards_where("mascot", category=rules.CATEGORY_SYMBOLS[0])[0]
    same = [
        c
        for c in rides + restaurants
        if rules.card_info(c)["category"] == rules.CATEGORY_SYMBOLS[0]
    ]
    actors = (
        cards_where("actor", entertainment="mask")[:1]
        + cards_where("actor", entertainment="top hat")[:1]
    )
    cards = rides + restaurants + [mascot] + actors + ["G5"]
    state = position(
        cards=cards,
        tickets=5,
        players={RED: {"vp": 12, "happiness": 10, "visitors": 10}},
    )
    return state, len(same)


def test_every_step_of_final_scoring_shows_before_the_end():
    state, matches = _park()
    assert not state.is_over
    entry = rules.projected_scores(state, BLUE)["seats"][RED]
    steps = entry["steps"]
    assert tuple(steps) == rules.STEPS
    assert steps["victory_track"] == 12
    # Hotel #5: "You gain the Victory Points shown, based on the total number of Ticket Office
    # Cards you have played" (5 -> 5 VP in the designed table).
    assert steps["hotels"] == entry["hotel_vp"]["G5"] == 5
    # Mascot Cards: matching symbols, halved, rounded down.
    assert steps["mascots"] == matches // 2
    # Entertainment Symbols: a mask and a top hat are 2 unique symbols: 1 VP.
    assert entry["unique_entertainment"] == 2 and steps["entertainment"] == 1
    # Happiness 10: "1 Victory Point for each set of 5 or more cards of the same colour":
    # 5 Rides, 5 Restaurants and 5 Ticket Offices.
    assert steps["happiness"] == 3
    # Visitors 10: "1 Victory Point for every 5 Credits you would earn in a new Income Phase".
    assert steps["visitors"] == entry["income"] // 5 == 1
    # Restaurant Cards: "deduct Victory Points based on any penalties" (five 4-Credit cards).
    assert steps["restaurants"] == -5
    assert entry["total"] == sum(steps.values())
    assert entry["unknown"] == []


def test_the_real_final_scoring_is_the_same_sheet():
    state, _ = _park()
    final = state.final_scores()
    for viewer in (None, RED, BLUE):
        sheet = rules.projected_scores(state, viewer)
        for entry, real in zip(sheet["seats"], final["seats"], strict=True):
            assert {k: v for k, v in entry.items() if k != "unknown"} == real
    assert state.view(BLUE)["players"][RED]["provisional_score"] == final["seats"][RED]["total"]


def test_the_last_action_of_the_game_leaves_the_projection_as_final_scoring_reads_it():
    """After round 7's last turn "the game ends and Final Scoring begins": a projection just
    before a last action that scores nothing is the final scoring."""
    compared = 0
    for seed in range(6):
        state = rules.new_game(["red", "blue"], seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[(seed + state.turn) % len(legal)]
            after = state.apply(action)
            if after.is_over and action.kind in ("collect", "end"):
                before = rules.projected_scores(state, None)
                assert [e["total"] for e in before["seats"]] == [
                    e["total"] for e in after.final_scores()["seats"]
                ]
                assert before["ranking"] == after.final_scores()["ranking"]
                compared += 1
            state = after
    assert compared


def test_hotel_8s_bonus_card_is_marked_unknown_until_it_is_chosen():
    """Hotel #8: "If you pay its cost, you may play 1 card of your choice" in Final Scoring."""

    def end_of_game(d):
        d.update(round=7, turn=4)
        d["players"][RED]["credits"] = 4

    state = position(cards=["G8"], tickets=1, fn=end_of_game)
    assert "hotel_8_bonus" in rules.projected_scores(state, None)["seats"][RED]["unknown"]
    state = act(state, "collect", "collect")
    assert state.phase == "final"
    assert "hotel_8_bonus" in rules.projected_scores(state, RED)["seats"][RED]["unknown"]
    done = act(state, "pass")
    assert rules.projected_scores(done, None)["seats"][RED]["unknown"] == []


def test_a_hidden_entrepreneur_counts_for_its_seat_only():
    """Optional Cards: "Keeping them both secret, they choose 1 card to keep ... all players
    reveal their Entrepreneur Cards simultaneously"."""
    state = rules.new_game(["red", "blue"], seed=4, entrepreneurs=True)
    first = state.current_player
    state = state.apply(state.legal_actions()[0])
    assert state.phase == "setup" and state.players[first].ent
    assert rules.projected_scores(state, first)["seats"][first]["unknown"] == []
    other = 1 - first
    assert rules.projected_scores(state, other)["seats"][first]["unknown"] == ["entrepreneur"]
    assert rules.projected_scores(state, None)["seats"][other]["unknown"] == ["entrepreneur"]
