"""`projected_scores`: the End Game Scoring ("Game Score") if the game ended now.

"During the End Game Scoring, do the following steps for each player: 1. Add the Victory Points on
each Fulfilled Wish card. 2. Add the VP tokens ... 3. ... Ongoing Wishes. 4. ... the Badges you
have claimed. 5. Reveal the Destiny card and gain VP according to the text." The Destiny is kept
secret until then ("keeping the latter choice, secret"), so only its holder counts it.
"""

from __future__ import annotations

from wish_tui.wish import rules

from .positions import table

FULFILLED = ["Heal Them", "Kingdom", "Beauty", "To see the world", "Long Life", "Immortality"]


def _example_15():
    """Example 15's Air Djinn, mid-game: 27 + 5 + 3 + 6 + 8 = 49 VP if the game ended now."""
    return table(
        ("air", "water"),
        fulfilled=FULFILLED,
        others={
            0: {"vp_tokens": 5, "badges": ["Talking Tree"], "destiny": "Djinning the Moment"},
            1: {"destiny": "Dark Side"},
        },
    )


def test_a_seat_counts_its_own_destiny_and_the_five_steps_as_the_end_would():
    state = _example_15()
    assert not state.is_over
    entry = rules.projected_scores(state, 0)["seats"][0]
    assert entry["steps"] == {"wishes": 27, "tokens": 5, "ongoing": 3, "badges": 6, "destiny": 8}
    assert entry["total"] == 49 and entry["unknown"] == []
    assert entry["destiny"] == "Djinning the Moment" and entry["destiny_fulfilled"]


def test_another_seats_destiny_is_left_out_and_marked_unknown():
    state = _example_15()
    for viewer in (1, None):
        entry = rules.projected_scores(state, viewer)["seats"][0]
        assert entry["steps"]["destiny"] == 0 and entry["total"] == 41
        assert entry["destiny"] == "" and not entry["destiny_fulfilled"]
        assert entry["unknown"] == ["destiny"]
    assert rules.projected_scores(state, 1)["seats"][1]["unknown"] == []
    # What the table sees on each seat is the projection without the Destiny.
    assert state.visible_score(0) == 41


def test_final_scoring_is_the_same_sheet_with_every_destiny():
    state = _example_15()
    final = state.final_scores()
    for seat in (0, 1):
        mine = rules.projected_scores(state, seat)["seats"][seat]
        assert {k: v for k, v in mine.items() if k != "unknown"} == final["seats"][seat]


def test_the_ranking_uses_the_rulebooks_tie_breaks():
    """Game Score: "In case of a tie, the winner is the player with the most Monument Badges." """
    state = table(
        ("air", "water"),
        others={0: {"badges": ["Talking Tree"]}, 1: {"vp_tokens": 6}},
    )
    sheet = rules.projected_scores(state, None)
    assert [e["total"] for e in sheet["seats"]] == [6, 6]
    assert sheet["ranking"] == [[0], [1]] and sheet["winners"] == [0]


def test_a_destiny_not_yet_kept_is_unknown_even_to_its_seat():
    """Setup 15: each player keeps one of two Destiny cards."""
    state = rules.new_game(["air", "water"], seed=4)
    seat = state.current_player
    assert state.players[seat].destiny == ""
    assert rules.projected_scores(state, seat)["seats"][seat]["unknown"] == ["destiny"]
