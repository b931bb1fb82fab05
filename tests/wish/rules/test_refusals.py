"""Refused actions: IllegalAction names the rule, and the refused state is left as it was."""

from __future__ import annotations

import pytest

from tests import rules_helpers
from wish_tui.wish import rules
from wish_tui.wish.rules import Action

from .helpers import act, crystals, deck_without, frostflake_position, patch, started

AIR, WATER = 0, 1
"""Seats of `started()`: Air plays first, Water second."""


def refused(state, action, *words: str, seat: int | None = None) -> str:
    """Apply `action` expecting a refusal that mentions every word; return the message."""
    return rules_helpers.refused(rules, state, action, *words, seat=seat)


def parse_refused(state, text: str, *words: str) -> str:
    """Parse `text` expecting a refusal that mentions every word; return the message."""
    before = state.to_dict()
    with pytest.raises(rules.IllegalAction) as info:
        rules.parse_action(state, text)
    assert state.to_dict() == before
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    return message


def _air(**changes):
    """Air on its turn, with some of its pieces replaced."""
    state = started()
    hand = changes.get("hand", [])
    return patch(state, players={AIR: changes}, **deck_without(state, *hand))


# -- whose decision ------------------------------------------------------------------------------
def test_wrong_seat_is_refused():
    state = started()
    legal = state.legal_actions()[0]
    assert state.apply(legal, seat=AIR) != state

    message = refused(state, legal, "Air", "decision", "Water", seat=WATER)
    assert message == "It is Air's decision now, not Water's."


def test_seat_that_does_not_play_is_refused():
    state = started()
    refused(state, state.legal_actions()[0], "seat 3", seat=3)


def test_action_while_another_seats_decision_is_pending():
    state = frostflake_position(AIR)
    pending = act(state, "fulfill Happily Ever After #3", "draw To see the world")
    assert pending.current_player == WATER
    assert pending.turn_seat == AIR

    refused(pending, "empower #1", seat=AIR)
    message = refused(pending, "empower #1", "Water's decision", "not Air's", seat=AIR)
    assert message == "It is Water's decision now, not Air's."
    refused(pending, "empower #1", "does not answer", "Water", "Frostflake")
    refused(pending, "end", "does not answer", "Frostflake")
    refused(pending, "gain white", "does not answer", "Frostflake")
    parse_refused(pending, "travel Oasis #1", "does not answer", "Water")


# -- action markers and columns ------------------------------------------------------------------
def test_fourth_action_marker_is_refused():
    state = _air(markers=["travel", "", "manifest", "special"], area="Dock")
    assert state.current_player == AIR
    assert all(not a.col for a in state.legal_actions())

    refused(state, "empower #1", "three action markers", "Potion")
    unlocked = _air(markers=["travel", "", "manifest", "special"], unlocked=True, area="Dock")
    refused(unlocked, "blast Forest #2", "three action markers")


def test_two_markers_on_one_column_are_refused():
    state = act(_air(area="Dock"), "travel Volcano #1")
    assert state.players[AIR].markers[0] == "travel"

    message = refused(state, "empower #1", "column 1", "already", "never two")
    assert "marker" in message
    parse_refused(state, "empower #1", "column 1", "never two")


def test_locked_middle_column_is_refused():
    state = _air(
        area="Palace Gardens",
        hand=["Beauty", "Sultan", "Command"],
        crystals=crystals(red=2, white=1, blue=1),
    )
    assert "fulfill Beauty #3" in [str(a) for a in state.legal_actions()]

    refused(state, "fulfill Beauty #2", "column 2", "locked", "third Wish")
    parse_refused(state, "fulfill Beauty #2", "locked")


def test_symbol_not_on_the_column_is_refused():
    refused(_air(area="Dock"), "empower #3", "column 3", "no Empower")


def test_missing_column_is_refused():
    state = _air(area="Dock")
    assert "empower #1" in [str(a) for a in state.legal_actions()]

    refused(state, Action("empower"), "which action column", "empower #1")
    refused(state, Action("empower", col=5), "which action column", "1 to 4")


def test_missing_column_names_the_rule_that_refuses():
    state = _air(area="Sandhills", hand=["Beauty", "Sultan", "Command"], crystals=crystals(red=1))

    refused(state, Action("travel", "Cataracts"), "adjacent")
    refused(state, Action("fulfill", "Beauty"), "afford")
    refused(state, Action("icedibs", "Beauty"), "Water Djinn", "Ice Dibs", "Cloudbearer")
    refused(state, Action("icedibs", "Beauty", col=4), "Water Djinn", "Ice Dibs")


# -- Fulfill --------------------------------------------------------------------------------------
def test_unaffordable_wish_is_refused():
    state = _air(
        area="Palace Gardens", hand=["Beauty", "Sultan", "Command"], crystals=crystals(red=1)
    )

    message = refused(state, "fulfill Beauty #3", "afford", "Beauty")
    assert "1 Ruby" in message and "1 Sapphire" in message and "1 Diamond" in message
    parse_refused(state, "fulfill Beauty #3", "afford")


def test_wrong_meeple_colour_is_refused():
    state = _air(
        area="Sandhills",
        hand=["Beauty", "Sultan", "Command"],
        crystals=crystals(red=2, white=1, blue=1),
    )

    message = refused(state, "fulfill Beauty #3", "Beauty needs a red Wishing Person in your Area")
    assert "Palace Gardens has red: go there" in message
    refused(state, "fulfill Beauty monument #3", "Monument", "red Wishing Person")


def test_trickery_without_a_token_is_refused():
    state = _air(
        area="Palace Gardens",
        hand=["Richest Merchant", "Sultan", "Command"],
        crystals=crystals(white=3, yellow=1, red=1),
    )
    refused(state, "fulfill Richest Merchant trickery red #3", "no Trickery")


def test_second_trickery_in_a_turn_is_refused():
    state = _air(
        area="Palace Gardens",
        trickery=2,
        trickery_used=True,
        unlocked=True,
        hand=["Richest Merchant", "Sultan", "Command"],
        crystals=crystals(white=3, yellow=1, red=1),
    )
    assert not any(a.trick for a in state.legal_actions())

    refused(state, "fulfill Richest Merchant trickery red #3", "one Trickery", "each turn")


def test_trickery_on_an_absent_colour_is_refused():
    state = _air(
        area="Palace Gardens",
        trickery=1,
        hand=["Richest Merchant", "Sultan", "Command"],
        crystals=crystals(white=3, yellow=1, red=1),
    )
    refused(state, "fulfill Richest Merchant trickery green #3", "no green Wishing Person")


def test_build_without_the_meeples_is_refused():
    state = _air(area="Volcano", meeples=crystals(red=1, yellow=1))
    refused(state, "build Hidden Cave #3", "Hidden Cave", "Wishing Persons")
    refused(_air(area="Dock"), "build Hidden Cave #3", "built in Volcano")


# -- Potion -------------------------------------------------------------------------------------
def test_potion_before_three_markers_is_refused():
    state = act(_air(area="Dock", potions=1), "travel Volcano #1")

    refused(state, "potion empower #1", "Potion", "three action markers")


def test_potion_without_a_token_is_refused():
    state = _air(area="Dock", markers=["travel", "", "manifest", "special"])
    refused(state, "potion empower #1", "no Potion")


def test_second_potion_in_a_turn_is_refused():
    state = _air(
        area="Sandhills",
        potions=2,
        markers=["travel", "", "manifest", "special"],
    )
    used = act(state, "potion empower #1")
    assert used.players[AIR].potions == 1

    refused(used, "potion fulfill Beauty #3", "one Potion", "each turn")


def test_potion_repeating_a_marked_symbol_is_refused():
    state = _air(area="Sandhills", potions=1, markers=["travel", "", "manifest", "empower"])

    refused(state, "potion travel Oasis #1", "Potion", "Travel", "column 1")
    refused(state, "potion empower #4", "Potion", "Empower", "column 4")
    refused(state, "potion manifest #3", "Potion", "Manifest", "column 3")


def test_potion_repeating_an_action_on_another_column_is_refused():
    """Potion tokens: "not an action that was performed by an action marker"."""
    state = _air(area="Sandhills", potions=1, markers=["travel", "", "manifest", "empower"])

    refused(state, "potion empower #1", "Potion", "repeat the Empower", "column 4")


# -- Travel and other turn actions ---------------------------------------------------------------
def test_travel_to_a_non_adjacent_area_is_refused():
    state = _air(area="Sandhills")

    message = refused(state, "travel Cataracts #1", "Cataracts", "Sandhills", "adjacent")
    assert message == "Cataracts does not border Sandhills; Travel moves to an adjacent Area."
    parse_refused(state, "travel Cataracts #1", "adjacent")
    parse_refused(state, "travel Cataracts", "adjacent")
    refused(state, "travel Atlantis #1", "Atlantis", "not an Area")


def test_fiery_clone_action_without_a_clone_is_refused():
    state = started(("fire", "water"))
    assert state.current_player == 0
    refused(state, "empower @Volcano #3", "no Fiery Clone", "Volcano")


def test_trade_without_enough_crystals_is_refused():
    state = _air(crystals=crystals(red=1, blue=1))
    refused(state, "trade red", "trade", "2 Crystals", "other than red")
    refused(state, "trade gold", "gold", "not a crystal colour")


# -- the end of the game --------------------------------------------------------------------------
def test_anything_after_the_game_is_over_is_refused():
    state = patch(started(), phase="over", final_round=True)
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []

    refused(state, "end", "game is over")
    refused(state, "empower #1", "game is over")
    refused(state, "end", "game is over", seat=AIR)
    parse_refused(state, "end", "game is over")


# -- notation and names --------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "   ", "42", "#3", "Travel!", "empower #5", "!!!"])
def test_garbage_notation_is_refused(text):
    parse_refused(started(), text, "not an action")


def test_garbage_after_a_known_word_is_refused():
    parse_refused(_air(area="Dock"), "travel Volcano #9x", "'Volcano #9x'", "not an Area")


def test_unknown_action_word_is_refused():
    parse_refused(started(), "fly Dock #1", "'fly'", "not an action")


def test_ambiguous_column_is_refused():
    state = _air(area="Sandhills")
    parse_refused(state, "empower", "more than one column", "#1", "#4")


def test_unknown_card_name_is_refused():
    state = _air(area="Palace Gardens", hand=["Beauty", "Sultan", "Command"])

    refused(state, "fulfill Magic Carpet #3", "'Magic Carpet'", "not a Wish card")
    parse_refused(state, "fulfill Magic Carpet #3", "not a Wish card")
    refused(state, "fulfill Kingdom #3", "Kingdom", "not in your hand")
    refused(state, "build Eiffel Tower #3", "'Eiffel Tower'", "not a Monument")


def test_unknown_card_in_a_decision_is_refused():
    state = _air(
        area="Palace Gardens",
        hand=["Beauty", "Sultan", "Command"],
        crystals=crystals(red=2, white=1, blue=1),
    )
    drawing = act(state, "fulfill Beauty #3")
    assert all(a.kind == "draw" for a in drawing.legal_actions())

    parse_refused(drawing, "draw Magic Carpet", "does not answer", "Offer")
