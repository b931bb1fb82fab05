"""The table server: every table of `wish-tui serve`, the club it keeps, and the door the session
apps come through (`hub.py`, which says its messages).

    hub.py            the hub: the sessions' door, its table of handlers, the services it composes
    table.py          one game at the server: its master, its seats and who holds them, its chat
    table_requests.py the table requests: new tables, seats, actions, undo, chat, hints, the end
    clocks.py         a table's clock            presence.py  who is at which table, who is away
    nodes.py          this node of a club several share     copies.py  its copies of their tables

The club's requests are the club's own service (`wish_tui.club.service`), which the hub composes.
"""

from .hub import SOCKET, Hub, Session

__all__ = ["SOCKET", "Hub", "Session"]
