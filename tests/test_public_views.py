"""Every game's public view: what anyone at the table may see, a spectator.

Issue 19: the server gave spectators the part every seat's view had in common, so at a Spirits
table a count that one seat's face-down Favor token raised vanished from it and named the token's
spirit, and every seat row came out empty. Each game's rules now give `state.public_view()`
(= `state.view(None)`): every seat's public counts and no secret. Re-dealing everything a seat
cannot see (`determinize` samples the other hands, decks, tokens, kept cards and Destinies)
never changes it.
"""

from __future__ import annotations

import json

import pytest

from tests.game_samples import GAMES, sampled_states
from wish_tui.spirits import rules as spirits
from wish_tui.wish import rules as wish


@pytest.mark.parametrize("game", sorted(GAMES))
def test_redealing_what_a_seat_cannot_see_never_changes_the_public_view(game):
    rules, new = GAMES[game]
    redealt = 0
    for state in sampled_states(new, seed=5):
        public = state.public_view()
        assert state.view(None) == public
        json.dumps(public)
        for seat in range(state.num_seats):
            for seed in (1, 2):
                other = rules.determinize(state.view(seat), seed)
                redealt += other.to_dict() != state.to_dict()
                assert other.public_view() == public, (game, seat, state)
    assert redealt > 0  # the re-deals did change hidden things


def _public_counts(game: str, view: dict) -> None:
    """Assert `view` shows every seat's public counts and none of its secrets."""
    over = view["phase"] == "over"
    for entry in view["players"]:
        assert "hand" not in entry
        if game.startswith("wish-"):
            assert set(entry["crystals"]) == set(wish.COLOURS)
            assert {"hand_count", "fulfilled", "vp_tokens", "visible_score"} <= set(entry)
            assert ("destiny" in entry) == over
        elif game.startswith("spirits"):
            assert set(entry["counts"]) == set(spirits.CATEGORIES)
            assert {"tile_count", "token_count", "doubles", "gems"} <= set(entry)
        else:
            assert {"credits", "vp", "happiness", "visitors", "counts", "hand_count"} <= set(entry)
            assert "entrepreneur_options" not in entry
    if game.startswith("spirits"):
        assert set(view["majorities"]) == set(spirits.CATEGORIES)
    assert "options" not in (view["decision"] or {})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_public_view_holds_every_seats_public_counts(game):
    _, new = GAMES[game]
    for state in sampled_states(new, seed=9, samples=4):
        view = state.public_view()
        assert view["seat"] is None
        _public_counts(game, view)


def test_a_spirits_spectator_sees_every_count_but_no_face_down_token():
    """The leak of issue 19: a face-down Moss token held by seat 0 raised only its own view's Moss
    count, so the common part of the seats' views lost exactly the Moss count."""
    state = spirits.new_game(["air", "water"], seed=3)
    data = state.to_dict()
    moss = spirits.CATALOG.tokens.index("moss")
    for row in data["marks"]:
        for c, token in enumerate(row):
            if token == moss:
                row[c] = None
    data["aside"] = sorted(t for t in data["aside"] if t != moss)
    data["players"][0]["tokens"] = [moss]
    state = spirits.State.from_dict(data)
    assert state.view(0)["players"][0]["counts"]["moss"] == 1
    public = state.public_view()
    assert public["players"][0]["counts"]["moss"] == 0
    assert public["players"][0]["token_count"] == 1
    assert "tokens" not in public["players"][0]
    assert set(public["majorities"]) == set(spirits.CATEGORIES)
