"""Setup, rounds and turns: the order in which the game unfolds."""

from __future__ import annotations

from wish_tui.core import rng as rngmod
from wish_tui.core.pending import resolve_forced
from wish_tui.core.seat_names import check_seat_names

from . import decisions, effects
from .catalog import DJINNS, SOLO_LEVELS
from .player import ALL_SEATS, Player


def _check_setup(djinns: tuple, seed, solo: str) -> None:
    """Refuse seats, a seed or a solo level that are no game of Wish (one sentence)."""
    if not 1 <= len(djinns) <= 4:
        raise ValueError("Wish is played by 1 to 4 Djinns.")
    check_seat_names(djinns, DJINNS, "a Djinn", "Djinn")
    if solo and solo not in SOLO_LEVELS:
        raise ValueError(f"'{solo}' is not a solo difficulty; choose easy, medium or hard.")
    if solo and len(djinns) != 1:
        raise ValueError("A solo game has exactly one Djinn.")
    if not solo and len(djinns) == 1:
        raise ValueError(
            "A game with one Djinn is a solo game: give solo='easy', 'medium' or 'hard'."
        )
    if not isinstance(seed, int):
        raise ValueError("The seed must be a whole number.")


def new_game(state_cls, catalog, djinns, seed: int, solo: str = ""):
    """Set up a game (rulebook, "Setup" steps 1-16; "Solo Mode" for one seat).

    Raises:
        ValueError: the seats or the solo level are not a game of Wish.
    """
    djinns = tuple(djinns)
    solo = solo or ""
    _check_setup(djinns, seed, solo)

    st = state_cls.made(catalog=catalog, djinns=djinns, solo=solo, seed=seed, phase="setup")
    st.round = 0
    st.turn_done = st.final_round = False
    st._buf = ()
    st._shared = 0
    st._own_seats = ALL_SEATS
    st._supply = None
    rng = rngmod.seed_state(seed)
    n = len(djinns)
    rng, first = rngmod.below(rng, n)
    st.order = tuple((first + k) % n for k in range(n))
    st.turn_idx = 0
    st.players = [Player.start(d, catalog.starts[d]) for d in djinns]
    st.area_meeples = [0] * 72
    for area in catalog.areas:
        st.area_meeples[area.index * 6 + area.people] = area.meeples
    st.monuments = [None] * 12
    deck = list(catalog.wishes)
    st.challenge_deck = []
    st.challenge_card = ""
    st.solo_hatred = False
    if solo:
        challenge = set(catalog.challenge)
        deck = [w for w in deck if w not in challenge]
        st.challenge_deck = list(catalog.challenge)
        rng = rngmod.shuffle(rng, st.challenge_deck)
    rng = rngmod.shuffle(rng, deck)
    st.deck = deck
    st.discard = []
    st.offer = [deck.pop() for _ in range(3)]
    st.frost = []
    st.caravan_deck = list(range(len(catalog.caravan_cards)))
    rng = rngmod.shuffle(rng, st.caravan_deck)
    st.caravan_pos = 0
    st.caravan_card = -1
    st.wind = []
    st.clones = []
    st.clones_discarded = 0
    for seat in st.order:
        st.players[seat].hand = [deck.pop() for _ in range(4)]
    pending: list[tuple] = []
    if solo:
        (seat,) = st.order
        options = list(catalog.solo_destinies[solo])
        if len(options) == 1:
            st.players[seat].destiny = options[0]
        else:
            st.players[seat].destiny_options = options
            pending.append(("destiny", seat))
    else:
        destinies = list(catalog.destinies)
        rng = rngmod.shuffle(rng, destinies)
        for seat in st.order:
            st.players[seat].destiny_options = [destinies.pop(), destinies.pop()]
            pending.append(("destiny", seat))
    pending.extend(("setup_discard", s) for s in st.order if djinns[s] != "water")
    pending.append(("begin", -1))
    st.pending = pending
    st.rng = rng
    advance(st)
    return st


def advance(st) -> None:
    """Resolve automatic steps and forced choices until a seat has a real decision to make."""
    while not (st.pending and resolve_forced(st, AUTO, decisions)):
        if not (st.phase == "play" and st.turn_done):
            return
        _next_turn(st)
        if st._buf:
            st.flush()


def begin_play(st) -> None:
    """End of setup: the first round begins."""
    st.phase = "play"
    _start_round(st)


def _start_round(st) -> None:
    st.round += 1
    st.turn_idx = 0
    if st.caravan_deck:
        st.caravan_card = st.own("caravan_deck").pop()
        move = st.catalog.caravan_cards[st.caravan_card].move
        st.caravan_pos = min(st.caravan_pos + move, len(st.catalog.route) - 1)
    if st.caravan_pos == len(st.catalog.route) - 1 or not st.caravan_deck:
        # The Caravan reached the Dock, or its deck is spent: this round is the last.
        st.final_round = True
    _start_turn(st)


NO_MARKERS = ["", "", "", ""]
"""A seat's markers at the start of its turn (compared with, never changed)."""


def _start_turn(st) -> None:
    seat = st.order[st.turn_idx]
    p = st.players[seat]
    if p.markers != NO_MARKERS or p.potion_used or p.trickery_used:
        p = st.pieces(seat)
        p.markers = ["", "", "", ""]
        p.potion_used = ""
        p.trickery_used = False
    if st.solo:
        if st.challenge_deck:
            st.challenge_card = st.own("challenge_deck").pop()
            effects.challenge(st, seat, st.challenge_card)
        else:
            st.challenge_card = ""
    if p.djinn == "air" and p.area in st.wind:
        st.push(("wind", seat, [p.area]))


def _next_turn(st) -> None:
    st.turn_done = False
    if st.turn_idx + 1 < len(st.order):
        st.turn_idx += 1
        _start_turn(st)
        return
    if st.final_round:
        st.phase = "over"
        return
    if st.solo:
        _slide_offer(st)
    _start_round(st)


def _slide_offer(st) -> None:
    """Solo: discard the rightmost Offer card, slide the others right, reveal a new one."""
    if st.offer[2]:
        card = effects.leave_offer(st, 2, None)
        st.own("discard").append(card)
    offer = st.own("offer")
    offer[2] = offer[1]
    offer[1] = offer[0]
    effects.refill(st, 0)


AUTO = {
    "begin": lambda st, step: begin_play(st),
    "instant": lambda st, step: effects.instant(st, step[1], step[2]),
    "after_fulfil": lambda st, step: effects.after_fulfil(st, step[1], step[2], step[3]),
    "after_manifest": lambda st, step: effects.after_manifest(st, step[1]),
}
"""Steps that resolve by themselves when they reach the front of the queue."""
