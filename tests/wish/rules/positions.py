"""Ready-made positions for the rules tests, built with the helpers in `helpers.py`."""

from __future__ import annotations

from wish_tui.wish import rules

from .helpers import act, area, patch, started

ALL_WISHES = tuple(rules.CATALOG.wishes)
"""Every Wish card, in the order of cards.toml."""
QUIET = ("Vendetta", "Treasure", "Strength", "Fortune", "Remedy", "Kingdom", "Wisdom")
"""Cards that make good Offer fillers: no decision on their own when drawn."""
ONE_OF_EACH = [1, 1, 1, 1, 1, 1]


def table(
    djinns=("fire", "earth"),
    *,
    at="Volcano",
    hand=(),
    crystals=None,
    fulfilled=(),
    others=None,
    offer=None,
    deck_top=(),
    people=ONE_OF_EACH,
    caravan_pos=0,
    seed=7,
    solo=None,
    **fields,
):
    """A position at the start of seat 0's turn, seat 0 first in turn order.

    Args:
        at: the Area where seat 0 stands; it holds one Wishing Person of each colour (`people`).
        hand, crystals, fulfilled: seat 0's pieces.
        others: {seat: {field: value}} for the other seats (or more fields of seat 0).
        offer: the three Offer cards; by default three quiet cards no one holds.
        deck_top: cards put on top of the deck, the last one on top.
        fields: more top-level fields for `patch`.
    """
    state = started(djinns, seed=seed, solo=solo)
    n = len(djinns)
    players = {0: {"area": at, "hand": list(hand), "fulfilled": list(fulfilled)}}
    players[0]["crystals"] = list(crystals) if crystals is not None else [0] * 6
    for seat, changes in (others or {}).items():
        players.setdefault(seat, {}).update(changes)
    used = set(deck_top)
    for changes in players.values():
        used.update(changes.get("hand", ()))
        used.update(changes.get("fulfilled", ()))
    used.update(c for c in (offer or ()) if c)
    used.update(fields.get("discard", ()))
    if offer is None:
        offer = [c for c in QUIET if c not in used][:3]
        used.update(offer)
    challenge = set(rules.CATALOG.challenge) if solo else set()
    pool = [c for c in ALL_WISHES if c not in used and c not in challenge]
    for seat in range(1, n):
        if "hand" not in players.get(seat, {}):
            size = rules.CATALOG.djinns[djinns[seat]].hand_size
            players.setdefault(seat, {})["hand"] = pool[:size]
            pool = pool[size:]
        players.setdefault(seat, {}).setdefault("fulfilled", [])
    meeples = list(state.to_dict()["area_meeples"])
    i = area(at)
    meeples[i * 6 : i * 6 + 6] = list(people)
    base = {
        "order": list(range(n)),
        "turn_idx": 0,
        "offer": list(offer),
        "deck": pool + list(deck_top),
        "discard": [],
        "frost": [],
        "area_meeples": meeples,
        "caravan_pos": caravan_pos,
        "pending": [],
    }
    base.update(fields)
    return patch(state, players=players, **base)


def cost(card: str) -> list[int]:
    """The Crystals a Wish costs, per colour."""
    return list(rules.CATALOG.wishes[card].cost)


def plus(*counts) -> list[int]:
    """Add per-colour counts."""
    return [sum(c) for c in zip(*counts, strict=True)]


def fulfil(state, card: str, draw: str | None = None, *, how: str = ""):
    """Fulfill `card` (notation suffix `how`, e.g. 'trickery red #3') and draw from the Offer; on
    column 3 unless `how` names one (Fire and Water have Fulfill on two columns)."""
    text = f"fulfill {card}" + (f" {how}" if how else "")
    if "#" not in text:
        text += " #3"
    state = act(state, text)
    if state.pending and state.pending[0][0] == "draw_offer":
        draw = draw or next(c for c in state.offer if c)
        state = act(state, f"draw {draw}")
    return state


def settle(state):
    """Take the first option of every pending decision until the turn's seat may act again."""
    while state.pending and not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def step_kind(state) -> str:
    """The kind of the decision waiting now ('' when none)."""
    return state.pending[0][0] if state.pending else ""
