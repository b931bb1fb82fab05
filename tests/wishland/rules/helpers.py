"""Building test positions through the public API: play to a turn, then edit `to_dict` data.

Every edit goes back through `State.from_dict`, so a position a test builds is one the
validation accepts: each card in one place, Workers and Ticket Offices adding up.
"""

from __future__ import annotations

import copy

from tests import rules_helpers
from tests.rules_helpers import names  # noqa: F401  (the game's tests import it from here)
from wish_tui.wishland import rules
from wish_tui.wishland.rules import State
from wish_tui.wishland.rules.tables import CARD_INDEX, CARDS

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
"""Seats of the positions below: the colours in SEATS order."""


def started(seats=("red", "blue"), seed=7, **options) -> State:
    """A game at its first turn: Entrepreneurs kept (first option), Turn Order spaces taken
    lowest first, every choice its first option."""
    state = rules.new_game(list(seats), seed=seed, **options)
    while state.phase != "turns":
        state = state.apply(state.legal_actions()[0])
    return state


def card(card_id: str):
    """The printed facts of a card by id."""
    return CARDS[CARD_INDEX[card_id]]


def take(d: dict, card_id: str) -> None:
    """Remove a card from wherever it lies in `to_dict` data."""
    for row in d["market"]:
        if card_id in row:
            row[row.index(card_id)] = None
            return
    for pile in (*d["decks"], *d["discards"]):
        if card_id in pile:
            pile.remove(card_id)
            return
    for p in d["players"]:
        for key in ("park", "hand"):
            if card_id in p[key]:
                p[key].remove(card_id)
                return
    raise AssertionError(f"{card_id} is nowhere")


def give(d: dict, seat: int, *card_ids: str, to: str = "park") -> None:
    """Move cards into a seat's play area (or hand)."""
    for cid in card_ids:
        take(d, cid)
        d["players"][seat][to].append(cid)


def set_tickets(d: dict, seat: int, n: int) -> None:
    """Give a seat `n` Ticket Office Cards, from or to the pile."""
    p = d["players"][seat]
    d["tickets"] += p["tickets"] - n
    p["tickets"] = n


def to_market(d: dict, *card_ids: str) -> None:
    """Lay cards face up in their rows, sending the cards they replace to the top of the deck."""
    for cid in card_ids:
        if any(cid in row for row in d["market"]):
            continue
        take(d, cid)
        row = "YRBGK".index(cid[0])
        slots = d["market"][row]
        free = [i for i, c in enumerate(slots) if c is None or c not in card_ids]
        slot = next((i for i in free if slots[i] is None), free[0])
        if slots[slot] is not None:
            d["decks"][row].append(slots[slot])
        slots[slot] = cid


def set_workers(d: dict, seat: int, hand: int, reserve: int | None = None) -> None:
    """Set a seat's Workers at hand (and on the Reserve); the total of 10 is kept by the
    Reserve, or by the hand when the Reserve is given."""
    p = d["players"][seat]
    placed = sum(n for space in d["stacks"] for s, n in space if s == seat)
    if reserve is None:
        reserve = 10 - placed - hand
    p["workers"] = hand
    p["reserve"] = reserve
    assert hand + reserve + placed == 10, "Workers must add up to 10"


def turn_of(d: dict, seat: int) -> None:
    """Make it the start of `seat`'s turn (first in Turn Order, turn 1), nothing pending."""
    n = len(d["seats"])
    order = [seat] + [s for s in range(n) if s != seat]
    d["track"] = order + [-1] * (5 - n)
    d.update(phase="turns", turn=1, idx=0, stage="start", paid=False, advertised=False)
    d["pending"] = []


def edit(state: State, fn=None, players: dict | None = None, **fields) -> State:
    """Return a copy of `state` changed through its `to_dict` data.

    Args:
        fn: a function that edits the data in place (e.g. ``lambda d: give(d, 0, "Y3")``).
        players: {seat: {field: value}} replaced in the players' data (after `fn`).
        fields: top-level fields replaced (before `fn`).
    """
    d = copy.deepcopy(state.to_dict())
    d.update(fields)
    if fn is not None:
        fn(d)
    for seat, changes in (players or {}).items():
        d["players"][seat].update(changes)
    return State.from_dict(d)


def position(
    seats=("red", "blue"),
    seat: int = RED,
    cards=(),
    market=(),
    tickets=1,
    seed=7,
    hand=None,
    players=None,
    fn=None,
    **options,
) -> State:
    """`seat` at the start of its turn with `cards` in its play area, `market` face up and
    `tickets` Ticket Office Cards (other fields through `players` and `fn`). Every seat starts
    from 0 Credits, 0 VP and 0 on both tracks."""

    def build(d):
        turn_of(d, seat)
        for p in d["players"]:
            p.update(credits=0, vp=0, happiness=0, visitors=0)
        give(d, seat, *cards)
        to_market(d, *market)
        set_tickets(d, seat, tickets)
        if hand is not None:
            set_workers(d, seat, hand)
        if fn is not None:
            fn(d)

    return edit(started(seats, seed=seed, **options), build, players=players)


def act(state: State, *texts: str) -> State:
    """Apply actions given in notation, one after the other."""
    return rules_helpers.play(rules, state, *texts)


def end_turn(state: State, action: str = "collect") -> State:
    """Play the turn's action and, when the turn waits for a free action (an Achievement to
    claim), end it."""
    seat = state.current_player
    state = act(state, action)
    if state.current_player == seat and state.pending == [] and state.stage == "after":
        state = act(state, "end")
    return state


def choose_all(state: State, prefer: str = "") -> State:
    """Resolve pending decisions of the seat deciding now, taking `prefer` when legal."""
    seat = state.current_player
    while state.pending and state.current_player == seat:
        legal = state.legal_actions()
        pick = next((a for a in legal if str(a) == prefer), legal[0])
        state = state.apply(pick)
    return state


def cards_where(card_kind: str, **facts) -> list[str]:
    """Ids of the cards of `card_kind` whose printed facts match, e.g. category="drink".

    Category and Entertainment Symbols are given by name; other facts as on `Card`.
    """
    cat = rules.CATALOG
    found = []
    for c in CARDS:
        if rules.KINDS[c.kind] != card_kind:
            continue
        ok = True
        for key, wanted in facts.items():
            if key == "category":
                value = rules.CATEGORY_SYMBOLS[c.category]
            elif key == "entertainment":
                value = cat.entertainment[c.entertainment] if c.entertainment >= 0 else None
            else:
                value = getattr(c, key)
            ok = ok and value == wanted
        if ok:
            found.append(c.id)
    return found


def one_of_each_category() -> list[str]:
    """A card of each of the twelve Categories, three of each kind (rides, restaurants, actors,
    hotels)."""
    return [
        cards_where(kind, category=sym)[0]
        for kind, syms in (
            ("ride", ("ferris wheel", "roller coaster", "castle")),
            ("restaurant", ("drink", "hamburger", "cotton candy")),
            ("actor", ("top hat", "camera", "balloon")),
            ("hotel", ("vase", "newspaper", "cocktail")),
        )
        for sym in syms
    ]


def steps(state: State, seat: int = RED) -> dict[str, int]:
    """The Final Scoring steps of a seat in `state`."""
    return state.final_scores()["seats"][seat]["steps"]


def _ent_slots(d: dict):
    """Every place an Entrepreneur can lie: (list or dict, key)."""
    slots = [(d["entrepreneur_box"], i) for i in range(len(d["entrepreneur_box"]))]
    for p in d["players"]:
        slots += [(p, "entrepreneur"), (p, "entrepreneur_discarded")]
        slots += [(p["entrepreneur_options"], i) for i in range(len(p["entrepreneur_options"]))]
    return slots


def set_entrepreneur(d: dict, seat: int, number: int, option: int | None = None) -> None:
    """Give `seat` Entrepreneur #`number` (as its kept card, or as option 0/1 during setup),
    swapping it with the card there; Entrepreneur #3's private tile follows the card."""
    p = d["players"][seat]
    target = (p, "entrepreneur") if option is None else (p["entrepreneur_options"], option)
    wanted = f"E{number}"
    source = next((c, k) for c, k in _ent_slots(d) if c[k] == wanted)
    source[0][source[1]], target[0][target[1]] = target[0][target[1]], wanted
    d["entrepreneur_box"].sort(key=lambda e: int(e[1:]))
    if d["phase"] == "setup":
        return
    tiles = [t for t in d["tile_box"]]
    for q in d["players"]:
        if q["tile"] and q["entrepreneur"] != "E3":
            tiles.append(q["tile"])
            q["tile"], q["tile_claimed"] = "", False
    for q in d["players"]:
        if q["entrepreneur"] == "E3" and not q["tile"]:
            q["tile"] = next(t for t in sorted(tiles, key=lambda t: int(t[1:])) if int(t[1:]) <= 10)
            tiles.remove(q["tile"])
    d["tile_box"] = sorted(tiles, key=lambda t: int(t[1:]))
