"""`parse_action`: notation back to a legal action, or one sentence on why it is refused."""

from __future__ import annotations

import re

from .actions import TAKE, Action, IllegalAction

_TAKE_PLACE = re.compile(r"^take r([1-4])c(1[0-2]|[1-9])$")


def parse_action(state, text: str) -> Action:
    """Read notation (any case, any spacing) as an action that is legal now.

    Besides the written notation, ``take 2 right`` is read as ``take 2 left`` when row 2 has one
    tile left, and ``take r2c5`` as the row end at that place.

    Raises:
        IllegalAction: the text is not an action, or the action is not legal now.
    """
    wanted = IllegalAction.folded_notation(text, "take 2 left")
    legal = state.legal_actions()
    for action in legal:
        if str(action).lower() == wanted:
            return action
    match = _TAKE_PLACE.match(wanted)
    if match and state.current_player is not None:
        row, col = int(match.group(1)) - 1, int(match.group(2)) - 1
        for end, at in ((0, state.lo[row]), (1, state.hi[row] - 1)):
            if state.lo[row] < state.hi[row] and col == at:
                action = TAKE[row][end]
                break
        else:
            raise IllegalAction(f"The tile at {wanted[5:]} is not at the end of its row.")
    else:
        action = Action.parse(text)
    single = action.kind == "take" and 0 <= action.a < 4
    if single and action.b == 1 and state.hi[action.a] - state.lo[action.a] == 1:
        action = TAKE[action.a][0]
    if action in legal:
        return action
    if action.kind in ("keep", "favor"):
        for candidate in legal:
            if candidate.kind == action.kind and str(candidate).lower() == str(action).lower():
                return candidate
    raise IllegalAction(state.why_illegal(action))
