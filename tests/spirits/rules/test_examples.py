"""The Wishes and Hexes module's worked examples, each built as a position and played out.

Every example is at the end of a game: one tile is left in the forest, the seat on turn takes it,
and the Wishes are checked (before scoring) and the Hexes applied (after scoring).
"""

from __future__ import annotations

from .helpers import act, endgame, names, tile, tiles_of, token

FOUR = ("air", "water", "fire", "earth")
THREE = ("air", "water", "fire")
LAST = tile("spiders")
"""The tile taken to end each example: a plain Web Spider, which none of them counts."""


def _finish(state):
    return act(state, "take 1 left")


def test_wish_example_1_most_favor_tokens_not_met():
    """Wish Cards, Rules: "The first player's Wish card requests the most favor tokens. The first
    player has 0 favor tokens, while the other players have 2, 2, and 4. The first player does not
    have the most, therefore they get no reward." """
    plus, plus2 = token("plus"), token("plus", 1)
    held = {
        0: [],
        1: [token("moss"), token("sun")],
        2: [token("vines"), token("fire")],
        3: [token("leaves"), token("moon"), plus, plus2],
    }
    state = endgame(FOUR, held=held, wishes={0: "Whispered Secrets"}, last=LAST, taker=0)
    after = _finish(state)
    assert [len(h) for h in after.held] == [0, 2, 2, 4]
    assert not after.met[0]
    assert after.met[0] is False
    entry = after.final_scores()["seats"][0]
    assert entry["wish"] == "Whispered Secrets" and not entry["wish_met"]
    assert entry["steps"]["wish"] == 0 and after.bonus[0] == (0,) * 12


def test_wish_example_2_most_dew_drops_gains_a_spirit():
    """Wish Cards, Rules: "The second player's Wish card requests the most Dew Drops. The second
    player has 3 Dew Drops, while the other players have 1, 1, and 2. Since the second player
    meets this request, they gain the spirit on the right side of the card as the reward." """
    doubles = tiles_of("dewdrops", 2)
    singles = tiles_of("dewdrops", 1)
    hands = {0: [singles[0]], 1: [doubles[0], singles[1]], 2: [singles[2]], 3: [doubles[1]]}
    state = endgame(
        FOUR,
        hands=hands,
        aside=[token("dewdrops"), token("flowers")],
        wishes={1: "Morning Dew"},
        last=LAST,
    )
    after = _finish(state)
    scores = after.final_scores()["seats"]
    assert [s["counts"]["dewdrops"] for s in scores] == [1, 3, 1, 2]
    assert after.met[1] is True
    assert scores[1]["counts"]["flowers"] == scores[1]["symbols"]["flowers"] + 1
    assert after.bonus[1][1] == 1  # one Flowers symbol, the card's right side


def test_wish_example_3_most_gemstones_gains_a_favor_token():
    """Wish Cards, Rules: "The third player's Wish card requests the most gemstones. The third
    player has 2 gemstones, while the other players have 0, 1, and 1. Since the third player has
    more gemstones than the other players, they meet the request and immediately receive one
    favor token from those removed during setup." """
    state = endgame(FOUR, lost={0: 2, 1: 1, 3: 1}, wishes={2: "Gem Hoard"}, last=LAST, taker=3)
    after = _finish(state)
    assert [after.supply[s] for s in range(4)] == [0, 1, 2, 1]
    assert after.met[2] is True
    assert after.phase == "reward" and after.current_player == 2
    aside = sorted({state.catalog.tokens[t] for t in after.aside}, key=state.catalog.tokens.index)
    assert names(after.legal_actions()) == [f"favor {k}" for k in aside]
    kind = aside[0]
    done = act(after, f"favor {kind}")
    assert done.is_over
    assert state.catalog.tokens[done.held[2][-1]] == kind and done.reward_token[2] >= 0
    assert len(done.aside) == 5
    assert done.final_scores()["seats"][2]["favor_tokens"] == len(after.held[2]) + 1


def test_wish_example_4_most_two_symbol_tiles_gains_a_spirit():
    """Wish Cards, Rules: "The fourth player's Wish card requests the most tiles with two spirit
    symbols. The fourth player has 6 spirit tiles with two spirit symbols, while the other players
    have 1, 5, and 5. Since the player meets this request, they gain the spirit on the right side
    of the card as a reward." """
    doubles = tiles_of(symbols=2)
    hands = {0: doubles[:1], 1: doubles[1:6], 2: doubles[6:11], 3: doubles[11:]}
    state = endgame(FOUR, hands=hands, wishes={3: "Twin Spirits"}, last=LAST)
    after = _finish(state)
    scores = after.final_scores()["seats"]
    assert [s["doubles"] for s in scores] == [1, 5, 5, 6]
    assert after.met[3] is True
    assert after.bonus[3][4] == 1  # one Dew Drops symbol
    assert scores[3]["counts"]["dewdrops"] >= scores[3]["symbols"]["dewdrops"] + 1


def test_hex_example_1_least_of_two_spirits_loses_six():
    """Hex Cards, Rules: "The first player's Hex card requests that the player not have the lowest
    number of green and yellow spirits. The player has 0 green and 1 yellow spirits, while the
    other players have 4, and 1 green spirits, and have 3, and 4 yellow spirits. The first player
    has the least of both spirit types, and therefore loses 6 nature points."

    Green is Moss (the only spirit with 5 symbols: 0 + 4 + 1), yellow is Leaves (8: 1 + 3 + 4).
    """
    moss2, moss1 = tiles_of("moss", 2), tiles_of("moss", 1)
    leaves2, leaves1 = tiles_of("leaves", 2), tiles_of("leaves", 1)
    hands = {
        0: [leaves1[0]],
        1: [moss2[0], moss1[0], moss1[1], leaves2[0], leaves1[1]],
        2: [moss1[2], leaves2[1], leaves1[2], leaves1[3]],
    }
    state = endgame(
        THREE,
        hands=hands,
        aside=[token("moss"), token("leaves")],
        modules=("hexes",),
        hexes={0: "Withered Glade"},
        last=LAST,
    )
    after = _finish(state)
    scores = after.final_scores()["seats"]
    assert [s["counts"]["moss"] for s in scores] == [0, 4, 1]
    assert [s["counts"]["leaves"] for s in scores] == [1, 3, 4]
    assert scores[0]["steps"]["hex"] == -6 and not scores[0]["hex_met"]
    assert scores[0]["total"] == sum(scores[0]["steps"].values())


def test_hex_example_2_least_favor_tokens_tied_loses_six():
    """Hex Cards, Rules: "The second player's Hex card requests that the player not have the
    lowest number of favor tokens. The second player has 2 favor tokens, while the other players
    have 4, and 2. Unfortunately the second player has the least or is tied for the least favor
    tokens, and loses 6 nature points." """
    held = {
        0: [token("moss"), token("sun"), token("plus"), token("plus", 1)],
        1: [token("vines"), token("fire")],
        2: [token("leaves"), token("moon")],
    }
    state = endgame(THREE, modules=("hexes",), held=held, hexes={1: "Forsaken"}, last=LAST)
    scores = _finish(state).final_scores()["seats"]
    assert [s["favor_tokens"] for s in scores] == [4, 2, 2]
    assert scores[1]["steps"]["hex"] == -6 and not scores[1]["hex_met"]


def test_hex_example_3_not_the_least_power_icons_is_safe():
    """Hex Cards, Rules: "The third player's Hex card requests that the player not have the lowest
    number of power source icons. The third player has 12, while the other players have 7, and 8.
    Since the third player does not have the least among the other players, their score is not
    modified." """
    powered = [t.id for t in state_tiles() if t.power >= 0]
    hands = {0: powered[:7], 1: powered[7:15], 2: powered[15:]}
    state = endgame(
        THREE,
        hands=hands,
        aside=[token("moon"), token("sun"), token("fire")],
        modules=("hexes",),
        hexes={2: "Waning Light"},
        last=LAST,
    )
    scores = _finish(state).final_scores()["seats"]
    icons = [sum(s["counts"][p] for p in ("moon", "sun", "fire")) for s in scores]
    assert icons == [7, 8, 12]
    assert scores[2]["steps"]["hex"] == 0 and scores[2]["hex_met"]


def state_tiles():
    from wish_tui.spirits.rules import CATALOG

    return CATALOG.tiles
