"""The table server: every table of `wish-tui serve`, the club it keeps, and the door the session
apps come through (`hub.py`, which says its messages).

    hub.py            the hub: the sessions' door, its table of handlers, the services it composes
    session.py        one app process connected     lobby.py     the lobby's lists, and when
    table.py          one game at the server: its master, seats, chat, what each person is told
    seating.py        what people do with its seats: sit, play, undo, chat, resign, resume
    table_requests.py the requests at the tables      endings.py   each game's end, a rematch
    clocks.py         a table's clock    clock_keeper.py  the clocks run, timed out and kept
    table_bots.py     the bots' turns    presence.py      who is at which table, who is away
    nodes.py          this node of a club several share     copies.py  its copies of their tables

The club's requests are the club's own service (`wish_tui.club.service`), which the hub composes.
"""

from .hub import SOCKET, Hub, Session

__all__ = ["SOCKET", "Hub", "Session"]
