"""How good a position is for one seat: VP on the table plus what its pieces promise.

The promise is what the medium planner and the hard search weigh: crystals towards the Wishes in
hand, Wishing Persons towards a Monument, progress on the Destiny, tokens, all discounted by how
many turns are left before the Caravan reaches the Dock.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from wish_tui.wish.rules import scoring

from . import board
from .board import CACHE_SIZE, tables, turns_left
from .destiny import destiny_bonus, params_of

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


_CARDS: dict[tuple, tuple] = {}
_CARDS_NAMED: dict[tuple, tuple] = {}


def clear_caches() -> None:
    """Empty the caches of derived facts kept per list (they refill as positions are judged)."""
    board.clear()
    for cache in (_CARDS, _CARDS_NAMED, _MONUMENTS, _JUDGED):
        cache.clear()


def _cards(st, p, seat: int, destiny) -> tuple[int, list[tuple[float, int, tuple]], tuple]:
    """What the seat's cards give: the VP of every scoring step but the VP tokens (Wishes,
    Ongoing Wishes, Badges, Destiny), the Wishes in hand, most valuable first, as (worth,
    colour, cost) with the cost as (crystal colour, count) pairs, and what each fulfilled Wish
    whose effect keeps paying is worth (EFFECT_VP), in the order fulfilled. Kept per hand,
    fulfilled Wishes and Badges (see `board`)."""
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
        if len(_CARDS) >= CACHE_SIZE:
            _CARDS.clear()
        found = _CARDS[key] = (hand, fulfilled, badges, catalog, *_cards_of(st, p, seat, destiny))
    return found[4], found[5], found[6]


def _cards_of(st, p, seat: int, destiny) -> tuple:
    """`_cards`' answer, kept per the names of the cards too: a hand another position holds in
    a list of its own (an action that changes a hand makes a new list) is not judged again."""
    hand, fulfilled, badges, catalog = p.hand, p.fulfilled, p.badges, st.catalog
    key = (tuple(hand), tuple(fulfilled), tuple(badges), p.destiny)
    found = _CARDS_NAMED.get(key)
    if found is not None and found[0] is catalog:
        return found[1]
    steps = scoring.score_steps(st, seat)
    wishes = catalog.wishes
    scored = []
    for name in hand:
        w = wishes[name]
        worth = w.vp + EFFECT_VP.get(w.effect, 0.0)
        if destiny is not None:
            worth += destiny_bonus(destiny, w, p, wishes)
        cost = tuple((c, need) for c, need in enumerate(w.cost) if need)
        scored.append((worth, w.colour, cost))
    scored.sort(key=lambda x: -x[0])
    vp = sum(steps.values()) - steps["tokens"]
    effects = (wishes[name].effect for name in fulfilled)
    ongoing = tuple(EFFECT_VP[e] for e in effects if e in ONGOING_EFFECTS)
    if len(_CARDS_NAMED) >= CACHE_SIZE:
        _CARDS_NAMED.clear()
    _CARDS_NAMED[key] = (catalog, (vp, scored, ongoing))
    return vp, scored, ongoing


def position_value(st, seat: int, future: float | None = None, weights: Weights = MEDIUM) -> float:
    """VP on the table and the Destiny, plus the discounted promise of the seat's pieces."""
    p = st.players[seat]
    if future is not None:
        return _Judged(st, p, seat, future, weights, None, None).value(p.crystals)
    kept = _JUDGED.get(id(weights))
    if kept is None or kept[0] is not weights:
        kept = _JUDGED[id(weights)] = [weights, None, None, None, None, {}]
    judged = kept[seat + 1]
    if judged is None or not judged.fits(st, p):
        judged = kept[seat + 1] = _Judged(st, p, seat, None, weights, judged, kept[5])
    return judged.value(p.crystals)


_JUDGED: dict[int, list] = {}
"""Per judgement (its id): the judgement itself, each seat's last `_Judged` (or None), and
what the Wishes in hand promise (`_Judged.loop`) by what the promise reads but the crystals."""
VALUES_KEPT = 256
"""Values by crystals a `_Judged` keeps before it empties its list."""
LOOPS_KEPT = 1024
"""Shared promises (`_Judged.loop`) kept per judgement weights before they are emptied: at 4,096
a process judging 150 four-seat hard decisions held 9.8 MB of evaluation caches, 5.2 at 1,024
(3.5 before they were shared), as fast (benchmarks/expert.md, Second pass)."""


_JUDGED_SLOTS = (
    "catalog phase final_round caravan_pos turn_idx order caravan_deck area_meeples monuments "
    "clones frost djinn area hand fulfilled badges destiny vp_tokens trickery potions "
    "unlocked meeples nest card_vp vp future reach cards colour_steps source_steps costs "
    "ongoing spare tokens frost_vp unlock monument values loop"
)
"""The fields of a `_Judged`."""


class _Judged:
    """Everything `position_value` reads of a position but the seat's crystals, and what it
    makes of it; `value` adds the crystals' part.

    A later position is judged with the same `_Judged` when it `fits` it: the pieces and lists
    it reads are the same objects (a state's lists are never changed once `apply` has returned
    it, see `board`) and its other fields are equal. A position that does not fit is
    judged afresh, but the parts that read nothing it changed (the cards, the turns left, the
    distances, the Monument) are taken from the last `_Judged` of the seat. Every value is
    computed with the same operations in the same order as from scratch: the same float."""

    __slots__ = tuple(_JUDGED_SLOTS.split())

    def __init__(
        self, st, p, seat: int, future: float | None, weights: Weights, last, loops: dict | None
    ) -> None:
        self.catalog = cat = st.catalog
        self.phase, self.final_round = st.phase, st.final_round
        self.caravan_pos, self.turn_idx, self.order = st.caravan_pos, st.turn_idx, st.order
        self.caravan_deck, self.area_meeples, self.monuments = (
            st.caravan_deck,
            st.area_meeples,
            st.monuments,
        )
        self.djinn, self.area, self.hand, self.fulfilled = p.djinn, p.area, p.hand, p.fulfilled
        self.badges, self.destiny, self.vp_tokens = p.badges, p.destiny, p.vp_tokens
        self.trickery, self.potions, self.unlocked = p.trickery, p.potions, p.unlocked
        self.meeples, self.nest = p.meeples, p.nest
        self.clones = st.clones if p.djinn == "fire" else None
        self.frost = len(st.frost) if p.djinn == "water" else 0
        self.values: dict[tuple, float] = {}
        self.colour_steps = self.monument = self.loop = None
        if last is not None and (last.catalog is not cat or last.djinn != p.djinn):
            last = None
        destiny = cat.destinies.get(p.destiny) if p.destiny else None
        if (
            last is not None
            and p.hand is last.hand
            and p.fulfilled is last.fulfilled
            and p.badges is last.badges
            and p.destiny == last.destiny
        ):
            card_vp, self.cards, self.ongoing = last.card_vp, last.cards, last.ongoing
        else:
            card_vp, self.cards, self.ongoing = _cards(st, p, seat, destiny)
        self.card_vp = card_vp
        self.vp = float(card_vp + p.vp_tokens)
        if st.phase == "over":
            self.future = None
            return
        if future is None:
            if last is not None and last.future is not None and self._same_clock(last):
                future = last.future
            else:
                future = turns_left(st, seat)
        self.future = future
        if future <= 0:
            return
        facts = tables(cat)
        dist = facts["dist"]
        self.reach = reach = min(1.0, future / weights.reach)
        if last is not None and last.colour_steps is not None and self._same_steps(last):
            self.colour_steps, self.source_steps = last.colour_steps, last.source_steps
        else:
            self._steps(st, p, facts, dist)
        self.costs = (
            weights.missing_air if p.djinn == "air" else weights.missing,
            weights.far,
            weights.travel,
            weights.decay,
            weights.wish,
        )
        self.spare = weights.spare
        if loops is not None:
            self._share_loop(loops, last)
        self.tokens = (
            (p.potions * POTION_VP + p.trickery * TRICKERY_VP) * weights.tokens * min(1.0, future)
        )
        self.frost_vp = self.frost * FROST_VP * reach if p.djinn == "water" and st.frost else None
        self.unlock = None if p.unlocked else UNLOCK_VP * reach * (len(p.fulfilled) / 3.0) ** 2
        if last is not None and last.monument is not None and self._same_monument(last):
            self.monument = last.monument
            return
        # No Wishing Person collected: no Monument in sight (what `_monument_promise` answers).
        monument = (
            _monument_promise(st, p, destiny, dist, cat.wishes, reach) if any(p.meeples) else 0.0
        )
        self.monument = weights.monument * monument

    def _share_loop(self, loops: dict, last) -> None:
        """Take the promises of the Wishes in hand by crystals (`loop`) that every `_Judged`
        with the same cards, distances, Nest and reach shares (the cards and the distances are
        kept per contents, so equal ones are mostly the same objects)."""
        cards, colour_steps, source_steps = self.cards, self.colour_steps, self.source_steps
        if (
            last is not None
            and last.loop is not None
            and last.cards is cards
            and last.colour_steps is colour_steps
            and last.source_steps is source_steps
            and last.nest == self.nest
            and last.reach == self.reach
        ):
            self.loop = last.loop
            return
        key = (id(cards), id(colour_steps), id(source_steps), tuple(self.nest), self.reach)
        found = loops.get(key)
        if (
            found is None
            or found[0] is not cards
            or found[1] is not colour_steps
            or found[2] is not source_steps
        ):
            if len(loops) >= LOOPS_KEPT:
                loops.clear()
            found = loops[key] = (cards, colour_steps, source_steps, {})
        self.loop = found[3]

    def _same_clock(self, last) -> bool:
        """Whether `turns_left` reads the same here as at `last` (of the same seat)."""
        return (
            self.turn_idx == last.turn_idx
            and self.caravan_pos == last.caravan_pos
            and self.phase == last.phase
            and self.final_round == last.final_round
            and self.order is last.order
            and self.caravan_deck is last.caravan_deck
        )

    def _same_steps(self, last) -> bool:
        """Whether the distances to Wishing Persons and crystals are those of `last`."""
        return (
            self.area == last.area
            and self.area_meeples is last.area_meeples
            and self.monuments is last.monuments
            and self.trickery == last.trickery
            and self.clones is last.clones
        )

    def _same_monument(self, last) -> bool:
        """Whether the Monument in sight is worth what it is at `last`."""
        return (
            self.reach == last.reach
            and self.meeples is last.meeples
            and self.monuments is last.monuments
            and self.fulfilled is last.fulfilled
            and self.area == last.area
            and self.destiny == last.destiny
        )

    def _steps(self, st, p, facts, dist) -> None:
        """Where each colour of Wishing Person can still be met, and crystals found, how far."""
        clones = p.djinn == "fire" and st.clones
        if clones:
            rows = [board.colour_steps(st, dist, a) for a in (p.area, *st.clones)]
            colour_steps = [min(col) for col in zip(*rows, strict=True)]
        else:
            colour_steps = board.colour_steps(st, dist, p.area)
        source_near = facts["source_steps"]
        if clones:
            rows = [source_near[a] for a in (p.area, *st.clones)]
            self.source_steps = [min(col) for col in zip(*rows, strict=True)]
        else:
            self.source_steps = source_near[p.area]
        if p.trickery:
            any_steps = min(colour_steps)
            colour_steps = [min(s, any_steps) for s in colour_steps]
        self.colour_steps = colour_steps

    def fits(self, st, p) -> bool:
        """Whether `position_value` reads the same of seat `p` in `st` but its crystals."""
        return (
            p.hand is self.hand
            and p.area == self.area
            and p.nest is self.nest
            and st.turn_idx == self.turn_idx
            and st.area_meeples is self.area_meeples
            and p.meeples is self.meeples
            and p.fulfilled is self.fulfilled
            and p.badges is self.badges
            and p.vp_tokens == self.vp_tokens
            and p.trickery == self.trickery
            and p.potions == self.potions
            and p.unlocked == self.unlocked
            and p.destiny == self.destiny
            and p.djinn == self.djinn
            and st.caravan_pos == self.caravan_pos
            and st.phase == self.phase
            and st.final_round == self.final_round
            and st.order is self.order
            and st.caravan_deck is self.caravan_deck
            and st.monuments is self.monuments
            and st.catalog is self.catalog
            and (self.clones is None or st.clones is self.clones)
            and (p.djinn != "water" or len(st.frost) == self.frost)
        )

    def value(self, held: list[int]) -> float:
        """`position_value` with the seat's crystals `held`."""
        future = self.future
        if future is None:
            return self.vp
        key = tuple(held)
        found = self.values.get(key)
        if found is not None:
            return found
        if future <= 0:
            found = self.vp + 0.01 * sum(held)
        else:
            loop = self.loop
            promise = loop.get(key) if loop is not None else None
            if promise is None:
                promise = self._promise(list(key))
                if loop is not None:
                    if len(loop) >= VALUES_KEPT:
                        loop.clear()
                    loop[key] = promise
            promise += self.tokens
            if self.frost_vp is not None:
                promise += self.frost_vp
            if self.unlock is not None:
                promise += self.unlock
            found = self.vp + (promise + self.monument)
        if len(self.values) >= VALUES_KEPT:
            self.values.clear()
        self.values[key] = found
        return found

    def _promise(self, crystals: list[int]) -> float:
        """What the Wishes in hand, the crystals and the Nest promise with `crystals` (a list of
        its own, used up here): the promise but the tokens, Frostflakes, unlocking and Monument,
        which `value` adds after it in this order."""
        # Wishes in hand, the most valuable first, share the crystals on the board.
        reach = self.reach
        nest = self.nest[:] if any(self.nest) else None
        promise = 0.0
        per_missing, per_far, per_travel, decay, share = self.costs
        source_steps, colour_steps = self.source_steps, self.colour_steps
        for worth, colour, cost in self.cards:
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
        for worth in self.ongoing:
            promise += worth * reach
        spare = sum(crystals)
        promise += min(spare, 6) * LOOSE_CRYSTAL_VP * self.spare * reach + max(0, spare - 6) * 0.1
        if nest is not None:
            promise += sum(nest) * NEST_CRYSTAL_VP * reach
        return promise


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
    `board`)."""
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
        params = params_of(destiny)
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


class Rivals(Protocol):
    """What `seat_value` asks of a cache of the best opponent's value (`rivals.RivalCache`)."""

    seat: int
    weights: Weights

    def value_at(self, st) -> float: ...


def seat_value(
    st, seat: int, rivalry: float = 0.5, weights: Weights = MEDIUM, rivals: Rivals | None = None
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
