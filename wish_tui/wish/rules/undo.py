"""What may be undone: Board Game Arena's undo policy, decided by the rules, not the screen.

A seat may take back its own decisions within its own turn, back to any earlier point, as long as
nothing between that point and now

- revealed hidden information: no Wish card came off the deck (a draw, a refill of the Offer, a
  reshuffle of the discard pile), no Caravan card or Challenge card was turned, no seeded chance was
  used (the generator state moved), and no opponent's hand was shown (the Palace);
- involved another seat's decision (an opponent choosing a crystal to hand over, the Water Djinn
  taking Frostflake crystals), because that seat has already acted on what it saw;
- ended the turn (the next turn starts with the next seat, or a new round turns a Caravan card).

During setup the same holds for a run of decisions by one seat (e.g. the solo Destiny choice and
the Wish discard that follows it).

The undo walk over a history (`undo_target`, `why_no_undo`, `undo_points`) is core's
(`wish_tui.core.state`), with the policy below; the last of `undo_points` is "restart the turn".
"""

from __future__ import annotations

from wish_tui.core.undo import UndoPolicy

__all__ = ["POLICY"]


def _shown_hand(state) -> int:
    """The opponent whose hand the Palace shows in `state` (-1 when none is shown)."""
    pending = state.pending
    if pending and pending[0][0] == "palace_swap" and pending[0][2] >= 0:
        return pending[0][2]
    return -1


def _same_turn(a, b) -> bool:
    return a.phase == b.phase and a.round == b.round and a.turn_idx == b.turn_idx


def _ends_turn(before, after) -> bool:
    return before.phase == "play" and after.turn_done


def _seat_name(state, seat: int) -> str:
    return f"the {state.djinns[seat].title()} Djinn"


def _blocker(before, after, seat: int) -> str:
    """What the step from `before` to `after` revealed, so that it cannot be taken back."""
    if len(before.caravan_deck) != len(after.caravan_deck):
        return "a Caravan card has been turned since then"
    if len(before.challenge_deck) != len(after.challenge_deck):
        return "a Challenge card has been turned since then"
    if len(before.deck) != len(after.deck) or before.rng != after.rng:
        return "a Wish card has been drawn from the deck since then"
    shown = _shown_hand(after)
    if shown >= 0 and _shown_hand(before) != shown:
        return "you have seen an opponent's hand since then"
    return ""


POLICY = UndoPolicy(_same_turn, _blocker, _seat_name, _ends_turn)
"""The game's undo rules, which its State names (`StateParts.undo`) and core's undo walk reads."""
