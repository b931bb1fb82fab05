"""`projected_scores(state, seat)`: the scoring as it would read if the game ended now.

The same sheet as `final_scores` (``scoring.score_sheet``), counted on what `seat` may know: its
own face-down Favor tokens count, another seat's do not (only how many it holds is known), and
during setup only the seat's own kept cards. With `seat` None it is what anyone at the table may
count. Each seat entry's ``unknown`` names what was left out (``scoring.UNKNOWN``). Once the game
is over every token is shown, and the sheet is `final_scores` itself.
"""

from __future__ import annotations

from . import scoring


def projected_scores(st, seat: int | None) -> dict:
    """The scoring if the game ended now, as `seat` (None: anyone at the table) may count it.

    Raises:
        ValueError: `seat` is not a seat of this game, nor None.
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(st.seats)):
        raise ValueError(f"There is no seat {str(seat)[:20]} in this game.")
    if st.phase == "over":
        return scoring.score_sheet(st, None)
    return scoring.score_sheet(st, frozenset() if seat is None else frozenset((seat,)))
