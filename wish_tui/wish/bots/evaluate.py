"""How good a position is for one seat: VP on the table plus what its pieces promise.

The promise is what the medium planner and the hard search weigh: crystals towards the Wishes in
hand, Wishing Persons towards a Monument, progress on the Destiny, tokens, all discounted by how
many turns are left before the Caravan reaches the Dock.
"""

from __future__ import annotations

from typing import NamedTuple

from wish_tui.wish.rules import scoring

POTION_VP = 1.3
TRICKERY_VP = 0.6
LOOSE_CRYSTAL_VP = 0.3
NEST_CRYSTAL_VP = 0.25
"""A crystal on the Earth Djinn's Nest that no Wish in hand needs."""
NEST_EFFORT = 0.3
"""Effort (as in `Weights`) of a Wish whose missing crystals wait on the Nest: one Harvest
fetches them all. Without it the bots counted Nest crystals by number alone, so Providence always
took the first colour in stock and Harvest rarely brought a crystal a Wish needed."""
UNLOCK_VP = 2.0
FROST_VP = 0.5
"""A Frostflake on an Offer card, for the Water Djinn: the card leaves sooner or later and pays
1 crystal (2 when an opponent draws it) of its cost, crystals Water chooses for its own Wishes.
Without it the bots never placed one (Ice Dibs on 0.04 of Water's turns; benchmarks/bots.md)."""
EFFECT_VP = {
    "type_vp": 2.0,
    "fulfil_crystal": 1.5,
    "share": 1.0,
    "charm": 1.0,
    "gain_any_1": 0.5,
    "gain_any_2": 1.0,
    "gain_any_3": 1.5,
    "kingdom": 1.5,
    "potion": 1.0,
    "fortune": 1.0,
    "trickery": 0.5,
    "celebration": 1.2,
    "a_child": 0.6,
    "jewelry": 1.5,
    "long_life": 1.5,
    "authority": 0.8,
    "broken_heart": 0.8,
    "hurt": 0.5,
    "eye_for_an_eye": 0.5,
    "heal_them": 0.5,
}
"""What a Wish's own effect is worth beyond its printed VP, roughly, in VP."""
ONGOING_EFFECTS = frozenset(("fulfil_crystal", "a_child", "jewelry", "long_life", "eye_for_an_eye"))
"""Effects that keep paying after the Wish is fulfilled, while turns remain."""


class Weights(NamedTuple):
    """The knobs of `position_value`; the defaults are the medium bot's judgement."""

    wish: float = 0.9
    """Share of a Wish's worth counted while it is still in hand, before the effort discount."""
    decay: float = 0.72
    """Discount per unit of effort (missing crystals, distance to crystals and to a Person)."""
    missing: float = 0.55
    """Effort per missing crystal."""
    missing_air: float = 0.45
    """Effort per missing crystal for the Air Djinn, whose trades are 2:1."""
    far: float = 0.35
    """Effort per step to the farthest Area with a missing crystal colour."""
    travel: float = 0.7
    """Effort per step to the nearest Wishing Person of the Wish's colour."""
    reach: float = 2.5
    """Turns left at which promises count in full; fewer turns scale them down."""
    spare: float = 1.0
    """Multiplier of the value of crystals no Wish in hand needs."""
    tokens: float = 1.0
    """Multiplier of the value of Potion and Trickery tokens."""
    monument: float = 1.0
    """Multiplier of the promise of the Monument the Wishing Persons are heading for."""


MEDIUM = Weights()


_TABLES: dict[int, dict] = {}


def tables(catalog) -> dict:
    """Facts derived from the catalog once: distances between Areas (and from each Area to the
    nearest source of each crystal colour), Caravan moves."""
    found = _TABLES.get(id(catalog))
    if found is not None and found["catalog"] is catalog:
        return found
    n = len(catalog.areas)
    dist = [[99] * n for _ in range(n)]
    for a in range(n):
        dist[a][a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for b in frontier:
                for c in catalog.areas[b].neighbours:
                    if dist[a][c] == 99:
                        dist[a][c] = dist[a][b] + 1
                        nxt.append(c)
            frontier = nxt
    sources = [[a.index for a in catalog.areas if c in a.crystals] for c in range(6)]
    found = {
        "catalog": catalog,
        "dist": dist,
        "moves": [c.move for c in catalog.caravan_cards],
        "source_steps": [[min(dist[a][s] for s in sources[c]) for c in range(6)] for a in range(n)],
    }
    _TABLES[id(catalog)] = found
    return found


def turns_left(st, seat: int) -> float:
    """Expected number of turns `seat` still starts after the current one."""
    cat = st.catalog
    if st.phase == "over":
        return 0.0
    if st.phase == "setup":
        return 9.0
    if st.final_round:
        rounds = 0.0
    else:
        cards, mean = _caravan_pace(st)
        distance = len(cat.route) - 1 - st.caravan_pos
        rounds = min(cards, max(1.0, distance / max(mean, 0.3)))
    # A seat still to play this round has one more turn.
    pos = st.order.index(seat)
    if pos > st.turn_idx:
        rounds += 1
    return rounds


_PACE: dict[int, tuple] = {}
_STEPS: dict[tuple[int, int], tuple] = {}
_CARDS: dict[tuple, tuple] = {}
CACHE_SIZE = 4096
"""Entries kept by each of the caches below before they are emptied."""


def clear_caches() -> None:
    """Empty the caches of derived facts kept per list (they refill as positions are judged)."""
    for cache in (_PACE, _STEPS, _CARDS, _MONUMENTS):
        cache.clear()


def _caravan_pace(st) -> tuple[int, float]:
    """Caravan cards left and their mean move, kept per Caravan deck.

    A state's lists are never changed once `apply` has returned it (later states copy a list
    before changing it), so a list object stands for its contents while the cache holds it.
    """
    deck = st.caravan_deck
    found = _PACE.get(id(deck))
    if found is None or found[0] is not deck:
        moves = tables(st.catalog)["moves"]
        mean = sum(moves[i] for i in deck) / len(deck) if deck else 1.0
        if len(_PACE) >= CACHE_SIZE:
            _PACE.clear()
        found = _PACE[id(deck)] = (deck, len(deck), mean)
    return found[1], found[2]


def _colour_steps(st, dist, area: int) -> list[int]:
    """Steps from `area` to the nearest Wishing Person of each colour, on the map or on a built
    Monument (9 where there is none); kept per map of Persons and Monuments (see `_caravan_pace`).
    Callers must not change the list returned."""
    meeples, monuments = st.area_meeples, st.monuments
    key = (id(meeples), id(monuments))
    found = _STEPS.get(key)
    if found is None or found[0] is not meeples or found[1] is not monuments:
        if len(_STEPS) >= CACHE_SIZE:
            _STEPS.clear()
        found = _STEPS[key] = (meeples, monuments, [None] * len(dist))
    rows = found[2]
    row = rows[area]
    if row is None:
        near = dist[area]
        row = [
            min([d for d, m in zip(near, meeples[c::6], strict=True) if m], default=9)
            for c in range(6)
        ]
        for where, built in enumerate(monuments):
            if built:
                d = near[where]
                for c in range(6):
                    if built[1][c] and d < row[c]:
                        row[c] = d
        rows[area] = row
    return row


def _cards(st, p, seat: int, destiny) -> tuple[int, list[tuple[float, int, tuple]], tuple]:
    """What the seat's cards give: the VP of every scoring step but the VP tokens (Wishes,
    Ongoing Wishes, Badges, Destiny), the Wishes in hand, most valuable first, as (worth,
    colour, cost) with the cost as (crystal colour, count) pairs, and what each fulfilled Wish
    whose effect keeps paying is worth (EFFECT_VP), in the order fulfilled. Kept per hand,
    fulfilled Wishes and Badges (see `_caravan_pace`)."""
    hand, fulfilled, badges, catalog = p.hand, p.fulfilled, p.badges, st.catalog
    key = (id(hand), id(fulfilled), id(badges), p.destiny)
    found = _CARDS.get(key)
    if (
        found is None
        or found[0] is not hand
        or found[1] is not fulfilled
        or found[2] is not badges
        or found[3] is not catalog
    ):
        steps = scoring.score_steps(st, seat)
        wishes = catalog.wishes
        scored = []
        for name in hand:
            w = wishes[name]
            worth = w.vp + EFFECT_VP.get(w.effect, 0.0)
            if destiny is not None:
                worth += _destiny_bonus(destiny, w, p, wishes)
            cost = tuple((c, need) for c, need in enumerate(w.cost) if need)
            scored.append((worth, w.colour, cost))
        scored.sort(key=lambda x: -x[0])
        if len(_CARDS) >= CACHE_SIZE:
            _CARDS.clear()
        vp = sum(steps.values()) - steps["tokens"]
        effects = (wishes[name].effect for name in fulfilled)
        ongoing = tuple(EFFECT_VP[e] for e in effects if e in ONGOING_EFFECTS)
        found = _CARDS[key] = (hand, fulfilled, badges, catalog, vp, scored, ongoing)
    return found[4], found[5], found[6]


def position_value(st, seat: int, future: float | None = None, weights: Weights = MEDIUM) -> float:
    """VP on the table and the Destiny, plus the discounted promise of the seat's pieces."""
    p = st.players[seat]
    cat = st.catalog
    destiny = cat.destinies.get(p.destiny) if p.destiny else None
    card_vp, hand, ongoing = _cards(st, p, seat, destiny)
    vp = float(card_vp + p.vp_tokens)
    if st.phase == "over":
        return vp
    if future is None:
        future = turns_left(st, seat)
    if future <= 0:
        return vp + 0.01 * sum(p.crystals)
    facts = tables(cat)
    dist = facts["dist"]
    reach = min(1.0, future / weights.reach)

    # Where each colour of Wishing Person can still be met, and how far away.
    clones = p.djinn == "fire" and st.clones
    if clones:
        rows = [_colour_steps(st, dist, a) for a in (p.area, *st.clones)]
        colour_steps = [min(col) for col in zip(*rows, strict=True)]
    else:
        colour_steps = _colour_steps(st, dist, p.area)
    source_near = facts["source_steps"]
    if clones:
        rows = [source_near[a] for a in (p.area, *st.clones)]
        source_steps = [min(col) for col in zip(*rows, strict=True)]
    else:
        source_steps = source_near[p.area]
    if p.trickery:
        any_steps = min(colour_steps)
        colour_steps = [min(s, any_steps) for s in colour_steps]

    # Wishes in hand, the most valuable first, share the crystals on the board.
    crystals = p.crystals[:]
    nest = p.nest[:] if any(p.nest) else None
    promise = 0.0
    per_missing = weights.missing_air if p.djinn == "air" else weights.missing
    per_far, per_travel, decay, share = weights.far, weights.travel, weights.decay, weights.wish
    for worth, colour, cost in hand:
        missing = 0
        far = 0
        nested = False
        for c, need in cost:
            have = crystals[c]
            if have >= need:
                crystals[c] = have - need
                continue
            crystals[c] = 0
            short = need - have
            if nest is not None and nest[c]:
                fetched = min(short, nest[c])
                nest[c] -= fetched
                short -= fetched
                nested = True
                if not short:
                    continue
            missing += short
            if source_steps[c] > far:
                far = source_steps[c]
        travel = colour_steps[colour]
        effort = (
            missing * per_missing
            + far * per_far
            + travel * per_travel
            + (0.0 if travel < 9 else 6.0)
            + (NEST_EFFORT if nested else 0.0)
        )
        promise += worth * share * (decay**effort) * reach
    for worth in ongoing:
        promise += worth * reach
    spare = sum(crystals)
    promise += min(spare, 6) * LOOSE_CRYSTAL_VP * weights.spare * reach + max(0, spare - 6) * 0.1
    if nest is not None:
        promise += sum(nest) * NEST_CRYSTAL_VP * reach
    promise += (
        (p.potions * POTION_VP + p.trickery * TRICKERY_VP) * weights.tokens * min(1.0, future)
    )
    if p.djinn == "water" and st.frost:
        promise += len(st.frost) * FROST_VP * reach
    if not p.unlocked:
        promise += UNLOCK_VP * reach * (len(p.fulfilled) / 3.0) ** 2
    # No Wishing Person collected: no Monument in sight (what `_monument_promise` answers).
    monument = _monument_promise(st, p, destiny, dist, cat.wishes, reach) if any(p.meeples) else 0.0
    promise += weights.monument * monument
    return vp + promise


_PARAMS: dict = {}


def _params(destiny) -> dict:
    """A Destiny's parameters as a dict, built once per Destiny (evaluation is the hot path)."""
    found = _PARAMS.get(destiny.name)
    if found is None or found[0] is not destiny:
        found = _PARAMS[destiny.name] = (destiny, dict(destiny.params))
    return found[1]


def _destiny_bonus(destiny, w, p, wishes) -> float:
    """What fulfilling Wish `w` adds to the Destiny, roughly, in VP."""
    params = _params(destiny)
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
    params = _params(destiny)
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
    params = _params(destiny)
    kind = destiny.kind
    if kind == "per_type":
        return w.type in params["types"]
    if kind == "per_timing":
        return w.timing == params["timing"]
    if kind == "per_value":
        return params["min"] <= w.vp <= params["max"]
    return False


def _monument_promise(st, p, destiny, dist, wishes, reach) -> float:
    """The best Monument the collected Wishing Persons are heading for."""
    held = sum(p.meeples)
    if not held:
        return 0.0
    best = 0.0
    for value in _monument_values(st, p, destiny, dist, wishes):
        if value * reach > best:
            best = value * reach
    return best + 0.15 * held * reach


_MONUMENTS: dict[tuple, tuple] = {}


def _monument_values(st, p, destiny, dist, wishes) -> list[float]:
    """What each Monument still to build is worth to the seat's collected Wishing Persons
    before the discount for the turns left, in the catalog's order (those they do not go
    towards left out). Kept per collected Persons, built Monuments and fulfilled Wishes (see
    `_caravan_pace`)."""
    meeples, built, fulfilled, catalog = p.meeples, st.monuments, p.fulfilled, st.catalog
    key = (id(meeples), id(built), id(fulfilled), p.area, p.destiny)
    found = _MONUMENTS.get(key)
    if (
        found is not None
        and found[0] is meeples
        and found[1] is built
        and found[2] is fulfilled
        and found[3] is catalog
    ):
        return found[4]
    target = None
    if destiny is not None and destiny.kind == "monument":
        params = _params(destiny)
        target = params["monument"]
    values = []
    for m in catalog.monuments:
        if built[m.area] is not None:
            continue
        cost = m.cost
        need = sum(cost)
        have = sum(map(min, meeples, cost))
        worth = float(m.vp)
        if target is not None and target == m.name:
            types = params["types"]
            done = all(any(wishes[n].type == t for n in fulfilled) for t in types)
            worth += params["vp"] * (1.0 if done else 0.6)
            have += 0.3
        if have <= 0:
            continue
        frac = have / need
        if have >= need:
            d = dist[p.area][m.area]
            values.append(worth * 0.92 * (0.85**d))
        else:
            values.append(worth * 0.75 * frac * frac)
    if len(_MONUMENTS) >= CACHE_SIZE:
        _MONUMENTS.clear()
    _MONUMENTS[key] = (meeples, built, fulfilled, catalog, values)
    return values


def seat_value(
    st, seat: int, rivalry: float = 0.5, weights: Weights = MEDIUM, rivals: RivalCache | None = None
) -> float:
    """The seat's value minus `rivalry` times the best opponent's, judged with `weights`.

    `rivals`, when given, may answer the best opponent's value from a position already judged.
    """
    mine = position_value(st, seat, None, weights)
    if rivalry and len(st.players) > 1:
        if rivals is not None and rivals.seat == seat and rivals.weights is weights:
            return mine - rivalry * rivals.value_at(st)
        return mine - rivalry * rival_value(st, seat, weights)
    return mine


def rival_value(st, seat: int, weights: Weights = MEDIUM) -> float:
    """The best position value among `seat`'s opponents."""
    return max(position_value(st, o, None, weights) for o in range(len(st.players)) if o != seat)


class RivalCache:
    """The best opponent's value at a few recent positions, reused where it cannot differ.

    During one seat's turn most actions leave every opponent's pieces, the board they are judged
    on and the clock untouched; their value is then the same, so it is looked up, not recomputed.
    The answers are exactly those of `rival_value`.
    """

    SIZE = 4

    __slots__ = ("seat", "weights", "_seen", "_djinns", "_reads")

    def __init__(self, seat: int, weights: Weights = MEDIUM) -> None:
        self.seat = seat
        self.weights = weights
        self._seen: list[tuple] = []
        self._djinns = None
        self._reads = (True, True)
        """Whether an opponent's value reads the Fiery Clones (the Fire Djinn's) and the
        Frostflakes (the Water Djinn's): only that Djinn's does."""

    def value_at(self, st) -> float:
        """The best opponent's value at `st`."""
        if st.djinns is not self._djinns:
            others = [p.djinn for s, p in enumerate(st.players) if s != self.seat]
            self._djinns, self._reads = st.djinns, ("fire" in others, "water" in others)
        clones, frost = self._reads
        for known, value in self._seen:
            if _same_for_rivals(st, known, self.seat, clones, frost):
                return value
        value = rival_value(st, self.seat, self.weights)
        self._seen.insert(0, (st, value))
        del self._seen[self.SIZE :]
        return value


def _same_for_rivals(a, b, seat: int, clones: bool = True, frost: bool = True) -> bool:
    """Whether every input of the opponents' `position_value` is equal in states `a` and `b`.

    A list or a seat's pieces that `b` shares with `a` (the same object: `apply` shares what an
    action leaves alone) is equal without being compared item by item. The Fiery Clones and the
    Frostflakes are compared only when `clones` and `frost` say an opponent's value reads them.
    """
    if (
        a.turn_idx != b.turn_idx
        or a.caravan_pos != b.caravan_pos
        or a.final_round != b.final_round
        or a.phase != b.phase
        or a.order != b.order
        or not (a.area_meeples is b.area_meeples or a.area_meeples == b.area_meeples)
        or not (a.monuments is b.monuments or a.monuments == b.monuments)
        or not (a.caravan_deck is b.caravan_deck or a.caravan_deck == b.caravan_deck)
        or (clones and not (a.clones is b.clones or a.clones == b.clones))
        or (frost and not (a.frost is b.frost or a.frost == b.frost))
    ):
        return False
    for other, (p, q) in enumerate(zip(a.players, b.players, strict=True)):
        if other != seat and p is not q and not _same_pieces(p, q):
            return False
    return True


def _same_pieces(p, q) -> bool:
    """Whether two seats' pieces are equal in everything `position_value` reads."""
    return (
        p.area == q.area
        and p.crystals == q.crystals
        and p.hand == q.hand
        and p.meeples == q.meeples
        and p.fulfilled == q.fulfilled
        and p.potions == q.potions
        and p.trickery == q.trickery
        and p.nest == q.nest
        and p.badges == q.badges
        and p.vp_tokens == q.vp_tokens
        and p.unlocked == q.unlocked
        and p.destiny == q.destiny
    )
