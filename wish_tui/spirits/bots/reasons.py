"""One-line reasons for a bot's choice, in the words of the game, from the seat's view only."""

from __future__ import annotations

from wish_tui.spirits.rules import CATALOG, Action
from wish_tui.spirits.rules.catalog import CATEGORIES, SEAT_NAMES, place_name

from .evaluate import KEEP_ODDS

CAT = CATALOG
NAMES = dict(zip(CATEGORIES, CAT.spirit_names + CAT.power_names, strict=True))


def _entry(view: dict, action: Action) -> dict | None:
    """The forest entry of the tile a take action takes."""
    tiles = [e for e in view["forest"][action.a] if e is not None]
    if not tiles:
        return None
    return tiles[-1] if action.b == 1 else tiles[0]


def _label(entry: dict) -> str:
    name = NAMES[entry["spirit"]]
    text = f"2 {name}" if entry["symbols"] == 2 else f"1 {name}"
    if entry.get("power"):
        text += f" with a {NAMES[entry['power']]} icon"
    return text


def _race(view: dict, category: str, gain: int) -> str:
    """How the race for `category` stands after `seat` adds `gain`: 'lead X 7 to 5'."""
    seat = view["seat"]
    players = view["players"]
    if view.get("solo"):
        mine = players[seat]["counts"][category] + gain
        best = view["solo_game"]["opponent_counts"].get(category, 0)
        who = "the forest"
    else:
        mine = players[seat]["counts"][category] + gain
        others = [(p["counts"][category], p["seat"]) for p in players if p["seat"] != seat]
        best, rival = max(others)
        who = SEAT_NAMES[view["seats"][rival]]
    name = NAMES[category]
    if mine > best:
        return f"lead {name} {mine} to {best}"
    if mine == best:
        return f"draw level with {who} in {name} at {mine}"
    return f"close in on {who} in {name}, {mine} to {best}"


def describe(view: dict, action: Action, plan: tuple[Action, ...] = ()) -> str:
    """A short reason for `action` (the first of `plan`, when a whole turn is planned)."""
    kind = action.kind
    seat = view["seat"]
    me = view["players"][seat]
    if kind == "take":
        return _describe_take(view, action, plan)
    if kind == "stop":
        return "stops at one tile: no second one is worth what it leaves the others"
    if kind == "pass":
        return "no tile can be taken this turn"
    if kind == "plus":
        return "spends a '+' Favor token to take back a lost gemstone"
    if kind == "skip":
        return "keeps its gemstone: no free tile near a row end is worth reserving"
    if kind in ("gem", "move"):
        place = action.a if kind == "gem" else action.b
        entry = view["forest"][place // 12][place % 12]
        what = _label(entry) if entry and "spirit" in entry else "a tile"
        verb = "reserves" if kind == "gem" else f"moves a gemstone from {place_name(action.a)} to"
        return f"{verb} {place_name(place)} ({what}) so no one else takes it for free"
    if kind == "give":
        where = "its supply" if action.a < 0 else f"{place_name(action.a)}"
        return f"gives up the gemstone from {where} for the reserved tile"
    if kind == "keep":
        odds = KEEP_ODDS.get(action.name)
        if odds is None:
            return f"keeps {action.name}"
        rate = odds[min(max(len(view["seats"]), 2), 4) - 2]
        if action.a == 0:
            return f"keeps Wish {action.name}: bots meet it in {rate:.0%} of games like this"
        return f"keeps Hex {action.name}: it hits bots in only {rate:.0%} of games like this"
    if kind == "favor":
        if action.name == "plus":
            return "takes a '+' token: one more Favor token, no symbol changes hands"
        if action.name in me["counts"]:
            return f"takes a {NAMES[action.name]} token to {_race(view, action.name, 1)}"
    return f"chooses '{action}'"


def _describe_take(view: dict, action: Action, plan: tuple[Action, ...]) -> str:
    entry = _entry(view, action)
    if entry is None or "spirit" not in entry:
        return f"takes '{action}'"
    takes = [action]
    seconds = [a for a in plan[1:] if a.kind == "take"]
    spirit = entry["spirit"]
    gain = entry["symbols"]
    what = _label(entry)
    if seconds and entry["symbols"] == 1:
        gain += 1
        takes.append(seconds[0])
        what = f"2 {NAMES[spirit]} on two tiles"
    text = f"takes {what} to {_race(view, spirit, gain)}"
    me = view["players"][view["seat"]]
    if view.get("solo"):
        other = [e for e in view["forest"][action.a] if e is not None]
        if len(other) > 1:
            given = other[0] if action.b == 1 else other[-1]
            text += f"; the forest gets {_label(given)}"
        return text
    if me["symbols"].get(spirit, 0) == 0:
        text += f" and avoid the -3 for {NAMES[spirit]}"
    if entry.get("token"):
        text += ", with a Favor token"
    if entry.get("gem") is not None and entry["gem"] != view["seat"]:
        text += ", paying a gemstone for the reserved tile"
    return text
