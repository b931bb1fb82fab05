"""`State.view(seat)`: what one seat may see, as JSON-safe data.

`view(None)` (`State.public_view`) is what anyone at the table may see, a spectator: every seat's
public pieces and counts, no hand, no Destiny before the end, no decision's options.
"""

from __future__ import annotations

from wish_tui.core.excerpt import excerpt
from wish_tui.core.state import shared_parts

from . import decisions, explain, scoring, supply
from .catalog import COLOURS
from .serial import step_to_list


def _colour_dict(counts) -> dict[str, int]:
    return {COLOURS[c]: counts[c] for c in range(6)}


def _decision(st, seat: int | None) -> dict | None:
    if not st.pending:
        return None
    step = st.pending[0]
    kind, decider = step[0], step[1]
    info = {"kind": kind, "seat": decider, "djinn": st.djinns[decider]}
    if decider == seat:
        info["prompt"] = decisions.DECISION_PROMPTS.get(kind, "")
        info["options"] = [str(a) for a in st.legal_actions()]
        if kind == "palace_swap" and step[2] >= 0:
            info["their_hand"] = list(st.players[step[2]].hand)
            info["their_djinn"] = st.djinns[step[2]]
        if kind == "frost":
            info["wish"] = step[2]
        if kind in ("take", "remove", "give") and len(step) > 2 and step[2] >= 0:
            info["their_djinn"] = st.djinns[step[2]]  # whose Crystal, or who receives it
    return info


def _public_step(step: tuple, seat: int | None) -> list:
    # A Frostflake step names the Wish that left the Offer; only the Water Djinn is told it here.
    if step[0] == "frost" and step[1] != seat:
        return [step[0], step[1], "", *step[3:]]
    return step_to_list(step)


def _area(st, i: int, caravan_area: int) -> dict:
    """What anyone sees of Area `i`."""
    cat = st.catalog
    built = st.monuments[i]
    monument = cat.monument_by_area.get(i)
    return {
        "name": cat.areas[i].name,
        "meeples": _colour_dict(st.area_meeples[i * 6 : i * 6 + 6]),
        "badge": monument.name if monument and built is None else None,
        "monument": None
        if built is None
        else {"name": monument.name, "builder": built[0], "meeples": _colour_dict(built[1])},
        "wind_blast": i in st.wind,
        "fiery_clone": i in st.clones,
        "caravan": i == caravan_area,
        "djinns": [s for s, p in enumerate(st.players) if p.area == i],
    }


def _player(st, s: int, mine: bool, over: bool, parts: dict | None = None) -> dict:
    """What a seat sees of seat `s` (`mine`: its own, hand and Destiny included); `parts`: what
    the views of this position share (`core.state.shared_parts`), whose public entry of `s`
    this one starts from."""
    if parts is None:
        public = _public_player(st, s, over)
    else:
        public = parts.get(("player", s))
        if public is None:
            public = parts[("player", s)] = _public_player(st, s, over)
    if not mine:
        return public
    p = st.players[s]
    entry = dict(public)
    entry["destiny"] = p.destiny
    entry["hand"] = list(p.hand)
    entry["hand_status"] = explain.hand_status(st, s)
    entry["destiny_options"] = list(p.destiny_options)
    return entry


def _public_player(st, s: int, over: bool) -> dict:
    """What every seat sees of seat `s` (its Destiny once the game is over)."""
    p = st.players[s]
    entry = {
        "seat": s,
        "djinn": p.djinn,
        "area": st.catalog.areas[p.area].name,
        "crystals": _colour_dict(p.crystals),
        "nest": _colour_dict(p.nest),
        "hand_count": len(p.hand),
        "fulfilled": list(p.fulfilled),
        "meeples": _colour_dict(p.meeples),
        "badges": list(p.badges),
        "vp_tokens": p.vp_tokens,
        "potions": p.potions,
        "trickery": p.trickery,
        "markers": list(p.markers),
        "potion_used": p.potion_used,
        "trickery_used": p.trickery_used,
        "unlocked": p.unlocked,
        "visible_score": scoring.visible_score(st, s),
    }
    if over:
        entry["destiny"] = p.destiny
    return entry


def _common(st) -> dict:
    """The parts of a view that are the same for every seat: the Areas, the supply, the Caravan
    (made once a position for every seat's view while they are shared: `shared_parts`)."""
    cat = st.catalog
    caravan_area = cat.route[st.caravan_pos]
    card = cat.caravan_cards[st.caravan_card] if st.caravan_card >= 0 else None
    return {
        "areas": [_area(st, area.index, caravan_area) for area in cat.areas],
        "supply": {
            "crystals": _colour_dict(supply.crystal_supply(st)),
            "potions": supply.potions_left(st),
            "trickery": supply.trickery_left(st),
        },
        "caravan": {
            "area": cat.areas[caravan_area].name,
            "position": st.caravan_pos,
            "route": [cat.areas[a].name for a in cat.route],
            "card": None
            if card is None
            else {"number": card.number, "move": card.move, "trade": card.describe_trade()},
            "deck_count": len(st.caravan_deck),
            "index": st.caravan_card,
            "revealed": [i for i in range(len(cat.caravan_cards)) if i not in st.caravan_deck],
        },
    }


def view(st, seat: int | None) -> dict:
    """Return everything `seat` may see: no other hand, no deck order, no other secret Destiny.

    With `seat` None: what anyone at the table may see (no hand, no Destiny until the end).
    """
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(st.djinns)):
        raise ValueError(f"there is no seat {excerpt(seat)} in this game")
    cat = st.catalog
    over = st.phase == "over"
    parts = shared_parts(st)
    common = None if parts is None else parts.get("common")
    if common is None:
        common = _common(st)
        if parts is not None:
            parts["common"] = common
    players = [_player(st, s, s == seat, over, parts) for s in range(len(st.players))]
    result = {
        "game": "wish",
        "seat": seat,
        "djinns": list(st.djinns),
        "solo": st.solo,
        "phase": st.phase,
        "round": st.round,
        "final_round": st.final_round,
        "order": list(st.order),
        "current_player": st.current_player,
        "turn_seat": st.turn_seat,
        "turn_idx": st.turn_idx,
        "turn_done": st.turn_done,
        "pending": [_public_step(step, seat) for step in st.pending],
        "areas": common["areas"],
        "players": players,
        "offer": list(st.offer),
        "frostflakes": [c for c in st.offer if c in st.frost],
        "clones_discarded": st.clones_discarded,
        "supply": common["supply"],
        "deck_count": len(st.deck),
        "discard": list(st.discard),
        "caravan": common["caravan"],
        "decision": _decision(st, seat),
    }
    if st.solo:
        result["challenge"] = {
            "card": st.challenge_card,
            "deck_count": len(st.challenge_deck),
            "hatred": st.solo_hatred,
            "revealed": [c for c in cat.challenge if c not in st.challenge_deck],
        }
    if over:
        result["scores"] = scoring.final_scores(st)
    return result
