"""Building test positions through the public API: play setup, then patch `to_dict` data."""

from __future__ import annotations

import copy

from tests import rules_helpers
from tests.rules_helpers import names  # noqa: F401  (the game's tests import it from here)
from wish_tui.wish import rules
from wish_tui.wish.rules import COLOURS, State


def started(djinns=("air", "water"), seed=7, solo=None) -> State:
    """A game past setup: every seat keeps its first Destiny option and discards its first Wish."""
    state = rules.new_game(list(djinns), seed=seed, solo=solo)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    return state


def crystals(**counts: int) -> list[int]:
    """Per-colour crystal counts, e.g. crystals(red=2, white=1)."""
    unknown = set(counts) - set(COLOURS)
    assert not unknown, unknown
    return [counts.get(c, 0) for c in COLOURS]


def area(name: str) -> int:
    """The index of an Area by name."""
    return rules.CATALOG.area_index[name]


def patch(state: State, players: dict | None = None, **fields) -> State:
    """Return a copy of `state` with some fields replaced, validated by `State.from_dict`.

    Args:
        players: {seat: {field: value}}; an Area may be given by name for "area".
        fields: top-level fields of `to_dict()`; Area names are accepted in "wind" and "clones".
    """
    before = state.to_dict()
    data = copy.deepcopy(before)
    for seat, changes in (players or {}).items():
        for key, value in changes.items():
            if key == "area" and isinstance(value, str):
                value = area(value)
            data["players"][seat][key] = value
    for key, value in fields.items():
        if key in ("wind", "clones"):
            value = [area(v) if isinstance(v, str) else v for v in value]
        data[key] = value
    balance_people(data, before)
    balance_cards(data, set(fields), players or {})
    return State.from_dict(data)


def balance_people(data: dict, before: dict) -> None:
    """Keep four Wishing Persons of each colour after a patch: the Areas the patch did not touch
    give up the people a patch added elsewhere, or take back the people it removed."""
    meeples = data["area_meeples"]
    untouched = [
        i
        for i in range(12)
        if meeples[i * 6 : i * 6 + 6] == before["area_meeples"][i * 6 : i * 6 + 6]
    ]
    for c in range(6):
        total = sum(meeples[i * 6 + c] for i in range(12))
        total += sum(p["meeples"][c] for p in data["players"])
        total += sum(m[1][c] for m in data["monuments"] if m is not None)
        while total > 4:
            donors = [i for i in untouched if meeples[i * 6 + c]]
            assert donors, f"the patch puts more than four {COLOURS[c]} people on the table"
            meeples[max(donors, key=lambda i: meeples[i * 6 + c]) * 6 + c] -= 1
            total -= 1
        while total < 4:
            home = [i for i in untouched if rules.CATALOG.areas[i].people == c] or untouched
            meeples[home[0] * 6 + c] += 1
            total += 1


def balance_cards(data: dict, fields: set, players: dict) -> None:
    """Keep every Wish card in exactly one place after a patch: a card the patch put somewhere
    leaves the places the patch did not set, and a card it dropped goes under the deck."""
    challenge = set(rules.CATALOG.challenge) if data["solo"] else set()
    fixed = []
    loose = []
    for name in ("offer", "deck", "discard"):
        (fixed if name in fields else loose).append(("top", name))
    for seat in range(len(data["players"])):
        for name in ("hand", "fulfilled"):
            where = fixed if name in players.get(seat, {}) else loose
            where.append((seat, name))

    def cards(place):
        owner, name = place
        return data[name] if owner == "top" else data["players"][owner][name]

    kept = set(challenge)
    for place in fixed:
        kept.update(c for c in cards(place) if c)
    seen = set(kept)
    for place in loose:
        owner, name = place
        mine = cards(place)
        if name == "offer":
            filtered = [None if c in seen else c for c in mine]
        else:
            filtered = [c for c in mine if c not in seen]
        seen.update(c for c in filtered if c)
        if owner == "top":
            data[name] = filtered
        else:
            data["players"][owner][name] = filtered
    missing = [w for w in rules.CATALOG.wishes if w not in seen and w not in challenge]
    data["deck"] = missing + data["deck"]


def act(state: State, *texts: str) -> State:
    """Apply actions given in notation, one after the other."""
    return rules_helpers.play(rules, state, *texts)


def meeples_in(state: State, area_name: str) -> dict[str, int]:
    """Wishing Persons standing in an Area, by colour."""
    i = area(area_name)
    return dict(zip(COLOURS, state.to_dict()["area_meeples"][i * 6 : i * 6 + 6], strict=True))


def deck_without(state: State, *cards: str) -> dict:
    """`patch` fields: the deck and discard pile with `cards` taken out, so each card exists once."""
    data = state.to_dict()
    return {
        "deck": [c for c in data["deck"] if c not in cards],
        "discard": [c for c in data["discard"] if c not in cards],
    }


def frostflake_position(air: int = 0) -> State:
    """Air (seat `air`, Water the other) can fulfill Happily Ever After in the Sandhills; the
    Offer holds a Wish with Water's Frostflake (rulebook, Example 6)."""
    state = started()
    cards = ("Happily Ever After", "Sultan", "Command", "To see the world", "Glory", "Remedy")
    return patch(
        state,
        players={
            air: {
                "area": "Sandhills",
                "hand": ["Happily Ever After", "Sultan", "Command"],
                "crystals": crystals(yellow=1, blue=1),
            }
        },
        offer=["To see the world", "Glory", "Remedy"],
        frost=["To see the world"],
        **deck_without(state, *cards),
    )
