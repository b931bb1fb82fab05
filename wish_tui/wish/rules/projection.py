"""`projected_scores(state, seat)`: the End Game Scoring as it would read if the game ended now.

The same sheet as `final_scores` (``scoring.score_sheet``), counted on what `seat` may know: its
own Destiny counts, another seat's is secret until the end and is left out. With `seat` None it
is what anyone at the table may count. Each seat entry's ``unknown`` names what was left out
(``scoring.UNKNOWN``). Once the game is over every Destiny is shown, and the sheet is
`final_scores` itself.
"""

from __future__ import annotations

from . import scoring


def projected_scores(st, seat: int | None) -> dict:
    """The End Game Scoring if the game ended now, as `seat` (None: anyone) may count it.

    Raises:
        ValueError: `seat` is not a seat of this game, nor None.
    """
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(st.djinns)):
        raise ValueError(f"there is no seat {str(seat)[:20]} in this game")
    if st.phase == "over":
        return scoring.score_sheet(st, None)
    return scoring.score_sheet(st, frozenset() if seat is None else frozenset((seat,)))
