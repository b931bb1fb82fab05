"""The rules of Wish as a pure library: no I/O, no clock, no globals of chance.

state = new_game(["air", "water"], seed=7)
state.current_player, state.legal_actions(), state.apply(action), state.view(seat)
state.public_view() (= state.view(None)): what anyone at the table may see
projected_scores(state, seat): the End Game Scoring if the game ended now, as seat (or None) knows
str(action) and parse_action(state, text) round-trip; state.to_dict() / State.from_dict().
"""

from __future__ import annotations

from wish_tui.core.excerpt import excerpt
from wish_tui.core.state import undo_points, undo_target, why_no_undo  # noqa: F401  (what may be undone now)
from wish_tui.wish.data import load_raw

from . import flow
from .actions import MAX_NOTATION, Action, IllegalAction
from .catalog import COLOURS, DJINNS, GEMS, LETTERS, SOLO_LEVELS, Catalog, parse_catalog
from .determinize import determinize  # noqa: F401  (a full State consistent with one view)
from .projection import projected_scores
from .state import State
from .why_not_now import why_not_now  # noqa: F401  (why no action of a group is legal now)

CATALOG: Catalog = parse_catalog(load_raw())
"""The printed facts of the game, from `wish_tui/wish/data/`."""
State.DEFAULT_CATALOG = CATALOG
SEATS = DJINNS
"""The names a seat may take: Wish's seats are its four Djinns."""

__all__ = [
    "CATALOG",
    "COLOURS",
    "DJINNS",
    "GEMS",
    "LETTERS",
    "SEATS",
    "SOLO_LEVELS",
    "Action",
    "Catalog",
    "IllegalAction",
    "State",
    "new_game",
    "parse_action",
    "projected_scores",
]


def new_game(djinns, seed: int = 0, solo: str | None = None) -> State:
    """Set up a game for 1-4 Djinns in seat order (one Djinn and `solo` for the solo mode).

    Raises:
        ValueError: the seats or the solo level are not a game of Wish.
    """
    return flow.new_game(State, CATALOG, djinns, seed, solo or "")


def parse_action(state: State, text: str) -> Action:
    """Read notation as an action that is legal now.

    The column may be left out (``travel Dock``) when only one column allows the action.

    Raises:
        IllegalAction: the text is not an action, or the action is not legal now.
    """
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise IllegalAction(f"{excerpt(text)} is not an action; type e.g. 'travel Dock #3'.")
    wanted = " ".join(text.split()).lower()
    legal = state.legal_actions()
    for action in legal:
        if str(action).lower() == wanted:
            return action
    if "#" not in wanted:
        matches = [a for a in legal if a.col and str(a).lower().rsplit(" #", 1)[0] == wanted]
        if len(matches) == 1:
            return matches[0]
        if matches:
            columns = " or ".join(f"#{a.col}" for a in matches)
            raise IllegalAction(f"{excerpt(text)} can go on more than one column: add {columns}.")
    words = " ".join(text.split()).split(" ")
    verbs = 2 if words[0].lower() == "potion" else 1
    typed = " ".join([*(w.lower() for w in words[:verbs]), *words[verbs:]])
    action = _named_as_printed(state.catalog, Action.parse(typed))
    if str(action).lower() != wanted:  # 'fulfil true love' for 'fulfill True Love'
        return parse_action(state, str(action))
    reason = state.why_illegal(action)
    if not reason:
        return action
    raise IllegalAction(reason)


KIND_SPELLINGS = {"fulfil": "fulfill"}
"""Other spellings of an action's verb, read as the notation writes it."""


def _named_as_printed(catalog, action: Action) -> Action:
    """`action` with its verb, its Area and its Wish as the notation spells them, whatever the
    case typed ('travel palace' is 'travel Palace')."""
    names = {name.lower(): name for name in (*catalog.area_index, *catalog.wishes)}
    return action._replace(
        kind=KIND_SPELLINGS.get(action.kind, action.kind),
        arg=names.get(action.arg.lower(), action.arg),
        arg2=names.get(action.arg2.lower(), action.arg2),
        at=names.get(action.at.lower(), action.at),
    )
