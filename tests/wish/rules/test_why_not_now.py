"""`rules.why_not_now`: why a whole group of actions is closed (what a greyed key explains)."""

from __future__ import annotations

import pytest

from wish_tui.wish import rules

from .helpers import act, crystals, patch, started


def test_potion_reasons_follow_the_potion_rules():
    """Manifest Abilities, Potion tokens: one per turn, after all three action markers."""
    state = started(("fire", "water"), seed=3)
    seat = state.current_player
    assert rules.why_not_now(state, "potion") == (
        "You have no Potion token: the Manifest of Mountain Caves gains one."
    )
    state = patch(state, players={seat: {"potions": 1}})
    assert "once all three action markers are placed: take those first" in rules.why_not_now(
        state, "potion"
    )


def test_trickery_reasons():
    """Manifest Abilities, Trickery tokens: one per turn."""
    state = started(("fire", "water"), seed=3)
    seat = state.current_player
    assert rules.why_not_now(state, "trickery") == (
        "You have no Trickery token: the Manifest of the Dock gains one."
    )
    state = patch(state, players={seat: {"trickery": 1, "trickery_used": True}})
    assert "one Trickery token" in rules.why_not_now(state, "trickery")
    assert "or wait for your next turn" in rules.why_not_now(state, "trickery")


def test_a_used_column_closes_its_symbol():
    """Player Board: never two action markers on one column."""
    state = started(("fire", "water"), seed=3)
    state = patch(state, order=[0, 1], turn_idx=0)  # Fire to move: Empower only on column 3
    state = act(state, "empower #3")
    assert rules.why_not_now(state, "empower") == (
        "The only free Empower symbol is on column 2, locked until you fulfill your third Wish."
    )
    state = patch(state, players={0: {"unlocked": True, "markers": ["", "empower", "empower", ""]}})
    assert (
        rules.why_not_now(state, "empower")
        == "No free action column has an Empower symbol this turn: take another action, or end "
        "the turn."
    )


def test_a_locked_column_is_named_when_it_holds_the_symbol():
    """Player Board: column 2 stays locked until the third fulfilled Wish; the Earth Djinn's
    Harvest is there (designed board, docs/rules-decisions.md)."""
    state = started(("earth", "water"), seed=3)
    state = patch(state, order=[0, 1], turn_idx=0, players={0: {"nest": crystals(red=1)}})
    assert not any(a.kind == "harvest" for a in state.legal_actions())
    assert "column 2, locked" in rules.why_not_now(state, "special")
    unlocked = patch(state, players={0: {"unlocked": True}})
    assert any(a.kind == "harvest" for a in unlocked.legal_actions())


def test_three_markers_leave_potion_or_end():
    state = started(("fire", "water"), seed=3)
    seat = state.current_player
    columns = rules.CATALOG.djinns[state.djinns[seat]].columns
    markers = [columns[0][0], "", columns[2][0], columns[3][0]]
    state = patch(state, players={seat: {"markers": markers}})
    assert "use a Potion or end the turn" in rules.why_not_now(state, "manifest")


def test_trade_names_the_ratio():
    """Trade (3:1) and Sky's Blessing (2:1)."""
    state = started(("air", "water"), seed=3)
    air = state.djinns.index("air")
    state = patch(
        state, order=[air, 1 - air], turn_idx=0, players={air: {"crystals": crystals(red=1)}}
    )
    assert "2 Crystals" in rules.why_not_now(state, "trade")
    assert rules.why_not_now(state, "trade").endswith(": Empower to gain Crystals first.")


def test_manifest_closed_reads_as_a_sentence_and_says_to_travel():
    """Manifest Abilities and the Caravan: a closed Manifest begins with a capital and says
    what to do."""
    state = started(("air", "water"), seed=3)
    air = state.djinns.index("air")
    state = patch(state, order=[air, 1 - air], turn_idx=0)
    reason = rules.why_not_now(state, "manifest")
    assert reason[0].isupper()
    assert reason.endswith(": travel to another Area to Manifest there.")


def test_an_unknown_group_is_refused():
    with pytest.raises(ValueError, match="not a group"):
        rules.why_not_now(started(), "fly")


def test_empower_with_an_empty_supply_says_which_crystals_are_gone():
    """Empower gains the Area's Crystals from the supply (12 of each in the box)."""
    state = started(("fire", "water"), seed=3)
    state = patch(state, order=[0, 1], turn_idx=0)
    area = state.catalog.areas[state.players[0].area]
    colours = [rules.COLOURS[c] for c in area.crystals]
    state = patch(state, players={1: {"crystals": crystals(**{c: 12 for c in colours})}})
    assert not [a for a in state.legal_actions() if a.kind == "empower"]
    reason = rules.why_not_now(state, "empower")
    assert reason.startswith("No ") and area.name in reason and "left in the supply" in reason
    assert reason.endswith(": Empower in another Area.")


def test_the_hand_told_gives_every_group_the_reason_the_hand_worked_out_gives():
    """A caller that holds the seat's `hand_status` already (its view) passes it: each group's
    sentence is the same, at every position of a few seeded random games."""
    import random

    from wish_tui.wish.rules.explain import hand_status
    from wish_tui.wish.rules.why_not_now import GROUP_TITLES

    for seed in range(3):
        state, rng = rules.new_game(["fire", "water"], seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.order[state.turn_idx] if state.phase == "play" else None
            if seat is not None and not state.pending:
                told = hand_status(state, seat)
                for group in GROUP_TITLES:
                    assert rules.why_not_now(state, group, told) == rules.why_not_now(state, group)
            state = state.apply(rng.choice(state.legal_actions()))


def test_a_closed_manifest_at_the_oasis_with_the_caravan_says_its_reason_once():
    """Map Areas 7: at the Oasis with the Caravan there too, the Oasis trade and the Caravan's
    are one trade: a closed Manifest says once that its request cannot be paid."""
    from .positions import table

    state = table(at="Oasis", caravan_pos=1, caravan_card=12, crystals=crystals(red=1))
    reason = rules.why_not_now(state, "manifest")
    assert reason.lower().count("you cannot pay what the caravan asks") == 1, reason
