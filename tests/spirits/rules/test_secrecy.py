"""Secrets stay secret: nothing in one seat's view reveals what that seat may not see.

Two checks across random playouts: (1) states that differ only in what a seat cannot see give
that seat the same view (a leak would make them differ); (2) no view carries the seed, the
generator's state, or the names of cards the seat has not been shown.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATALOG, State

CAT = CATALOG


def _states(seats, seed, modules=(), solo=None, every=3):
    """Every `every`-th state of a seeded random game, the end included."""
    rng = random.Random(seed)
    state = rules.new_game(list(seats), seed=seed, modules=modules, solo=solo)
    out = [state]
    step = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step % every == 0 or state.is_over:
            out.append(state)
    return out


def _shuffle_hidden_tokens(data: dict, seat: int, rng: random.Random) -> dict:
    """Deal the Favor tokens `seat` cannot see anew: forest, other hands, aside."""
    data = copy.deepcopy(data)
    if data["phase"] == "over":
        hidden_hands = []
    else:
        hidden_hands = [s for s in range(len(data["players"])) if s != seat]
    # A seat choosing its Favor reward sees which kinds lie aside.
    sees_aside = data["pending"][:1] == [["favor", seat]]
    slots = []
    for r in range(4):
        for c in range(12):
            if data["marks"][r][c] is not None:
                slots.append(("mark", r, c))
    for s in hidden_hands:
        slots += [("hand", s, i) for i in range(len(data["players"][s]["tokens"]))]
    if not sees_aside:
        slots += [("aside", i, 0) for i in range(len(data["aside"]))]

    def get(slot):
        kind, a, b = slot
        if kind == "mark":
            return data["marks"][a][b]
        if kind == "hand":
            return data["players"][a]["tokens"][b]
        return data["aside"][a]

    values = [get(slot) for slot in slots]
    rng.shuffle(values)
    for slot, value in zip(slots, values, strict=True):
        kind, a, b = slot
        if kind == "mark":
            data["marks"][a][b] = value
        elif kind == "hand":
            data["players"][a]["tokens"][b] = value
        else:
            data["aside"][a] = value
    data["aside"] = sorted(data["aside"])
    data["rng"] = rng.randrange(2**64)
    data["seed"] = rng.randrange(10**6)
    return data


CONFIGS = [
    (("air", "water"), ()),
    (("air", "water", "fire"), ("wishes", "hexes")),
    (("earth", "fire", "water", "air"), ("wishes", "hexes")),
    (("water", "earth"), ("wishes",)),
]


@pytest.mark.parametrize(("seats", "modules"), CONFIGS)
def test_hidden_tokens_seed_and_generator_never_change_a_view(seats, modules):
    rng = random.Random(1)
    checked = 0
    for seed in range(3):
        for state in _states(seats, seed, modules):
            data = state.to_dict()
            for seat in range(len(seats)):
                try:
                    other = State.from_dict(_shuffle_hidden_tokens(data, seat, rng))
                except ValueError:
                    continue  # the shuffle broke a constraint the seat could infer (a '+' needed)
                assert other.view(seat) == state.view(seat)
                checked += 1
    assert checked > 50


def _shuffle_hidden_cards(data: dict, seat: int, rng: random.Random) -> dict:
    """Swap the cards `seat` cannot see: others' dealt cards, discards, the box."""
    data = copy.deepcopy(data)
    for kind, deck in (("wish", CAT.wishes), ("hex", CAT.hexes)):
        slots = []
        for s, p in enumerate(data["players"]):
            if s == seat:
                continue
            slots += [("opt", s, i) for i in range(len(p[f"{kind}_options"]))]
            if data["phase"] == "setup" and p[kind]:
                slots.append(("kept", s, 0))
        mine = set(data["players"][seat][f"{kind}_options"]) | {data["players"][seat][kind]}
        own_discards = set(_own_discards(data, seat))
        slots += [
            ("discard", i, 0)
            for i, c in enumerate(data["discards"])
            if c in deck and c not in own_discards and c not in mine
        ]
        slots += [("box", i, 0) for i, c in enumerate(data["box"]) if c in deck]

        def get(slot, kind=kind):
            where, a, b = slot
            if where == "opt":
                return data["players"][a][f"{kind}_options"][b]
            if where == "kept":
                return data["players"][a][kind]
            return data["discards" if where == "discard" else "box"][a]

        values = [get(slot) for slot in slots]
        rng.shuffle(values)
        for (where, a, b), value in zip(slots, values, strict=True):
            if where == "opt":
                data["players"][a][f"{kind}_options"][b] = value
            elif where == "kept":
                data["players"][a][kind] = value
            else:
                data["discards" if where == "discard" else "box"][a] = value
    data["box"] = sorted(data["box"])
    return data


def _own_discards(data, seat):
    n = len(data["seats"])
    keeps = [
        s
        for s in ((data["first"] + k) % n for k in range(n))
        for module in ("wishes", "hexes")
        if module in data["modules"]
    ]
    return [c for c, s in zip(data["discards"], keeps, strict=False) if s == seat]


def test_hidden_cards_never_change_a_view():
    rng = random.Random(2)
    checked = 0
    for seed in range(4):
        states = _states(("air", "water", "fire", "earth"), seed, rules.MODULES, every=1)[:12]
        for state in states:
            for seat in range(4):
                try:
                    other = State.from_dict(_shuffle_hidden_cards(state.to_dict(), seat, rng))
                except ValueError:
                    continue  # after the end the Wish checks pin the kept cards down
                assert other.view(seat) == state.view(seat)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("level", rules.SOLO_LEVELS)
def test_solo_face_down_tiles_and_tokens_never_change_the_view(level):
    rng = random.Random(3)
    for state in _states(("earth",), 4, solo=level, every=2):
        data = state.to_dict()
        up = {(r, c) for r in range(4) for c in (state.lo[r], state.hi[r] - 1)}
        hidden = [
            (r, c)
            for r in range(4)
            for c in range(12)
            if data["forest"][r][c] is not None and (r, c) not in up
        ]
        values = [data["forest"][r][c] for r, c in hidden]
        rng.shuffle(values)
        for (r, c), v in zip(hidden, values, strict=True):
            data["forest"][r][c] = v
        shown = len(state.view(0)["solo_game"]["opponent_tokens"])
        tokens = data["opponent"]["tokens"]
        pool = tokens[shown:] + [t for t in data["aside"] if CAT.tokens[t] in rules.SPIRITS]
        rng.shuffle(pool)
        k = len(tokens) - shown
        data["opponent"]["tokens"] = tokens[:shown] + pool[:k]
        data["aside"] = sorted(
            [t for t in data["aside"] if CAT.tokens[t] not in rules.SPIRITS] + pool[k:]
        )
        assert State.from_dict(data).view(0) == state.view(0)


def _strings(data) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *_strings(v)]]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def test_no_view_names_a_card_its_seat_was_not_shown():
    for seed in range(3):
        for state in _states(("air", "water", "fire", "earth"), seed, rules.MODULES, every=1):
            for seat in range(4):
                view = state.view(seat)
                json.dumps(view)
                assert "seed" not in view and "rng" not in view
                shown = set(state.wish_options[seat]) | set(state.hex_options[seat])
                shown |= {state.wish[seat], state.hex[seat]} | set(
                    _own_discards(state.to_dict(), seat)
                )
                if state.phase != "setup":
                    shown |= set(state.wish) | set(state.hex)
                texts = " ".join(_strings(view))
                for card in list(CAT.wishes) + list(CAT.hexes):
                    if card not in shown:
                        assert card not in texts, (seat, card)


def test_another_seat_decision_shows_no_options():
    state = rules.new_game(["air", "water"], seed=8, modules=rules.MODULES)
    decider = state.current_player
    other = 1 - decider
    mine = state.view(decider)["decision"]
    theirs = state.view(other)["decision"]
    assert mine["options"] and mine["prompt"]
    assert set(theirs) == {"kind", "seat", "djinn"}
