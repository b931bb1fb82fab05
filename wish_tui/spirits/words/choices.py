"""What a seat's client is told of its choices in Spirits of the Forest: each legal action in
words (naming the tile it takes or reserves), the game key that offers it, why a key is closed,
and why each row end cannot be taken.

The master of a table (`wish_tui.tables.master.GameTable`) asks this module with the whole position and
sends the answers to the seat's client, so a screen (here or at a server) needs no State. No
Textual here.
"""

from __future__ import annotations

from wish_tui.core.game_keys import GameKey, key_groups
from wish_tui.spirits.rules import Action
from wish_tui.spirits.rules.actions import TAKE

from .marks import kind_name, tile_words_of
from .words import describe, describe_choice, with_place_words

__all__ = ["GAME_KEYS", "KEY_GROUPS", "detail", "probes", "why_closed", "words"]


def _is(*kinds: str):
    return lambda action: action.kind in kinds


GAME_KEYS = (
    # In the key bar's order: keys with two meanings (Enter, n) show the one that applies, and
    # the seldom usable ones come last, so that their showing up moves no other key.
    GameKey("g", "gem", "Gem", "Gemstone", _is("gem", "move")),
    GameKey("enter", "take", "Take", "Take", _is("take")),
    GameKey("enter", "place", "Place gem", "Place a gemstone", _is("gem", "move"), rare=True),
    GameKey("n", "stop", "Stop", "Stop", _is("stop")),
    GameKey("n", "skip", "Skip gem", "Skip the gemstone", _is("skip"), rare=True),
    GameKey("p", "plus", "+ token", "+ token", _is("plus"), rare=True),
)
"""The turn keys, in the key bar's order (undo's key goes after the first)."""

KEY_GROUPS = key_groups(GAME_KEYS, ("take", "place", "gem", "stop", "skip", "plus"))
"""Each game key's action group, in the seat API's order: its name and which legal actions belong to it."""


def words(state, view: dict, seat: int, action) -> str:
    """The action in words, naming the tile it takes or reserves."""
    text = describe(action)
    if action.kind == "take" and not state.is_over:
        tiles = [state.forest[p] for p in range(action.a * 12, action.a * 12 + 12)]
        tiles = [t for t in tiles if t >= 0]
        if tiles:
            tile = tiles[0] if action.b == 0 else tiles[-1]
            text += f": {tile_words_of(tile)}"
    elif action.kind in ("gem", "move"):
        place = action.a if action.kind == "gem" else action.b
        if state.forest[place] >= 0:
            text += f" ({tile_words_of(state.forest[place])})"
    return text


def detail(state, view: dict, seat: int, action) -> str:
    """The action in words for a menu ('' when it is `words`)."""
    if action.kind in ("take", "gem", "move"):
        return ""
    if action.kind == "favor":
        return _favor_choice(view, seat, action.name)
    text = describe_choice(action)
    return "" if text == words(state, view, seat, action) else text


def _favor_choice(view: dict, seat: int, kind: str) -> str:
    """A Favor token on offer as a Wish's reward, with what it would change."""
    if kind == "plus":
        return "+ token (it takes back a lost gemstone: worth nothing now the forest is empty)"
    players = view["players"]
    mine = players[seat]["counts"][kind]
    others = max((p["counts"][kind] for p in players if p["seat"] != seat), default=0)
    note = ""
    if players[seat]["symbols"][kind] == 0:
        note = "; no tile of it, so still −3"
    return (
        f"{kind_name(kind)} token: you {mine} → {mine + 1}, the others at most {others} "
        f"(their tokens unseen){note}"
    )


_PROBE = {
    "take": Action("take", a=0, b=0),
    "gem": Action("skip"),
    "place": Action("skip"),
    "stop": Action("stop"),
    "skip": Action("skip"),
    "plus": Action("plus"),
}


def why_closed(state, view: dict, seat: int, group: str) -> str:
    """Why no action of a key's group is legal now, in the rules' words."""
    step = state.step
    if group in ("gem", "place") and step in ("take", "more"):
        if step == "more":
            return (
                "The gemstone comes after collecting: take a second tile (Enter) or stop (n) first."
            )
        return "The gemstone comes after collecting: take a tile first (Enter)."
    if group in ("stop", "skip") and step == "take":
        return "n stops after a first tile (or skips the gemstone): take a tile first."
    if group == "take" and step == "gem":
        return "The collection is over this turn: place a gemstone (g) or skip it (n)."
    reason = state.why_illegal(_PROBE[group]) or f"{KEY_GROUPS[group][0]} is not possible now."
    return with_place_words(reason)


def probes(state, view: dict, seat: int) -> tuple:
    """Each end of each row: a row's key says why it cannot be taken."""
    return tuple(end for row in TAKE for end in row)


def refusal(state, view: dict, seat: int, action) -> str:
    """Why a probed action (a row's end) cannot be taken now."""
    return with_place_words(state.why_illegal(action) or f"'{action}' is not possible now.")
