"""How good a position is for one seat: its score now plus what its pieces promise.

The score now is every Final Scoring step counted as if the game ended here. The promise is
what the medium policy and the hard search weigh on top: Credits and Income that can still buy
cards, room under the Card Limit, Workers at hand and claimed from the Reserve, steps on the two
tracks towards their odd-number rewards and 10, Achievements in reach, and the growth still to
come from Mascots, Entertainment Symbols and the Hotels and Entrepreneurs that pay over time;
each promise shrinks with the turns left. Everything here reads a (determinized) State.
"""

from __future__ import annotations

from typing import NamedTuple

from wish_tui.wishland.rules import economy, scoring
from wish_tui.wishland.rules.catalog import ACTOR, HOTEL, MASCOT, RESTAURANT, RIDE, TICKET
from wish_tui.wishland.rules.tables import CAT, ENTERTAINMENT, KIND, hotel_param

ROUNDS = CAT.rounds
TURNS = CAT.turns
GAME_TURNS = ROUNDS * TURNS
TOP = CAT.track_top
BONUS = CAT.entertainment_bonus
_H5_TABLE = hotel_param(5, "table")
_H11_TABLE = hotel_param(11, "table")


class Weights(NamedTuple):
    """The knobs of `position_value`; the defaults are the medium bot's judgement."""

    credit: float = 0.33
    """VP per Credit that can still be spent (Credits now and Income to come)."""
    spend: float = 3.0
    """Credits a seat can spend per turn left; money beyond that is worth little."""
    limit: float = 0.16
    """VP per free place under the Card Limit (at most two counted per colour)."""
    hand: float = 0.27
    """VP per Worker at hand (up to four): a Worker placed must be collected with a turn."""
    spare: float = 0.5
    """Share of `hand` for each Worker at hand beyond four (up to eight)."""
    worker: float = 2.4
    """VP per Worker claimed from the Reserve, over a whole game."""
    unlock: float = 1.5
    """VP for the extra-Workers ability (all six claimed), over a whole game."""
    step: float = 0.5
    """VP per Happiness step and per Visitor step (in Credits) before the rewards are reached."""
    achievement: float = 0.8
    """VP of an Achievement nearly in reach (scaled by the cube of the progress)."""
    entertain: float = 0.75
    """Share of the Entertainment Symbols' growth still to come that is counted."""
    mascot: float = 0.05
    """VP per Mascot symbol match expected per turn left."""
    early: float = 0.3
    """VP per Turn Order space further left (choosing early picks the cards first)."""
    free_draw: float = 0.6
    """Solo: VP per free draw left this round (a card more to choose from)."""


MEDIUM = Weights()


def turns_left(st, seat: int) -> int:
    """Turns `seat` still has, not counting one whose standard action is done."""
    phase = st.phase
    if phase == "turns":
        left = TURNS * (ROUNDS - st.round) + TURNS - st.turn
        pos = st.order.index(seat)
        if pos > st.idx or (pos == st.idx and st.stage == "start"):
            left += 1
        return left
    if phase in ("order", "income"):
        return TURNS * (ROUNDS - st.round + 1)
    if phase == "setup":
        return GAME_TURNS
    return 0


def incomes_left(st, seat: int) -> int:
    """Income Phases `seat` has still to receive."""
    phase = st.phase
    if phase == "setup":
        return ROUNDS
    if phase in ("final", "over"):
        return 0
    left = ROUNDS - st.round
    if phase == "order" or (phase == "income" and ("income", seat) in st.pending):
        left += 1
    return left


_CACHE: dict[int, list] = {}
"""id(Player) -> [the Player, score now, unique Actor Entertainment Symbols, Income, room under
the Card Limit, (Achievements, claims) last judged, progress towards them].

A State never changes a Player it has handed on (copy on write, `State.mut`), so what depends on
the pieces alone is computed once per Player object; the entry holds the object itself, so an
id reused by a new object is never mistaken for it. Memoizing pure functions changes no choice;
the cache stays small because every live object lengthens the garbage collector's pauses."""
_CACHE_SIZE = 1024


def _pieces(p) -> list:
    entry = _CACHE.get(id(p))
    if entry is None or entry[0] is not p:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        unique = len({ENTERTAINMENT[c] for c in p.park if KIND[c] == ACTOR})
        limit = p.counts[TICKET] + p.counts[RIDE]
        room = 0
        for kind in (RESTAURANT, ACTOR, HOTEL, MASCOT):
            free = 2 if economy.ignores_limit(p, kind) else limit - p.counts[kind]
            room += 2 if free > 2 else free
        now = sum(scoring.score_steps(p).values())
        entry = _CACHE[id(p)] = [p, now, unique, economy.income(p), room, None, 0.0]
    return entry


def score_now(p) -> int:
    """The seat's total if the game ended now (every Final Scoring step)."""
    return _pieces(p)[1]


def position_value(st, seat: int, w: Weights = MEDIUM) -> float:
    """The seat's score now plus what its pieces promise for the turns left, in VP."""
    p = st.players[seat]
    pieces = _pieces(p)
    total = float(pieces[1])
    left = turns_left(st, seat)
    if left <= 0:
        if p.hotels >> 8 & 1 and ("bonus", seat) in st.pending:
            # Hotel #8's purchase to come: a Ride pays about 0.7 VP a Credit.
            total += 0.7 * min(p.credits, 8)
        return total
    share = left / GAME_TURNS
    soon = left / 4 if left < 4 else 1.0
    income = pieces[3]

    # Money: Credits now and Income to come, as far as the turns left can spend them.
    money = p.credits + income * incomes_left(st, seat)
    cap = w.spend * left
    if money > cap:
        money = cap + 0.15 * (money - cap)
    total += w.credit * money

    # The Card Limit: free places for each limited colour (at most two counted).
    total += w.limit * pieces[4] * (0.4 + 0.6 * share)

    # Workers: those at hand save a collect; those claimed serve the rest of the game.
    hand = p.workers
    if hand > 4:
        hand = 4 + w.spare * (hand - 4 if hand < 8 else 4)
    total += w.hand * hand * soon
    total += w.worker * (6 - p.reserve) * share
    if not p.reserve:
        total += w.unlock * share

    # The tracks: a smooth value per step instead of the rewards at odd spaces, and the
    # approach to 10.
    h, v = p.happiness, p.visitors
    e4 = 2 if p.ent == 4 else 1
    e5 = 2 if p.ent == 5 else 1
    total += soon * w.step * e4 * (h - 2 * ((h + 1) // 2))
    total += soon * w.credit * e5 * (v - 2 * ((v + 1) // 2))
    if h < TOP and h >= 6:
        sets = sum(1 for n in p.counts if n >= 4)
        total += share * 2 * (h - 5) / 5 * (0.5 + sets) * e4
    if v < TOP and v >= 6:
        total += share * 2 * (v - 5) / 5 * (income // 5) * e5

    # Achievements in reach.
    key = (st.ach, tuple(st.claimed))
    if pieces[5] != key:
        pieces[5] = key
        pieces[6] = _achievements_in_reach(st, p)
    total += w.achievement * soon * pieces[6]

    # Growth still to come from Entertainment Symbols and Mascot matches.
    mascots = p.counts[MASCOT]
    if left > 8 or p.counts[ACTOR]:
        symbols = pieces[2] + p.has_hotel(9) + (mascots >= 5)
        later = symbols + left // 8
        if later >= len(BONUS):
            later = len(BONUS) - 1
        total += w.entertain * (BONUS[later] - BONUS[symbols])
    if mascots:
        total += w.mascot * mascots * left
    total += _card_promise(p, left, share)

    # Turn Order: a space further left chooses earlier in the round; in solo it leaves more
    # free draws.
    if seat in st.track:
        space = st.track.index(seat)
        if st.solo:
            total += w.free_draw * (4 - space)
        elif st.phase in ("order", "income"):
            total += w.early * (4 - space) * 0.5
    return total


def _achievements_in_reach(st, p) -> float:
    """Sum over unclaimed Achievements of the cube of the seat's progress towards each."""
    found = 0.0
    ach = CAT.achievements
    for i, aid in enumerate(st.ach):
        if st.claimed[i] < 0:
            found += _progress(ach[aid], p) ** 3
    if p.tile and not p.tile_claimed:
        found += _progress(ach[p.tile], p) ** 3
    return found


def _progress(a, p) -> float:
    """How far the seat is towards an Achievement, 0 to just below 1 (1 means met: claim it)."""
    test, n = a.test, a.n
    if test == "happiness":
        x = p.happiness / n
    elif test == "visitors":
        x = p.visitors / n
    elif test == "workers":
        x = (10 - p.reserve) / n
    elif test == "vp":
        x = p.vp / n
    elif test == "colour":
        x = p.counts[a.arg] / n
    elif test == "both_tracks":
        x = min(p.happiness, p.visitors) / n
    elif test == "either_track":
        x = max(p.happiness, p.visitors) / n
    elif test == "same_colour":
        x = max(p.counts) / n
    elif test == "each_colour":
        x = min(p.counts[:5]) / n
    elif test == "symbol_copies":
        x = max(p.symbols) / n
    elif test == "distinct_symbols":
        x = (12 - p.symbols.count(0)) / n
    elif test == "cards":
        x = (len(p.park) + p.counts[TICKET]) / n
    elif test == "income":
        x = economy.income(p) / n
    elif test == "credits":
        x = p.credits / n
    elif test == "expensive":
        x = sum(1 for c in p.park if scoring_cost(c) >= a.arg) / n
    else:
        return 0.0
    return x if x < 0.95 else 0.95


def scoring_cost(card: int) -> int:
    """The printed cost of a card."""
    return economy.cost_of(card)


def _card_promise(p, left: int, share: float) -> float:
    """What Hotels and Entrepreneurs with ongoing or growing rewards still promise."""
    value = 0.0
    hotels = p.hotels
    if hotels:
        buys = left * 0.45
        if hotels >> 5 & 1:
            t = p.counts[TICKET]
            value += 0.6 * (
                scoring.from_table(_H5_TABLE, t + int(left / 9)) - scoring.from_table(_H5_TABLE, t)
            )
        if hotels >> 8 & 1:
            value += 1.5
        if hotels >> 11 & 1:
            n = len(p.park)
            value += 0.7 * (
                scoring.from_table(_H11_TABLE, n + int(buys)) - scoring.from_table(_H11_TABLE, n)
            )
        for number, per_turn in HOTEL_PROMISE.items():
            if hotels >> number & 1:
                value += per_turn * left
        if hotels >> 17 & 1:
            value += 0.8 * share * 2
        if hotels >> 7 & 1:
            value += 0.5 * share * 2
    ent = p.ent
    if ent:
        value += ENT_PROMISE.get(ent, 0.0) * left
        if ent == 11:
            value += 0.03 * left
        elif ent == 10:
            value += 0.5 * share if 12 - p.symbols.count(0) >= 8 else 0.0
    return value


HOTEL_PROMISE = {
    13: 0.12,
    14: 0.03,
    15: 0.02,
    16: 0.06,
    18: 0.04,
    19: 0.06,
    20: 0.02,
    21: 0.05,
    22: 0.06,
}
"""VP per turn left that a Hotel's ongoing rewards bring, roughly (by Hotel number)."""
ENT_PROMISE = {1: 0.08, 2: 0.07, 3: 0.04, 6: 0.06, 7: 0.06, 8: 0.07, 10: 0.03, 12: 0.03}
"""VP per turn left that an Entrepreneur's ongoing rewards bring, roughly."""
