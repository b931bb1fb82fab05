"""What a session is told of a table: the ``table`` message, in the seat API's shapes.

The seats as this person sees them (who is connected, who is away, a bot playing for them), the
view of their seat (a spectator's: what anyone at the table may see), their choices, the log and
chat lines new since the session was last told, whose decision it is, the clock, and whether the
club keeps the game's end (``ended``: its final scoring as the club settled it).
"""

from __future__ import annotations

from collections.abc import Callable

from wish_tui.tables.seat import SPECTATOR

from .session import Session
from .table import Table


def table_message(table: Table, session: Session, connected: Callable[[str], bool], now: float):
    """The ``table`` message for `session` (it counts the log and chat lines it has been told).

    Args:
        connected: whether a person has a session at the server (on any node).
        now: the hub's clock, for the clock's time left.
    """
    seat = table.seat_of(session.person)
    pov = SPECTATOR if seat is None else seat
    lines, session.log_count = table.log_since(pov, session.log_count)
    chat, session.chat_count = table.chat_since(session.chat_count, session.muted)
    deciding = table.deciding()
    waiting = ""
    if deciding is not None and deciding != seat:
        waiting = table.seat_label(deciding)
    if seat is not None:
        table.seats[seat].seen = table.actions
    seats = table.seat_infos(session.person, connected)
    view = table.view_for(pov)
    ended = table.finished and table.result is not None
    if ended:  # the final scoring as the club settled it: every client reads this ranking
        view = {**view, "scores": table.result}
    return {
        "type": "table",
        "table": table.id,
        "game": table.spec.name,
        "owner": table.owner == session.person,
        "seat": seat,
        "seats": [info.to_json() for info in seats],
        "record": {
            "seats": table.record.seats,
            "solo": table.record.solo,
            "options": table.spec.options_to_json(table.record.options),
        },
        "kind": table.kind,
        "clock": table.clock.to_json(now),
        "actions": table.actions,
        "version": table.master.version,
        "view": view,
        "choices": table.choices_for(seat).to_json(),
        "deciding": deciding,
        "waiting_for": waiting,
        "log": lines,
        "chat": chat,
        "over": table.is_over,
        "ended": ended,
        "seed": table.record.seed if table.is_over or ended else None,
        "spectator_chat": table.spectator_chat,
        "muted": sorted(
            {s.person_name for s in table.seats if s.person and s.person in session.muted}
        ),
    }
