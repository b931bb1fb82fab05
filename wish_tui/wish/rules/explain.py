"""Why the rules refuse an action: one sentence that names the rule."""

from __future__ import annotations

from wish_tui.core.excerpt import excerpt

from . import decisions
from .catalog import COLOUR_INDEX, COLOURS, GEMS, LETTERS
from .people import nearest_with, needs_person
from .supply import crystal_supply, crystals_left
from .turn import SYMBOL_OF, places, potion_allows

_NAMES = {"air": "Air", "water": "Water", "fire": "Fire", "earth": "Earth"}
_SPECIAL_OWNER = {"icedibs": "water", "clone": "fire", "blast": "air", "harvest": "earth"}
"""The Djinn whose special action each special kind is."""


def djinn_name(st, seat: int) -> str:
    """The Djinn of a seat, capitalised."""
    return _NAMES[st.djinns[seat]]


def wrong_seat(st, seat: int) -> str:
    """Explain that `seat` may not act now."""
    if st.phase == "over":
        return "The game is over; no one acts any more."
    decider = st.current_player
    return f"It is {djinn_name(st, decider)}'s decision now, not {_seat_label(st, seat)}'s."


def _seat_label(st, seat: int) -> str:
    return djinn_name(st, seat) if 0 <= seat < len(st.djinns) else f"seat {excerpt(seat)}"


def why_illegal(st, action) -> str:
    """Explain why a refused action is not legal in `st`."""
    if st.phase == "over":
        return "The game is over; no one acts any more."
    if st.pending:
        step = st.pending[0]
        who = djinn_name(st, step[1])
        prompt = decisions.DECISION_PROMPTS.get(step[0], "finish the current decision")
        options = ", ".join(str(a) for a in st.legal_actions()[:8])
        return f"{excerpt(str(action))} does not answer the decision now. {who}: {prompt} (e.g. {options})."
    seat = st.order[st.turn_idx]
    p = st.players[seat]
    reason = _turn_reason(st, seat, p, action)
    return reason or f"{excerpt(str(action))} is not legal now."


def _turn_reason(st, seat, p, action) -> str:
    kind = action.kind
    if kind in ("trade", "end"):
        return _trade_reason(st, p, action) if kind == "trade" else ""
    symbol = SYMBOL_OF.get(kind)
    if symbol is None:
        examples = ", ".join(sorted({str(a).split(" ")[0] for a in st.legal_actions()}))
        return f"{excerpt(kind)} is not an action you can take on your turn now; try {examples}."
    reason = _special_reason(st.catalog, p, kind)
    if reason:
        return reason
    if action.col == 0:
        return _columnless_reason(st, seat, p, action, symbol)
    return (
        _column_reason(st.catalog, p, action, symbol)
        or _where_reason(st, p, action)
        or _place_reason(st, p, action)
    )


def _trade_reason(st, p, action) -> str:
    ratio = 2 if p.djinn == "air" else 3
    if action.arg not in COLOUR_INDEX:
        return f"{excerpt(action.arg)} is not a crystal colour."
    if not crystals_left(st, COLOUR_INDEX[action.arg]):
        return f"No {GEMS[COLOUR_INDEX[action.arg]]} is left in the supply (12 in the box)."
    return f"A trade needs {ratio} Crystals of colours other than {action.arg}."


def _special_reason(cat, p, kind: str) -> str:
    """Refuse another Djinn's special action."""
    owner = _SPECIAL_OWNER.get(kind)
    if not owner or owner == p.djinn:
        return ""
    mine = cat.djinns[p.djinn].special
    return (
        f"'{kind}' is the {cat.djinns[owner].name}'s special action ({cat.djinns[owner].special});"
        f" yours is {mine}."
    )


def _columnless_reason(st, seat, p, action, symbol: str) -> str:
    """Explain an action named without its column by the rule that refuses it on the column it
    could go on, so that 'travel Cataracts' hears about adjacency, not about columns."""
    if action.kind == "fulfill" and action.arg in p.hand and not _qualified(action):
        # "fulfill X" as the hand shows it: the same one reason, or the key that can do it.
        reason = _hand_fulfil_reason(st, seat, action)
        if reason:
            return reason
    columns = st.catalog.djinns[p.djinn].columns
    candidates = [i + 1 for i, symbols in enumerate(columns) if symbol in symbols]
    if not candidates:
        return f"None of your action columns has a {symbol.capitalize()} symbol."
    free = [c for c in candidates if _column_free(p, c, symbol, action.potion)]
    placed = action._replace(col=(free or candidates)[0])
    reason = _turn_reason(st, seat, p, placed)
    if reason or placed not in st.legal_actions():
        return reason
    return f"Say which action column to use (e.g. '{placed}')."


def _hand_fulfil_reason(st, seat, action) -> str:
    status = fulfil_status(st, seat, action.arg)
    if not status["now"]:
        return status["why"]
    if status["now"] == "f":
        return ""
    example = next(a for a in st.legal_actions() if a.kind == "fulfill" and a.arg == action.arg)
    how = FULFIL_KEYS[status["now"]]
    return f"{action.arg} can be fulfilled only{how} ({status['now']}), e.g. '{example}'."


def _column_reason(cat, p, action, symbol: str) -> str:
    """Refuse a column that is out of range, locked, without the symbol, or taken."""
    columns = cat.djinns[p.djinn].columns
    col = action.col
    if not 1 <= col <= len(columns):
        return f"Say which action column to use, 1 to {len(columns)} (e.g. '{action} #1')."
    if col == 2 and not p.unlocked:
        return "Column 2 is locked until you fulfill your third Wish."
    if symbol not in columns[col - 1]:
        return f"Column {col} has no {symbol.capitalize()} symbol."
    if action.potion:
        return _potion_reason(p, col, symbol)
    if p.markers_placed >= 3:
        return "All three action markers are placed this turn; end the turn or use a Potion."
    if p.markers[col - 1]:
        return f"Column {col} already has an action marker; never two on one column."
    return ""


def _potion_reason(p, col: int, symbol: str) -> str:
    if p.potions == 0:
        return NO_POTION
    if p.potion_used:
        return POTION_USED
    if p.markers_placed < 3:
        return POTION_TOO_EARLY
    if not potion_allows(p, col - 1, symbol):
        return _potion_refusal(p, symbol, col)
    return ""


def _where_reason(st, p, action) -> str:
    """Refuse a Travel to an Area that does not border, or acting from a clone that is not there."""
    cat = st.catalog
    if action.kind == "travel":
        target = cat.area_index.get(action.arg)
        if target is None:
            return f"'{action.arg}' is not an Area."
        if target not in cat.areas[p.area].neighbours:
            here = cat.areas[p.area].name
            return f"{action.arg} does not border {here}; Travel moves to an adjacent Area."
    if action.at and (p.djinn != "fire" or cat.area_index.get(action.at) not in st.clones):
        return f"There is no Fiery Clone of yours in {action.at} to act from."
    return ""


def _place_reason(st, p, action) -> str:
    """Explain what the Area acted in does not allow."""
    cat = st.catalog
    kind = action.kind
    place = cat.area_index[action.at] if action.at else p.area
    if kind == "fulfill":
        return _fulfill_reason(st, p, action, place)
    if kind == "build":
        return _build_reason(st, action, place)
    if kind == "caravan":
        if cat.route[st.caravan_pos] != place:
            return "Trade with the Caravan only in its Area (or through the Oasis)."
        return "You cannot pay what the Caravan asks this round."
    if kind == "empower" and not any(crystal_supply(st)[c] for c in cat.areas[place].crystals):
        names = " or ".join(GEMS[c] for c in cat.areas[place].crystals)
        return f"No {names} is left in the supply to Empower with (12 of each in the box)."
    if kind == "manifest":
        area = cat.areas[place]
        why = MANIFEST_EMPTY.get(area.ability, "not now")
        return f"The Manifest ability of {area.name} cannot be used: {why}."
    if kind == "clone" and not action.arg2 and len(st.clones) + st.clones_discarded >= 2:
        if st.clones:
            return "No Fiery Clone token is left to place; move one (e.g. 'clone AREA from AREA')."
        return "Both Fiery Clone tokens are used up (Example 8: a used clone is discarded)."
    return ""


def _build_reason(st, action, place: int) -> str:
    cat = st.catalog
    monument = cat.monument_by_name.get(action.arg)
    if monument is None:
        return f"'{action.arg}' is not a Monument."
    if monument.area != place:
        return f"The {monument.name} is built in {cat.areas[monument.area].name}."
    if st.monuments[place] is not None:
        return f"The {monument.name} is already built."
    return f"The {monument.name} needs Wishing Persons you have not collected."


def _qualified(action) -> bool:
    """True when a Fulfill names more than the Wish: a Trickery colour, a Potion, a place."""
    return bool(action.trick or action.potion or action.at or action.source)


def _column_free(p, col: int, symbol: str, potion: bool) -> bool:
    """True when the column is open to this action: unlocked, and not taken for it this turn."""
    if col == 2 and not p.unlocked:
        return False
    return potion_allows(p, col - 1, symbol) if potion else not p.markers[col - 1]


def _fulfill_reason(st, p, action, place) -> str:
    cat = st.catalog
    wish = cat.wishes.get(action.arg)
    if wish is None:
        return f"'{action.arg}' is not a Wish card."
    if action.arg not in p.hand:
        return f"{action.arg} is not in your hand."
    short = _cost_reason(p, wish)
    if short:
        return short
    if action.trick:
        if p.trickery == 0:
            return NO_TRICKERY
        if p.trickery_used:
            return TRICKERY_USED
    colour = COLOUR_INDEX.get(action.trick) if action.trick else wish.colour
    if colour is None:
        return f"'{action.trick}' is not a colour."
    area = cat.areas[place].name
    if action.source == "monument":
        built = st.monuments[place]
        if built is None or not built[1][colour]:
            return f"No Monument in {area} holds a {_colour(colour)} Wishing Person."
    elif not st.area_meeples[place * 6 + colour]:
        if action.trick:
            return f"There is no {_colour(colour)} Wishing Person in {area} to recolour."
        return needs_person(st, p, wish, [place]) + "."
    return ""


def _crystals(count: int, gem: str) -> str:
    """'1 Ruby', '2 Rubies', '3 Citrines'."""
    if count == 1:
        return f"1 {gem}"
    return f"{count} {gem[:-1] + 'ies' if gem.endswith('y') else gem + 's'}"


def _cost_reason(p, wish) -> str:
    """Why `wish` cannot be paid for ('' when it can)."""
    missing = [
        _crystals(wish.cost[c] - p.crystals[c], GEMS[c])
        for c in range(6)
        if p.crystals[c] < wish.cost[c]
    ]
    if missing:
        return f"You still need {', '.join(missing)} to afford {wish.name}."
    return ""


def _missing_letters(p, wish) -> str:
    return "".join(
        f"{LETTERS[c]}{wish.cost[c] - p.crystals[c]}"
        for c in range(6)
        if p.crystals[c] < wish.cost[c]
    )


# -- the hand: can each Wish be fulfilled now, and by which key? ----------------------------------
FULFIL_KEYS = {"f": "", "k": " with a Trickery token", "p": " with a Potion"}
"""How a Wish can be fulfilled now: 'f' with an action marker, 'k' only with a Trickery token,
'p' only with a Potion (the keys that offer those actions); '' when it cannot."""


def hand_status(st, seat: int) -> dict[str, dict[str, str]]:
    """For each Wish in `seat`'s hand: whether it can be fulfilled now and how, or why not.

    Returns:
        ``{wish: {"now": "f" | "k" | "p" | "", "why": sentence, "short": a few letters}}``.
        "why" names everything that stands between the seat and fulfilling the Wish, not just
        the first thing: on the seat's own move the turn (markers, columns, the Potion), every
        missing crystal and the Wishing Person not there (the sentence the rules give when
        ``fulfill WISH`` is refused); at other times every missing crystal, and the Wishing
        Person not where the Djinn stands, or that it waits for the seat's turn. "short" says
        the same in a few letters, e.g. ``need Y1R2, no b here``.
    """
    if _moves_now(st, seat):
        return _moving_statuses(st, seat)
    if st.phase == "over":
        return {card: fulfil_status(st, seat, card) for card in st.players[seat].hand}
    where = _waiting_where(st, seat)
    return {card: dict(_waiting_status(st, seat, card, where)) for card in st.players[seat].hand}


WAITING_KEPT = 2048
"""Statuses of Wishes in the hand of a seat not taking its turn that are kept (`_waiting_status`)."""
_WAITING: dict[tuple, tuple[object, dict[str, str]]] = {}
"""Per (what such a status reads of the position, the Wish): the catalog (held, so its id stays
its own) and the status."""


def _waiting_where(st, seat: int) -> tuple:
    """Everything the status of a Wish in the hand of `seat`, not taking its turn, reads of the
    position: the phase and whose turn it is, the seat's crystals, Trickery tokens, Area and
    Djinn, Fire's clones, and the Wishing Persons on the map and the Monuments."""
    p = st.players[seat]
    return (
        id(st.catalog),
        st.phase,
        st.order[st.turn_idx] == seat if st.phase == "play" else False,
        tuple(p.crystals),
        p.trickery > 0,
        p.area,
        p.djinn,
        tuple(st.clones),
        tuple(st.area_meeples),
        tuple(None if m is None else (m[0], tuple(m[1])) for m in st.monuments),
    )


def _waiting_status(st, seat: int, card: str, where: tuple) -> dict[str, str]:
    """`fulfil_status` of a seat not taking its turn: the same sentences come back position after
    position while the other seats act (each view of the seat makes them), so they are kept for
    what they read of the position (`_waiting_where`; up to WAITING_KEPT)."""
    key = (where, card)
    kept = _WAITING.get(key)
    if kept is None:
        if len(_WAITING) >= WAITING_KEPT:
            _WAITING.clear()
        kept = _WAITING[key] = (st.catalog, fulfil_status(st, seat, card))
    return kept[1]


def fulfil_status(st, seat: int, card: str) -> dict[str, str]:
    """Whether `seat` can fulfill `card` from its hand now, and how; see `hand_status`."""
    p = st.players[seat]
    wish = st.catalog.wishes[card]
    if st.phase == "over":
        return _status("", "The game is over; no one acts any more.", "over")
    if _moves_now(st, seat):
        ways = [a for a in st.legal_actions() if a.kind == "fulfill" and a.arg == card]
        return _moving_status(st, p, wish, ways, lambda: _turn_obstacle_of(st, p))
    obstacles = _price_and_person(st, p, wish, on_move=False)
    if obstacles:
        return _status("", *_joined(obstacles))
    if st.phase == "play" and st.order[st.turn_idx] == seat:
        return _status("", "You can pay for it; fulfill it once this decision is made.", "paid")
    return _status("", "You can pay for it; fulfill it on your turn.", "paid; wait")


def _moving_statuses(st, seat: int) -> dict[str, dict[str, str]]:
    """`fulfil_status` of every Wish in the hand of `seat`, taking its turn, with what they all
    read alike worked out once a hand, not once a Wish: the legal Fulfills by Wish, and what
    keeps this turn from any Fulfill (the markers, the columns, the Potion)."""
    p = st.players[seat]
    ways: dict[str, list] = {}
    for action in st.legal_actions():
        if action.kind == "fulfill":
            ways.setdefault(action.arg, []).append(action)
    turn: list = []

    def turn_obstacle() -> tuple[str, str] | None:
        if not turn:
            turn.append(_turn_obstacle_of(st, p))
        return turn[0]

    wishes = st.catalog.wishes
    return {
        card: _moving_status(st, p, wishes[card], ways.get(card, ()), turn_obstacle)
        for card in p.hand
    }


def _moving_status(st, p, wish, ways, turn_obstacle) -> dict[str, str]:
    """`fulfil_status` of `wish` for the seat taking its turn, `ways` the legal Fulfills of it
    and `turn_obstacle()` what keeps the turn from any Fulfill."""
    for key, test in (
        ("f", lambda a: not a.trick and not a.potion),
        ("k", lambda a: not a.potion),
        ("p", lambda a: True),
    ):
        if any(test(a) for a in ways):
            return _status(key, f"You can fulfill it now{FULFIL_KEYS[key]} ({key}).")
    why, short = _fulfil_refusal(st, p, wish, turn_obstacle())
    return _status("", why, short)


def _turn_obstacle_of(st, p) -> tuple[str, str] | None:
    """`_turn_obstacle` of `p` with its Djinn's columns."""
    return _turn_obstacle(p, st.catalog.djinns[p.djinn].columns)


def _status(now: str, why: str, short: str = "") -> dict[str, str]:
    return {"now": now, "why": why, "short": short or f"now: {now}"}


def _moves_now(st, seat: int) -> bool:
    """True when `seat` is taking its turn with no decision pending (turn actions are legal)."""
    return st.phase == "play" and not st.pending and st.order[st.turn_idx] == seat


def _joined(obstacles: list[tuple[str, str]]) -> tuple[str, str]:
    """Several obstacles (sentence without its full stop, letters) as one sentence and one line."""
    clauses = [text for text, _ in obstacles]
    if len(clauses) > 1:
        clauses[1:] = [_lower_first(c) for c in clauses[1:]]
        clauses[-1] = "and " + clauses[-1]
    return "; ".join(clauses) + ".", ", ".join(short for _, short in obstacles)


SENTENCE_STARTS = frozenset(("You", "There", "No", "All", "A", "The", "Only", "It"))
"""First words of the rules' sentences, lower-cased when one follows another (a Wish's name,
which may begin a sentence too, keeps its capital)."""


def _lower_first(clause: str) -> str:
    first, _, rest = clause.partition(" ")
    return f"{first.lower()} {rest}" if first in SENTENCE_STARTS else clause


def _fulfil_refusal(st, p, wish, turn: tuple[str, str] | None) -> tuple[str, str]:
    """Everything that keeps the seat to move from fulfilling `wish` now, in one sentence and in
    a few letters: the turn first (`turn`: markers, columns, the Potion), then the price, then
    the Wishing Person."""
    obstacles = []
    if turn:
        obstacles.append(turn)
    obstacles += _price_and_person(st, p, wish, on_move=True)
    if not obstacles:  # every check passes, yet no Fulfill is legal: name the person
        obstacles.append(_person_reason(st, p, wish, on_move=True))
    return _joined(obstacles)


def _turn_obstacle(p, columns) -> tuple[str, str] | None:
    """Why no action of this turn can be a Fulfill (None when one can)."""
    if p.markers_placed >= 3:
        if not p.potions:
            return "All three action markers are placed this turn and you have no Potion", (
                "no marker"
            )
        if p.potion_used:
            return "All three action markers and this turn's Potion are used", "no marker"
        if not any(_potion_fits(p, i, col, "fulfill") for i, col in enumerate(columns)):
            return _potion_refusal(p, "fulfill").rstrip("."), "no marker"
    elif not any(
        _column_free(p, i + 1, "fulfill", False)
        for i, col in enumerate(columns)
        if "fulfill" in col
    ):
        return "No free action column has a Fulfill symbol this turn", "no column"
    return None


def _price_and_person(st, p, wish, on_move: bool) -> list[tuple[str, str]]:
    """The crystals still missing for `wish` and the Wishing Person not where the Djinn may act."""
    obstacles = []
    cost = _cost_reason(p, wish).rstrip(".")
    person = (
        None if _person_in_reach(st, p, wish, on_move) else _person_reason(st, p, wish, on_move)
    )
    lead = f"{wish.name} needs a "
    if cost and person and person[0].startswith(lead):
        # The Wish named once: 'You still need 1 Emerald to afford Cure Me, and a green Wishing
        # Person in your Area; Forest has green: go there'.
        text = f"{cost}, and a {person[0][len(lead) :]}"
        return [(text, f"need {_missing_letters(p, wish)}, {person[1]}")]
    if cost:
        obstacles.append((cost, "need " + _missing_letters(p, wish)))
    if person:
        obstacles.append(person)
    return obstacles


def fulfil_gap(st, seat: int, card: str) -> tuple[str, str]:
    """What the seat to move still lacks to fulfill `card`: the crystals in letters ('Y2W1', ''
    when paid for) and the Wishing Person in the map's letter ('p in Ruins', '' when one is
    there)."""
    p = st.players[seat]
    wish = st.catalog.wishes[card]
    if _person_in_reach(st, p, wish, on_move=True):
        return _missing_letters(p, wish), ""
    where = tuple(place for place, _ in places(st, p))
    nearest = nearest_with(st, wish.colour, p.area, where)
    there = f"in {st.catalog.areas[nearest[0]].name}" if nearest else "(none on the map)"
    return _missing_letters(p, wish), f"{LETTERS[wish.colour].lower()} {there}"


def _person_in_reach(st, p, wish, on_move: bool) -> bool:
    """True when a Wishing Person where the Djinn may act lets it fulfill `wish` (its colour, on
    the Area or on a Monument there, or any colour for a Trickery token the seat can still use)."""
    can_trick = p.trickery > 0 and not (on_move and p.trickery_used)
    for place, _ in places(st, p):
        here = st.area_meeples[place * 6 : place * 6 + 6]
        built = st.monuments[place]
        people = [a + b for a, b in zip(here, built[1], strict=True)] if built else here
        if people[wish.colour] or (can_trick and any(people)):
            return True
    return False


def _potion_fits(p, ci: int, symbols, symbol: str) -> bool:
    return symbol in symbols and potion_allows(p, ci, symbol)


def _potion_refusal(p, symbol: str, col: int = 0) -> str:
    """Why a Potion cannot take `symbol`'s action: an action marker performed it this turn."""
    marked = [i + 1 for i, m in enumerate(p.markers) if m == symbol]
    where = col if col in marked else marked[0]
    return (
        f"A Potion cannot repeat the {symbol.capitalize()} an action marker performed this turn"
        f" (column {where})."
    )


def _person_reason(st, p, wish, on_move: bool) -> tuple[str, str]:
    """Why no Wishing Person where the seat may act lets it fulfill `wish` (no full stop)."""
    names = [st.catalog.areas[place].name for place, _ in places(st, p)]
    where = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    if p.trickery and not (on_move and p.trickery_used):
        return (
            f"There is no Wishing Person in {where} for a Trickery token to recolour",
            "no one here",
        )
    note = " (this turn's Trickery token is used)" if p.trickery else ""
    return (
        needs_person(st, p, wish, [place for place, _ in places(st, p)]) + note,
        f"no {LETTERS[wish.colour].lower()} here",
    )


def _colour(index: int) -> str:
    return COLOURS[index]


NO_POTION = "You have no Potion token: the Manifest of Mountain Caves gains one."
POTION_USED = (
    "Only one Potion token can be used each turn: end the turn, and use another next turn."
)
POTION_TOO_EARLY = (
    "A Potion gives a fourth action once all three action markers are placed: take those first."
)
NO_TRICKERY = "You have no Trickery token: the Manifest of the Dock gains one."
TRICKERY_USED = (
    "Only one Trickery token can be used each turn: fulfill with a Wishing Person of the "
    "Wish's colour, or wait for your next turn."
)
"""Why a Potion or a Trickery token cannot be used, and what to do (Potion tokens, Trickery
tokens; Manifest Abilities 9 and 12)."""


MANIFEST_EMPTY = {
    "dark_temple": "the discard pile is empty",
    "forest": "the supply has no Crystal left",
    "cataracts": "the supply has no Crystal left",
    "mountain_caves": "no Potion token is left",
    "dock": "no Trickery token is left",
    "palace_gardens": "the deck and the discard pile are empty",
    "palace": "no one has a Wish to swap",
    "oasis": "you cannot pay what the Caravan asks this round",
    "trade_market": "you have no Crystal to spend",
}
"""Why each Area's Manifest ability cannot be used, when it cannot."""
