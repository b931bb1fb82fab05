"""What a seat's client is told of its choices in Wish: each legal action in words, the game key
that offers it, and why a key is closed now.

The master of a table (`wish_tui.tables.master.GameTable`) asks this module with the whole position and
sends the answers to the seat's client, so a screen (here or at a server) needs no State. No
Textual here.
"""

from __future__ import annotations

from functools import lru_cache

from wish_tui.wish import rules

from .key_groups import GAME_KEYS, KEY_GROUPS, rules_group
from .words import describe, describe_choice

__all__ = ["GAME_KEYS", "KEY_GROUPS", "detail", "probes", "why_closed", "words"]


def words(state, view: dict, seat: int, action) -> str:
    """The action in words: 'Travel to Dock (column 3)'."""
    return _said(action)[0]


def detail(state, view: dict, seat: int, action) -> str:
    """The action in words for a menu, with what the card or crystal is ('' when the same)."""
    return _said(action)[1]


@lru_cache(maxsize=4096)
def _said(action) -> tuple[str, str]:
    """An action's words and detail, which depend on the action alone (the same actions come back
    at position after position: a Travel, an Empower, the end of the turn)."""
    plain = describe(action)
    text = describe_choice(action, plain)
    return plain, "" if text == plain else text


def why_closed(state, view: dict, seat: int, group: str) -> str:
    """Why no action of a key's group is legal now, in the rules' words (what the seat's view
    says of its hand read, not worked out again)."""
    players = view.get("players") or ()
    hand = players[seat].get("hand_status") if 0 <= seat < len(players) else None
    return rules.why_not_now(state, rules_group(group), hand)


def probes(state, view: dict, seat: int) -> tuple:
    """Actions a key may aim at whose refusal a screen shows: Wish's keys aim at none."""
    return ()


def refusal(state, view: dict, seat: int, action) -> str:
    """Why a probed action is not legal now (the rules' sentence)."""
    return state.why_illegal(action) or f"'{action}' is not possible now."
