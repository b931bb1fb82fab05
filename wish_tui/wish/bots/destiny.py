"""What a Destiny card is worth to a bot: the bonus a Wish adds to it, and its prospect over a
whole game (which Destiny to keep)."""

from __future__ import annotations

_PARAMS: dict = {}


def params_of(destiny) -> dict:
    """A Destiny's parameters as a dict, built once per Destiny (evaluation is the hot path)."""
    found = _PARAMS.get(destiny.name)
    if found is None or found[0] is not destiny:
        found = _PARAMS[destiny.name] = (destiny, dict(destiny.params))
    return found[1]


def destiny_bonus(destiny, w, p, wishes) -> float:
    """What fulfilling Wish `w` adds to the Destiny, roughly, in VP."""
    params = params_of(destiny)
    if destiny.kind == "monument":
        types = params["types"]
        if w.type in types and not any(wishes[n].type == w.type for n in p.fulfilled):
            return params["vp"] * 0.4
        return 0.0
    return params["vp"] if _counts_for(destiny, w) else 0.0


EXPECTED_FULFILS = 6
"""Wishes the hard bot fulfills in a two-seat game, about (benchmarks/bots.md)."""
MONUMENT_DESTINY_ODDS = 0.1
"""How often a bot fulfills a monument Destiny (a named Monument and a Wish type): rarely, since
it does not plan the several turns a Monument takes (benchmarks/bots.md)."""


def destiny_prospect(catalog, name: str, hand: list[str]) -> float:
    """The VP a bot can expect from keeping Destiny `name` with `hand`, roughly.

    A Destiny paying per fulfilled Wish of some kind expects that kind's share of the Wishes the
    bot will fulfill, the share judged half from all Wishes and half from the hand; a monument
    Destiny counts its VP at the odds of a bot fulfilling one.
    """
    destiny = catalog.destinies[name]
    params = params_of(destiny)
    if destiny.kind == "monument":
        return params["vp"] * MONUMENT_DESTINY_ODDS
    wishes = catalog.wishes
    share = sum(_counts_for(destiny, w) for w in wishes.values()) / len(wishes)
    if hand:
        in_hand = sum(_counts_for(destiny, wishes[n]) for n in hand) / len(hand)
        share = (share + in_hand) / 2
    return params["vp"] * EXPECTED_FULFILS * share


def _counts_for(destiny, w) -> bool:
    """Whether fulfilling Wish `w` pays Destiny `destiny` (one that pays per Wish)."""
    params = params_of(destiny)
    kind = destiny.kind
    if kind == "per_type":
        return w.type in params["types"]
    if kind == "per_timing":
        return w.timing == params["timing"]
    if kind == "per_value":
        return params["min"] <= w.vp <= params["max"]
    return False
