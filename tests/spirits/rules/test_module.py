"""The Wishes and Hexes module's rules (besides its worked examples, in test_examples)."""

from __future__ import annotations

from wish_tui.spirits import rules

from .helpers import act, endgame, names, tile, tiles_of, token

FOUR = ("air", "water", "fire", "earth")
LAST = tile("spiders")


def test_wishes_are_checked_before_scoring_and_rewards_join_the_counts():
    """Wish Cards: "At the end of the game, before scoring nature points, all players check their
    Wish card." """
    hands = {1: tiles_of("dewdrops")}
    state = endgame(FOUR, modules=("wishes",), hands=hands, wishes={1: "Morning Dew"}, last=LAST)
    assert not state.met[1]
    after = act(state, "take 1 left")
    assert after.met[1]
    entry = after.final_scores()["seats"][1]
    assert entry["counts"]["flowers"] == entry["symbols"]["flowers"] + 1
    assert entry["total"] == sum(entry["steps"].values())
    assert entry["steps"]["wish"] >= 0


def test_all_wishes_are_checked_together_before_any_reward():
    """Base page: "Check all Wishes together before any reward." Fire's reward (one Dew Drops)
    would break Water's tie for the most Dew Drops if it were paid first."""
    dew2, dew1 = tiles_of("dewdrops", 2), tiles_of("dewdrops", 1)
    doubles = [t for t in tiles_of(symbols=2) if t not in dew2]
    hands = {1: [dew2[0], dew1[0]], 2: [dew2[1], dew1[1]] + doubles, 3: [dew1[2]]}
    state = endgame(
        FOUR,
        modules=("wishes",),
        hands=hands,
        aside=[token("dewdrops")],
        wishes={1: "Morning Dew", 2: "Twin Spirits"},
        last=LAST,
    )
    after = act(state, "take 1 left")
    assert after.met[1] and after.met[2]
    counts = [s["counts"]["dewdrops"] for s in after.final_scores()["seats"]]
    assert counts[2] == counts[1] + 1


def test_ties_count_as_the_most_but_none_is_never_the_most():
    """Wish Cards: "When multiple players tie for the most ..., all tied players are considered to
    have the most." Our reading: a count of 0 is never the most."""
    state = endgame(
        FOUR, modules=("wishes",), wishes={0: "Gem Hoard", 1: "Glittering Path"}, last=LAST
    )
    after = act(state, "take 1 left")
    assert after.met[0] and after.met[1]  # everyone kept both gemstones: all tied
    none = endgame(
        FOUR,
        modules=("wishes",),
        lost={s: 2 for s in range(4)},
        wishes={0: "Gem Hoard"},
        last=LAST,
    )
    assert not act(none, "take 1 left").met[0]


def test_a_favor_reward_comes_from_the_tokens_set_aside():
    """Wish Cards: "Gain one favor token, chosen from among the tokens removed during the Setup
    phase." Two seats owed a token choose in turn order from the first player."""
    state = endgame(
        FOUR,
        modules=("wishes",),
        wishes={0: "Gem Hoard", 3: "Double Harvest"},
        hands={3: tiles_of(symbols=2)},
        last=LAST,
        taker=1,
    )
    after = act(state, "take 1 left")
    assert after.pending == [("favor", 0), ("favor", 3)]
    assert after.current_player == 0 and after.turn == 1
    options = names(after.legal_actions())
    assert all(o.startswith("favor ") for o in options) and len(options) >= 2
    after = act(after, options[0])
    assert after.current_player == 3
    after = act(after, names(after.legal_actions())[0])
    assert after.is_over and len(after.aside) == 4


def test_hexes_are_applied_after_scoring_and_cost_six():
    """Hex Cards: "At the end of the game, after scoring nature points, all players check their Hex
    card." "Lose 6 nature points." The Hex counts the Wish rewards, as scoring does."""
    state = endgame(
        FOUR,
        hexes={0: "Forsaken"},
        held={1: [token("moss")], 2: [token("sun")], 3: [token("fire")]},
        last=LAST,
    )
    scores = act(state, "take 1 left").final_scores()["seats"]
    assert scores[0]["favor_tokens"] <= min(s["favor_tokens"] for s in scores)
    assert scores[0]["steps"]["hex"] == -6


def test_least_of_two_spirits_is_their_combined_count():
    """Base page: ""The least of two spirit types": ... our reading is the combined count." Air
    has the least Moss but not the least Moss and Leaves together: no penalty."""
    moss, leaves = tiles_of("moss"), tiles_of("leaves")
    hands = {0: leaves[:4], 1: moss[:2] + leaves[4:5], 2: moss[2:] + leaves[5:]}
    state = endgame(
        ("air", "water", "fire"),
        modules=("hexes",),
        hands=hands,
        aside=[token("moss"), token("leaves")],
        hexes={0: "Withered Glade"},
        last=LAST,
    )
    scores = act(state, "take 1 left").final_scores()["seats"]
    assert scores[0]["counts"]["moss"] == 0
    assert scores[0]["steps"]["hex"] == 0 and scores[0]["hex_met"]


def test_kept_cards_are_shown_once_every_seat_has_kept():
    """Setup: "Each player chooses one, reveals it" (our reading: all reveal together)."""
    state = rules.new_game(list(FOUR), seed=4, modules=rules.MODULES)
    first = state.current_player
    state = act(state, names(state.legal_actions())[0])
    other = (first + 1) % 4
    assert "wish" in state.view(first)["players"][first]
    assert "wish" not in state.view(other)["players"][first]
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    for seat in range(4):
        shown = state.view(seat)["players"]
        assert [p["wish"]["name"] for p in shown] == state.wish
        assert [p["hex"]["name"] for p in shown] == state.hex


def test_view_says_whether_each_kept_card_is_met_now():
    state = rules.new_game(["air", "water"], seed=4, modules=rules.MODULES)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    entry = state.view(0)["players"][0]
    assert isinstance(entry["wish"]["met"], bool) and isinstance(entry["hex"]["met"], bool)
    assert entry["wish"]["text"] and entry["hex"]["text"]


def test_each_module_can_be_played_alone():
    """The module rulebook gives Wish Cards and Hex Cards their own components, setup and rules:
    either plays without the other, and only its cards are dealt."""
    for module, other in (("wishes", "hexes"), ("hexes", "wishes")):
        state = rules.new_game(["air", "water"], seed=5, modules=(module,))
        assert state.modules == (module,)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        kept = state.wish if module == "wishes" else state.hex
        assert all(kept)
        assert not any(state.hex if module == "wishes" else state.wish)
        for entry in state.final_scores()["seats"]:
            assert entry["steps"]["hex" if other == "hexes" else "wish"] == 0


def test_view_says_when_the_least_of_a_hex_is_tied():
    """Hex Cards: "When multiple players tie for the least ... all tied players are considered to
    have the least"; the module's example: "the second player has the least or is tied for the
    least favor tokens, and loses 6". The view says which, so the screens can say it is a tie."""
    # Eight Favor tokens held (12 and 13 are the "+" ones), the other six aside: Air holds none.
    for held, tied in (
        ({1: [0, 1, 2, 12], 2: [4, 5, 6, 13]}, True),  # Earth holds none either
        ({1: [0, 1, 12], 2: [4, 5, 13], 3: [3, 7]}, False),
    ):
        state = endgame(FOUR, hexes={0: "Forsaken"}, held=held, last=LAST)
        entry = state.view(0)["players"][0]["hex"]
        assert not entry["met"] and entry["tied"] is tied, (held, entry)
