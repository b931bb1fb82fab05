"""`State.view(seat)`: what one seat may see, as JSON-safe data.

Cards in the Marketplace, in the play areas and in the seat's hand come with what they show
(`card_info`); the face-up Discard Piles list card ids only (look them up with
`rules.card_info`).

Hidden from a seat: the order of every Deck (only counts show), the seed and the generator, the
other seats' Entrepreneur options and discards, and their kept Entrepreneur until the reveal.
`view(None)` (`State.public_view`) is what anyone at the table may see, a spectator: every seat's
public pieces and counts, no hand, no Entrepreneur before the reveal, no decision's options.
"""

from __future__ import annotations

from wish_tui.core.state import shared_parts

from . import decisions, economy, effects, scoring
from .catalog import CATEGORY_SYMBOLS, COLOURS, KIND_NAMES, KINDS, RESOURCES
from .economy import ADVERTISEMENT
from .serial import step_to_list
from .tables import CARDS, CAT

_REWARD_WORDS = {
    "vp": ("{} VP", "{} VP"),
    "credits": ("{} Credit", "{} Credits"),
    "tickets": ("{} Ticket Office Card", "{} Ticket Office Cards"),
    "choice": ("your choice of 1 Happiness, 1 Visitor or 1 Worker",) * 2,
    "symbols": (
        "{} unique Entertainment Symbol in Final Scoring",
        "{} unique Entertainment Symbols in Final Scoring",
    ),
}
_TURN_PROMPTS = {
    "start": "Your turn: place Workers to buy a card or use the Advertisement Space, or collect "
    "your Workers.",
    "more": "Draw another card, play a card from your hand, or use the Advertisement Space.",
    "after": "Your action is done: claim an Achievement or take another free action, or end "
    "your turn.",
}
_ONLY_END = "Your action is done and nothing free is left: end your turn."
_SOLO_START = "Your turn: draw from the Marketplace Deck (a Worker each), or collect your Workers."


def describe_reward(table: dict) -> str:
    """A reward table in words."""
    if not table:
        return "no reward"
    parts = []
    for key, amount in table.items():
        parts.append(_REWARD_WORDS[key][amount != 1].format(amount))
    return ", ".join(parts)


def card_info(card: int, p=None) -> dict:
    """What a card shows; with a seat's pieces `p`, also what it would cost that seat."""
    c = CARDS[card]
    info = {
        "id": c.id,
        "name": c.name,
        "kind": KINDS[c.kind],
        "colour": COLOURS[c.kind],
        "cost": c.cost,
        "category": CATEGORY_SYMBOLS[c.category],
        "entertainment": CAT.entertainment[c.entertainment] if c.entertainment >= 0 else None,
        "reward": c.text,
    }
    if p is not None:
        info["price"] = economy.price(p, card)
        info["may_hold"] = economy.can_hold(p, card)
    return info


def _stacks(st, space: int) -> list[dict]:
    return [{"seat": seat, "colour": st.seats[seat], "workers": n} for seat, n in st.stacks[space]]


def _entrepreneur(number: int) -> dict | None:
    if not number:
        return None
    e = CAT.entrepreneurs[number - 1]
    return {"id": e.id, "number": e.number, "text": e.text}


def _shared_player(st, seat: int, viewer: int | None) -> dict:
    """`_player`; once the Entrepreneurs are revealed what every seat sees of `seat` is the
    same, and while a table's master shares its views' parts (`core.state.shared_parts`) it is
    made once a position, the seat's own entry adding its hand to it."""
    parts = shared_parts(st) if st.phase != "setup" else None
    if parts is None:
        return _player(st, seat, viewer)
    public = parts.get(("player", seat))
    if public is None:
        public = parts[("player", seat)] = _player(st, seat, None)
    if seat != viewer:
        return public
    return {**public, **_own(st.players[seat])}


def _own(p) -> dict:
    """What only a seat's own entry shows: its hand and its Entrepreneurs to choose from."""
    return {
        "hand": [card_info(c, p) for c in p.hand],
        "entrepreneur_options": [_entrepreneur(e) for e in p.ent_options],
        "entrepreneur_discarded": _entrepreneur(p.ent_discard),
    }


def _player(st, seat: int, viewer: int | None) -> dict:
    p = st.players[seat]
    chosen = bool(p.ent)
    mine = seat == viewer
    revealed = st.phase != "setup"
    if not (mine or revealed) and p.ent:
        # Nothing derived from a hidden Entrepreneur may show before the reveal.
        p = p.copy()
        p.ent = 0
    park: dict[str, list] = {kind: [] for kind in KINDS}
    for card in p.park:
        park[KINDS[CARDS[card].kind]].append(card_info(card))
    symbols = {name: 0 for name in CATEGORY_SYMBOLS}
    for card in p.park:
        symbols[CATEGORY_SYMBOLS[CARDS[card].category]] += 1
    limit_free = [KINDS[k] for k in range(1, len(KINDS)) if economy.ignores_limit(p, k)]
    entry = {
        "seat": seat,
        "colour": st.seats[seat],
        "credits": p.credits,
        "vp": p.vp,
        "happiness": p.happiness,
        "visitors": p.visitors,
        "workers": {
            "hand": p.workers,
            "reserve": p.reserve,
            "on_board": effects.on_board(st, seat),
        },
        "unlocked": economy.unlocked(p),
        "park": park,
        "tickets": p.tickets,
        "counts": dict(zip(COLOURS, p.counts, strict=True)),
        "card_limit": economy.card_limit(p),
        "ignores_card_limit": limit_free,
        "category_symbols": symbols,
        "entertainment_symbols": [
            CAT.entertainment[CARDS[c].entertainment] for c in p.park if CARDS[c].kind == 2
        ],
        "income": economy.income(p),
        "hand_count": len(p.hand),
        "turn_order_space": st.track.index(seat) + 1 if seat in st.track else None,
        "entrepreneur": _entrepreneur(p.ent) if (mine or revealed) else None,
        "entrepreneur_chosen": chosen,
        "tile": None
        if not p.tile
        else {
            "id": p.tile,
            "text": CAT.achievements[p.tile].text,
            "claimed": p.tile_claimed,
        },
        "provisional_score": sum(scoring.score_steps(p).values()),
    }
    if mine:
        entry.update(_own(p))
    return entry


def _decision(st, seat: int | None) -> dict | None:
    decider = st.current_player
    if decider is None:
        return None
    if st.pending:
        step = st.pending[0]
        kind, text = step[0], decisions.prompt(step)
    elif st.phase == "order":
        kind, text = "order", "Place your Player Token on a free Turn Order space."
    else:
        kind = "turn"
        text = _SOLO_START if st.solo and st.stage == "start" else _TURN_PROMPTS[st.stage]
        if st.stage == "after" and len(st.legal_actions()) == 1:
            text = _ONLY_END
    info = {"kind": kind, "seat": decider, "colour": st.seats[decider]}
    if decider == seat:
        info["prompt"] = text
        info["options"] = [str(a) for a in st.legal_actions()]
        if kind == "extra":
            step = st.pending[0]
            info["card"] = card_info(step[2])
            info["cost"] = step[4]
        if kind in ("boost", "play"):
            info["card"] = card_info(st.pending[0][2])
    return info


def view(st, seat: int | None) -> dict:
    """Return everything `seat` may see: no hidden Entrepreneur, no deck order, no seed.

    With `seat` None: what anyone at the table may see (cards without this seat's ``price`` and
    ``may_hold``, no hand).

    Keys: ``game`` ("wishland"), ``seat``, ``seats`` (colours), ``solo``, ``options``
    (entrepreneurs, achievement_tiles), ``phase`` (setup, order, income, turns, final, over),
    ``round``/``rounds``, ``turn``/``turns``, ``stage`` (start, more, after), ``first_player``,
    ``current_player`` (who decides), ``turn_seat`` (whose turn), ``order`` (Player Turn Order),
    ``turn_order_track`` (space, seat, reward), ``marketplace`` (per row: row, name, colour,
    ``cards`` with price and may_hold for this seat, ``deck_count``, ``discard`` ids, ``stacks``,
    ``workers_needed``), ``advertisement`` (stacks, workers_needed, reward), ``tickets_left``,
    ``achievements`` (space, id, tile, text, claimed_by), ``players`` (see `_player`: tracks,
    Credits, VP, Workers at hand / in reserve / on the board, ``unlocked``, ``park`` by kind,
    ``tickets``, ``counts`` by colour, ``card_limit`` and ``ignores_card_limit``,
    ``category_symbols``, ``entertainment_symbols``, ``income``, ``hand_count``,
    ``turn_order_space``, ``entrepreneur`` (own, or anyone's after the reveal),
    ``entrepreneur_chosen``, ``tile`` (Entrepreneur #3), ``provisional_score``; for this seat
    also ``hand``, ``entrepreneur_options`` and ``entrepreneur_discarded``), ``mascot_bonuses``,
    ``entertainment_bonus``, ``resources``, ``paid_collect_used``, ``advertised``, ``pending``
    (the queued steps, as in `to_dict`), ``decision`` (kind, seat, colour; for the deciding seat
    also ``prompt``, ``options`` in notation, and the card a payment or offer is about) and,
    once the game is over, ``scores`` (`final_scores`).

    Raises:
        ValueError: `seat` is not a seat of this game.
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(st.seats)):
        raise ValueError(f"there is no seat {seat!r} in this game"[:60])
    me = None if seat is None else st.players[seat]
    cols = CAT.columns
    rows = []
    for row, kind in enumerate(KINDS):
        cards = st.market[row * cols : (row + 1) * cols]
        rows.append(
            {
                "row": kind,
                "name": KIND_NAMES[row],
                "colour": COLOURS[row],
                "cards": [card_info(c, me) if c >= 0 else None for c in cards],
                "deck_count": len(st.decks[row]),
                "discard": [CARDS[c].id for c in st.discards[row]],
                "stacks": _stacks(st, row),
                "workers_needed": 1 if st.solo else economy.workers_needed(st.stacks[row]),
            }
        )
    achievements = []
    for i, aid in enumerate(st.ach):
        owner = st.claimed[i]
        achievements.append(
            {
                "space": i + 1,
                "id": aid,
                "tile": aid in CAT.tiles,
                "text": CAT.achievements[aid].text,
                "claimed_by": owner if owner >= 0 else None,
            }
        )
    result = {
        "game": "wishland",
        "seat": seat,
        "seats": list(st.seats),
        "solo": st.solo,
        "options": {"entrepreneurs": st.ent_opt, "achievement_tiles": st.tiles_opt},
        "phase": st.phase,
        "round": st.round,
        "rounds": CAT.rounds,
        "turn": st.turn,
        "turns": CAT.turns,
        "stage": st.stage,
        "first_player": st.first,
        "current_player": st.current_player,
        "turn_seat": st.turn_seat,
        "order": list(st.order),
        "turn_order_track": [
            {
                "space": k + 1,
                "seat": st.track[k] if st.track[k] >= 0 else None,
                "reward": describe_reward(CAT.turn_order[k]),
            }
            for k in range(5)
        ],
        "marketplace": rows,
        "advertisement": {
            "stacks": _stacks(st, ADVERTISEMENT),
            "workers_needed": economy.workers_needed(st.stacks[ADVERTISEMENT]),
            "reward": "1 Credit, and " + describe_reward({"choice": 1}),
        },
        "tickets_left": st.tickets,
        "achievements": achievements,
        "players": [_shared_player(st, s, seat) for s in range(len(st.seats))],
        "mascot_bonuses": [describe_reward(r) for r in CAT.mascot_bonus],
        "entertainment_bonus": list(CAT.entertainment_bonus),
        "resources": list(RESOURCES),
        "paid_collect_used": st.paid,
        "advertised": st.adv,
        "pending": [step_to_list(step) for step in st.pending],
        "decision": _decision(st, seat),
    }
    if st.phase == "over":
        result["scores"] = scoring.final_scores(st)
    return result
