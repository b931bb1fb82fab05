"""The rules of Spirits of the Forest (with its Wishes and Hexes module) as a pure library.

No I/O, no clock, no globals of chance: the seeded generator's state lives in the State.

    state = new_game(["air", "water"], seed=7, modules=("wishes", "hexes"))
    state = new_game(["earth"], seed=3, solo="standard")     # solo: easy | standard | hard
    state.current_player      # the seat deciding now (None when the game is over)
    state.legal_actions()     # every legal action of that seat, in a deterministic order
    state.apply(action, seat=None)   # a NEW state; IllegalAction names the refusing rule
    str(action); parse_action(state, text)   # notation round-trips, case does not matter
    state.is_over; state.final_scores(); state.view(seat); state.why_illegal(action)
    state.public_view()       # what anyone at the table may see (= state.view(None))
    projected_scores(state, seat)    # the scoring if the game ended now, as seat (or None) knows
    state.to_dict(); State.from_dict(d)      # exact JSON-safe round trip, validated
    determinize(view, seed)   # a full State consistent with one seat's view (for bots)
    undo_target(history); why_no_undo(history)

Seats are the four elements (`SEATS`); seat indexes follow the order given to `new_game`, and play
goes round in that order from a first player drawn by the seed.

Notation (one decision each; rows 1-4 from the top, columns 1-12 from the left, places
``rROWcCOLUMN``):

=========================  ===================================================================
``take 2 left``            take the tile at the left (or ``right``) end of row 2
``stop``                   take no second tile after a one-symbol tile
``pass``                   no tile can be taken this turn
``gem r1c5``               put a gemstone from your supply on the tile at row 1, column 5
``move gem r1c5 r3c8``     with an empty supply: move one of your gemstones to a free tile
``skip``                   place no gemstone this turn
``give supply``            give up a gemstone from your supply for another seat's reserved
                           tile (``give r2c7``: the one of yours on that tile)
``plus``                   spend a "+" Favor token to take back a lost gemstone
``keep wish Morning Dew``  setup of the module: keep a Wish card (``keep hex Dry Spell``)
``favor moss``             choose the Favor token your Wish won (``favor plus`` for a "+")
=========================  ===================================================================

A turn: ``take`` a tile; after a one-symbol tile (not in the very first turn) ``take`` a second
of the same spirit or ``stop``; if the tile was another seat's reserved tile, ``give`` a gemstone
when there is a choice; then the gemstone step (``gem``/``move gem``/``skip``), asked only when a
gemstone can go somewhere. ``plus`` may be used in any of these steps.
"""

from __future__ import annotations

from wish_tui.core.state import undo_points, undo_target, why_no_undo
from wish_tui.spirits.data import load_raw

from . import setup
from .actions import Action, IllegalAction
from .catalog import (
    CATEGORIES,
    MODULES,
    POWERS,
    SEATS,
    SOLO_LEVELS,
    SPIRITS,
    Catalog,
    parse_catalog,
)
from .determinize import determinize
from .notation import parse_action
from .projection import projected_scores
from .state import State

CATALOG: Catalog = parse_catalog(load_raw())
"""The printed and designed facts of the game, from `wish_tui/spirits/data/`."""
State.DEFAULT_CATALOG = CATALOG

__all__ = [
    "CATALOG",
    "CATEGORIES",
    "MODULES",
    "POWERS",
    "SEATS",
    "SOLO_LEVELS",
    "SPIRITS",
    "Action",
    "Catalog",
    "IllegalAction",
    "State",
    "determinize",
    "new_game",
    "parse_action",
    "projected_scores",
    "undo_points",
    "undo_target",
    "why_no_undo",
]


def new_game(seats, seed: int = 0, modules=(), solo: str | None = None) -> State:
    """Set up a game for 1-4 seats in seat order (one seat and `solo` for the solo game).

    Args:
        seats: elements from SEATS, distinct.
        seed: any whole number; the same seed deals the same game.
        modules: names from MODULES ("wishes", "hexes"); not in a solo game.
        solo: a level from SOLO_LEVELS for a game of one seat.

    Raises:
        ValueError: one sentence on what makes the arguments not a game.
    """
    return setup.new_game(State, CATALOG, seats, seed, modules, solo)
