"""The rules of Wishland as a pure library: no I/O, no clock, no globals of chance.

    state = new_game(["red", "blue"], seed=7, entrepreneurs=True, achievement_tiles=True)
    state = new_game(["green"], seed=3, solo=True)
    state.current_player, state.legal_actions(), state.apply(action, seat=None), state.view(seat)
    str(action) and parse_action(state, text) round-trip; state.to_dict() / State.from_dict()
    state.is_over, state.final_scores(), state.why_illegal(action)
    state.public_view() (= state.view(None)): what anyone at the table may see
    projected_scores(state, seat): Final Scoring if the game ended now, as seat (or None) knows
    determinize(view, seed); undo_target(history) / why_no_undo(history)

Seats are player colours (SEATS), 2-4 of them, or 1 with ``solo=True``, in clockwise order.

Notation (``KIND [ARG]``, read case-insensitively; cards by colour letter and number: ``Y`` Ride,
``R`` Restaurant, ``B`` Actor, ``G`` Hotel (``G8`` is Hotel #8), ``K`` Mascot):

    keep E5            setup: keep Entrepreneur #5 (the other one dealt is discarded)
    order 3            take Turn Order space 3 and its reward
    buy Y3             place Workers on the Ride row (1 + 1 per stack there) and buy Y3
    advertise          place Workers on the Advertisement Space: 1 Credit and a choice
    collect            take back all your Workers (the turn's action)
    collect paid       Hotel #16: pay 3 Credits to collect, as a free action
    claim A4 / T7      claim a board Achievement or a Tile (a free action)
    end                end the turn after the action
    gain happiness     a choice of 1 Happiness, 1 Visitor or 1 Worker (also visitor, worker)
    extra 2            pay with 2 extra Workers (once all six bonus Workers are claimed)
    pay vp / pass      Hotel #19: 2 more Credits for 1 VP, or not
    bonus K20 / pass   Hotel #8 in Final Scoring: buy and play K20, or not
    draw               solo: place a Worker and draw the top card of the Marketplace Deck
    move               solo free action: move the Player Token right and draw a card
    play B5            solo: play B5 from the hand (the rest of the hand is discarded)
"""

from __future__ import annotations

from wish_tui.core.state import undo_points, undo_target, why_no_undo

from . import flow
from .actions import Action, IllegalAction
from .catalog import CATEGORY_SYMBOLS, COLOURS, KINDS, RESOURCES, SEATS, Catalog
from .determinize import determinize
from .projection import projected_scores
from .scoring import STEPS
from .state import State
from .tables import CAT
from .views import card_info as _card_info

CATALOG: Catalog = CAT
"""Every printed and designed fact, from `wish_tui/wishland/data/`."""

__all__ = [
    "CATALOG",
    "CATEGORY_SYMBOLS",
    "COLOURS",
    "KINDS",
    "RESOURCES",
    "SEATS",
    "STEPS",
    "Action",
    "Catalog",
    "IllegalAction",
    "State",
    "determinize",
    "card_info",
    "new_game",
    "parse_action",
    "projected_scores",
    "undo_points",
    "undo_target",
    "why_no_undo",
]


def new_game(
    seats,
    seed: int = 0,
    entrepreneurs: bool = False,
    achievement_tiles: bool = False,
    solo: bool = False,
) -> State:
    """Set up a game for the player colours in `seats`, in clockwise order.

    Args:
        seats: 2-4 distinct colours of SEATS, or exactly 1 with ``solo=True``.
        seed: the seed of every shuffle and draw.
        entrepreneurs: deal two Entrepreneur Cards to each seat, who keeps one.
        achievement_tiles: draw 9 Achievement Tiles onto the board's Achievement spaces.
        solo: the solo mode (one seat).

    Raises:
        ValueError: the arguments are not a game of Wishland.
    """
    return flow.new_game(State, seats, seed, entrepreneurs, achievement_tiles, solo)


def parse_action(state: State, text: str) -> Action:
    """Read notation as an action that is legal now.

    Raises:
        IllegalAction: the text is not an action, or the action is not legal now; the message
        says why in one sentence.
    """
    wanted = IllegalAction.folded_notation(text, "buy Y3")
    for action in state.legal_actions():
        if str(action).lower() == wanted:
            return action
    action = Action.parse(text)
    raise IllegalAction(state.why_illegal(action) or f"'{action}' is not legal now.")


def card_info(card_id: str) -> dict:
    """What a card shows (id, name, kind, colour, cost, Category and Entertainment Symbols,
    reward text), as in views.

    Raises:
        ValueError: `card_id` is not a card.
    """
    card = CATALOG.by_id.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise ValueError(f"{str(card_id)[:20]!r} is not a card; cards are named like Y3 or G8.")
    return _card_info(card.index)
