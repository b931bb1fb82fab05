"""What a seat's client is told of its choices in Wishland: each legal action in words (with what
it would give this seat), the game key that offers it, why a key is closed, and why each card on
the Marketplace (in solo: in the hand) cannot be bought (played) now.

The master of a table (`wish_tui.tables.master.GameTable`) asks this module with the whole position and
sends the answers to the seat's client, so a screen (here or at a server) needs no State. No
Textual here.
"""

from __future__ import annotations

from wish_tui.core.game_keys import GameKey, key_groups
from wish_tui.wishland.rules import Action
from wish_tui.wishland.rules.economy import price
from wish_tui.wishland.rules.effects import happiness_odd_vp, visitors_odd_credits
from wish_tui.wishland.rules.tables import CARD_INDEX

from .words import describe, describe_choice

__all__ = ["GAME_KEYS", "KEY_GROUPS", "detail", "probes", "refusal", "why_closed", "words"]


def _is(*kinds: str):
    return lambda action: action.kind in kinds


GAME_KEYS = (
    # In the key bar's order: the seldom usable keys come last, so that their showing up moves
    # no other key.
    GameKey("enter,b", "buy", "Buy", "Buy", _is("buy"), key_display="b"),
    GameKey("enter,b", "play", "Play", "Play", _is("play"), key_display="⏎"),
    GameKey("d", "draw", "Draw", "Draw", _is("draw")),
    GameKey("a", "advertise", "Advertise", "Advertise", _is("advertise")),
    GameKey("c", "collect", "Collect", "Collect", _is("collect")),
    GameKey("v", "claim", "Claim", "Claim", _is("claim"), rare=True),
    GameKey("e", "end", "End", "End turn", _is("end"), rare=True),
    GameKey("m", "move", "Free draw", "Move+draw", _is("move"), rare=True),
)
"""The turn keys, in the key bar's order (undo's key goes before the last)."""

KEY_GROUPS = key_groups(
    GAME_KEYS, ("buy", "play", "advertise", "collect", "claim", "end", "draw", "move")
)
"""Each game key's action group, in the seat API's order: its name and which legal actions belong to it."""


def words(state, view: dict, seat: int, action) -> str:
    """The action in words."""
    return describe(action)


def detail(state, view: dict, seat: int, action) -> str:
    """An option of a decision, with what it does for this seat ('' when it is `words`)."""
    pending = view.get("pending") or []
    step = pending[0] if pending else None
    text = describe_choice(action, view, step)
    if action.kind == "bonus":
        text = f"{price(state.players[seat], CARD_INDEX[action.arg])}$ · {text}"
    if action.kind == "gain" and action.arg in ("happiness", "visitor"):
        text = text.split(" (odd:")[0] + _odd_reward(state.players[seat], action.arg)
    return "" if text == describe(action) else text


def _odd_reward(player, track: str) -> str:
    """What reaching the next space of a track pays this seat, when it is an odd one."""
    if track == "happiness":
        if (player.happiness + 1) % 2 == 0:
            return ""
        vp = happiness_odd_vp(player)
        return f" (odd: +{vp} VP)"
    if (player.visitors + 1) % 2 == 0:
        return ""
    return f" (odd: +{visitors_odd_credits(player)} Credits)"


_PROBE = {
    "advertise": Action("advertise"),
    "collect": Action("collect"),
    "end": Action("end"),
    "draw": Action("draw"),
    "move": Action("move"),
}


def why_closed(state, view: dict, seat: int, group: str) -> str:
    """Why no action of a key's group is legal now, in the rules' words."""
    if state.is_over:
        return "The game is over."
    if group == "buy":
        return "No card is there: an empty slot is refilled at the end of the round."
    if group == "play":
        reason = state.why_illegal(Action("play", "K1"))
        if "not in your hand" in reason or not reason:
            return "Your hand is empty: draw a card first (d)."
        return reason
    if group == "claim":
        return (
            "You meet no unclaimed Achievement now: the Achievements line shows what each asks "
            "(F1 for the whole text)."
        )
    return state.why_illegal(_PROBE[group]) or f"{KEY_GROUPS[group][0]} is not possible now."


def probes(state, view: dict, seat: int) -> tuple:
    """Each card the highlight may rest on: buying it (in solo: playing it from the hand)."""
    if view["solo"]:
        hand = view["players"][seat].get("hand", [])
        return tuple(Action("play", card["id"]) for card in hand)
    return tuple(
        Action("buy", card["id"])
        for row in view["marketplace"]
        for card in row["cards"]
        if card is not None
    )


def refusal(state, view: dict, seat: int, action) -> str:
    """Why a card cannot be bought (played) now."""
    return state.why_illegal(action) or f"{action.arg} cannot be had now."
