"""The solo game (base game, "Solo") and its designed easy and hard levels."""

from __future__ import annotations

import pytest

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATALOG

from .helpers import act, names, patch, refused


def _solo(level="standard", seed=3):
    return rules.new_game(["earth"], seed=seed, solo=level)


def test_only_the_nine_spirit_tokens_and_no_gemstones():
    """Solo: "Use only the nine spirit Favor tokens and no gemstones." """
    state = _solo()
    used = state.opp_tokens + state.held[0]
    assert all(CATALOG.tokens[t] in rules.SPIRITS for t in used)
    assert state.supply == [0] and max(state.gems) < 0 and max(state.marks) < 0
    assert not any(a.kind in ("gem", "move", "plus") for a in state.legal_actions())


def test_tiles_face_down_but_both_ends_of_every_row():
    """Solo: "Lay the 48 tiles face down in 4x12 and turn up both ends of every row." """
    view = _solo().view(0)
    for row in view["forest"]:
        assert [e["face_up"] for e in row] == [True] + [False] * 10 + [True]
        assert all("tile" not in e and "spirit" not in e for e in row[1:11])
        assert "spirit" in row[0] and "spirit" in row[11]


def test_two_tokens_face_down_to_the_opponent_one_face_up_to_you():
    """Solo: "Two tokens go face down to the opponent, one face up to you." """
    state = _solo()
    assert len(state.opp_tokens) == 2 and len(state.held[0]) == 1
    view = state.view(0)
    assert view["solo_game"]["opponent_hidden_tokens"] == 2
    assert view["solo_game"]["opponent_tokens"] == []
    assert view["players"][0]["tokens"] == [CATALOG.tokens[state.held[0][0]]]
    data = state.to_dict()
    unused = [t for t in data["aside"] if CATALOG.tokens[t] in rules.SPIRITS]
    data["aside"] = sorted(
        [t for t in data["aside"] if t != unused[0]] + [data["opponent"]["tokens"][0]]
    )
    data["opponent"]["tokens"][0] = unused[0]
    other = rules.State.from_dict(data)
    assert other.opp_tokens != state.opp_tokens and other.view(0) == view


def test_take_an_end_and_the_opponent_takes_the_opposite_end():
    """Solo: "Each turn take one face-up end tile; the opponent takes the opposite end of the same
    row; turn up the new ends." """
    state = _solo()
    assert names(state.legal_actions()) == [
        f"take {r} {e}" for r in (1, 2, 3, 4) for e in ("left", "right")
    ]
    left, right = state.forest[12], state.forest[23]
    after = act(state, "take 2 left")
    assert after.tiles[0] == (left,) and after.opp_tiles == (right,)
    view = after.view(0)["forest"][1]
    assert view[0] is None and view[11] is None
    assert view[1]["face_up"] and view[10]["face_up"] and "spirit" in view[1]
    assert after.current_player == 0


def test_a_row_running_empty_reveals_the_opponents_next_token():
    """Solo: "The first and second time a row runs empty, reveal the opponent's next token (it
    gains that symbol)." """
    state = _solo()
    for _ in range(6):
        state = act(state, "take 1 left")
    assert state.lo[0] == state.hi[0]
    shown = state.view(0)["solo_game"]
    assert shown["opponent_tokens"] == [CATALOG.tokens[state.opp_tokens[0]]]
    assert shown["opponent_hidden_tokens"] == 1
    counts = state.final_scores()["solo"]["opponent_counts"]
    kind = CATALOG.tokens[state.opp_tokens[0]]
    symbols = sum(
        CATALOG.tiles[t].symbols for t in state.opp_tiles if CATALOG.tiles[t].spirit_id == kind
    )
    assert counts[kind] == symbols + 1
    for _ in range(6):
        state = act(state, "take 2 right")
    assert state.view(0)["solo_game"]["opponent_hidden_tokens"] == 0


def test_the_game_ends_when_one_row_remains_and_you_gain_your_token():
    """Solo: "The game ends when one row remains; you then gain your face-up token." """
    state = _solo()
    for row in (1, 2, 3):
        for _ in range(6):
            assert not state.is_over
            state = act(state, f"take {row} left")
    assert state.is_over and state.tiles_left == 12
    scores = state.final_scores()
    mine = CATALOG.tokens[state.held[0][0]]
    entry = scores["seats"][0]
    assert entry["counts"][mine] == entry["symbols"][mine] + 1
    assert entry["favor_tokens"] == 1


def test_no_power_source_scoring_and_the_verdict():
    """Solo: "No power-source scoring. You lose if the opponent has the majority in any spirit; you
    win with the majority or a tie in all nine." """
    state = _solo()
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    scores = state.final_scores()
    entry, solo = scores["seats"][0], scores["solo"]
    assert all(entry["steps"][p] == 0 for p in rules.POWERS)
    theirs = solo["opponent_counts"]
    behind = [s for s in rules.SPIRITS if theirs[s] > entry["counts"][s]]
    assert solo["lost_spirits"] == behind
    assert solo["verdict"] == ("lose" if behind else "win") == entry["verdict"]
    assert scores["winners"] == ([0] if solo["verdict"] == "win" else [])
    assert solo["points"] == entry["total"] == sum(entry["steps"].values())
    assert solo["title"]


@pytest.mark.parametrize("seed", range(40))
def test_the_verdict_follows_the_majorities(seed):
    state = _solo(seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[seed * 7 % len(legal)])
    solo = state.final_scores()["solo"]
    mine = state.final_scores()["seats"][0]["counts"]
    ahead = all(mine[s] >= solo["opponent_counts"][s] for s in rules.SPIRITS)
    if solo["level"] == "standard":
        assert (solo["verdict"] == "win") == ahead


def test_the_points_table_rates_a_win():
    """Solo: "design a points total for the solo result table" (designed: docs)."""
    state = _solo()
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    data = state.to_dict()
    results = CATALOG.solo_results
    solo = state.final_scores()["solo"]
    if solo["verdict"] == "win":
        assert solo["title"] == next(t for low, t in results if solo["points"] >= low)
    else:
        assert solo["title"] == CATALOG.solo_loss
    assert rules.State.from_dict(data).final_scores() == state.final_scores()


def test_levels_deal_their_tokens():
    for level, (opp, mine, forgiven) in {
        "easy": (1, 2, 1),
        "standard": (2, 1, 0),
        "hard": (3, 0, 0),
    }.items():
        state = _solo(level)
        assert (len(state.opp_tokens), len(state.held[0])) == (opp, mine)
        assert CATALOG.solo_levels[level].forgiven == forgiven


def test_easy_forgives_one_lost_spirit():
    state = _solo("easy", seed=5)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    solo = state.final_scores()["solo"]
    assert solo["verdict"] == ("win" if len(solo["lost_spirits"]) <= 1 else "lose")


def test_solo_refuses_everything_but_taking_an_end():
    state = _solo()
    refused(state, "pass", "solo", "face-up end")
    refused(state, "gem r1c5", "solo")
    emptied = state
    for _ in range(6):
        emptied = act(emptied, "take 1 left")
    refused(emptied, "take 1 left", "Row 1 is empty")


def test_the_solo_seat_never_changes():
    state = patch(_solo(), first=0)
    assert state.current_player == 0
    assert act(state, "take 3 right").current_player == 0


def test_the_view_counts_your_face_up_token_only_at_the_end():
    """Solo: "The game ends when one row remains; you then gain your face-up token." Until then
    the view's counts, its majorities and `behind_in` leave the token out; at the end the view
    counts it as the final scoring does."""
    state = _solo()
    mine = CATALOG.tokens[state.held[0][0]]
    while not state.is_over:
        view = state.view(0)
        entry, solo = view["players"][0], view["solo_game"]
        assert entry["counts"] == {c: entry["symbols"][c] for c in rules.CATEGORIES}
        theirs = solo["opponent_counts"]
        assert solo["behind_in"] == [s for s in rules.SPIRITS if theirs[s] > entry["counts"][s]]
        assert entry["tokens"] == [mine]
        state = state.apply(state.legal_actions()[0])
    view = state.view(0)
    final = state.final_scores()
    assert view["players"][0]["counts"] == final["seats"][0]["counts"]
    assert view["players"][0]["counts"][mine] == view["players"][0]["symbols"][mine] + 1
    assert view["solo_game"]["behind_in"] == final["solo"]["lost_spirits"]
