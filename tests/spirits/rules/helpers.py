"""Building Spirits of the Forest positions through the public API: play setup, patch `to_dict`."""

from __future__ import annotations

import copy

from tests import rules_helpers
from tests.rules_helpers import names  # noqa: F401  (the game's tests import it from here)
from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATALOG, SPIRITS, State

CAT = CATALOG
FOUR = ("air", "water", "fire", "earth")


def started(seats=("air", "water"), seed=7, modules=()) -> State:
    """A game past setup: every seat keeps its first Wish and Hex option."""
    state = rules.new_game(list(seats), seed=seed, modules=modules)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    return state


def tile(spirit: str, symbols: int = 1, power: str | None = None, nth: int = 0) -> int:
    """The number of a tile of that kind (the `nth` one when the deck has several)."""
    index = SPIRITS.index(spirit)
    found = [
        t.id
        for t in CAT.tiles
        if t.spirit == index
        and t.symbols == symbols
        and (t.power == -1 if power is None else rules.POWERS[t.power] == power)
    ]
    return found[nth]


def tiles_of(spirit: str | None = None, symbols: int | None = None) -> list[int]:
    """Every tile of a spirit and/or a number of symbols."""
    return [
        t.id
        for t in CAT.tiles
        if (spirit is None or t.spirit == SPIRITS.index(spirit))
        and (symbols is None or t.symbols == symbols)
    ]


def token(kind: str, nth: int = 0) -> int:
    """The number of a Favor token of that kind."""
    return [i for i, k in enumerate(CAT.tokens) if k == kind][nth]


def place(name: str) -> int:
    """'r2c5' -> its place number."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * 12 + int(col) - 1


def patch(state: State, players: dict | None = None, **fields) -> State:
    """A copy of `state` with some `to_dict` fields replaced, validated by `State.from_dict`."""
    data = copy.deepcopy(state.to_dict())
    for seat, changes in (players or {}).items():
        data["players"][seat].update(changes)
    data.update(fields)
    return State.from_dict(data)


def arrange(
    state: State,
    layout: dict[str, int],
    gems: dict[str, int] | None = None,
    marks: dict[str, int | None] | None = None,
) -> State:
    """Put tiles where `layout` says ({'r1c1': tile}), swapping them with what lay there.

    Only tiles still in the forest move. `gems` puts a seat's gemstone on places (taken from its
    supply); `marks` moves Favor tokens ({'r1c1': token or None}).
    """
    data = copy.deepcopy(state.to_dict())
    grid = data["forest"]
    for name, wanted in layout.items():
        p = place(name)
        here = [(r, c) for r in range(4) for c in range(12) if grid[r][c] == wanted]
        assert here, f"tile {wanted} is not in the forest"
        (r, c) = here[0]
        grid[r][c], grid[p // 12][p % 12] = grid[p // 12][p % 12], grid[r][c]
    for name, seat in (gems or {}).items():
        p = place(name)
        data["gems"][p // 12][p % 12] = seat
        data["players"][seat]["supply"] -= 1
    for name, tok in (marks or {}).items():
        p = place(name)
        if tok is not None:
            for r in range(4):
                for c in range(12):
                    if data["marks"][r][c] == tok:
                        data["marks"][r][c] = None
            if tok in data["aside"]:
                # Swap with the token lying there (or any forest token) to keep six aside.
                old = data["marks"][p // 12][p % 12]
                if old is None:
                    old = next(x for row in data["marks"] for x in row if x is not None)
                    for r in range(4):
                        for c in range(12):
                            if data["marks"][r][c] == old:
                                data["marks"][r][c] = None
                data["aside"] = sorted([x for x in data["aside"] if x != tok] + [old])
        data["marks"][p // 12][p % 12] = tok
    return State.from_dict(data)


def on_turn(state: State, seat: int, turn_no: int = 1) -> State:
    """Make it `seat`'s turn, its first step (turn number `turn_no`, by default not the first)."""
    n = state.num_seats
    first = (seat - turn_no) % n
    return patch(state, first=first, turn=seat, turn_no=turn_no, step="take", took=0, spirit=-1)


def act(state: State, *texts: str) -> State:
    """Apply actions given in notation, one after the other."""
    return rules_helpers.play(rules, state, *texts)


def refused(state: State, action, *words: str, seat: int | None = None) -> str:
    """Apply `action` expecting a refusal that mentions every word; return the message."""
    return rules_helpers.refused(rules, state, action, *words, seat=seat)


def endgame(
    seats=FOUR,
    modules=("wishes", "hexes"),
    hands: dict[int, list[int]] | None = None,
    held: dict[int, list[int]] | None = None,
    aside: list[int] | None = None,
    lost: dict[int, int] | None = None,
    wishes: dict[int, str] | None = None,
    hexes: dict[int, str] | None = None,
    last: int | None = None,
    taker: int = 0,
) -> State:
    """One tile (`last`) left at r1c1 for `taker` to take; every other tile already collected.

    Tiles not given in `hands` are dealt round-robin; `held` tokens are given, six tokens lie
    aside (those in `aside` first) and the rest of the eight are dealt round-robin.
    """
    n = len(seats)
    hands = {s: list(hands.get(s, ())) for s in range(n)} if hands else {s: [] for s in range(n)}
    held = {s: list((held or {}).get(s, ())) for s in range(n)}
    placed = {t for h in hands.values() for t in h}
    if last is None:
        last = next(t for t in range(48) if t not in placed)
    rest = [t for t in range(48) if t not in placed and t != last]
    for i, t in enumerate(rest):
        hands[i % n].append(t)
    used = {t for h in held.values() for t in h}
    free = [t for t in range(14) if t not in used]
    aside = list(aside or [])
    for t in free:
        if len(aside) < 6 and t not in aside and t not in CAT.plus_tokens:
            aside.append(t)
    leftover = [t for t in free if t not in aside]
    for i, t in enumerate(leftover):
        held[i % n].append(t)
    lost = lost or {}
    deck_w, deck_h = list(CAT.wishes), list(CAT.hexes)
    kept_w = {s: (wishes or {}).get(s, "") for s in range(n)}
    kept_h = {s: (hexes or {}).get(s, "") for s in range(n)}
    for s in range(n):
        if "wishes" in modules and not kept_w[s]:
            kept_w[s] = next(c for c in deck_w if c not in kept_w.values())
        if "hexes" in modules and not kept_h[s]:
            kept_h[s] = next(c for c in deck_h if c not in kept_h.values())
    kept = [c for c in list(kept_w.values()) + list(kept_h.values()) if c]
    pool = [c for c in deck_w + deck_h if c not in kept]
    discards = []
    first = 0
    for s in range(n):
        for kind_kept, deck in ((kept_w, CAT.wishes), (kept_h, CAT.hexes)):
            if kind_kept[s]:
                card = next(c for c in pool if c in deck)
                pool.remove(card)
                discards.append(card)
    gems = CAT.gems[n]
    forest = [[None] * 12 for _ in range(4)]
    forest[0][0] = last
    data = {
        "format": "spirits.state/1",
        "seats": list(seats),
        "solo": "",
        "modules": list(modules),
        "seed": 1,
        "rng": 1,
        "phase": "play",
        "first": first,
        "turn": taker,
        "turn_no": 8 * n + taker,
        "step": "take",
        "took": 0,
        "spirit": -1,
        "forest": forest,
        "gems": [[None] * 12 for _ in range(4)],
        "marks": [[None] * 12 for _ in range(4)],
        "players": [
            {
                "tiles": hands[s],
                "tokens": held[s],
                "supply": gems - lost.get(s, 0),
                "lost": lost.get(s, 0),
                "wish_options": [],
                "hex_options": [],
                "wish": kept_w[s],
                "hex": kept_h[s],
                "met": False,
                "bonus": [0] * 12,
                "reward_token": -1,
            }
            for s in range(n)
        ],
        "spent": [],
        "aside": sorted(aside),
        "box": sorted(pool),
        "discards": discards,
        "opponent": {"tiles": [], "tokens": []},
        "pending": [],
    }
    return State.from_dict(data)


def sparse(state: State, keep: list[str] | None = None, to: int = 0, drop=()) -> State:
    """Clear the forest but the places in `keep` (or only the places in `drop`; rows must stay
    unbroken): those tiles, and the Favor tokens on them, go to seat `to`'s collection."""
    data = copy.deepcopy(state.to_dict())
    if keep is None:
        kept = set(range(48)) - {place(name) for name in drop}
    else:
        kept = {place(name) for name in keep}
    for r in range(4):
        for c in range(12):
            p = r * 12 + c
            if p in kept or data["forest"][r][c] is None:
                continue
            data["players"][to]["tiles"].append(data["forest"][r][c])
            data["forest"][r][c] = None
            if data["gems"][r][c] is not None:
                owner = data["gems"][r][c]
                data["players"][owner]["supply"] += 1
                data["gems"][r][c] = None
            if data["marks"][r][c] is not None:
                data["players"][to]["tokens"].append(data["marks"][r][c])
                data["marks"][r][c] = None
    return State.from_dict(data)
