"""The acting seat's own turn: action markers, the Potion, free trades and ending the turn."""

from __future__ import annotations

from . import effects
from .actions import Action
from .catalog import COLOUR_INDEX, COLOURS
from .supply import crystal_supply, gain_crystals

END = Action("end")
SYMBOL_OF = {
    "travel": "travel",
    "empower": "empower",
    "manifest": "manifest",
    "caravan": "manifest",
    "fulfill": "fulfill",
    "build": "fulfill",
    "icedibs": "special",
    "clone": "special",
    "blast": "special",
    "harvest": "special",
}
"""The action symbol each kind of marker action uses."""
TOKEN_SUPPLY = {"water": 3, "fire": 2, "air": 5}
CLONE_SYMBOLS = frozenset(("empower", "manifest", "fulfill"))
"""The actions that use up a Fiery Clone standing where they are taken."""
"""Frostflake, Fiery Clone and Wind Blast tokens each Djinn owns (setup steps 9-11)."""


def trade_ratio(djinn: str) -> int:
    """Crystals given per crystal gained in a free trade (Air's Sky's Blessing: 2)."""
    return 2 if djinn == "air" else 3


def potion_allows(p, ci: int, symbol: str) -> bool:
    """True when a Potion may take `symbol` on column index `ci` this turn, all three markers placed.

    Manifest Abilities, Potion tokens: "on an action column that has already been activated but
    not an action that was performed by an action marker": any unlocked column, but never an
    action (Travel, Empower, Manifest, Fulfill, Special) an action marker performed this turn
    (docs/rules-decisions.md, Potion).
    """
    return (ci != 1 or p.unlocked) and symbol not in p.markers


def places(st, p) -> tuple[tuple[int, str], ...]:
    """Where the Djinn may Empower, Manifest or Fulfill from: its Area ('' for `Action.at`), and
    the Areas of Fire's clones elsewhere (by name)."""
    home = _HOME[p.area]
    if p.djinn != "fire" or not st.clones:
        return home
    areas = st.catalog.areas
    return home + tuple((a, areas[a].name) for a in st.clones if a != p.area)


_HOME = tuple(((area, ""),) for area in range(12))


def turn_actions(st) -> list[Action]:
    """Every legal action of the seat whose turn it is, when nothing else is pending."""
    seat = st.order[st.turn_idx]
    p = st.players[seat]
    acts: list[Action] = []
    supply = st._supply or crystal_supply(st)  # the kept count, else counted now
    if p.markers.count("") > 1:  # fewer than three markers placed
        potion = False
    elif p.potions and not p.potion_used:
        potion = True
    else:
        potion = None
    if potion is not None:
        moves = _moves(st.catalog)
        if p.djinn == "fire" and st.clones:  # it may also act from its clones' Areas
            _slot_actions(st, seat, p, moves, moves.open_slots(p, potion), potion, acts, supply)
        else:
            _home_actions(st, seat, p, moves, moves.plan(p, potion), potion, acts, supply)
    _trade_actions(p, supply, acts)
    acts.append(END)
    return acts


def _trade_actions(p, supply, acts: list[Action]) -> None:
    """Add the free trades a seat may make: of colour c when the supply holds one and the
    other colours pay for it."""
    # Unrolled over the six colours: this runs on every turn state.
    c0, c1, c2, c3, c4, c5 = p.crystals
    most = c0 + c1 + c2 + c3 + c4 + c5 - (2 if p.djinn == "air" else 3)
    if most >= 0:
        s0, s1, s2, s3, s4, s5 = supply
        if s0 and c0 <= most:
            acts.append(_TRADES[0])
        if s1 and c1 <= most:
            acts.append(_TRADES[1])
        if s2 and c2 <= most:
            acts.append(_TRADES[2])
        if s3 and c3 <= most:
            acts.append(_TRADES[3])
        if s4 and c4 <= most:
            acts.append(_TRADES[4])
        if s5 and c5 <= most:
            acts.append(_TRADES[5])


_TRADES = tuple(Action("trade", colour) for colour in COLOURS)
_MEMO: dict[tuple, Action] = {}


def _action(kind: str, arg: str, col: int, at: str, source: str, trick: str, potion: bool):
    """The Action with these fields, made once and shared (actions are immutable)."""
    key = (kind, arg, col, at, source, trick, potion)
    found = _MEMO.get(key)
    if found is None:
        found = _MEMO[key] = Action(kind, arg, col, at, source, trick, potion)
    return found


TOKEN_LISTS_KEPT = 4096
"""How many placements of the Fiery Clone and Wind Blast tokens `_Moves` keeps the moves of."""


def _travel_actions(areas) -> dict[tuple, list]:
    return {
        (col, potion): [
            tuple(Action("travel", areas[nb].name, col, potion=potion) for nb in a.neighbours)
            for a in areas
        ]
        for col in range(1, 5)
        for potion in (False, True)
    }


def _token_actions(areas) -> dict[tuple, list]:
    return {
        (kind, col, potion): [
            [Action(kind, t.name, col, potion=potion, arg2=src.name) for src in areas]
            + [Action(kind, t.name, col, potion=potion)]
            for t in areas
        ]
        for kind in ("clone", "blast")
        for col in range(1, 5)
        for potion in (False, True)
    }


class _Moves:
    """A catalog's boards, Travel and token actions, made once: a turn's list is read off these
    tables."""

    def __init__(self, cat) -> None:
        areas = cat.areas
        self.catalog = cat
        self.slots = {
            djinn: tuple(
                (ci, ci + 1, symbol) for ci, col in enumerate(board.columns) for symbol in col
            )
            for djinn, board in cat.djinns.items()
        }
        """(column index, column number, symbol) of every symbol on each Djinn's board."""
        self.icedibs = {
            (name, col, potion): _action("icedibs", name, col, "", "", "", potion)
            for name in cat.wishes
            for col in range(1, 5)
            for potion in (False, True)
        }
        """Ice Dibs on each Wish, by (Wish, col, potion)."""
        self.costs = {name: (sum(w.cost), w.cost, w.colour) for name, w in cat.wishes.items()}
        """Per Wish: how many crystals it costs, the cost per colour and its colour."""
        self.cheapest = min((size for size, _, _ in self.costs.values()), default=0)
        """The fewest crystals a Wish costs."""
        self.open: dict[tuple, tuple] = {}
        """The open slots (`open_slots`) by (Djinn, unlocked, potion, *markers)."""
        self.travel = _travel_actions(areas)
        """Travel to each neighbour of each Area, by (col, potion)."""
        self.plain = {
            (kind, col, potion): _action(kind, "", col, "", "", "", potion)
            for kind in ("empower", "manifest")
            for col in range(1, 5)
            for potion in (False, True)
        }
        """Empower and Manifest in the Djinn's own Area, by (kind, col, potion)."""
        self.tokens = _token_actions(areas)
        """tokens[kind, col, potion][target][src]: move a token from src (12: a new token)."""
        self.token_lists: dict[tuple, tuple] = {}
        """The moves of `token_moves`, by its arguments."""
        self.plans: dict[tuple, tuple] = {}
        """The plans (`plan`) by (Djinn, Area, unlocked, potion, *markers)."""

    def plan(self, p, potion: bool) -> tuple[tuple, ...]:
        """The open slots of a Djinn acting from its own Area, as the steps `_home_actions`
        takes, in board order: (FIXED, actions), (EMPOWER, colour, colour, action),
        (MANIFEST, action, Caravan action), (FULFILL, col) and (SPECIAL, col)."""
        m0, m1, m2, m3 = p.markers
        key = (p.djinn, p.area, p.unlocked, potion, m0, m1, m2, m3)
        found = self.plans.get(key)
        if found is None:
            a, b = self.catalog.areas[p.area].crystals
            steps = []
            for _, col, symbol in self.open_slots(p, potion):
                if symbol == "travel":
                    steps.append((FIXED, self.travel[col, potion][p.area]))
                elif symbol == "empower":
                    steps.append((EMPOWER, a, b, self.plain["empower", col, potion]))
                elif symbol == "manifest":
                    caravan = _action("caravan", "", col, "", "", "", potion)
                    steps.append((MANIFEST, self.plain["manifest", col, potion], caravan))
                elif symbol == "fulfill":
                    steps.append((FULFILL, col))
                else:
                    steps.append((SPECIAL, col))
            found = self.plans[key] = tuple(steps)
        return found

    def open_slots(self, p, potion: bool) -> tuple[tuple[int, int, str], ...]:
        """The slots a marker (or, with `potion`, the Potion) may take now, in board order."""
        markers = p.markers
        key = (p.djinn, p.unlocked, potion, *markers)
        found = self.open.get(key)
        if found is None:
            slots = self.slots[p.djinn]
            if potion:
                found = tuple(slot for slot in slots if potion_allows(p, slot[0], slot[2]))
            else:
                found = tuple(
                    slot for slot in slots if not markers[slot[0]] and (p.unlocked or slot[0] != 1)
                )
            self.open[key] = found
        return found

    def token_moves(self, kind: str, col: int, potion: bool, tokens: list[int], spare: bool):
        """Every move of a `kind` token onto an Area without one, target by target: a new token
        first when one is `spare`, then each token on the map (`tokens`, in their order)."""
        key = (kind, col, potion, spare, *tokens)
        found = self.token_lists.get(key)
        if found is None:
            moves = []
            for target, row in enumerate(self.tokens[kind, col, potion]):
                if target in tokens:
                    continue
                if spare:
                    moves.append(row[12])
                moves.extend(row[src] for src in tokens)
            if len(self.token_lists) >= TOKEN_LISTS_KEPT:
                self.token_lists.clear()
            found = self.token_lists[key] = tuple(moves)
        return found


_MOVES: list[_Moves] = []


def _moves(cat) -> _Moves:
    """The tables of `cat`, made on first use (the last one used is kept at the end)."""
    if _MOVES:
        last = _MOVES[-1]
        if last.catalog is cat:
            return last
    for moves in _MOVES:
        if moves.catalog is cat:
            _MOVES.remove(moves)
            _MOVES.append(moves)
            return moves
    moves = _Moves(cat)
    _MOVES.append(moves)
    return moves


FIXED, EMPOWER, MANIFEST, FULFILL, SPECIAL = range(5)
"""The kinds of step in a plan (`_Moves.plan`)."""


def _home_actions(st, seat, p, moves, plan, potion, acts, supply) -> None:
    """The marker (or Potion) actions of a Djinn acting from its own Area, read off its plan:
    the same as `_slot_actions` gives, with each check made once."""
    usable = caravan = None
    affordable = None
    may_build = False
    for step in plan:
        kind = step[0]
        if kind == FIXED:
            acts.extend(step[1])
        elif kind == EMPOWER:
            if supply[step[1]] or supply[step[2]]:
                acts.append(step[3])
        elif kind == MANIFEST:
            if usable is None:
                place = p.area
                usable = effects.ability_usable(st, seat, place, supply)
                caravan = st.catalog.route[st.caravan_pos] == place and effects.caravan_affordable(
                    st, p, supply
                )
            if usable:
                acts.append(step[1])
            if caravan:
                acts.append(step[2])
        elif kind == FULFILL:
            if affordable is None:
                affordable = _affordable(moves, p)
                may_build = any(p.meeples)
            if affordable or may_build:
                _fulfill_actions(st, p, p.area, "", step[1], potion, acts, affordable)
        else:
            _special_actions(st, p, moves, step[1], potion, acts)


def _slot_actions(st, seat, p, moves, slots, potion, acts, supply) -> None:
    """The marker (or Potion) actions of the open symbols, in board order."""
    cat = st.catalog
    areas = cat.areas
    where = None
    affordable = None
    may_build = False
    plain = moves.plain
    for _, col, symbol in slots:
        if symbol == "travel":
            acts.extend(moves.travel[col, potion][p.area])
            continue
        if where is None:
            where = _HOME[p.area] if p.djinn != "fire" or not st.clones else places(st, p)
        if symbol == "empower":
            _empower_actions(areas, plain, where, col, potion, acts, supply)
        elif symbol == "manifest":
            _manifest_actions(st, seat, p, plain, where, col, potion, acts, supply)
        elif symbol == "fulfill":
            if affordable is None:
                affordable = _affordable(moves, p)
                may_build = any(p.meeples)
            if affordable or may_build:
                for place, at in where:
                    _fulfill_actions(st, p, place, at, col, potion, acts, affordable)
        else:
            _special_actions(st, p, moves, col, potion, acts)


def _empower_actions(areas, plain, where, col, potion, acts, supply) -> None:
    for place, at in where:
        a, b = areas[place].crystals
        if supply[a] or supply[b]:
            acts.append(
                _action("empower", "", col, at, "", "", potion)
                if at
                else plain["empower", col, potion]
            )


def _manifest_actions(st, seat, p, plain, where, col, potion, acts, supply) -> None:
    caravan_area = st.catalog.route[st.caravan_pos]
    for place, at in where:
        if effects.ability_usable(st, seat, place, supply):
            acts.append(
                _action("manifest", "", col, at, "", "", potion)
                if at
                else plain["manifest", col, potion]
            )
        if caravan_area == place and effects.caravan_affordable(st, p, supply):
            acts.append(_action("caravan", "", col, at, "", "", potion))


def _special_actions(st, p, moves, col, potion, acts) -> None:
    djinn = p.djinn
    if djinn == "water":
        if len(st.frost) < TOKEN_SUPPLY["water"]:
            for card in st.offer:
                if card and card not in st.frost:
                    acts.append(moves.icedibs[card, col, potion])
    elif djinn == "fire" or djinn == "air":
        kind, tokens = ("clone", st.clones) if djinn == "fire" else ("blast", st.wind)
        spent = st.clones_discarded if djinn == "fire" else 0
        spare = len(tokens) + spent < TOKEN_SUPPLY[djinn]
        acts.extend(moves.token_moves(kind, col, potion, tokens, spare))
    elif djinn == "earth" and any(p.nest):
        acts.append(_action("harvest", "", col, "", "", "", potion))


def _affordable(moves, p) -> list:
    """The Wishes in hand the seat can pay for, with their colours."""
    c0, c1, c2, c3, c4, c5 = p.crystals
    total = c0 + c1 + c2 + c3 + c4 + c5
    result = []
    if total < moves.cheapest:
        return result
    costs = moves.costs
    for card in p.hand:
        size, cost, colour = costs[card]
        if size > total:
            continue
        k0, k1, k2, k3, k4, k5 = cost
        if c0 >= k0 and c1 >= k1 and c2 >= k2 and c3 >= k3 and c4 >= k4 and c5 >= k5:
            result.append((card, colour))
    return result


def _fulfill_actions(st, p, place, at, col, potion, acts, affordable) -> None:
    cat = st.catalog
    built = st.monuments[place]
    if affordable:
        here = st.area_meeples[place * 6 : place * 6 + 6]
        on_monument = built[1] if built else (0, 0, 0, 0, 0, 0)
        can_trick = p.trickery > 0 and not p.trickery_used
        for card, colour in affordable:
            if here[colour]:
                acts.append(_action("fulfill", card, col, at, "", "", potion))
            if on_monument[colour]:
                acts.append(_action("fulfill", card, col, at, "monument", "", potion))
            if can_trick:
                for c in range(6):
                    if c == colour:
                        continue
                    if here[c]:
                        acts.append(_action("fulfill", card, col, at, "", COLOURS[c], potion))
                    if on_monument[c]:
                        acts.append(
                            _action("fulfill", card, col, at, "monument", COLOURS[c], potion)
                        )
    if built is None and place in cat.monument_by_area and any(p.meeples):
        monument = cat.monument_by_area[place]
        if all(have >= need for have, need in zip(p.meeples, monument.cost, strict=True)):
            acts.append(_action("build", monument.name, col, at, "", "", potion))


def resolve(st, action: Action) -> None:
    """Carry out a legal turn action on the (already copied) state."""
    seat = st.order[st.turn_idx]
    kind = action.kind
    if kind == "end":
        st.turn_done = True
        return
    if kind == "trade":
        st.push(("pay_trade", seat, COLOUR_INDEX[action.arg], trade_ratio(st.djinns[seat])))
        return
    p = st.pieces(seat)
    symbol = SYMBOL_OF[kind]
    if action.potion:
        p.potions -= 1
        p.potion_used = f"{action.col}:{symbol}"
    else:
        markers = p.markers[:]  # shared with the pieces `pieces` copied
        markers[action.col - 1] = symbol
        p.markers = markers
    index = st.catalog.area_index
    place = index[action.at] if action.at else p.area
    if p.djinn == "fire" and symbol in CLONE_SYMBOLS and place in st.clones:
        # Fiery Clone token: "Whenever you Empower, Manifest, or Fulfill from an Area with a
        # Fiery Clone token, remove the token" -- its own Area included; Example 8 discards it.
        st.own("clones").remove(place)
        st.clones_discarded += 1
    _EFFECT[kind](st, seat, p, action, place)


def _empower(st, seat, p, action, place) -> None:
    for c in st.catalog.areas[place].crystals:
        gain_crystals(st, p, c)


def _caravan(st, seat, p, action, place) -> None:
    effects.caravan_trade(st, p)
    st.push(("after_manifest", seat))


def _move_token(st, seat, p, action, place) -> None:
    index = st.catalog.area_index
    tokens = st.own("clones" if action.kind == "clone" else "wind")
    if action.arg2:
        tokens.remove(index[action.arg2])
    tokens.append(index[action.arg])


def _harvest(st, seat, p, action, place) -> None:
    nest = p.own("nest")
    for c in range(6):
        p.crystals[c] += nest[c]
        nest[c] = 0


_EFFECT = {
    "travel": lambda st, seat, p, action, place: effects.move_djinn(
        st, seat, st.catalog.area_index[action.arg]
    ),
    "empower": _empower,
    "manifest": lambda st, seat, p, action, place: effects.manifest(st, seat, place),
    "caravan": _caravan,
    "fulfill": lambda st, seat, p, action, place: effects.fulfil(
        st, seat, action.arg, place, action.source, action.trick
    ),
    "build": lambda st, seat, p, action, place: effects.build(st, seat, action.arg),
    "icedibs": lambda st, seat, p, action, place: st.own("frost").append(action.arg),
    "clone": _move_token,
    "blast": _move_token,
    "harvest": _harvest,
}
"""Per kind of marker (or Potion) action: its effect on (state, seat, its pieces, the action,
the Area it is taken in)."""
