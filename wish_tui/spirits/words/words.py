"""Actions, cards and what happened, in words: for the log, the choice panel, hints and refusals.

The log reads whole states (the screen's own business) but writes a secret — the kind of a Favor
token, a card kept before all have kept — only when `private` says the person reading the log is
the one seat allowed to see it, or once the game is over.
"""

from __future__ import annotations

import re

from wish_tui.spirits.rules import CATALOG, SPIRITS, Action
from wish_tui.spirits.rules import solo as solo_rules
from wish_tui.spirits.rules.catalog import wish_request

from .marks import SEAT_TITLE, category_name, kind_name, place_words, tile_words_of

END_WORDS = ("left", "right")
_PLACE = re.compile(r"\br([1-4])c(1[0-2]|[1-9])\b")


def with_place_words(text: str) -> str:
    """Notation places in a sentence as words: 'r2c7' becomes 'row 2, column 7'."""
    return _PLACE.sub(lambda m: f"row {m.group(1)}, column {m.group(2)}", text)


# -- cards -----------------------------------------------------------------------------------------
def wish_short(name: str) -> str:
    """A Wish card in a few words: 'most Dew Drops → +1 Flowers'."""
    card = CATALOG.wishes[name]
    request = wish_request(card, CATALOG.spirit_names)
    if card.reward == "favor":
        reward = "a Favor token"
    else:
        reward = f"+{card.count} {category_name(SPIRITS[card.reward_spirit])}"
    return f"{request} → {reward}"


def hex_short(name: str) -> str:
    """A Hex card in a few words: 'least Moss+Leaves → −6'."""
    card = CATALOG.hexes[name]
    if card.request == "spirits":
        a, b = (category_name(SPIRITS[s]) for s in card.spirits)
        what = f"{a}+{b}"
    elif card.request == "favor":
        what = "Favor tokens"
    else:
        what = "power icons"
    return f"least {what} → −{card.penalty}"


def card_text(name: str) -> str:
    """The whole text of a Wish or Hex card."""
    if name in CATALOG.wishes:
        return CATALOG.wishes[name].text
    return CATALOG.hexes[name].text


def token_text(kind: str) -> str:
    """What a Favor token does."""
    if kind == "plus":
        return "+ token: spend it at any time in your turn to take back a gemstone you lost."
    return f"{kind_name(kind)} token: one more {kind_name(kind)} symbol at the end of the game."


# -- actions ---------------------------------------------------------------------------------------
def describe(action: Action) -> str:
    """An action in words, without the acting seat: 'Take row 2, left end' (the row first:
    a list of row ends says each row once, 'Row 2:', and its two ends after)."""
    words = _DESCRIBE.get(action.kind)
    if words is None:
        return str(action)
    return words if isinstance(words, str) else words(action)


def _give_words(action: Action) -> str:
    if action.a < 0:
        return "Give up a gemstone from your supply"
    return f"Give up your gemstone at {place_words(action.a)}"


_DESCRIBE = {
    "take": lambda action: f"Take row {action.a + 1}, {END_WORDS[action.b]} end",
    "stop": "Stop: no second tile",
    "pass": "Pass: no tile can be taken",
    "gem": lambda action: f"Put a gemstone on {place_words(action.a)}",
    "move": lambda action: (
        f"Move your gemstone from {place_words(action.a)} to {place_words(action.b)}"
    ),
    "skip": "Place no gemstone",
    "give": _give_words,
    "plus": "Spend a + token: take back a lost gemstone",
    "keep": lambda action: f"Keep the {'Hex' if action.a == 1 else 'Wish'} {action.name}",
    "favor": lambda action: f"Choose the {kind_name(action.name)} Favor token",
}
"""Per kind of action: its words, or how the action makes them."""


def describe_choice(action: Action) -> str:
    """An action in words for a menu, with what the card or token does."""
    text = describe(action)
    if action.kind == "keep":
        return f"{text}: {card_text(action.name)}"
    if action.kind == "favor":
        return f"{text} — {token_text(action.name)}"
    if action.kind == "give" and action.a >= 0:
        return f"{text} (the tile stays, free again)"
    return text


# -- the log ---------------------------------------------------------------------------------------
def _end_place(state, row: int, end: int) -> int:
    return row * 12 + (state.lo[row] if end == 0 else state.hi[row] - 1)


def _token_found(before, place: int, private: bool) -> str:
    token = before.marks[place]
    if token < 0:
        return ""
    if private:
        return f", and finds a Favor token: {kind_name(CATALOG.tokens[token])}"
    return ", and finds a Favor token (face down)"


def _take_line(name: str, before, after, action: Action, private: bool) -> str:
    seat = before.current_player
    place = _end_place(before, action.a, action.b)
    tile = tile_words_of(before.forest[place])
    line = f"{name} takes {tile} from the {END_WORDS[action.b]} end of row {action.a + 1}"
    line += _token_found(before, place, private)
    owner = before.gems[place]
    if owner == seat:
        line += "; its own gemstone returns to its supply"
    elif owner >= 0:
        line += (
            f"; the tile was reserved: {SEAT_TITLE[before.seats[owner]]}'s gemstone returns "
            "to its owner"
        )
        if after.lost[seat] > before.lost[seat]:
            line += f" and {name} gives up a gemstone"
    return line


def _solo_take_line(name: str, before, after, action: Action) -> list[str]:
    place = _end_place(before, action.a, action.b)
    line = (
        f"{name} takes {tile_words_of(before.forest[place])} from the "
        f"{END_WORDS[action.b]} end of row {action.a + 1}"
    )
    if len(after.opp_tiles) > len(before.opp_tiles):
        theirs = tile_words_of(after.opp_tiles[-1])
        line += f"; the forest takes {theirs} from the other end"
    lines = [line]
    shown_before = solo_rules.revealed_tokens(before)
    shown_after = solo_rules.revealed_tokens(after)
    if after.lo[action.a] >= after.hi[action.a]:
        lines.append(f"— Row {action.a + 1} is empty.")
    for token in shown_after[len(shown_before) :]:
        lines.append(
            f"— The forest reveals a Favor token: {kind_name(CATALOG.tokens[token])} "
            "(one more symbol for the forest)."
        )
    return lines


def log_lines(before, action: Action, after, seat: int, private: bool) -> list[str]:
    """The log lines of one action and of what the game did after it."""
    name = SEAT_TITLE[before.seats[seat]]
    secret_ok = private or after.is_over
    kind = action.kind
    lines: list[str]
    if kind == "take" and before.solo:
        lines = _solo_take_line(name, before, after, action)
    elif kind == "take":
        lines = [_take_line(name, before, after, action, private)]
    elif kind == "keep":
        card = "Hex" if action.a == 1 else "Wish"
        if private:
            lines = [f"{name} keeps the {card} {action.name}: {card_text(action.name)}"]
        else:
            lines = [f"{name} keeps a {card} card (shown when every seat has kept)"]
    elif kind == "favor":
        what = f"the {kind_name(action.name)} token" if secret_ok else "a Favor token"
        lines = [f"{name} chooses {what} as its Wish's reward"]
    elif kind == "give":
        where = "from its supply" if action.a < 0 else f"at {place_words(action.a)}"
        lines = [f"{name} gives up its gemstone {where}; it leaves the game"]
    elif kind == "stop":
        lines = [f"{name} stops after one tile"]
    elif kind == "pass":
        lines = [f"{name} passes: no tile can be taken"]
    elif kind == "gem":
        lines = [
            f"{name} reserves {tile_words_of(before.forest[action.a])} at "
            f"{place_words(action.a)} with a gemstone"
        ]
    elif kind == "move":
        lines = [
            f"{name} moves a gemstone to {tile_words_of(before.forest[action.b])} at "
            f"{place_words(action.b)} (from {place_words(action.a)})"
        ]
    elif kind == "skip":
        lines = [f"{name} places no gemstone"]
    elif kind == "plus":
        lines = [f"{name} spends a + token: a lost gemstone returns to its supply"]
    else:
        lines = [f"{name}: {describe(action)}"]
    return lines + event_lines(before, after)


def event_lines(before, after) -> list[str]:
    """What the game did by itself: cards revealed, the end of the forest, Wishes checked."""
    lines = []
    if before.phase == "setup" and after.phase != "setup":
        kept = []
        for s, element in enumerate(after.seats):
            cards = [f"Wish {after.wish[s]}"] if after.wish[s] else []
            cards += [f"Hex {after.hex[s]}"] if after.hex[s] else []
            kept.append(f"{SEAT_TITLE[element]}: {', '.join(cards)}")
        lines.append("— The kept cards are revealed: " + " · ".join(kept) + ".")
    if before.phase == "play" and after.phase != "play":
        if after.solo:
            lines.append("— Three rows are empty: the game is over.")
        else:
            lines.append("— The last tile is taken: the game is over.")
        if "wishes" in after.modules:
            lines.extend(_wish_lines(after))
    if before.phase != "over" and after.phase == "over":
        lines.extend(_token_lines(after))
        if "hexes" in after.modules:
            lines.extend(_hex_lines(after))
    return lines


def _token_lines(state) -> list[str]:
    """The Favor tokens each seat held face down, turned face up at the end (they count)."""
    if state.solo:
        return []
    held = []
    for s, tokens in enumerate(state.held):
        kinds = [kind_name(CATALOG.tokens[t]) for t in tokens]
        held.append(f"{SEAT_TITLE[state.seats[s]]}: {', '.join(kinds) if kinds else 'none'}")
    # A semicolon, not "·": read aloud, "·" is a comma and the seats ran together.
    return ["— The Favor tokens are turned face up: " + "; ".join(held) + "."]


def _hex_lines(state) -> list[str]:
    """Each kept Hex, as the final scoring finds it: avoided, or striking with its penalty."""
    lines = []
    sheet = {entry["seat"]: entry for entry in state.final_scores()["seats"]}
    for s, name in enumerate(state.hex):
        if not name:
            continue
        who = SEAT_TITLE[state.seats[s]]
        if sheet[s]["hex_met"]:
            lines.append(f"— {who}'s Hex {name} is avoided.")
        else:
            lines.append(f"— {who}'s Hex {name} strikes: -{CATALOG.hexes[name].penalty}.")
    return lines


def _wish_lines(state) -> list[str]:
    lines = []
    for s, name in enumerate(state.wish):
        if not name:
            continue
        who = SEAT_TITLE[state.seats[s]]
        card = CATALOG.wishes[name]
        if not state.met[s]:
            lines.append(f"— {who}'s Wish {name} is not met.")
        elif card.reward == "spirit":
            gain = f"{card.count} {category_name(SPIRITS[card.reward_spirit])}"
            lines.append(f"— {who}'s Wish {name} is met: +{gain}.")
        else:
            lines.append(f"— {who}'s Wish {name} is met: a Favor token from those set aside.")
    return lines
