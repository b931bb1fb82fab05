"""`determinize(view, seed)`: a full State consistent with what one seat has seen.

Bots look ahead on such states. What the seat cannot see is sampled with the seeded generator:
the kinds of the Favor tokens in the forest, in the other seats' hands and set aside; the other
seats' dealt, kept (before the reveal) and discarded cards and the cards left in the box; in a
solo game the face-down tiles and the forest's face-down tokens. The same view and seed always
give the same State, and its `view(seat)` equals the view it was built from.
"""

from __future__ import annotations

from wish_tui.core import rng as rngmod

from .catalog import COLUMNS, ROWS, SPIRITS
from .serial import FORMAT
from .state import State


def _take(rng: int, pool: list, n: int) -> tuple[int, list]:
    """Draw `n` items from `pool` at random (removing them); return (rng, items)."""
    if n > len(pool):
        raise ValueError("the view shows more hidden things than the game has")
    return rngmod.take(rng, pool, n)


def _ids(kinds: list[str], free: list[int], catalog) -> list[int]:
    """Token numbers for token kinds, each taken from `free` (removed from it)."""
    out = []
    for kind in kinds:
        token = next((t for t in free if catalog.tokens[t] == kind), None)
        if token is None:
            raise ValueError(f"the view shows a {kind[:12]!r} token the game does not have")
        free.remove(token)
        out.append(token)
    return out


def determinize(view: dict, seed: int):
    """Build a State that `view` could have come from, sampling what the seat cannot see.

    Raises:
        ValueError: the view is not a view of a game of Spirits of the Forest.
    """
    catalog = State.DEFAULT_CATALOG
    if not isinstance(view, dict) or view.get("game") != "spirits":
        raise ValueError("not a view of a game of Spirits of the Forest")
    # While Favor rewards are chosen, the Wishes have been checked on the hidden tokens: a sample
    # must agree with every check, so draw again until one does (the true state always would).
    attempts = 200 if view.get("phase") == "reward" else 1
    failure = ValueError("not a view of a game of Spirits of the Forest")
    for attempt in range(attempts):
        try:
            data = _build(view, seed, catalog, attempt)
        except (KeyError, IndexError, TypeError, AttributeError, StopIteration) as exc:
            raise ValueError(f"not a complete view ({type(exc).__name__})") from None
        try:
            return State.from_dict(data)
        except ValueError as exc:
            failure = exc
    raise failure


def _build(view: dict, seed: int, cat, attempt: int = 0) -> dict:
    players = view["players"]
    rng = rngmod.seed_state(seed + attempt * 0x9E3779B9)
    phase = view["phase"]
    ended = phase in ("reward", "over")
    solo_view = view.get("solo_game")
    rng, tokens = _deal_tokens(view, cat, rng, solo_view)
    rng, forest = _deal_tiles(view, cat, rng, solo_view)
    cards = _cards(view, rng, cat)
    reward_token = _reward_tokens(view, tokens["held"], cat) if ended else [-1] * len(players)
    spirit = view["spirit"]
    return {
        "format": FORMAT,
        "seats": list(view["seats"]),
        "solo": view["solo"],
        "modules": list(view["modules"]),
        "seed": seed,
        "rng": rngmod.seed_state(seed ^ 0x5DEECE66D),
        "phase": phase,
        "first": view["first"],
        "turn": view["turn"],
        "turn_no": view["turn_no"],
        "step": view["step"],
        "took": view["took"],
        "spirit": -1 if spirit is None else SPIRITS.index(spirit),
        "forest": forest,
        "gems": [[None if e is None else e["gem"] for e in row] for row in view["forest"]],
        "marks": tokens["marks"],
        "players": [
            _player(p, s, tokens["held"][s], cards, reward_token[s], ended)
            for s, p in enumerate(players)
        ],
        "spent": tokens["spent"],
        "aside": tokens["aside"],
        "box": cards["box"],
        "discards": cards["discards"],
        "opponent": {
            "tiles": list(solo_view["opponent_tiles"]) if solo_view else [],
            "tokens": tokens["opponent"],
        },
        "pending": [list(step) for step in view["pending"]],
    }


def _player(p: dict, s: int, held: list[int], cards: dict, reward_token: int, ended: bool) -> dict:
    """A seat's part of the state: what its view shows, its tokens and cards as dealt."""
    return {
        "tiles": list(p["tiles"]),
        "tokens": held,
        "supply": p["gems"]["supply"],
        "lost": p["gems"]["lost"],
        "wish_options": cards["options"]["wish"][s],
        "hex_options": cards["options"]["hex"][s],
        "wish": cards["kept"]["wish"][s],
        "hex": cards["kept"]["hex"][s],
        "met": bool(ended and p.get("wish") and p["wish"]["met"]),
        "bonus": [p["bonus"][c] for c in p["bonus"]],
        "reward_token": reward_token,
    }


def _deal_tokens(view: dict, cat, rng: int, solo_view: dict | None) -> tuple[int, dict]:
    """The Favor tokens: what the seat knows, then the rest sampled into the hidden places."""
    free = list(range(len(cat.tokens)))
    spent = _ids(view["spent"], free, cat)
    held: list[list[int] | None] = [
        _ids(p["tokens"], free, cat) if "tokens" in p else None for p in view["players"]
    ]
    dealt = {"spent": spent, "held": held, "opponent": []}
    if solo_view:
        opp_tokens = _ids(solo_view["opponent_tokens"], free, cat)
        pool = [t for t in free if cat.tokens[t] in SPIRITS]
        rng, hidden = _take(rng, pool, solo_view["opponent_hidden_tokens"])
        dealt["opponent"] = opp_tokens + hidden
        dealt["aside"] = sorted(t for t in free if t not in hidden)
        dealt["marks"] = [[None] * COLUMNS for _ in range(ROWS)]
        return rng, dealt
    pool = sorted(free)
    rng = rngmod.shuffle(rng, pool)
    _plus_for_decider(view, held, pool, cat)
    chosen_aside = _aside_from_options(view, pool, cat)
    for s, p in enumerate(view["players"]):
        if held[s] is None:
            rng, held[s] = _take(rng, pool, p["token_count"])
    marks = []
    for row in view["forest"]:
        marks_row = []
        for entry in row:
            token = None
            if entry is not None and entry["token"]:
                rng, (token,) = _take(rng, pool, 1)
            marks_row.append(token)
        marks.append(marks_row)
    dealt["marks"] = marks
    dealt["aside"] = sorted(pool + chosen_aside)
    return rng, dealt


def _deal_tiles(view: dict, cat, rng: int, solo_view: dict | None) -> tuple[int, list]:
    """The forest's tiles: all shown, but the solo game's face-down ones, sampled."""
    seen_tiles = [t for p in view["players"] for t in p["tiles"]]
    if solo_view:
        seen_tiles += solo_view["opponent_tiles"]
    seen_tiles += [e["tile"] for row in view["forest"] for e in row if e and "tile" in e]
    hidden_tiles = sorted(set(range(len(cat.tiles))) - set(seen_tiles))
    rng = rngmod.shuffle(rng, hidden_tiles)
    forest = [[None if e is None else e.get("tile", -1) for e in row] for row in view["forest"]]
    for row in forest:
        for c, t in enumerate(row):
            if t == -1:
                row[c] = hidden_tiles.pop()
    return rng, forest


def _reward_tokens(view: dict, held: list, cat) -> list[int]:
    """Per seat, the Favor token its met Wish rewarded it with (-1 when none yet)."""
    reward_token = [-1] * len(view["players"])
    for s, p in enumerate(view["players"]):
        wish = p.get("wish")
        owed = ["favor", s] in view["pending"]
        if wish and wish["met"] and cat.wishes[wish["name"]].reward == "favor" and not owed:
            reward_token[s] = held[s][-1]
    return reward_token


def _plus_for_decider(view: dict, held: list, pool: list[int], cat) -> None:
    """A seat in its gemstone step with no gemstone left must hold a '+' token: give it one."""
    turn = view["turn"]
    p = view["players"][turn]
    gems = p["gems"]
    if view["phase"] != "play" or view["step"] != "gem" or held[turn] is not None:
        return
    if gems["supply"] or gems["forest"]:
        return
    token = next((t for t in pool if t in cat.plus_tokens), None)
    if token is None:
        raise ValueError("the view's gemstone step needs a '+' token the game does not have")
    pool.remove(token)
    rest = p["token_count"] - 1
    held[turn] = [token] + [pool.pop() for _ in range(rest)]


def _aside_from_options(view: dict, pool: list[int], cat) -> list[int]:
    """A seat choosing its Favor reward sees the kinds set aside: take those out of `pool`."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "favor" or "options" not in decision:
        return []
    kinds = [text.split(" ", 1)[1] for text in decision["options"]]
    aside = []
    for kind in kinds:
        aside.append(next(t for t in pool if cat.tokens[t] == kind))
        pool.remove(aside[-1])
    while len(aside) < view["aside_count"]:
        aside.append(next(t for t in pool if cat.tokens[t] in kinds))
        pool.remove(aside[-1])
    return aside


def _keeps(view: dict) -> list[tuple[str, int]]:
    """Every keep of the setup, in the order they happen."""
    n = len(view["seats"])
    first = view["first"]
    return [
        (kind, s)
        for s in ((first + k) % n for k in range(n))
        for kind, module in (("wish", "wishes"), ("hex", "hexes"))
        if module in view["modules"]
    ]


def _cards(view: dict, rng: int, cat) -> dict:
    """Dealt, kept, discarded and boxed cards: the seat's own as seen, the others sampled."""
    seat = view["seat"]
    players = view["players"]
    n = len(players)
    pending = [tuple(step) for step in view["pending"]]
    options = {"wish": [[] for _ in range(n)], "hex": [[] for _ in range(n)]}
    kept = {"wish": [""] * n, "hex": [""] * n}
    decks = {"wish": list(cat.wishes), "hex": list(cat.hexes)}
    unseen = {kind: set(deck) for kind, deck in decks.items()}
    own_discards = list(players[seat].get("discarded", ()))
    for kind in ("wish", "hex"):
        for s, p in enumerate(players):
            if kind in p:
                kept[kind][s] = p[kind]["name"]
                unseen[kind].discard(p[kind]["name"])
        options[kind][seat] = list(players[seat].get(f"{kind}_options", ()))
        unseen[kind] -= set(options[kind][seat])
        unseen[kind] -= set(own_discards)
    discards: list[str] = []
    mine = iter(own_discards)
    pools = {kind: sorted(unseen[kind]) for kind in unseen}
    for kind, s in _keeps(view):
        if (kind, s) in pending:
            if s != seat:
                rng, options[kind][s] = _take(rng, pools[kind], 2)
            continue
        if not kept[kind][s]:
            rng, (kept[kind][s],) = _take(rng, pools[kind], 1)
        if s == seat:
            discards.append(next(mine))
        else:
            rng, (card,) = _take(rng, pools[kind], 1)
            discards.append(card)
    box = sorted(pools["wish"] + pools["hex"])
    return {"options": options, "kept": kept, "discards": discards, "box": box}
