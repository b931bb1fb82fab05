"""Setup, rounds and turns: the order in which the game unfolds.

Phases: ``setup`` (Entrepreneur keeps), ``order`` (Choosing Turn Order), ``income``, ``turns``
(four turns a round), ``final`` (Final Scoring decisions: Hotel #8) and ``over``.
"""

from __future__ import annotations

from wish_tui.core import rng as rngmod
from wish_tui.core.pending import resolve_forced
from wish_tui.core.seat_names import check_seat_names

from . import decisions, effects, turn
from .catalog import DECK_SIZE, KINDS, SEATS
from .player import Player
from .tables import CAT

ROUNDS = CAT.rounds
TURNS = CAT.turns
COLUMNS = CAT.columns


def _check_arguments(seats, seed, entrepreneurs, achievement_tiles, solo) -> tuple[str, ...]:
    if isinstance(seats, str) or not isinstance(seats, list | tuple):
        raise ValueError("Give the seats as a list of player colours, e.g. ['red', 'blue'].")
    check_seat_names(seats, SEATS, "a player colour", "player colour")
    for name, value in (
        ("entrepreneurs", entrepreneurs),
        ("achievement_tiles", achievement_tiles),
        ("solo", solo),
    ):
        if not isinstance(value, bool):
            raise ValueError(f"The option '{name}' must be True or False.")
    if solo and len(seats) != 1:
        raise ValueError("A solo game has exactly one seat.")
    if not solo and not 2 <= len(seats) <= 4:
        if len(seats) == 1:
            raise ValueError("A game with one seat is a solo game: give solo=True.")
        raise ValueError("Wishland is played by 2 to 4 seats (or 1 with solo=True).")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("The seed must be a whole number.")
    return tuple(seats)


def new_game(state_cls, seats, seed, entrepreneurs, achievement_tiles, solo):
    """Set up a game (rulebook, "Setup", "Optional Cards and Tiles", "Solo Mode: Setup").

    Raises:
        ValueError: the arguments are not a game of Wishland.
    """
    seats = _check_arguments(seats, seed, entrepreneurs, achievement_tiles, solo)
    n = len(seats)
    st = state_cls.made(
        seats=seats, solo=solo, ent_opt=entrepreneurs, tiles_opt=achievement_tiles, seed=seed
    )
    rng = rngmod.seed_state(seed)
    first = 0
    if n > 1:
        rng, first = rngmod.below(rng, n)
    st.first = first
    market = [-1] * (len(KINDS) * COLUMNS)
    decks = []
    if solo:
        deck = list(range(len(KINDS) * DECK_SIZE))
        rng = rngmod.shuffle(rng, deck)
        decks = [(), (), (), (), tuple(deck)]
    else:
        for kind in range(len(KINDS)):
            deck = list(range(kind * DECK_SIZE, (kind + 1) * DECK_SIZE))
            rng = rngmod.shuffle(rng, deck)
            for col in range(COLUMNS):
                market[kind * COLUMNS + col] = deck.pop()
            decks.append(tuple(deck))
    st.market = market
    st.decks = tuple(decks)
    st.discards = ((),) * len(KINDS)
    st.stacks = [()] * (len(KINDS) + 1)
    st.tickets = CAT.tickets - n
    st.players = [Player.start(CAT.start_workers, CAT.reserve_workers, 1) for _ in seats]
    tiles = list(CAT.tiles)
    if achievement_tiles:
        rng = rngmod.shuffle(rng, tiles)
        drawn = tiles[:9]
        st.ach = tuple(
            CAT.board_achievements[i] if CAT.achievements[t].is_blank else t
            for i, t in enumerate(drawn)
        )
    else:
        st.ach = CAT.board_achievements
    st.tile_box = tuple(t for t in CAT.tiles if t not in st.ach)
    st.claimed = [-1] * 9
    clockwise = [(first + k) % n for k in range(n)]
    ents = list(range(1, 13))
    st.pending = []
    if entrepreneurs:
        rng = rngmod.shuffle(rng, ents)
        for seat in clockwise:
            st.players[seat].ent_options = (ents.pop(), ents.pop())
        st.pending = [("keep", seat) for seat in clockwise] + [("reveal", -1)]
    st.ent_box = tuple(sorted(ents))
    st.rng = rng
    st.round = 0
    st.turn = 0
    st.idx = 0
    st.track = [-1] * 5
    st.order = ()
    st.stage = "start"
    st.paid = False
    st.adv = False
    st._legal = None
    st._buf = ()
    st._owned = (1 << n) - 1
    if entrepreneurs:
        st.phase = "setup"
    else:
        _begin_round(st)
    advance(st)
    return st


def _reveal(st, step) -> None:
    """Entrepreneurs are revealed; #3 draws its private Achievement Tile; round 1 begins."""
    n = len(st.seats)
    for k in range(n):
        seat = (st.first + k) % n
        if st.players[seat].ent == 3:
            candidates = [t for t in st.tile_box if not CAT.achievements[t].is_blank]
            st.rng, i = rngmod.below(st.rng, len(candidates))
            tile = candidates[i]
            st.mut(seat).tile = tile
            st.tile_box = tuple(t for t in st.tile_box if t != tile)
    _begin_round(st)


def _begin_round(st) -> None:
    st.round += 1
    st.phase = "order"
    st.idx = 0
    st.turn = 0
    st.track = [-1] * 5
    st.order = ()
    st.stage = "start"


def _start_turns(st, step) -> None:
    st.phase = "turns"
    st.turn = 1
    st.idx = 0
    st.stage = "start"


def _end_turn(st) -> None:
    seat = st.order[st.idx]
    if st.adv and st.players[seat].hotels >> 13 & 1:
        effects.collect(st, seat)
    st.stage = "start"
    st.paid = False
    st.adv = False
    st.idx += 1
    if st.idx == len(st.order):
        st.idx = 0
        st.turn += 1
        if st.turn > TURNS:
            _end_round(st)


def _end_round(st) -> None:
    """Ending a Round: discard the Marketplace, reshuffle after round 6, refill, pass the token."""
    if st.round >= ROUNDS:
        st.phase = "final"
        st.turn = 0
        st.idx = 0
        st.stage = "start"
        owners = [s for s in st.order if st.players[s].hotels >> 8 & 1]
        st.push(*(("bonus", s) for s in owners), ("over", -1))
        return
    market = st.market
    if not st.solo:
        discards = list(st.discards)
        for row in range(len(KINDS)):
            left = tuple(c for c in market[row * COLUMNS : (row + 1) * COLUMNS] if c >= 0)
            discards[row] += left
        st.discards = tuple(discards)
        market[:] = [-1] * len(market)
    if st.round == CAT.reshuffle_after:
        decks = list(st.decks)
        for row in range(len(KINDS)):
            cards = list(decks[row] + st.discards[row])
            st.rng = rngmod.shuffle(st.rng, cards)
            decks[row] = tuple(cards)
        st.decks = tuple(decks)
        st.discards = ((),) * len(KINDS)
    if not st.solo:
        decks = list(st.decks)
        for row in range(len(KINDS)):
            deck = decks[row]
            take = min(COLUMNS, len(deck))
            for col in range(take):
                market[row * COLUMNS + col] = deck[-1 - col]
            decks[row] = deck[: len(deck) - take]
        st.decks = tuple(decks)
    st.first = (st.first + 1) % len(st.seats)
    _begin_round(st)


def _over(st, step) -> None:
    st.phase = "over"


def _acted(st, step) -> None:
    """The standard action and all it brought about are resolved: with no free action left, the
    turn ends at once; else it waits for `end` (see `turn`)."""
    if turn.ends_after_action(st):
        st.stage = "done"


AUTO = {
    "reveal": _reveal,
    "play": lambda st, step: effects.play(st, step[1], step[2]),
    "income": lambda st, step: effects.income(st, step[1]),
    "turns": _start_turns,
    "over": _over,
    "acted": _acted,
}
"""Steps that resolve by themselves when they reach the front of the queue."""


def advance(st) -> None:
    """Resolve automatic steps and forced choices until a seat has a real decision to make."""
    while not resolve_forced(st, AUTO, decisions):
        if st.phase != "turns":
            return
        if st.stage == "done":
            _end_turn(st)
            st.flush()
            continue
        return
