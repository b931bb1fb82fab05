"""Every game's projected scoring: what Final Scoring would give if the game ended now.

Issue 19: a newcomer led the Victory Track all game and finished third after Final Scoring, since
nothing during play said what the end would add. `rules.projected_scores(state, seat)` is the
game's own scoring sheet counted on what `seat` may know (None: anyone at the table); the real
`final_scores` is the same sheet with every secret counted, so the two never disagree. It must
never tell a seat what it may not know: re-dealing everything the seat cannot see leaves it alone.
"""

from __future__ import annotations

import json

import pytest

from tests.game_samples import GAMES, sampled_states


def _markers_removed(sheet: dict) -> dict:
    seats = [{k: v for k, v in e.items() if k != "unknown"} for e in sheet["seats"]]
    return {**sheet, "seats": seats}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_redealing_what_a_seat_cannot_see_never_changes_its_projection(game):
    rules, new = GAMES[game]
    redealt = 0
    for state in sampled_states(new, seed=11):
        public = rules.projected_scores(state, None)
        json.dumps(public)
        for seat in range(state.num_seats):
            mine = rules.projected_scores(state, seat)
            for seed in (3, 4):
                other = rules.determinize(state.view(seat), seed)
                redealt += other.to_dict() != state.to_dict()
                assert rules.projected_scores(other, seat) == mine, (game, seat, state)
                assert rules.projected_scores(other, None) == public, (game, seat, state)
    assert redealt > 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_projection_has_the_final_scorings_shape_and_marks_what_it_leaves_out(game):
    rules, new = GAMES[game]
    for state in sampled_states(new, seed=12, samples=4):
        final = state.final_scores()
        for seat in (None, *range(state.num_seats)):
            sheet = rules.projected_scores(state, seat)
            assert set(sheet) == set(final)
            for entry, real in zip(sheet["seats"], final["seats"], strict=True):
                assert set(entry) == set(real) | {"unknown"}
                assert entry["total"] == sum(entry["steps"].values())
                assert list(entry["steps"]) == list(real["steps"])
                assert isinstance(entry["unknown"], list)
            assert sorted(s for place in sheet["ranking"] for s in place) == list(
                range(state.num_seats)
            )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_at_the_end_every_projection_is_the_final_scoring(game):
    rules, new = GAMES[game]
    for seed in (1, 2):
        state = sampled_states(new, seed=seed, samples=1)[-1]
        assert state.is_over
        for seat in (None, *range(state.num_seats)):
            sheet = rules.projected_scores(state, seat)
            assert all(entry["unknown"] == [] for entry in sheet["seats"])
            assert _markers_removed(sheet) == state.final_scores()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_that_is_not_a_seat_is_refused(game):
    rules, new = GAMES[game]
    state = new(1)
    for seat in (-1, state.num_seats, "0", 1.0):
        with pytest.raises(ValueError):
            rules.projected_scores(state, seat)
