"""`projected_scores(state, seat)`: Final Scoring as it would read if the game ended now.

The same sheet as `final_scores` (``scoring.score_sheet``), counted on what `seat` may know:
before the reveal only its own kept Entrepreneur counts. With `seat` None it is what anyone at the
table may count. Each seat entry's ``unknown`` names what was left out (``scoring.UNKNOWN``: a
hidden Entrepreneur, Hotel #8's bonus card still to choose). Once the game is over, the sheet is
`final_scores` itself.
"""

from __future__ import annotations

from . import scoring


def projected_scores(st, seat: int | None) -> dict:
    """Final Scoring if the game ended now, as `seat` (None: anyone at the table) may count it.

    Raises:
        ValueError: `seat` is not a seat of this game, nor None.
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(st.seats)):
        raise ValueError(f"there is no seat {seat!r} in this game"[:60])
    if st.phase == "over":
        return scoring.score_sheet(st, None)
    return scoring.score_sheet(st, frozenset() if seat is None else frozenset((seat,)))
