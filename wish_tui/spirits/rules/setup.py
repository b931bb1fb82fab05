"""Setting up a game (base game, "Setup"; "Solo"; the module's "Setup")."""

from __future__ import annotations

from wish_tui.core import rng as rngmod
from wish_tui.core.seat_names import check_seat_names

from . import flow
from .catalog import COLUMNS, MODULES, PLACES, ROWS, SEATS, SOLO_LEVELS

_SOLO_HINT = "give solo='standard' (or 'easy', 'hard')"


def check_arguments(seats, seed, modules, solo) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """Validate `new_game`'s arguments; return (seats, modules in MODULES order, solo level).

    Raises:
        ValueError: one sentence on what is wrong.
    """
    seats = _check_seats(seats)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("The seed must be a whole number.")
    if solo is None or solo == "":
        solo = ""
    elif not isinstance(solo, str) or solo not in SOLO_LEVELS:
        raise ValueError(f"{_quote(solo)} is not a solo level; choose {', '.join(SOLO_LEVELS)}.")
    modules = _check_modules(modules)
    if solo and len(seats) != 1:
        raise ValueError("A solo game has exactly one seat.")
    if not solo and len(seats) == 1:
        raise ValueError(f"A game with one seat is a solo game: {_SOLO_HINT}.")
    if solo and modules:
        raise ValueError("Wishes and Hexes are not played in a solo game: leave the modules out.")
    return seats, tuple(m for m in MODULES if m in modules), solo


def _check_seats(seats) -> tuple[str, ...]:
    if isinstance(seats, str) or not isinstance(seats, list | tuple):
        raise ValueError("Seats are a list of elements, e.g. ['air', 'water'].")
    seats = tuple(seats)
    if not 1 <= len(seats) <= 4:
        raise ValueError("Spirits of the Forest is played by 1 to 4 seats.")
    check_seat_names(seats, SEATS, "a seat", "element")
    return seats


def _check_modules(modules) -> tuple:
    if modules is None:
        return ()
    if isinstance(modules, str):
        modules = (modules,)
    elif not isinstance(modules, list | tuple | set | frozenset):
        raise ValueError("Modules are a list of module names, e.g. ('wishes', 'hexes').")
    for m in modules:
        if m not in MODULES:
            raise ValueError(f"{_quote(m)} is not a module; choose from {', '.join(MODULES)}.")
    if len(set(modules)) != len(tuple(modules)):
        raise ValueError("A module is named twice.")
    return tuple(modules)


def _quote(value) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def new_game(state_cls, catalog, seats, seed: int, modules, solo):
    """Set up a game: the forest, the Favor tokens, gemstones, the first player, the cards.

    Raises:
        ValueError: the arguments are not a game of Spirits of the Forest.
    """
    seats, modules, solo = check_arguments(seats, seed, modules, solo)
    n = len(seats)
    st = state_cls.made(catalog=catalog, seats=seats, solo=solo, modules=modules, seed=seed)
    rng = rngmod.seed_state(seed)

    forest = list(range(len(catalog.tiles)))
    rng = rngmod.shuffle(rng, forest)
    st.forest = forest
    st.gems = [-1] * PLACES
    st.marks = [-1] * PLACES
    st.lo = [0] * ROWS
    st.hi = [COLUMNS] * ROWS
    st.spent = ()
    st.opp_tiles = ()
    st.opp_tokens = ()
    st.tiles = [()] * n
    st.held = [()] * n
    st.lost = [0] * n
    if solo:
        level = catalog.solo_levels[solo]
        tokens = list(catalog.spirit_tokens)
        rng = rngmod.shuffle(rng, tokens)
        st.opp_tokens = tuple(tokens[: level.opponent_tokens])
        cut = level.opponent_tokens + level.player_tokens
        st.held = [tuple(tokens[level.opponent_tokens : cut])]
        unused = [t for t in range(len(catalog.tokens)) if t not in tokens[:cut]]
        st.aside = tuple(sorted(unused))
        st.supply = [0]
        first = 0
    else:
        tokens = list(range(len(catalog.tokens)))
        rng = rngmod.shuffle(rng, tokens)
        for place, token in zip(catalog.token_places, tokens, strict=False):
            st.marks[place] = token
        st.aside = tuple(sorted(tokens[len(catalog.token_places) :]))
        st.supply = [catalog.gems[n]] * n
        rng, first = rngmod.below(rng, n)

    st.first = first
    st.turn = first
    st.turn_no = 0
    st.step = "take"
    st.took = 0
    st.spirit = -1
    st.wish = [""] * n
    st.hex = [""] * n
    st.wish_options = [()] * n
    st.hex_options = [()] * n
    st.met = [False] * n
    st.bonus = [(0,) * 12] * n
    st.reward_token = [-1] * n
    st.pending = []
    box: list[str] = []
    order = [(first + k) % n for k in range(n)]
    for module, deck_names in (("wishes", catalog.wishes), ("hexes", catalog.hexes)):
        deck = list(deck_names)
        if module in modules:
            rng = rngmod.shuffle(rng, deck)
            dealt = st.wish_options if module == "wishes" else st.hex_options
            for seat in order:
                dealt[seat] = (deck.pop(), deck.pop())
        box.extend(deck)
    st.box = tuple(sorted(box))
    st.discards = ()
    for seat in order:
        if "wishes" in modules:
            st.pending.append(("wish", seat))
        if "hexes" in modules:
            st.pending.append(("hex", seat))
    st.phase = "setup" if st.pending else "play"
    st.rng = rng
    st._legal = None
    flow.advance(st)
    return st
